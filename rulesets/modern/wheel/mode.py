"""The Doge wheel of the modern edition: an activated galley's Action or Investment (M-TURN-3).

The order of the activations is the turn's flow (:mod:`..flow`).
"""

from __future__ import annotations

from serenissima.engine.core import Action
from serenissima.engine.rule_index import rule

from ..context import Ctx
from ..helpers import Events
from ..state import ModernState
from .actions import ChooseAction, ChooseInvestment
from .events import ModeChosen

__all__ = ["apply_mode", "mode_actions"]


_MODES: tuple[Action, ...] = (ChooseAction(), ChooseInvestment())


@rule("M-TURN-3")
def mode_actions(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    """M-TURN-3: the activated galley's owner takes an Action or an Investment."""
    return _MODES


@rule("M-TURN-3")
def apply_mode(
    ctx: Ctx, state: ModernState, action: ChooseAction | ChooseInvestment, ev: Events
) -> ModernState:
    """M-TURN-3: Action or Investment."""
    galley = ctx.active(state)
    if isinstance(action, ChooseInvestment):
        ev.append(ModeChosen(galley.owner, "investment"))
        return ctx.flow.begin("investment", ctx, state, ev)
    ev.append(ModeChosen(galley.owner, "action"))
    return ctx.flow.begin("action", ctx, state, ev)
