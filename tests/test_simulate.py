"""Batches of random games and their summary; the benchmark's measurements."""

from __future__ import annotations

import math
import sys

import attrs
import pytest

import toy
from serenissima.bench import BenchResult, format_bench, run_bench
from serenissima.errors import OptionError, SerenissimaError
from serenissima.ruleset import Ruleset
from serenissima.simulate import SimulationSummary, format_summary, simulate


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return toy.make_rules()


def _comparable(summary: SimulationSummary) -> SimulationSummary:
    return attrs.evolve(summary, seconds=0.0, decisions_per_second=0.0)


def test_summary_counts(rules: Ruleset) -> None:
    summary = simulate(rules, 3, 40, seed=1)
    assert (summary.ruleset, summary.ruleset_version) == ("toy", "1.0")
    assert (summary.players, summary.games, summary.seed) == (3, 40, 1)
    assert summary.min_decisions <= summary.mean_decisions <= summary.max_decisions
    assert summary.mean_chance >= 1
    assert summary.mean_turns >= 1
    assert len(summary.win_rate) == len(summary.mean_score) == 3
    assert math.isclose(sum(summary.win_rate), 1.0)
    assert summary.seconds > 0
    assert summary.decisions_per_second > 0


def test_same_seed_same_summary(rules: Ruleset) -> None:
    a = simulate(rules, 2, 20, seed=7)
    b = simulate(rules, 2, 20, seed=7)
    c = simulate(rules, 2, 20, seed=8)
    assert _comparable(a) == _comparable(b)
    assert _comparable(a) != _comparable(c)


def test_shared_wins_count_a_fraction_to_each_winner(rules: Ruleset) -> None:
    """With may_stop forbidden nobody shares; every game has one winner."""
    summary = simulate(rules, 4, 30, seed=2, options={"may_stop": False})
    assert math.isclose(sum(summary.win_rate), 1.0)
    assert summary.options == (("may_stop", "false"),)
    wins = [rate * 30 for rate in summary.win_rate]
    assert all(math.isclose(w, round(w)) for w in wins)


def test_ties_split_the_win(rules: Ruleset, monkeypatch: pytest.MonkeyPatch) -> None:
    class Stopper:
        def act(self, rules: Ruleset, state: object) -> toy.Stop:
            return toy.Stop()

    # the package re-exports the function simulate(), which hides the module of that name
    module = sys.modules[simulate.__module__]
    monkeypatch.setattr(module, "RandomAgent", lambda seed: Stopper())
    summary = simulate(rules, 4, 3, seed=1)
    assert summary.win_rate == (0.25, 0.25, 0.25, 0.25)
    assert summary.mean_score == (0.0, 0.0, 0.0, 0.0)
    assert summary.min_decisions == summary.max_decisions == 4


def test_progress_is_reported_after_each_game(rules: Ruleset) -> None:
    seen: list[tuple[int, int]] = []
    simulate(rules, 2, 5, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]


def test_simulate_refuses_bad_input(rules: Ruleset) -> None:
    with pytest.raises(SerenissimaError, match="at least one game"):
        simulate(rules, 2, 0, seed=1)
    with pytest.raises(OptionError):
        simulate(rules, 2, 3, seed=1, options={"die": "d7"})


def test_format_summary_is_a_table_by_seat(rules: Ruleset) -> None:
    summary = simulate(rules, 3, 10, seed=3, options={"die": "d4"})
    text = format_summary(summary)
    lines = text.splitlines()
    assert lines[0] == "Ruleset toy 1.0: 3 players, 10 random games, seed 3, options: die=d4"
    assert any(line.startswith("decisions") for line in lines)
    assert any(line.startswith("turns") for line in lines)
    assert any(line.startswith("shared wins") for line in lines)
    header = lines.index("seat     win rate  mean score  position")
    rows = lines[header + 1 : header + 4]
    assert [row.split()[0] for row in rows] == ["0", "1", "2"]
    assert all(row.split()[1].endswith("%") for row in rows)
    # the toy's score is its position, so both columns agree
    assert all(row.split()[2] == row.split()[3] for row in rows)
    assert lines[header + 4].split()[0] == "mean"
    assert "decisions/s" in lines[-1]


def test_summary_averages_the_parts_of_the_score(rules: Ruleset) -> None:
    summary = simulate(rules, 4, 25, seed=6)
    assert summary.parts == ("position",)
    assert len(summary.mean_parts) == 4
    for seat in range(4):
        assert summary.mean_parts[seat] == (summary.mean_score[seat],)
    assert summary.seat_names == ()  # the toy's seats have no nations
    assert summary.turn_word == "turns"
    assert summary.min_turns <= summary.mean_turns <= summary.max_turns
    assert 0.0 <= summary.shared_wins <= 1.0


def test_shared_wins_are_counted(rules: Ruleset, monkeypatch: pytest.MonkeyPatch) -> None:
    class Stopper:
        def act(self, rules: Ruleset, state: object) -> toy.Stop:
            return toy.Stop()

    module = sys.modules[simulate.__module__]
    monkeypatch.setattr(module, "RandomAgent", lambda seed: Stopper())
    assert simulate(rules, 3, 4, seed=1).shared_wins == 1.0


def test_classic_summary_names_nations_rounds_and_wealth_points() -> None:
    """Random classic games: seats by nation, the game's rounds, and the parts of wealth points."""
    from serenissima.registry import load_ruleset

    summary = simulate(load_ruleset("classic"), 4, 6, seed=2)
    assert summary.seat_names == ("venice", "genoa", "spain", "turkey")
    assert summary.turn_word == "rounds"
    assert summary.min_turns == summary.max_turns == 8  # C-SETUP-1: four players play 8 rounds
    assert summary.parts[:4] == ("capital", "ports", "full ports", "ducats")
    assert summary.parts[-1] == "ducats held"
    for seat in range(4):
        # the score is the sum of its parts; the ducats held only break ties
        assert math.isclose(sum(summary.mean_parts[seat][:-1]), summary.mean_score[seat])
    text = format_summary(summary)
    assert "rounds" in text
    assert "0  venice" in text
    assert "full ports" in text


# Benchmark


def test_bench_by_games(rules: Ruleset) -> None:
    fractions: list[float] = []
    result = run_bench(rules, 4, games=5, seed=1, progress=fractions.append)
    assert isinstance(result, BenchResult)
    assert result.games == 5
    assert result.decisions > 0
    assert result.chance >= 5
    assert result.decisions_per_second > 0
    assert result.games_per_second > 0
    assert fractions[-1] == 1.0
    assert result.seconds >= result.decision_seconds + result.chance_seconds


def test_bench_by_time_plays_at_least_one_game(rules: Ruleset) -> None:
    result = run_bench(rules, 2, seconds=0.05, seed=1)
    assert result.games >= 1


def test_bench_is_deterministic_in_what_it_plays(rules: Ruleset) -> None:
    a = run_bench(rules, 3, games=4, seed=9)
    b = run_bench(rules, 3, games=4, seed=9)
    assert (a.decisions, a.chance) == (b.decisions, b.chance)


@pytest.mark.parametrize(
    "budget",
    [{}, {"seconds": 1.0, "games": 1}, {"games": 0}, {"seconds": 0.0}],
)
def test_bench_needs_one_valid_budget(rules: Ruleset, budget: dict[str, float]) -> None:
    with pytest.raises(SerenissimaError):
        run_bench(rules, 2, **budget)  # type: ignore[arg-type]


def test_format_bench(rules: Ruleset) -> None:
    text = format_bench(run_bench(rules, 2, games=2, seed=1))
    assert text.startswith("Ruleset toy 1.0, 2 players: 2 random games in")
    assert "legal_actions + checked apply" in text
    assert len(text.splitlines()) == 4
