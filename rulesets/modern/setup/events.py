"""The events of the set-up of the modern edition: closed ports and the first player."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Event

__all__ = ["FirstPlayerChosen", "PortClosed"]


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
