"""The actions of the Doge wheel of the modern edition: the choice of Action or Investment."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Action

__all__ = ["ChooseAction", "ChooseInvestment"]


@attrs.frozen(slots=True)
class ChooseAction(Action):
    """Use the active galley: loading, movement, sale or battle (M-ACT)."""

    def text(self) -> str:
        return "action"


@attrs.frozen(slots=True)
class ChooseInvestment(Action):
    """Leave the active galley idle and invest instead (M-INV)."""

    def text(self) -> str:
        return "invest"
