"""The events of phase 6 of the classic edition: goods sold, with any bonus, and income paid."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Event
from serenissima.engine.values import slot_init

from ..common import who

__all__ = ["GoodSold", "IncomePaid"]


@attrs.frozen(slots=True)
class GoodSold(Event):
    """A piece was sold into a warehouse (C-SALE-4, C-BONUS).

    Attributes:
        seat: The seller.
        galley: The galley it came from.
        good: The good.
        port: The port.
        space: The warehouse space it filled.
        ducats: The sale price.
        bonus: The new-market bonus paid on top.
    """

    seat: int
    galley: int
    good: str
    port: str
    space: int
    ducats: int
    bonus: int

    def describe(self) -> str:
        extra = f" and a bonus of {self.bonus}" if self.bonus else ""
        return (
            f"{who(self.seat)} sells {self.good} to {self.port} (space {self.space}) "
            f"for {self.ducats}{extra}"
        )


@slot_init
@attrs.frozen(slots=True)
class IncomePaid(Event):
    """Income for holding one's own capital (C-INC-1)."""

    seat: int
    ducats: int

    def describe(self) -> str:
        return f"{who(self.seat)} collects {self.ducats} for holding its capital"
