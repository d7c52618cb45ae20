"""Digests of states: the fingerprints a record keeps to show it replays to the same game.

A state's digest is the SHA-256 of its canonical JSON: the data
:func:`serenissima.records.serialize.to_data` gives, written with sorted keys,
no spaces and ASCII only. Two states have the same digest exactly when they
have the same JSON, in any process and on any machine. A record of format 2
keeps the whole digest of its final state and the first :data:`SHORT_DIGEST`
hex digits of the digest after each action, so a replay that goes another way
is caught at the action where it parts (see :mod:`~serenissima.records.replay`).

A :class:`StateHasher` gives the same digests for the states of one game, in
order, faster: the JSON of a field of the state that the step left alone (the
same object as before, states being immutable) is not written again.

Example:
    >>> from serenissima import load_ruleset
    >>> from serenissima.records.digest import short_digest, state_digest
    >>> rules = load_ruleset("modern")
    >>> digest = state_digest(rules, rules.new_game(players=4))
    >>> len(digest), short_digest(digest) == digest[:8]
    (64, True)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final

import attrs

from serenissima.records.converter import converter
from serenissima.records.serialize import to_data

if TYPE_CHECKING:
    from serenissima.engine.core import State
    from serenissima.engine.ruleset import Ruleset

__all__ = [
    "DIGEST_LENGTH",
    "SHORT_DIGEST",
    "StateHasher",
    "short_digest",
    "state_digest",
    "state_digests",
]

DIGEST_LENGTH: Final[int] = 64
"""The hex digits of a whole digest (SHA-256), as a record keeps its final state's."""

SHORT_DIGEST: Final[int] = 8
"""The hex digits a record keeps of the digest of the state after each action."""


def state_digest(rules: Ruleset, state: State) -> str:
    """Return the digest of a state: the SHA-256 of its canonical JSON, in hex.

    Args:
        rules: The ruleset the state belongs to.
        state: The state.

    Returns:
        :data:`DIGEST_LENGTH` lowercase hex digits.

    Examples:
        >>> from serenissima import load_ruleset
        >>> from serenissima.records.digest import state_digest
        >>> rules = load_ruleset("classic")
        >>> start = rules.new_game(players=3)
        >>> state_digest(rules, start) == state_digest(rules, rules.new_game(players=3))
        True
        >>> state_digest(rules, start) == state_digest(rules, rules.new_game(players=4))
        False
    """
    return _sha256(_canonical(to_data(rules, state)))


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def short_digest(digest: str) -> str:
    """Return the part of a digest a record keeps for the state after one action.

    Args:
        digest: A whole digest, as :func:`state_digest` gives it.

    Returns:
        Its first :data:`SHORT_DIGEST` hex digits.

    Examples:
        >>> from serenissima.records.digest import short_digest
        >>> short_digest("0123456789abcdef" * 4)
        '01234567'
    """
    return digest[:SHORT_DIGEST]


def state_digests(rules: Ruleset, states: Iterable[State]) -> tuple[str, ...]:
    """Return the short digest of each state of a game, with a :class:`StateHasher`.

    Args:
        rules: The ruleset the states belong to.
        states: The state after each action of a game, in order.

    Returns:
        The short digest of each state.

    Examples:
        >>> from serenissima import load_ruleset
        >>> from serenissima.records.digest import state_digest, state_digests
        >>> rules = load_ruleset("modern")
        >>> start = rules.new_game(players=4)
        >>> after = rules.apply(start, rules.legal_actions(start)[0])
        >>> state_digests(rules, [start, after]) == (
        ...     state_digest(rules, start)[:8], state_digest(rules, after)[:8])
        True
    """
    hasher = StateHasher(rules)
    return tuple(short_digest(hasher.digest(state)) for state in states)


class StateHasher:
    """The digests of the states of one game, each the same as :func:`state_digest` gives.

    The hasher keeps the canonical JSON of each field of the last state it
    saw; a field of the next state that is the very same object (a step
    leaves most of a state alone) is not written again. The first state is
    also digested the plain way: if the two disagree (a state that is not an
    ``attrs`` class, or that its converter writes otherwise), every state is
    digested the plain way.

    Args:
        rules: The ruleset the states belong to.

    Examples:
        >>> from serenissima import load_ruleset
        >>> from serenissima.records.digest import StateHasher, state_digest
        >>> rules = load_ruleset("classic")
        >>> hasher, state = StateHasher(rules), rules.new_game(players=3)
        >>> for action in ("crew 5 5", "crew 5 4"):
        ...     state = rules.apply(state, rules.parse_action(state, action))
        ...     assert hasher.digest(state) == state_digest(rules, state)
    """

    __slots__ = ("_fields", "_last", "_plain", "_rules", "_type")

    def __init__(self, rules: Ruleset) -> None:
        self._rules = rules
        self._type: type | None = None
        self._fields: tuple[tuple[str, str, Any], ...] = ()
        self._last: dict[str, tuple[object, str]] = {}
        self._plain = False

    def digest(self, state: State) -> str:
        """Return the digest of ``state``: :func:`state_digest`, often faster."""
        if self._plain or (self._type is not None and type(state) is not self._type):
            return state_digest(self._rules, state)
        if self._type is None:
            plain = state_digest(self._rules, state)
            self._type, self._fields = type(state), _fields_of(type(state))
            if not self._fields or self._by_field(state) != plain:
                self._plain = True
            return plain
        return self._by_field(state)

    def _by_field(self, state: State) -> str:
        conv = converter(self._rules)
        parts = []
        for name, key, kind in self._fields:
            value = getattr(state, name)
            last = self._last.get(name)
            if last is not None and last[0] is value:
                text = last[1]
            else:
                text = _canonical(conv.unstructure(value, unstructure_as=kind))
                self._last[name] = (value, text)
            parts.append(f"{key}:{text}")
        return _sha256("{" + ",".join(parts) + "}")


def _fields_of(cls: type) -> tuple[tuple[str, str, Any], ...]:
    """An attrs class's fields, sorted as canonical JSON sorts them: name, JSON key, type."""
    if not attrs.has(cls):
        return ()
    attrs.resolve_types(cls)
    fields = sorted(attrs.fields(cls), key=lambda field: field.name)
    return tuple((field.name, json.dumps(field.name), field.type) for field in fields)
