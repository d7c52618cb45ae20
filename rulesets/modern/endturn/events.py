"""The events of the end of a modern turn: the Doge card, wine income, the token, the deck."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Event
from serenissima.engine.values import slot_init

__all__ = ["DeckShuffled", "DogeCardDrawn", "TokenMoved", "WineIncome"]


@slot_init
@attrs.frozen(slots=True)
class DogeCardDrawn(Event):
    """A Doge card is drawn."""

    card: str

    def describe(self) -> str:
        return f"the Doge card {self.card} is drawn"


@slot_init
@attrs.frozen(slots=True)
class WineIncome(Event):
    """Wine income paid to a seat."""

    seat: int
    ducats: int

    def describe(self) -> str:
        return f"seat {self.seat} earns {self.ducats} ducats from wine"


@slot_init
@attrs.frozen(slots=True)
class TokenMoved(Event):
    """The white token moves on the turn track."""

    source: int
    target: int

    def describe(self) -> str:
        return f"the turn token moves from {self.source} to {self.target}"


@attrs.frozen(slots=True)
class DeckShuffled(Event):
    """The Doge deck is reshuffled."""

    def describe(self) -> str:
        return "the Doge cards are reshuffled"
