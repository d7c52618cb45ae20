"""Phase 5: landing sailors on ports without a garrison (C-LAND)."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Action

from .actions import Done, Land
from .events import PortTaken, SailorLanded
from .helpers import Ctx, Events
from .state import ClassicState, Landing

__all__ = ["apply_land", "apply_landing_done", "landing_actions"]


def landing_actions(ctx: Ctx, state: ClassicState) -> tuple[Action, ...]:
    """C-LAND-1: land on a port with no garrison, or add to one taken this turn; or end."""
    phase = state.phase
    assert isinstance(phase, Landing)
    seat = state.order[phase.index]
    actions: list[Action] = []
    for galley in ctx.galleys_of(state, seat):
        for index in ctx.board.ports_in(galley.area):
            port_id = ctx.board.ports[index].id
            port = state.ports[index]
            # X-C-24: an own port may be re-manned only when its garrison is gone.
            open_ = port.garrison == 0 or port_id in phase.taken
            room = ctx.garrison_room(state, index)
            if open_ and (room is None or room > 0):
                actions.append(Land(galley.id, port_id))
    actions.append(Done())
    return tuple(actions)


def apply_land(ctx: Ctx, state: ClassicState, action: Land, events: Events) -> ClassicState:
    """Land one sailor; the first one gives control at once (C-LAND-2).

    The galley's last sailor may land; the galley then sinks with its cargo (C-LAND-3).
    """
    phase = state.phase
    assert isinstance(phase, Landing)
    seat = state.order[phase.index]
    index = ctx.board.port_index(action.port)
    port = state.ports[index]
    galley = state.galley(action.galley)
    assert galley is not None
    events.append(SailorLanded(seat, galley.id, action.port))
    if port.owner != seat:
        events.append(PortTaken(seat, action.port, port.owner))
    state = ctx.put_port(state, index, attrs.evolve(port, owner=seat, garrison=port.garrison + 1))
    state = ctx.set_sailors(
        state, galley, galley.sailors - 1, "its last sailor went ashore", events
    )
    taken = phase.taken if action.port in phase.taken else (*phase.taken, action.port)
    return attrs.evolve(state, phase=Landing(phase.index, taken))


def apply_landing_done(ctx: Ctx, state: ClassicState, action: Done, events: Events) -> ClassicState:
    """X-C-25: one landing turn per seat; then the next seat lands, then phase 6."""
    phase = state.phase
    assert isinstance(phase, Landing)
    return ctx.next_turn(state, phase.index, events)
