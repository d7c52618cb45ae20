"""The action of phase 6 of the classic edition: the sale of a good to a port (C-SALE-1)."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Action

__all__ = ["Sell"]


@attrs.frozen(slots=True)
class Sell(Action):
    """Sell one ``good`` from galley ``galley`` to ``port`` (C-SALE)."""

    galley: int
    good: str
    port: str

    def text(self) -> str:
        return f"sell {self.galley} {self.good} {self.port}"
