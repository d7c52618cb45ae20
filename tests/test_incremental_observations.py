"""Observation vectors rewritten part by part equal vectors written whole, whatever came before."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games import random_walk

import serenissima as ser
from serenissima.engine.arrays import Observer
from serenissima.engine.core import State
from serenissima.engine.encoding import Writer
from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError, StateError
from serenissima.engine.slates import Plan, Slate

EDITIONS = ("classic", "modern")


def _whole(rules: ser.Ruleset, state: State, seat: int | None) -> tuple[float, ...]:
    """The vector written whole, by a writer on a new slate."""
    seen = rules.observe(state, seat)
    writer = Writer(rules.observation_layout(state.players).size)  # default options
    rules.engine.encode_observation(rules, seen, writer)
    return writer.vector()


@pytest.mark.parametrize("edition", EDITIONS)
@settings(max_examples=12, deadline=None)
@given(
    players=st.sampled_from((2, 3, 4)),
    seeds=st.lists(st.integers(0, 10**6), min_size=1, max_size=3),
    picks=st.lists(st.tuples(st.integers(0, 10**6), st.integers(-1, 3)), min_size=5, max_size=40),
)
def test_a_slate_rewritten_part_by_part_holds_the_whole_vector(
    edition: str, players: int, seeds: list[int], picks: list[tuple[int, int]]
) -> None:
    # views of several games, in any order and from any seat (or a spectator's),
    # go through one slate and one observer: each must equal the vector written whole
    rules = ser.load_ruleset(edition)
    games = [random_walk(rules, players, seed, 150) for seed in seeds]
    size = rules.observation_layout(players).size
    slate = Slate(size)
    observer = Observer(rules, players)
    for number, (pick, seat_pick) in enumerate(picks):
        states = games[number % len(games)]
        state = states[pick % len(states)]
        seat = None if seat_pick < 0 else seat_pick % players
        whole = _whole(rules, state, seat)
        rules.write_observation(rules.observe(state, seat), slate)
        assert tuple(slate.values) == whole
        assert observer.vector(state, seat).tolist() == np.float32(whole).tolist()


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", [2, 4])
def test_a_whole_game_seen_from_every_seat_in_turn(edition: str, players: int) -> None:
    rules = ser.load_ruleset(edition)
    observer = Observer(rules, players)
    floats = Observer(rules, players)
    for state in random_walk(rules, players, players, 600):
        for seat in range(players):
            whole = np.float32(_whole(rules, state, seat))
            assert np.array_equal(observer.vector(state, seat), whole)
            seen = rules.observe(state, seat)
            assert floats.floats(seen) == whole.tolist()


def test_most_parts_are_left_alone_from_one_view_to_the_next() -> None:
    # what makes the slate worth keeping: far fewer numbers written than the vector holds
    rules = ser.load_ruleset("classic")
    states = [s for s in random_walk(rules, 4, 5, 400) if s.to_act >= 0]
    slate = Slate(rules.observation_layout(4).size)
    written = 0
    for state in states:
        slate.dirty.clear()
        rules.write_observation(rules.observe(state, state.to_act), slate)
        written += sum(stop - start for start, stop in slate.dirty)
    assert written / len(states) < len(slate.values) / 5


def test_a_part_that_fails_half_way_is_written_again_whole() -> None:
    slate = Slate(4)

    def pair(w: Writer, values: tuple[float, float], fail: bool) -> None:
        w.numbers("first", (values[0],), "a number")
        if fail:
            raise RuntimeError("half way")
        w.numbers("second", (values[1],), "a number")

    def write(values: tuple[float, float], fail: bool = False) -> tuple[float, ...]:
        writer = Writer(4, slate)
        writer.cached(values, pair, values, fail)
        writer.each((values[0], values[1]), lambda w, i: w.numbers("x", (values[i],), "x"))
        return writer.vector()

    assert write((0.25, 0.5)) == (0.25, 0.5, 0.25, 0.5)
    with pytest.raises(RuntimeError):
        write((0.75, 1.0), fail=True)
    # the failed part kept no key: the same values as before are written again, not skipped
    assert write((0.25, 0.5)) == (0.25, 0.5, 0.25, 0.5)


def test_each_rewrites_only_the_parts_whose_key_changed() -> None:
    slate = Slate(3)
    calls: list[int] = []

    def part(w: Writer, index: int, values: list[float]) -> None:
        calls.append(index)
        w.numbers(f"part {index}", (values[index],), "a number")

    for values in ([0.1, 0.2, 0.3], [0.1, 0.9, 0.3], [0.1, 0.9, 0.3]):
        Writer(3, slate).each(values, part, values)
    assert calls == [0, 1, 2, 1]
    assert slate.values.tolist() == [0.1, 0.9, 0.3]


def test_bad_slates_outputs_and_observations_are_refused() -> None:
    rules = ser.load_ruleset("modern")
    state = rules.new_game(players=2)
    seen = rules.observe(state, 0)
    with pytest.raises(ArgumentValueError, match="slate holds 3 numbers"):
        rules.write_observation(seen, Slate(3))
    with pytest.raises(ArgumentTypeError, match="observation"):
        rules.write_observation(state, Slate(3))  # type: ignore[arg-type]
    observer = Observer(rules, 2)
    with pytest.raises(ArgumentValueError, match="shape"):
        observer.encode(seen, out=np.zeros(5, np.float32))
    with pytest.raises(ArgumentValueError, match="shape"):
        observer.mask((1,), out=np.zeros(5, np.int8))
    with pytest.raises(StateError):
        observer.vector(state, 7)
    four = rules.observe(rules.new_game(players=4), 0)
    with pytest.raises(ArgumentValueError, match="numbers, not the layout"):
        observer.encode(four)
    # a refused call leaves the observer as it was
    assert np.array_equal(observer.vector(state, 0), np.float32(_whole(rules, state, 0)))


def test_a_mask_clears_only_the_ones_it_is_told_of() -> None:
    observer = Observer(ser.load_ruleset("classic"), 2)
    mask = observer.mask((0, 10, 172_000 % observer.num_actions))
    again = observer.mask((5,), out=mask, previous=(0, 10, 172_000 % observer.num_actions))
    assert again is mask
    assert np.flatnonzero(mask).tolist() == [5]
    assert np.flatnonzero(observer.mask((), out=mask)).tolist() == []


def test_the_core_writes_vectors_without_numpy() -> None:
    # numpy comes with the rl and spiel extras; the core and its vectors need only Python
    import subprocess
    import sys

    code = (
        "import sys, serenissima as ser\n"
        "for name in ('classic', 'modern'):\n"
        "    rules = ser.load_ruleset(name)\n"
        "    state = rules.new_game(2)\n"
        "    rules.observation_vector(rules.observe(state, 0))\n"
        "assert 'numpy' not in sys.modules, 'numpy was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_parts_nested_too_deep_are_refused() -> None:
    def nest(w: Writer, depth: int) -> None:
        if depth:
            w.cached((depth,), nest, depth - 1)
        else:
            w.numbers("leaf", (0.5,), "a number")

    Writer(1, Slate(1)).cached((7,), nest, 6)  # seven parts deep: kept apart by their depth
    with pytest.raises(ArgumentValueError, match="7 deep at most"):
        Writer(1, Slate(1)).cached((8,), nest, 7)


@pytest.mark.parametrize("edition", EDITIONS)
def test_arrays_and_floats_of_one_observer_agree_however_they_alternate(edition: str) -> None:
    # OpenSpiel asks one game's observer for tensors as floats and for arrays in turn
    rules = ser.load_ruleset(edition)
    observer = Observer(rules, 2)
    for number, state in enumerate(random_walk(rules, 2, 11, 200)):
        seen = rules.observe(state, number % 2)
        whole = np.float32(_whole(rules, state, number % 2))
        if number % 3:
            assert np.array_equal(observer.encode(seen), whole)
        else:
            assert observer.floats(seen) == whole.tolist()


def test_a_plan_writes_only_the_parts_that_read_a_changed_field() -> None:
    calls: list[str] = []

    def turn(w: Writer, seen: SimpleNamespace) -> None:
        calls.append("turn")
        w.numbers("turn", (seen.turn / 10,), "the turn over 10")

    def board(w: Writer, seen: SimpleNamespace) -> None:
        calls.append("board")
        w.numbers("board", seen.board, "the board")

    plan = Plan(((("turn",), turn), (("board", "turn"), board)))
    assert plan.fields == ("turn", "board")
    slate = Slate(3, "f")
    board_a, board_b = (0.5, 0.25), (0.5, 0.75)
    for seen in (
        SimpleNamespace(turn=1, board=board_a),
        SimpleNamespace(turn=1, board=board_a),  # the same pieces: nothing written
        SimpleNamespace(turn=1, board=board_b),  # the board alone
        SimpleNamespace(turn=2, board=board_b),  # both read the turn
    ):
        slate.dirty.clear()
        Writer(3, slate).plan(plan, seen)
        assert slate.values.tolist() == np.float32([seen.turn / 10, *seen.board]).tolist()
    assert calls == ["turn", "board", "board", "turn", "board"]
    assert slate.dirty == [[0, 3]]
    # a writer without a size writes every part, and records the blocks
    writer = Writer()
    writer.plan(plan, SimpleNamespace(turn=5, board=board_a))
    assert writer.vector() == (0.5, 0.5, 0.25)
    assert [b.name for b in writer.layout().blocks] == ["turn", "board"]


def test_plans_and_slates_refuse_what_they_cannot_keep() -> None:
    with pytest.raises(ArgumentValueError, match="at least one part"):
        Plan(())
    with pytest.raises(ArgumentValueError, match="read at least one field"):
        Plan((((), lambda w, seen: None),))
    with pytest.raises(ArgumentValueError, match="typecode"):
        Slate(3, "i")


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_single_float_slate_is_the_float32_vector_numpy_reads_in_place(edition: str) -> None:
    rules = ser.load_ruleset(edition)
    states = random_walk(rules, 3, 5, 120)
    slate = Slate(rules.observation_layout(3).size, "f")
    view = np.frombuffer(slate.values, np.float32)
    for number, state in enumerate(states):
        seen = rules.observe(state, number % 3)
        rules.write_observation(seen, slate)
        assert np.array_equal(view, np.float32(_whole(rules, state, number % 3)))
