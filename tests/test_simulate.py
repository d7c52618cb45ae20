"""Batches of random games and their summary; the benchmark's measurements."""

from __future__ import annotations

import json
import math
import statistics
from typing import Any

import attrs
import pytest

import toy
from serenissima.analysis.bench.report import format_bench
from serenissima.analysis.bench.throughput import BenchResult, run_bench
from serenissima.analysis.run import games as games_module
from serenissima.analysis.simulate.batch import game_seeds, iter_games, simulate
from serenissima.analysis.simulate.compare import compare_simulations, seat_label
from serenissima.analysis.simulate.report import format_comparison, format_summary
from serenissima.analysis.simulate.summary import QUANTITIES, SimulationSummary
from serenissima.analysis.stats.intervals import Z95
from serenissima.engine.errors import OptionError, SerenissimaError
from serenissima.engine.registry import load_ruleset
from serenissima.engine.ruleset import Ruleset


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


class _Stopper:
    """An agent that stops at once: every race ends with all seats at the start, tied."""

    def act(self, rules: Ruleset, state: object) -> toy.Stop:
        return toy.Stop()


def _only_stoppers(monkeypatch: pytest.MonkeyPatch) -> None:
    # every game of a batch is played by serenissima.analysis.run.games
    monkeypatch.setattr(games_module, "make_agent", lambda kind, seed: _Stopper())


def test_ties_split_the_win(rules: Ruleset, monkeypatch: pytest.MonkeyPatch) -> None:
    _only_stoppers(monkeypatch)
    summary = simulate(rules, 4, 3, seed=1, keep_games=True)
    assert summary.win_rate == (0.25, 0.25, 0.25, 0.25)
    assert summary.mean_score == (0.0, 0.0, 0.0, 0.0)
    assert summary.min_decisions == summary.max_decisions == 4
    # a shared win has no margin
    assert all(row.winners == (0, 1, 2, 3) and row.margin == 0 for row in summary.rows)
    assert summary.mean_margin == summary.max_margin == 0


def test_progress_is_reported_before_the_first_game_and_after_each(rules: Ruleset) -> None:
    seen: list[tuple[int, int]] = []
    simulate(rules, 2, 5, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(0, 5), (1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]


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
    assert any(line.startswith("winner margin") and line.endswith("points") for line in lines)
    header = next(i for i, line in enumerate(lines) if line.startswith("seat"))
    words = ["seat", "win", "rate", "95%", "interval", "mean", "score", "position"]
    assert lines[header].split() == words
    rows = [line.replace(", ", ",").split() for line in lines[header + 1 : header + 4]]
    assert [row[0] for row in rows] == ["0", "1", "2"]
    for seat, row in enumerate(rows):
        assert row[1] == f"{summary.win_rate[seat]:.1%}"
        interval = summary.win_intervals[seat]
        assert row[2] == f"[{interval.low:.1%},{interval.high:.1%}]"
    # the toy's score is its position, so both columns agree
    assert all(row[3] == row[4] for row in rows)
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
    _only_stoppers(monkeypatch)
    summary = simulate(rules, 3, 4, seed=1)
    assert summary.shared_wins == 1.0
    assert summary.shared_interval.high == 1.0
    assert summary.shared_interval.low < 1.0


def test_classic_summary_names_nations_rounds_and_wealth_points() -> None:
    """Random classic games: seats by nation, the game's rounds, and the parts of wealth points."""
    from serenissima.engine.registry import load_ruleset

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


# Seats, paired seeds and per-game rows


def test_seats_choose_each_seats_agent(rules: Ruleset, monkeypatch: pytest.MonkeyPatch) -> None:
    from serenissima.agents import RandomAgent

    made: list[tuple[str, int]] = []

    def make(kind: str, seed: int) -> RandomAgent:
        if kind not in ("random", "cautious"):
            raise SerenissimaError(f"unknown agent {kind!r}")
        made.append((kind, seed))
        return RandomAgent(seed)

    monkeypatch.setattr(games_module, "make_agent", make)
    summary = simulate(rules, 3, 2, seed=4, seats=["cautious", "random", "cautious"])
    assert summary.seats == ("cautious", "random", "cautious")
    played = made[-6:]  # after the check of each kind, one agent per seat per game
    assert [kind for kind, _ in played] == ["cautious", "random", "cautious"] * 2
    assert [seed for _, seed in played] == [*game_seeds(4, 0, 3).seats, *game_seeds(4, 1, 3).seats]
    text = format_summary(summary)
    assert "3 players, 2 games (seats: cautious, random, cautious)" in text.splitlines()[0]
    header = next(line for line in text.splitlines() if line.startswith("seat"))
    assert header.split()[:2] == ["seat", "agent"]


def test_default_seats_are_random(rules: Ruleset) -> None:
    assert simulate(rules, 2, 1, seed=1).seats == ("random", "random")
    a = simulate(rules, 3, 10, seed=5)
    b = simulate(rules, 3, 10, seed=5, seats=("random",) * 3)
    assert _comparable(a) == _comparable(b)


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        (["random"], "one agent kind per seat"),
        (["random", "random", "random"], "one agent kind per seat"),
        (["random", "oracle"], "unknown agent 'oracle'"),
        ("random", "not the text"),
    ],
)
def test_bad_seats_are_refused(rules: Ruleset, seats: list[str] | str, message: str) -> None:
    with pytest.raises(SerenissimaError, match=message):
        simulate(rules, 2, 1, seed=1, seats=seats)
    with pytest.raises(SerenissimaError, match=message):
        next(iter_games(rules, 2, 1, seed=1, seats=seats))


def _record_seeds(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int | None, tuple[object, ...]]]:
    """Make the module's play_game note the chance seed and agent seeds of each game."""
    module = games_module
    seen: list[tuple[int | None, tuple[object, ...]]] = []
    play = module.play_game

    def recording(rules: Ruleset, players: int, agents: Any, seed: int | None, *rest: Any) -> Any:
        seen.append((seed, tuple(getattr(a, "seed", None) for a in agents)))
        return play(rules, players, agents, seed, *rest)

    monkeypatch.setattr(module, "play_game", recording)
    return seen


def test_paired_seeds_do_not_depend_on_the_ruleset(monkeypatch: pytest.MonkeyPatch) -> None:
    """Both editions, and other options, get the same chance and agent seeds for game i."""
    from serenissima.engine.registry import load_ruleset

    seen = _record_seeds(monkeypatch)
    simulate(load_ruleset("modern"), 4, 3, seed=11)
    modern = list(seen)
    seen.clear()
    simulate(load_ruleset("classic"), 4, 3, seed=11, options={"sailor_pool": "unlimited"})
    assert seen == modern
    assert len({chance for chance, _ in modern}) == 3  # each game its own stream
    assert [chance for chance, _ in modern] == [game_seeds(11, i, 4).chance for i in range(3)]
    assert [agents for _, agents in modern] == [game_seeds(11, i, 4).seats for i in range(3)]


def test_game_seeds_depend_on_the_batch_seed_and_index_only() -> None:
    assert game_seeds(3, 2, 4) == game_seeds(3, 2, 4)
    assert game_seeds(3, 2, 3).seats == game_seeds(3, 2, 4).seats[:3]
    assert game_seeds(3, 2, 4).game == game_seeds(3, 2, 2).game
    seeds = {game_seeds(3, i, 2).chance for i in range(50)} | {game_seeds(4, 0, 2).chance}
    assert len(seeds) == 51
    one = game_seeds(3, 0, 4)
    assert len({one.chance, *one.seats}) == 5


def test_same_rules_under_another_name_play_the_same_games() -> None:
    """A ruleset and its copy under another id see the same chance, so they play alike."""
    a = simulate(toy.make_rules(), 3, 15, seed=2, keep_games=True)
    b = simulate(toy.make_rules(version="2.1", ruleset_id="pond"), 3, 15, seed=2, keep_games=True)
    assert a.rows == b.rows
    assert a.ruleset != b.ruleset


def test_a_batch_begins_like_a_longer_one(rules: Ruleset) -> None:
    short = simulate(rules, 2, 5, seed=8, keep_games=True)
    long = simulate(rules, 2, 12, seed=8, keep_games=True)
    assert long.rows[:5] == short.rows


def test_per_game_rows_add_up_to_the_summary(rules: Ruleset) -> None:
    summary = simulate(rules, 3, 60, seed=3, keep_games=True)
    rows = summary.rows
    assert [row.index for row in rows] == list(range(60))
    assert [row.seed for row in rows] == [game_seeds(3, i, 3).game for i in range(60)]
    assert math.isclose(summary.mean_decisions, statistics.mean(r.decisions for r in rows))
    assert math.isclose(summary.sd_decisions, statistics.stdev(r.decisions for r in rows))
    assert math.isclose(summary.sd_chance, statistics.stdev(r.chance for r in rows))
    assert math.isclose(summary.sd_turns, statistics.stdev(r.turns for r in rows))
    assert summary.max_chance == max(r.chance for r in rows)
    assert math.isclose(summary.mean_margin, statistics.mean(r.margin for r in rows))
    assert math.isclose(summary.sd_margin, statistics.stdev(r.margin for r in rows))
    for seat in range(3):
        wins = sum(1 / len(r.winners) for r in rows if seat in r.winners)
        assert math.isclose(summary.win_rate[seat], wins / 60)
        assert math.isclose(summary.mean_score[seat], statistics.mean(r.scores[seat] for r in rows))
    assert math.isclose(summary.shared_wins, sum(r.shared for r in rows) / 60)
    assert list(iter_games(rules, 3, 60, seed=3)) == list(rows)


def test_margin_is_the_winners_lead(rules: Ruleset) -> None:
    rows = simulate(rules, 4, 80, seed=9, keep_games=True).rows
    assert any(row.margin > 0 for row in rows)
    for row in rows:
        best = max(row.scores)
        assert row.winners == tuple(s for s, score in enumerate(row.scores) if score == best)
        if row.shared:
            assert row.margin == 0
        else:
            (winner,) = row.winners
            others = [score for seat, score in enumerate(row.scores) if seat != winner]
            assert row.margin == row.scores[winner] - max(others) > 0


def test_rows_are_kept_only_when_asked(rules: Ruleset) -> None:
    assert simulate(rules, 2, 3, seed=1).rows == ()


def test_summary_intervals_hold_their_means(rules: Ruleset) -> None:
    summary = simulate(rules, 4, 50, seed=2)
    for quantity in QUANTITIES:
        interval = summary.interval(quantity)
        m = summary.moments(quantity)
        assert interval.low <= m.mean <= interval.high
        assert m.minimum <= m.mean <= m.maximum
        assert math.isclose(interval.width, 2 * Z95 * m.sd / math.sqrt(50))
    for rate, interval in zip(summary.win_rate, summary.win_intervals, strict=True):
        assert 0.0 <= interval.low < rate < interval.high <= 1.0
    with pytest.raises(SerenissimaError, match="unknown quantity"):
        summary.interval("ducats")


def test_summary_units(rules: Ruleset) -> None:
    from serenissima.engine.registry import load_ruleset

    assert simulate(rules, 2, 1, seed=1).score_unit == "points"
    assert simulate(load_ruleset("modern"), 2, 1, seed=1).score_unit == "ducats"


def test_to_dict_is_json_with_intervals(rules: Ruleset) -> None:
    summary = simulate(rules, 3, 1, seed=1, keep_games=True)
    data = json.loads(json.dumps(summary.to_dict(per_game=True), allow_nan=False))
    assert data["seats"] == ["random"] * 3
    assert data["intervals"]["decisions"] == [None, None]  # one game says nothing of the spread
    assert len(data["intervals"]["win_rate"]) == 3
    assert data["per_game"][0]["index"] == 0
    assert "rows" not in data
    assert "per_game" not in summary.to_dict()


# Comparing two simulations


def test_comparing_a_simulation_with_itself_finds_no_difference(rules: Ruleset) -> None:
    a = simulate(rules, 3, 40, seed=1)
    comparison = compare_simulations(a, simulate(rules, 3, 40, seed=1))
    assert comparison.paired
    assert comparison.differing == ()
    assert [row.key for row in comparison.rows] == [
        "decisions",
        "turns",
        "chance",
        "margin",
        "shared_wins",
        "win_rate[0]",
        "win_rate[1]",
        "win_rate[2]",
    ]
    for row in comparison.rows:
        assert row.left == row.right
        assert 0.0 in row.difference


def test_a_smaller_die_makes_longer_races(rules: Ruleset) -> None:
    d6 = simulate(rules, 2, 200, seed=1, options={"may_stop": False})
    d4 = simulate(rules, 2, 200, seed=1, options={"may_stop": False, "die": "d4"})
    comparison = compare_simulations(d4, d6)
    decisions = comparison["decisions"]
    assert decisions.differs is True
    assert decisions.left > decisions.right
    assert decisions.difference.low > 0
    assert comparison["win_rate[0]"].differs is False  # seats are alike in both
    text = format_comparison(comparison)
    line = next(line for line in text.splitlines() if line.startswith("decisions"))
    assert line.split()[-1] == "yes"
    assert "per game" in text
    assert text.splitlines()[0].startswith("left: toy 1.0: 2 players, 200 random games")


def test_margins_in_different_units_are_not_tested(rules: Ruleset) -> None:
    a = simulate(rules, 2, 20, seed=1)
    b = attrs.evolve(a, score_unit="ducats", mean_margin=a.mean_margin + 5)
    comparison = compare_simulations(a, b)
    assert comparison["margin"].differs is None
    assert comparison["decisions"].differs is False
    assert "not compared" in format_comparison(comparison)


def test_comparison_needs_the_same_player_count(rules: Ruleset) -> None:
    with pytest.raises(SerenissimaError, match="3 and 2 players"):
        compare_simulations(simulate(rules, 3, 2, seed=1), simulate(rules, 2, 2, seed=1))


@pytest.mark.parametrize(
    ("left", "right", "ids", "label"),
    [
        ((), (), ("toy", "pond"), "seat 1"),
        (("venice", "genoa"), ("venice", "genoa"), ("toy", "pond"), "seat 1 (genoa)"),
        (("venice", "genoa"), (), ("toy", "pond"), "seat 1 (toy genoa)"),
        ((), ("spain", "turkey"), ("toy", "pond"), "seat 1 (pond turkey)"),
        (
            ("venice", "genoa"),
            ("spain", "turkey"),
            ("toy", "pond"),
            "seat 1 (toy genoa, pond turkey)",
        ),
        (
            ("venice", "genoa"),
            ("spain", "turkey"),
            ("toy", "toy"),
            "seat 1 (left genoa, right turkey)",
        ),
    ],
)
def test_seats_are_labelled_by_the_nation_of_each_side_that_has_one(
    rules: Ruleset,
    left: tuple[str, ...],
    right: tuple[str, ...],
    ids: tuple[str, str],
    label: str,
) -> None:
    base = simulate(rules, 2, 2, seed=1)
    a = attrs.evolve(base, seat_names=left, ruleset=ids[0])
    b = attrs.evolve(base, seat_names=right, ruleset=ids[1])
    assert seat_label(1, a, b) == label
    row = compare_simulations(a, b)["win_rate[1]"]
    assert row.label == f"win rate, {label}"
    assert "-" not in row.label


def test_the_editions_seats_are_labelled_without_a_dash() -> None:
    """Classic seats have nations; modern seats pick a starting port in play, so have none."""
    classic = simulate(load_ruleset("classic"), 4, 2, seed=1)
    modern = simulate(load_ruleset("modern"), 4, 2, seed=1)
    assert (classic.seat_names, modern.seat_names) == (("venice", "genoa", "spain", "turkey"), ())
    labels = [row.label for row in compare_simulations(classic, modern).rows[-4:]]
    assert labels == [
        "win rate, seat 0 (classic venice)",
        "win rate, seat 1 (classic genoa)",
        "win rate, seat 2 (classic spain)",
        "win rate, seat 3 (classic turkey)",
    ]
    both = compare_simulations(classic, classic)
    assert both["win_rate[3]"].label == "win rate, seat 3 (turkey)"


def test_comparison_to_dict(rules: Ruleset) -> None:
    comparison = compare_simulations(simulate(rules, 2, 5, seed=1), simulate(rules, 2, 5, seed=2))
    data = json.loads(json.dumps(comparison.to_dict()))
    assert data["paired"] is False
    assert data["rows"][0]["key"] == "decisions"
    assert (data["left"]["seed"], data["right"]["seed"]) == (1, 2)


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
    assert len(text.splitlines()) == 5
    assert "bytes pickled" in text.splitlines()[-1]
