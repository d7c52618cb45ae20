"""The loading step of an Action of the modern edition (M-LOAD), and the start of its movement.

The active galley takes on and sets down sailors and goods at a port it
holds or passes, shifts them between galleys in its space and jettisons
goods; then its movement begins (M-MOVE-1).
"""

from __future__ import annotations

from typing import Any

from serenissima.engine.core import Action
from serenissima.engine.rule_index import rule
from serenissima.engine.values import replacer

from ..common import DONE, Done
from ..context import Ctx
from ..flow import end_activation
from ..helpers import (
    LOADING,
    MOVING,
    Changes,
    Events,
    bump,
    find,
    new_act,
    new_state,
    remove_one,
    sink,
    to_phase,
    with_cargo,
    with_galley,
    with_port,
)
from ..state import Activation, Galley, ModernState, Port
from .actions import Jettison, LoadGood, ShiftGood, ShiftSailor
from .events import GoodsJettisoned, GoodsLoaded, GoodsShifted, SailorsMoved
from .tables import ActionTables, Shift, action_tables

__all__ = [
    "apply_jettison",
    "apply_load",
    "apply_loading_done",
    "apply_shift_good",
    "apply_shift_sailor",
    "begin_loading",
    "begin_movement",
    "loading_actions",
]


def _act(state: ModernState) -> Activation:
    assert state.act is not None
    return state.act


def begin_loading(ctx: Ctx, state: ModernState, ev: Events, **changes: Any) -> ModernState:
    """M-LOAD-1: the owner of the activated galley loads it."""
    if not changes:
        return to_phase(state, LOADING, ctx.active(state).owner)
    return new_state(state, phase=LOADING, to_act=ctx.active(state).owner, **changes)


@rule("M-MOVE-1")
def begin_movement(ctx: Ctx, state: ModernState, ev: Events, **changes: Any) -> ModernState:
    """M-MOVE-1: the movement allowance is the sailors aboard as the galley sets off."""
    galley = find(changes.get("galleys", state.galleys), _act(state).galley)
    act = _set_off(changes.pop("act", _act(state)), galley.sailors, ())
    if not changes:
        return _stepped(state, MOVING, galley.owner, act)
    return new_state(state, phase=MOVING, to_act=galley.owner, act=act, **changes)


_stepped = replacer(ModernState, "phase", "to_act", "act")
"""``new_state`` with a new phase, seat to act and activation, nothing else changed."""

_shifted = replacer(ModernState, "ports", "galleys", "act")
"""``new_state`` for a sailor shifted (:func:`apply_shift_sailor`)."""

_loaded = replacer(ModernState, "ducats", "galleys", "supply", "act")
"""``new_state`` for a cube loaded (:func:`apply_load`)."""

_set_off = replacer(Activation, "allowance", "flows")
"""``new_act`` as the galley sets off (:func:`begin_movement`)."""

_with_flows = replacer(Activation, "flows")
"""``new_act`` with another transfer made."""

_with_load = replacer(Activation, "loaded", "loaded_goods")
"""``new_act`` with another cube loaded."""


def _flow(kind: str, source: object, target: object) -> str:
    return f"{kind}:{source}>{target}"


def _load_price(ctx: Ctx, act: Activation, owner: int | None, seat: int) -> int:
    costs = ctx.params.costs
    if owner == seat and act.loaded < costs.free_cubes_in_own_port:
        return 0  # M-LOAD-6
    return costs.cube  # M-LOAD-6/7/8


@rule(
    "M-LOAD-1",
    "M-LOAD-2",
    "M-LOAD-3",
    "M-LOAD-4",
    "M-LOAD-5",
    "M-LOAD-6",
    "M-LOAD-7",
    "M-LOAD-8",
    "M-LOAD-9",
    "M-LOAD-10",
    "M-PORT-3",
    "M-SETUP-8",
    "M-LOAD-11",
)
def loading_actions(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    """M-LOAD-1..10: transfers and loads in the active galley's space; each involves it."""
    tables = action_tables(ctx)
    act = _act(state)
    galleys = state.galleys
    number = act.galley
    galley = find(galleys, number)
    seat, area = galley.owner, galley.area
    flows = act.flows
    rooms = ctx.room_table[state.options.galley_capacity == "shared5"]  # ctx.room, without a call
    room = rooms.get((galley.sailors, len(galley.cargo))) or ctx.room(state, galley)
    room_sailor, room_cube = room
    out: list[Action] = [DONE]
    ports = state.ports
    indexes = ctx.area_ports[area]
    if indexes:
        sizes, links = ctx.sizes, tables.port_links
        if room_cube:  # what a load asks beside the port (M-LOAD-5..8, M-SETUP-8)
            loads, goods, good_index = tables.loads, ctx.port_goods, ctx.port_good_index
            supply, jettisoned = state.supply, act.jettisoned
            limited = state.options.limited_goods
            costs = ctx.params.costs
            purse = state.ducats[seat]
            free_here = act.loaded < costs.free_cubes_in_own_port  # M-LOAD-6
            paying = purse >= costs.cube  # M-LOAD-6/7/8
        for index in indexes:
            port = ports[index]
            if port.owner == seat:  # M-LOAD-2
                into, out_of = links[index].get(number) or _port_link(tables, index, number)
                if port.sailors > 1 and room_sailor and into[1] not in flows:
                    out.append(into[0])  # M-PORT-3 keeps one sailor home
                if port.sailors < sizes[index] and out_of[1] not in flows:
                    out.append(out_of[0])  # M-PORT-2
            if (
                room_cube
                and not port.closed  # M-SETUP-8
                and goods[index] not in jettisoned
                and (supply[good_index[index]] > 0 or not limited)
                and (purse >= 0 if free_here and port.owner == seat else paying)
            ):
                out.append(loads[index])
    for other in galleys:
        if other.area != area or other.owner != seat or other.number == number:
            continue
        other_room = rooms.get((other.sailors, len(other.cargo))) or ctx.room(state, other)
        other_sailor, other_cube = other_room
        into, out_of = _galley_link(tables, other.number, number)
        if other.sailors and room_sailor and into[1] not in flows:
            out.append(into[0])  # M-LOAD-2/3
        if other_sailor and out_of[1] not in flows:
            out.append(out_of[0])
        if other_cube and galley.cargo:
            cubes, reverse = tables.cube_shift(number, other.number)
            if reverse not in flows:
                out.extend(cubes[good] for good in sorted(set(galley.cargo)))  # M-LOAD-9
        if room_cube and other.cargo:
            cubes, reverse = tables.cube_shift(other.number, number)
            if reverse not in flows:
                out.extend(cubes[good] for good in sorted(set(other.cargo)))
    if galley.cargo:
        jettisons = tables.jettisons
        for good in sorted(set(galley.cargo)):
            if good not in act.loaded_goods:
                out.append(jettisons[good])  # M-LOAD-10
    return tuple(out)


def _port_link(tables: ActionTables, index: int, number: int) -> tuple[Shift, Shift]:
    """The sailor shifts from port ``index`` to galley ``number`` and back, not in the table."""
    port, galley = tables.loads[index].port, str(number)
    return tables.sailor_shift(port, galley), tables.sailor_shift(galley, port)


def _galley_link(tables: ActionTables, source: int, target: int) -> tuple[Shift, Shift]:
    """The sailor shifts from galley ``source`` to galley ``target``, and back."""
    links = tables.galley_links.get((source, target))
    if links is None:
        a, b = str(source), str(target)
        return tables.sailor_shift(a, b), tables.sailor_shift(b, a)
    return links


def _sailors(galley: Galley, delta: int) -> Galley:
    return Galley(galley.number, galley.owner, galley.area, galley.sailors + delta, galley.cargo)


def _garrison(port: Port, delta: int) -> Port:
    sailors = port.sailors + delta
    return Port(port.owner, sailors, port.warehouse, port.fort, port.basilica, port.closed)


@rule("M-GAL-5")
def apply_shift_sailor(
    ctx: Ctx, state: ModernState, action: ShiftSailor, ev: Events
) -> ModernState:
    """Move one sailor; a galley left without sailors sinks (M-GAL-4/5)."""
    act = _act(state)
    seat = ctx.active(state).owner
    galleys, ports = state.galleys, state.ports
    source, target = action.source, action.target
    if target.isdigit():
        galleys = with_galley(galleys, _sailors(find(galleys, int(target)), 1))
    else:
        index = ctx.board.port_index(target)
        ports = with_port(ports, index, _garrison(ports[index], 1))
    flows = _with_flows(act, (*act.flows, _flow("s", source, target)))
    ev.append(SailorsMoved(seat, source, target, 1))
    if not source.isdigit():
        index = ctx.board.port_index(source)
        ports = with_port(ports, index, _garrison(ports[index], -1))
        return _shifted(state, ports, galleys, flows)
    galley = _sailors(find(galleys, int(source)), -1)
    galleys = with_galley(galleys, galley)
    if galley.sailors:
        return _shifted(state, ports, galleys, flows)
    changes: Changes = {"ports": ports, "galleys": galleys, "act": flows}
    sink(ctx, state, changes, galley, ev)
    if galley.number == act.galley:
        return end_activation(ctx, state, ev, **changes)
    return new_state(state, **changes)


@rule("M-LOAD-5", "M-LOAD-6", "M-LOAD-7", "M-LOAD-8")
def apply_load(ctx: Ctx, state: ModernState, action: LoadGood, ev: Events) -> ModernState:
    """M-LOAD-5..8: one cube of the port's good, paid to the bank or the port's owner."""
    act = _act(state)
    galley = ctx.active(state)
    seat = galley.owner
    index = ctx.board.port_index(action.port)
    port = state.ports[index]
    good = ctx.port_goods[index]
    price = _load_price(ctx, act, port.owner, seat)
    ducats = bump(state.ducats, seat, -price)
    paid_to = -1
    if port.owner is not None and port.owner != seat:
        ducats = bump(ducats, port.owner, price)  # M-LOAD-8
        paid_to = port.owner
    ev.append(GoodsLoaded(seat, galley.number, good, action.port, price, paid_to))
    loaded = act.loaded + (1 if port.owner == seat else 0)
    return _loaded(
        state,
        ducats,
        with_galley(state.galleys, with_cargo(galley, (*galley.cargo, good))),
        bump(state.supply, ctx.port_good_index[index], -1),
        _with_load(act, loaded, tuple(sorted({*act.loaded_goods, good}))),
    )


@rule("M-LOAD-9")
def apply_shift_good(ctx: Ctx, state: ModernState, action: ShiftGood, ev: Events) -> ModernState:
    """M-LOAD-9: free transfer of one cube between the active galley and another own galley."""
    act = _act(state)
    galleys = state.galleys
    source = find(galleys, action.source)
    target = find(galleys, action.target)
    galleys = with_galley(galleys, with_cargo(source, remove_one(source.cargo, action.good)))
    galleys = with_galley(galleys, with_cargo(target, (*target.cargo, action.good)))
    ev.append(GoodsShifted(action.good, action.source, action.target))
    flow = _flow("g", action.source, action.target)
    return new_state(state, galleys=galleys, act=new_act(act, flows=(*act.flows, flow)))


@rule("M-LOAD-10")
def apply_jettison(ctx: Ctx, state: ModernState, action: Jettison, ev: Events) -> ModernState:
    """M-LOAD-10: the cube returns to the box."""
    act = _act(state)
    galley = ctx.active(state)
    galleys = with_galley(state.galleys, with_cargo(galley, remove_one(galley.cargo, action.good)))
    ev.append(GoodsJettisoned(galley.number, action.good))
    jettisoned = tuple(sorted({*act.jettisoned, action.good}))
    return new_state(
        state,
        galleys=galleys,
        supply=bump(state.supply, ctx.good_index[action.good], 1),
        act=new_act(act, jettisoned=jettisoned),
    )


def apply_loading_done(ctx: Ctx, state: ModernState, action: Done, ev: Events) -> ModernState:
    """End of loading: the action's next step begins (movement, M-MOVE-1)."""
    return ctx.flow.leave("loading", ctx, state, ev)
