"""Why a step of an Action is refused: loading, a move, a sale, an attack, a claim, plunder."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from serenissima.engine.core import Action, is_number
from serenissima.engine.rule_index import rule

from ..common import Reason, unknown_port
from ..context import Ctx
from ..phases import Moving, Plundering, Trading
from ..state import Galley, ModernState
from .actions import (
    Attack,
    AttackPort,
    Claim,
    Jettison,
    LoadGood,
    Move,
    Sell,
    ShiftGood,
    ShiftSailor,
    Take,
)

__all__ = ["CHECKS", "out_of_order"]


@rule("M-ACT-1", "M-MOVE-1")
def out_of_order(state: ModernState, action: Action) -> Reason:
    """M-ACT-1, M-MOVE-1: a Loading or Movement action asked for once that step is over."""
    act = state.act
    if act is None or not isinstance(state.phase, Moving | Trading):
        return None
    if isinstance(action, Move) and act.moves >= act.allowance:
        return "M-MOVE-1", f"galley {act.galley} has used all {act.allowance} of its moves"
    if isinstance(action, ShiftSailor | LoadGood | ShiftGood | Jettison | Move):
        return "M-ACT-1", "loading, movement, then sale or battle: that step is over"
    return None


def _shift_sailor(ctx: Ctx, state: ModernState, action: ShiftSailor) -> Reason:
    assert state.act is not None
    active = str(state.act.galley)
    if active not in (action.source, action.target):
        return "M-LOAD-4", "every transfer must start or end on the active galley"
    other = action.target if action.source == active else action.source
    galley = ctx.active(state)
    if is_number(other):
        mate = state.galley(int(other))
        if mate is None or mate.area != galley.area or mate.owner != galley.owner:
            return "M-LOAD-3", f"galley {other} is not one of your galleys in this space"
    else:
        if (r := unknown_port(ctx, other)) is not None:
            return r
        spec = ctx.board.port(other)
        port = ctx.port(state, other)
        if spec.area != galley.area:
            return "M-LOAD-1", f"{other} is not in the active galley's space"
        if port.owner != galley.owner:
            return "M-LOAD-3", "sailors may only be placed in or taken from a port you own"
        if action.source == other and port.sailors <= 1:
            return "M-PORT-3", f"the last sailor may not leave {other}"
        if action.target == other and port.sailors >= spec.warehouse:
            return "M-PORT-2", f"{other} holds at most {spec.warehouse} sailors"
    reverse = f"s:{action.target}>{action.source}"
    if reverse in state.act.flows:
        return "M-LOAD-2", "a transfer cannot be reversed within the same loading step"
    receiver = state.galley(int(action.target)) if is_number(action.target) else None
    if receiver is not None and receiver.sailors < ctx.params.galley.max_sailors:
        return "M-GAL-1", f"galley {receiver.number} has no free space for another sailor"
    return "M-GAL-2", "the receiving galley has no room for another sailor"


def _load(ctx: Ctx, state: ModernState, action: LoadGood) -> Reason:
    if (r := unknown_port(ctx, action.port)) is not None:
        return r
    assert state.act is not None
    galley = ctx.active(state)
    spec = ctx.board.port(action.port)
    port = ctx.port(state, action.port)
    if spec.area != galley.area:
        return "M-LOAD-1", f"{action.port} is not in the active galley's space"
    if port.closed:
        return "M-SETUP-8", f"{action.port} is closed: no goods can be loaded there"
    if (r := _no_cube_room(ctx, state, galley)) is not None:
        return r
    if spec.good in state.act.jettisoned:
        return "M-LOAD-10", f"{spec.good} was thrown overboard in this step and cannot be reloaded"
    if state.supply[ctx.good_index[spec.good]] <= 0:
        return "M-LOAD-11", f"no {spec.good} cubes are left in the box"
    return "M-LOAD-11", "you cannot pay for another cube"


def _no_cube_room(ctx: Ctx, state: ModernState, galley: Galley) -> Reason:
    if ctx.room(state, galley)[1]:
        return None
    if len(galley.cargo) >= ctx.params.galley.max_goods:
        return "M-GAL-3", f"galley {galley.number} already carries the most goods a galley can"
    return "M-GAL-1", f"galley {galley.number} has no room for another cube"


def _shift_good(ctx: Ctx, state: ModernState, action: ShiftGood) -> Reason:
    assert state.act is not None
    if state.act.galley not in (action.source, action.target):
        return "M-LOAD-4", "every transfer must start or end on the active galley"
    active = ctx.active(state)
    mate = state.galley(action.target if action.source == active.number else action.source)
    if mate is None or mate.area != active.area or mate.owner != active.owner:
        return "M-LOAD-9", "goods move only between your galleys in this space"
    source, target = state.galley(action.source), state.galley(action.target)
    assert source is not None
    assert target is not None
    if action.good not in source.cargo:
        return "M-LOAD-9", f"galley {source.number} carries no {action.good}"
    if (r := _no_cube_room(ctx, state, target)) is not None:
        return r
    return "M-LOAD-9", "a transfer cannot be reversed within the same loading step"


def _jettison(ctx: Ctx, state: ModernState, action: Jettison) -> Reason:
    galley = ctx.active(state)
    if action.good not in galley.cargo:
        return "M-LOAD-10", f"galley {galley.number} carries no {action.good}"
    return "M-LOAD-10", f"{action.good} was loaded in this step and cannot be thrown overboard"


def _move(ctx: Ctx, state: ModernState, action: Move) -> Reason:
    assert state.act is not None
    galley = ctx.active(state)
    if not ctx.board.has_area(action.area):
        return "M-MOVE-1", f"there is no sea area called {action.area!r}"
    if not ctx.board.adjacent(galley.area, action.area):
        return "M-MOVE-1", f"{action.area} is not adjacent to {galley.area}"
    return "M-MOVE-1", f"galley {galley.number} has used all {state.act.allowance} of its moves"


def _sell(ctx: Ctx, state: ModernState, action: Sell) -> Reason:
    assert state.act is not None
    if (r := unknown_port(ctx, action.port)) is not None:
        return r
    galley = ctx.active(state)
    spec = ctx.board.port(action.port)
    port = ctx.port(state, action.port)
    if state.act.fought or state.act.sale_blocked or state.act.claim_blocked:
        if state.act.sale_blocked and not state.act.fought:
            return "M-BLOCK-6", "the sale was blockaded"
        return "M-ACT-2", "step 3 is a sale or a battle, not both"
    if spec.area != galley.area:
        return "M-SALE-1", f"{action.port} is not in the active galley's space"
    if action.good not in galley.cargo:
        return "M-SALE-1", f"galley {galley.number} carries no {action.good}"
    if port.closed:
        return "M-SETUP-8", f"{action.port} is closed to trade"
    if spec.good == action.good:
        return "M-SALE-2", f"{action.port} produces {action.good}"
    if action.good in port.warehouse:
        return "M-SALE-2", f"{action.port} already has {action.good} in its warehouse"
    return "M-SALE-2", f"the warehouse of {action.port} is full"


def _attack(ctx: Ctx, state: ModernState, action: Attack) -> Reason:
    assert state.act is not None
    galley = ctx.active(state)
    target = state.galley(action.galley)
    if state.act.sold:
        return "M-ACT-2", "step 3 is a sale or a battle, not both"
    if target is None or target.area != galley.area:
        return "M-BAT-1", f"galley {action.galley} is not in this space"
    if target.owner == galley.owner:
        return "M-BAT-1", "you cannot attack your own galley"
    return "M-BAT-2", "the combat value would be 0 (option allow_attack_with_zero_cv is off)"


def _attack_port(ctx: Ctx, state: ModernState, action: AttackPort) -> Reason:
    assert state.act is not None
    if (r := unknown_port(ctx, action.port)) is not None:
        return r
    galley = ctx.active(state)
    spec, port = ctx.board.port(action.port), ctx.port(state, action.port)
    if state.act.sold:
        return "M-ACT-2", "step 3 is a sale or a battle, not both"
    if spec.area != galley.area:
        return "M-BAT-1", f"{action.port} is not in this space"
    if port.owner is None:
        return "M-CONQ-1", f"{action.port} is neutral: claim it by unloading sailors"
    if port.owner == galley.owner:
        return "M-BAT-1", "you cannot attack your own port"
    if port.closed:
        return "M-SETUP-8", f"{action.port} is closed"
    if any(g.area == galley.area and g.owner == port.owner for g in state.galleys):
        return "M-CONQ-3", "first sink every galley of the port's owner in this space"
    if ctx.owned_ports(state, port.owner) == 1:
        return "M-CONQ-8", f"{action.port} is its owner's last port"
    return "M-BAT-2", "the combat value would be 0 (option allow_attack_with_zero_cv is off)"


def _claim(ctx: Ctx, state: ModernState, action: Claim) -> Reason:
    assert state.act is not None
    if (r := unknown_port(ctx, action.port)) is not None:
        return r
    galley = ctx.active(state)
    spec, port = ctx.board.port(action.port), ctx.port(state, action.port)
    if spec.area != galley.area:
        return "M-CONQ-1", f"{action.port} is not in this space"
    if port.closed:
        return "M-SETUP-8", f"{action.port} is closed"
    if port.owner is not None:
        return "M-CONQ-3", f"{action.port} is held: attack it first"
    if state.act.sold:
        return "M-ACT-2", "step 3 is a sale or a battle, not both"
    if action.sailors > spec.warehouse:
        return "M-PORT-2", f"{action.port} holds at most {spec.warehouse} sailors"
    if action.sailors > galley.sailors or action.sailors < 1:
        return "M-CONQ-1", f"unload between 1 and {galley.sailors} sailors"
    return "M-BLOCK-7", "the claim was blockaded: fight the blockading galleys first"


def _take(ctx: Ctx, state: ModernState, action: Take) -> Reason:
    phase = state.phase
    assert isinstance(phase, Plundering)
    if action.good not in phase.loot:
        return "M-BAT-8", f"the wreck carries no {action.good}"
    return "M-BAT-8", "no room left on the galley"


CHECKS: dict[type[Action], Callable[[Ctx, ModernState, Any], Reason]] = {
    ShiftSailor: _shift_sailor,
    ShiftGood: _shift_good,
    LoadGood: _load,
    Jettison: _jettison,
    Move: _move,
    Sell: _sell,
    Attack: _attack,
    AttackPort: _attack_port,
    Claim: _claim,
    Take: _take,
}
"""Why an action of an Action is refused, by action class."""
