"""Classic reorganising in phase 2: sailors and goods moved within a sea area, discards.

A player moves sailors between his galleys and the garrisons of his ports,
and goods between his galleys, within one sea area (C-ORG-1); a galley left
without sailors sinks (C-ORG-3). Off a coast he may throw goods back in
the box, and sailors too where no port is his own (C-DISC-1, C-DISC-2). A
transfer never undoes an earlier one of the same turn
(:func:`~..helpers.flows_allow`), so the phase-2 turn always ends.
"""

from __future__ import annotations

from serenissima.engine.core import Action
from serenissima.engine.rule_index import rule

from ..common import GoodMoved, ShiftGood
from ..context import Ctx
from ..helpers import (
    Events,
    backflows,
    crewed,
    goods_back,
    replace_cargo,
    replace_crews,
    replace_fleet,
    replace_state,
    sailors_back,
    with_galley,
    with_port,
)
from ..phases import Flow, Purchasing
from ..state import ClassicState, Galley, Port
from .actions import DiscardGood, DiscardSailor, ShiftSailor
from .events import GoodDiscarded, SailorDismissed, SailorMoved
from .turn import Reason, add_cargo, current_turn, on_turn, remove_cargo

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


@rule("C-ORG-1", "C-ORG-3", "C-ORG-4", "X-C-43", "X-C-44")
def sailor_shift_actions(
    ctx: Ctx,
    state: ClassicState,
    flows: tuple[Flow, ...],
    mine: list[Galley],
    owned: list[int],
    out: list[Action],
) -> None:
    """C-ORG-1, C-ORG-3, C-ORG-4, X-C-43, X-C-44: sailors within a sea area.

    ``mine`` are the galleys of the seat on turn, ``owned`` the indexes of its ports.
    """
    if not mine:
        return
    back = backflows(ctx, flows, "sailor") if flows else None
    memo, takes_sailor = ctx.memo, ctx.takes_sailor
    if len(mine) > 1:
        for source in mine:
            area = source.area
            for target in mine:
                if target is source or target.area != area or not takes_sailor(target):
                    continue
                name, other = str(source.id), str(target.id)
                if back is None or not back.undoes(name, other):
                    key = ("shift-galleys", source.id, target.id)
                    shift = memo.get(key)
                    if shift is None:
                        shift = memo[key] = (ShiftSailor(name, other),)
                    out.extend(shift)
    capped = state.options.classic_garrison_cap != "none"
    ports, port_areas = state.ports, ctx.port_areas
    for index in owned:
        area = port_areas[index]
        port_id = ctx.port_ids[index]
        garrison = ports[index].garrison
        # the garrison may take one more sailor (X-C-07, see turn.garrison_takes)
        takes = not capped or ctx.sizes[index] > garrison
        for galley in mine:
            if galley.area != area:
                continue
            name = str(galley.id)
            pair = memo.get(("shift-port", index, galley.id))
            if pair is None:
                pair = memo["shift-port", index, galley.id] = (
                    ShiftSailor(port_id, name),
                    ShiftSailor(name, port_id),
                )
            if (
                garrison >= 1
                and takes_sailor(galley)
                and (back is None or not back.undoes(port_id, name))
            ):
                out.append(pair[0])
            if takes and (back is None or not back.undoes(name, port_id)):
                out.append(pair[1])


@rule("C-ORG-1", "C-ORG-2")
def good_shift_actions(
    ctx: Ctx, flows: tuple[Flow, ...], mine: list[Galley], out: list[Action]
) -> None:
    """C-ORG-1, C-ORG-2: goods from galley to galley within a sea area.

    ``mine`` are the galleys of the seat on turn.
    """
    if len(mine) < 2:
        return
    free_cargo = ctx.free_cargo
    for source in mine:
        if not source.cargo:
            continue
        area = source.area
        targets = [t for t in mine if t is not source and t.area == area and free_cargo(t) > 0]
        if not targets:
            continue
        for good in sorted(set(source.cargo)):
            back = backflows(ctx, flows, good) if flows else None
            for target in targets:
                if back is None or not back.undoes(str(source.id), str(target.id)):
                    key = ("shift-good", good, source.id, target.id)
                    shift = ctx.memo.get(key)
                    if shift is None:
                        shift = ctx.memo[key] = (ShiftGood(good, source.id, target.id),)
                    out.extend(shift)


@rule("C-DISC-1", "C-DISC-2", "X-C-46", "X-C-47")
def discard_actions(
    ctx: Ctx, state: ClassicState, seat: int, mine: list[Galley], out: list[Action]
) -> None:
    """C-DISC-1, C-DISC-2, X-C-46, X-C-47: off a coast (X-C-40); sailors not at one's own port.

    ``mine`` are the galleys of the seat on turn.
    """
    ports = state.ports
    for galley in mine:
        coast = ctx.area_ports[galley.area]
        if not coast:
            continue
        cargo = galley.cargo
        if cargo:
            key = ("discard", galley.id, cargo)
            discards = ctx.memo.get(key)
            if discards is None:
                discards = ctx.memo[key] = tuple(
                    DiscardGood(galley.id, good) for good in sorted(set(cargo))
                )
            out.extend(discards)
        if galley.sailors >= 2:
            # C-DISC-2: not where one of the coast's ports is one's own (dismissal_port)
            for index in coast:
                if ports[index].owner == seat:
                    break
            else:
                dismiss = ctx.memo.get(("dismiss", galley.id))
                if dismiss is None:
                    dismiss = ctx.memo["dismiss", galley.id] = (DiscardSailor(galley.id),)
                out.extend(dismiss)


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


def _recorded(state: ClassicState, flow: Flow) -> Purchasing:
    """The phase-2 turn with one more transfer made."""
    turn = current_turn(state)
    return Purchasing(turn.index, (*turn.flows, flow), turn.talks)


@rule("C-ORG-1", "C-ORG-3", "C-ORG-4")
def apply_shift_sailor(
    ctx: Ctx, state: ClassicState, action: ShiftSailor, events: Events
) -> ClassicState:
    """C-ORG-1, C-ORG-3, C-ORG-4: one sailor moves; a galley left without any sinks."""
    seat = on_turn(state)
    phase = _recorded(state, ("sailor", action.source, action.target))
    events.append(SailorMoved(seat, action.source, action.target))
    galleys, ports = state.galleys, state.ports
    if action.target.isdigit():
        target = state.galley(int(action.target))
        assert target is not None
        aboard = Galley(target.id, target.owner, target.area, target.sailors + 1, target.cargo)
        galleys = with_galley(galleys, aboard)
    else:
        index = ctx.board.port_index(action.target)
        port = ports[index]
        ports = with_port(
            ports, index, Port(port.owner, port.garrison + 1, port.warehouse, port.forts)
        )
    if action.source.isdigit():
        source = state.galley(int(action.source))
        assert source is not None
        changes = crewed(ctx, state, galleys, source, source.sailors - 1, SUNK, events)
        if len(changes) == 1:  # the galleys alone: nothing sank
            return replace_crews(state, phase, ports, changes["galleys"])
        return replace_state(state, phase=phase, ports=ports, **changes)
    index = ctx.board.port_index(action.source)
    port = ports[index]
    ports = with_port(ports, index, Port(port.owner, port.garrison - 1, port.warehouse, port.forts))
    return replace_crews(state, phase, ports, galleys)


@rule("C-ORG-1")
def apply_shift_good(
    ctx: Ctx, state: ClassicState, action: ShiftGood, events: Events
) -> ClassicState:
    """C-ORG-1: one piece of goods from galley to galley in the same sea area."""
    seat = on_turn(state)
    source, target = state.galley(action.source), state.galley(action.target)
    assert source is not None
    assert target is not None
    phase = _recorded(state, (action.good, str(action.source), str(action.target)))
    cargo = remove_cargo(source.cargo, action.good)
    galleys = with_galley(
        state.galleys, Galley(source.id, source.owner, source.area, source.sailors, cargo)
    )
    cargo = add_cargo(target.cargo, action.good)
    galleys = with_galley(
        galleys, Galley(target.id, target.owner, target.area, target.sailors, cargo)
    )
    events.append(GoodMoved(seat, action.good, action.source, action.target))
    return replace_fleet(state, galleys, phase)


@rule("C-DISC-1")
def apply_discard_good(
    ctx: Ctx, state: ClassicState, action: DiscardGood, events: Events
) -> ClassicState:
    """C-DISC-1: the piece goes back to the box and earns nothing."""
    seat = on_turn(state)
    galley = state.galley(action.galley)
    assert galley is not None
    cargo = remove_cargo(galley.cargo, action.good)
    lighter = Galley(galley.id, galley.owner, galley.area, galley.sailors, cargo)
    events.append(GoodDiscarded(seat, action.galley, action.good))
    return replace_cargo(
        state, with_galley(state.galleys, lighter), goods_back(ctx, state.supply, (action.good,))
    )


@rule("C-DISC-2", "X-C-46")
def apply_discard_sailor(
    ctx: Ctx, state: ClassicState, action: DiscardSailor, events: Events
) -> ClassicState:
    """C-DISC-2, X-C-46: the sailor goes back to the box and earns nothing."""
    seat = on_turn(state)
    galley = state.galley(action.galley)
    assert galley is not None
    fewer = Galley(galley.id, galley.owner, galley.area, galley.sailors - 1, galley.cargo)
    events.append(SailorDismissed(seat, action.galley))
    return replace_state(
        state,
        galleys=with_galley(state.galleys, fewer),
        sailors_box=sailors_back(state.sailors_box, 1),
    )
