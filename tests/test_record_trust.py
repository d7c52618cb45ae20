"""Records to trust: the ruleset they may load, the digests and provenance they keep."""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import toy
from serenissima.agents import RandomAgent
from serenissima.engine.core import CHANCE
from serenissima.engine.errors import (
    ArgumentTypeError,
    ArgumentValueError,
    IllegalActionError,
    RecordError,
)
from serenissima.engine.registry import load_ruleset
from serenissima.engine.ruleset import Ruleset
from serenissima.records.digest import SHORT_DIGEST, StateHasher, state_digest
from serenissima.records.game import Game
from serenissima.records.record import GameRecord
from serenissima.records.replay import record_ruleset, replay, replay_steps

ROOT = Path(__file__).resolve().parent.parent
LAGOON = ROOT / "examples" / "custom_board"


@pytest.fixture
def rules(monkeypatch: pytest.MonkeyPatch) -> Ruleset:
    rules = toy.make_rules()
    monkeypatch.setitem(sys.modules, "serenissima.engine.registry", toy.fake_registry(rules))
    return rules


def _game(rules: Ruleset, seed: int = 1, players: int = 3) -> Game:
    """A whole game of the toy race: seats roll while they can, chance by the generator."""
    game = Game(rules, players, seed=seed)
    while not game.is_over():
        game.advance()
        if not game.is_over():
            game.play(game.legal_actions()[0])
    return game


def _edition_game(edition: str, seed: int = 3, decisions: int | None = None) -> Game:
    rules = load_ruleset(edition)
    game = Game(rules, 4, seed=seed)
    agent = RandomAgent(seed)
    made = 0
    while not game.is_over() and (decisions is None or made < decisions):
        game.advance()
        if not game.is_over():
            game.play(agent.act(rules, game.state))
            made += 1
    return game


def _edited(record: GameRecord, **changes: Any) -> GameRecord:
    return GameRecord.from_data(record.to_data() | changes)


# --- which ruleset a record may load ----------------------------------------------------


@pytest.mark.parametrize("name", ["../../etc", "/etc", "rulesets", "no-such-edition"])
def test_a_record_loads_installed_rulesets_only(name: str) -> None:
    record = GameRecord(name, "1.0", 2, actions=["first 1"])
    message = rf"^ruleset: '{name}' is not an installed ruleset \(classic, modern\); .*allow_folder"
    with pytest.raises(RecordError, match=message):
        replay(record)
    with pytest.raises(RecordError, match=message):
        list(replay_steps(record))
    with pytest.raises(RecordError, match=message):
        Game.from_record(record)
    with pytest.raises(RecordError, match=r"--allow-folder"):
        record_ruleset(record)


def test_a_folder_that_is_not_a_ruleset_is_still_refused_when_folders_are_allowed() -> None:
    record = GameRecord("../../etc", "1.0", 2)
    with pytest.raises(RecordError, match=r"^ruleset: cannot load '\.\./\.\./etc': "):
        replay(record, allow_folder=True)


def test_a_folder_ruleset_is_loaded_from_a_record_only_when_allowed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(LAGOON, tmp_path / "modern-lagoon")
    monkeypatch.chdir(tmp_path)
    rules = load_ruleset("modern-lagoon")  # a folder, named by its path
    game = Game(rules, 3, seed=2)
    game.advance()
    game.play(game.legal_actions()[0])
    record = GameRecord.from_json(game.record().to_json())
    assert record.ruleset == "modern-lagoon"
    with pytest.raises(RecordError, match="is not an installed ruleset"):
        replay(record)
    assert replay(record, allow_folder=True) == game.state
    assert Game.from_record(record, allow_folder=True).state == game.state
    # a ruleset the caller passes is trusted, and must be the one the record names
    assert replay(record, rules) == game.state
    with pytest.raises(
        RecordError, match=r"^ruleset: the record is a game of 'modern-lagoon', not"
    ):
        replay(record, load_ruleset("modern"))


# --- digests: where a replay parts from the game played --------------------------------


def test_a_record_keeps_the_digest_of_every_state(rules: Ruleset) -> None:
    game = _game(rules)
    record = game.record()
    start = rules.new_game(3)
    states = [step.state for step in replay_steps(record)]
    assert record.digests == tuple(state_digest(rules, s)[:SHORT_DIGEST] for s in states)
    assert record.final_digest == state_digest(rules, game.state)
    assert state_digest(rules, start) != state_digest(rules, states[0])
    assert GameRecord.create(rules, 3, None, game.history, game.standings()) == attrs.evolve(
        record, seed=None
    )


@settings(max_examples=6, deadline=None)
@given(edition=st.sampled_from(["classic", "modern"]), seed=st.integers(0, 2**20))
def test_the_hasher_gives_the_plain_digest_of_every_state(edition: str, seed: int) -> None:
    game = _edition_game(edition, seed=seed)
    rules = game.rules
    hasher = StateHasher(rules)
    states = [step.state for step in replay_steps(game.record())]
    assert [hasher.digest(s) for s in states] == [state_digest(rules, s) for s in states]


def test_an_action_swapped_for_another_legal_one_is_found(rules: Ruleset) -> None:
    record = _game(rules).record()
    index = next(i for i, text in enumerate(record.actions) if text.startswith("die "))
    face = int(record.actions[index].split()[1])
    swapped = f"die {face % 6 + 1}"
    actions = list(record.actions)
    actions[index] = swapped
    edited = _edited(record, actions=actions)
    message = (
        rf"^actions\[{index}\]: the replay parts from the record at action {index + 1}, "
        rf"'{swapped}': the state after it is not the one recorded"
    )
    with pytest.raises(RecordError, match=message):
        replay(edited)
    with pytest.raises(RecordError, match=message):
        Game.from_record(edited)
    steps = replay_steps(edited)
    assert len([next(steps) for _ in range(index)]) == index  # the actions before are fine
    with pytest.raises(RecordError, match=message):
        next(steps)
    assert replay(edited, upto=index) is not None


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**16), pick=st.integers(0, 10_000))
def test_any_action_swapped_for_a_legal_one_that_changes_the_game_is_found(
    seed: int, pick: int
) -> None:
    rules = toy.make_rules()
    game = _game(rules, seed)
    record = game.record()
    states = [rules.new_game(3), *(step.state for step in replay_steps(record, rules))]
    index = pick % len(record.actions)
    before = states[index]
    if before.to_act == CHANCE:
        legal = tuple(action for action, _ in rules.chance_outcomes(before))
    else:
        legal = rules.legal_actions(before)
    others = [a for a in legal if rules.apply(before, a) != states[index + 1]]
    if not others:
        return
    actions = list(record.actions)
    actions[index] = str(others[0])
    with pytest.raises(RecordError, match=rf"^actions\[{index}\]: "):
        replay(_edited(record, actions=actions), rules)


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_an_action_deleted_from_a_real_game_is_found_where_it_was(edition: str) -> None:
    record = _edition_game(edition).record()
    assert record.result is not None
    for index in (5, len(record.actions) // 2, len(record.actions) - 3):
        actions = list(record.actions)
        del actions[index]
        with pytest.raises(RecordError) as info:
            replay(_edited(record, actions=actions))
        found = re.match(r"actions\[(\d+)\]: ", str(info.value))
        assert found is not None, str(info.value)
        # where the next action is the same as the deleted one, the game parts one later
        same = 0
        while record.actions[index + same] == record.actions[index + same + 1]:
            same += 1
        assert int(found.group(1)) == index + same


def test_the_last_action_deleted_is_found(rules: Ruleset) -> None:
    record = _game(rules).record()
    edited = _edited(record, actions=list(record.actions[:-1]), result=None)
    n = len(record.actions) - 1
    with pytest.raises(
        RecordError,
        match=rf"^digests: the record has digests for {n + 1} actions, but lists {n}: actions "
        rf"were removed after action {n}, '{record.actions[-2]}'",
    ):
        replay(edited)


def test_an_action_added_at_the_end_is_found(rules: Ruleset) -> None:
    game = Game(rules, 2, seed=4)
    game.advance()
    record = game.record()
    edited = _edited(record, actions=[*record.actions, "roll"])
    with pytest.raises(
        RecordError, match=r"^actions\[1\]: the record has digests for 1 action, but lists more"
    ):
        replay(edited)


def test_a_changed_digest_is_found(rules: Ruleset) -> None:
    record = _game(rules).record()
    assert record.digests is not None
    digests = list(record.digests)
    digests[3] = "0" * 8 if digests[3] != "0" * 8 else "1" * 8
    with pytest.raises(RecordError, match=r"^actions\[3\]: the replay parts from .* action 4, "):
        replay(_edited(record, digests=digests))
    with pytest.raises(RecordError, match=r"^final_digest: the replay ends in another state"):
        replay(_edited(record, final_digest="f" * 64))


def test_a_changed_result_is_found(rules: Ruleset) -> None:
    data = _game(rules).record().to_data()
    data["result"][0]["score"] += 1
    with pytest.raises(RecordError, match=r"^result: the record says seat"):
        replay(GameRecord.from_data(data))


def test_a_record_replayed_with_other_numbers_parts_from_its_digests(rules: Ruleset) -> None:
    """The same ruleset name and version, the same actions, but a longer race."""
    record = _game(rules).record()
    params = attrs.evolve(rules.params, target=rules.params.target + 5)
    other = Ruleset(rules.info, rules.board, rules.options, params, rules.engine)
    with pytest.raises(RecordError, match=r"the replay parts from the record at action \d+"):
        replay(record, other)
    assert replay(_edited(record, digests=None, final_digest=None, result=None), other)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"digests": "abc"}, "digests: expected a list of state digests, got a string"),
        ({"digests": ["ABCDEF01"]}, "digests[0]: expected 8 lowercase hex digits, got 'ABCDEF01'"),
        ({"digests": ["abc"]}, "digests[0]: expected 8 lowercase hex digits"),
        ({"final_digest": "ab"}, "final_digest: expected 64 lowercase hex digits or null"),
        ({"seed": "7"}, "seed: expected an integer or null, got '7'"),
        ({"seed": True}, "seed: expected an integer or null, got True"),
        ({"agents": "greedy"}, "agents: expected a list of seat kinds or null"),
        ({"agents": ["greedy"]}, "agents: expected one kind per seat (3), got 1"),
        ({"agents": ["greedy", "", "x"]}, "agents[1]: expected a seat kind"),
    ],
)
def test_bad_new_fields_are_named(rules: Ruleset, change: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError) as info:
        _edited(_game(rules).record(), **change)
    assert str(info.value).startswith(message)


# --- format 1 ---------------------------------------------------------------------------


def _format_1(record: GameRecord) -> dict[str, Any]:
    data = record.to_data()
    for name in ("seed", "agents", "digests", "final_digest"):
        del data[name]
    return data | {"format": 1}


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_a_format_1_record_still_replays(edition: str) -> None:
    game = _edition_game(edition, seed=5)
    old = GameRecord.from_data(_format_1(game.record()))
    assert old.format == 1
    assert (old.digests, old.final_digest, old.seed, old.agents) == (None, None, None, None)
    assert replay(old) == game.state
    assert Game.from_record(old).state == game.state
    # written again, it is a record of format 2 (without digests: nothing checked them)
    again = GameRecord.from_json(old.to_json())
    assert again.format == 2
    assert again == old
    # and a game rebuilt from it writes digests
    assert Game.from_record(old).record().digests is not None


def test_a_format_1_record_has_its_result_checked_but_no_digests(rules: Ruleset) -> None:
    data = _format_1(_game(rules).record())
    data["result"][0]["score"] += 1
    with pytest.raises(RecordError, match=r"^result: the record says"):
        replay(GameRecord.from_data(data))
    data = _format_1(_game(rules).record())
    index = next(i for i, text in enumerate(data["actions"]) if text.startswith("die "))
    data["actions"] = data["actions"][: index + 1]
    data["actions"][index] = "die 1" if data["actions"][index] != "die 1" else "die 2"
    data["result"] = None
    assert replay(GameRecord.from_data(data)) is not None  # format 1 cannot tell


@pytest.mark.parametrize("field", ["seed", "agents", "digests", "final_digest"])
def test_format_1_knows_no_new_field(rules: Ruleset, field: str) -> None:
    data = _format_1(_game(rules).record()) | {field: None}
    with pytest.raises(RecordError, match=rf"^{field}: unknown field in a format 1 record"):
        GameRecord.from_data(data)


# --- provenance -------------------------------------------------------------------------


def test_a_game_records_its_seed_and_agents(rules: Ruleset) -> None:
    record = _game(rules, seed=11).record(agents=["human", "greedy", "random"])
    assert (record.seed, record.agents) == (11, ("human", "greedy", "random"))
    back = GameRecord.from_json(record.to_json())
    assert (back.seed, back.agents) == (11, ("human", "greedy", "random"))
    assert Game(rules, 2).record().seed is None  # no seed: nothing to keep


def test_the_seed_is_kept_only_while_it_drew_every_outcome(rules: Ruleset) -> None:
    game = Game(rules, 2, seed=6)
    game.play("first 1")  # typed in, as from real dice
    assert game.record().seed is None
    game.play("roll")
    game.undo()
    assert game.record().seed is None  # the typed outcome is still there
    fresh = Game(rules, 2, seed=6)
    fresh.advance()
    fresh.play("roll")
    assert fresh.record().seed == 6
    assert Game.from_record(fresh.record(), seed=6).record().seed is None


def test_create_checks_provenance_arguments(rules: Ruleset) -> None:
    with pytest.raises(ArgumentTypeError, match=r"^seed: "):
        GameRecord.create(rules, 2, None, [], seed=True)
    with pytest.raises(ArgumentTypeError, match=r"^agents: "):
        GameRecord.create(rules, 2, None, [], agents="greedy,random")
    with pytest.raises(ArgumentTypeError, match=r"^agents: "):
        GameRecord.create(rules, 2, None, [], agents=[1, 2])  # type: ignore[list-item]
    with pytest.raises(ArgumentValueError, match=r"^agents: expected one non-empty seat kind"):
        GameRecord.create(rules, 2, None, [], agents=["greedy"])
    with pytest.raises(ArgumentValueError, match=r"^states: expected the state after each"):
        GameRecord.create(rules, 2, None, ["first 0"], states=[])
    with pytest.raises(IllegalActionError):
        GameRecord.create(rules, 2, None, ["roll"])
    with pytest.raises(ArgumentTypeError, match=r"^metadata: "):
        GameRecord.create(rules, 2, None, [], metadata={"round": 3})  # type: ignore[dict-item]


def test_digests_are_the_same_in_another_process() -> None:
    game = _edition_game("classic", seed=8, decisions=30)
    record = game.record()
    code = (
        "import sys\n"
        "from serenissima import GameRecord, Game\n"
        "record = GameRecord.from_json(sys.stdin.read())\n"
        "print(Game.from_record(record).record().to_json())\n"
    )
    env = dict(os.environ, PYTHONHASHSEED="12345")
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, "-c", code],
        input=record.to_json(),
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=True,
    )
    again = GameRecord.from_json(done.stdout)
    assert (again.digests, again.final_digest) == (record.digests, record.final_digest)


def test_random_games_of_both_editions_replay_with_their_digests() -> None:
    for edition in ("classic", "modern"):
        seed = random.Random(edition).randrange(1000)
        game = _edition_game(edition, seed=seed)
        record = GameRecord.from_json(game.record().to_json())
        assert replay(record) == game.state
