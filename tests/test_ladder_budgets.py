"""The budget ladder: the pairings of one search bot at budgets four times apart."""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest

import serenissima as ser
from serenissima.analysis.ladder.budgets import BudgetStep, budget_steps, budget_table
from serenissima.analysis.ladder.run import run_ladder
from serenissima.engine.errors import ArgumentValueError

ROOT = Path(__file__).resolve().parent.parent


def _pairing(first: str, second: str, games: int, wins: float, **extra: Any) -> dict[str, Any]:
    return {"agents": [first, second], "games": games, "wins": wins, **extra}


def _ladder(pairings: list[dict[str, Any]], players: int = 2, **extra: Any) -> dict[str, Any]:
    return {"ruleset": "classic", "players": players, "pairings": pairings, **extra}


def test_only_pairings_of_one_kind_four_times_apart_in_one_unit_are_steps() -> None:
    ladder = _ladder(
        [
            _pairing("greedy", "ismcts:100", 10, 2.0),  # not a search at both ends
            _pairing("ismcts:25", "ismcts:100", 10, 3.0),  # a step
            _pairing("ismcts:25", "ismcts:400", 10, 1.0),  # 16 times
            _pairing("ismcts:100", "ismcts-learned:400", 10, 5.0),  # two kinds
            _pairing("ismcts:100", "ismcts:0.4s", 10, 5.0),  # two units
            _pairing("ismcts:0.4s", "ismcts:0.1s", 10, 6.5),  # a step, the larger first
        ]
    )
    steps = budget_steps(ladder)
    assert [(s.smaller, s.larger) for s in steps] == [
        ("ismcts:25", "ismcts:100"),
        ("ismcts:0.1s", "ismcts:0.4s"),
    ]
    # the larger budget's share: the second agent's when it is second, the first's when first
    assert [s.wins for s in steps] == [7.0, 6.5]
    assert all(s.fair == 0.5 and s.seating == "alternate" for s in steps)
    assert [(s.smaller, s.larger) for s in budget_steps(ladder, ratio=16)] == [
        ("ismcts:25", "ismcts:400")
    ]


def test_with_the_one_seating_a_step_is_the_larger_budget_alone() -> None:
    alone = {
        "fair": 0.25,
        "first": {"games": 12, "wins": 1.0},
        "second": {"games": 12, "wins": 6.0},
    }
    ladder = _ladder(
        [_pairing("ismcts:100", "ismcts:400", 24, 9.0, alone=alone)], players=4, seating="one"
    )
    (step,) = budget_steps(ladder)
    assert (step.games, step.wins, step.fair, step.seating) == (12, 6.0, 0.25, "one")
    assert step.share == 0.5
    assert step.holds
    broken = _ladder([_pairing("ismcts:100", "ismcts:400", 24, 9.0)], players=4, seating="one")
    with pytest.raises(ArgumentValueError, match="kept no seats"):
        budget_steps(broken)


@pytest.mark.parametrize("ratio", [1.0, 0.5, -4.0])
def test_a_ratio_not_above_one_is_refused(ratio: float) -> None:
    with pytest.raises(ArgumentValueError, match="ratio above 1"):
        budget_steps(_ladder([]), ratio=ratio)


def test_a_step_holds_only_when_its_interval_is_above_the_fair_share() -> None:
    def step(games: int, wins: float) -> BudgetStep:
        return BudgetStep("modern", 2, "alternate", "ismcts:25", "ismcts:100", games, wins, 0.5)

    assert step(48, 33.0).holds  # 68.8%, from 54.7%
    assert not step(48, 30.0).holds  # 62.5%, from 48.4%: not told apart
    assert not step(48, 10.0).holds
    assert not step(0, 0.0).holds
    assert step(0, 0.0).share == 0.5
    data = step(48, 33.0).to_dict()
    assert data["holds"] is True
    assert data["share"] == pytest.approx(0.6875)
    assert json.loads(json.dumps(data)) == data
    table = budget_table([step(48, 33.0), step(48, 30.0)]).splitlines()
    assert table[2].endswith("| yes |")
    assert table[3].endswith("| no |")


@pytest.mark.parametrize(("players", "seating"), [(2, "alternate"), (3, "one")])
def test_a_real_ladder_gives_its_steps(players: int, seating: str) -> None:
    agents = ["greedy", "ismcts:2", "ismcts:8"]
    (ladder,) = run_ladder(
        ["modern"], agents, [players], games=2 * players, replicates=5, seating=seating
    )
    (step,) = budget_steps(ladder)
    assert (step.smaller, step.larger, step.players) == ("ismcts:2", "ismcts:8", players)
    (pairing,) = [p for p in ladder.pairings if p.agents == ("ismcts:2", "ismcts:8")]
    if seating == "alternate":
        assert step.games == pairing.games
        assert step.wins == pairing.games - pairing.wins
    else:
        alone = pairing.alone(1)
        assert alone is not None
        assert (step.games, step.wins, step.fair) == (alone.games, alone.wins, 1 / players)
    assert budget_steps(ladder.to_dict()) == (step,)


def _load(name: str) -> Any:
    path = ROOT / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_script_writes_each_ladder_and_resumes_from_its_journals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out, journals = tmp_path / "budgets.json", tmp_path / "journals"
    argv = ["budget_ladder.py", "--ruleset", "modern", "--players", "2", "3"]
    argv += ["--budgets", "2,8", "--games", "2", "--jobs", "1"]
    argv += ["--out", str(out), "--journals", str(journals)]
    monkeypatch.setattr(sys, "argv", argv)
    assert _load("budget_ladder").run() == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [(ladder["ruleset"], ladder["players"]) for ladder in data["ladders"]] == [
        ("modern", 2),
        ("modern", 3),
    ]
    assert data["ladders"][1]["seating"] == "one"
    assert [(s["players"], s["smaller"], s["larger"]) for s in data["steps"]] == [
        (2, "ismcts-learned:2", "ismcts-learned:8"),
        (3, "ismcts-learned:2", "ismcts-learned:8"),
    ]
    assert set(data["seconds"]) == {"modern 2", "modern 3"}
    # the command as shown: the output in the page's folder, no machine's folder, no jobs
    assert data["command"] == (
        "python scripts/budget_ladder.py --ruleset modern --players 2 3 --budgets 2,8 "
        "--games 2 --out docs/data/budgets.json"
    )
    script = _load("budget_ladder")
    inside = script.ROOT / "docs" / "data" / "budget-ladder-classic.json"
    shown = script._shown(["--out", str(inside)], inside)
    assert shown.endswith("--out docs/data/budget-ladder-classic.json")
    assert sorted(p.name for p in journals.iterdir()) == ["modern-2.jsonl", "modern-3.jsonl"]
    lines = (journals / "modern-2.jsonl").read_text(encoding="utf-8").splitlines()
    assert _load("budget_ladder").run() == 0  # every game is in the journals: none is played again
    assert (journals / "modern-2.jsonl").read_text(encoding="utf-8").splitlines() == lines
    again = json.loads(out.read_text(encoding="utf-8"))
    assert again["steps"] == data["steps"]
    assert again["seconds"] == {"modern 2": None, "modern 3": None}  # resumed: not timed


def test_the_choices_script_counts_where_budgets_part_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "choices.jsonl"
    module = _load("budget_choices")
    argv = ["budget_choices.py", "--ruleset", "modern", "--smaller", "ismcts:2"]
    argv += ["--larger", "ismcts:8", "--games", "1", "--positions", "4", "--out", str(out)]
    monkeypatch.setattr(sys, "argv", argv)
    assert module.run() == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [row["position"] for row in rows] == [0, 1, 2, 3]
    assert all(row["choices"] > 1 for row in rows)
    printed = capsys.readouterr().out.splitlines()
    kinds = {row["kind"] for row in rows}
    assert len(printed) == 2 + len(kinds)
    assert sum(int(line.split("|")[2]) for line in printed[2:]) == 4
    assert module.run() == 0  # every position is held: none is asked again
    assert len(out.read_text(encoding="utf-8").splitlines()) == 4


def test_the_settings_match_meets_the_same_dice_from_each_seat_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    module = _load("search_match")
    assert module.settings("depth=0,seconds=0.1,evaluator=learned") == {
        "depth": 0,
        "seconds": 0.1,
        "evaluator": "learned",
    }
    assert module.settings("kinds=movement|purchases,iterations=8") == {
        "kinds": ["movement", "purchases"],
        "iterations": 8,
    }
    out = tmp_path / "match.jsonl"
    argv = ["search_match.py", "--ruleset", "modern", "--games", "4", "--out", str(out)]
    argv += ["--a", "iterations=4,evaluator=learned,depth=0", "--b", "iterations=2"]
    monkeypatch.setattr(sys, "argv", argv)
    assert module.run() == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(row["game"], row["seat"]) for row in rows] == [(0, 0), (1, 1), (2, 0), (3, 1)]
    for row in rows:
        assert row["share"] == (1 / len(row["winners"]) if row["seat"] in row["winners"] else 0)
    wins = sum(row["share"] for row in rows)
    printed = capsys.readouterr().out
    assert printed.startswith(f"--a won {wins:g} of 4 games")
    by_seat = [sum(1 / len(r["winners"]) for r in rows if s in r["winners"]) for s in (0, 1)]
    assert printed.rstrip().endswith(f"the seats won {by_seat[0]:g}, {by_seat[1]:g}")
    assert module.run() == 0  # every game is held: none is played again
    assert len(out.read_text(encoding="utf-8").splitlines()) == 4
    monkeypatch.setattr(sys, "argv", [*argv[:-4], "--a", "evaluator=oracle", "--b", "depth=1"])
    with pytest.raises(ser.ArgumentValueError, match="evaluator"):
        module.run()
    monkeypatch.setattr(sys, "argv", [*argv[:-4], "--a", "deph=0", "--b", "depth=1"])
    with pytest.raises(SystemExit):  # a name the agent does not take: a usage error
        module.run()
    assert "not a setting of the search bot" in capsys.readouterr().err
    assert len(out.read_text(encoding="utf-8").splitlines()) == 4


def test_the_settings_match_counts_every_seat_when_few_games_are_in() -> None:
    """Two four-seat games seat ``--a`` at seats 0 and 1 only; seat 2 may still win one."""
    module = _load("search_match")
    rows = [
        {"game": 0, "seat": 0, "winners": [2], "share": 0.0},
        {"game": 1, "seat": 1, "winners": [1, 3], "share": 0.5},
    ]
    text = module.summary(rows, 4)
    assert text.startswith("--a won 0.5 of 2 games")
    assert text.endswith("the seats won 0, 0.5, 1, 0.5")


def test_the_settings_match_seats_an_agent_kind_against_a_setting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--b greedy`` seats the greedy bot; a text that is no setting nor kind is refused."""
    module = _load("search_match")
    assert module.settings("greedy") == {"kind": "greedy"}
    assert module.settings("ismcts:8") == {"kind": "ismcts:8"}
    with pytest.raises(argparse.ArgumentTypeError, match="oracle"):
        module.settings("oracle")
    out = tmp_path / "greedy.jsonl"
    argv = ["search_match.py", "--ruleset", "classic", "--games", "2", "--out", str(out)]
    monkeypatch.setattr(sys, "argv", [*argv, "--a", "iterations=2", "--b", "greedy"])
    assert module.run() == 0
    assert capsys.readouterr().out.startswith("--a won")
    first = out.read_text(encoding="utf-8")
    out.unlink()
    monkeypatch.setattr(sys, "argv", [*argv, "--a", "iterations=2", "--b", "greedy"])
    assert module.run() == 0
    assert out.read_text(encoding="utf-8") == first  # the greedy seats are seeded too
