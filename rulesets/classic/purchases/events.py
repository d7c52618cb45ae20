"""The events of phase 2 of the classic edition: goods bought, deals, buildings and hires.

And the reorganising of sailors and goods.
"""

from __future__ import annotations

import attrs

from serenissima.engine.core import Event
from serenissima.engine.values import slot_init

from ..common import where, who

__all__ = [
    "DealClosed",
    "DealFailed",
    "DealOpened",
    "FortBuilt",
    "GalleyBuilt",
    "GoodBought",
    "GoodDiscarded",
    "PriceNamed",
    "SailorDismissed",
    "SailorHired",
    "SailorMoved",
]


@slot_init
@attrs.frozen(slots=True)
class GoodBought(Event):
    """Pieces were bought at a port (C-BUY).

    Attributes:
        seat: The buyer.
        port: The port.
        good: The good.
        quantity: Pieces bought.
        price: Price per piece.
        payee: The port's owner who was paid, or ``None`` for the treasury.
    """

    seat: int
    port: str
    good: str
    quantity: int
    price: int
    payee: int | None

    def describe(self) -> str:
        to = "the treasury" if self.payee is None else who(self.payee)
        return (
            f"{who(self.seat)} buys {self.quantity} {self.good} at {self.port} "
            f"for {self.price} each, paid to {to}"
        )


@attrs.frozen(slots=True)
class DealOpened(Event):
    """A negotiation began (C-BUY-6, C-TRADE-2)."""

    kind: str
    seller: int
    buyer: int
    good: str
    quantity: int

    def describe(self) -> str:
        return (
            f"{who(self.buyer)} and {who(self.seller)} negotiate over "
            f"{self.quantity} {self.good} ({self.kind})"
        )


@attrs.frozen(slots=True)
class PriceNamed(Event):
    """A price or a counter-offer was named (C-BUY-6)."""

    seat: int
    price: int
    counter: bool

    def describe(self) -> str:
        what = "counters with" if self.counter else "asks"
        return f"{who(self.seat)} {what} {self.price} per piece"


@attrs.frozen(slots=True)
class DealClosed(Event):
    """A deal was made (C-BUY-6, C-TRADE-2)."""

    seller: int
    buyer: int
    good: str
    quantity: int
    price: int

    def describe(self) -> str:
        return (
            f"{who(self.buyer)} buys {self.quantity} {self.good} from {who(self.seller)} "
            f"at {self.price} each"
        )


@attrs.frozen(slots=True)
class DealFailed(Event):
    """A negotiation ended without a deal (C-BUY-6, C-TRADE-2)."""

    seller: int
    buyer: int
    good: str
    by: int

    def describe(self) -> str:
        return f"no deal over {self.good}: {who(self.by)} walks away"


@attrs.frozen(slots=True)
class GalleyBuilt(Event):
    """A galley was built (C-BUILD-5)."""

    seat: int
    port: str
    galley: int

    def describe(self) -> str:
        return f"{who(self.seat)} builds galley {self.galley} at {self.port}"


@attrs.frozen(slots=True)
class FortBuilt(Event):
    """A fortress was built (C-BUILD-6)."""

    seat: int
    port: str

    def describe(self) -> str:
        return f"{who(self.seat)} builds a fortress at {self.port}"


@slot_init
@attrs.frozen(slots=True)
class SailorHired(Event):
    """A sailor was hired (C-HIRE); ``galley`` 0 means the garrison."""

    seat: int
    port: str
    galley: int

    def describe(self) -> str:
        where = f"galley {self.galley}" if self.galley else "the garrison"
        return f"{who(self.seat)} hires a sailor at {self.port} for {where}"


@slot_init
@attrs.frozen(slots=True)
class SailorMoved(Event):
    """A sailor moved within a sea area (C-ORG-1)."""

    seat: int
    source: str
    target: str

    def describe(self) -> str:
        return f"{who(self.seat)} moves a sailor from {where(self.source)} to {where(self.target)}"


@slot_init
@attrs.frozen(slots=True)
class GoodDiscarded(Event):
    """A piece of goods went back to the box (C-DISC-1)."""

    seat: int
    galley: int
    good: str

    def describe(self) -> str:
        return f"{who(self.seat)} throws {self.good} from galley {self.galley} overboard"


@attrs.frozen(slots=True)
class SailorDismissed(Event):
    """A sailor went back to the box (C-DISC-2)."""

    seat: int
    galley: int

    def describe(self) -> str:
        return f"{who(self.seat)} sends a sailor of galley {self.galley} ashore for good"
