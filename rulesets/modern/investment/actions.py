"""The actions of an Investment of the modern edition: sailors, galleys, forts, basilicas."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Action

__all__ = ["BuildBasilica", "BuildFort", "BuyGalley", "Crew", "Recruit"]


@attrs.frozen(slots=True)
class Recruit(Action):
    """Recruit one sailor into ``port`` (M-INV-2)."""

    port: str

    def text(self) -> str:
        return f"recruit {self.port}"


@attrs.frozen(slots=True)
class Crew(Action):
    """Recruit one sailor onto galley ``galley``, in the space of an own port (M-INV-2)."""

    galley: int

    def text(self) -> str:
        return f"crew {self.galley}"


@attrs.frozen(slots=True)
class BuyGalley(Action):
    """Buy galley ``galley`` at ``port``, crewed with one recruited sailor (M-INV-3, X-M-22)."""

    galley: int
    port: str

    def text(self) -> str:
        return f"buy {self.galley} {self.port}"


@attrs.frozen(slots=True)
class BuildFort(Action):
    """Build a fort in ``port`` (M-INV-4)."""

    port: str

    def text(self) -> str:
        return f"fort {self.port}"


@attrs.frozen(slots=True)
class BuildBasilica(Action):
    """Build a basilica in ``port`` (M-INV-5)."""

    port: str

    def text(self) -> str:
        return f"basilica {self.port}"
