"""Phase 2 of the classic edition: buying, building, hiring, reorganising, trading.

On his phase-2 turn a player buys goods at ports where he has a galley,
builds galleys and fortresses and hires sailors at his own ports, moves
sailors and goods within a sea area, throws pieces back in the box and
trades with players whose galleys share a coastal area (C-P2-1). Buying at
another player's port and trading between galleys follow a fixed
negotiation: the seller names a price per piece, the buyer accepts, makes
one counter-offer or walks away, the seller accepts the counter-offer or
refuses, and the buyer then takes the first price or leaves (C-BUY-6).

A turn always ends: money only goes down through purchases, hires and
builds; a transfer never undoes an earlier one of the same turn
(:func:`~.helpers.flows_allow`); and each negotiation, keyed by port or by
galley pair and good, is held at most once per turn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from serenissima.core import Action
from serenissima.pieces import has_goods

from .actions import (
    Accept,
    Ask,
    Barter,
    BuildFort,
    BuildGalley,
    Buy,
    Counter,
    Decline,
    DiscardGood,
    DiscardSailor,
    Done,
    Hire,
    Offer,
    Refuse,
    ShiftGood,
    ShiftSailor,
    TradeBuy,
    TradeSell,
)
from .events import (
    DealClosed,
    DealFailed,
    DealOpened,
    FortBuilt,
    GalleyBuilt,
    GoodBought,
    GoodDiscarded,
    GoodMoved,
    PriceNamed,
    SailorDismissed,
    SailorHired,
    SailorMoved,
)
from .helpers import Ctx, Events, flows_allow
from .state import ClassicState, Deal, Galley, Negotiating, Purchasing

__all__ = [
    "apply_accept",
    "apply_ask",
    "apply_barter",
    "apply_build_fort",
    "apply_build_galley",
    "apply_buy",
    "apply_counter",
    "apply_decline",
    "apply_discard_good",
    "apply_discard_sailor",
    "apply_done",
    "apply_hire",
    "apply_offer",
    "apply_refuse",
    "apply_shift_good",
    "apply_shift_sailor",
    "apply_trade_buy",
    "apply_trade_sell",
    "deal_actor",
    "explain_purchase",
    "hire_allowance",
    "negotiation_actions",
    "price_range",
    "purchase_actions",
]

Reason = tuple[str, str] | None

SUNK = "left without sailors"
"""Why a galley emptied of sailors in phase 2 sinks (C-ORG-3)."""


# --- small readers ------------------------------------------------------------


def _turn(state: ClassicState) -> Purchasing:
    """The phase-2 turn under way, also while a deal is negotiated."""
    phase = state.phase
    if isinstance(phase, Negotiating):
        return phase.turn
    assert isinstance(phase, Purchasing)
    return phase


def _on_turn(state: ClassicState) -> int:
    """The seat whose phase-2 turn it is."""
    return state.order[_turn(state).index]


def _bump(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    return (*values[:index], values[index] + delta, *values[index + 1 :])


def _add(cargo: Iterable[str], good: str, count: int = 1) -> tuple[str, ...]:
    return tuple(sorted((*cargo, *([good] * count))))


def _remove(cargo: tuple[str, ...], good: str) -> tuple[str, ...]:
    index = cargo.index(good)
    return cargo[:index] + cargo[index + 1 :]


def _in_box(ctx: Ctx, state: ClassicState, good: str) -> int:
    return state.supply[ctx.good_index[good]]


def _has_port(ctx: Ctx, area: str) -> bool:
    """Whether a port opens onto ``area``: not one of the high seas (C-TRADE-1, X-C-40)."""
    return bool(ctx.board.ports_in(area))


def _steps(low: int, high: int, unit: int) -> range:
    """Multiples of ``unit`` from ``low`` to ``high``, both included (X-C-04)."""
    return range(-(-low // unit) * unit, high + 1, unit)


def _own_ports(ctx: Ctx, state: ClassicState, seat: int) -> list[int]:
    return [i for i, port in enumerate(state.ports) if port.owner == seat]


def _builds_left(ctx: Ctx, state: ClassicState, port_id: str) -> bool:
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


def _garrison_takes(ctx: Ctx, state: ClassicState, index: int) -> bool:
    """Whether port ``index``'s garrison may take one more sailor (X-C-07)."""
    room = ctx.garrison_room(state, index)
    return room is None or room > 0


def _trading_pair(
    ctx: Ctx, state: ClassicState, seat: int, mine: int, theirs: int
) -> tuple[Galley, Galley] | None:
    """``seat``'s galley ``mine`` and another player's ``theirs``, together off a coast."""
    own = ctx.own_galley(state, mine, seat)
    other = state.galley(theirs)
    if own is None or other is None or other.owner == seat:
        return None
    if own.area != other.area or not _has_port(ctx, own.area):
        return None
    return own, other


def _trade_key(seller_galley: int, buyer_galley: int, good: str) -> str:
    return f"trade:{seller_galley}>{buyer_galley}:{good}"


def _barter_key(galley: int, other: int, good: str, wanted: str) -> str:
    return f"barter:{galley}>{other}:{good}/{wanted}"


def _ask_room(ctx: Ctx, state: ClassicState, seat: int, area: str) -> int:
    """Goods ``seat``'s galleys in ``area`` can still take (C-BUY-7, X-C-42)."""
    return sum(ctx.free_cargo(g) for g in ctx.galleys_in(state, area) if g.owner == seat)


def _ask_limit(ctx: Ctx, state: ClassicState, seat: int, port_index: int) -> int:
    """The most pieces ``seat`` may ask a price for at port ``port_index``.

    Bounded by the room on his galleys there (C-BUY-7), the pieces in the box
    (C-BUY-8) and what he could pay at the lowest price (C-BUY-4).
    """
    spec = ctx.board.ports[port_index]
    room = _ask_room(ctx, state, seat, spec.area)
    lowest = max(ctx.params.prices.port_min, state.options.money_unit)
    return min(room, _in_box(ctx, state, spec.good), state.ducats[seat] // lowest)


# --- prices -------------------------------------------------------------------


def price_range(ctx: Ctx, state: ClassicState, deal: Deal) -> tuple[int, int]:
    """The lowest and highest price per piece the seller of ``deal`` may name.

    At another player's port: 100..300, or 100..1000 when the seller holds
    every port producing the good, checked when he names it (C-BUY-4,
    C-BUY-5, X-C-08). Between galleys the rules set no bound; the ruleset's
    ``trade_max`` keeps the choices finite (C-TRADE-2).
    """
    prices = ctx.params.prices
    if deal.kind == "port":
        monopoly = ctx.monopoly(state, deal.seller, deal.good)
        return prices.port_min, prices.monopoly_max if monopoly else prices.port_max
    return state.options.money_unit, prices.trade_max


def _counter_floor(ctx: Ctx, state: ClassicState, deal: Deal) -> int:
    """The lowest counter-offer: the range's bottom, or one coin (X-C-21 (ii))."""
    if state.options.counter_offer_in_range:
        return price_range(ctx, state, deal)[0]
    return state.options.money_unit


def _offers(ctx: Ctx, state: ClassicState, deal: Deal) -> range:
    low, high = price_range(ctx, state, deal)
    return _steps(low, high, state.options.money_unit)


def _counters(ctx: Ctx, state: ClassicState, deal: Deal) -> list[int]:
    assert deal.offer is not None
    unit = state.options.money_unit
    purse = state.ducats[deal.buyer]
    floor = _counter_floor(ctx, state, deal)
    return [p for p in _steps(floor, deal.offer - 1, unit) if p * deal.quantity <= purse]


def deal_actor(deal: Deal) -> int:
    """Who decides next in a deal: the seller names or answers a counter-offer, else the buyer."""
    return deal.seller if deal.stage in ("offer", "counter") else deal.buyer


def _affordable(state: ClassicState, deal: Deal, price: int | None) -> bool:
    return price is not None and price * deal.quantity <= state.ducats[deal.buyer]


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
            if state.ports[index].owner in (None, seat) and _in_box(ctx, state, spec.good) > 0:
                out.append(Buy(galley.id, spec.id))
    return out


def _asks(ctx: Ctx, state: ClassicState, seat: int, talks: tuple[str, ...]) -> list[Action]:
    """C-BUY-4, C-BUY-6, X-C-21: ask another player's port for a price, once per turn."""
    out: list[Action] = []
    for index, port in enumerate(state.ports):
        spec = ctx.board.ports[index]
        if port.owner is None or port.owner == seat or f"port:{spec.id}" in talks:
            continue
        out.extend(Ask(spec.id, q) for q in range(1, _ask_limit(ctx, state, seat, index) + 1))
    return out


def _hires(ctx: Ctx, state: ClassicState, seat: int) -> list[Action]:
    """C-HIRE-1..3: a sailor at an own port, into its garrison or onto a galley there."""
    if state.ducats[seat] < ctx.params.costs.recruit:
        return []
    out: list[Action] = []
    for index in _own_ports(ctx, state, seat):
        if not _may_recruit(ctx, state, index):
            continue
        spec = ctx.board.ports[index]
        if _garrison_takes(ctx, state, index):
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
    for index in _own_ports(ctx, state, seat):
        spec, port = ctx.board.ports[index], state.ports[index]
        if not _builds_left(ctx, state, spec.id):
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


def _sailor_shifts(
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
    for index in _own_ports(ctx, state, seat):
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
            if _garrison_takes(ctx, state, index) and flows_allow(flows, "sailor", name, spec.id):
                out.append(ShiftSailor(name, spec.id))
    return out


def _good_shifts(
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


def _discards(ctx: Ctx, state: ClassicState, seat: int) -> list[Action]:
    """C-DISC-1, C-DISC-2, X-C-46, X-C-47: off a coast (X-C-40); sailors not at one's own port."""
    out: list[Action] = []
    for galley in ctx.galleys_of(state, seat):
        if _has_port(ctx, galley.area):
            out.extend(DiscardGood(galley.id, good) for good in sorted(set(galley.cargo)))
        if galley.sailors >= 2 and _dismissal_port(ctx, state, seat, galley.area) is None:
            out.append(DiscardSailor(galley.id))
    return out


def _dismissal_port(ctx: Ctx, state: ClassicState, seat: int, area: str) -> Reason:
    """Why no sailor can be dismissed in ``area``, or ``None`` if one can (C-DISC-2)."""
    ports = ctx.board.ports_in(area)
    if not ports:
        return "C-DISC-2", "sailors can be sent ashore only in a sea area with a port"
    for index in ports:
        if state.ports[index].owner == seat:
            name = ctx.board.ports[index].id
            return "C-DISC-2", f"at your own port {name} the sailor joins its garrison instead"
    return None


def _trades(ctx: Ctx, state: ClassicState, seat: int, talks: tuple[str, ...]) -> list[Action]:
    """C-TRADE-1, C-TRADE-2, X-C-41: goods for ducats (or goods) between galleys."""
    unit, top = state.options.money_unit, ctx.params.prices.trade_max
    barter = state.options.allow_barter
    out: list[Action] = []
    for mine in ctx.galleys_of(state, seat):
        if not _has_port(ctx, mine.area):
            continue
        for theirs in ctx.galleys_in(state, mine.area):
            if theirs.owner == seat:
                continue
            if ctx.free_cargo(mine) > 0 and state.ducats[seat] >= unit:
                out.extend(
                    TradeBuy(theirs.id, good, mine.id)
                    for good in sorted(set(theirs.cargo))
                    if _trade_key(theirs.id, mine.id, good) not in talks
                )
            if ctx.free_cargo(theirs) > 0:
                for good in sorted(set(mine.cargo)):
                    if _trade_key(mine.id, theirs.id, good) not in talks:
                        out.extend(
                            TradeSell(mine.id, good, theirs.id, p) for p in _steps(unit, top, unit)
                        )
            if barter:
                out.extend(
                    Barter(mine.id, good, theirs.id, wanted)
                    for good in sorted(set(mine.cargo))
                    for wanted in sorted(set(theirs.cargo))
                    if good != wanted and _barter_key(mine.id, theirs.id, good, wanted) not in talks
                )
    return out


def purchase_actions(ctx: Ctx, state: ClassicState) -> tuple[Action, ...]:
    """C-P2-1: everything the seat on turn may do in his phase-2 turn, ending with ``done``.

    In this order: done, purchases, requests for a price, hires, builds,
    sailor and goods transfers, discards and trades.
    """
    turn = _turn(state)
    seat = _on_turn(state)
    return (
        Done(),
        *_buys(ctx, state, seat),
        *_asks(ctx, state, seat, turn.talks),
        *_hires(ctx, state, seat),
        *_builds(ctx, state, seat),
        *_sailor_shifts(ctx, state, seat, turn.flows),
        *_good_shifts(ctx, state, seat, turn.flows),
        *_discards(ctx, state, seat),
        *_trades(ctx, state, seat, turn.talks),
    )


def negotiation_actions(ctx: Ctx, state: ClassicState) -> tuple[Action, ...]:
    """C-BUY-6, C-TRADE-2: the next step of the deal under way, for the seat to act."""
    phase = state.phase
    assert isinstance(phase, Negotiating)
    deal = phase.deal
    if deal.stage == "offer":
        refuse: tuple[Action, ...] = (Refuse(),) if deal.kind == "trade" else ()
        return (*(Offer(p) for p in _offers(ctx, state, deal)), *refuse)
    if deal.stage == "answer":
        if deal.kind == "barter":
            return (Accept(), Decline())
        accept: tuple[Action, ...] = (Accept(),) if _affordable(state, deal, deal.offer) else ()
        return (*accept, *(Counter(p) for p in _counters(ctx, state, deal)), Decline())
    if deal.stage == "counter":
        return (Accept(), Refuse())
    accept = (Accept(),) if _affordable(state, deal, deal.offer) else ()
    return (*accept, Decline())


# --- steps: the turn --------------------------------------------------------------


def _with_turn(state: ClassicState, turn: Purchasing) -> ClassicState:
    return attrs.evolve(state, phase=turn, to_act=state.order[turn.index])


def apply_done(ctx: Ctx, state: ClassicState, action: Done, events: Events) -> ClassicState:
    """C-P2-2: the turn passes to the next seat; after the last, phase 3 begins."""
    return ctx.next_turn(state, _turn(state).index, events)


def apply_buy(ctx: Ctx, state: ClassicState, action: Buy, events: Events) -> ClassicState:
    """C-BUY-3: one piece for 100 ducats to the treasury, straight onto the galley."""
    seat = _on_turn(state)
    spec = ctx.board.port(action.port)
    galley = state.galley(action.galley)
    assert galley is not None
    cost = ctx.params.costs.cube
    state = ctx.pay(state, seat, cost)
    state = attrs.evolve(state, supply=_bump(state.supply, ctx.good_index[spec.good], -1))
    state = ctx.put_galley(state, attrs.evolve(galley, cargo=_add(galley.cargo, spec.good)))
    events.append(GoodBought(seat, spec.id, spec.good, 1, cost, None))
    return state


def _open(
    state: ClassicState, turn: Purchasing, key: str, deal: Deal, events: Events
) -> ClassicState:
    turn = attrs.evolve(turn, talks=(*turn.talks, key))
    events.append(DealOpened(deal.kind, deal.seller, deal.buyer, deal.good, deal.quantity))
    if deal.offer is not None:
        events.append(PriceNamed(deal.seller, deal.offer, False))
    return attrs.evolve(state, phase=Negotiating(turn, deal), to_act=deal_actor(deal))


def apply_ask(ctx: Ctx, state: ClassicState, action: Ask, events: Events) -> ClassicState:
    """C-BUY-6, X-C-21: the port's owner is asked a price per piece for ``quantity`` pieces."""
    seat = _on_turn(state)
    spec = ctx.board.port(action.port)
    owner = ctx.port(state, action.port).owner
    assert owner is not None
    deal = Deal("port", owner, seat, spec.good, action.quantity, "offer", port=spec.id)
    return _open(state, _turn(state), f"port:{spec.id}", deal, events)


def apply_trade_buy(
    ctx: Ctx, state: ClassicState, action: TradeBuy, events: Events
) -> ClassicState:
    """C-TRADE-1, C-TRADE-2: the owner of the other galley is asked a price for one piece."""
    seat = _on_turn(state)
    theirs = state.galley(action.galley)
    assert theirs is not None
    deal = Deal(
        "trade",
        theirs.owner,
        seat,
        action.good,
        1,
        "offer",
        seller_galley=action.galley,
        buyer_galley=action.into,
    )
    key = _trade_key(action.galley, action.into, action.good)
    return _open(state, _turn(state), key, deal, events)


def apply_trade_sell(
    ctx: Ctx, state: ClassicState, action: TradeSell, events: Events
) -> ClassicState:
    """C-TRADE-1, C-TRADE-2: one piece is offered to the other galley's owner at a price."""
    seat = _on_turn(state)
    theirs = state.galley(action.to)
    assert theirs is not None
    deal = Deal(
        "trade",
        seat,
        theirs.owner,
        action.good,
        1,
        "answer",
        seller_galley=action.galley,
        buyer_galley=action.to,
        offer=action.price,
    )
    key = _trade_key(action.galley, action.to, action.good)
    return _open(state, _turn(state), key, deal, events)


def apply_barter(ctx: Ctx, state: ClassicState, action: Barter, events: Events) -> ClassicState:
    """X-C-41 (option ``allow_barter``): one good offered for one of the other galley's.

    The proposer is the deal's seller of ``good``; the other galley's owner
    pays with ``wanted`` and accepts or declines.
    """
    seat = _on_turn(state)
    theirs = state.galley(action.other)
    assert theirs is not None
    deal = Deal(
        "barter",
        seat,
        theirs.owner,
        action.good,
        1,
        "answer",
        seller_galley=action.galley,
        buyer_galley=action.other,
        barter_good=action.wanted,
    )
    key = _barter_key(action.galley, action.other, action.good, action.wanted)
    return _open(state, _turn(state), key, deal, events)


def apply_build_galley(
    ctx: Ctx, state: ClassicState, action: BuildGalley, events: Events
) -> ClassicState:
    """C-BUILD-1, C-BUILD-5, X-C-06: a galley beside the port with one sailor aboard.

    The sailor is hired at the port (counting against its recruits this
    round) or taken from its garrison.
    """
    seat = _on_turn(state)
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
    return attrs.evolve(state, sailors_box=box, hired=_bump(state.hired, index, 1))


def apply_build_fort(
    ctx: Ctx, state: ClassicState, action: BuildFort, events: Events
) -> ClassicState:
    """C-BUILD-1, C-BUILD-4, C-BUILD-6: a fortress beside the port, for whoever holds it."""
    seat = _on_turn(state)
    index = ctx.board.port_index(action.port)
    port = state.ports[index]
    state = ctx.pay(state, seat, ctx.params.costs.fort)
    state = ctx.put_port(state, index, attrs.evolve(port, forts=port.forts + 1))
    state = attrs.evolve(state, forts_box=state.forts_box - 1, built=(*state.built, action.port))
    events.append(FortBuilt(seat, action.port))
    return state


def apply_hire(ctx: Ctx, state: ClassicState, action: Hire, events: Events) -> ClassicState:
    """C-HIRE-1, C-HIRE-3: a sailor for 100 ducats, into the garrison or onto a galley there."""
    seat = _on_turn(state)
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


def _record(state: ClassicState, flow: tuple[str, str, str]) -> ClassicState:
    turn = _turn(state)
    return attrs.evolve(state, phase=attrs.evolve(turn, flows=(*turn.flows, flow)))


def apply_shift_sailor(
    ctx: Ctx, state: ClassicState, action: ShiftSailor, events: Events
) -> ClassicState:
    """C-ORG-1, C-ORG-3, C-ORG-4: one sailor moves; a galley left without any sinks."""
    seat = _on_turn(state)
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
    seat = _on_turn(state)
    source, target = state.galley(action.source), state.galley(action.target)
    assert source is not None
    assert target is not None
    state = _record(state, (action.good, str(action.source), str(action.target)))
    state = ctx.put_galley(state, attrs.evolve(source, cargo=_remove(source.cargo, action.good)))
    state = ctx.put_galley(state, attrs.evolve(target, cargo=_add(target.cargo, action.good)))
    events.append(GoodMoved(seat, action.good, action.source, action.target))
    return state


def apply_discard_good(
    ctx: Ctx, state: ClassicState, action: DiscardGood, events: Events
) -> ClassicState:
    """C-DISC-1: the piece goes back to the box and earns nothing."""
    seat = _on_turn(state)
    galley = state.galley(action.galley)
    assert galley is not None
    state = ctx.put_galley(state, attrs.evolve(galley, cargo=_remove(galley.cargo, action.good)))
    state = ctx.goods_to_box(state, (action.good,))
    events.append(GoodDiscarded(seat, action.galley, action.good))
    return state


def apply_discard_sailor(
    ctx: Ctx, state: ClassicState, action: DiscardSailor, events: Events
) -> ClassicState:
    """C-DISC-2, X-C-46: the sailor goes back to the box and earns nothing."""
    seat = _on_turn(state)
    galley = state.galley(action.galley)
    assert galley is not None
    state = ctx.put_galley(state, attrs.evolve(galley, sailors=galley.sailors - 1))
    state = ctx.sailors_to_box(state, 1)
    events.append(SailorDismissed(seat, action.galley))
    return state


# --- steps: negotiation -------------------------------------------------------------


def _deal(state: ClassicState) -> tuple[Negotiating, Deal]:
    phase = state.phase
    assert isinstance(phase, Negotiating)
    return phase, phase.deal


def _set_deal(state: ClassicState, phase: Negotiating, deal: Deal) -> ClassicState:
    return attrs.evolve(state, phase=attrs.evolve(phase, deal=deal), to_act=deal_actor(deal))


def apply_offer(ctx: Ctx, state: ClassicState, action: Offer, events: Events) -> ClassicState:
    """C-BUY-6 step 1: the seller names a price per piece; the buyer answers."""
    phase, deal = _deal(state)
    events.append(PriceNamed(deal.seller, action.price, False))
    return _set_deal(state, phase, attrs.evolve(deal, offer=action.price, stage="answer"))


def apply_counter(ctx: Ctx, state: ClassicState, action: Counter, events: Events) -> ClassicState:
    """C-BUY-6 step 2: the buyer's one counter-offer; the seller answers."""
    phase, deal = _deal(state)
    events.append(PriceNamed(deal.buyer, action.price, True))
    return _set_deal(state, phase, attrs.evolve(deal, counter=action.price, stage="counter"))


def apply_accept(ctx: Ctx, state: ClassicState, action: Accept, events: Events) -> ClassicState:
    """C-BUY-6: the deal is made at the price on the table (the counter-offer if accepted)."""
    phase, deal = _deal(state)
    price = deal.counter if deal.stage == "counter" else deal.offer
    if deal.kind == "barter":
        state = _swap(ctx, state, deal)
        price = 0
    else:
        assert price is not None
        state = ctx.transfer(state, deal.buyer, deal.seller, price * deal.quantity)
        deliver = _deliver if deal.kind == "port" else _hand_over
        state = deliver(ctx, state, deal)
    events.append(DealClosed(deal.seller, deal.buyer, deal.good, deal.quantity, price))
    if deal.kind == "port":
        events.append(
            GoodBought(deal.buyer, deal.port, deal.good, deal.quantity, price, deal.seller)
        )
    return _with_turn(state, phase.turn)


def _deliver(ctx: Ctx, state: ClassicState, deal: Deal) -> ClassicState:
    """C-BUY-7, X-C-42: pieces from the box onto the buyer's galleys there, lowest number first."""
    area = ctx.board.port(deal.port).area
    state = attrs.evolve(
        state, supply=_bump(state.supply, ctx.good_index[deal.good], -deal.quantity)
    )
    left = deal.quantity
    for galley in ctx.galleys_in(state, area):
        if left == 0:
            break
        if galley.owner != deal.buyer:
            continue
        count = min(left, ctx.free_cargo(galley))
        if count:
            state = ctx.put_galley(
                state, attrs.evolve(galley, cargo=_add(galley.cargo, deal.good, count))
            )
            left -= count
    assert left == 0, "a port deal is asked only for pieces the buyer has room for"
    return state


def _hand_over(ctx: Ctx, state: ClassicState, deal: Deal) -> ClassicState:
    """C-TRADE-2: the piece moves from the seller's galley to the buyer's."""
    source = state.galley(deal.seller_galley)
    target = state.galley(deal.buyer_galley)
    assert source is not None
    assert target is not None
    state = ctx.put_galley(state, attrs.evolve(source, cargo=_remove(source.cargo, deal.good)))
    return ctx.put_galley(state, attrs.evolve(target, cargo=_add(target.cargo, deal.good)))


def _swap(ctx: Ctx, state: ClassicState, deal: Deal) -> ClassicState:
    """X-C-41: the two pieces change galleys; each galley keeps its number of goods."""
    mine = state.galley(deal.seller_galley)
    theirs = state.galley(deal.buyer_galley)
    assert mine is not None
    assert theirs is not None
    mine = attrs.evolve(mine, cargo=_add(_remove(mine.cargo, deal.good), deal.barter_good))
    theirs = attrs.evolve(theirs, cargo=_add(_remove(theirs.cargo, deal.barter_good), deal.good))
    return ctx.put_galley(ctx.put_galley(state, mine), theirs)


def _fail(state: ClassicState, by: int, events: Events) -> ClassicState:
    phase, deal = _deal(state)
    events.append(DealFailed(deal.seller, deal.buyer, deal.good, by))
    return _with_turn(state, phase.turn)


def apply_refuse(ctx: Ctx, state: ClassicState, action: Refuse, events: Events) -> ClassicState:
    """C-BUY-6 step 3, C-TRADE-2: the seller refuses the counter-offer, or to trade at all."""
    phase, deal = _deal(state)
    if deal.stage == "counter":
        return _set_deal(state, phase, attrs.evolve(deal, stage="last"))
    return _fail(state, deal.seller, events)


def apply_decline(ctx: Ctx, state: ClassicState, action: Decline, events: Events) -> ClassicState:
    """C-BUY-6 step 4: the buyer walks away; nothing changes hands."""
    _, deal = _deal(state)
    return _fail(state, deal.buyer, events)


# --- explanations -------------------------------------------------------------------


def _port_named(ctx: Ctx, port: str, rule: str) -> Reason:
    if not ctx.board.has_port(port):
        return rule, f"there is no port called {port!r}"
    return None


def _yours(
    ctx: Ctx, state: ClassicState, seat: int, number: int, rule: str
) -> tuple[Galley | None, Reason]:
    galley = ctx.own_galley(state, number, seat)
    if galley is None:
        return None, (rule, f"galley {number} is not one of your galleys")
    return galley, None


def _purse(state: ClassicState, seat: int, cost: int, rule: str, what: str) -> Reason:
    if state.ducats[seat] < cost:
        return rule, f"{what} costs {cost} ducats and you have {state.ducats[seat]}"
    return None


def _cargo_room(ctx: Ctx, galley: Galley, rule: str) -> Reason:
    if ctx.free_cargo(galley) < 1:
        spec = ctx.params.galley
        return rule, (
            f"galley {galley.id} has no room for more goods "
            f"(at most {spec.spaces} pieces with at least one sailor, C-ORG-2)"
        )
    return None


def _why_buy(ctx: Ctx, state: ClassicState, action: Buy) -> Reason:
    seat = _on_turn(state)
    if (r := _port_named(ctx, action.port, "C-BUY-1")) is not None:
        return r
    galley, r = _yours(ctx, state, seat, action.galley, "C-BUY-1")
    if galley is None:
        return r
    spec, port = ctx.board.port(action.port), ctx.port(state, action.port)
    if spec.area != galley.area:
        return "C-BUY-1", f"galley {galley.id} is not at {spec.id}"
    if port.owner is not None and port.owner != seat:
        return "C-BUY-4", f"{spec.id} belongs to seat {port.owner}: ask its owner for a price"
    if _in_box(ctx, state, spec.good) < 1:
        return "C-BUY-8", f"no {spec.good} is left in the box"
    if (r := _cargo_room(ctx, galley, "C-BUY-7")) is not None:
        return r
    return _purse(state, seat, ctx.params.costs.cube, "C-BUY-3", "a piece")


def _why_ask(ctx: Ctx, state: ClassicState, action: Ask) -> Reason:
    seat = _on_turn(state)
    if (r := _port_named(ctx, action.port, "C-BUY-1")) is not None:
        return r
    index = ctx.board.port_index(action.port)
    spec, port = ctx.board.ports[index], state.ports[index]
    if port.owner is None or port.owner == seat:
        whose = "neutral" if port.owner is None else "yours"
        return "C-BUY-3", f"{spec.id} is {whose}: buy there at the fixed price"
    if not any(g.owner == seat for g in ctx.galleys_in(state, spec.area)):
        return "C-BUY-1", f"you have no galley at {spec.id}"
    if f"port:{spec.id}" in _turn(state).talks:
        return "C-BUY-6", f"you have already negotiated at {spec.id} this turn"
    if action.quantity < 1:
        return "C-BUY-6", "ask for at least one piece"
    room = _ask_room(ctx, state, seat, spec.area)
    if action.quantity > room:
        return "C-BUY-7", f"your galleys at {spec.id} have room for {room} more piece(s)"
    stock = _in_box(ctx, state, spec.good)
    if action.quantity > stock:
        left = f"only {stock} {spec.good} piece(s) are" if stock else f"no {spec.good} is"
        return "C-BUY-8", f"{left} left in the box"
    lowest = max(ctx.params.prices.port_min, state.options.money_unit)
    return (
        "C-BUY-4",
        f"even at {lowest} a piece you cannot pay for {action.quantity} piece(s)",
    )


def _why_build_galley(ctx: Ctx, state: ClassicState, action: BuildGalley) -> Reason:
    seat = _on_turn(state)
    if (r := _port_named(ctx, action.port, "C-BUILD-1")) is not None:
        return r
    index = ctx.board.port_index(action.port)
    spec, port = ctx.board.ports[index], state.ports[index]
    params, costs = ctx.params, ctx.params.costs
    if port.owner != seat:
        return "C-BUILD-1", f"you can build only at ports you control, not at {spec.id}"
    if not _builds_left(ctx, state, spec.id):
        return "C-BUILD-2", f"{spec.id} has already had its build this round"
    if not has_goods(params.builds.galley_requires, spec.good, port.warehouse):
        needs = " and ".join(params.builds.galley_requires)
        return "C-BUILD-3", f"a galley needs {needs}, produced at {spec.id} or in its warehouse"
    if len(state.galleys) >= params.components.galleys:
        return "C-COMP-1", f"all {params.components.galleys} galleys are in play"
    if action.crew not in ("hire", "garrison"):
        return "C-BUILD-5", "the new galley's crew is either hired or taken from the garrison"
    if action.crew == "garrison":
        if port.garrison < 1:
            return "C-BUILD-5", f"{spec.id} has no garrison sailor to crew the galley"
        return _purse(state, seat, costs.galley, "C-BUILD-1", "a galley")
    if (r := _why_no_recruit(ctx, state, index)) is not None:
        return r
    return _purse(
        state, seat, costs.galley + costs.recruit, "C-BUILD-1", "a galley with a hired sailor"
    )


def _why_no_recruit(ctx: Ctx, state: ClassicState, index: int) -> Reason:
    allowance = hire_allowance(ctx, state, index)
    name = ctx.board.ports[index].id
    if allowance is not None and state.hired[index] >= allowance:
        return "C-HIRE-2", (
            f"{name} can recruit {allowance} sailor(s) this round, one per good in its "
            f"warehouse, and {state.hired[index]} have been hired"
        )
    if state.sailors_box is not None and state.sailors_box < 1:
        return "C-COMP-4", "no sailors are left in the box"
    return None


def _why_build_fort(ctx: Ctx, state: ClassicState, action: BuildFort) -> Reason:
    seat = _on_turn(state)
    if (r := _port_named(ctx, action.port, "C-BUILD-1")) is not None:
        return r
    spec, port = ctx.board.port(action.port), ctx.port(state, action.port)
    requires = ctx.params.builds.fort_requires
    if port.owner != seat:
        return "C-BUILD-1", f"you can build only at ports you control, not at {spec.id}"
    if not _builds_left(ctx, state, spec.id):
        return "C-BUILD-2", f"{spec.id} has already had its build this round"
    if not has_goods(requires, spec.good, port.warehouse):
        needs = " and ".join(requires)
        return "C-BUILD-4", f"a fortress needs {needs}, produced at {spec.id} or in its warehouse"
    most = state.options.max_forts_per_port
    if port.forts >= most:
        return "C-BUILD-4", f"{spec.id} already has {port.forts} fortress(es), the most allowed"
    if state.forts_box < 1:
        return "C-COMP-2", "no fortresses are left in the box"
    return _purse(state, seat, ctx.params.costs.fort, "C-BUILD-1", "a fortress")


def _why_hire(ctx: Ctx, state: ClassicState, action: Hire) -> Reason:
    seat = _on_turn(state)
    if (r := _port_named(ctx, action.port, "C-HIRE-1")) is not None:
        return r
    index = ctx.board.port_index(action.port)
    spec, port = ctx.board.ports[index], state.ports[index]
    if port.owner != seat:
        return "C-HIRE-1", f"sailors are hired only at ports you control, not at {spec.id}"
    if (r := _why_no_recruit(ctx, state, index)) is not None:
        return r
    if action.galley == 0:
        if not _garrison_takes(ctx, state, index):
            return "C-HIRE-3", (
                f"the garrison of {spec.id} is full (at most {spec.warehouse} sailors, "
                "option classic_garrison_cap)"
            )
    else:
        galley, r = _yours(ctx, state, seat, action.galley, "C-HIRE-3")
        if galley is None:
            return r
        if galley.area != spec.area:
            return "C-HIRE-3", f"galley {galley.id} is not at {spec.id}"
        if not ctx.room(galley)[0]:
            return "C-ORG-2", f"galley {galley.id} has no room for another sailor"
    return _purse(state, seat, ctx.params.costs.recruit, "C-HIRE-1", "a sailor")


def _end(ctx: Ctx, state: ClassicState, seat: int, end: str) -> tuple[str | None, Reason]:
    """The sea area of a transfer's end (a galley number or a port id), or why it is no end."""
    if end.isdigit():
        galley = ctx.own_galley(state, int(end), seat)
        if galley is None:
            return None, ("C-ORG-1", f"galley {end} is not one of your galleys")
        return galley.area, None
    if not ctx.board.has_port(end):
        return None, ("C-ORG-1", f"there is no port or galley called {end!r}")
    if ctx.port(state, end).owner != seat:
        return None, ("C-ORG-1", f"sailors move into or out of ports you control, not {end}")
    return ctx.board.port(end).area, None


def _why_shift_sailor(ctx: Ctx, state: ClassicState, action: ShiftSailor) -> Reason:
    seat = _on_turn(state)
    source, target = action.source, action.target
    if source == target:
        return "C-ORG-1", "a sailor must move somewhere else"
    source_area, r = _end(ctx, state, seat, source)
    if source_area is None:
        return r
    target_area, r = _end(ctx, state, seat, target)
    if target_area is None:
        return r
    if not source.isdigit() and not target.isdigit():
        return "C-ORG-1", "sailors move between a port and a galley, not between two ports"
    if source_area != target_area:
        return "C-ORG-1", "sailors move only within one sea area"
    if not source.isdigit() and ctx.port(state, source).garrison < 1:
        return "C-ORG-1", f"{source} has no garrison sailor to send"
    if target.isdigit():
        galley = state.galley(int(target))
        assert galley is not None
        if not ctx.room(galley)[0]:
            return "C-ORG-2", f"galley {target} has no room for another sailor"
    elif not _garrison_takes(ctx, state, ctx.board.port_index(target)):
        return "C-ORG-1", (
            f"the garrison of {target} is full (at most "
            f"{ctx.board.port(target).warehouse} sailors, option classic_garrison_cap)"
        )
    return "C-ORG-1", "that would send a sailor back where one came from earlier this turn"


def _why_shift_good(ctx: Ctx, state: ClassicState, action: ShiftGood) -> Reason:
    seat = _on_turn(state)
    if action.source == action.target:
        return "C-ORG-1", "goods must move to another galley"
    source, r = _yours(ctx, state, seat, action.source, "C-ORG-1")
    if source is None:
        return r
    target, r = _yours(ctx, state, seat, action.target, "C-ORG-1")
    if target is None:
        return r
    if source.area != target.area:
        return "C-ORG-1", "goods move only between galleys in the same sea area"
    if action.good not in source.cargo:
        return "C-ORG-1", f"galley {source.id} carries no {action.good}"
    if (r := _cargo_room(ctx, target, "C-ORG-2")) is not None:
        return r
    return "C-ORG-1", "that would send goods back where they came from earlier this turn"


def _why_discard_good(ctx: Ctx, state: ClassicState, action: DiscardGood) -> Reason:
    seat = _on_turn(state)
    galley, r = _yours(ctx, state, seat, action.galley, "C-DISC-1")
    if galley is None:
        return r
    if not _has_port(ctx, galley.area):
        return (
            "X-C-40",
            "nothing can be thrown back in the box on the high seas, away from any port",
        )
    return "C-DISC-1", f"galley {galley.id} carries no {action.good}"


def _why_discard_sailor(ctx: Ctx, state: ClassicState, action: DiscardSailor) -> Reason:
    seat = _on_turn(state)
    galley, r = _yours(ctx, state, seat, action.galley, "C-DISC-2")
    if galley is None:
        return r
    if galley.sailors < 2:
        return "C-DISC-2", f"galley {galley.id} must keep at least one sailor aboard"
    return _dismissal_port(ctx, state, seat, galley.area)


def _why_pair(ctx: Ctx, state: ClassicState, mine: int, theirs: int) -> Reason:
    seat = _on_turn(state)
    own, r = _yours(ctx, state, seat, mine, "C-TRADE-1")
    if own is None:
        return r
    other = state.galley(theirs)
    if other is None:
        return "C-TRADE-1", f"there is no galley {theirs}"
    if other.owner == seat:
        return "C-ORG-1", f"galley {theirs} is yours: move goods between your galleys instead"
    if own.area != other.area:
        return "C-TRADE-1", f"galleys {mine} and {theirs} are not in the same sea area"
    if not _has_port(ctx, own.area):
        return "C-TRADE-1", f"no trading on the high seas ({own.area})"
    return None


def _why_trade_buy(ctx: Ctx, state: ClassicState, action: TradeBuy) -> Reason:
    if (r := _why_pair(ctx, state, action.into, action.galley)) is not None:
        return r
    pair = _trading_pair(ctx, state, _on_turn(state), action.into, action.galley)
    assert pair is not None
    mine, theirs = pair
    if action.good not in theirs.cargo:
        return "C-TRADE-1", f"galley {theirs.id} carries no {action.good}"
    if (r := _cargo_room(ctx, mine, "C-TRADE-2")) is not None:
        return r
    if _trade_key(theirs.id, mine.id, action.good) in _turn(state).talks:
        return "C-TRADE-2", f"you have already negotiated over that {action.good} this turn"
    return "C-TRADE-2", "you cannot pay even the lowest price"


def _why_trade_sell(ctx: Ctx, state: ClassicState, action: TradeSell) -> Reason:
    if (r := _why_pair(ctx, state, action.galley, action.to)) is not None:
        return r
    pair = _trading_pair(ctx, state, _on_turn(state), action.galley, action.to)
    assert pair is not None
    mine, theirs = pair
    if action.good not in mine.cargo:
        return "C-TRADE-1", f"galley {mine.id} carries no {action.good}"
    if (r := _cargo_room(ctx, theirs, "C-TRADE-2")) is not None:
        return r
    if _trade_key(mine.id, theirs.id, action.good) in _turn(state).talks:
        return "C-TRADE-2", f"you have already negotiated over that {action.good} this turn"
    unit, top = state.options.money_unit, ctx.params.prices.trade_max
    return "C-TRADE-2", f"trade prices run from {unit} to {top} ducats in steps of {unit}"


def _why_barter(ctx: Ctx, state: ClassicState, action: Barter) -> Reason:
    if not state.options.allow_barter:
        return "C-TRADE-2", "goods are traded for ducats only (option allow_barter is off)"
    if (r := _why_pair(ctx, state, action.galley, action.other)) is not None:
        return r
    pair = _trading_pair(ctx, state, _on_turn(state), action.galley, action.other)
    assert pair is not None
    mine, theirs = pair
    if action.good not in mine.cargo:
        return "C-TRADE-1", f"galley {mine.id} carries no {action.good}"
    if action.wanted not in theirs.cargo:
        return "C-TRADE-1", f"galley {theirs.id} carries no {action.wanted}"
    if action.good == action.wanted:
        return "C-TRADE-2", "a barter exchanges two different goods"
    return "C-TRADE-2", "you have already proposed that exchange this turn"


def _sequence(deal: Deal) -> str:
    return "C-TRADE-2" if deal.kind != "port" else "C-BUY-6"


def _why_offer(ctx: Ctx, state: ClassicState, action: Offer) -> Reason:
    _, deal = _deal(state)
    if deal.stage != "offer":
        return _sequence(deal), "the price has already been named"
    low, high = price_range(ctx, state, deal)
    unit = state.options.money_unit
    if deal.kind != "port":
        return "C-TRADE-2", f"trade prices run from {unit} to {high} ducats in steps of {unit}"
    if action.price % unit:
        return "C-BUY-4", f"prices are named in steps of {unit} ducats"
    if action.price < low:
        return "C-BUY-4", f"the price per piece is at least {low} ducats"
    prices = ctx.params.prices
    if high < prices.monopoly_max:
        return "C-BUY-4", (
            f"the price per piece is at most {high} ducats; only the owner of every "
            f"{deal.good} port may ask up to {prices.monopoly_max}"
        )
    return "C-BUY-5", f"even with a monopoly the price per piece is at most {high} ducats"


def _why_counter(ctx: Ctx, state: ClassicState, action: Counter) -> Reason:
    _, deal = _deal(state)
    rule = _sequence(deal)
    if deal.kind == "barter":
        return "C-TRADE-2", "an exchange of goods is accepted or declined, not haggled over"
    if deal.stage == "offer":
        return rule, "the seller names a price first"
    if deal.stage != "answer":
        return rule, "only one counter-offer is allowed in a deal"
    assert deal.offer is not None
    unit = state.options.money_unit
    if action.price >= deal.offer:
        return rule, f"a counter-offer must be below the price asked ({deal.offer})"
    if action.price % unit:
        return rule, f"prices are named in steps of {unit} ducats"
    floor = _counter_floor(ctx, state, deal)
    if action.price < floor:
        extra = " (option counter_offer_in_range)" if floor > unit else ""
        return ("C-BUY-4" if deal.kind == "port" else rule), (
            f"a counter-offer must be at least {floor} ducats{extra}"
        )
    total = action.price * deal.quantity
    return rule, f"you cannot pay {total} ducats (you have {state.ducats[deal.buyer]})"


def _why_accept(ctx: Ctx, state: ClassicState, action: Accept) -> Reason:
    _, deal = _deal(state)
    rule = _sequence(deal)
    if deal.stage == "offer":
        return rule, "no price has been named yet"
    assert deal.offer is not None
    total = deal.offer * deal.quantity
    return rule, f"you cannot pay {total} ducats (you have {state.ducats[deal.buyer]})"


def _why_refuse(ctx: Ctx, state: ClassicState, action: Refuse) -> Reason:
    _, deal = _deal(state)
    if deal.stage == "offer":
        return "C-BUY-2", "an owner cannot refuse to sell at his port: he must name a price"
    if deal.kind == "barter":
        return "C-TRADE-2", "an exchange of goods is accepted or declined"
    return _sequence(deal), "the buyer accepts, makes a counter-offer or declines"


def _why_decline(ctx: Ctx, state: ClassicState, action: Decline) -> Reason:
    _, deal = _deal(state)
    if deal.stage == "offer":
        return _sequence(deal), f"seat {deal.seller} is to name a price"
    return _sequence(deal), f"seat {deal.seller} is to accept or refuse the counter-offer"


_TURN_CHECKS: dict[type[Action], Callable[[Ctx, ClassicState, Any], Reason]] = {
    Buy: _why_buy,
    Ask: _why_ask,
    BuildGalley: _why_build_galley,
    BuildFort: _why_build_fort,
    Hire: _why_hire,
    ShiftSailor: _why_shift_sailor,
    ShiftGood: _why_shift_good,
    DiscardGood: _why_discard_good,
    DiscardSailor: _why_discard_sailor,
    TradeBuy: _why_trade_buy,
    TradeSell: _why_trade_sell,
    Barter: _why_barter,
}

_DEAL_CHECKS: dict[type[Action], Callable[[Ctx, ClassicState, Any], Reason]] = {
    Offer: _why_offer,
    Counter: _why_counter,
    Accept: _why_accept,
    Refuse: _why_refuse,
    Decline: _why_decline,
}


def explain_purchase(ctx: Ctx, state: ClassicState, action: Action) -> Reason:
    """The rule and a sentence saying why a refused phase-2 action is not allowed.

    Returns ``None`` when nothing more specific than "not one of the choices
    now" can be said.
    """
    if isinstance(state.phase, Negotiating):
        check = _DEAL_CHECKS.get(type(action))
    elif isinstance(state.phase, Purchasing):
        check = _TURN_CHECKS.get(type(action))
    else:
        return None
    return check(ctx, state, action) if check is not None else None
