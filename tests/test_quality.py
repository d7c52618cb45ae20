"""The game-quality measures: on hand-made series and traces with known answers, and on games."""

from __future__ import annotations

import pickle
import random
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import toy
from serenissima.analysis.quality.metrics import METRICS, columns, metric_spec, statistic
from serenissima.analysis.quality.series import lead_changes, leaders, worst_deficits
from serenissima.analysis.quality.trace import (
    GameTrace,
    KindTally,
    QualityJob,
    first_player,
    play_traces,
    trace_game,
)
from serenissima.analysis.simulate.batch import game_seeds, simulate
from serenissima.engine.errors import ArgumentTypeError, SerenissimaError
from serenissima.engine.registry import load_ruleset


def trace(**changes: Any) -> GameTrace:
    """A hand-made two-seat game: seat 0 wins, led throughout, one decision kind."""
    base = GameTrace(
        ruleset="toy",
        index=0,
        seed=0,
        seats=("random", "random"),
        names=(),
        first=0,
        decisions=10,
        seat_decisions=(5, 5),
        chance=3,
        turns=4,
        scores=(10, 5),
        winners=(0,),
        kinds=(KindTally("run", 10, 20, 10),),
        leaders=((0,), (0,)),
        lead_changes=0,
        deficits=(0.0, 0.5),
    )
    return attrs.evolve(base, **changes)


def figures(traces: list[GameTrace], **kw: Any) -> dict[str, float]:
    return dict(statistic(traces, **kw)([1] * len(traces)))


# --- series of scores ------------------------------------------------------------------------


def test_leaders_are_the_seats_level_at_the_top() -> None:
    assert leaders([1.0, 3.0, 2.0]) == (1,)
    assert leaders([3.0, 3.0, 2.0]) == (0, 1)
    assert leaders([0, 0]) == (0, 1)


def test_lead_changes_count_a_new_sole_leader_only() -> None:
    assert lead_changes([(0, 0), (1, 0), (1, 1), (0, 1), (0, 2), (3, 2)]) == 2
    assert lead_changes([(5, 1), (5, 5), (6, 5)]) == 0  # a tie is no change
    assert lead_changes([(2, 1, 0), (2, 3, 0), (2, 3, 4), (5, 3, 4)]) == 3
    assert lead_changes([]) == 0


def test_worst_deficit_is_relative_to_the_leader_then() -> None:
    assert worst_deficits([(10.0, 5.0), (8.0, 10.0), (12.0, 12.0)]) == (0.2, 0.5)
    assert worst_deficits([(0.0, 0.0)]) == (0.0, 0.0)
    with pytest.raises(SerenissimaError):
        worst_deficits([])


scores = st.lists(st.integers(0, 50), min_size=2, max_size=4)


@given(st.lists(scores, min_size=1, max_size=12).filter(lambda p: len({len(s) for s in p}) == 1))
def test_series_measures_stay_in_their_ranges(points: list[list[int]]) -> None:
    changes = lead_changes(points)
    assert 0 <= changes <= len(points) - 1
    assert lead_changes([[3 * s for s in p] for p in points]) == changes  # units do not matter
    deficits = worst_deficits(points)
    assert all(0.0 <= d <= 1.0 for d in deficits)
    # a seat that led alone at every point never trailed
    for seat in range(len(points[0])):
        if all(leaders(p) == (seat,) for p in points):
            assert deficits[seat] == 0.0


# --- measures of hand-made traces ------------------------------------------------------------


def test_win_shares_count_a_shared_win_in_part() -> None:
    games = [trace(), trace(winners=(1,)), trace(winners=(0, 1)), trace()]
    found = figures(games)
    assert found["seat:0"] == pytest.approx(2.5 / 4)
    assert found["seat:1"] == pytest.approx(1.5 / 4)
    assert found["seat_gap"] == pytest.approx(0.25)
    assert found["shared_wins"] == pytest.approx(0.25)


def test_nation_shares_follow_the_nation_not_the_seat() -> None:
    games = [
        trace(names=("venice", "genoa")),
        trace(names=("genoa", "venice")),
        trace(names=("venice", "spain"), winners=(1,)),
    ]
    found = figures(games)
    assert found["nation:venice"] == pytest.approx(1 / 3)
    assert found["nation:genoa"] == pytest.approx(1 / 2)  # played in two games, won one
    assert found["nation:spain"] == pytest.approx(1.0)
    assert "nation:turkey" not in found


def test_first_players_wins_leave_out_games_without_one() -> None:
    games = [trace(first=0), trace(first=1), trace(first=-1), trace(first=1, winners=(0, 1))]
    assert figures(games)["first_player"] == pytest.approx((1 + 0 + 0.5) / 3)
    assert "first_player" not in figures([trace(first=-1)])


def test_decisiveness_counts_a_shared_lead_in_part() -> None:
    games = [
        trace(leaders=((0,), (0,))),
        trace(leaders=((1,), (0,))),
        trace(leaders=((0, 1), (1,))),
        trace(leaders=((1,), (1,)), winners=(0, 1)),
    ]
    found = figures(games)
    assert found["leader_50"] == pytest.approx((1 + 0 + 0.5 + 1) / 4)
    assert found["leader_75"] == pytest.approx((1 + 1 + 0 + 1) / 4)


def test_drama_is_the_winners_worst_deficit() -> None:
    games = [
        trace(deficits=(0.0, 0.5)),
        trace(deficits=(0.4, 0.0)),
        trace(deficits=(0.2, 0.6), winners=(0, 1)),
    ]
    assert figures(games)["drama"] == pytest.approx((0.0 + 0.4 + 0.4) / 3)


def test_duration_branching_and_decision_share() -> None:
    games = [
        trace(
            decisions=10,
            turns=4,
            kinds=(KindTally("run", 6, 18, 6), KindTally("pick", 4, 4, 0)),
            lead_changes=1,
        ),
        trace(decisions=30, turns=8, kinds=(KindTally("run", 30, 60, 20),), lead_changes=3),
    ]
    found = figures(games)
    assert found["decisions_per_seat"] == pytest.approx((5 + 15) / 2)
    assert found["turns"] == 6
    assert found["lead_changes"] == 2
    assert found["branching"] == pytest.approx((18 + 4 + 60) / 40)  # pooled over decisions
    assert found["decision_share"] == pytest.approx((6 + 20) / 40)
    assert found["kind:run"] == pytest.approx(78 / 36)
    assert found["kind:pick"] == 1.0


def test_score_spread_is_the_gap_over_the_mean_winning_score() -> None:
    games = [trace(scores=(10, 5)), trace(scores=(20, 20), winners=(0, 1)), trace(scores=(0, 0))]
    assert figures(games)["score_spread"] == pytest.approx((5 + 0 + 0) / (10 + 20 + 0))


def test_skill_is_the_stronger_seats_share() -> None:
    games = [trace(), trace(), trace(), trace()]
    skill = [
        trace(seats=("greedy", "random"), winners=(0,)),
        trace(seats=("random", "greedy"), winners=(0,)),
        trace(seats=("greedy", "random"), winners=(0, 1)),
        trace(seats=("random", "greedy"), winners=(1,)),
    ]
    assert figures(games, skill=skill, strong="greedy")["skill"] == pytest.approx(2.5 / 4)
    assert "skill" not in figures(games)
    with pytest.raises(SerenissimaError):
        columns(games, skill=skill[:2], strong="greedy")
    with pytest.raises(SerenissimaError):
        figures(games, skill=skill, strong="ismcts")


def test_every_measure_has_a_definition() -> None:
    keys = set(figures([trace()], skill=[trace()], strong="random"))
    assert {spec.key for spec in METRICS} <= keys
    for key in keys:
        spec = metric_spec(key)
        assert spec.definition.endswith(".")
        assert spec.label
    with pytest.raises(SerenissimaError):
        metric_spec("elegance")
    with pytest.raises(SerenissimaError):
        columns([])


# --- traces of games -------------------------------------------------------------------------


@pytest.fixture
def toy_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(
        sys.modules, "serenissima.engine.registry", toy.fake_registry(toy.make_rules())
    )


def test_a_trace_is_simulates_game_i(toy_registry: None) -> None:
    rules = toy.make_rules()
    rows = simulate(rules, 3, 6, seed=9, keep_games=True).rows
    for i, row in enumerate(rows):
        found = trace_game(QualityJob("toy", 3, 9, i, ("random",) * 3))
        assert (found.decisions, found.chance, found.turns) == (
            row.decisions,
            row.chance,
            row.turns,
        )
        assert (found.scores, found.winners, found.seed) == (row.scores, row.winners, row.seed)
        assert found.seed == game_seeds(9, i, 3).game
        assert found.first == -1  # the toy's state names no first player
        assert sum(found.seat_decisions) == found.decisions


def test_the_toys_choices_are_counted(toy_registry: None) -> None:
    free = trace_game(QualityJob("toy", 2, 1, 0, ("random", "random")))
    assert [(k.kind, k.actions, k.choices) for k in free.kinds] == [
        ("run", 2 * free.decisions, free.decisions)
    ]
    forced = trace_game(QualityJob("toy", 2, 1, 0, ("random",) * 2, (("may_stop", False),)))
    assert figures([forced])["decision_share"] == 0.0
    assert figures([forced])["branching"] == 1.0
    # with no choice the race is won by the first to the target: the leader at the end
    assert leaders(forced.scores) == forced.winners


def test_a_modern_trace_names_the_drawn_first_player() -> None:
    found = trace_game(QualityJob("modern", 3, 2, 1, ("random",) * 3))
    rows = simulate(load_ruleset("modern"), 3, 2, seed=2, keep_games=True).rows
    assert (found.decisions, found.scores) == (rows[1].decisions, rows[1].scores)
    assert 0 <= found.first < 3
    assert {k.kind for k in found.kinds} >= {"pick-galley", "loading"}


def test_the_classic_first_player_is_first_in_round_ones_order() -> None:
    rules = load_ruleset("classic")
    state = rules.new_game(3)
    rng = random.Random(2)
    assert first_player(state) is None
    for _ in range(1000):
        if first_player(state) is not None:
            break
        state = rules.apply(state, rng.choice(rules.legal_actions(state)))
    assert state.turn == 1
    assert first_player(state) == state.order[0]  # type: ignore[attr-defined]


def test_jobs_and_traces_cross_process_boundaries() -> None:
    job = QualityJob("classic", 2, 3, 0, ("greedy", "random"), (("money_unit", "100"),))
    assert pickle.loads(pickle.dumps(job)) == job
    found = trace_game(attrs.evolve(job, options=()))
    assert pickle.loads(pickle.dumps(found)) == found
    assert pickle.loads(pickle.dumps(trace_game)) is trace_game


def test_any_map_like_runner_plays_the_jobs() -> None:
    jobs = [QualityJob("modern", 2, 4, i, ("random",) * 2) for i in range(3)]
    calls: list[int] = []

    def runner(
        fn: Callable[[QualityJob], GameTrace], items: Iterable[QualityJob]
    ) -> Iterator[GameTrace]:
        for item in items:
            calls.append(item.index)
            yield fn(item)

    seen: list[tuple[int, int]] = []
    found = play_traces(jobs, runner, lambda done, total: seen.append((done, total)))
    assert found == play_traces(jobs)
    assert calls == [0, 1, 2]
    assert seen == [(1, 3), (2, 3), (3, 3)]
    with pytest.raises(SerenissimaError):
        play_traces(jobs, lambda fn, items: [fn(next(iter(items)))])


def test_bad_jobs_are_refused() -> None:
    with pytest.raises(ArgumentTypeError):
        trace_game("modern")  # type: ignore[arg-type]
    with pytest.raises(SerenissimaError):
        trace_game(QualityJob("modern", 2, 1, 0, ("genius", "random")))
    with pytest.raises(SerenissimaError):
        trace_game(QualityJob("no-such-edition", 2, 1, 0, ("random", "random")))
