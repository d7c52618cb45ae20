"""The exceptions serenissima raises.

Every error derives from :class:`SerenissimaError`, so a front end can catch
everything the engine may raise with one ``except`` clause, and tell a
player's mistake (:class:`IllegalActionError`, :class:`ActionParseError`)
from a broken file (:class:`RulesetError`, :class:`RecordError`).
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ActionParseError",
    "IllegalActionError",
    "OptionError",
    "RecordError",
    "RulesetError",
    "SerenissimaError",
    "StateError",
]


class SerenissimaError(Exception):
    """Root of every error raised by serenissima."""


class IllegalActionError(SerenissimaError):
    """An action that the rules do not allow in the given state.

    The state it was applied to is left unchanged (states are immutable).

    Attributes:
        action: The rejected action.
        rule_id: The ID of the rule that forbids it (for example ``"M-PORT-3"``).
        reason: A sentence a player would understand.
    """

    def __init__(self, action: Any, rule_id: str, reason: str) -> None:
        self.action = action
        self.rule_id = rule_id
        self.reason = reason
        super().__init__(f"{rule_id}: {reason}")


class StateError(SerenissimaError):
    """A state, or a seat, that does not belong to the ruleset it was given to.

    For example a state of one edition passed to another edition's ruleset,
    or a seat number the game does not have.
    """


class ActionParseError(SerenissimaError):
    """Text that does not spell any action of the ruleset.

    Attributes:
        text: The text that could not be read.
        reason: What was wrong with it.
    """

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"cannot read action {text!r}: {reason}")


class RulesetError(SerenissimaError):
    """A ruleset that cannot be loaded: missing, malformed or inconsistent.

    Attributes:
        file: The file at fault (its name inside the ruleset folder), or ``""``.
        key: The key path inside that file, such as ``board.ports[7].warehouse``.
        expected: What was expected there, and what was found.
    """

    def __init__(self, file: str, key: str, expected: str) -> None:
        self.file = file
        self.key = key
        self.expected = expected
        where = ": ".join(part for part in (file, key) if part)
        super().__init__(f"{where}: {expected}" if where else expected)


class OptionError(SerenissimaError):
    """An unknown rule option, or a value the option does not accept.

    Attributes:
        option: The option's name.
        reason: What is wrong with it.
    """

    def __init__(self, option: str, reason: str) -> None:
        self.option = option
        self.reason = reason
        super().__init__(f"option {option!r}: {reason}")


class RecordError(SerenissimaError):
    """A game record that cannot be read or does not replay.

    Attributes:
        reason: What is wrong with the record.
    """

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)
