"""Phase 5: landing sailors on ports without a garrison (C-LAND).

The choices of a phase-5 turn and the landings; the end of the turn is in
:mod:`..flow`.
"""

from __future__ import annotations

from serenissima.engine.core import Action
from serenissima.engine.rule_index import rule

from ..common import DONE
from ..context import Ctx
from ..helpers import Events, crewed, replace_crews, replace_state, with_port
from ..phases import Landing
from ..state import ClassicState, Port
from .actions import Land
from .events import PortTaken, SailorLanded

__all__ = ["apply_land", "landing_actions", "landing_legal"]


@rule("C-LAND-1")
def landing_actions(ctx: Ctx, state: ClassicState) -> tuple[Action, ...]:
    """C-LAND-1: land on a port with no garrison, or add to one taken this turn; or end."""
    phase = state.phase
    assert isinstance(phase, Landing)
    return landing_legal(ctx, state, phase)


def landing_legal(ctx: Ctx, state: ClassicState, phase: Landing) -> tuple[Action, ...]:
    """The legal actions in ``phase``, which need not be ``state``'s phase yet."""
    seat = state.order[phase.index]
    capped = state.options.classic_garrison_cap != "none"
    ports, area_ports, port_ids, memo = state.ports, ctx.area_ports, ctx.port_ids, ctx.memo
    actions: list[Action] = []
    for galley in state.galleys:
        if galley.owner != seat:
            continue
        for index in area_ports[galley.area]:
            port_id = port_ids[index]
            port = ports[index]
            # X-C-24: an own port may be re-manned only when its garrison is gone.
            open_ = port.garrison == 0 or port_id in phase.taken
            room = ctx.garrison_room(state, index) if capped else None
            if open_ and (room is None or room > 0):
                land = memo.get(("land", galley.id, index))
                if land is None:
                    land = memo["land", galley.id, index] = (Land(galley.id, port_id),)
                actions.extend(land)
    actions.append(DONE)
    return tuple(actions)


@rule("C-LAND-2", "C-LAND-3", "C-LAND-4")
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
    manned = Port(seat, port.garrison + 1, port.warehouse, port.forts)
    reason = "its last sailor went ashore"
    changes = crewed(ctx, state, state.galleys, galley, galley.sailors - 1, reason, events)
    taken = phase.taken if action.port in phase.taken else (*phase.taken, action.port)
    ports, landing = with_port(state.ports, index, manned), Landing(phase.index, taken)
    if len(changes) == 1:  # the galleys alone: nothing sank
        return replace_crews(state, landing, ports, changes["galleys"])
    return replace_state(state, ports=ports, phase=landing, **changes)
