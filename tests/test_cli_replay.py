"""``serenissima replay``: a record's steps, the position reached and the standings."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from serenissima.agents import RandomAgent
from serenissima.cli import main
from serenissima.engine.registry import load_ruleset
from serenissima.records.game import Game
from serenissima.records.record import GameRecord
from serenissima.records.replay import replay, replay_steps


def _record(edition: str, decisions: int | None, seed: int = 3) -> GameRecord:
    """A game between random agents, whole or cut after ``decisions`` decisions."""
    rules = load_ruleset(edition)
    game = Game(rules, 3, seed=seed)
    agent = RandomAgent(seed)
    made = 0
    while not game.is_over() and (decisions is None or made < decisions):
        game.advance()
        if game.is_over():
            break
        game.play(agent.act(rules, game.state))
        made += 1
    return game.record()


def _write(tmp_path: Path, record: GameRecord) -> Path:
    path = tmp_path / "game.json"
    path.write_text(record.to_json())
    return path


def _replay(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["replay", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def _steps(out: str) -> list[str]:
    return re.findall(r"^ *\d+\. ((?:chance|seat \d): .*)$", out, flags=re.MULTILINE)


@pytest.mark.parametrize("edition", ["modern", "classic"])
def test_every_step_then_the_end_and_the_final_standings(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, edition: str
) -> None:
    record = _record(edition, None)
    status, out, _ = _replay(capsys, str(_write(tmp_path, record)))
    assert status == 0
    steps = _steps(out)
    assert [step.split(": ", 1)[1].split(" -- ")[0] for step in steps] == list(record.actions)
    rules = load_ruleset(edition)
    to_act = [rules.new_game(3).to_act] + [step.state.to_act for step in replay_steps(record)]
    actors = ["chance" if seat < 0 else f"seat {seat}" for seat in to_act[:-1]]
    assert [step.split(": ", 1)[0] for step in steps] == actors
    assert "chance" in actors
    assert rules.render(replay(record, rules)) in out
    assert "Final standings:" in out
    assert record.result is not None
    for result in record.result:
        assert re.search(rf"{result.rank}\. seat {result.seat} +score +{result.score}\b", out)


def test_to_stops_after_n_actions(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = _record("classic", None)
    status, out, _ = _replay(capsys, str(_write(tmp_path, record)), "--to", "25")
    assert status == 0
    assert len(_steps(out)) == 25
    rules = load_ruleset("classic")
    assert rules.render(replay(record, rules, upto=25)) in out
    assert "Standings so far (provisional):" in out


def test_seat_view_hides_the_other_seats_money(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = _record("classic", 40)
    path = str(_write(tmp_path, record))
    status, out, _ = _replay(capsys, path, "--seat", "1", "--quiet")
    assert status == 0
    rules = load_ruleset("classic")
    state = replay(record, rules)
    assert out.startswith(rules.render(state, 1))
    assert "ducats     ?" in out
    assert "Standings" not in out
    assert _steps(out) == []


def test_quiet_prints_no_steps(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = _replay(capsys, str(_write(tmp_path, _record("modern", 30))), "--quiet")
    assert status == 0
    assert _steps(out) == []
    assert out.startswith("Serenissima (modern) - ")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda data: data.update(format=9), "format: unknown record format 9"),
        (lambda data: data["actions"].insert(3, "fly away"), "actions[3]"),
        (lambda data: data.update(players="three"), "players: expected a positive integer"),
        (lambda data: data.update(ruleset="chess"), "ruleset: 'chess' is not an installed ruleset"),
    ],
)
def test_a_corrupt_record_is_reported_with_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: object, message: str
) -> None:
    data = _record("modern", 10).to_data()
    change(data)  # type: ignore[operator]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    status, out, err = _replay(capsys, str(path))
    assert status == 2
    assert out == ""
    assert message in err


def test_a_file_that_is_not_json_or_missing_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    status, _, err = _replay(capsys, str(path))
    assert status == 2
    assert "must be JSON" in err
    status, _, err = _replay(capsys, str(tmp_path / "missing.json"))
    assert status == 2
    assert "cannot read" in err


def test_a_seat_outside_the_game_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, _, err = _replay(capsys, str(_write(tmp_path, _record("modern", 5))), "--seat", "7")
    assert status == 2
    assert "--seat 7" in err
