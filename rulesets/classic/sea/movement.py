"""Phase 3: moving galleys one sea area at a time, and asking for passage (C-MOVE).

The choices of a phase-3 turn, the moves and the answers to a request for
passage; the end of the turn is in :mod:`..flow`.
"""

from __future__ import annotations

from serenissima.engine.core import Action
from serenissima.engine.rule_index import rule

from ..common import DONE, Refuse
from ..context import Ctx
from ..helpers import Events, replace_fleet, replace_state, with_galley
from ..phases import Moving, Permission
from ..state import ClassicState, Galley
from .actions import Grant, Move, Request
from .events import GalleyMoved, PassageAnswered

__all__ = [
    "allowance",
    "apply_grant",
    "apply_move",
    "apply_refuse",
    "apply_request",
    "moving_actions",
    "moving_legal",
    "must_ask",
    "permission_actions",
]


_ANSWERS: tuple[Action, ...] = (Grant(), Refuse())


@rule("C-MOVE-3")
def permission_actions(ctx: Ctx, state: ClassicState) -> tuple[Action, ...]:
    """C-MOVE-3: the asked seat lets the moving galley pass, or refuses."""
    return _ANSWERS


@rule("C-MOVE-1", "X-C-45")
def allowance(ctx: Ctx, galley: Galley) -> int:
    """C-MOVE-1, X-C-45: a galley may cross as many sea areas as it has sailors."""
    return galley.sailors * ctx.params.galley.moves_per_sailor


def must_ask(
    ctx: Ctx, state: ClassicState, galley: Galley, galleys: tuple[Galley, ...] | None = None
) -> tuple[int, ...]:
    """The seats whose galleys share ``galley``'s area, in turn order (C-MOVE-3, X-C-10).

    ``galleys`` are the galleys in play, when not yet those of ``state``.
    """
    area, owner = galley.area, galley.owner
    present = [
        g.owner
        for g in (state.galleys if galleys is None else galleys)
        if g.area == area and g.owner != owner
    ]
    if not present:
        return ()
    return tuple([s for s in state.order if s in present])


def _steps(ctx: Ctx, galley: Galley) -> tuple[Action, ...]:
    key = ("move", galley.id, galley.area)
    found = ctx.memo.get(key)
    if found is None:
        found = ctx.memo[key] = tuple(
            Move(galley.id, area) for area in ctx.board.neighbours(galley.area)
        )
    return found


def moving_actions(ctx: Ctx, state: ClassicState) -> tuple[Action, ...]:
    """Move the current galley on (or ask for passage), start another galley, or end the turn."""
    phase = state.phase
    assert isinstance(phase, Moving)
    return moving_legal(ctx, state, phase)


def moving_legal(ctx: Ctx, state: ClassicState, phase: Moving) -> tuple[Action, ...]:
    """The legal actions in ``phase``, which need not be ``state``'s phase yet."""
    seat = state.order[phase.index]
    actions: list[Action] = []
    moving, done = phase.galley, phase.done
    current = state.galley(moving) if moving is not None else None
    per_sailor = ctx.params.galley.moves_per_sailor
    if current is not None and phase.steps < current.sailors * per_sailor:
        if phase.free:
            actions.extend(_steps(ctx, current))
        else:
            actions.append(Request(current.id))  # C-MOVE-3: passage must be asked first
    for galley in state.galleys:
        if galley.owner != seat or galley.id in done or galley.id == moving:
            continue
        if galley.sailors * per_sailor > 0:  # allowance
            actions.extend(_steps(ctx, galley))
    actions.append(DONE)
    return tuple(actions)


@rule("C-MOVE-2")
def apply_move(ctx: Ctx, state: ClassicState, action: Move, events: Events) -> ClassicState:
    """Move one sea area; starting another galley ends the current one's move (C-MOVE-1).

    Entering an area is always allowed (C-MOVE-2); leaving it again needs
    passage if other players' galleys are there, except from where the move
    began (X-C-11).
    """
    phase = state.phase
    assert isinstance(phase, Moving)
    done, steps, free = phase.done, phase.steps, phase.free
    if phase.galley != action.galley:
        done = done if phase.galley is None else (*done, phase.galley)
        steps, free = 0, True
    galley = state.galley(action.galley)
    assert galley is not None
    moved = Galley(galley.id, galley.owner, action.area, galley.sailors, galley.cargo)
    galleys = with_galley(state.galleys, moved)
    events.append(GalleyMoved(galley.id, galley.area, action.area))
    steps += 1
    if steps >= moved.sailors * ctx.params.galley.moves_per_sailor:  # allowance
        new = Moving(phase.index, (*done, galley.id), None, 0, free, phase.refused)
    else:
        asked = must_ask(ctx, state, moved, galleys)
        new = Moving(phase.index, done, action.galley, steps, not asked, phase.refused)
    return replace_fleet(state, galleys, new)


@rule("C-MOVE-3")
def apply_request(ctx: Ctx, state: ClassicState, action: Request, events: Events) -> ClassicState:
    """C-MOVE-3: ask every player with a galley here, one after another in turn order."""
    phase = state.phase
    assert isinstance(phase, Moving)
    galley = state.galley(action.galley)
    assert galley is not None
    askers = must_ask(ctx, state, galley)
    return replace_state(state, phase=Permission(phase, askers), to_act=askers[0])


@rule("C-MOVE-4")
def apply_grant(ctx: Ctx, state: ClassicState, action: Grant, events: Events) -> ClassicState:
    """C-MOVE-4: passage given cannot be withdrawn; once all agree the galley may go on."""
    phase = state.phase
    assert isinstance(phase, Permission)
    moving = phase.moving
    assert moving.galley is not None
    events.append(PassageAnswered(phase.askers[0], moving.galley, granted=True))
    if len(phase.askers) > 1:
        return replace_state(
            state, phase=Permission(moving, phase.askers[1:]), to_act=phase.askers[1]
        )
    mover = state.order[moving.index]
    free = Moving(moving.index, moving.done, moving.galley, moving.steps, True, moving.refused)
    return replace_state(state, phase=free, to_act=mover)


@rule("C-MOVE-5")
def apply_refuse(ctx: Ctx, state: ClassicState, action: Refuse, events: Events) -> ClassicState:
    """C-MOVE-5: one refusal ends the galley's move where it is."""
    phase = state.phase
    assert isinstance(phase, Permission)
    moving = phase.moving
    assert moving.galley is not None
    events.append(PassageAnswered(phase.askers[0], moving.galley, granted=False))
    mover = state.order[moving.index]
    stopped = Moving(
        moving.index,
        done=(*moving.done, moving.galley),
        galley=None,
        steps=0,
        free=True,
        refused=(*moving.refused, moving.galley),
    )
    return replace_state(state, phase=stopped, to_act=mover)
