"""Investment and special investment (M-INV, M-END-7): sailors, galleys, forts, basilicas."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Action
from serenissima.engine.pieces import has_goods

from .actions import BuildBasilica, BuildFort, BuyGalley, Crew, Done, Recruit
from .events import BuildingBuilt, GalleyBought, GalleyPlaced, SailorRecruited
from .helpers import (
    Ctx,
    Events,
    add_galley,
    bump,
    end_activation,
    enter,
    replace_galley,
    replace_port,
)
from .state import Galley, ModernState, SpecialInvesting

__all__ = [
    "apply_basilica",
    "apply_buy",
    "apply_crew",
    "apply_fort",
    "apply_recruit",
    "investing_actions",
    "may_buy_galley",
    "recruit_actions",
    "special_actions",
]


def recruit_actions(ctx: Ctx, state: ModernState, seat: int) -> list[Action]:
    """M-INV-2: one sailor into an own port with room, or onto a galley in an own port's space."""
    out: list[Action] = []
    if state.reserve[seat] < 1 or state.ducats[seat] < ctx.params.costs.recruit:
        return out  # M-INV-6, X-M-27
    for spec, port in zip(ctx.board.ports, state.ports, strict=True):
        if port.owner == seat and port.sailors < spec.warehouse:  # M-PORT-2
            out.append(Recruit(spec.id))
    for galley in state.galleys:
        if (
            galley.owner == seat
            and ctx.room(state, galley)[0]
            and ctx.own_port_in(state, galley.area, seat)
        ):
            out.append(Crew(galley.number))
    return out


def galley_price(ctx: Ctx, state: ModernState, seat: int) -> int:
    """M-INV-3: one ducat per galley already owned."""
    return ctx.params.costs.galley_per_owned * ctx.owned_galleys(state, seat)


def may_buy_galley(ctx: Ctx, state: ModernState, seat: int) -> bool:
    """Whether ``seat`` can pay for a galley and its first sailor (M-INV-3, X-M-22, X-M-28)."""
    costs = ctx.params.costs
    return (
        ctx.owned_galleys(state, seat) < ctx.params.components.galley_cubes_per_player
        and state.reserve[seat] >= 1
        and state.ducats[seat] >= galley_price(ctx, state, seat) + costs.recruit
    )


def _buy_actions(ctx: Ctx, state: ModernState, seat: int) -> list[Action]:
    in_use = ctx.params.setup_for(state.players).galleys_in_use
    taken = {g.number for g in state.galleys}
    free = [n for n in range(1, in_use + 1) if n not in taken]
    ports = [
        spec.id
        for spec, port in zip(ctx.board.ports, state.ports, strict=True)
        if port.owner == seat
    ]
    return [BuyGalley(n, port) for n in free for port in ports]


def investing_actions(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    """M-INV-1..6: any purchases for the active player's ports, then done."""
    assert state.act is not None
    seat = ctx.active(state).owner
    out: list[Action] = [Done(), *recruit_actions(ctx, state, seat)]
    limit = state.options.galley_purchase_limit
    bought = state.act.bought_galley if limit == "per_investment" else seat in state.bought_turn
    if not bought and may_buy_galley(ctx, state, seat):  # X-M-37
        out.extend(_buy_actions(ctx, state, seat))
    costs, comps = ctx.params.costs, ctx.params.components
    forts = sum(1 for p in state.ports if p.fort)
    basilicas = sum(1 for p in state.ports if p.basilica)
    for spec, port in zip(ctx.board.ports, state.ports, strict=True):
        if port.owner != seat:
            continue
        if (
            not port.fort
            and forts < comps.forts
            and state.ducats[seat] >= costs.fort
            and has_goods(ctx.params.fort.requires, spec.good, port.warehouse)
        ):
            out.append(BuildFort(spec.id))  # M-INV-4
        if (
            not port.basilica
            and basilicas < comps.basilicas
            and state.ducats[seat] >= costs.basilica
            and has_goods(ctx.params.basilica.requires, spec.good, port.warehouse)
        ):
            out.append(BuildBasilica(spec.id))  # M-INV-5
    return tuple(out)


def special_actions(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    """M-END-7, X-M-23: galleys and sailors only, to reach two galleys."""
    phase = state.phase
    assert isinstance(phase, SpecialInvesting)
    seat = phase.order[phase.index]
    out: list[Action] = [Done(), *recruit_actions(ctx, state, seat)]
    allowed = 1 if state.options.special_investment_galleys == "one" else None
    below = ctx.params.special_investment_below
    if (
        ctx.owned_galleys(state, seat) < below
        and (allowed is None or phase.bought < allowed)
        and may_buy_galley(ctx, state, seat)
    ):
        out.extend(_buy_actions(ctx, state, seat))
    return tuple(out)


def _seat(ctx: Ctx, state: ModernState) -> int:
    phase = state.phase
    if isinstance(phase, SpecialInvesting):
        return phase.order[phase.index]
    return ctx.active(state).owner


def apply_recruit(ctx: Ctx, state: ModernState, action: Recruit, ev: Events) -> ModernState:
    """M-INV-2: one sailor from the reserve into an own port, paid to the bank."""
    seat = _seat(ctx, state)
    cost = ctx.params.costs.recruit
    index = ctx.board.port_index(action.port)
    port = state.ports[index]
    state = replace_port(state, index, attrs.evolve(port, sailors=port.sailors + 1))
    ev.append(SailorRecruited(seat, action.port, cost))
    return attrs.evolve(
        state, ducats=bump(state.ducats, seat, -cost), reserve=bump(state.reserve, seat, -1)
    )


def apply_crew(ctx: Ctx, state: ModernState, action: Crew, ev: Events) -> ModernState:
    """M-INV-2, X-M-38: one sailor onto a galley in the space of an own port."""
    seat = _seat(ctx, state)
    cost = ctx.params.costs.recruit
    galley = state.galley(action.galley)
    assert galley is not None
    state = replace_galley(state, attrs.evolve(galley, sailors=galley.sailors + 1))
    ev.append(SailorRecruited(seat, str(action.galley), cost))
    return attrs.evolve(
        state, ducats=bump(state.ducats, seat, -cost), reserve=bump(state.reserve, seat, -1)
    )


def apply_buy(ctx: Ctx, state: ModernState, action: BuyGalley, ev: Events) -> ModernState:
    """M-INV-3, X-M-21/22: the galley enters play in an own port's space with one recruit."""
    seat = _seat(ctx, state)
    price = galley_price(ctx, state, seat)
    recruit = ctx.params.costs.recruit
    area = ctx.board.port(action.port).area
    state = add_galley(state, Galley(action.galley, seat, area, 1))
    ev.append(GalleyBought(seat, action.galley, action.port, price))
    ev.append(GalleyPlaced(seat, action.galley, area, 1))
    ev.append(SailorRecruited(seat, str(action.galley), recruit))
    skip = state.skip
    if not state.options.new_galley_activates_same_turn or action.galley < state.wheel:
        skip = (*skip, action.galley)
    state = attrs.evolve(
        state,
        ducats=bump(state.ducats, seat, -(price + recruit)),
        reserve=bump(state.reserve, seat, -1),
        skip=skip,
        bought_turn=tuple(sorted({*state.bought_turn, seat})),
    )
    phase = state.phase
    if isinstance(phase, SpecialInvesting):
        return enter(state, attrs.evolve(phase, bought=phase.bought + 1))
    assert state.act is not None
    return attrs.evolve(state, act=attrs.evolve(state.act, bought_galley=True))


def _build(
    ctx: Ctx, state: ModernState, port_id: str, building: str, cost: int, ev: Events
) -> ModernState:
    seat = _seat(ctx, state)
    index = ctx.board.port_index(port_id)
    port = state.ports[index]
    built = (
        attrs.evolve(port, fort=True) if building == "fort" else attrs.evolve(port, basilica=True)
    )
    state = replace_port(state, index, built)
    ev.append(BuildingBuilt(seat, port_id, building, cost))
    return attrs.evolve(state, ducats=bump(state.ducats, seat, -cost))


def apply_fort(ctx: Ctx, state: ModernState, action: BuildFort, ev: Events) -> ModernState:
    """M-INV-4: a fort for the port; its goods stay in the warehouse."""
    return _build(ctx, state, action.port, "fort", ctx.params.costs.fort, ev)


def apply_basilica(ctx: Ctx, state: ModernState, action: BuildBasilica, ev: Events) -> ModernState:
    """M-INV-5: a basilica for the port; its goods stay in the warehouse."""
    return _build(ctx, state, action.port, "basilica", ctx.params.costs.basilica, ev)


def apply_investing_done(ctx: Ctx, state: ModernState, action: Done, ev: Events) -> ModernState:
    """M-INV-1: the investment, and with it the activation, is over."""
    return end_activation(ctx, state, ev)


def apply_special_done(ctx: Ctx, state: ModernState, action: Done, ev: Events) -> ModernState:
    """M-END-7: the next player owed a special investment makes it."""
    from .endturn import next_special

    phase = state.phase
    assert isinstance(phase, SpecialInvesting)
    return next_special(ctx, state, phase.order, phase.index + 1, ev)


__all__ += ["apply_investing_done", "apply_special_done", "galley_price"]
