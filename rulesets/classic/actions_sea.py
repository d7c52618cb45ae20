"""The actions of phases 3 to 6 of a classic game: movement, battles, landings and sales.

Moving a galley and asking for passage (C-MOVE), attacking galleys and
ports and dealing with a beaten galley (C-BAT, C-PATK), landing sailors
(C-LAND) and selling goods (C-SALE). The battle dice are in
:mod:`.actions_setup`.
"""

from __future__ import annotations

import attrs

from serenissima.engine.core import Action

__all__ = ["Assault", "Attack", "Capture", "Grant", "Land", "Move", "Request", "Sell", "Sink"]


# --- phase 3 ---------------------------------------------------------------------


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


# --- phase 4 ---------------------------------------------------------------------


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


# --- phases 5 and 6 --------------------------------------------------------------


@attrs.frozen(slots=True)
class Land(Action):
    """Land one sailor of galley ``galley`` on ``port`` (C-LAND-1)."""

    galley: int
    port: str

    def text(self) -> str:
        return f"land {self.galley} {self.port}"


@attrs.frozen(slots=True)
class Sell(Action):
    """Sell one ``good`` from galley ``galley`` to ``port`` (C-SALE)."""

    galley: int
    good: str
    port: str

    def text(self) -> str:
        return f"sell {self.galley} {self.good} {self.port}"
