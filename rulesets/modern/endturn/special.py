"""The special investment at the end of a game turn (M-END-7, X-M-23/24).

Players left with fewer than two galleys buy galleys and sailors, one after
the other clockwise; then the next game turn begins. The purchases are those
of an Investment (:mod:`..investment.investing`).
"""

from __future__ import annotations

from typing import Any

from serenissima.engine.core import Action
from serenissima.engine.pieces import clockwise
from serenissima.engine.rule_index import rule

from ..common import DONE, Done
from ..context import Ctx
from ..helpers import Events, enter
from ..investment.investing import buy_actions, may_buy_galley, recruit_actions
from ..phases import SpecialInvesting
from ..state import ModernState

__all__ = ["apply_special_done", "begin_special", "next_special", "special_actions"]


@rule("M-END-7", "X-M-23")
def special_actions(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    """M-END-7, X-M-23: galleys and sailors only, to reach two galleys."""
    last = ctx.last_legal  # mostly worked out by the step that made the state (next_special)
    if last[1] is state and last[0] is special_actions:
        return last[2]
    phase = state.phase
    assert isinstance(phase, SpecialInvesting)
    seat = phase.order[phase.index]
    out: list[Action] = [DONE, *recruit_actions(ctx, state, seat)]
    allowed = 1 if state.options.special_investment_galleys == "one" else None
    below = ctx.params.special_investment_below
    if (
        ctx.owned_galleys(state, seat) < below
        and (allowed is None or phase.bought < allowed)
        and may_buy_galley(ctx, state, seat)
    ):
        out.extend(buy_actions(ctx, state, seat))
    return tuple(out)


@rule("M-END-7")
def begin_special(ctx: Ctx, state: ModernState, ev: Events, **changes: Any) -> ModernState:
    """M-END-7: the players with too few galleys and a port invest, clockwise from the first."""
    below = ctx.params.special_investment_below
    order = tuple(
        seat
        for seat in clockwise(state.first_player, state.players)
        if ctx.owned_galleys(state, seat) < below and ctx.owned_ports(state, seat)
    )
    return next_special(ctx, state, order, 0, ev, **changes)


@rule("M-END-7", "X-M-24")
def next_special(
    ctx: Ctx, state: ModernState, order: tuple[int, ...], index: int, ev: Events, **changes: Any
) -> ModernState:
    """M-END-7, X-M-24: special investments clockwise, then the next turn begins.

    ``changes`` are the step's other changes; they are part of every state built.
    """
    while index < len(order):
        candidate = enter(state, SpecialInvesting(order, index), **changes)
        actions = special_actions(ctx, candidate)
        if len(actions) > 1:
            ctx.last_legal = (special_actions, candidate, actions)  # for the lister
            return candidate
        index += 1
    return ctx.flow.leave("special-investment", ctx, state, ev, **changes)


@rule("M-END-7")
def apply_special_done(ctx: Ctx, state: ModernState, action: Done, ev: Events) -> ModernState:
    """M-END-7: the next player owed a special investment makes it."""
    phase = state.phase
    assert isinstance(phase, SpecialInvesting)
    return next_special(ctx, state, phase.order, phase.index + 1, ev)
