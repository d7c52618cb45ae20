"""The actions of phase 1 of the classic edition: the bid, the roll-off and the choice of place."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Action

__all__ = ["Bid", "DieRoll", "TakePosition"]


@attrs.frozen(slots=True)
class Bid(Action):
    """Bid ``amount`` ducats for turn order, in secret (C-BID-2)."""

    amount: int

    def text(self) -> str:
        return f"bid {self.amount}"


@attrs.frozen(slots=True)
class DieRoll(Action):
    """Chance: the die rolled by the next seat of a tied group (C-BID-4, C-BID-5)."""

    value: int

    def text(self) -> str:
        return f"roll {self.value}"


@attrs.frozen(slots=True)
class TakePosition(Action):
    """Take position ``position`` (1 = first) in this round's turn order (C-BID-3)."""

    position: int

    def text(self) -> str:
        return f"position {self.position}"
