"""Where a stored game stands, as the lobby shows it without loading the game."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

import attrs

__all__ = ["OVER", "OWED", "PERSON", "Listed", "Summary"]

OWED: Final = "owed"
"""A game's status while the server owes it a move: a bot's, or a roll of its dice."""
PERSON: Final = "person"
"""A game's status while it waits for a person's move."""
OVER: Final = "over"
"""A game's status once it is over."""


@attrs.frozen(slots=True)
class Summary:
    """Where a game stands, as the lobby shows it without loading the game.

    Attributes:
        version: The moves made so far.
        to_act: The seat that decides, ``-1`` for chance, ``-2`` once over.
        waiting_for: The person's seat whose move the game awaits, or ``None``.
        status: :data:`PERSON`, :data:`OWED` (a bot or the server's dice move
            next) or :data:`OVER`.
    """

    version: int
    to_act: int
    waiting_for: int | None
    status: str

    @staticmethod
    def columns(summary: Summary | None) -> tuple[object, ...]:
        """The values of the store's summary columns (all null for no summary).

        Example:
            >>> Summary.columns(Summary(3, 1, 1, PERSON)), Summary.columns(None)
            ((3, 1, 1, 'person'), (None, None, None, None))
        """
        if summary is None:
            return (None, None, None, None)
        return (summary.version, summary.to_act, summary.waiting_for, summary.status)


@attrs.frozen(slots=True)
class Listed:
    """A game as the lobby lists it: its set-up, where it stands, and its joined seats.

    Attributes:
        id: The game's identifier.
        created: When it was created (ISO 8601, UTC).
        setup: Its set-up.
        summary: Where it stands.
        joined: The person's seats that have been joined.
    """

    id: str
    created: str
    setup: Mapping[str, Any]
    summary: Summary
    joined: frozenset[int]

    @classmethod
    def from_row(cls, row: tuple[Any, ...], joined: set[int]) -> Listed:
        """A game from the store's row (id, created, set-up as JSON, summary columns).

        Example:
            >>> row = ("g", "2026-01-01", '{"players": 2}', 0, 0, 0, PERSON)
            >>> Listed.from_row(row, {0}).summary
            Summary(version=0, to_act=0, waiting_for=0, status='person')
        """
        game, created, setup, version, to_act, waiting_for, status = row
        summary = Summary(version, to_act, waiting_for, status)
        return cls(game, created, json.loads(setup), summary, frozenset(joined))
