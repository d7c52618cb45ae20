"""Each edition's JSON Schemas accept what the converter writes and refuse what it refuses."""

from __future__ import annotations

import json
import random
from typing import Any

import jsonschema
import pytest

import serenissima as ser
from serenissima.records.schema import DIALECT, json_schema
from serenissima.records.serialize import from_data, to_data

EDITIONS = ["classic", "modern"]


def _validator(rules: ser.Ruleset, cls: Any) -> jsonschema.Draft202012Validator:
    schema = json_schema(rules, cls)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _json(rules: ser.Ruleset, obj: Any) -> Any:
    return json.loads(json.dumps(to_data(rules, obj)))


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", [2, 4])
def test_every_action_event_observation_and_state_of_random_games_is_valid(
    edition: str, players: int
) -> None:
    rules = ser.load_ruleset(edition)
    engine = rules.engine
    check = {
        "action": _validator(rules, ser.Action),
        "event": _validator(rules, ser.Event),
        "observation": _validator(rules, engine.observation_type),
        "state": _validator(rules, engine.state_type),
    }
    kinds_seen: set[str] = set()
    for seed in range(2):
        game = ser.Game(rules, players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over():
            game.advance()
            if game.is_over():
                break
            legal = game.legal_actions()
            for action in legal[:20]:
                check["action"].validate(_json(rules, action))
            action = rng.choice(legal)
            for event in game.play(action):
                check["event"].validate(_json(rules, event))
                kinds_seen.add(type(event).__name__)
            for seat in [None, *range(players)]:
                check["observation"].validate(_json(rules, game.observe(seat)))
            check["state"].validate(_json(rules, game.state))
    assert len(kinds_seen) > 5


@pytest.mark.parametrize("edition", EDITIONS)
def test_what_the_schema_refuses_the_converter_refuses_too(edition: str) -> None:
    rules = ser.load_ruleset(edition)
    cls = rules.engine.observation_type
    check = _validator(rules, cls)
    good = _json(rules, rules.observe(rules.new_game(3), 1))
    wrong_type = good | {"players": "3"}
    extra = good | {"secret": 1}
    missing = {k: v for k, v in good.items() if k != "ducats"}
    for bad in (wrong_type, extra, missing):
        assert not check.is_valid(bad)
        with pytest.raises(ser.RecordError):
            from_data(rules, cls, bad)


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_action_must_name_its_class(edition: str) -> None:
    rules = ser.load_ruleset(edition)
    check = _validator(rules, ser.Action)
    state = rules.new_game(3)
    action = (rules.legal_actions(state) or tuple(a for a, _ in rules.chance_outcomes(state)))[0]
    data = _json(rules, action)
    assert check.is_valid(data)
    assert not check.is_valid({k: v for k, v in data.items() if k != "type"})
    assert not check.is_valid(data | {"type": "NoSuchAction"})


def test_the_schema_says_its_dialect_and_defines_each_class_once() -> None:
    rules = ser.load_ruleset("classic")
    schema = json_schema(rules, tuple[ser.Event, ...], title="Events")
    assert schema["$schema"] == DIALECT
    assert schema["title"] == "Events"
    assert schema["type"] == "array"
    members = schema["$defs"]["Event"]["oneOf"]
    assert len(members) == len(rules.engine.event_types)
    assert {m["$ref"] for m in members} == {
        f"#/$defs/{cls.__name__}" for cls in rules.engine.event_types
    }


def test_a_type_with_no_json_form_is_refused() -> None:
    rules = ser.load_ruleset("modern")
    with pytest.raises(ser.ArgumentTypeError):
        json_schema(rules, complex)
