"""The action of the end of a modern turn: the Doge card drawn (M-END-1)."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Action

__all__ = ["DogeOutcome"]


@attrs.frozen(slots=True)
class DogeOutcome(Action):
    """Chance: the Doge card drawn (M-END-1)."""

    card: str

    def text(self) -> str:
        return f"doge {self.card}"
