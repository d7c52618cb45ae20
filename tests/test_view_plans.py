"""Vectors written from the state and the seat directly equal the vectors of the observations."""

from __future__ import annotations

import random
from types import SimpleNamespace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games import random_walk

import serenissima as ser
from serenissima.engine.arrays import Observer
from serenissima.engine.chance import sample_outcome
from serenissima.engine.core import CHANCE, TERMINAL, State
from serenissima.engine.encoding import Writer
from serenissima.engine.errors import ArgumentValueError, StateError
from serenissima.engine.view_plans import SEAT, ViewPlan, ViewWriter, one_hot

EDITIONS = ("classic", "modern")


def _whole(rules: ser.Ruleset, state: State, seat: int | None) -> list[float]:
    """The observation's vector written whole, as float32 numbers."""
    writer = Writer(rules.observation_layout(state.players).size)
    rules.engine.encode_observation(rules, rules.observe(state, seat), writer)
    return np.float32(writer.vector()).tolist()


@pytest.mark.parametrize("edition", EDITIONS)
@settings(max_examples=10, deadline=None)
@given(
    players=st.sampled_from((2, 3, 4)),
    seeds=st.lists(st.integers(0, 10**6), min_size=1, max_size=3),
    picks=st.lists(st.tuples(st.integers(0, 10**6), st.integers(-1, 3)), min_size=5, max_size=60),
)
def test_views_written_from_the_state_equal_the_observations_vectors(
    edition: str, players: int, seeds: list[int], picks: list[tuple[int, int]]
) -> None:
    # views of several games (set-up, chance, the end), in any order, from any seat or a
    # spectator, through one observer: each equals the vector of the seat's observation
    rules = ser.load_ruleset(edition)
    games = [random_walk(rules, players, seed, 300) for seed in seeds]
    observer = Observer(rules, players)
    floats = Observer(rules, players)
    for number, (pick, seat_pick) in enumerate(picks):
        states = games[number % len(games)]
        state = states[pick % len(states)]
        seat = None if seat_pick < 0 else seat_pick % players
        whole = _whole(rules, state, seat)
        assert observer.vector(state, seat).tolist() == whole
        assert floats.floats_of(state, seat) == whole


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_game_seen_from_every_seat_and_a_spectator(edition: str, players: int) -> None:
    rules = ser.load_ruleset(edition)
    observer = Observer(rules, players)
    tensor = np.zeros(observer.size, np.float32)
    for number, state in enumerate(random_walk(rules, players, players + 7, 800)):
        for seat in (*range(players), None):
            whole = _whole(rules, state, seat)
            if number % 2:
                assert observer.vector(state, seat, out=tensor) is tensor
                assert tensor.tolist() == whole
            else:
                assert observer.floats_of(state, seat) == whole


def test_views_of_another_game_go_the_observations_way() -> None:
    rules = ser.load_ruleset("classic")
    observer = Observer(rules, 2)
    four = rules.new_game(4)
    with pytest.raises(ArgumentValueError, match="numbers, not the layout"):
        observer.vector(four, 0)
    with pytest.raises(StateError):
        observer.vector(rules.new_game(2), 2)
    unlimited = {"sailor_pool": "unlimited"}
    other = rules.new_game(2, unlimited)
    assert observer.vector(other, 1).tolist() == _whole(rules, other, 1)
    # an observer of games with those options writes their views from the states
    rng = random.Random(3)
    observer = Observer(rules, 2, unlimited)
    state = other
    for _ in range(60):
        for seat in (0, 1, None):
            assert observer.vector(state, seat).tolist() == _whole(rules, state, seat)
        if state.to_act == TERMINAL:
            break
        if state.to_act == CHANCE:
            state = rules.apply(state, sample_outcome(rules.chance_outcomes(state), rng))
        else:
            state = rules.apply(state, rng.choice(rules.legal_actions(state)))


def _plan(calls: list[str]) -> ViewPlan:
    seats = one_hot(range(2))

    def turn(state: SimpleNamespace, seat: int | None, ctx: float) -> tuple[float, ...]:
        calls.append("turn")
        return (state.turn / ctx,)

    def port(index: int, key: int, state: SimpleNamespace, ctx: float) -> tuple[float, ...]:
        calls.append(f"port {index}")
        if key < 0:
            raise RuntimeError("a broken piece")
        return (key / ctx, float(index))

    return ViewPlan(
        (
            (("turn",), turn),
            ((SEAT,), lambda state, seat, ctx: seats[seat]),
            (("ports",), port, lambda state, seat, ctx: state.ports),
        )
    )


def test_a_writer_writes_again_only_the_parts_and_pieces_that_changed() -> None:
    calls: list[str] = []
    writer = ViewWriter(_plan(calls), 4.0, SimpleNamespace(turn=0, ports=(0, 0)), 7)
    ports = (1, 2)
    writer.write(SimpleNamespace(turn=1, ports=ports), 0)
    assert writer.values.tolist() == [0.25, 1.0, 0.0, 0.25, 0.0, 0.5, 1.0]
    calls.clear()
    writer.dirty.clear()
    writer.write(SimpleNamespace(turn=1, ports=(1, 3)), 1)  # another seat, one port
    assert calls == ["port 1"]
    assert writer.dirty == [(1, 3), (5, 7)]
    assert writer.values.tolist() == [0.25, 0.0, 1.0, 0.25, 0.0, 0.75, 1.0]
    with pytest.raises(RuntimeError, match="broken"):
        writer.write(SimpleNamespace(turn=2, ports=(1, -3)), 1)
    # a write that failed half way is followed by a whole one
    calls.clear()
    writer.write(SimpleNamespace(turn=1, ports=(1, 3)), 1)
    assert calls == ["turn", "port 0", "port 1"]


def test_plans_and_writers_refuse_what_they_cannot_write() -> None:
    with pytest.raises(ArgumentValueError, match="at least one part"):
        ViewPlan(())
    with pytest.raises(ArgumentValueError, match="read at least one field"):
        ViewPlan((((), lambda state, seat, ctx: ()),))
    start = SimpleNamespace(turn=0, ports=(0, 0))
    with pytest.raises(ArgumentValueError, match="hold 7 numbers, not 8"):
        ViewWriter(_plan([]), 4.0, start, 8)
    with pytest.raises(ArgumentValueError, match="typecode"):
        ViewWriter(_plan([]), 4.0, start, 7, "i")
    writer = ViewWriter(_plan([]), 4.0, start, 7)
    with pytest.raises(ArgumentValueError, match="3 pieces, not 2"):
        writer.write(SimpleNamespace(turn=0, ports=(0, 0, 0)), 0)


def test_a_part_of_one_piece_is_written_again_only_when_its_key_changes() -> None:
    calls: list[object] = []

    def focus(index: int, key: tuple[int, ...], state: SimpleNamespace, ctx: None) -> tuple[float]:
        calls.append(key)
        if key[0] < 0:
            raise RuntimeError("a broken piece")
        return (float(key[0]),)

    def keys(state: SimpleNamespace, seat: int | None, ctx: None) -> tuple[tuple[int]]:
        return ((state.phase % 3 if state.phase >= 0 else state.phase,),)

    plan = ViewPlan(((("phase",), focus, keys),))
    writer = ViewWriter(plan, None, SimpleNamespace(phase=0), 1)
    for phase in (1, 4, 2, 5):  # 4 and 5 give the keys of 1 and 2 again: equal tuples
        writer.write(SimpleNamespace(phase=phase), 0)
    assert calls == [(0,), (1,), (2,)]  # the first while learning the sizes
    assert writer.values.tolist() == [2.0]
    with pytest.raises(RuntimeError, match="broken"):
        writer.write(SimpleNamespace(phase=-3), 0)
    writer.write(SimpleNamespace(phase=2), 0)  # the key it had, but the last write failed
    assert calls[-1] == (2,)
    assert writer.values.tolist() == [2.0]


@pytest.mark.parametrize("count", [3, 40, 200])
def test_a_mask_rewritten_in_place_holds_the_new_indexes_alone(count: int) -> None:
    # a few indexes are set byte by byte, many through numpy: the same mask either way
    observer = Observer(ser.load_ruleset("classic"), 2)
    rng = random.Random(count)
    mask = observer.mask(())
    previous: tuple[int, ...] = ()
    for _ in range(5):
        legal = tuple(rng.sample(range(observer.num_actions), count))
        assert observer.mask(legal, out=mask, previous=previous) is mask
        assert np.flatnonzero(mask).tolist() == sorted(legal)
        previous = legal
