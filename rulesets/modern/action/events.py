"""The events of an Action of the modern edition: loading, moves, blockades, sales, battles."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Event
from serenissima.engine.values import slot_init

__all__ = [
    "BattleStarted",
    "BlockadeDeclared",
    "DiceRolled",
    "GalleyMoved",
    "GoodsJettisoned",
    "GoodsLoaded",
    "GoodsShifted",
    "GoodsSold",
    "PortNeutralised",
    "SailorsMoved",
    "SpoilsTaken",
]


@slot_init
@attrs.frozen(slots=True)
class SailorsMoved(Event):
    """Sailors moved between galleys and ports (``source``/``target``: galley number or port)."""

    seat: int
    source: str
    target: str
    count: int

    def describe(self) -> str:
        return f"seat {self.seat} moves {self.count} sailor(s) from {self.source} to {self.target}"


@slot_init
@attrs.frozen(slots=True)
class GoodsLoaded(Event):
    """A cube is loaded from a port; ``paid_to`` is a seat, or -1 for the bank."""

    seat: int
    galley: int
    good: str
    port: str
    price: int
    paid_to: int

    def describe(self) -> str:
        payee = "the bank" if self.paid_to < 0 else f"seat {self.paid_to}"
        return (
            f"galley {self.galley} loads {self.good} at {self.port} for {self.price} (to {payee})"
        )


@slot_init
@attrs.frozen(slots=True)
class GoodsShifted(Event):
    """A cube moves between two galleys."""

    good: str
    source: int
    target: int

    def describe(self) -> str:
        return f"{self.good} moves from galley {self.source} to galley {self.target}"


@slot_init
@attrs.frozen(slots=True)
class GoodsJettisoned(Event):
    """A cube is thrown overboard."""

    galley: int
    good: str

    def describe(self) -> str:
        return f"galley {self.galley} throws {self.good} overboard"


@slot_init
@attrs.frozen(slots=True)
class GalleyMoved(Event):
    """A galley moves one space."""

    galley: int
    source: str
    target: str

    def describe(self) -> str:
        return f"galley {self.galley} sails from {self.source} to {self.target}"


@slot_init
@attrs.frozen(slots=True)
class BlockadeDeclared(Event):
    """A blockade stops a movement, sale or claim."""

    seat: int
    galley: int
    purpose: str

    def describe(self) -> str:
        return f"seat {self.seat} blockades galley {self.galley} ({self.purpose})"


@slot_init
@attrs.frozen(slots=True)
class GoodsSold(Event):
    """A cube is sold into a warehouse."""

    seat: int
    galley: int
    good: str
    port: str
    space_value: int
    ducats: int

    def describe(self) -> str:
        return f"seat {self.seat} sells {self.good} to {self.port} for {self.ducats} ducats"


@slot_init
@attrs.frozen(slots=True)
class BattleStarted(Event):
    """A battle begins; ``target`` is a galley number or a port."""

    seat: int
    galley: int
    target: str
    attacker_cv: int

    def describe(self) -> str:
        return f"galley {self.galley} attacks {self.target} with combat value {self.attacker_cv}"


@slot_init
@attrs.frozen(slots=True)
class DiceRolled(Event):
    """Skulls rolled in a battle round or by a fort."""

    attacker_dice: int
    defender_dice: int
    attacker_hits: int
    defender_hits: int

    def describe(self) -> str:
        return (
            f"attacker rolls {self.attacker_dice} dice, {self.attacker_hits} skull(s); "
            f"defender rolls {self.defender_dice} dice, {self.defender_hits} skull(s)"
        )


@attrs.frozen(slots=True)
class SpoilsTaken(Event):
    """A survivor takes a cube from a sunken galley."""

    seat: int
    galley: int
    good: str

    def describe(self) -> str:
        return f"galley {self.galley} takes {self.good} from the wreck"


@attrs.frozen(slots=True)
class PortNeutralised(Event):
    """A port loses its last sailor and becomes neutral."""

    port: str
    previous_owner: int

    def describe(self) -> str:
        return f"{self.port} becomes neutral"
