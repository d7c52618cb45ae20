"""The actions of the modern set-up: the closed ports, the first player, the galleys and ports."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Action

__all__ = ["CloseOutcome", "FirstOutcome", "PickGalley", "PickPort"]


@attrs.frozen(slots=True)
class CloseOutcome(Action):
    """Chance: ``port`` is closed for the game (M-SETUP-7)."""

    port: str

    def text(self) -> str:
        return f"close {self.port}"


@attrs.frozen(slots=True)
class FirstOutcome(Action):
    """Chance: ``seat`` is the first player (M-SETUP-5)."""

    seat: int

    def text(self) -> str:
        return f"first {self.seat}"


@attrs.frozen(slots=True)
class PickGalley(Action):
    """Take galley ``galley`` at set-up (M-SETUP-9..11)."""

    galley: int

    def text(self) -> str:
        return f"galley {self.galley}"


@attrs.frozen(slots=True)
class PickPort(Action):
    """Take ``port`` as the starting port (M-SETUP-9)."""

    port: str

    def text(self) -> str:
        return f"start {self.port}"
