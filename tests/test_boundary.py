"""The Ruleset boundary: hostile arguments get typed errors, and nothing changes.

Hypothesis hands every public ``Ruleset`` method values of the wrong type, garbage
text, seats out of range, states of the other edition, and actions of other
states, other seats and the other edition. Only ``SerenissimaError`` may come
out: ``ArgumentTypeError`` (also a ``TypeError``) for a wrong type, the other
errors (also ``ValueError``) for a wrong value; an illegal action is never
accepted; and the state handed in is unchanged.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import random_walk
from serenissima.agents import make_agent
from serenissima.engine.core import CHANCE, TERMINAL, Action, State
from serenissima.engine.errors import (
    ArgumentTypeError,
    ArgumentValueError,
    IllegalActionError,
    SerenissimaError,
    StateError,
)
from serenissima.engine.registry import load_ruleset
from serenissima.records.game import Game

EDITIONS = ("classic", "modern")
RULES = {name: load_ruleset(name) for name in EDITIONS}


def _typed(call: Any) -> object:
    """Call; let only typed errors out: a TypeError if of the wrong type, else a ValueError."""
    error: SerenissimaError | None = None
    try:
        return call()
    except SerenissimaError as raised:
        error = raised
    expected = TypeError if isinstance(error, ArgumentTypeError) else ValueError
    assert isinstance(error, expected), type(error)
    return None


junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True),
    st.text(max_size=40),
    st.binary(max_size=20),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    st.just(object()),
    st.just(Action()),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    edition=st.sampled_from(EDITIONS),
    players=st.sampled_from((2, 3, 4)),
    seed=st.integers(0, 2**20),
    steps=st.integers(0, 250),
    value=junk,
    pick=st.integers(0, 10**6),
    text=st.text(max_size=40),
)
def test_hostile_arguments_get_typed_errors_and_change_nothing(
    edition: str, players: int, seed: int, steps: int, value: Any, pick: int, text: str
) -> None:
    rules = RULES[edition]
    other = RULES[next(name for name in EDITIONS if name != edition)]
    states = random_walk(rules, players, seed, steps)
    state = states[-1]
    before = pickle.dumps(state)
    strangers = random_walk(other, players, seed, 30)
    stranger = strangers[pick % len(strangers)]
    elsewhere = states[pick % len(states)]
    foreign_actions = [
        *(rules.legal_actions(elsewhere) if elsewhere.to_act >= 0 else ()),
        *(other.legal_actions(stranger) if stranger.to_act >= 0 else ()),
    ]
    calls = [
        lambda: rules.legal_actions(value),
        lambda: rules.apply(state, value),
        lambda: rules.step(state, value),
        lambda: rules.apply_unchecked(value, Action()),
        lambda: rules.apply(stranger, value),
        lambda: rules.parse_action(state, value),
        lambda: rules.parse_action(state, text),
        lambda: rules.observe(state, value),
        lambda: rules.render(state, value),
        lambda: rules.evaluate(state, value),
        lambda: rules.observe(stranger, 0),
        lambda: rules.decision(value),
        lambda: rules.standings(value),
        lambda: rules.is_over(value),
        lambda: rules.chance_outcomes(value),
    ]
    for call in calls:
        result = _typed(call)
        # junk may be a fine seat or text, but never an action that gets applied
        assert not isinstance(result, State), (call, value)
        assert pickle.dumps(state) == before
    _typed(lambda: rules.new_game(value))
    _typed(lambda: rules.new_game(players, value))
    legal = rules.legal_actions(state) if state.to_act != TERMINAL else ()
    for action in foreign_actions[:8]:
        if action in legal:
            assert rules.apply(state, action) is not state
        elif isinstance(action, rules.engine.action_types):
            with pytest.raises(IllegalActionError):
                rules.apply(state, action)
        else:  # an action of the other edition
            with pytest.raises(ArgumentTypeError, match="an Action of this ruleset"):
                rules.apply(state, action)
        assert pickle.dumps(state) == before


@pytest.mark.parametrize("edition", EDITIONS)
def test_text_is_not_an_action(edition: str) -> None:
    rules = RULES[edition]
    state = rules.new_game(players=4)
    text = str(rules.legal_actions(state)[0])
    with pytest.raises(ArgumentTypeError, match="parse_action") as info:
        rules.apply(state, text)  # type: ignore[arg-type]
    assert isinstance(info.value, TypeError)
    assert rules.apply(state, rules.parse_action(state, text)) is not state


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda r, s: r.observe(s, "0"), "seat"),
        (lambda r, s: r.observe(s, True), "seat"),
        (lambda r, s: r.render(s, 1.0), "seat"),
        (lambda r, s: r.parse_action(s, None), "text"),
        (lambda r, s: r.legal_actions(None), "state"),
        (lambda r, s: r.new_game("4"), "players"),
        (lambda r, s: r.new_game(4, ["fog"]), "options"),
    ],
)
def test_each_wrong_type_names_its_argument(call: Any, argument: str) -> None:
    rules = RULES["modern"]
    with pytest.raises(ArgumentTypeError) as info:
        call(rules, rules.new_game(4))
    assert info.value.argument == argument
    assert argument in str(info.value)


def test_a_seat_out_of_range_is_a_value_error() -> None:
    rules = RULES["classic"]
    with pytest.raises(StateError) as info:
        rules.observe(rules.new_game(3), 3)
    assert isinstance(info.value, ValueError)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    edition=st.sampled_from(EDITIONS),
    seed=st.integers(0, 2**20),
    steps=st.integers(0, 120),
    value=junk,
    text=st.text(max_size=30),
)
def test_a_game_refuses_hostile_input_and_keeps_its_history(
    edition: str, seed: int, steps: int, value: Any, text: str
) -> None:
    game = Game(RULES[edition], players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over():
            break
        if game.to_act == CHANCE:
            game.resolve_chance()
        else:
            game.play(rng.choice(game.legal_actions()))
    for call in (
        lambda: game.play(value),
        lambda: game.play(text),
        lambda: game.undo(value),
        lambda: game.observe(value),
        lambda: game.record(value),
    ):
        before = (game.state, game.history)
        error: SerenissimaError | None = None
        try:
            call()
        except SerenissimaError as raised:
            error = raised
        if error is not None:
            assert (game.state, game.history) == before  # a refused call changes nothing
            expected = TypeError if isinstance(error, ArgumentTypeError) else ValueError
            assert isinstance(error, expected)
    # whatever was accepted was legal: the history replays from the start
    assert Game.from_record(game.record()).state == game.state


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda: Game(None, 3), "rules"),  # type: ignore[arg-type]
        (lambda: Game(RULES["modern"], 3, seed="x"), "seed"),  # type: ignore[arg-type]
        (lambda: Game(RULES["modern"], 3, 2), "options"),  # type: ignore[arg-type]
        (lambda: Game(RULES["modern"], 3).undo("1"), "n"),  # type: ignore[arg-type]
        (lambda: Game(RULES["modern"], 3).record({"who": 1}), "metadata"),  # type: ignore[dict-item]
        (lambda: make_agent(None), "kind"),  # type: ignore[arg-type]
        (lambda: make_agent("random", seed="x"), "seed"),  # type: ignore[arg-type]
    ],
)
def test_game_and_agent_arguments_of_the_wrong_type(call: Any, argument: str) -> None:
    with pytest.raises(ArgumentTypeError) as info:
        call()
    assert info.value.argument == argument


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_an_agent_does_not_act_for_chance_or_after_the_end(kind: str) -> None:
    rules = RULES["modern"]
    state = rules.new_game(3)
    while state.to_act != CHANCE:
        state = rules.apply(state, rules.legal_actions(state)[0])
    with pytest.raises(StateError, match="no seat decides"):
        make_agent(kind, seed=1).act(rules, state)


def test_usage_errors_are_value_errors() -> None:
    game = Game(RULES["classic"], 2, seed=1)
    with pytest.raises(ArgumentValueError) as info:
        game.undo(1)
    assert isinstance(info.value, ValueError)
    with pytest.raises(ArgumentValueError, match="at least one"):
        game.undo(0)


@pytest.mark.parametrize("value", [None, 5, b"modern", ["modern"]])
def test_load_ruleset_refuses_what_is_no_name_or_path(value: Any) -> None:
    with pytest.raises(ArgumentTypeError) as info:
        load_ruleset(value)
    assert info.value.argument == "name_or_path"


@pytest.mark.parametrize("name", ["", "   ", "x" * 5000, "\x00"])
def test_load_ruleset_answers_any_text_with_a_ruleset_error(name: str) -> None:
    from serenissima.engine.errors import RulesetError

    with pytest.raises(RulesetError, match="expected an installed ruleset") as info:
        load_ruleset(name)
    assert len(str(info.value)) < 200
