"""Why a classic request for a price, trade or step of a deal is refused.

The checks here name the rule a refused :class:`~.actions.Ask`, trade or
barter breaks during a phase-2 turn, and the rule a refused step of the
deal under way breaks (C-BUY-6, C-TRADE-2); :mod:`.explain`
looks them up. Legality itself is decided by :mod:`.negotiation`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from serenissima.engine.core import Action

from ..common import Refuse
from ..context import Ctx
from ..phases import Deal
from ..state import ClassicState
from .actions import Accept, Ask, Barter, Counter, Decline, Offer, TradeBuy, TradeSell
from .negotiation import ask_room, counter_floor, current_deal, price_range, trade_key, trading_pair
from .turn import (
    Reason,
    cargo_room,
    current_turn,
    has_port,
    in_box,
    on_turn,
    port_named,
    your_galley,
)

__all__ = ["DEAL_CHECKS", "TRADE_CHECKS"]


# --- the turn: prices and trades ---------------------------------------------------


def _why_ask(ctx: Ctx, state: ClassicState, action: Ask) -> Reason:
    seat = on_turn(state)
    if (r := port_named(ctx, action.port, "C-BUY-1")) is not None:
        return r
    index = ctx.board.port_index(action.port)
    spec, port = ctx.board.ports[index], state.ports[index]
    if port.owner is None or port.owner == seat:
        whose = "neutral" if port.owner is None else "yours"
        return "C-BUY-3", f"{spec.id} is {whose}: buy there at the fixed price"
    if not any(g.owner == seat for g in ctx.galleys_in(state, spec.area)):
        return "C-BUY-1", f"you have no galley at {spec.id}"
    if f"port:{spec.id}" in current_turn(state).talks:
        return "C-BUY-6", f"you have already negotiated at {spec.id} this turn"
    if action.quantity < 1:
        return "C-BUY-6", "ask for at least one piece"
    room = ask_room(ctx, state, seat, spec.area)
    if action.quantity > room:
        return "C-BUY-7", f"your galleys at {spec.id} have room for {room} more piece(s)"
    stock = in_box(ctx, state, spec.good)
    if action.quantity > stock:
        left = f"only {stock} {spec.good} piece(s) are" if stock else f"no {spec.good} is"
        return "C-BUY-8", f"{left} left in the box"
    lowest = max(ctx.params.prices.port_min, state.options.money_unit)
    return (
        "C-BUY-4",
        f"even at {lowest} a piece you cannot pay for {action.quantity} piece(s)",
    )


def _why_pair(ctx: Ctx, state: ClassicState, mine: int, theirs: int) -> Reason:
    seat = on_turn(state)
    own, r = your_galley(ctx, state, seat, mine, "C-TRADE-1")
    if own is None:
        return r
    other = state.galley(theirs)
    if other is None:
        return "C-TRADE-1", f"there is no galley {theirs}"
    if other.owner == seat:
        return "C-ORG-1", f"galley {theirs} is yours: move goods between your galleys instead"
    if own.area != other.area:
        return "C-TRADE-1", f"galleys {mine} and {theirs} are not in the same sea area"
    if not has_port(ctx, own.area):
        return "C-TRADE-1", f"no trading on the high seas ({own.area})"
    return None


def _why_trade_buy(ctx: Ctx, state: ClassicState, action: TradeBuy) -> Reason:
    if (r := _why_pair(ctx, state, action.into, action.galley)) is not None:
        return r
    pair = trading_pair(ctx, state, on_turn(state), action.into, action.galley)
    assert pair is not None
    mine, theirs = pair
    if action.good not in theirs.cargo:
        return "C-TRADE-1", f"galley {theirs.id} carries no {action.good}"
    if (r := cargo_room(ctx, mine, "C-TRADE-2")) is not None:
        return r
    if trade_key(theirs.id, mine.id, action.good) in current_turn(state).talks:
        return "C-TRADE-2", f"you have already negotiated over that {action.good} this turn"
    return "C-TRADE-2", "you cannot pay even the lowest price"


def _why_trade_sell(ctx: Ctx, state: ClassicState, action: TradeSell) -> Reason:
    if (r := _why_pair(ctx, state, action.galley, action.to)) is not None:
        return r
    pair = trading_pair(ctx, state, on_turn(state), action.galley, action.to)
    assert pair is not None
    mine, theirs = pair
    if action.good not in mine.cargo:
        return "C-TRADE-1", f"galley {mine.id} carries no {action.good}"
    if (r := cargo_room(ctx, theirs, "C-TRADE-2")) is not None:
        return r
    if trade_key(mine.id, theirs.id, action.good) in current_turn(state).talks:
        return "C-TRADE-2", f"you have already negotiated over that {action.good} this turn"
    unit, top = state.options.money_unit, ctx.params.prices.trade_max
    return "C-TRADE-2", f"trade prices run from {unit} to {top} ducats in steps of {unit}"


def _why_barter(ctx: Ctx, state: ClassicState, action: Barter) -> Reason:
    if not state.options.allow_barter:
        return "C-TRADE-2", "goods are traded for ducats only (option allow_barter is off)"
    if (r := _why_pair(ctx, state, action.galley, action.other)) is not None:
        return r
    pair = trading_pair(ctx, state, on_turn(state), action.galley, action.other)
    assert pair is not None
    mine, theirs = pair
    if action.good not in mine.cargo:
        return "C-TRADE-1", f"galley {mine.id} carries no {action.good}"
    if action.wanted not in theirs.cargo:
        return "C-TRADE-1", f"galley {theirs.id} carries no {action.wanted}"
    if action.good == action.wanted:
        return "C-TRADE-2", "a barter exchanges two different goods"
    return "C-TRADE-2", "you have already proposed that exchange this turn"


# --- the deal -------------------------------------------------------------------


def _sequence(deal: Deal) -> str:
    return "C-TRADE-2" if deal.kind != "port" else "C-BUY-6"


def _why_offer(ctx: Ctx, state: ClassicState, action: Offer) -> Reason:
    _, deal = current_deal(state)
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
    _, deal = current_deal(state)
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
    floor = counter_floor(ctx, state, deal)
    if action.price < floor:
        extra = " (option counter_offer_in_range)" if floor > unit else ""
        return ("C-BUY-4" if deal.kind == "port" else rule), (
            f"a counter-offer must be at least {floor} ducats{extra}"
        )
    total = action.price * deal.quantity
    return rule, f"you cannot pay {total} ducats (you have {state.ducats[deal.buyer]})"


def _why_accept(ctx: Ctx, state: ClassicState, action: Accept) -> Reason:
    _, deal = current_deal(state)
    rule = _sequence(deal)
    if deal.stage == "offer":
        return rule, "no price has been named yet"
    assert deal.offer is not None
    total = deal.offer * deal.quantity
    return rule, f"you cannot pay {total} ducats (you have {state.ducats[deal.buyer]})"


def _why_refuse(ctx: Ctx, state: ClassicState, action: Refuse) -> Reason:
    _, deal = current_deal(state)
    if deal.stage == "offer":
        return "C-BUY-2", "an owner cannot refuse to sell at his port: he must name a price"
    if deal.kind == "barter":
        return "C-TRADE-2", "an exchange of goods is accepted or declined"
    return _sequence(deal), "the buyer accepts, makes a counter-offer or declines"


def _why_decline(ctx: Ctx, state: ClassicState, action: Decline) -> Reason:
    _, deal = current_deal(state)
    if deal.stage == "offer":
        return _sequence(deal), f"seat {deal.seller} is to name a price"
    return _sequence(deal), f"seat {deal.seller} is to accept or refuse the counter-offer"


# --- tables -------------------------------------------------------------------


TRADE_CHECKS: dict[type[Action], Callable[[Ctx, ClassicState, Any], Reason]] = {
    Ask: _why_ask,
    TradeBuy: _why_trade_buy,
    TradeSell: _why_trade_sell,
    Barter: _why_barter,
}
"""Why a request for a price or a trade is refused during a phase-2 turn."""


DEAL_CHECKS: dict[type[Action], Callable[[Ctx, ClassicState, Any], Reason]] = {
    Offer: _why_offer,
    Counter: _why_counter,
    Accept: _why_accept,
    Refuse: _why_refuse,
    Decline: _why_decline,
}
"""Why a step of the deal under way is refused (C-BUY-6, C-TRADE-2)."""
