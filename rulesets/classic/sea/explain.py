"""Why a move, an attack, a capture or a landing is refused (C-MOVE, C-BAT, C-LAND)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from serenissima.engine.core import Action

from ..common import Reason
from ..context import Ctx
from ..phases import Fighting, Landing, Moving, Spoils
from ..state import ClassicState
from .actions import Assault, Attack, Capture, Land, Move
from .movement import allowance

__all__ = ["CHECKS"]


def _move(ctx: Ctx, state: ClassicState, action: Move) -> Reason:
    phase = state.phase
    galley = state.galley(action.galley)
    if not isinstance(phase, Moving) or galley is None:
        return None
    if galley.owner != state.to_act:
        return "C-MOVE-1", f"galley {action.galley} is not yours"
    if not ctx.board.has_area(action.area) or not ctx.board.adjacent(galley.area, action.area):
        return "C-MOVE-1", f"{action.area} is not next to {galley.area}"
    if galley.id in phase.refused:
        return "C-MOVE-5", f"galley {galley.id} was refused passage and moves no more this phase"
    if galley.id in phase.done:
        return "C-MOVE-1", f"galley {galley.id} has finished moving this phase"
    if galley.id == phase.galley and phase.steps >= allowance(ctx, galley):
        return "C-MOVE-1", f"galley {galley.id} has used all {allowance(ctx, galley)} of its moves"
    if galley.id == phase.galley and not phase.free:
        return "C-MOVE-3", f"passing through {galley.area} needs the other players' permission"
    return None


def _attack(ctx: Ctx, state: ClassicState, action: Attack) -> Reason:
    if not isinstance(state.phase, Fighting):
        return None
    galley, target = state.galley(action.galley), state.galley(action.target)
    if galley is None or galley.owner != state.to_act:
        return "C-BAT-2", f"galley {action.galley} is not yours"
    if target is None or target.owner == state.to_act:
        return "C-BAT-2", f"galley {action.target} is not another player's galley in play"
    if target.area != galley.area:
        return "C-BAT-2", "the two galleys must be in the same sea area"
    return None


def _assault(ctx: Ctx, state: ClassicState, action: Assault) -> Reason:
    if not isinstance(state.phase, Fighting) or not ctx.board.has_port(action.port):
        return None
    galley = state.galley(action.galley)
    port = ctx.port(state, action.port)
    if galley is None or galley.owner != state.to_act:
        return "C-PATK-1", f"galley {action.galley} is not yours"
    if ctx.board.port(action.port).area != galley.area:
        return "C-PATK-1", f"galley {galley.id} is not in the sea area of {action.port}"
    if port.owner is None:
        return "C-PATK-1", f"{action.port} is neutral: it has no garrison and is taken in phase 5"
    if port.owner == state.to_act:
        return "C-PATK-1", f"{action.port} is your own port"
    if port.garrison == 0:
        return "X-C-23", f"{action.port} has no garrison to fight; land on it in phase 5"
    return None


def _capture(ctx: Ctx, state: ClassicState, action: Capture) -> Reason:
    phase = state.phase
    if not isinstance(phase, Spoils):
        return None
    if not phase.may_capture:
        return "X-C-14", "with these options a defending galley cannot capture the attacker"
    if action.sailors < 1:
        return "C-BAT-7", "at least one sailor must board the beaten galley to take it"
    winner = state.galley(phase.winner)
    if winner is not None and action.sailors > winner.sailors:
        return "C-BAT-7", f"the winning galley has only {winner.sailors} sailors to send across"
    spaces = ctx.params.galley.spaces
    return "C-ORG-2", f"the captured galley would hold more than {spaces} pieces"


def _land(ctx: Ctx, state: ClassicState, action: Land) -> Reason:
    phase = state.phase
    if not isinstance(phase, Landing) or not ctx.board.has_port(action.port):
        return None
    galley = state.galley(action.galley)
    if galley is None or galley.owner != state.to_act:
        return "C-LAND-1", f"galley {action.galley} is not yours"
    if ctx.board.port(action.port).area != galley.area:
        return "C-LAND-1", f"galley {galley.id} is not in the sea area of {action.port}"
    if ctx.port(state, action.port).garrison > 0 and action.port not in phase.taken:
        return "C-LAND-1", f"{action.port} has a garrison; only ports without one can be taken"
    return "X-C-07", f"the garrison of {action.port} is full"


CHECKS: dict[type[Action], Callable[[Ctx, ClassicState, Any], Reason]] = {
    Move: _move,
    Attack: _attack,
    Assault: _assault,
    Capture: _capture,
    Land: _land,
}
"""Why an action of phases 3 to 5 is refused, by action class."""
