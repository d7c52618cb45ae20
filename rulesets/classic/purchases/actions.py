"""The actions of phase 2 of the classic edition: purchases, trade and the negotiation of prices.

Buying, building, hiring, reorganising, discarding, trading and the answers
of a deal.

``refuse`` and the move of a good, which other phases use too, are in
:mod:`..common`.
"""

from __future__ import annotations

import attrs

from serenissima.engine.core import Action

__all__ = [
    "Accept",
    "Ask",
    "Barter",
    "BuildFort",
    "BuildGalley",
    "Buy",
    "Counter",
    "Decline",
    "DiscardGood",
    "DiscardSailor",
    "Hire",
    "Offer",
    "ShiftSailor",
    "TradeBuy",
    "TradeSell",
]


@attrs.frozen(slots=True)
class Buy(Action):
    """Buy one piece at a neutral port or one's own, onto galley ``galley`` (C-BUY-3)."""

    galley: int
    port: str

    def text(self) -> str:
        return f"buy {self.galley} {self.port}"


@attrs.frozen(slots=True)
class Ask(Action):
    """Ask the owner of ``port`` for a price for ``quantity`` pieces (C-BUY-4, C-BUY-6)."""

    port: str
    quantity: int

    def text(self) -> str:
        return f"ask {self.port} {self.quantity}"


@attrs.frozen(slots=True)
class TradeBuy(Action):
    """Ask to buy one ``good`` from another player's galley onto one's own (C-TRADE-1).

    Attributes:
        galley: The other player's galley.
        good: The good wanted.
        into: One's own galley in the same sea area.
    """

    galley: int
    good: str
    into: int

    def text(self) -> str:
        return f"buy-from {self.galley} {self.good} {self.into}"


@attrs.frozen(slots=True)
class TradeSell(Action):
    """Offer one ``good`` from one's own galley to another player's galley at ``price`` (C-TRADE-1).

    Attributes:
        galley: One's own galley.
        good: The good offered.
        to: The other player's galley in the same sea area.
        price: The price asked.
    """

    galley: int
    good: str
    to: int
    price: int

    def text(self) -> str:
        return f"sell-to {self.galley} {self.good} {self.to} {self.price}"


@attrs.frozen(slots=True)
class Barter(Action):
    """Offer ``good`` from one's galley for ``wanted`` from another player's (X-C-41, option).

    Attributes:
        galley: One's own galley.
        good: The good given.
        other: The other player's galley in the same sea area.
        wanted: The good asked in exchange.
    """

    galley: int
    good: str
    other: int
    wanted: str

    def text(self) -> str:
        return f"barter {self.galley} {self.good} {self.other} {self.wanted}"


@attrs.frozen(slots=True)
class Offer(Action):
    """The seller names a price per piece (C-BUY-6, step 1)."""

    price: int

    def text(self) -> str:
        return f"offer {self.price}"


@attrs.frozen(slots=True)
class Counter(Action):
    """The buyer makes his one counter-offer, per piece (C-BUY-6, step 2)."""

    price: int

    def text(self) -> str:
        return f"counter {self.price}"


@attrs.frozen(slots=True)
class Accept(Action):
    """Accept the price on the table (C-BUY-6)."""

    def text(self) -> str:
        return "accept"


@attrs.frozen(slots=True)
class Decline(Action):
    """The buyer walks away from the deal (C-BUY-6, step 4)."""

    def text(self) -> str:
        return "decline"


@attrs.frozen(slots=True)
class BuildGalley(Action):
    """Build a galley at ``port``, crewed by a sailor hired there or taken from its garrison.

    (C-BUILD-1, C-BUILD-3, C-BUILD-5.) ``crew`` is ``"hire"`` or ``"garrison"``.
    """

    port: str
    crew: str

    def text(self) -> str:
        return f"build-galley {self.port} {self.crew}"


@attrs.frozen(slots=True)
class BuildFort(Action):
    """Build a fortress at ``port`` (C-BUILD-1, C-BUILD-4)."""

    port: str

    def text(self) -> str:
        return f"build-fort {self.port}"


@attrs.frozen(slots=True)
class Hire(Action):
    """Hire one sailor at ``port``, into its garrison or onto galley ``galley`` (C-HIRE).

    Attributes:
        port: A port one controls.
        galley: A galley of one's own in the port's sea area, or 0 for the garrison.
    """

    port: str
    galley: int = 0

    def text(self) -> str:
        return f"hire {self.port}" + (f" {self.galley}" if self.galley else "")


@attrs.frozen(slots=True)
class ShiftSailor(Action):
    """Move one sailor within a sea area (C-ORG-1).

    Each end is a galley number or the identifier of one's own port. Taking a
    galley's last sailor sinks it (C-ORG-3).
    """

    source: str
    target: str

    def text(self) -> str:
        return f"sailor {self.source}>{self.target}"


@attrs.frozen(slots=True)
class DiscardGood(Action):
    """Throw one ``good`` from galley ``galley`` back in the box (C-DISC-1)."""

    galley: int
    good: str

    def text(self) -> str:
        return f"discard {self.galley} {self.good}"


@attrs.frozen(slots=True)
class DiscardSailor(Action):
    """Send one sailor of galley ``galley`` back to the box, at a port not one's own (C-DISC-2)."""

    galley: int

    def text(self) -> str:
        return f"dismiss {self.galley}"
