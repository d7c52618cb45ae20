"""Phase 3: moving galleys one sea area at a time, and asking for passage (C-MOVE)."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Action

from .actions import Done, Grant, Move, Refuse, Request
from .events import GalleyMoved, PassageAnswered
from .helpers import Ctx, Events
from .state import ClassicState, Galley, Moving, Permission

__all__ = [
    "allowance",
    "apply_grant",
    "apply_move",
    "apply_moving_done",
    "apply_refuse",
    "apply_request",
    "moving_actions",
    "must_ask",
]


def allowance(ctx: Ctx, galley: Galley) -> int:
    """C-MOVE-1, X-C-45: a galley may cross as many sea areas as it has sailors."""
    return galley.sailors * ctx.params.galley.moves_per_sailor


def must_ask(ctx: Ctx, state: ClassicState, galley: Galley) -> tuple[int, ...]:
    """The seats whose galleys share ``galley``'s area, in turn order (C-MOVE-3, X-C-10)."""
    present = {g.owner for g in ctx.galleys_in(state, galley.area) if g.owner != galley.owner}
    return tuple(s for s in state.order if s in present)


def _steps(ctx: Ctx, galley: Galley) -> tuple[Action, ...]:
    return tuple(Move(galley.id, area) for area in ctx.board.neighbours(galley.area))


def moving_actions(ctx: Ctx, state: ClassicState) -> tuple[Action, ...]:
    """Move the current galley on (or ask for passage), start another galley, or end the turn."""
    phase = state.phase
    assert isinstance(phase, Moving)
    seat = state.order[phase.index]
    actions: list[Action] = []
    current = state.galley(phase.galley) if phase.galley is not None else None
    if current is not None and phase.steps < allowance(ctx, current):
        if phase.free:
            actions.extend(_steps(ctx, current))
        else:
            actions.append(Request(current.id))  # C-MOVE-3: passage must be asked first
    for galley in ctx.galleys_of(state, seat):
        if galley.id in phase.done or galley.id == phase.galley:
            continue
        if allowance(ctx, galley) > 0:
            actions.extend(_steps(ctx, galley))
    actions.append(Done())
    return tuple(actions)


def apply_move(ctx: Ctx, state: ClassicState, action: Move, events: Events) -> ClassicState:
    """Move one sea area; starting another galley ends the current one's move (C-MOVE-1).

    Entering an area is always allowed (C-MOVE-2); leaving it again needs
    passage if other players' galleys are there, except from where the move
    began (X-C-11).
    """
    phase = state.phase
    assert isinstance(phase, Moving)
    if phase.galley != action.galley:
        done = phase.done if phase.galley is None else (*phase.done, phase.galley)
        phase = attrs.evolve(phase, done=done, galley=action.galley, steps=0, free=True)
    galley = state.galley(action.galley)
    assert galley is not None
    moved = attrs.evolve(galley, area=action.area)
    state = ctx.put_galley(state, moved)
    events.append(GalleyMoved(galley.id, galley.area, action.area))
    steps = phase.steps + 1
    if steps >= allowance(ctx, moved):
        phase = attrs.evolve(phase, done=(*phase.done, galley.id), galley=None, steps=0)
    else:
        phase = attrs.evolve(phase, steps=steps, free=not must_ask(ctx, state, moved))
    return attrs.evolve(state, phase=phase)


def apply_request(ctx: Ctx, state: ClassicState, action: Request, events: Events) -> ClassicState:
    """C-MOVE-3: ask every player with a galley here, one after another in turn order."""
    phase = state.phase
    assert isinstance(phase, Moving)
    galley = state.galley(action.galley)
    assert galley is not None
    askers = must_ask(ctx, state, galley)
    return attrs.evolve(state, phase=Permission(phase, askers), to_act=askers[0])


def apply_grant(ctx: Ctx, state: ClassicState, action: Grant, events: Events) -> ClassicState:
    """C-MOVE-4: passage given cannot be withdrawn; once all agree the galley may go on."""
    phase = state.phase
    assert isinstance(phase, Permission)
    moving = phase.moving
    assert moving.galley is not None
    events.append(PassageAnswered(phase.askers[0], moving.galley, granted=True))
    if len(phase.askers) > 1:
        return attrs.evolve(
            state, phase=attrs.evolve(phase, askers=phase.askers[1:]), to_act=phase.askers[1]
        )
    mover = state.order[moving.index]
    return attrs.evolve(state, phase=attrs.evolve(moving, free=True), to_act=mover)


def apply_refuse(ctx: Ctx, state: ClassicState, action: Refuse, events: Events) -> ClassicState:
    """C-MOVE-5: one refusal ends the galley's move where it is."""
    phase = state.phase
    assert isinstance(phase, Permission)
    moving = phase.moving
    assert moving.galley is not None
    events.append(PassageAnswered(phase.askers[0], moving.galley, granted=False))
    mover = state.order[moving.index]
    stopped = attrs.evolve(
        moving,
        done=(*moving.done, moving.galley),
        galley=None,
        steps=0,
        free=True,
        refused=(*moving.refused, moving.galley),
    )
    return attrs.evolve(state, phase=stopped, to_act=mover)


def apply_moving_done(ctx: Ctx, state: ClassicState, action: Done, events: Events) -> ClassicState:
    """C-MOVE-6: the seat has moved; the next seat moves, then phase 4 begins."""
    phase = state.phase
    assert isinstance(phase, Moving)
    return ctx.next_turn(state, phase.index, events)
