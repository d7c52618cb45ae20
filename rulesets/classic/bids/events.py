"""The events of phase 1 of the classic edition: bids revealed, dice rolled, places taken."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Event
from serenissima.engine.values import slot_init

from ..common import who

__all__ = ["BidsRevealed", "DieRolled", "PositionTaken"]


@attrs.frozen(slots=True)
class BidsRevealed(Event):
    """Every bid was revealed and paid to the treasury (C-BID-2, C-BID-6)."""

    bids: tuple[int, ...]

    def describe(self) -> str:
        shown = ", ".join(f"{who(s)} {b}" for s, b in enumerate(self.bids))
        return f"bids revealed: {shown}; all paid to the treasury"


@slot_init
@attrs.frozen(slots=True)
class DieRolled(Event):
    """A seat rolled the die to break a tie in the bidding (C-BID-4, C-BID-5)."""

    seat: int
    value: int

    def describe(self) -> str:
        return f"{who(self.seat)} rolls {self.value}"


@slot_init
@attrs.frozen(slots=True)
class PositionTaken(Event):
    """A seat took a place in the round's turn order (C-BID-3, C-BID-5)."""

    seat: int
    position: int

    def describe(self) -> str:
        return f"{who(self.seat)} plays in position {self.position}"
