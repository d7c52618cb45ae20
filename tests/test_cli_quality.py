"""``serenissima compare --report``: the quality report from the command line, and its errors."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import pytest

import toy
from serenissima.analysis.quality.compare import QualityComparison
from serenissima.cli import main


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    module = toy.fake_registry(toy.make_rules(), toy.make_rules(version="2.1", ruleset_id="pond"))
    monkeypatch.setitem(sys.modules, "serenissima.engine.registry", module)
    toy.play_here(monkeypatch)  # the stand-in's rulesets exist in this process only
    return module


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_report_is_written_and_its_findings_printed(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "quality"
    status, out, err = _run(
        capsys, "compare", "toy", "pond", "--games", "4", "--players", "3", "--report", str(folder)
    )
    assert status == 0
    assert sorted(p.name for p in folder.iterdir()) == [
        "balance.svg",
        "choices.svg",
        "outcomes.svg",
        "play.svg",
        "report.html",
        "report.md",
    ]
    assert f"wrote {folder / 'report.md'}" in err
    # by default the strongest honest bot: the toys ship no learned evaluation, so the
    # search with each one's heuristic, against greedy seats for the skill gradient
    assert "Game quality: 4 games of each edition, 3 players, every seat ismcts:100, seed 1" in out
    assert "- Leader at 50% wins. The seat leading at half time wins" in out
    assert "Stronger agent's wins. Not measured" not in out
    markdown = (folder / "report.md").read_text(encoding="utf-8")
    assert "--seed 1 --agents ismcts:100 --versus greedy --report report" in markdown
    assert "reconstructed" not in markdown  # the toy's board is all stated


def test_the_report_goes_under_quality_in_json(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["compare", "toy", "pond", "--games", "3", "--json", "--report", str(tmp_path)]
    status, out, _ = _run(capsys, *argv, "--agents", "greedy", "--seed", "5")
    assert status == 0
    data = json.loads(out)
    assert "simulation" not in data
    quality = QualityComparison.from_dict(data["quality"])
    assert (quality.agents, quality.versus, quality.seed, quality.games) == (
        "greedy",
        "random",
        5,
        3,
    )
    assert quality["skill"].left is not None


def test_agents_alone_seats_one_kind_in_the_plain_comparison(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = _run(capsys, "compare", "toy", "pond", "--games", "2", "--agents", "greedy")
    assert status == 0
    assert "greedy" in out


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--report", "{dir}"], "go with --games"),
        (["--agents", "greedy"], "go with --games"),
        (["--games", "2", "--versus", "greedy"], "--versus goes with --report"),
        (["--games", "2", "--agents", "greedy", "--seats", "greedy"], "not both"),
        (["--games", "2", "--seats", "greedy", "--report", "{dir}"], "give --agents"),
        (["--games", "2", "--agents", "genius", "--report", "{dir}"], "unknown agent 'genius'"),
        (
            ["--games", "2", "--agents", "ismcts-learned:5", "--report", "{dir}"],
            "the 'toy' ruleset ships no learned evaluation for 4 seats",
        ),
        (["--games", "2", "--versus", "genius", "--report", "{dir}"], "unknown agent 'genius'"),
        (["--games", "2", "--players", "9", "--report", "{dir}"], "option 'players'"),
        (["--games", "2", "--option", "wind=east", "--report", "{dir}"], "option 'wind'"),
        (["--games", "2", "--report", "{file}"], "it is a file"),
        (["--games", "2", "--report", "{file}/below"], "cannot write a report into"),
    ],
)
def test_bad_arguments_fail_in_one_line_before_any_game(
    registry: types.ModuleType,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    extra: list[str],
    message: str,
) -> None:
    file = tmp_path / "file"
    file.write_text("", encoding="utf-8")
    folder = tmp_path / "new"
    argv = [a.format(dir=folder, file=file) for a in extra]
    status, out, err = _run(capsys, "compare", "toy", "pond", *argv)
    assert status == 2
    assert out == ""
    assert message in err
    assert err.count("\n") == 1  # one line, and no progress: no game was played
    assert not folder.exists()  # nothing made for a report that will not be written


def test_the_report_plays_in_worker_processes_as_in_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    found = []
    for jobs in ("1", "2"):
        argv = ["compare", "classic", "modern", "--games", "2", "--players", "2"]
        argv += ["--agents", "random", "--report", str(tmp_path / jobs), "--jobs", jobs, "--json"]
        status, out, _ = _run(capsys, *argv)
        assert status == 0
        found.append(json.loads(out)["quality"])
    assert found[0] == found[1]


def test_a_report_keeps_its_games_in_a_journal_and_resumes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    journal = tmp_path / "j.jsonl"
    base = ["compare", "classic", "modern", "--players", "2", "--agents", "random", "--json"]
    kept = ["--journal", str(journal)]
    found = []
    for games, folder in (("2", "a"), ("3", "b")):  # the second run plays one game more of each
        argv = [*base, "--games", games, "--report", str(tmp_path / folder)]
        status, out, err = _run(capsys, *argv, *kept)
        assert status == 0, err
        found.append(json.loads(out)["quality"])
    lines = journal.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 + 2 * 3  # the header, then each edition's three games once
    assert json.loads(lines[0])["run"] == "quality"
    status, out, _ = _run(capsys, *base, "--games", "3", "--report", str(tmp_path / "c"))
    assert json.loads(out)["quality"] == found[1]  # the same as without a journal
    # a journal of another comparison is refused before any game, and left as it was
    other = [*base, "--games", "3", "--seed", "2", "--report", str(tmp_path / "d"), *kept]
    status, _, err = _run(capsys, *other)
    assert status == 2
    assert "seed 1 there, 2 in this run" in err
    assert journal.read_text(encoding="utf-8").splitlines() == lines
