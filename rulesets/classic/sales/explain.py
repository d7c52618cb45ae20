"""Why a sale is refused (C-SALE)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from serenissima.engine.core import Action
from serenissima.engine.pieces import can_sell_to

from ..common import Reason
from ..context import Ctx
from ..phases import Selling
from ..state import ClassicState
from .actions import Sell

__all__ = ["CHECKS"]


def _sell(ctx: Ctx, state: ClassicState, action: Sell) -> Reason:
    if not isinstance(state.phase, Selling) or not ctx.board.has_port(action.port):
        return None
    galley = state.galley(action.galley)
    if galley is None or galley.owner != state.to_act:
        return "C-SALE-1", f"galley {action.galley} is not yours"
    spec = ctx.board.port(action.port)
    if spec.area != galley.area:
        return "C-SALE-1", f"galley {galley.id} is not in the sea area of {action.port}"
    if action.good not in galley.cargo:
        return "C-SALE-1", f"galley {galley.id} carries no {action.good}"
    stored = ctx.port(state, action.port).warehouse
    if not can_sell_to(action.good, spec.good, stored, spec.warehouse):
        if action.good == spec.good:
            return "C-SALE-3", f"{action.port} produces {action.good} itself"
        if action.good in stored:
            return "C-SALE-3", f"{action.port} already has {action.good} in its warehouse"
        return "X-C-32", f"the warehouse of {action.port} is full"
    return None


CHECKS: dict[type[Action], Callable[[Ctx, ClassicState, Any], Reason]] = {
    Sell: _sell,
}
"""Why an action of phase 6 is refused, by action class."""
