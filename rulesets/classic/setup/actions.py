"""The action of the set-up of the classic edition: crewing the two starting galleys (C-SETUP-4)."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Action

__all__ = ["Crew"]


@attrs.frozen(slots=True)
class Crew(Action):
    """Crew the two starting galleys with ``first`` and ``second`` sailors (C-SETUP-4).

    The sailors left over garrison the capital.
    """

    first: int
    second: int

    def text(self) -> str:
        return f"crew {self.first} {self.second}"
