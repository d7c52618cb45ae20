"""Record files at the command line: what cannot be read, trusted or replayed is one line, exit 2.

The first tests run ``python -m serenissima`` in a subprocess, as a person
would, to see the whole output: a message on standard error, no traceback.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from serenissima.agents import RandomAgent
from serenissima.cli import main
from serenissima.engine.registry import load_ruleset
from serenissima.records.game import Game
from serenissima.records.limits import MAX_RECORD_BYTES
from serenissima.records.record import GameRecord
from serenissima.records.replay import replay

ROOT = Path(__file__).resolve().parent.parent
LAGOON = ROOT / "examples" / "custom_board"
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01"


def _cli(*argv: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
    return subprocess.run(
        [sys.executable, "-m", "serenissima", *argv],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def _record(edition: str = "modern", decisions: int = 12, rules_folder: str = "") -> GameRecord:
    rules = load_ruleset(rules_folder or edition)
    game = Game(rules, 3, seed=4)
    agent = RandomAgent(4)
    for _ in range(decisions):
        game.advance()
        game.play(agent.act(rules, game.state))
    return game.record(agents=["random"] * 3)


def _one_error_line(done: subprocess.CompletedProcess[str], message: str) -> None:
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("serenissima: error: ")
    assert message in done.stderr


@pytest.mark.parametrize("command", [["replay"], ["play", "--load"]])
def test_a_binary_file_is_one_line_of_error(tmp_path: Path, command: list[str]) -> None:
    (tmp_path / "picture.png").write_bytes(PNG)
    done = _cli(*command, "picture.png", cwd=tmp_path)
    _one_error_line(done, "a game record is UTF-8 text, but byte 0x89 at offset 0 is not UTF-8")


def test_a_record_edited_by_hand_is_refused_at_the_action_where_it_parts(tmp_path: Path) -> None:
    record = _record()
    index = next(i for i, text in enumerate(record.actions) if text.startswith("galley "))
    rules = load_ruleset("modern")
    before = replay(record, rules, upto=index)
    other = next(str(a) for a in rules.legal_actions(before) if str(a) != record.actions[index])
    actions = list(record.actions)
    actions[index] = other
    path = tmp_path / "edited.json"
    path.write_text(GameRecord.from_data(record.to_data() | {"actions": actions}).to_json())
    assert _cli("replay", str(path), cwd=tmp_path).returncode == 2
    done = _cli("replay", "edited.json", cwd=tmp_path)
    _one_error_line(done, f"the replay parts from the record at action {index + 1}, {other!r}")
    done = _cli("play", "--load", "edited.json", cwd=tmp_path)
    _one_error_line(done, f"at action {index + 1}, {other!r}")
    (tmp_path / "fine.json").write_text(record.to_json())
    assert _cli("replay", "fine.json", "--quiet", cwd=tmp_path).returncode == 0


def test_a_folder_ruleset_needs_the_flag(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(LAGOON, tmp_path / "modern-lagoon")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "lagoon.json").write_text(_record(rules_folder="modern-lagoon").to_json())
    done = _cli("replay", "lagoon.json", cwd=tmp_path)
    _one_error_line(done, "'modern-lagoon' is not an installed ruleset (classic, modern)")
    assert "--allow-folder" in done.stderr
    done = _cli("replay", "lagoon.json", "--allow-folder", "--quiet", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Standings so far" in done.stdout
    done = _cli("play", "--load", "lagoon.json", "--seats", "random,random,random", cwd=tmp_path)
    _one_error_line(done, "--allow-folder")
    argv = ("play", "--load", "lagoon.json", "--allow-folder", "--seats", "random,random,random")
    done = _cli(*argv, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Final standings:" in done.stdout
    # a record naming a path outside is refused, with the flag or without
    (tmp_path / "etc.json").write_text(
        GameRecord("../../etc", "1.0", 2, actions=["first 1"]).to_json()
    )
    _one_error_line(_cli("replay", "etc.json", cwd=tmp_path), "'../../etc' is not an installed")
    done = _cli("replay", "etc.json", "--allow-folder", cwd=tmp_path)
    _one_error_line(done, "ruleset: cannot load '../../etc'")


def test_allow_folder_without_load_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "modern", "--allow-folder"]) == 2
    assert "--allow-folder applies to a game loaded with --load" in capsys.readouterr().err


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert out == ""
    return status, err


@pytest.mark.parametrize("command", [["replay"], ["play", "--load"]])
def test_files_that_cannot_be_read(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    command: list[str],
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    cases = {
        "missing.json": "cannot read {}: No such file or directory",
        "folder": "cannot read {}: it is a folder, not a game record file",
        "deep.json": "nests objects and lists at most 3 deep",
        "big.json": "a game record is at most 16777216 bytes (16 MiB)",
        "nul.json": "holds NUL characters",
    }
    (tmp_path / "folder").mkdir()
    (tmp_path / "deep.json").write_text("[" * 200_000)
    (tmp_path / "big.json").write_bytes(b" " * (MAX_RECORD_BYTES + 10))
    (tmp_path / "nul.json").write_bytes(b"\x00" * 100)
    for name, message in cases.items():
        path = str(tmp_path / name)
        status, err = _run(capsys, *command, path)
        assert status == 2
        assert message.format(path) in err


def test_a_file_that_cannot_be_opened(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # a path through a file: the system refuses to open it, whoever asks (root too)
    blocker = tmp_path / "game.json"
    blocker.write_text(_record().to_json())
    path = blocker / "inside.json"
    status, err = _run(capsys, "replay", str(path))
    assert status == 2
    assert f"cannot read {path}: Not a directory" in err


def test_a_format_1_record_with_its_seats_in_metadata_is_continued(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    data = _record(decisions=4).to_data()
    for name in ("seed", "agents", "digests", "final_digest"):
        del data[name]
    data |= {"format": 1, "metadata": {"seats": "random,greedy,random", "event": "club"}}
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data, indent=2))
    assert GameRecord.from_json(old.read_text()).format == 1
    new = tmp_path / "new.json"
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["replay", str(old), "--quiet"]) == 0
    status = main(["play", "--load", str(old), "--seed", "2", "--save", str(new)])
    out = capsys.readouterr().out
    assert status == 0
    assert "seat 1 (greedy)" in out
    saved = GameRecord.from_json(new.read_text())
    assert saved.format == 2
    assert saved.agents == ("random", "greedy", "random")
    assert saved.metadata == {"event": "club"}
    assert saved.seed is None  # the first actions were not drawn with seed 2
    assert saved.digests is not None
    assert len(saved.digests) == len(saved.actions)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "modern", "--load", "game\x00.json"], "cannot read game"),
        (["replay", "game\x00.json"], "cannot read game"),
        (
            ["simulate", "--ruleset", "modern", "--games", "1", "--out", "x\x00.json"],
            "cannot write x",
        ),
        (["rules", "board", "modern", "--svg", "b\x00.svg"], "cannot write b"),
    ],
)
def test_a_nul_in_a_file_name_is_one_line_of_error(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1
