"""The actions of phases 3 to 5 of the classic edition: movement, battles, port attacks, landing.

With the passage a move asks for, and a battle's dice and spoils.
"""

from __future__ import annotations

import attrs

from serenissima.engine.core import Action

__all__ = ["Assault", "Attack", "Capture", "Dice", "Grant", "Land", "Move", "Request", "Sink"]


@attrs.frozen(slots=True)
class Move(Action):
    """Move galley ``galley`` one sea area, to ``area`` (C-MOVE-1)."""

    galley: int
    area: str

    def text(self) -> str:
        return f"move {self.galley} {self.area}"


@attrs.frozen(slots=True)
class Request(Action):
    """Ask the players whose galleys share the area for passage through it (C-MOVE-3)."""

    galley: int

    def text(self) -> str:
        return f"request {self.galley}"


@attrs.frozen(slots=True)
class Grant(Action):
    """Let the moving galley pass (C-MOVE-4)."""

    def text(self) -> str:
        return "grant"


@attrs.frozen(slots=True)
class Attack(Action):
    """Attack galley ``target`` with galley ``galley`` in the same sea area (C-BAT-2)."""

    galley: int
    target: int

    def text(self) -> str:
        return f"attack {self.galley} {self.target}"


@attrs.frozen(slots=True)
class Assault(Action):
    """Attack another player's port ``port`` with galley ``galley`` (C-PATK-1)."""

    galley: int
    port: str

    def text(self) -> str:
        return f"assault {self.galley} {self.port}"


@attrs.frozen(slots=True)
class Capture(Action):
    """Take the beaten galley, moving ``sailors`` onto it from the winning galley (C-BAT-7)."""

    sailors: int

    def text(self) -> str:
        return f"capture {self.sailors}"


@attrs.frozen(slots=True)
class Sink(Action):
    """Sink the beaten galley with whatever cargo is left on it (C-BAT-6)."""

    def text(self) -> str:
        return "sink"


@attrs.frozen(slots=True)
class Land(Action):
    """Land one sailor of galley ``galley`` on ``port`` (C-LAND-1)."""

    galley: int
    port: str

    def text(self) -> str:
        return f"land {self.galley} {self.port}"


@attrs.frozen(slots=True)
class Dice(Action):
    """Chance: one round of a battle; the die of each side (C-BAT-3, C-PATK-2).

    Attributes:
        attacker: The attacker's die.
        defender: The defender's die (the galley attacked, or the garrison).
    """

    attacker: int
    defender: int

    def text(self) -> str:
        return f"dice {self.attacker} {self.defender}"
