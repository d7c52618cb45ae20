"""Replaying a game record: the ruleset it names, each action in turn, the result it gives.

:func:`replay` returns the state a :class:`~serenissima.records.record.GameRecord`
leads to and checks its result; :func:`replay_steps` yields every action with
the state after it, for a front end that steps through a game. A record that
does not replay (another ruleset or version, bad options, an action that cannot
be read or is illegal, a result that disagrees) raises a
:class:`~serenissima.engine.errors.RecordError` naming the field at fault.

Trust:
    A record names an installed ruleset. The name is taken as the path of a
    ruleset folder only when the caller allows it (``allow_folder=True``):
    a record received from someone else cannot make the replay read files
    where it says. A ruleset passed in (``rules``) must have the record's name
    and version.

    The digests of a record (format 2) are checked after each action and at
    the end: an action swapped for another legal one, removed or added, a
    changed digest or result, all are refused with the number of the action
    (counted from 1) where the replay parts from the game that was played.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import attrs

from serenissima.engine.errors import (
    ActionParseError,
    IllegalActionError,
    OptionError,
    RecordError,
    SerenissimaError,
)
from serenissima.records.digest import StateHasher, short_digest, state_digest
from serenissima.records.record import GameRecord, SeatResult

if TYPE_CHECKING:
    from serenissima.engine.core import Action, Event, State
    from serenissima.engine.ruleset import Ruleset

__all__ = ["ReplayStep", "check_result", "record_ruleset", "replay", "replay_steps"]


@attrs.frozen(slots=True)
class ReplayStep:
    """One action of a record, replayed.

    Attributes:
        index: The action's position in :attr:`GameRecord.actions`.
        action: The action, read from its text.
        state: The state after the action.
        events: What the action caused.

    Examples:
        >>> from serenissima import Game, load_ruleset
        >>> game = Game(load_ruleset("modern"), players=4, seed=2)
        >>> _ = game.advance()
        >>> _ = game.play(game.legal_actions()[0])
        >>> from serenissima.records.replay import replay_steps
        >>> [(step.index, str(step.action)) for step in replay_steps(game.record())]
        [(0, 'first 0'), (1, 'galley 1')]
    """

    index: int
    action: Action
    state: State
    events: tuple[Event, ...]


def record_ruleset(
    record: GameRecord, rules: Ruleset | None = None, *, allow_folder: bool = False
) -> Ruleset:
    """Return the ruleset a record was played with.

    Args:
        record: The record.
        rules: The ruleset to use; loaded by the record's ruleset name when ``None``.
        allow_folder: Load the record's ruleset from the folder at that path
            (relative to the current folder) when no installed ruleset has its
            name. Off by default: a record cannot make the replay read files
            elsewhere unless the caller says so.

    Returns:
        The ruleset, checked to be the one (id and version) the record names.

    Raises:
        RecordError: The ruleset is not installed (and folders are not
            allowed), cannot be loaded, or is another one or another version.

    Examples:
        >>> from serenissima.records.record import GameRecord
        >>> from serenissima.records.replay import record_ruleset
        >>> record_ruleset(GameRecord("modern", "1.0.0", players=2))
        <Ruleset 'modern' version 1.0.0>
        >>> record_ruleset(GameRecord("modern", "0.9", players=2))
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.RecordError: ruleset_version: the record was played with ...
        >>> record_ruleset(GameRecord("../../etc", "1.0", players=2))
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.RecordError: ruleset: '../../etc' is not an installed ruleset ...
    """
    if rules is None:
        from serenissima.engine.registry import available_rulesets, load_ruleset

        installed = available_rulesets()
        if record.ruleset not in installed and not allow_folder:
            raise RecordError(
                f"ruleset: {record.ruleset!r} is not an installed ruleset "
                f"({', '.join(installed) or 'none installed'}); a record names a ruleset "
                "folder only where folders are allowed (allow_folder=True, or "
                "--allow-folder on the command line)"
            )
        try:
            rules = load_ruleset(record.ruleset)
        except SerenissimaError as exc:
            raise RecordError(f"ruleset: cannot load {record.ruleset!r}: {exc}") from exc
    if rules.id != record.ruleset:
        raise RecordError(
            f"ruleset: the record is a game of {record.ruleset!r}, not of {rules.id!r}"
        )
    if rules.info.version != record.ruleset_version:
        raise RecordError(
            f"ruleset_version: the record was played with version {record.ruleset_version!r} "
            f"of {record.ruleset!r}, but version {rules.info.version!r} is loaded"
        )
    return rules


def _start(record: GameRecord, rules: Ruleset) -> State:
    try:
        return rules.new_game(record.players, dict(record.options))
    except OptionError as exc:
        field = "players" if exc.option == "players" else f"options.{exc.option}"
        raise RecordError(f"{field}: {exc.reason}") from exc


def replay_steps(
    record: GameRecord,
    rules: Ruleset | None = None,
    upto: int | None = None,
    *,
    allow_folder: bool = False,
) -> Iterator[ReplayStep]:
    """Replay a record action by action, checking its digests on the way.

    The ruleset is checked, and the new game created, before the first step
    is yielded. The state after each action is checked against the record's
    digest of it (when the record has digests) before the step is yielded.

    Args:
        record: The record.
        rules: The ruleset to use; loaded by the record's ruleset name when ``None``.
        upto: Replay only the first ``upto`` actions (all when ``None``).
        allow_folder: Let the record's ruleset name a folder (see :func:`record_ruleset`).

    Returns:
        An iterator over the replayed steps.

    Raises:
        RecordError: A wrong ruleset or version, bad options or ``upto``, an
            action that cannot be read or is illegal (the message gives its
            index), or a state that differs from the record's digest of it
            (the message gives the action's number and text).

    Examples:
        >>> from serenissima import Game, load_ruleset
        >>> game = Game(load_ruleset("modern"), players=4, seed=2)
        >>> _ = game.advance()
        >>> _ = game.play(game.legal_actions()[0])
        >>> from serenissima.records.replay import replay_steps
        >>> steps = list(replay_steps(game.record(), upto=1))
        >>> len(steps), str(steps[0].action)
        (1, 'first 0')
    """
    rules = record_ruleset(record, rules, allow_folder=allow_folder)
    state = _start(record, rules)
    count = _upto(record, upto)
    return _steps(record, rules, state, count)


def _upto(record: GameRecord, upto: int | None) -> int:
    total = len(record.actions)
    if upto is None:
        return total
    if not 0 <= upto <= total:
        raise RecordError(f"upto: expected 0..{total} (the number of actions), got {upto}")
    return upto


def _steps(record: GameRecord, rules: Ruleset, state: State, count: int) -> Iterator[ReplayStep]:
    digests = record.digests
    hasher = StateHasher(rules)
    for index, text in enumerate(record.actions[:count]):
        try:
            action = rules.parse_action(state, text)
        except ActionParseError as exc:
            raise RecordError(f"actions[{index}]: cannot read {text!r}: {exc.reason}") from exc
        try:
            state, events = rules.step(state, action)
        except IllegalActionError as exc:
            raise RecordError(
                f"actions[{index}]: {text!r} is illegal here ({exc.rule_id}: {exc.reason})"
            ) from exc
        if digests is not None:
            _check_digest(digests, index, text, short_digest(hasher.digest(state)))
        yield ReplayStep(index, action, state, events)


def _check_digest(digests: tuple[str, ...], index: int, text: str, found: str) -> None:
    number = index + 1
    if index >= len(digests):
        raise RecordError(
            f"actions[{index}]: the record has digests for {_actions(len(digests))}, but lists "
            f"more: action {number}, {text!r}, was added after the game that was played"
        )
    if found != digests[index]:
        raise RecordError(
            f"actions[{index}]: the replay parts from the record at action {number}, {text!r}: "
            f"the state after it is not the one recorded (digest {found}, the record has "
            f"{digests[index]}); the record was edited, or made with other rules"
        )


def replay(
    record: GameRecord,
    rules: Ruleset | None = None,
    upto: int | None = None,
    *,
    allow_folder: bool = False,
) -> State:
    """Replay a record and return the state it leads to.

    The state after each action is checked against the record's digests, when
    it has them; when the whole record is replayed, the final state and the
    result are checked too (see :func:`check_result`).

    Args:
        record: The record.
        rules: The ruleset to use; loaded by the record's ruleset name when ``None``.
        upto: Replay only the first ``upto`` actions (all when ``None``).
        allow_folder: Let the record's ruleset name a folder (see :func:`record_ruleset`).

    Returns:
        The state after the replayed actions.

    Raises:
        RecordError: The ruleset is not installed, cannot be loaded or is
            another version, the options are wrong, an action cannot be read
            or is illegal (the message gives its index), the replay parts from
            the record's digests (the message gives the action's number and
            text), or the result disagrees with the replay.

    Example:
        >>> from serenissima import Game, load_ruleset
        >>> from serenissima.records.record import GameRecord
        >>> from serenissima.records.replay import replay
        >>> game = Game(load_ruleset("classic"), players=2, seed=3)
        >>> _ = game.advance()
        >>> _ = game.play("crew 5 5")
        >>> text = game.record().to_json()
        >>> replay(GameRecord.from_json(text)) == game.state
        True
        >>> edited = text.replace('"crew 5 5"', '"crew 5 4"')  # legal, but not what was played
        >>> replay(GameRecord.from_json(edited))
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.RecordError: actions[0]: the replay parts from ... action 1, ...
    """
    rules = record_ruleset(record, rules, allow_folder=allow_folder)
    state = _start(record, rules)
    for step in _steps(record, rules, state, _upto(record, upto)):
        state = step.state
    if upto is None:
        check_result(record, rules, state)
    return state


def check_result(record: GameRecord, rules: Ruleset, state: State) -> None:
    """Check the end a record gives against the state its actions lead to.

    The record's digests must not outnumber its actions (actions removed from
    the end), its final digest must be the state's, and its result the state's
    standings. What the record lacks (a format 1 record has no digests, an
    unfinished game no result) is not checked.

    Args:
        record: The record.
        rules: The ruleset of the game.
        state: The state after every action of the record.

    Raises:
        RecordError: Actions are missing from the end, the state is not the one
            recorded, the game is not over, or its standings differ from the result.

    Examples:
        >>> from serenissima import load_ruleset
        >>> from serenissima.records.record import GameRecord, SeatResult
        >>> from serenissima.records.replay import check_result
        >>> rules = load_ruleset("modern")
        >>> result = (SeatResult(0, 1, 9), SeatResult(1, 2, 4))
        >>> record = GameRecord("modern", "1.0.0", 2, result=result)
        >>> check_result(record, rules, rules.new_game(players=2))
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.RecordError: result: the record gives a result, but ...
    """
    digests, actions = record.digests, record.actions
    if digests is not None and len(digests) > len(actions):
        last = f"after action {len(actions)}, {actions[-1]!r}" if actions else "from the start"
        raise RecordError(
            f"digests: the record has digests for {_actions(len(digests))}, but lists "
            f"{len(actions)}: actions were removed {last}"
        )
    if record.final_digest is not None and state_digest(rules, state) != record.final_digest:
        raise RecordError(
            "final_digest: the replay ends in another state than the one recorded; "
            "the record was edited, or made with other rules"
        )
    result = record.result
    if result is None:
        return
    standings = rules.standings(state)
    if not standings.final:
        raise RecordError("result: the record gives a result, but its actions do not end the game")
    found = tuple(SeatResult(s.seat, s.rank, s.score) for s in standings.entries)
    if found != result:
        raise RecordError(
            f"result: the record says {_show(result)}, the replay gives {_show(found)}"
        )


def _actions(count: int) -> str:
    return f"{count} action" if count == 1 else f"{count} actions"


def _show(result: tuple[SeatResult, ...]) -> str:
    return ", ".join(f"seat {r.seat} rank {r.rank} score {r.score}" for r in result)
