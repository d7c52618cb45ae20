"""Why a pick of a galley or a port at the set-up is refused (M-SETUP-9)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from serenissima.engine.core import Action

from ..common import Reason, unknown_port
from ..context import Ctx
from ..state import ModernState
from .actions import PickGalley, PickPort

__all__ = ["CHECKS"]


def _pick_galley(ctx: Ctx, state: ModernState, action: PickGalley) -> Reason:
    in_use = ctx.params.setup_for(state.players).galleys_in_use
    if not 1 <= action.galley <= in_use:
        return "M-SETUP-1", f"this game uses galleys 1 to {in_use}"
    return "M-SETUP-9", f"galley {action.galley} is already taken"


def _pick_port(ctx: Ctx, state: ModernState, action: PickPort) -> Reason:
    if (r := unknown_port(ctx, action.port)) is not None:
        return r
    port = ctx.port(state, action.port)
    if not ctx.board.port(action.port).start:
        return "M-SETUP-9", f"{action.port} is not a starting port"
    if port.closed:
        return "M-SETUP-8", f"{action.port} is closed for this game"
    return "M-SETUP-9", f"{action.port} is already taken"


CHECKS: dict[type[Action], Callable[[Ctx, ModernState, Any], Reason]] = {
    PickGalley: _pick_galley,
    PickPort: _pick_port,
}
"""Why an action of the set-up is refused, by action class."""
