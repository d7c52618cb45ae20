"""The event of the Doge wheel of the modern edition: the choice of Action or Investment."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Event
from serenissima.engine.values import slot_init

__all__ = ["ModeChosen"]


@slot_init
@attrs.frozen(slots=True)
class ModeChosen(Event):
    """The active player chose ``"action"`` or ``"investment"``."""

    seat: int
    mode: str

    def describe(self) -> str:
        return f"seat {self.seat} chooses {self.mode}"
