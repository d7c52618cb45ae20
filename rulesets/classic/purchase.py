"""Phase 2 of the classic edition: the turn, buying at neutral and own ports, building, hiring.

On his phase-2 turn a player buys goods at ports where he has a galley,
builds galleys and fortresses and hires sailors at his own ports, moves
sailors and goods within a sea area, throws pieces back in the box and
trades with players whose galleys share a coastal area (C-P2-1). This
module holds the turn's list of choices and its own steps; deals with
other players are in :mod:`.negotiation`, transfers and discards in
:mod:`.reorganise`, and the reasons for a refusal in
:mod:`.purchase_explain`.

A turn always ends: money only goes down through purchases, hires and
builds; a transfer never undoes an earlier one of the same turn
(:func:`~.helpers.flows_allow`); and each negotiation, keyed by port or by
galley pair and good, is held at most once per turn.
"""

from __future__ import annotations

import attrs

from serenissima.engine.core import Action
from serenissima.engine.pieces import has_goods

from .actions import BuildFort, BuildGalley, Buy, Done, Hire
from .events import FortBuilt, GalleyBuilt, GoodBought, SailorHired, SailorMoved
from .helpers import Ctx, Events
from .negotiation import ask_actions, trade_actions
from .reorganise import discard_actions, good_shift_actions, sailor_shift_actions
from .state import ClassicState, Galley
from .turn import add_cargo, bump, current_turn, garrison_takes, in_box, on_turn, own_ports

__all__ = [
    "apply_build_fort",
    "apply_build_galley",
    "apply_buy",
    "apply_done",
    "apply_hire",
    "builds_left",
    "hire_allowance",
    "purchase_actions",
]


# --- small readers ------------------------------------------------------------


def builds_left(ctx: Ctx, state: ClassicState, port_id: str) -> bool:
    """C-BUILD-2: one build, galley or fortress, per port per round."""
    return state.built.count(port_id) < ctx.params.builds.per_port_per_round


def hire_allowance(ctx: Ctx, state: ClassicState, index: int) -> int | None:
    """Sailors port ``index`` may recruit this round, or ``None`` without a limit.

    C-HIRE-2, X-C-05: one per good in its warehouse at the time of hiring
    (option ``recruit_limit``); every sailor hired there this round counts
    against it, also a new galley's crew (X-C-06).
    """
    limit = state.options.recruit_limit
    if limit == "unlimited":
        return None
    stored = len(state.ports[index].warehouse)
    return stored + 1 if limit == "warehouse_plus_produced" else stored


def _may_recruit(ctx: Ctx, state: ClassicState, index: int) -> bool:
    """A sailor can be hired at port ``index``: allowance and box (cost aside)."""
    allowance = hire_allowance(ctx, state, index)
    if allowance is not None and state.hired[index] >= allowance:
        return False
    return state.sailors_box is None or state.sailors_box > 0  # C-COMP-4, X-C-48


# --- legal actions --------------------------------------------------------------


def _buys(ctx: Ctx, state: ClassicState, seat: int) -> list[Action]:
    """C-BUY-1, C-BUY-3, C-BUY-7, C-BUY-8: one piece at a neutral or own port."""
    if state.ducats[seat] < ctx.params.costs.cube:
        return []
    out: list[Action] = []
    for galley in ctx.galleys_of(state, seat):
        if ctx.free_cargo(galley) < 1:
            continue
        for index in ctx.board.ports_in(galley.area):
            spec = ctx.board.ports[index]
            if state.ports[index].owner in (None, seat) and in_box(ctx, state, spec.good) > 0:
                out.append(Buy(galley.id, spec.id))
    return out


def _hires(ctx: Ctx, state: ClassicState, seat: int) -> list[Action]:
    """C-HIRE-1..3: a sailor at an own port, into its garrison or onto a galley there."""
    if state.ducats[seat] < ctx.params.costs.recruit:
        return []
    out: list[Action] = []
    for index in own_ports(ctx, state, seat):
        if not _may_recruit(ctx, state, index):
            continue
        spec = ctx.board.ports[index]
        if garrison_takes(ctx, state, index):
            out.append(Hire(spec.id, 0))
        out.extend(
            Hire(spec.id, g.id)
            for g in ctx.galleys_in(state, spec.area)
            if g.owner == seat and ctx.room(g)[0]
        )
    return out


def _builds(ctx: Ctx, state: ClassicState, seat: int) -> list[Action]:
    """C-BUILD-1..6, X-C-28, X-C-30: one galley or fortress per own port per round."""
    params, costs = ctx.params, ctx.params.costs
    purse = state.ducats[seat]
    pool_left = len(state.galleys) < params.components.galleys
    out: list[Action] = []
    for index in own_ports(ctx, state, seat):
        spec, port = ctx.board.ports[index], state.ports[index]
        if not builds_left(ctx, state, spec.id):
            continue
        if pool_left and has_goods(params.builds.galley_requires, spec.good, port.warehouse):
            if purse >= costs.galley + costs.recruit and _may_recruit(ctx, state, index):
                out.append(BuildGalley(spec.id, "hire"))
            if purse >= costs.galley and port.garrison >= 1:
                out.append(BuildGalley(spec.id, "garrison"))
        if (
            purse >= costs.fort
            and port.forts < state.options.max_forts_per_port
            and state.forts_box > 0
            and has_goods(params.builds.fort_requires, spec.good, port.warehouse)
        ):
            out.append(BuildFort(spec.id))
    return out


def purchase_actions(ctx: Ctx, state: ClassicState) -> tuple[Action, ...]:
    """C-P2-1: everything the seat on turn may do in his phase-2 turn, ending with ``done``.

    In this order: done, purchases, requests for a price, hires, builds,
    sailor and goods transfers, discards and trades.
    """
    turn = current_turn(state)
    seat = on_turn(state)
    return (
        Done(),
        *_buys(ctx, state, seat),
        *ask_actions(ctx, state, seat, turn.talks),
        *_hires(ctx, state, seat),
        *_builds(ctx, state, seat),
        *sailor_shift_actions(ctx, state, seat, turn.flows),
        *good_shift_actions(ctx, state, seat, turn.flows),
        *discard_actions(ctx, state, seat),
        *trade_actions(ctx, state, seat, turn.talks),
    )


# --- steps ----------------------------------------------------------------------


def apply_done(ctx: Ctx, state: ClassicState, action: Done, events: Events) -> ClassicState:
    """C-P2-2: the turn passes to the next seat; after the last, phase 3 begins."""
    return ctx.next_turn(state, current_turn(state).index, events)


def apply_buy(ctx: Ctx, state: ClassicState, action: Buy, events: Events) -> ClassicState:
    """C-BUY-3: one piece for 100 ducats to the treasury, straight onto the galley."""
    seat = on_turn(state)
    spec = ctx.board.port(action.port)
    galley = state.galley(action.galley)
    assert galley is not None
    cost = ctx.params.costs.cube
    state = ctx.pay(state, seat, cost)
    state = attrs.evolve(state, supply=bump(state.supply, ctx.good_index[spec.good], -1))
    state = ctx.put_galley(state, attrs.evolve(galley, cargo=add_cargo(galley.cargo, spec.good)))
    events.append(GoodBought(seat, spec.id, spec.good, 1, cost, None))
    return state


def apply_build_galley(
    ctx: Ctx, state: ClassicState, action: BuildGalley, events: Events
) -> ClassicState:
    """C-BUILD-1, C-BUILD-5, X-C-06: a galley beside the port with one sailor aboard.

    The sailor is hired at the port (counting against its recruits this
    round) or taken from its garrison.
    """
    seat = on_turn(state)
    index = ctx.board.port_index(action.port)
    spec, port = ctx.board.ports[index], state.ports[index]
    number = state.next_galley
    state = ctx.pay(state, seat, ctx.params.costs.galley)
    state = ctx.put_galley(state, Galley(number, seat, spec.area, 1))
    state = attrs.evolve(state, next_galley=number + 1, built=(*state.built, spec.id))
    events.append(GalleyBuilt(seat, spec.id, number))
    if action.crew == "hire":
        state = _recruit(ctx, state, seat, index)
        events.append(SailorHired(seat, spec.id, number))
    else:
        state = ctx.put_port(state, index, attrs.evolve(port, garrison=port.garrison - 1))
        events.append(SailorMoved(seat, spec.id, str(number)))
    return state


def _recruit(ctx: Ctx, state: ClassicState, seat: int, index: int) -> ClassicState:
    """Pay for a sailor from the box at port ``index`` and count it there (C-HIRE-1, C-HIRE-2)."""
    state = ctx.pay(state, seat, ctx.params.costs.recruit)
    box = None if state.sailors_box is None else state.sailors_box - 1
    return attrs.evolve(state, sailors_box=box, hired=bump(state.hired, index, 1))


def apply_build_fort(
    ctx: Ctx, state: ClassicState, action: BuildFort, events: Events
) -> ClassicState:
    """C-BUILD-1, C-BUILD-4, C-BUILD-6: a fortress beside the port, for whoever holds it."""
    seat = on_turn(state)
    index = ctx.board.port_index(action.port)
    port = state.ports[index]
    state = ctx.pay(state, seat, ctx.params.costs.fort)
    state = ctx.put_port(state, index, attrs.evolve(port, forts=port.forts + 1))
    state = attrs.evolve(state, forts_box=state.forts_box - 1, built=(*state.built, action.port))
    events.append(FortBuilt(seat, action.port))
    return state


def apply_hire(ctx: Ctx, state: ClassicState, action: Hire, events: Events) -> ClassicState:
    """C-HIRE-1, C-HIRE-3: a sailor for 100 ducats, into the garrison or onto a galley there."""
    seat = on_turn(state)
    index = ctx.board.port_index(action.port)
    state = _recruit(ctx, state, seat, index)
    if action.galley == 0:
        port = state.ports[index]
        state = ctx.put_port(state, index, attrs.evolve(port, garrison=port.garrison + 1))
    else:
        galley = state.galley(action.galley)
        assert galley is not None
        state = ctx.put_galley(state, attrs.evolve(galley, sailors=galley.sailors + 1))
    events.append(SailorHired(seat, action.port, action.galley))
    return state
