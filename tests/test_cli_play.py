"""``serenissima play``: scripted sessions fed through standard input."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from serenissima.cli import main
from serenissima.engine.registry import load_ruleset
from serenissima.records.record import GameRecord
from serenissima.records.replay import replay


def _play(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    stdin: str,
    *argv: str,
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(["play", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def _final_board(out: str, edition: str) -> str:
    """The last drawing of the whole board, up to the standings."""
    start = out.rindex(f"Serenissima ({edition}) - ")
    return out[start : out.index("Final standings:", start)].strip()


def _prompts(out: str) -> list[str]:
    return re.findall(r"^seat \d> (.*)$", out, flags=re.MULTILINE)


def test_help_lists_options_and_input_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["play", "--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    for word in ("--players", "--seats", "--seed", "--option", "--dice", "--load", "--save"):
        assert word in out
    for command in ("actions", "board", "undo", "save FILE", "quit", "help"):
        assert command in out


@pytest.mark.parametrize("edition", ["modern", "classic"])
def test_a_game_of_bots_finishes_and_its_record_replays_to_the_same_end(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    edition: str,
) -> None:
    saved = tmp_path / "game.json"
    argv = [edition, "--seats", "random,random,random", "--seed", "4", "--save", str(saved)]
    status, out, _ = _play(capsys, monkeypatch, "", *argv)
    assert status == 0
    assert "Final standings:" in out
    assert re.search(r"^seat \d \(random\): ", out, flags=re.MULTILINE)
    record = GameRecord.from_json(saved.read_text())
    assert record.result is not None
    assert record.agents == ("random", "random", "random")
    assert record.seed == 4
    assert record.digests is not None
    assert len(record.digests) == len(record.actions)
    rules = load_ruleset(edition)
    final = replay(record, rules)
    assert _final_board(out, edition) == rules.render(final)
    assert main(["replay", str(saved), "--quiet"]) == 0
    replayed = capsys.readouterr().out
    assert _final_board(replayed, edition) == _final_board(out, edition)


def test_bad_input_is_refused_with_the_reason_and_changes_nothing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    before, after = tmp_path / "before.json", tmp_path / "after.json"
    script = f"save {before}\nbogus words\nmove nowhere\n999\n¹\n\uff11\n\nsave {after}\nquit\n"
    status, out, _ = _play(capsys, monkeypatch, script, "modern", "--players", "3", "--seed", "5")
    assert status == 0
    assert "Not played: cannot read action 'bogus words'" in out
    assert re.search(r"Not played: M-SETUP-\d+: 'move nowhere' is not possible now", out)
    assert "No action has number 999" in out
    assert "Not played: numbers are written in ASCII digits 0-9, got '¹'" in out
    assert "Not played: numbers are written in ASCII digits 0-9, got '\uff11'" in out
    assert "Leaving the game." in out
    assert before.read_text() == after.read_text()


def test_a_number_plays_the_listed_action(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    argv = ["classic", "--players", "2", "--seed", "2", "--save", str(saved)]
    status, out, _ = _play(capsys, monkeypatch, "3\nquit\n", *argv)
    assert status == 0
    listed = re.search(r"\[3\] (.+?)(  \[|$)", out, flags=re.MULTILINE)
    assert listed is not None
    assert f"seat 0 (human): {listed.group(1)}" in out
    assert listed.group(1) in GameRecord.from_json(saved.read_text()).actions


def test_undo_goes_back_to_the_persons_previous_decision(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    first, undone = tmp_path / "first.json", tmp_path / "undone.json"
    argv = ["modern", "--players", "3", "--seed", "5"]
    _play(capsys, monkeypatch, f"save {first}\nquit\n", *argv)
    script = f"undo\n1\n1\nundo\nsave {undone}\nquit\n"
    status, out, _ = _play(capsys, monkeypatch, script, *argv)
    assert status == 0
    assert "Nothing to undo" in out
    assert "Undone 1 action(s)" in out
    assert GameRecord.from_json(undone.read_text()).actions == (
        *GameRecord.from_json(first.read_text()).actions,
        GameRecord.from_json(undone.read_text()).actions[-1],
    )
    assert (
        len(GameRecord.from_json(undone.read_text()).actions)
        == len(GameRecord.from_json(first.read_text()).actions) + 1
    )


def test_undo_takes_back_the_bots_moves_in_between(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    first, undone = tmp_path / "first.json", tmp_path / "undone.json"
    argv = ["classic", "--players", "2", "--seed", "2"]
    _play(capsys, monkeypatch, f"save {first}\nquit\n", *argv)
    status, out, _ = _play(capsys, monkeypatch, f"1\nundo\nsave {undone}\nquit\n", *argv)
    assert status == 0
    removed = re.search(r"Undone (\d+) action\(s\)", out)
    assert removed is not None
    assert int(removed.group(1)) >= 2
    assert undone.read_text() == first.read_text()


def test_loading_a_saved_game_continues_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    saved, done = tmp_path / "game.json", tmp_path / "done.json"
    _play(capsys, monkeypatch, "1\n1\nquit\n", "classic", "--players", "2", "--save", str(saved))
    kept = GameRecord.from_json(saved.read_text()).actions
    argv = ["--load", str(saved), "--seats", "random,random", "--save", str(done)]
    status, out, _ = _play(capsys, monkeypatch, "", *argv)
    assert status == 0
    assert f"Continuing a saved game after {len(kept)} action(s)." in out
    record = GameRecord.from_json(done.read_text())
    assert record.actions[: len(kept)] == kept
    assert record.result is not None


def test_manual_dice_are_typed_from_the_listed_outcomes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    seats = "random,random,random,random"
    argv = ["modern", "--seats", seats, "--dice", "manual", "--save", str(saved)]
    status, out, _ = _play(capsys, monkeypatch, "first 7\nfirst 1\n2\n", *argv)
    assert status == 0
    assert "Chance: Who is the first player?" in out
    assert "[1] first 0 (1/4)" in out
    assert "Not played" in out
    assert "chance: first 1 -- seat 1 is the first player" in out
    assert "Leaving the game." in out
    actions = GameRecord.from_json(saved.read_text()).actions
    assert actions[0] == "first 1"
    assert len(actions) > 2
    assert out.count("outcome> ") == 4  # three lines typed, then the end of input


def test_end_of_input_leaves_cleanly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = _play(capsys, monkeypatch, "actions\nhelp\n", "classic", "--players", "2")
    assert status == 0
    assert err == ""
    assert _prompts(out)[:2] == ["actions", "help"]
    assert out.rstrip().endswith("Leaving the game.")


def test_interrupt_exits_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Interrupting(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    monkeypatch.setattr("sys.stdin", Interrupting())
    assert main(["play", "classic", "--players", "2"]) == 130
    assert "interrupted" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["modern", "--players", "3", "--seats", "human,random"], "2 seat(s) for a 3-player"),
        (["--players", "3"], "name the edition"),
        (["nowhere-edition"], "nowhere-edition"),
        (["--load", "missing-record.json"], "cannot read"),
    ],
)
def test_bad_arguments_exit_2(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    message: str,
) -> None:
    status, _, err = _play(capsys, monkeypatch, "", *argv)
    assert status == 2
    assert message in err


def test_an_unknown_seat_kind_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["play", "modern", "--seats", "human,wizard"])
    assert info.value.code == 2
    assert "unknown seat kind 'wizard'" in capsys.readouterr().err


def test_a_saved_record_is_valid_json_with_the_seats(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    argv = ("modern", "--players", "2", "--seed", "9", "--save", str(saved))
    _play(capsys, monkeypatch, "quit\n", *argv)
    data = json.loads(saved.read_text())
    assert data["format"] == 2
    assert data["ruleset"] == "modern"
    assert data["agents"] == ["human", "greedy"]
    assert data["seed"] == 9
    assert data["metadata"] == {}


def test_quit_offers_to_save_what_was_played(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    argv = ("classic", "--players", "2", "--seed", "3")
    offer = "Save the game first?"
    # nothing played yet: nothing to offer
    status, out, _ = _play(capsys, monkeypatch, "quit\n", *argv)
    assert status == 0
    assert offer not in out
    # after a decision, quit asks; a folder that does not exist is refused, then a file saves
    saved = tmp_path / "kept.json"
    script = f"1\nquit\n{tmp_path / 'no' / 'x.json'}\n{saved}\n"
    status, out, err = _play(capsys, monkeypatch, script, *argv)
    assert status == 0
    assert out.count(offer) == 2
    assert "cannot save to" in err
    record = GameRecord.from_json(saved.read_text())
    assert len(record.actions) >= 1
    assert replay(record, load_ruleset("classic")) is not None
    # Enter leaves without saving; quit FILE saves without asking
    status, out, _ = _play(capsys, monkeypatch, "1\nquit\n\n", *argv)
    assert (status, out.count(offer)) == (0, 1)
    named = tmp_path / "named.json"
    status, out, _ = _play(capsys, monkeypatch, f"1\nquit {named}\n", *argv)
    assert offer not in out
    assert named.is_file()
    # after a save, quit has nothing new to offer
    status, out, _ = _play(capsys, monkeypatch, f"1\nsave {named}\nquit\n", *argv)
    assert offer not in out
