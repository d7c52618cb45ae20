"""The events of the set-up, phase 1 and the course of a classic round and game.

The starting crews (C-SETUP-4), the bids, the die rolls of tied bidders and
the turn order (C-BID), the start of a round and of a phase (C-ROUND) and
the end of the game (C-SCORE-1); with the wording all event sentences
share (:func:`who`, :func:`where`). The other events are in
:mod:`.events_purchase` and :mod:`.events_sea`; :mod:`.events` lists them all.
"""

from __future__ import annotations

import attrs

from serenissima.engine.core import Event

__all__ = [
    "BidsRevealed",
    "DieRolled",
    "GameEnded",
    "PhaseStarted",
    "PositionTaken",
    "RoundStarted",
    "StartingCrews",
    "where",
    "who",
]


def who(seat: int) -> str:
    """How a seat is named in event sentences.

    >>> who(2)
    'seat 2'
    """
    return f"seat {seat}"


def where(end: str) -> str:
    """How a galley number or a port is named in event sentences.

    >>> where("3"), where("venice")
    ('galley 3', 'venice')
    """
    return f"galley {end}" if end.isdigit() else end


@attrs.frozen(slots=True)
class StartingCrews(Event):
    """A seat split its starting sailors (C-SETUP-4)."""

    seat: int
    first: int
    second: int
    garrison: int

    def describe(self) -> str:
        return (
            f"{who(self.seat)} crews its galleys with {self.first} and {self.second} sailors "
            f"and garrisons its capital with {self.garrison}"
        )


@attrs.frozen(slots=True)
class RoundStarted(Event):
    """A round began (C-BID-1)."""

    round: int

    def describe(self) -> str:
        return f"round {self.round} begins"


@attrs.frozen(slots=True)
class BidsRevealed(Event):
    """Every bid was revealed and paid to the treasury (C-BID-2, C-BID-6)."""

    bids: tuple[int, ...]

    def describe(self) -> str:
        shown = ", ".join(f"{who(s)} {b}" for s, b in enumerate(self.bids))
        return f"bids revealed: {shown}; all paid to the treasury"


@attrs.frozen(slots=True)
class DieRolled(Event):
    """A seat rolled the die to break a tie in the bidding (C-BID-4, C-BID-5)."""

    seat: int
    value: int

    def describe(self) -> str:
        return f"{who(self.seat)} rolls {self.value}"


@attrs.frozen(slots=True)
class PositionTaken(Event):
    """A seat took a place in the round's turn order (C-BID-3, C-BID-5)."""

    seat: int
    position: int

    def describe(self) -> str:
        return f"{who(self.seat)} plays in position {self.position}"


@attrs.frozen(slots=True)
class PhaseStarted(Event):
    """A phase of the round began (C-ROUND-1)."""

    phase: int
    name: str

    def describe(self) -> str:
        return f"phase {self.phase}: {self.name}"


@attrs.frozen(slots=True)
class GameEnded(Event):
    """The last round ended (C-SCORE-1)."""

    winners: tuple[int, ...]

    def describe(self) -> str:
        return "the game ends; winner(s): " + ", ".join(who(s) for s in self.winners)
