"""Step 2 of an Action, movement (M-MOVE), and the blockades it may meet (M-BLOCK).

A blockade is asked for when the active galley enters a space and when it
would sell or claim a port there (the sale and the claim themselves are in
:mod:`.trading`).
"""

from __future__ import annotations

from serenissima.engine.core import Action
from serenissima.engine.rule_index import rule
from serenissima.engine.values import replacer

from ..common import DONE, Done
from ..context import Ctx, blockaders
from ..helpers import MOVING, Events, enter, new_act, new_state, with_galley
from ..phases import Asking
from ..state import Activation, Galley, ModernState
from .actions import Blockade, Move, Pass
from .events import BlockadeDeclared, GalleyMoved
from .tables import action_tables
from .trading import do_claim, do_sale, to_trading

__all__ = [
    "apply_blockade",
    "apply_move",
    "apply_moving_done",
    "apply_pass",
    "blockade_actions",
    "moving_actions",
]

_DONE_ONLY: tuple[Action, ...] = (DONE,)

_entered = replacer(ModernState, "phase", "to_act", "galleys", "act")
"""``new_state`` for a galley that entered a space (:func:`apply_move`)."""

_moved = replacer(Activation, "moves")
"""``new_act`` with one more space crossed."""
_ANSWERS: tuple[Action, ...] = (Blockade(), Pass())


def _act(state: ModernState) -> Activation:
    assert state.act is not None
    return state.act


@rule("M-MOVE-1")
def moving_actions(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    """M-MOVE-1: one adjacent space at a time, up to the allowance; or stop."""
    act = _act(state)
    if act.moves >= act.allowance:
        return _DONE_ONLY
    return action_tables(ctx).moves[ctx.active(state).area]


@rule("M-MOVE-1", "M-MOVE-2", "M-BLOCK-2", "M-BLOCK-3")
def apply_move(ctx: Ctx, state: ModernState, action: Move, ev: Events) -> ModernState:
    """M-MOVE-1/2 and M-BLOCK-2/3: enter the next space; eligible players may blockade."""
    act = _act(state)
    galley = ctx.active(state)
    ev.append(GalleyMoved(galley.number, galley.area, action.area))
    galley = Galley(galley.number, galley.owner, action.area, galley.sailors, galley.cargo)
    galleys = with_galley(state.galleys, galley)
    act = _moved(act, act.moves + 1)
    if action.area != act.start_area:  # M-BLOCK-3
        candidates = blockaders(galleys, galley)
        if candidates:
            return _entered(state, Asking("move", candidates), candidates[0], galleys, act)
    if act.moves >= act.allowance:
        return ctx.flow.leave("movement", ctx, state, ev, galleys=galleys, act=act)
    return _entered(state, MOVING, galley.owner, galleys, act)


@rule("M-MOVE-1")
def apply_moving_done(ctx: Ctx, state: ModernState, action: Done, ev: Events) -> ModernState:
    """M-MOVE-1: the galley stops; the action's next step follows (step 3)."""
    return ctx.flow.leave("movement", ctx, state, ev)


# --- blockades ------------------------------------------------------------------


@rule("M-BLOCK-1")
def blockade_actions(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    """M-BLOCK-1: the asked player blockades the active galley, or passes."""
    return _ANSWERS


@rule("M-BLOCK-2", "M-BLOCK-6", "M-BLOCK-7")
def apply_blockade(ctx: Ctx, state: ModernState, action: Blockade, ev: Events) -> ModernState:
    """M-BLOCK-2/6/7: the movement stops, or the sale or claim is prevented."""
    phase = state.phase
    assert isinstance(phase, Asking)
    act = _act(state)
    ev.append(BlockadeDeclared(phase.candidates[0], act.galley, phase.purpose))
    if phase.purpose == "sale":
        act = new_act(act, sale_blocked=True, fights_since_block=0)
    elif phase.purpose == "claim":
        act = new_act(act, claim_blocked=True, fights_since_block=0)
    else:  # M-BLOCK-2: the movement stops
        return ctx.flow.leave("movement", ctx, state, ev, act=act)
    return to_trading(ctx, state, ev, act=act)


@rule("M-BLOCK-4")
def apply_pass(ctx: Ctx, state: ModernState, action: Pass, ev: Events) -> ModernState:
    """M-BLOCK-4: the next eligible player is asked; when nobody blockades, play goes on."""
    phase = state.phase
    assert isinstance(phase, Asking)
    if len(phase.candidates) > 1:
        candidates = phase.candidates[1:]
        asking = Asking(phase.purpose, candidates, phase.good, phase.port, phase.sailors)
        return new_state(state, phase=asking, to_act=candidates[0])
    if phase.purpose == "sale":
        return do_sale(ctx, state, phase.good, phase.port, ev)
    if phase.purpose == "claim":
        return do_claim(ctx, state, phase.port, phase.sailors, ev)
    act = _act(state)
    if act.moves >= act.allowance:
        return ctx.flow.leave("movement", ctx, state, ev)
    return enter(state, MOVING)
