"""The events of an Investment of the modern edition: sailors recruited, galleys and buildings."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Event
from serenissima.engine.values import slot_init

__all__ = ["BuildingBuilt", "GalleyBought", "SailorRecruited"]


@slot_init
@attrs.frozen(slots=True)
class SailorRecruited(Event):
    """A sailor is recruited into a port or onto a galley."""

    seat: int
    target: str
    cost: int

    def describe(self) -> str:
        return f"seat {self.seat} recruits a sailor into {self.target} for {self.cost}"


@slot_init
@attrs.frozen(slots=True)
class GalleyBought(Event):
    """A galley is bought."""

    seat: int
    galley: int
    port: str
    cost: int

    def describe(self) -> str:
        return f"seat {self.seat} buys galley {self.galley} at {self.port} for {self.cost}"


@slot_init
@attrs.frozen(slots=True)
class BuildingBuilt(Event):
    """A fort or basilica is built."""

    seat: int
    port: str
    building: str
    cost: int

    def describe(self) -> str:
        return f"seat {self.seat} builds a {self.building} in {self.port}"
