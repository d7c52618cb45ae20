"""The ladder: the Bradley-Terry fit, the seating, the runs, the errors and the command."""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

import pytest

from serenissima.analysis.ladder.fit import fit_bradley_terry, rating_intervals
from serenissima.analysis.ladder.report import format_ladder, ladder_markdown, ladder_svg
from serenissima.analysis.ladder.run import PairingResult, run_ladder, seat_pattern
from serenissima.cli import main
from serenissima.engine.errors import ArgumentValueError, SerenissimaError

AGENTS = ["random", "greedy"]


# --- the fit ------------------------------------------------------------------------------------


def test_two_agents_fit_the_log_odds() -> None:
    # 75 of 100: strength 3 to 1, rating log 3 above
    ratings = fit_bradley_terry(2, {(0, 1): (25.0, 100)}, prior=0.0)
    assert ratings[0] == 0.0
    assert ratings[1] == pytest.approx(math.log(3), abs=1e-9)


def test_a_transitive_ladder_is_recovered() -> None:
    strengths = [1.0, 2.0, 8.0]
    results = {
        (i, j): (100 * strengths[i] / (strengths[i] + strengths[j]), 100)
        for i in range(3)
        for j in range(i + 1, 3)
    }
    ratings = fit_bradley_terry(3, results, prior=0.0)
    assert ratings == pytest.approx([0.0, math.log(2), math.log(8)], abs=1e-9)
    centred = fit_bradley_terry(3, results, prior=0.0, anchor=None)
    assert sum(centred) == pytest.approx(0.0, abs=1e-12)
    assert centred[2] - centred[1] == pytest.approx(math.log(4), abs=1e-9)


def test_symmetric_results_give_equal_ratings() -> None:
    results = {(0, 1): (30.0, 60), (0, 2): (12.5, 25), (1, 2): (7.0, 14)}
    assert fit_bradley_terry(3, results) == pytest.approx([0.0, 0.0, 0.0], abs=1e-9)


def test_the_prior_keeps_a_clean_sweep_finite_and_is_needed_without_it() -> None:
    ratings = fit_bradley_terry(2, {(0, 1): (0.0, 10)})
    # one drawn game added: 0.5 of 11 against 10.5 of 11
    assert ratings[1] == pytest.approx(math.log(21), abs=1e-9)
    with pytest.raises(ArgumentValueError, match="won all its games or none"):
        fit_bradley_terry(2, {(0, 1): (0.0, 10)}, prior=0.0)


@pytest.mark.parametrize(
    ("agents", "results", "message"),
    [
        (1, {}, "at least two agents"),
        (2, {(0, 2): (1.0, 2)}, "is not two of"),
        (2, {(0, 1): (3.0, 2)}, "wins of"),
        (3, {(0, 1): (1.0, 2)}, "linked"),
    ],
)
def test_bad_results_are_refused(
    agents: int, results: dict[tuple[int, int], tuple[float, int]], message: str
) -> None:
    with pytest.raises(ArgumentValueError, match=message):
        fit_bradley_terry(agents, results)


def test_bootstrap_intervals_are_seeded_and_cover_the_stronger_agent_above() -> None:
    shares = {(0, 1): [0.0, 0.0, 1.0, 0.0, 0.5, 0.0, 0.0, 0.0, 1.0, 0.0] * 3}
    first = rating_intervals(2, shares, replicates=100, seed=4)
    assert first == rating_intervals(2, shares, replicates=100, seed=4)
    assert first[0].low == first[0].high == 0.0
    assert 0.0 < first[1].low < fit_bradley_terry(2, {(0, 1): (7.5, 30)})[1] < first[1].high


# --- the seating --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_agent_holds_every_seat_equally_often(players: int) -> None:
    block = [seat_pattern(players, i) for i in range(2 * players)]
    for seat in range(players):
        held = Counter(pattern[seat] for pattern in block)
        assert held[0] == held[1] == players
    seats = Counter(side for pattern in block for side in pattern)
    assert seats[0] == seats[1]
    assert all(0 in p and 1 in p for p in block)  # both agents sit at every game


def test_a_pairing_counts_shared_wins() -> None:
    result = PairingResult(("a", "b"), (1.0, 0.5, 0.0, 1 / 3))
    assert result.wins == pytest.approx(11 / 6)
    assert result.share in result.interval


# --- running ------------------------------------------------------------------------------------


def test_results_are_the_same_for_one_job_and_two(tmp_path: Path) -> None:
    kw = {"players": [2, 3], "games": 4, "seed": 3, "replicates": 20}
    one = run_ladder(["modern"], AGENTS, jobs=1, **kw)  # type: ignore[arg-type]
    two = run_ladder(["modern"], AGENTS, jobs=2, backend="processes", **kw)  # type: ignore[arg-type]
    assert [ladder.to_dict() for ladder in one] == [ladder.to_dict() for ladder in two]
    assert [ladder.players for ladder in one] == [2, 3]


def test_a_journal_resumes_a_ladder(tmp_path: Path) -> None:
    journal = tmp_path / "ladder.jsonl"
    short = run_ladder(["classic"], AGENTS, [2], games=2, journal=journal, replicates=10)
    calls: list[tuple[int, int]] = []
    longer = run_ladder(
        ["classic"], AGENTS, [2], 4, 1, None, lambda d, t: calls.append((d, t)), journal=journal
    )
    assert calls[0] == (2, 4)  # the two games of the first run were not played again
    assert longer[0].pairings[0].shares[:2] == short[0].pairings[0].shares
    assert longer[0].to_dict() == run_ladder(["classic"], AGENTS, [2], games=4)[0].to_dict()


@pytest.mark.parametrize(
    ("agents", "players", "games", "message"),
    [
        (["random"], [2], 2, "at least two agents"),
        (["random", "random"], [2], 2, "named twice"),
        (["random", "nobody"], [2], 2, "unknown agent"),
        (AGENTS, [2], 0, "at least one game"),
        (AGENTS, [9], 2, "players"),
    ],
)
def test_bad_ladders_are_refused_before_any_game(
    agents: list[str], players: list[int], games: int, message: str
) -> None:
    calls: list[int] = []
    with pytest.raises(SerenissimaError, match=message):
        run_ladder(["modern"], agents, players, games, progress=lambda d, t: calls.append(d))
    assert not calls


# --- the command --------------------------------------------------------------------------------


def _main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["ladder", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_the_command_prints_tables_and_draws_a_chart(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    svg = tmp_path / "ladder.svg"
    argv = ["--ruleset", "modern", "--agents", "random,greedy", "--games", "4"]
    status, out, err = _main(capsys, *argv, "--replicates", "20", "--svg", str(svg))
    assert status == 0
    assert out.startswith("Ladder modern 1.0.0: 2 players, 4 games per pairing, seed 1\n")
    assert "random v greedy" in out
    assert "Elo 95% interval" in out
    assert svg.read_text().startswith("<svg")
    assert f"wrote {svg}" in err
    (ladder,) = run_ladder(["modern"], AGENTS, [2], games=4, replicates=20)
    assert out == format_ladder(ladder) + "\n"
    assert "| random v greedy | 4 |" in ladder_markdown(ladder)
    assert svg.read_text() == ladder_svg([ladder]) + "\n"


def test_the_command_writes_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--ruleset", "classic", "--agents", "greedy,random", "--games", "2", "--players"]
    status, out, _ = _main(capsys, *argv, "2", "3", "--format", "json", "--replicates", "10")
    assert status == 0
    data = json.loads(out)
    assert [ladder["players"] for ladder in data["ladders"]] == [2, 3]
    first = data["ladders"][0]
    assert first["anchor"] == "greedy"
    assert first["ratings"][0]["rating"] == 0.0
    assert first["pairings"][0]["games"] == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--agents", "random"], "at least two agents"),
        (["--agents", "random,nobody"], "unknown agent"),
        (["--agents", "random,greedy", "--out", "/no/such/folder/x.txt"], "cannot write"),
        (["--agents", "random,greedy", "--svg", "/no/such/folder/x.svg"], "cannot write"),
        (["--agents", "random,greedy", "--players", "9"], "players"),
    ],
)
def test_the_command_refuses_bad_input_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = _main(capsys, "--ruleset", "modern", "--games", "2", *argv)
    assert status == 2
    assert not out
    assert err.startswith("serenissima: error: ")
    assert message in err
    assert err.count("\n") == 1


def test_the_command_refuses_no_games(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["ladder", "--agents", "random,greedy", "--games", "0"])
    assert exit_.value.code == 2
