"""The actions of an Action of the modern edition: loading, movement, blockades, sales, battles.

With the dice of a battle and the fort's volley, and conquest's claim of a port.
"""

from __future__ import annotations

import attrs

from serenissima.engine.core import Action

__all__ = [
    "Attack",
    "AttackPort",
    "Blockade",
    "Claim",
    "Continue",
    "Dice",
    "Jettison",
    "LoadGood",
    "Move",
    "Pass",
    "Sell",
    "ShiftGood",
    "ShiftSailor",
    "Stop",
    "Take",
    "VolleyOutcome",
]


@attrs.frozen(slots=True)
class ShiftSailor(Action):
    """Move one sailor (M-LOAD-2/3).

    Attributes:
        source: A galley number or a port identifier, as text.
        target: A galley number or a port identifier, as text.
    """

    source: str
    target: str

    def text(self) -> str:
        return f"sailor {self.source}>{self.target}"


@attrs.frozen(slots=True)
class LoadGood(Action):
    """Load one cube of the good ``port`` produces onto the active galley (M-LOAD-5..8)."""

    port: str

    def text(self) -> str:
        return f"load {self.port}"


@attrs.frozen(slots=True)
class ShiftGood(Action):
    """Move one cube of ``good`` between two galleys (M-LOAD-9)."""

    good: str
    source: int
    target: int

    def text(self) -> str:
        return f"cube {self.good} {self.source}>{self.target}"


@attrs.frozen(slots=True)
class Jettison(Action):
    """Throw one cube of ``good`` overboard from the active galley (M-LOAD-10)."""

    good: str

    def text(self) -> str:
        return f"jettison {self.good}"


@attrs.frozen(slots=True)
class Move(Action):
    """Move the active galley one space, to ``area`` (M-MOVE-1)."""

    area: str

    def text(self) -> str:
        return f"move {self.area}"


@attrs.frozen(slots=True)
class Blockade(Action):
    """Declare a blockade against the active galley (M-BLOCK)."""

    def text(self) -> str:
        return "blockade"


@attrs.frozen(slots=True)
class Pass(Action):
    """Decline to blockade (M-BLOCK-4)."""

    def text(self) -> str:
        return "pass"


@attrs.frozen(slots=True)
class Sell(Action):
    """Sell one cube of ``good`` to ``port`` (M-SALE)."""

    good: str
    port: str

    def text(self) -> str:
        return f"sell {self.good} {self.port}"


@attrs.frozen(slots=True)
class Attack(Action):
    """Battle another player's galley ``galley`` (M-BAT)."""

    galley: int

    def text(self) -> str:
        return f"attack {self.galley}"


@attrs.frozen(slots=True)
class AttackPort(Action):
    """Battle another player's port ``port`` (M-CONQ-3..7)."""

    port: str

    def text(self) -> str:
        return f"attack {self.port}"


@attrs.frozen(slots=True)
class Claim(Action):
    """Unload ``sailors`` sailors from the active galley into ``port`` (M-CONQ-1/6)."""

    port: str
    sailors: int

    def text(self) -> str:
        return f"claim {self.port} {self.sailors}"


@attrs.frozen(slots=True)
class Continue(Action):
    """Fight another round (M-BAT-5)."""

    def text(self) -> str:
        return "continue"


@attrs.frozen(slots=True)
class Stop(Action):
    """Stop the battle; the activation ends (M-BAT-4)."""

    def text(self) -> str:
        return "stop"


@attrs.frozen(slots=True)
class Take(Action):
    """Take one cube of ``good`` from a sunken galley (M-BAT-8)."""

    good: str

    def text(self) -> str:
        return f"take {self.good}"


@attrs.frozen(slots=True)
class Dice(Action):
    """Chance: one battle round; the skulls each side rolled (M-BAT-3).

    Attributes:
        attacker: Skulls rolled by the attacker (sailors killed on the defender).
        defender: Skulls rolled by the defender (sailors killed on the attacker).
    """

    attacker: int
    defender: int

    def text(self) -> str:
        return f"dice {self.attacker} {self.defender}"


@attrs.frozen(slots=True)
class VolleyOutcome(Action):
    """Chance: skulls rolled by a fort's volley (M-CONQ-4)."""

    hits: int

    def text(self) -> str:
        return f"volley {self.hits}"
