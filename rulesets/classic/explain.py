"""Why an action is illegal: the rule it breaks, in a sentence a player understands.

Legality itself is decided by the legal-action generators; these functions
only look for the most telling reason once an action has been refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from serenissima.engine.core import CHANCE, TERMINAL, Action
from serenissima.engine.errors import IllegalActionError
from serenissima.engine.phases import PhaseRules
from serenissima.engine.pieces import can_sell_to

from .actions import Assault, Attack, Bid, Capture, Crew, Land, Move, Sell, TakePosition
from .context import Ctx
from .movement import allowance
from .purchase_explain import explain_purchase
from .state import Choosing, ClassicState, Fighting, Landing, Moving, Selling, Spoils

__all__ = ["explain"]

Reason = tuple[str, str] | None


def explain(ctx: Ctx, state: ClassicState, action: Action, rules: PhaseRules) -> IllegalActionError:
    """Return the error for an action the legal-action generator refused."""
    if state.to_act == TERMINAL:
        return IllegalActionError(action, "C-SCORE-1", "the game is over")
    if type(action) not in rules.steps:
        who = "chance" if state.to_act == CHANCE else f"seat {state.to_act}"
        return IllegalActionError(
            action,
            rules.rule_id,
            f"{action.text()!r} is not possible now; {who} decides: {rules.prompt}",
        )
    if state.to_act == CHANCE:
        return IllegalActionError(
            action, rules.rule_id, f"{action.text()!r} is not an outcome of this chance node"
        )
    check = _CHECKS.get(type(action))
    reason = check(ctx, state, action) if check is not None else None
    if reason is None:
        reason = explain_purchase(ctx, state, action)
    if reason is None:
        reason = (
            rules.rule_id,
            f"{action.text()!r} is not one of the choices now ({rules.prompt})",
        )
    return IllegalActionError(action, *reason)


def _crew(ctx: Ctx, state: ClassicState, action: Crew) -> Reason:
    spec = ctx.params.galley
    total = ctx.params.setup_for(state.players).sailors_each
    for n in (action.first, action.second):
        if n < spec.min_sailors:
            return "C-ORG-2", "every galley needs at least one sailor aboard"
        if n > min(spec.max_sailors, spec.spaces):
            return "C-ORG-2", f"a galley holds at most {spec.spaces} pieces, not {n} sailors"
    if action.first + action.second > total:
        return "C-SETUP-4", f"there are only {total} sailors to place"
    return None


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


_CHECKS: dict[type[Action], Callable[[Ctx, ClassicState, Any], Reason]] = {
    Crew: _crew,
    Bid: _bid,
    TakePosition: _position,
    Move: _move,
    Attack: _attack,
    Assault: _assault,
    Capture: _capture,
    Land: _land,
    Sell: _sell,
}
