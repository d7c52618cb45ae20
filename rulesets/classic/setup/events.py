"""The event of the set-up of the classic edition: the starting crews (C-SETUP-4)."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Event

from ..common import who

__all__ = ["StartingCrews"]


@attrs.frozen(slots=True)
class StartingCrews(Event):
    """A seat split its starting sailors (C-SETUP-4)."""

    seat: int
    first: int
    second: int
    garrison: int

    def describe(self) -> str:
        return (
            f"{who(self.seat)} crews its galleys with {self.first} and {self.second} sailors "
            f"and garrisons its capital with {self.garrison}"
        )
