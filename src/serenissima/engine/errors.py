"""The exceptions serenissima raises.

Every error derives from :class:`SerenissimaError`, so a front end can catch
everything the engine may raise with one ``except`` clause, and tell a
player's mistake (:class:`IllegalActionError`, :class:`ActionParseError`)
from a broken file (:class:`RulesetError`, :class:`RecordError`). An argument
of the wrong type raises :class:`ArgumentTypeError`, which is also a
``TypeError``; the errors about a wrong value (an illegal action, unreadable
text, a state or seat of another game, an option, a ruleset, a record, or any
other argument out of its range, :class:`ArgumentValueError`) are also
``ValueError``, so code that catches the built-in exceptions keeps working.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ActionParseError",
    "ArgumentTypeError",
    "ArgumentValueError",
    "IllegalActionError",
    "OptionError",
    "RecordError",
    "RulesetError",
    "SerenissimaError",
    "StateError",
]


class SerenissimaError(Exception):
    """Root of every error raised by serenissima.

    Examples:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> try:
        ...     rules.new_game(players=7)
        ... except ser.SerenissimaError as error:
        ...     print(type(error).__name__)
        OptionError

    Every error survives pickling with its message and attributes, so an
    error raised in a worker process reaches the process that waits for it:

        >>> import pickle
        >>> error = ser.RulesetError("board.toml", "areas", "expected a list")
        >>> copy = pickle.loads(pickle.dumps(error))
        >>> str(copy) == str(error), copy.key
        (True, 'areas')
    """

    def __reduce__(self) -> tuple[Any, ...]:
        # the subclasses' __init__ take other arguments than the message that
        # Exception keeps in args: rebuild the error from its args and attributes
        return (_rebuild, (type(self), self.args, self.__dict__))


def _rebuild(
    cls: type[SerenissimaError], args: tuple[Any, ...], state: dict[str, Any]
) -> SerenissimaError:
    """An error of ``cls`` with ``args`` and ``state``, without calling its ``__init__``."""
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(state)
    return error


class ArgumentTypeError(SerenissimaError, TypeError):
    """An argument of the wrong type: text where an action is expected, ``None`` for a state...

    It is also a ``TypeError``.

    Attributes:
        argument: The name of the argument.
        expected: What the argument should be.
        got: The value that was given.

    Examples:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> state = rules.new_game(players=4)
        >>> try:
        ...     rules.apply(state, "first 0")
        ... except ser.ArgumentTypeError as error:
        ...     print(error.argument, isinstance(error, TypeError))
        action True
    """

    def __init__(self, argument: str, expected: str, got: object) -> None:
        self.argument = argument
        self.expected = expected
        self.got = got
        shown = repr(got)
        if len(shown) > 60:
            shown = shown[:57] + "..."
        super().__init__(f"{argument}: expected {expected}, got {type(got).__name__} {shown}")


class ArgumentValueError(SerenissimaError, ValueError):
    """An argument of the right type with a value the call does not accept.

    Undoing more decisions than were played, a benchmark with no games, a
    seat list of the wrong length: the mistakes that are neither an illegal
    action nor a broken file. It is also a ``ValueError``.

    Examples:
        >>> import serenissima as ser
        >>> game = ser.Game(ser.load_ruleset("modern"), players=2, seed=1)
        >>> try:
        ...     game.undo(5)
        ... except ser.ArgumentValueError as error:
        ...     print(isinstance(error, ValueError), error)
        True cannot undo 5 decision(s): the seats have made 0 so far
    """


class IllegalActionError(SerenissimaError, ValueError):
    """An action that the rules do not allow in the given state.

    The state it was applied to is left unchanged (states are immutable).

    Attributes:
        action: The rejected action.
        rule_id: The ID of the rule that forbids it (for example ``"M-PORT-3"``).
        reason: A sentence a player would understand.

    Examples:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("classic")
        >>> state = rules.new_game(players=3)
        >>> try:
        ...     rules.apply(state, rules.parse_action(state, "bid 100"))
        ... except ser.IllegalActionError as error:
        ...     print(error.rule_id, error.action)
        C-SETUP-4 bid 100
    """

    def __init__(self, action: Any, rule_id: str, reason: str) -> None:
        self.action = action
        self.rule_id = rule_id
        self.reason = reason
        super().__init__(f"{rule_id}: {reason}")


class StateError(SerenissimaError, ValueError):
    """A state, or a seat, that does not belong to the ruleset it was given to.

    For example a state of one edition passed to another edition's ruleset,
    or a seat number the game does not have.

    Examples:
        >>> import serenissima as ser
        >>> modern, classic = ser.load_ruleset("modern"), ser.load_ruleset("classic")
        >>> try:
        ...     modern.legal_actions(classic.new_game(players=2))
        ... except ser.StateError as error:
        ...     print(error)
        ClassicState is not a state of the 'modern' ruleset (expected ModernState)
    """


class ActionParseError(SerenissimaError, ValueError):
    """Text that does not spell any action of the ruleset.

    Attributes:
        text: The text that could not be read.
        reason: What was wrong with it.

    Examples:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> try:
        ...     rules.parse_action(rules.new_game(players=2), "fly to venice")
        ... except ser.ActionParseError as error:
        ...     print(error.text)
        fly to venice
    """

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"cannot read action {text!r}: {reason}")


class RulesetError(SerenissimaError, ValueError):
    """A ruleset that cannot be loaded: missing, malformed or inconsistent.

    Attributes:
        file: The file at fault: its name inside the ruleset folder, its name and
            its base's folder for a file taken from a base (``"rules.toml from
            base 'modern'"``), or ``""``.
        key: The key path inside that file, such as ``board.ports[7].warehouse``.
        expected: What was expected there, and what was found.

    Examples:
        >>> import serenissima as ser
        >>> try:
        ...     ser.load_ruleset("no-such-edition")
        ... except ser.RulesetError as error:
        ...     print(error.expected)
        expected an installed ruleset (...) or a ruleset folder, got 'no-such-edition'
    """

    def __init__(self, file: str, key: str, expected: str) -> None:
        self.file = file
        self.key = key
        self.expected = expected
        where = ": ".join(part for part in (file, key) if part)
        super().__init__(f"{where}: {expected}" if where else expected)


class OptionError(SerenissimaError, ValueError):
    """An unknown rule option, or a value the option does not accept.

    Attributes:
        option: The option's name.
        reason: What is wrong with it.

    Examples:
        >>> import serenissima as ser
        >>> try:
        ...     ser.load_ruleset("modern").new_game(players=4, options={"fog": True})
        ... except ser.OptionError as error:
        ...     print(error.option)
        fog
    """

    def __init__(self, option: str, reason: str) -> None:
        self.option = option
        self.reason = reason
        super().__init__(f"option {option!r}: {reason}")


class RecordError(SerenissimaError, ValueError):
    """A game record that cannot be read or does not replay.

    Attributes:
        reason: What is wrong with the record.

    Examples:
        >>> import serenissima as ser
        >>> try:
        ...     ser.GameRecord.from_json('{"format": 99}')
        ... except ser.RecordError as error:
        ...     print(error.reason)
        format: unknown record format 99; this version reads formats 1 and 2
    """

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)
