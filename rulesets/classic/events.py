"""The events of the classic edition: what happened, for animation and game logs."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Event

__all__ = [
    "EVENT_TYPES",
    "BattleFought",
    "BidsRevealed",
    "DealClosed",
    "DealFailed",
    "DealOpened",
    "DieRolled",
    "FortBuilt",
    "GalleyBuilt",
    "GalleyCaptured",
    "GalleyMoved",
    "GalleySunk",
    "GameEnded",
    "GoodBought",
    "GoodDiscarded",
    "GoodMoved",
    "GoodSold",
    "IncomePaid",
    "PassageAnswered",
    "PhaseStarted",
    "PortTaken",
    "PositionTaken",
    "PriceNamed",
    "RoundStarted",
    "SailorDismissed",
    "SailorHired",
    "SailorLanded",
    "SailorMoved",
    "StartingCrews",
]


def _seat(seat: int) -> str:
    return f"seat {seat}"


def _where(end: str) -> str:
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
            f"{_seat(self.seat)} crews its galleys with {self.first} and {self.second} sailors "
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
        shown = ", ".join(f"{_seat(s)} {b}" for s, b in enumerate(self.bids))
        return f"bids revealed: {shown}; all paid to the treasury"


@attrs.frozen(slots=True)
class DieRolled(Event):
    """A seat rolled the die to break a tie in the bidding (C-BID-4, C-BID-5)."""

    seat: int
    value: int

    def describe(self) -> str:
        return f"{_seat(self.seat)} rolls {self.value}"


@attrs.frozen(slots=True)
class PositionTaken(Event):
    """A seat took a place in the round's turn order (C-BID-3, C-BID-5)."""

    seat: int
    position: int

    def describe(self) -> str:
        return f"{_seat(self.seat)} plays in position {self.position}"


@attrs.frozen(slots=True)
class PhaseStarted(Event):
    """A phase of the round began (C-ROUND-1)."""

    phase: int
    name: str

    def describe(self) -> str:
        return f"phase {self.phase}: {self.name}"


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
        to = "the treasury" if self.payee is None else _seat(self.payee)
        return (
            f"{_seat(self.seat)} buys {self.quantity} {self.good} at {self.port} "
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
            f"{_seat(self.buyer)} and {_seat(self.seller)} negotiate over "
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
        return f"{_seat(self.seat)} {what} {self.price} per piece"


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
            f"{_seat(self.buyer)} buys {self.quantity} {self.good} from {_seat(self.seller)} "
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
        return f"no deal over {self.good}: {_seat(self.by)} walks away"


@attrs.frozen(slots=True)
class GalleyBuilt(Event):
    """A galley was built (C-BUILD-5)."""

    seat: int
    port: str
    galley: int

    def describe(self) -> str:
        return f"{_seat(self.seat)} builds galley {self.galley} at {self.port}"


@attrs.frozen(slots=True)
class FortBuilt(Event):
    """A fortress was built (C-BUILD-6)."""

    seat: int
    port: str

    def describe(self) -> str:
        return f"{_seat(self.seat)} builds a fortress at {self.port}"


@attrs.frozen(slots=True)
class SailorHired(Event):
    """A sailor was hired (C-HIRE); ``galley`` 0 means the garrison."""

    seat: int
    port: str
    galley: int

    def describe(self) -> str:
        where = f"galley {self.galley}" if self.galley else "the garrison"
        return f"{_seat(self.seat)} hires a sailor at {self.port} for {where}"


@attrs.frozen(slots=True)
class SailorMoved(Event):
    """A sailor moved within a sea area (C-ORG-1)."""

    seat: int
    source: str
    target: str

    def describe(self) -> str:
        return (
            f"{_seat(self.seat)} moves a sailor from {_where(self.source)} to {_where(self.target)}"
        )


@attrs.frozen(slots=True)
class GoodMoved(Event):
    """A piece of goods moved between two galleys (C-ORG-1, C-BAT-8)."""

    seat: int
    good: str
    source: int
    target: int

    def describe(self) -> str:
        return f"{_seat(self.seat)} moves {self.good} from galley {self.source} to {self.target}"


@attrs.frozen(slots=True)
class GoodDiscarded(Event):
    """A piece of goods went back to the box (C-DISC-1)."""

    seat: int
    galley: int
    good: str

    def describe(self) -> str:
        return f"{_seat(self.seat)} throws {self.good} from galley {self.galley} overboard"


@attrs.frozen(slots=True)
class SailorDismissed(Event):
    """A sailor went back to the box (C-DISC-2)."""

    seat: int
    galley: int

    def describe(self) -> str:
        return f"{_seat(self.seat)} sends a sailor of galley {self.galley} ashore for good"


@attrs.frozen(slots=True)
class GalleySunk(Event):
    """A galley sank with its cargo (C-ORG-3, C-BAT-6, C-PATK-6, C-LAND-3)."""

    galley: int
    owner: int
    cargo: tuple[str, ...]
    reason: str

    def describe(self) -> str:
        lost = f" with {', '.join(self.cargo)}" if self.cargo else ""
        return f"galley {self.galley} of {_seat(self.owner)} sinks{lost} ({self.reason})"


@attrs.frozen(slots=True)
class GalleyMoved(Event):
    """A galley moved one sea area (C-MOVE-1)."""

    galley: int
    origin: str
    area: str

    def describe(self) -> str:
        return f"galley {self.galley} moves from {self.origin} to {self.area}"


@attrs.frozen(slots=True)
class PassageAnswered(Event):
    """A seat granted or refused passage (C-MOVE-4, C-MOVE-5)."""

    seat: int
    galley: int
    granted: bool

    def describe(self) -> str:
        answer = "lets galley {0} pass" if self.granted else "refuses galley {0} passage"
        return f"{_seat(self.seat)} " + answer.format(self.galley)


@attrs.frozen(slots=True)
class BattleFought(Event):
    """One round of a battle (C-BAT-3, C-PATK-2).

    Attributes:
        galley: The attacking galley.
        target: The galley attacked, or 0.
        port: The port attacked, or ``""``.
        attacker_die: The attacker's die.
        defender_die: The defender's die.
        attacker_losses: Sailors the attacking galley lost.
        defender_losses: Sailors the defender lost.
    """

    galley: int
    target: int
    port: str
    attacker_die: int
    defender_die: int
    attacker_losses: int
    defender_losses: int

    def describe(self) -> str:
        foe = self.port if self.port else f"galley {self.target}"
        return (
            f"galley {self.galley} attacks {foe}: dice {self.attacker_die} and "
            f"{self.defender_die}; the attacker loses {self.attacker_losses}, "
            f"the defender {self.defender_losses}"
        )


@attrs.frozen(slots=True)
class GalleyCaptured(Event):
    """A beaten galley changed flag (C-BAT-7)."""

    galley: int
    seat: int
    sailors: int

    def describe(self) -> str:
        return f"{_seat(self.seat)} captures galley {self.galley} with {self.sailors} sailor(s)"


@attrs.frozen(slots=True)
class SailorLanded(Event):
    """A sailor landed on a port (C-LAND-1)."""

    seat: int
    galley: int
    port: str

    def describe(self) -> str:
        return f"{_seat(self.seat)} lands a sailor from galley {self.galley} on {self.port}"


@attrs.frozen(slots=True)
class PortTaken(Event):
    """A port changed hands (C-LAND-2)."""

    seat: int
    port: str
    previous: int | None

    def describe(self) -> str:
        was = "neutral" if self.previous is None else f"held by {_seat(self.previous)}"
        return f"{_seat(self.seat)} takes {self.port} ({was})"


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
            f"{_seat(self.seat)} sells {self.good} to {self.port} (space {self.space}) "
            f"for {self.ducats}{extra}"
        )


@attrs.frozen(slots=True)
class IncomePaid(Event):
    """Income for holding one's own capital (C-INC-1)."""

    seat: int
    ducats: int

    def describe(self) -> str:
        return f"{_seat(self.seat)} collects {self.ducats} for holding its capital"


@attrs.frozen(slots=True)
class GameEnded(Event):
    """The last round ended (C-SCORE-1)."""

    winners: tuple[int, ...]

    def describe(self) -> str:
        return "the game ends; winner(s): " + ", ".join(_seat(s) for s in self.winners)


EVENT_TYPES: tuple[type[Event], ...] = (
    StartingCrews,
    RoundStarted,
    BidsRevealed,
    DieRolled,
    PositionTaken,
    PhaseStarted,
    GoodBought,
    DealOpened,
    PriceNamed,
    DealClosed,
    DealFailed,
    GalleyBuilt,
    FortBuilt,
    SailorHired,
    SailorMoved,
    GoodMoved,
    GoodDiscarded,
    SailorDismissed,
    GalleySunk,
    GalleyMoved,
    PassageAnswered,
    BattleFought,
    GalleyCaptured,
    SailorLanded,
    PortTaken,
    GoodSold,
    IncomePaid,
    GameEnded,
)
"""Every classic event class."""
