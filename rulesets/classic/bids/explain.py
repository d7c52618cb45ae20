"""Why a bid or a choice of place in the turn order is refused (C-BID)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from serenissima.engine.core import Action

from ..common import Reason
from ..context import Ctx
from ..phases import Choosing
from ..state import ClassicState
from .actions import Bid, TakePosition

__all__ = ["CHECKS"]


def _bid(ctx: Ctx, state: ClassicState, action: Bid) -> Reason:
    unit = state.options.money_unit
    if action.amount % unit:
        return "X-C-04", f"bids are made in steps of {unit} ducats"
    if action.amount > state.ducats[state.to_act]:
        return "C-BID-2", "a bid cannot exceed the ducats one has"
    return None


def _position(ctx: Ctx, state: ClassicState, action: TakePosition) -> Reason:
    phase = state.phase
    if isinstance(phase, Choosing):
        if not 1 <= action.position <= len(phase.slots):
            return "C-BID-3", f"positions run from 1 to {len(phase.slots)}"
        return "C-BID-3", f"position {action.position} is already taken"
    return None


CHECKS: dict[type[Action], Callable[[Ctx, ClassicState, Any], Reason]] = {
    Bid: _bid,
    TakePosition: _position,
}
"""Why an action of phase 1 is refused, by action class."""
