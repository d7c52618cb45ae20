"""The events of phases 3 to 5 of the classic edition: moves, passage, battles, landings."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Event
from serenissima.engine.values import slot_init

from ..common import who

__all__ = [
    "BattleFought",
    "GalleyCaptured",
    "GalleyMoved",
    "PassageAnswered",
    "PortTaken",
    "SailorLanded",
]


@slot_init
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
        return f"{who(self.seat)} " + answer.format(self.galley)


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
        return f"{who(self.seat)} captures galley {self.galley} with {self.sailors} sailor(s)"


@slot_init
@attrs.frozen(slots=True)
class SailorLanded(Event):
    """A sailor landed on a port (C-LAND-1)."""

    seat: int
    galley: int
    port: str

    def describe(self) -> str:
        return f"{who(self.seat)} lands a sailor from galley {self.galley} on {self.port}"


@slot_init
@attrs.frozen(slots=True)
class PortTaken(Event):
    """A port changed hands (C-LAND-2)."""

    seat: int
    port: str
    previous: int | None

    def describe(self) -> str:
        was = "neutral" if self.previous is None else f"held by {who(self.previous)}"
        return f"{who(self.seat)} takes {self.port} ({was})"
