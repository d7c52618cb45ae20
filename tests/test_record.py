"""Game records: JSON form, replay to the identical state, and every kind of corruption."""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import toy
from serenissima.engine.core import TERMINAL, Action, State
from serenissima.engine.errors import RecordError
from serenissima.engine.ruleset import Ruleset
from serenissima.records.record import RECORD_FORMAT, GameRecord, SeatResult
from serenissima.records.replay import record_ruleset, replay, replay_steps


@pytest.fixture
def rules(monkeypatch: pytest.MonkeyPatch) -> Ruleset:
    rules = toy.make_rules()
    monkeypatch.setitem(sys.modules, "serenissima.engine.registry", toy.fake_registry(rules))
    return rules


def _play(
    rules: Ruleset, players: int, seed: int, options: dict[str, object] | None = None
) -> tuple[State, list[Action]]:
    rng = random.Random(seed)
    state = rules.new_game(players, options)
    actions: list[Action] = []
    while state.to_act != TERMINAL:
        legal = rules.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        actions.append(action)
        state = rules.apply(state, action)
    return state, actions


def _record(rules: Ruleset, seed: int = 1, **options: object) -> tuple[GameRecord, State]:
    final, actions = _play(rules, 3, seed, dict(options))
    record = GameRecord.create(rules, 3, options, actions, rules.standings(final), {"by": "test"})
    return record, final


def test_record_keeps_ruleset_players_and_only_non_default_options(rules: Ruleset) -> None:
    record, _ = _record(rules, die="d4", may_stop=True)
    assert (record.format, record.ruleset, record.ruleset_version) == (2, "toy", "1.0")
    assert record.players == 3
    assert record.options == (("die", "d4"),)
    assert record.actions[0].startswith("first ")
    assert record.metadata == {"by": "test"}


def test_json_layout(rules: Ruleset) -> None:
    record, final = _record(rules, die="d4")
    data = json.loads(record.to_json())
    assert list(data) == [
        "format",
        "ruleset",
        "ruleset_version",
        "players",
        "options",
        "seed",
        "agents",
        "actions",
        "digests",
        "final_digest",
        "result",
        "metadata",
    ]
    assert data["format"] == RECORD_FORMAT == 2
    assert data["options"] == {"die": "d4"}
    assert data["actions"] == list(record.actions)
    winner = rules.standings(final).entries[0]
    assert data["result"][0] == {"seat": winner.seat, "rank": 1, "score": winner.score}


def test_json_round_trip(rules: Ruleset) -> None:
    record, _ = _record(rules)
    assert GameRecord.from_json(record.to_json()) == record
    assert GameRecord.from_json(record.to_json(indent=None).encode()) == record


def test_replay_reaches_the_identical_final_state(rules: Ruleset) -> None:
    record, final = _record(rules, die="d4")
    assert replay(GameRecord.from_json(record.to_json())) == final
    assert replay(record, rules) == final


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]), d4=st.booleans())
def test_any_random_game_replays_identically(seed: int, players: int, d4: bool) -> None:
    rules = toy.make_rules()
    options: dict[str, object] = {"die": "d4"} if d4 else {}
    final, actions = _play(rules, players, seed, options)
    record = GameRecord.create(rules, players, options, actions, rules.standings(final))
    assert replay(GameRecord.from_json(record.to_json()), rules) == final


def test_replay_upto_stops_early(rules: Ruleset) -> None:
    record, _ = _record(rules)
    start = replay(record, upto=0)
    assert start == rules.new_game(3)
    after_first = replay(record, upto=1)
    assert after_first == rules.apply(start, rules.parse_action(start, record.actions[0]))


def test_replay_steps_give_each_action_with_its_events(rules: Ruleset) -> None:
    record, final = _record(rules)
    steps = list(replay_steps(record))
    assert [str(s.action) for s in steps] == list(record.actions)
    assert [s.index for s in steps] == list(range(len(record.actions)))
    assert steps[-1].state == final
    assert any(isinstance(e, toy.Moved) for s in steps for e in s.events)


def test_unfinished_game_has_no_result_and_replays(rules: Ruleset) -> None:
    state = rules.apply(rules.new_game(2), toy.First(1))
    record = GameRecord.create(rules, 2, None, [toy.First(1)], rules.standings(state))
    assert record.result is None
    assert replay(GameRecord.from_json(record.to_json())) == state


def test_options_given_as_a_mapping_are_sorted_and_lists_become_tuples() -> None:
    record = GameRecord("toy", "1.0", 2, options={"b": ["x", "y"], "a": True})
    assert record.options == (("a", True), ("b", ("x", "y")))
    assert hash(record) == hash(GameRecord("toy", "1.0", 2, options={"a": True, "b": ("x", "y")}))


# Corrupt records, one kind at a time


def _data(rules: Ruleset) -> dict[str, Any]:
    record, _ = _record(rules)
    return record.to_data()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": 3}, "format: unknown record format 3; this version reads formats 1 and 2"),
        ({"format": "1"}, "format: expected an integer, got '1'"),
        ({"ruleset": ""}, "ruleset: expected a non-empty string"),
        ({"ruleset_version": 1}, "ruleset_version: expected a non-empty string, got 1"),
        ({"players": "three"}, "players: expected a positive integer, got 'three'"),
        ({"players": True}, "players: expected a positive integer, got True"),
        ({"options": ["die", "d4"]}, "options: expected an object of option values, got a list"),
        ({"options": {"die": 4}}, "options.die: expected a string, a boolean or a list"),
        ({"actions": "roll stop"}, "actions: expected a list of action texts, got a string"),
        ({"actions": ["first 0", 7]}, "actions[1]: expected an action text, got 7"),
        ({"result": {"winner": 0}}, "result: expected a list of seat results or null"),
        ({"result": [{"seat": 0, "rank": 1}]}, "result[0]: expected an object with seat, rank"),
        (
            {"result": [{"seat": 0, "rank": "1", "score": 3}]},
            "result[0].rank: expected an integer",
        ),
        ({"metadata": {"round": 3}}, "metadata.round: expected a string, got 3"),
        ({"metadata": "x"}, "metadata: expected an object of strings, got a string"),
        ({"comment": "hi"}, "comment: unknown field in a format 2 record"),
    ],
)
def test_corrupt_field_is_named(rules: Ruleset, change: dict[str, Any], message: str) -> None:
    text = json.dumps(_data(rules) | change)
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(text)
    assert str(info.value) == message or str(info.value).startswith(message)


@pytest.mark.parametrize("field", ["format", "ruleset", "ruleset_version", "players", "actions"])
def test_missing_field_is_named(rules: Ruleset, field: str) -> None:
    data = _data(rules)
    del data[field]
    with pytest.raises(RecordError, match=f"^{field}: missing field"):
        GameRecord.from_data(data)


@pytest.mark.parametrize(("text", "message"), [("{", "must be JSON"), ("[1, 2]", "got a list")])
def test_not_a_record_at_all(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(text)


def test_optional_fields_may_be_left_out(rules: Ruleset) -> None:
    data = _data(rules)
    for field in ("options", "result", "metadata"):
        del data[field]
    record = GameRecord.from_data(data)
    assert (record.options, record.result, record.metadata) == ((), None, {})
    replay(record)


def test_unknown_ruleset(rules: Ruleset) -> None:
    record = GameRecord.from_data(_data(rules) | {"ruleset": "atlantis"})
    with pytest.raises(
        RecordError, match=r"^ruleset: 'atlantis' is not an installed ruleset \(toy\)"
    ):
        replay(record)
    with pytest.raises(RecordError, match=r"^ruleset: cannot load 'atlantis': .*installed ruleset"):
        replay(record, allow_folder=True)


def test_version_mismatch(rules: Ruleset) -> None:
    record = GameRecord.from_data(_data(rules) | {"ruleset_version": "0.9"})
    with pytest.raises(RecordError, match=r"^ruleset_version: .*'0\.9'.*version '1\.0' is loaded"):
        replay(record)


def test_other_ruleset_given(rules: Ruleset) -> None:
    record, _ = _record(rules)
    with pytest.raises(
        RecordError, match=r"^ruleset: the record is a game of 'toy', not of 'pond'"
    ):
        record_ruleset(record, toy.make_rules(ruleset_id="pond"))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"options": {"die": "d20"}}, "^options.die: expected one of d6, d4, got 'd20'"),
        ({"options": {"wind": "east"}}, "^options.wind: unknown option"),
        ({"players": 9}, "^players: this ruleset is for 2, 3, 4 players"),
    ],
)
def test_options_the_ruleset_refuses(rules: Ruleset, change: dict[str, Any], message: str) -> None:
    record = GameRecord.from_data(_data(rules) | change)
    with pytest.raises(RecordError, match=message):
        replay(record)


def test_unreadable_action_gives_its_index(rules: Ruleset) -> None:
    data = _data(rules)
    data["actions"][2] = "jump"
    with pytest.raises(RecordError, match=r"^actions\[2\]: cannot read 'jump': expected 'roll'"):
        replay(GameRecord.from_data(data))


def test_illegal_action_gives_its_index_and_rule(rules: Ruleset) -> None:
    data = _data(rules)
    assert data["actions"][1] in ("roll", "stop")
    data["actions"][1] = "die 4"
    with pytest.raises(RecordError, match=r"^actions\[1\]: 'die 4' is illegal here \(T-TURN: "):
        replay(GameRecord.from_data(data))


def test_action_after_the_end_is_illegal(rules: Ruleset) -> None:
    data = _data(rules)
    data["actions"].append("roll")
    index = len(data["actions"]) - 1
    with pytest.raises(RecordError, match=rf"^actions\[{index}\]: 'roll' is illegal here \(T-END"):
        replay(GameRecord.from_data(data))


def test_result_that_disagrees_with_the_replay(rules: Ruleset) -> None:
    data = _data(rules)
    data["result"][0]["score"] += 1
    with pytest.raises(RecordError, match=r"^result: the record says seat"):
        replay(GameRecord.from_data(data))


def test_result_of_an_unfinished_game(rules: Ruleset) -> None:
    data = _data(rules)
    data["actions"] = data["actions"][:3]
    data["digests"] = data["digests"][:3]
    data["final_digest"] = None
    with pytest.raises(RecordError, match=r"^result: .*do not end the game"):
        replay(GameRecord.from_data(data))
    assert replay(GameRecord.from_data(data), upto=3) is not None  # upto skips the check


@pytest.mark.parametrize("upto", [-1, 10_000])
def test_upto_out_of_range(rules: Ruleset, upto: int) -> None:
    record, _ = _record(rules)
    with pytest.raises(RecordError, match=r"^upto: expected 0\.\."):
        replay(record, upto=upto)


def test_seat_result_is_plain_data() -> None:
    assert SeatResult(1, 2, 3) == SeatResult(seat=1, rank=2, score=3)
