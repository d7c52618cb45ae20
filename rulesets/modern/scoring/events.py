"""The events of the modern scoring: a scoring of the Doge cards and the end of the game."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Event

__all__ = ["GameEnded", "Scored"]


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
class GameEnded(Event):
    """The game is over."""

    winners: tuple[int, ...]

    def describe(self) -> str:
        return "the game ends; winner(s): " + ", ".join(f"seat {s}" for s in self.winners)
