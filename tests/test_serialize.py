"""JSON round trips of states, actions, events, observations and standings."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import toy
from serenissima.engine.core import Action, Event, Standings, State
from serenissima.engine.errors import ActionParseError, RecordError
from serenissima.engine.ruleset import Ruleset
from serenissima.records.converter import converter
from serenissima.records.serialize import from_data, from_json, to_data, to_json


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return toy.make_rules()


def _walk(rules: Ruleset, seed: int, steps: int) -> list[tuple[State, Action, tuple[Event, ...]]]:
    """Play ``steps`` actions (or to the end) picking by ``seed``; return what was played."""
    import random

    rng = random.Random(seed)
    state = rules.new_game(2 + seed % 3)
    played = []
    for _ in range(steps):
        actions = rules.legal_actions(state)
        if not actions:
            break
        action = actions[rng.randrange(len(actions))]
        new, events = rules.step(state, action)
        played.append((state, action, events))
        state = new
    return played


def test_an_action_is_written_with_its_class_as_type(rules: Ruleset) -> None:
    assert json.loads(to_json(rules, toy.Face(4))) == {"type": "Face", "value": 4}
    assert to_data(rules, toy.Roll()) == {"type": "Roll"}


@pytest.mark.parametrize("action", [toy.Roll(), toy.Stop(), toy.Face(6), toy.First(2)])
def test_actions_round_trip_as_action_and_as_their_class(rules: Ruleset, action: Action) -> None:
    text = to_json(rules, action)
    assert from_json(rules, Action, text) == action
    assert from_json(rules, type(action), text) == action


def test_events_round_trip_alone_and_as_a_tuple(rules: Ruleset) -> None:
    events = (toy.Started(1), toy.Moved(1, 3, 3), toy.Stopped(0))
    assert to_data(rules, events[1]) == {"seat": 1, "face": 3, "position": 3, "type": "Moved"}
    for event in events:
        assert from_json(rules, Event, to_json(rules, event)) == event
    assert from_json(rules, tuple[Event, ...], to_json(rules, events)) == events


def test_fractions_are_p_over_q_strings(rules: Ruleset) -> None:
    state = rules.apply(rules.apply(rules.new_game(3), toy.First(0)), toy.Roll())
    data = to_data(rules, state)
    assert data["chance"] == ["1/6"] * 6
    assert from_data(rules, toy.RaceState, data) == state


def test_union_field_of_the_state_is_tagged(rules: Ruleset) -> None:
    state = rules.apply(rules.apply(rules.new_game(2), toy.First(1)), toy.Roll())
    data = to_data(rules, state)
    assert data["last"] == {"type": "Roll"}
    data["last"] = {"type": "Stop"}
    assert from_data(rules, toy.RaceState, data).last == toy.Stop()
    data["last"] = None
    assert from_data(rules, toy.RaceState, data).last is None


def test_observation_with_an_action_field_round_trips(rules: Ruleset) -> None:
    state = rules.apply(rules.apply(rules.new_game(2), toy.First(1)), toy.Stop())
    observation = rules.observe(state, 0)
    data = to_data(rules, observation)
    assert data["last_action"] == {"type": "Stop"}
    assert from_data(rules, toy.RaceObservation, data) == observation


def test_standings_round_trip(rules: Ruleset) -> None:
    played = _walk(rules, seed=3, steps=200)
    final = rules.apply(played[-1][0], played[-1][1])
    standings = rules.standings(final)
    assert from_json(rules, Standings, to_json(rules, standings)) == standings


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 60))
def test_everything_seen_in_random_play_round_trips(seed: int, steps: int) -> None:
    rules = toy.make_rules()
    for state, action, events in _walk(rules, seed, steps):
        assert from_json(rules, toy.RaceState, to_json(rules, state)) == state
        assert from_json(rules, Action, to_json(rules, action)) == action
        assert from_json(rules, tuple[Event, ...], to_json(rules, events)) == events
        seat = max(state.to_act, 0)
        observation = rules.observe(state, seat)
        assert from_json(rules, toy.RaceObservation, to_json(rules, observation)) == observation


def test_one_converter_per_engine(rules: Ruleset) -> None:
    assert converter(rules) is converter(toy.make_rules(version="2.0"))


def test_pretty_output_is_the_same_data(rules: Ruleset) -> None:
    state = rules.new_game(2)
    assert json.loads(to_json(rules, state, indent=2)) == json.loads(to_json(rules, state))


# Bad input


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"type": "Jump"}', "unknown type 'Jump'; expected one of Roll, Stop, Face, First"),
        ('{"value": 3}', "missing the 'type' key"),
        ("[3]", "expected an object with a 'type' key"),
        ('{"type": "Face", "value": "3"}', "expected an integer, got '3' @ $.value"),
        ('{"type": "Face", "value": true}', "expected an integer, got True @ $.value"),
        ('{"type": "Face"}', "required field missing @ $.value"),
        ('{"type": "Face", "value": 3, "loaded": true}', "extra fields found (loaded)"),
        ("{roll}", "not valid JSON"),
    ],
)
def test_bad_action_json_raises_action_parse_error(rules: Ruleset, text: str, message: str) -> None:
    with pytest.raises(ActionParseError, match="cannot read action") as info:
        from_json(rules, Action, text)
    assert message in info.value.reason
    assert info.value.text == text


def test_action_of_another_class_than_asked_is_refused(rules: Ruleset) -> None:
    with pytest.raises(ActionParseError, match="describes a Roll"):
        from_json(rules, toy.Face, '{"type": "Roll"}')


def _state_data(rules: Ruleset) -> dict[str, Any]:
    state = rules.apply(rules.new_game(2), toy.First(0))
    data = to_data(rules, state)
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"stopped": [0, False]}, "expected true or false, got 0 @ $.stopped[0]"),
        ({"chance": ["1/0", "1/2"]}, "q > 0, got '1/0' @ $.chance[0]"),
        ({"chance": [0.5, "1/2"]}, "expected a fraction such as '1/6', got 0.5 @ $.chance[0]"),
        ({"last": {"type": "Face", "value": 1}}, "unknown type 'Face'; expected one of Roll, Stop"),
        ({"positions": "00"}, "$.positions"),
        ({"players": None}, "expected an integer, got None @ $.players"),
        ({"colour": "red"}, "extra fields found (colour)"),
    ],
)
def test_bad_state_data_raises_record_error_with_the_path(
    rules: Ruleset, change: dict[str, Any], message: str
) -> None:
    data = _state_data(rules) | change
    with pytest.raises(RecordError) as info:
        from_data(rules, toy.RaceState, data)
    assert message in str(info.value)


def test_missing_state_field_names_it(rules: Ruleset) -> None:
    data = _state_data(rules)
    del data["turn"]
    with pytest.raises(RecordError, match=r"required field missing @ \$\.turn"):
        from_data(rules, toy.RaceState, data)


def test_bad_event_json_raises_record_error(rules: Ruleset) -> None:
    with pytest.raises(RecordError, match="unknown type 'Roll'"):
        from_json(rules, Event, '{"type": "Roll"}')
    with pytest.raises(RecordError, match="not valid JSON"):
        from_json(rules, Event, b"\xff")


def test_fraction_reads_integers_and_negative_fractions(rules: Ruleset) -> None:
    data = _state_data(rules) | {"chance": [1, "-1/3", "2"]}
    state = from_data(rules, toy.RaceState, data)
    assert state.chance == (Fraction(1), Fraction(-1, 3), Fraction(2))


def test_single_action_class_is_still_tagged() -> None:
    @attrs.frozen(slots=True)
    class Only(Action):
        def text(self) -> str:
            return "only"

    class OneActionEngine(toy.RaceEngine):
        action_types: tuple[type[Action], ...] = (Only,)
        unions = ()

    base = toy.make_rules()
    rules = Ruleset(base.info, base.board, base.options, base.params, OneActionEngine())
    assert to_data(rules, Only()) == {"type": "Only"}
    assert from_data(rules, Action, {"type": "Only"}) == Only()
    with pytest.raises(ActionParseError, match="unknown type 'Other'"):
        from_data(rules, Action, {"type": "Other"})


@attrs.frozen(slots=True)
class _Choices(State):
    """A state with a union field that admits no None and a union of plain types."""

    choice: toy.Roll | toy.Stop
    history: tuple[toy.Roll | toy.Stop, ...]
    closed: str | tuple[str, ...]
    count: int | str = 0


def test_union_without_none_and_union_of_plain_types() -> None:
    class ChoicesEngine(toy.RaceEngine):
        state_type: type[State] = _Choices
        unions: tuple[Any, ...] = (toy.Roll | toy.Stop,)

    base = toy.make_rules()
    rules = Ruleset(base.info, base.board, base.options, base.params, ChoicesEngine())
    state = _Choices(2, 0, 0, toy.Stop(), (toy.Roll(), toy.Stop()), ("pisa", "genoa"), "many")
    data = to_data(rules, state)
    assert data["choice"] == {"type": "Stop"}
    assert data["closed"] == ["pisa", "genoa"]
    assert from_data(rules, _Choices, data) == state
    other = attrs.evolve(state, closed="random", count=3)
    assert from_json(rules, _Choices, to_json(rules, other)) == other
    with pytest.raises(
        RecordError, match=r"expected str or tuple\[str, \.\.\.\], got 3 @ \$\.closed"
    ):
        from_data(rules, _Choices, data | {"closed": 3})
    with pytest.raises(RecordError, match=r"unknown type 'Face'.* @ \$\.history\[1\]"):
        from_data(rules, _Choices, data | {"history": [{"type": "Roll"}, {"type": "Face"}]})
