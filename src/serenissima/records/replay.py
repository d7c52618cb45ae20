"""Replaying a game record: the ruleset it names, each action in turn, the result it gives.

:func:`replay` returns the state a :class:`~serenissima.records.record.GameRecord`
leads to and checks its result; :func:`replay_steps` yields every action with
the state after it, for a front end that steps through a game. A record that
does not replay (another ruleset or version, bad options, an action that cannot
be read or is illegal, a result that disagrees) raises a
:class:`~serenissima.engine.errors.RecordError` naming the field at fault.
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


def record_ruleset(record: GameRecord, rules: Ruleset | None = None) -> Ruleset:
    """Return the ruleset a record was played with.

    Args:
        record: The record.
        rules: The ruleset to use; loaded by the record's ruleset id when ``None``.

    Returns:
        The ruleset, checked to be the one (id and version) the record names.

    Raises:
        RecordError: The ruleset cannot be loaded, or is another one or another version.

    Examples:
        >>> from serenissima.records.record import GameRecord
        >>> from serenissima.records.replay import record_ruleset
        >>> record_ruleset(GameRecord("modern", "1.0.0", players=2))
        <Ruleset 'modern' version 1.0.0>
        >>> record_ruleset(GameRecord("modern", "0.9", players=2))
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.RecordError: ruleset_version: the record was played with ...
    """
    if rules is None:
        from serenissima.engine.registry import load_ruleset

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
    record: GameRecord, rules: Ruleset | None = None, upto: int | None = None
) -> Iterator[ReplayStep]:
    """Replay a record action by action.

    The ruleset is checked, and the new game created, before the first step
    is yielded.

    Args:
        record: The record.
        rules: The ruleset to use; loaded by the record's ruleset id when ``None``.
        upto: Replay only the first ``upto`` actions (all when ``None``).

    Returns:
        An iterator over the replayed steps.

    Raises:
        RecordError: A wrong ruleset or version, bad options or ``upto``, or an
            action that cannot be read or is illegal (the message gives its index).

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
    rules = record_ruleset(record, rules)
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
        yield ReplayStep(index, action, state, events)


def replay(record: GameRecord, rules: Ruleset | None = None, upto: int | None = None) -> State:
    """Replay a record and return the state it leads to.

    When the whole record is replayed and it holds a result, the result is
    checked against the standings of the final state.

    Args:
        record: The record.
        rules: The ruleset to use; loaded by the record's ruleset id when ``None``.
        upto: Replay only the first ``upto`` actions (all when ``None``).

    Returns:
        The state after the replayed actions.

    Raises:
        RecordError: The ruleset cannot be loaded or is another version, the
            options are wrong, an action cannot be read or is illegal (the
            message gives its index), or the result disagrees with the replay.

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
    """
    rules = record_ruleset(record, rules)
    state = _start(record, rules)
    for step in _steps(record, rules, state, _upto(record, upto)):
        state = step.state
    if upto is None:
        check_result(record, rules, state)
    return state


def check_result(record: GameRecord, rules: Ruleset, state: State) -> None:
    """Check the result a record gives against the state its actions lead to.

    Args:
        record: The record; nothing is checked when its result is ``None``.
        rules: The ruleset of the game.
        state: The state after every action of the record.

    Raises:
        RecordError: The game is not over, or its standings differ from the result.

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


def _show(result: tuple[SeatResult, ...]) -> str:
    return ", ".join(f"seat {r.seat} rank {r.rank} score {r.score}" for r in result)
