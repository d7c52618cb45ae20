"""Phase 1 of the classic edition: the secret bid for the turn order (C-BID).

The seats bid at once (C-BID-2); the highest bidder picks a free place in
the turn order first (C-BID-3), ties are broken by the die (C-BID-4), and
the order so made holds for the rest of the round.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from serenissima.engine.core import Action
from serenissima.engine.rule_index import rule

from ..context import Ctx
from ..flow import start_turns
from ..helpers import Events, replace_bids, replace_phase, replace_state, replace_turn, to_chance
from ..phases import Choosing, RollingOff
from ..state import ClassicState
from .actions import Bid, DieRoll, TakePosition
from .events import BidsRevealed, DieRolled, PositionTaken

__all__ = [
    "apply_bid",
    "apply_position",
    "apply_roll",
    "bid_actions",
    "position_actions",
    "roll_outcomes",
]


@rule("C-BID-2", "X-C-04")
def bid_actions(ctx: Ctx, state: ClassicState) -> tuple[Action, ...]:
    """C-BID-2, X-C-04: any multiple of the money unit up to the ducats one has."""
    unit = state.options.money_unit
    ducats = state.ducats[state.to_act]
    key = ("bid", unit, ducats // unit)
    found = ctx.memo.get(key)
    if found is None:
        found = ctx.memo[key] = tuple(Bid(amount) for amount in range(0, ducats + 1, unit))
    return found


@rule("C-BID-2", "C-BID-4", "C-BID-5", "C-BID-6")
def apply_bid(ctx: Ctx, state: ClassicState, action: Bid, events: Events) -> ClassicState:
    """Record a secret bid; once every seat has bid, reveal them all and rank the bidders."""
    seat = state.to_act
    bids = (*state.bids[:seat], action.amount, *state.bids[seat + 1 :])
    if None in bids:
        return replace_bids(state, bids, bids.index(None))
    amounts = tuple([b or 0 for b in bids])
    # C-BID-6: every bid goes to the treasury (in the state the ranking builds)
    revealed = {
        "bids": bids,
        "ducats": tuple([d - a for d, a in zip(state.ducats, amounts, strict=True)]),
        "treasury": state.treasury + sum(amounts),
    }
    events.append(BidsRevealed(amounts))
    # C-BID-3, C-BID-4: higher bids pick first; equal bids roll off. C-BID-5: zero bids last.
    seats = range(state.players)
    positive = sorted({a for a in amounts if a > 0}, reverse=True)
    groups = [tuple([s for s in seats if amounts[s] == a]) for a in positive]
    zero = tuple([s for s in seats if amounts[s] == 0])
    if zero:
        groups.append(zero)
    return _rank(ctx, state, tuple(groups), (), events, revealed)


def _rank(
    ctx: Ctx,
    state: ClassicState,
    groups: tuple[tuple[int, ...], ...],
    ranked: tuple[int, ...],
    events: Events,
    changes: dict[str, Any],
) -> ClassicState:
    """Rank the bidders; ``changes`` are fields of the next state not yet in ``state``."""
    while groups and len(groups[0]) == 1:
        ranked, groups = ranked + groups[0], groups[1:]
    if groups:
        return to_chance(state, RollingOff(groups, (), ranked), **changes)
    return _choose(ctx, state, ranked, (None,) * state.players, events, changes)


def roll_outcomes(ctx: Ctx, state: ClassicState) -> tuple[tuple[Action, Fraction], ...]:
    """The die of the next seat of the tied group."""
    outcomes = ctx.outcomes.get("roll")
    if outcomes is None:
        faces = ctx.params.battle.die_faces
        outcomes = ctx.outcomes["roll"] = tuple(
            (DieRoll(v), Fraction(1, faces)) for v in range(1, faces + 1)
        )
    return outcomes


def apply_roll(ctx: Ctx, state: ClassicState, action: DieRoll, events: Events) -> ClassicState:
    """Record a roll; once the group has rolled, order it and re-roll remaining ties (X-C-02)."""
    phase = state.phase
    assert isinstance(phase, RollingOff)
    group = phase.groups[0]
    rolls = (*phase.rolls, action.value)
    events.append(DieRolled(group[len(rolls) - 1], action.value))
    if len(rolls) < len(group):
        return replace_phase(state, RollingOff(phase.groups, rolls, phase.ranked))
    split = tuple(
        tuple(s for s, r in zip(group, rolls, strict=True) if r == value)
        for value in sorted(set(rolls), reverse=True)
    )
    return _rank(ctx, state, split + phase.groups[1:], phase.ranked, events, {})


@rule("C-BID-5", "C-BID-7")
def _choose(
    ctx: Ctx,
    state: ClassicState,
    queue: tuple[int, ...],
    slots: tuple[int | None, ...],
    events: Events,
    changes: dict[str, Any],
) -> ClassicState:
    """Let the next seat pick, filling positions by itself where there is no choice.

    ``changes`` are fields of the next state not yet in ``state`` (the revealed bids).
    """
    automatic = state.options.zero_bid_order == "automatic"
    bids = changes.get("bids", state.bids)
    while queue:
        seat = queue[0]
        zero = bids[seat] == 0
        if slots.count(None) > 1 and not (zero and automatic):  # a choice of free places
            choosing = Choosing(queue, slots)
            if changes:
                return replace_state(state, phase=choosing, to_act=seat, **changes)
            return replace_turn(state, choosing, seat)
        # C-BID-5 (X-C-01): zero bidders take the earliest free place in roll order.
        slots = _take(slots, slots.index(None), seat, events)
        queue = queue[1:]
    order = tuple(s for s in slots if s is not None)  # C-BID-7
    return start_turns(ctx, state, events, order=order, **changes)


def _take(
    slots: tuple[int | None, ...], index: int, seat: int, events: Events
) -> tuple[int | None, ...]:
    events.append(PositionTaken(seat, index + 1))
    return (*slots[:index], seat, *slots[index + 1 :])


@rule("C-BID-3")
def position_actions(ctx: Ctx, state: ClassicState) -> tuple[Action, ...]:
    """C-BID-3: any free position (X-C-03: positions 1..players)."""
    phase = state.phase
    assert isinstance(phase, Choosing)
    key = ("position", phase.slots)
    found = ctx.memo.get(key)
    if found is None:
        found = ctx.memo[key] = tuple(
            TakePosition(i + 1) for i, s in enumerate(phase.slots) if s is None
        )
    return found


def apply_position(
    ctx: Ctx, state: ClassicState, action: TakePosition, events: Events
) -> ClassicState:
    """Take a position; the next seat in bid order picks next."""
    phase = state.phase
    assert isinstance(phase, Choosing)
    slots = _take(phase.slots, action.position - 1, phase.queue[0], events)
    return _choose(ctx, state, phase.queue[1:], slots, events, {})
