"""Classic reorganising in phase 2: sailors and goods moved within a sea area, discards.

A player moves sailors between his galleys and the garrisons of his ports,
and goods between his galleys, within one sea area (C-ORG-1); a galley left
without sailors sinks (C-ORG-3). Off a coast he may throw goods back in
the box, and sailors too where no port is his own (C-DISC-1, C-DISC-2). A
transfer never undoes an earlier one of the same turn
(:func:`~.helpers.flows_allow`), so the phase-2 turn always ends.
"""

from __future__ import annotations

import attrs

from serenissima.engine.core import Action

from .actions import DiscardGood, DiscardSailor, ShiftGood, ShiftSailor
from .events import GoodDiscarded, GoodMoved, SailorDismissed, SailorMoved
from .helpers import Ctx, Events, flows_allow
from .state import ClassicState
from .turn import (
    Reason,
    add_cargo,
    current_turn,
    garrison_takes,
    has_port,
    on_turn,
    own_ports,
    remove_cargo,
)

__all__ = [
    "SUNK",
    "apply_discard_good",
    "apply_discard_sailor",
    "apply_shift_good",
    "apply_shift_sailor",
    "discard_actions",
    "dismissal_port",
    "good_shift_actions",
    "sailor_shift_actions",
]


SUNK = "left without sailors"
"""Why a galley emptied of sailors in phase 2 sinks (C-ORG-3)."""


# --- legal actions --------------------------------------------------------------


def sailor_shift_actions(
    ctx: Ctx, state: ClassicState, seat: int, flows: tuple[tuple[str, str, str], ...]
) -> list[Action]:
    """C-ORG-1, C-ORG-3, C-ORG-4, X-C-43, X-C-44: sailors within a sea area."""
    out: list[Action] = []
    galleys = ctx.galleys_of(state, seat)
    for source in galleys:
        for target in galleys:
            if (
                target.id != source.id
                and target.area == source.area
                and ctx.room(target)[0]
                and flows_allow(flows, "sailor", str(source.id), str(target.id))
            ):
                out.append(ShiftSailor(str(source.id), str(target.id)))
    for index in own_ports(ctx, state, seat):
        spec, port = ctx.board.ports[index], state.ports[index]
        for galley in galleys:
            if galley.area != spec.area:
                continue
            name = str(galley.id)
            if (
                port.garrison >= 1
                and ctx.room(galley)[0]
                and flows_allow(flows, "sailor", spec.id, name)
            ):
                out.append(ShiftSailor(spec.id, name))
            if garrison_takes(ctx, state, index) and flows_allow(flows, "sailor", name, spec.id):
                out.append(ShiftSailor(name, spec.id))
    return out


def good_shift_actions(
    ctx: Ctx, state: ClassicState, seat: int, flows: tuple[tuple[str, str, str], ...]
) -> list[Action]:
    """C-ORG-1, C-ORG-2: goods from galley to galley within a sea area."""
    out: list[Action] = []
    galleys = ctx.galleys_of(state, seat)
    for source in galleys:
        for good in sorted(set(source.cargo)):
            for target in galleys:
                if (
                    target.id != source.id
                    and target.area == source.area
                    and ctx.free_cargo(target) > 0
                    and flows_allow(flows, good, str(source.id), str(target.id))
                ):
                    out.append(ShiftGood(good, source.id, target.id))
    return out


def discard_actions(ctx: Ctx, state: ClassicState, seat: int) -> list[Action]:
    """C-DISC-1, C-DISC-2, X-C-46, X-C-47: off a coast (X-C-40); sailors not at one's own port."""
    out: list[Action] = []
    for galley in ctx.galleys_of(state, seat):
        if has_port(ctx, galley.area):
            out.extend(DiscardGood(galley.id, good) for good in sorted(set(galley.cargo)))
        if galley.sailors >= 2 and dismissal_port(ctx, state, seat, galley.area) is None:
            out.append(DiscardSailor(galley.id))
    return out


def dismissal_port(ctx: Ctx, state: ClassicState, seat: int, area: str) -> Reason:
    """Why no sailor can be dismissed in ``area``, or ``None`` if one can (C-DISC-2)."""
    ports = ctx.board.ports_in(area)
    if not ports:
        return "C-DISC-2", "sailors can be sent ashore only in a sea area with a port"
    for index in ports:
        if state.ports[index].owner == seat:
            name = ctx.board.ports[index].id
            return "C-DISC-2", f"at your own port {name} the sailor joins its garrison instead"
    return None


# --- steps ----------------------------------------------------------------------


def _record(state: ClassicState, flow: tuple[str, str, str]) -> ClassicState:
    turn = current_turn(state)
    return attrs.evolve(state, phase=attrs.evolve(turn, flows=(*turn.flows, flow)))


def apply_shift_sailor(
    ctx: Ctx, state: ClassicState, action: ShiftSailor, events: Events
) -> ClassicState:
    """C-ORG-1, C-ORG-3, C-ORG-4: one sailor moves; a galley left without any sinks."""
    seat = on_turn(state)
    state = _record(state, ("sailor", action.source, action.target))
    events.append(SailorMoved(seat, action.source, action.target))
    if action.target.isdigit():
        target = state.galley(int(action.target))
        assert target is not None
        state = ctx.put_galley(state, attrs.evolve(target, sailors=target.sailors + 1))
    else:
        index = ctx.board.port_index(action.target)
        port = state.ports[index]
        state = ctx.put_port(state, index, attrs.evolve(port, garrison=port.garrison + 1))
    if action.source.isdigit():
        source = state.galley(int(action.source))
        assert source is not None
        return ctx.set_sailors(state, source, source.sailors - 1, SUNK, events)
    index = ctx.board.port_index(action.source)
    port = state.ports[index]
    return ctx.put_port(state, index, attrs.evolve(port, garrison=port.garrison - 1))


def apply_shift_good(
    ctx: Ctx, state: ClassicState, action: ShiftGood, events: Events
) -> ClassicState:
    """C-ORG-1: one piece of goods from galley to galley in the same sea area."""
    seat = on_turn(state)
    source, target = state.galley(action.source), state.galley(action.target)
    assert source is not None
    assert target is not None
    state = _record(state, (action.good, str(action.source), str(action.target)))
    state = ctx.put_galley(
        state, attrs.evolve(source, cargo=remove_cargo(source.cargo, action.good))
    )
    state = ctx.put_galley(state, attrs.evolve(target, cargo=add_cargo(target.cargo, action.good)))
    events.append(GoodMoved(seat, action.good, action.source, action.target))
    return state


def apply_discard_good(
    ctx: Ctx, state: ClassicState, action: DiscardGood, events: Events
) -> ClassicState:
    """C-DISC-1: the piece goes back to the box and earns nothing."""
    seat = on_turn(state)
    galley = state.galley(action.galley)
    assert galley is not None
    state = ctx.put_galley(
        state, attrs.evolve(galley, cargo=remove_cargo(galley.cargo, action.good))
    )
    state = ctx.goods_to_box(state, (action.good,))
    events.append(GoodDiscarded(seat, action.galley, action.good))
    return state


def apply_discard_sailor(
    ctx: Ctx, state: ClassicState, action: DiscardSailor, events: Events
) -> ClassicState:
    """C-DISC-2, X-C-46: the sailor goes back to the box and earns nothing."""
    seat = on_turn(state)
    galley = state.galley(action.galley)
    assert galley is not None
    state = ctx.put_galley(state, attrs.evolve(galley, sailors=galley.sailors - 1))
    state = ctx.sailors_to_box(state, 1)
    events.append(SailorDismissed(seat, action.galley))
    return state
