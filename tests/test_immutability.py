"""States are values: applying an action never changes the state it is applied to.

Hypothesis plays a random stretch of a game of each edition, then applies every
legal action (or every chance outcome) of the state reached and checks that the
state is unchanged: equal to itself before, with the same pickle and the same
JSON. Every value inside a state must be immutable too (frozen attrs classes,
tuples, frozensets, numbers, strings), so no later step can change it in place.
"""

from __future__ import annotations

import pickle
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import toy
from games import random_walk
from serenissima.engine.core import CHANCE, TERMINAL, Action, Event, State
from serenissima.engine.registry import load_ruleset
from serenissima.engine.ruleset import Ruleset
from serenissima.records.serialize import to_json

EDITIONS = ("classic", "modern")
_ATOMS = (int, str, bool, float, Fraction, type(None))


@pytest.fixture(scope="module", params=EDITIONS)
def rules(request: pytest.FixtureRequest) -> Ruleset:
    return load_ruleset(request.param)


def assert_deeply_frozen(value: Any, path: str = "state") -> None:
    """Fail unless ``value`` and everything inside it is immutable."""
    if isinstance(value, _ATOMS):
        return
    if isinstance(value, tuple | frozenset):
        for i, item in enumerate(value):
            assert_deeply_frozen(item, f"{path}[{i}]")
        return
    cls = type(value)
    assert attrs.has(cls), f"{path} is a mutable {cls.__name__}"
    assert cls.__setattr__ is not object.__setattr__, f"{path}: {cls.__name__} is not frozen"
    for field in attrs.fields(cls):
        assert_deeply_frozen(getattr(value, field.name), f"{path}.{field.name}")


def test_a_mutable_value_inside_a_state_is_caught() -> None:
    @attrs.frozen
    class Inner:
        goods: list[str]

    @attrs.define
    class Loose:
        count: int

    with pytest.raises(AssertionError, match=r"state\.goods is a mutable list"):
        assert_deeply_frozen(Inner(["wine"]))
    with pytest.raises(AssertionError, match="Loose is not frozen"):
        assert_deeply_frozen((1, Loose(2)))


def check_apply_keeps(rules: Ruleset, state: State) -> None:
    """Apply every legal action (or chance outcome) of ``state``; fail if one changes it."""
    assert_deeply_frozen(state)
    if state.to_act == TERMINAL:
        return
    before_pickle = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
    before_json = to_json(rules, state)
    twin = pickle.loads(before_pickle)
    if state.to_act == CHANCE:
        actions = [action for action, _ in rules.chance_outcomes(state)]
    else:
        actions = list(rules.legal_actions(state))
    for action in actions:
        after = rules.apply(state, action)
        assert after is not state
        assert_deeply_frozen(after)
        assert state == twin, f"{action} changed the state it was applied to"
        assert pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL) == before_pickle
        assert to_json(rules, state) == before_json
        assert hash(state) == hash(twin)


@settings(max_examples=25, deadline=None)
@given(
    players=st.sampled_from((2, 3, 4)),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 600),
)
def test_apply_never_changes_its_input_state(
    rules: Ruleset, players: int, seed: int, steps: int
) -> None:
    check_apply_keeps(rules, random_walk(rules, players, seed, steps)[-1])


class _Careless(toy.RaceEngine):
    """The toy race, with a step that also writes into the state it was given."""

    def step(self, rules: Ruleset, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        new, events = super().step(rules, state, action)
        object.__setattr__(state, "turn", state.turn + 100)
        return new, events


def test_a_step_that_changes_its_input_is_caught() -> None:
    base = toy.make_rules()
    careless = Ruleset(base.info, base.board, base.options, base.params, _Careless())
    state = careless.new_game(2)
    check_apply_keeps(base, state)  # the toy itself keeps its input
    with pytest.raises(AssertionError, match="changed the state it was applied to"):
        check_apply_keeps(careless, state)
