"""The events of the modern edition: what happened, for animation and logs."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Event

__all__ = [
    "EVENT_TYPES",
    "BattleStarted",
    "BlockadeDeclared",
    "BuildingBuilt",
    "DeckShuffled",
    "DiceRolled",
    "DogeCardDrawn",
    "FirstPlayerChosen",
    "GalleyActivated",
    "GalleyBought",
    "GalleyMoved",
    "GalleyPlaced",
    "GalleySunk",
    "GameEnded",
    "GoodsJettisoned",
    "GoodsLoaded",
    "GoodsShifted",
    "GoodsSold",
    "ModeChosen",
    "PortClaimed",
    "PortClosed",
    "PortNeutralised",
    "SailorRecruited",
    "SailorsMoved",
    "Scored",
    "SpoilsTaken",
    "TokenMoved",
    "WineIncome",
]


@attrs.frozen(slots=True)
class PortClosed(Event):
    """A port is closed for the game."""

    port: str

    def describe(self) -> str:
        return f"{self.port} is closed for the game"


@attrs.frozen(slots=True)
class FirstPlayerChosen(Event):
    """The first player is drawn."""

    seat: int

    def describe(self) -> str:
        return f"seat {self.seat} is the first player"


@attrs.frozen(slots=True)
class GalleyPlaced(Event):
    """A galley enters play (set-up or purchase)."""

    seat: int
    galley: int
    area: str
    sailors: int

    def describe(self) -> str:
        where = f"galley {self.galley} in {self.area}"
        return f"seat {self.seat} places {where} with {self.sailors} sailors"


@attrs.frozen(slots=True)
class GalleyActivated(Event):
    """The black token stops on a galley."""

    seat: int
    galley: int

    def describe(self) -> str:
        return f"galley {self.galley} (seat {self.seat}) is activated"


@attrs.frozen(slots=True)
class ModeChosen(Event):
    """The active player chose ``"action"`` or ``"investment"``."""

    seat: int
    mode: str

    def describe(self) -> str:
        return f"seat {self.seat} chooses {self.mode}"


@attrs.frozen(slots=True)
class SailorsMoved(Event):
    """Sailors moved between galleys and ports (``source``/``target``: galley number or port)."""

    seat: int
    source: str
    target: str
    count: int

    def describe(self) -> str:
        return f"seat {self.seat} moves {self.count} sailor(s) from {self.source} to {self.target}"


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


@attrs.frozen(slots=True)
class GoodsShifted(Event):
    """A cube moves between two galleys."""

    good: str
    source: int
    target: int

    def describe(self) -> str:
        return f"{self.good} moves from galley {self.source} to galley {self.target}"


@attrs.frozen(slots=True)
class GoodsJettisoned(Event):
    """A cube is thrown overboard."""

    galley: int
    good: str

    def describe(self) -> str:
        return f"galley {self.galley} throws {self.good} overboard"


@attrs.frozen(slots=True)
class GalleyMoved(Event):
    """A galley moves one space."""

    galley: int
    source: str
    target: str

    def describe(self) -> str:
        return f"galley {self.galley} sails from {self.source} to {self.target}"


@attrs.frozen(slots=True)
class BlockadeDeclared(Event):
    """A blockade stops a movement, sale or claim."""

    seat: int
    galley: int
    purpose: str

    def describe(self) -> str:
        return f"seat {self.seat} blockades galley {self.galley} ({self.purpose})"


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


@attrs.frozen(slots=True)
class BattleStarted(Event):
    """A battle begins; ``target`` is a galley number or a port."""

    seat: int
    galley: int
    target: str
    attacker_cv: int

    def describe(self) -> str:
        return f"galley {self.galley} attacks {self.target} with combat value {self.attacker_cv}"


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
class GalleySunk(Event):
    """A galley sinks; its cube leaves the wheel."""

    seat: int
    galley: int
    cargo: tuple[str, ...]

    def describe(self) -> str:
        return f"galley {self.galley} (seat {self.seat}) sinks"


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


@attrs.frozen(slots=True)
class PortClaimed(Event):
    """A player takes a port with ``sailors`` sailors."""

    seat: int
    port: str
    sailors: int

    def describe(self) -> str:
        return f"seat {self.seat} takes {self.port} with {self.sailors} sailor(s)"


@attrs.frozen(slots=True)
class SailorRecruited(Event):
    """A sailor is recruited into a port or onto a galley."""

    seat: int
    target: str
    cost: int

    def describe(self) -> str:
        return f"seat {self.seat} recruits a sailor into {self.target} for {self.cost}"


@attrs.frozen(slots=True)
class GalleyBought(Event):
    """A galley is bought."""

    seat: int
    galley: int
    port: str
    cost: int

    def describe(self) -> str:
        return f"seat {self.seat} buys galley {self.galley} at {self.port} for {self.cost}"


@attrs.frozen(slots=True)
class BuildingBuilt(Event):
    """A fort or basilica is built."""

    seat: int
    port: str
    building: str
    cost: int

    def describe(self) -> str:
        return f"seat {self.seat} builds a {self.building} in {self.port}"


@attrs.frozen(slots=True)
class DogeCardDrawn(Event):
    """A Doge card is drawn."""

    card: str

    def describe(self) -> str:
        return f"the Doge card {self.card} is drawn"


@attrs.frozen(slots=True)
class WineIncome(Event):
    """Wine income paid to a seat."""

    seat: int
    ducats: int

    def describe(self) -> str:
        return f"seat {self.seat} earns {self.ducats} ducats from wine"


@attrs.frozen(slots=True)
class TokenMoved(Event):
    """The white token moves on the turn track."""

    source: int
    target: int

    def describe(self) -> str:
        return f"the turn token moves from {self.source} to {self.target}"


@attrs.frozen(slots=True)
class Scored(Event):
    """A seat's earnings at a scoring (announced even with hidden money)."""

    seat: int
    scoring: int
    warehouses: int
    basilicas: int

    def describe(self) -> str:
        total = self.warehouses + self.basilicas
        return f"scoring {self.scoring}: seat {self.seat} earns {total} ducats"


@attrs.frozen(slots=True)
class DeckShuffled(Event):
    """The Doge deck is reshuffled."""

    def describe(self) -> str:
        return "the Doge cards are reshuffled"


@attrs.frozen(slots=True)
class GameEnded(Event):
    """The game is over."""

    winners: tuple[int, ...]

    def describe(self) -> str:
        return "the game ends; winner(s): " + ", ".join(f"seat {s}" for s in self.winners)


EVENT_TYPES: tuple[type[Event], ...] = (
    PortClosed,
    FirstPlayerChosen,
    GalleyPlaced,
    GalleyActivated,
    ModeChosen,
    SailorsMoved,
    GoodsLoaded,
    GoodsShifted,
    GoodsJettisoned,
    GalleyMoved,
    BlockadeDeclared,
    GoodsSold,
    BattleStarted,
    DiceRolled,
    GalleySunk,
    SpoilsTaken,
    PortNeutralised,
    PortClaimed,
    SailorRecruited,
    GalleyBought,
    BuildingBuilt,
    DogeCardDrawn,
    WineIncome,
    TokenMoved,
    Scored,
    DeckShuffled,
    GameEnded,
)
"""Every event class of the edition."""
