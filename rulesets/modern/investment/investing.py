"""Investment (M-INV): sailors, galleys, forts and basilicas for the active player's ports.

The purchases of sailors and galleys serve the special investment too
(:mod:`..endturn.special`), which names the buyer in its phase.
"""

from __future__ import annotations

from typing import Any

from serenissima.engine.core import Action
from serenissima.engine.pieces import has_goods
from serenissima.engine.rule_index import rule
from serenissima.engine.values import replacer

from ..common import DONE, Done, GalleyPlaced
from ..context import Ctx
from ..helpers import (
    INVESTING,
    Events,
    add_galley,
    bump,
    enter,
    find,
    new_act,
    new_state,
    to_phase,
    with_galley,
    with_port,
)
from ..phases import SpecialInvesting
from ..state import Galley, ModernState, Port
from .actions import BuildBasilica, BuildFort, BuyGalley, Crew, Recruit
from .events import BuildingBuilt, GalleyBought, SailorRecruited
from .tables import investment_tables

__all__ = [
    "apply_basilica",
    "apply_buy",
    "apply_crew",
    "apply_fort",
    "apply_investing_done",
    "apply_recruit",
    "begin_investment",
    "buy_actions",
    "galley_price",
    "investing_actions",
    "may_buy_galley",
    "recruit_actions",
]


_recruited = replacer(ModernState, "ports", "ducats", "reserve")
"""``new_state`` for a sailor recruited into a port (:func:`apply_recruit`)."""

_crewed = replacer(ModernState, "galleys", "ducats", "reserve")
"""``new_state`` for a sailor recruited onto a galley (:func:`apply_crew`)."""


def begin_investment(ctx: Ctx, state: ModernState, ev: Events, **changes: Any) -> ModernState:
    """M-INV-1: the owner of the activated galley invests."""
    if not changes:
        return to_phase(state, INVESTING, ctx.active(state).owner)
    return new_state(state, phase=INVESTING, to_act=ctx.active(state).owner, **changes)


@rule("M-INV-2")
def recruit_actions(ctx: Ctx, state: ModernState, seat: int) -> list[Action]:
    """M-INV-2: one sailor into an own port with room, or onto a galley in an own port's space."""
    return _recruits(ctx, state, seat, ctx.holdings(state.ports).of(seat))


def _recruits(ctx: Ctx, state: ModernState, seat: int, own: tuple[int, ...]) -> list[Action]:
    """:func:`recruit_actions`, given the indexes of the ports ``seat`` holds."""
    out: list[Action] = []
    if state.reserve[seat] < 1 or state.ducats[seat] < ctx.params.costs.recruit:
        return out  # M-INV-6, X-M-27
    tables = investment_tables(ctx)
    ports, sizes, recruits = state.ports, ctx.sizes, tables.recruits
    out = [recruits[index] for index in own if ports[index].sailors < sizes[index]]  # M-PORT-2
    if not own:
        return out  # no own port's space for a galley to be in
    area_ports = ctx.area_ports
    for galley in state.galleys:
        if (
            galley.owner == seat
            and ctx.room(state, galley)[0]
            and any(ports[index].owner == seat for index in area_ports[galley.area])
        ):
            out.append(tables.crew(galley.number))
    return out


@rule("M-INV-3")
def galley_price(ctx: Ctx, state: ModernState, seat: int) -> int:
    """M-INV-3: one ducat per galley already owned."""
    return ctx.params.costs.galley_per_owned * ctx.owned_galleys(state, seat)


def may_buy_galley(ctx: Ctx, state: ModernState, seat: int) -> bool:
    """Whether ``seat`` can pay for a galley and its first sailor (M-INV-3, X-M-22, X-M-28)."""
    costs = ctx.params.costs
    owned = ctx.owned_galleys(state, seat)
    return (
        owned < ctx.params.components.galley_cubes_per_player
        and state.reserve[seat] >= 1
        and state.ducats[seat] >= costs.galley_per_owned * owned + costs.recruit  # galley_price
    )


@rule("M-INV-3")
def buy_actions(ctx: Ctx, state: ModernState, seat: int) -> list[Action]:
    """M-INV-3: any galley number not in play, at any own port."""
    return _buys(ctx, state, ctx.holdings(state.ports).of(seat))


def _buys(ctx: Ctx, state: ModernState, own: tuple[int, ...]) -> list[Action]:
    """:func:`buy_actions`, given the indexes of the ports the buyer holds."""
    in_use = ctx.params.setup_for(state.players).galleys_in_use
    taken = {g.number for g in state.galleys}
    free = [n for n in range(1, in_use + 1) if n not in taken]
    return [buys[index] for buys in map(investment_tables(ctx).buy, free) for index in own]


@rule("M-INV-1", "M-INV-2", "M-INV-3", "M-INV-4", "M-INV-5", "M-INV-6")
def investing_actions(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    """M-INV-1..6: any purchases for the active player's ports, then done."""
    act = state.act
    assert act is not None
    seat = ctx.active(state).owner
    ports = state.ports
    holdings = ctx.holdings(ports)
    own = holdings.of(seat)
    out: list[Action] = [DONE, *_recruits(ctx, state, seat, own)]
    limit = state.options.galley_purchase_limit
    bought = act.bought_galley if limit == "per_investment" else seat in state.bought_turn
    if not bought and may_buy_galley(ctx, state, seat):  # X-M-37
        out.extend(_buys(ctx, state, own))
    costs, comps, params = ctx.params.costs, ctx.params.components, ctx.params
    ducats = state.ducats[seat]
    may_fort, may_basilica = ducats >= costs.fort, ducats >= costs.basilica
    if not (may_fort or may_basilica) or not own:
        return tuple(out)
    tables = investment_tables(ctx)
    forts, basilicas = holdings.forts, holdings.basilicas
    for index in own:
        port = ports[index]
        if (
            may_fort
            and not port.fort
            and forts < comps.forts
            and has_goods(params.fort.requires, ctx.port_goods[index], port.warehouse)
        ):
            out.append(tables.forts[index])  # M-INV-4
        if (
            may_basilica
            and not port.basilica
            and basilicas < comps.basilicas
            and has_goods(params.basilica.requires, ctx.port_goods[index], port.warehouse)
        ):
            out.append(tables.basilicas[index])  # M-INV-5
    return tuple(out)


def _seat(ctx: Ctx, state: ModernState) -> int:
    phase = state.phase
    if isinstance(phase, SpecialInvesting):
        return phase.order[phase.index]
    return ctx.active(state).owner


@rule("M-INV-2")
def apply_recruit(ctx: Ctx, state: ModernState, action: Recruit, ev: Events) -> ModernState:
    """M-INV-2: one sailor from the reserve into an own port, paid to the bank."""
    seat = _seat(ctx, state)
    cost = ctx.params.costs.recruit
    index = ctx.board.port_index(action.port)
    port = state.ports[index]
    port = Port(port.owner, port.sailors + 1, port.warehouse, port.fort, port.basilica, port.closed)
    ev.append(SailorRecruited(seat, action.port, cost))
    return _recruited(
        state,
        with_port(state.ports, index, port),
        bump(state.ducats, seat, -cost),
        bump(state.reserve, seat, -1),
    )


@rule("M-INV-2", "X-M-38")
def apply_crew(ctx: Ctx, state: ModernState, action: Crew, ev: Events) -> ModernState:
    """M-INV-2, X-M-38: one sailor onto a galley in the space of an own port."""
    seat = _seat(ctx, state)
    cost = ctx.params.costs.recruit
    galley = find(state.galleys, action.galley)
    galley = Galley(galley.number, galley.owner, galley.area, galley.sailors + 1, galley.cargo)
    ev.append(SailorRecruited(seat, str(action.galley), cost))
    return _crewed(
        state,
        with_galley(state.galleys, galley),
        bump(state.ducats, seat, -cost),
        bump(state.reserve, seat, -1),
    )


@rule("M-INV-3", "X-M-21", "X-M-22")
def apply_buy(ctx: Ctx, state: ModernState, action: BuyGalley, ev: Events) -> ModernState:
    """M-INV-3, X-M-21/22: the galley enters play in an own port's space with one recruit."""
    seat = _seat(ctx, state)
    price = galley_price(ctx, state, seat)
    recruit = ctx.params.costs.recruit
    area = ctx.board.port(action.port).area
    galleys = add_galley(state.galleys, Galley(action.galley, seat, area, 1))
    ev.append(GalleyBought(seat, action.galley, action.port, price))
    ev.append(GalleyPlaced(seat, action.galley, area, 1))
    ev.append(SailorRecruited(seat, str(action.galley), recruit))
    skip = state.skip
    if not state.options.new_galley_activates_same_turn or action.galley < state.wheel:
        skip = (*skip, action.galley)
    ducats = bump(state.ducats, seat, -(price + recruit))
    reserve = bump(state.reserve, seat, -1)
    bought_turn = tuple(sorted({*state.bought_turn, seat}))
    phase = state.phase
    if isinstance(phase, SpecialInvesting):
        special = SpecialInvesting(phase.order, phase.index, phase.bought + 1)
        return enter(
            state,
            special,
            galleys=galleys,
            ducats=ducats,
            reserve=reserve,
            skip=skip,
            bought_turn=bought_turn,
        )
    assert state.act is not None
    return new_state(
        state,
        galleys=galleys,
        ducats=ducats,
        reserve=reserve,
        skip=skip,
        bought_turn=bought_turn,
        act=new_act(state.act, bought_galley=True),
    )


def _build(
    ctx: Ctx, state: ModernState, port_id: str, building: str, cost: int, ev: Events
) -> ModernState:
    seat = _seat(ctx, state)
    index = ctx.board.port_index(port_id)
    port = state.ports[index]
    fort, basilica = port.fort or building == "fort", port.basilica or building != "fort"
    built = Port(port.owner, port.sailors, port.warehouse, fort, basilica, port.closed)
    ev.append(BuildingBuilt(seat, port_id, building, cost))
    return new_state(
        state, ports=with_port(state.ports, index, built), ducats=bump(state.ducats, seat, -cost)
    )


@rule("M-INV-4")
def apply_fort(ctx: Ctx, state: ModernState, action: BuildFort, ev: Events) -> ModernState:
    """M-INV-4: a fort for the port; its goods stay in the warehouse."""
    return _build(ctx, state, action.port, "fort", ctx.params.costs.fort, ev)


@rule("M-INV-5")
def apply_basilica(ctx: Ctx, state: ModernState, action: BuildBasilica, ev: Events) -> ModernState:
    """M-INV-5: a basilica for the port; its goods stay in the warehouse."""
    return _build(ctx, state, action.port, "basilica", ctx.params.costs.basilica, ev)


@rule("M-INV-1")
def apply_investing_done(ctx: Ctx, state: ModernState, action: Done, ev: Events) -> ModernState:
    """M-INV-1: the investment, and with it the activation, is over."""
    return ctx.flow.leave("investment", ctx, state, ev)
