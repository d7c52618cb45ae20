"""Classic deals in phase 2: who may ask whom for what, and the prices that may be named.

Buying at another player's port and trading between galleys follow a fixed
negotiation: the seller names a price per piece, the buyer accepts, makes
one counter-offer or walks away, the seller accepts the counter-offer or
refuses, and the buyer then takes the first price or leaves (C-BUY-6).
With option ``allow_barter`` one good may also be offered for another
(X-C-41). Each negotiation, keyed by port or by galley pair and good, is
held at most once per turn, so the phase-2 turn always ends.

This module holds the legal actions of deals (asking a port for a price,
offering trades, the steps of the negotiation under way) and what they
read; the steps that open and conclude deals are in :mod:`.deals`.
"""

from __future__ import annotations

from serenissima.engine.core import Action
from serenissima.engine.rule_index import rule

from ..common import Refuse
from ..context import Ctx
from ..phases import Deal, Negotiating
from ..state import ClassicState, Galley
from .actions import Accept, Ask, Barter, Counter, Decline, Offer, TradeBuy, TradeSell
from .turn import has_port, in_box, price_steps

__all__ = [
    "ask_actions",
    "ask_room",
    "barter_key",
    "counter_floor",
    "current_deal",
    "deal_actor",
    "negotiation_actions",
    "price_range",
    "trade_actions",
    "trade_key",
    "trading_pair",
]


# --- small readers ------------------------------------------------------------


def trading_pair(
    ctx: Ctx, state: ClassicState, seat: int, mine: int, theirs: int
) -> tuple[Galley, Galley] | None:
    """``seat``'s galley ``mine`` and another player's ``theirs``, together off a coast."""
    own = ctx.own_galley(state, mine, seat)
    other = state.galley(theirs)
    if own is None or other is None or other.owner == seat:
        return None
    if own.area != other.area or not has_port(ctx, own.area):
        return None
    return own, other


def trade_key(seller_galley: int, buyer_galley: int, good: str) -> str:
    """The key a trade of ``good`` between two galleys is recorded under for the turn."""
    return f"trade:{seller_galley}>{buyer_galley}:{good}"


def barter_key(galley: int, other: int, good: str, wanted: str) -> str:
    """The key a barter of ``good`` for ``wanted`` is recorded under for the turn (X-C-41)."""
    return f"barter:{galley}>{other}:{good}/{wanted}"


def ask_room(ctx: Ctx, state: ClassicState, seat: int, area: str) -> int:
    """Goods ``seat``'s galleys in ``area`` can still take (C-BUY-7, X-C-42)."""
    return sum(ctx.free_cargo(g) for g in ctx.galleys_in(state, area) if g.owner == seat)


def _ask_limit(ctx: Ctx, state: ClassicState, seat: int, port_index: int) -> int:
    """The most pieces ``seat`` may ask a price for at port ``port_index``.

    Bounded by the room on his galleys there (C-BUY-7), the pieces in the box
    (C-BUY-8) and what he could pay at the lowest price (C-BUY-4).
    """
    spec = ctx.board.ports[port_index]
    room = ask_room(ctx, state, seat, spec.area)
    lowest = max(ctx.params.prices.port_min, state.options.money_unit)
    return min(room, in_box(ctx, state, spec.good), state.ducats[seat] // lowest)


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


def counter_floor(ctx: Ctx, state: ClassicState, deal: Deal) -> int:
    """The lowest counter-offer: the range's bottom, or one coin (X-C-21 (ii))."""
    if state.options.counter_offer_in_range:
        return price_range(ctx, state, deal)[0]
    return state.options.money_unit


def _offers(ctx: Ctx, state: ClassicState, deal: Deal) -> range:
    low, high = price_range(ctx, state, deal)
    return price_steps(low, high, state.options.money_unit)


def _counters(ctx: Ctx, state: ClassicState, deal: Deal) -> list[int]:
    assert deal.offer is not None
    unit = state.options.money_unit
    purse = state.ducats[deal.buyer]
    floor = counter_floor(ctx, state, deal)
    return [p for p in price_steps(floor, deal.offer - 1, unit) if p * deal.quantity <= purse]


def deal_actor(deal: Deal) -> int:
    """Who decides next in a deal: the seller names or answers a counter-offer, else the buyer."""
    return deal.seller if deal.stage in ("offer", "counter") else deal.buyer


def _affordable(state: ClassicState, deal: Deal, price: int | None) -> bool:
    return price is not None and price * deal.quantity <= state.ducats[deal.buyer]


# --- legal actions --------------------------------------------------------------


@rule("C-BUY-4", "C-BUY-6", "X-C-21")
def ask_actions(
    ctx: Ctx,
    state: ClassicState,
    seat: int,
    talks: tuple[str, ...],
    mine: list[Galley],
    holders: dict[str, set[int]],
    out: list[Action],
) -> None:
    """C-BUY-4, C-BUY-6, X-C-21: ask another player's port for a price, once per turn.

    ``mine`` are ``seat``'s galleys, ``holders`` the seats holding ports in
    each sea area (:attr:`.Holdings.holders`). As many pieces as
    :func:`_ask_limit` allows.
    """
    room: dict[str, int] = {}  # ask_room of the sea areas with another player's port
    for galley in mine:
        held = holders.get(galley.area)
        if held is not None and (len(held) > 1 or seat not in held):
            free = ctx.free_cargo(galley)
            if free:
                room[galley.area] = room.get(galley.area, 0) + free
    if not room:
        return
    lowest = max(ctx.params.prices.port_min, state.options.money_unit)
    purse = state.ducats[seat] // lowest
    if purse < 1:
        return
    ports, port_ids = state.ports, ctx.port_ids
    near = [
        index
        for area in room
        for index in ctx.area_ports[area]
        if ports[index].owner is not None and ports[index].owner != seat
    ]
    if len(room) > 1:
        near.sort()  # in board order
    supply, port_supply, port_areas = state.supply, ctx.port_supply, ctx.port_areas
    for index in near:
        limit = min(room[port_areas[index]], supply[port_supply[index]], purse)
        if limit < 1 or (talks and f"port:{port_ids[index]}" in talks):
            continue
        key = ("ask", index, limit)
        asks = ctx.memo.get(key)
        if asks is None:
            asks = ctx.memo[key] = tuple(Ask(port_ids[index], q) for q in range(1, limit + 1))
        out.extend(asks)


def _sell_to(mine: int, good: str, theirs: int, unit: int, top: int) -> tuple[Action, ...]:
    return tuple(TradeSell(mine, good, theirs, p) for p in price_steps(unit, top, unit))


@rule("C-TRADE-1", "C-TRADE-2", "X-C-41")
def trade_actions(
    ctx: Ctx,
    state: ClassicState,
    seat: int,
    talks: tuple[str, ...],
    mine: list[Galley],
    out: list[Action],
) -> None:
    """C-TRADE-1, C-TRADE-2, X-C-41: goods for ducats (or goods) between galleys.

    ``mine`` are ``seat``'s galleys.
    """
    galleys = state.galleys
    for own in mine:
        area = own.area
        if not ctx.area_ports[area]:
            continue  # trades only off a coast (C-TRADE-1)
        for theirs in galleys:
            if theirs.area == area and theirs.owner != seat:
                _trades(ctx, state, seat, talks, own, theirs, out)


def _trades(
    ctx: Ctx,
    state: ClassicState,
    seat: int,
    talks: tuple[str, ...],
    own: Galley,
    theirs: Galley,
    out: list[Action],
) -> None:
    """The trades between ``seat``'s galley ``own`` and another player's ``theirs``."""
    unit, top = state.options.money_unit, ctx.params.prices.trade_max
    if ctx.free_cargo(own) > 0 and state.ducats[seat] >= unit:
        out.extend(
            TradeBuy(theirs.id, good, own.id)
            for good in sorted(set(theirs.cargo))
            if trade_key(theirs.id, own.id, good) not in talks
        )
    if ctx.free_cargo(theirs) > 0:
        for good in sorted(set(own.cargo)):
            if trade_key(own.id, theirs.id, good) not in talks:
                key = ("sell-to", own.id, good, theirs.id, unit, top)
                offers = ctx.memo.get(key)
                if offers is None:
                    offers = ctx.memo[key] = _sell_to(own.id, good, theirs.id, unit, top)
                out.extend(offers)
    if state.options.allow_barter:
        out.extend(
            Barter(own.id, good, theirs.id, wanted)
            for good in sorted(set(own.cargo))
            for wanted in sorted(set(theirs.cargo))
            if good != wanted and barter_key(own.id, theirs.id, good, wanted) not in talks
        )


@rule("C-BUY-6", "C-TRADE-2")
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


def current_deal(state: ClassicState) -> tuple[Negotiating, Deal]:
    """The negotiation under way and its deal."""
    phase = state.phase
    assert isinstance(phase, Negotiating)
    return phase, phase.deal
