"""Classic deals in phase 2, step by step: opening a deal, naming prices, concluding it.

A request for a price at another player's port, a trade or a barter opens
a deal (C-BUY-6, C-TRADE-2, X-C-41); the seller names a price, the buyer
accepts, counters or declines, the seller accepts the counter-offer or
refuses, and the buyer takes the first price or leaves. An accepted deal
moves the ducats and the goods; then the phase-2 turn goes on. What may be
asked and offered is decided in :mod:`.negotiation`.
"""

from __future__ import annotations

from serenissima.engine.rule_index import rule
from serenissima.engine.values import replacer

from ..common import Refuse
from ..context import Ctx
from ..helpers import Events, bump, replace_state, transferred, with_galley
from ..phases import Deal, Negotiating, Purchasing
from ..state import ClassicState, Galley
from .actions import Accept, Ask, Barter, Counter, Decline, Offer, TradeBuy, TradeSell
from .events import DealClosed, DealFailed, DealOpened, GoodBought, PriceNamed
from .negotiation import barter_key, current_deal, deal_actor, trade_key
from .turn import add_cargo, current_turn, on_turn, remove_cargo

__all__ = [
    "apply_accept",
    "apply_ask",
    "apply_barter",
    "apply_counter",
    "apply_decline",
    "apply_offer",
    "apply_refuse",
    "apply_trade_buy",
    "apply_trade_sell",
]


# --- steps: opening a deal --------------------------------------------------------

replace_deal = replacer(Deal)


def _with_turn(state: ClassicState, turn: Purchasing, **changes: object) -> ClassicState:
    return replace_state(state, phase=turn, to_act=state.order[turn.index], **changes)


def _open(
    state: ClassicState, turn: Purchasing, key: str, deal: Deal, events: Events
) -> ClassicState:
    turn = Purchasing(turn.index, turn.flows, (*turn.talks, key))
    events.append(DealOpened(deal.kind, deal.seller, deal.buyer, deal.good, deal.quantity))
    if deal.offer is not None:
        events.append(PriceNamed(deal.seller, deal.offer, False))
    return replace_state(state, phase=Negotiating(turn, deal), to_act=deal_actor(deal))


@rule("C-BUY-6", "X-C-21")
def apply_ask(ctx: Ctx, state: ClassicState, action: Ask, events: Events) -> ClassicState:
    """C-BUY-6, X-C-21: the port's owner is asked a price per piece for ``quantity`` pieces."""
    seat = on_turn(state)
    spec = ctx.board.port(action.port)
    owner = ctx.port(state, action.port).owner
    assert owner is not None
    deal = Deal("port", owner, seat, spec.good, action.quantity, "offer", port=spec.id)
    return _open(state, current_turn(state), f"port:{spec.id}", deal, events)


@rule("C-TRADE-1", "C-TRADE-2")
def apply_trade_buy(
    ctx: Ctx, state: ClassicState, action: TradeBuy, events: Events
) -> ClassicState:
    """C-TRADE-1, C-TRADE-2: the owner of the other galley is asked a price for one piece."""
    seat = on_turn(state)
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
    key = trade_key(action.galley, action.into, action.good)
    return _open(state, current_turn(state), key, deal, events)


@rule("C-TRADE-1", "C-TRADE-2")
def apply_trade_sell(
    ctx: Ctx, state: ClassicState, action: TradeSell, events: Events
) -> ClassicState:
    """C-TRADE-1, C-TRADE-2: one piece is offered to the other galley's owner at a price."""
    seat = on_turn(state)
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
    key = trade_key(action.galley, action.to, action.good)
    return _open(state, current_turn(state), key, deal, events)


def apply_barter(ctx: Ctx, state: ClassicState, action: Barter, events: Events) -> ClassicState:
    """X-C-41 (option ``allow_barter``): one good offered for one of the other galley's.

    The proposer is the deal's seller of ``good``; the other galley's owner
    pays with ``wanted`` and accepts or declines.
    """
    seat = on_turn(state)
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
    key = barter_key(action.galley, action.other, action.good, action.wanted)
    return _open(state, current_turn(state), key, deal, events)


# --- steps: negotiation -------------------------------------------------------------


def _set_deal(state: ClassicState, phase: Negotiating, deal: Deal) -> ClassicState:
    return replace_state(state, phase=Negotiating(phase.turn, deal), to_act=deal_actor(deal))


def apply_offer(ctx: Ctx, state: ClassicState, action: Offer, events: Events) -> ClassicState:
    """C-BUY-6 step 1: the seller names a price per piece; the buyer answers."""
    phase, deal = current_deal(state)
    events.append(PriceNamed(deal.seller, action.price, False))
    return _set_deal(state, phase, replace_deal(deal, offer=action.price, stage="answer"))


def apply_counter(ctx: Ctx, state: ClassicState, action: Counter, events: Events) -> ClassicState:
    """C-BUY-6 step 2: the buyer's one counter-offer; the seller answers."""
    phase, deal = current_deal(state)
    events.append(PriceNamed(deal.buyer, action.price, True))
    return _set_deal(state, phase, replace_deal(deal, counter=action.price, stage="counter"))


@rule("C-BUY-6")
def apply_accept(ctx: Ctx, state: ClassicState, action: Accept, events: Events) -> ClassicState:
    """C-BUY-6: the deal is made at the price on the table (the counter-offer if accepted)."""
    phase, deal = current_deal(state)
    price = deal.counter if deal.stage == "counter" else deal.offer
    changes: dict[str, object]
    if deal.kind == "barter":
        changes = {"galleys": _swap(state, deal)}
        price = 0
    else:
        assert price is not None
        changes = {"ducats": transferred(state, deal.buyer, deal.seller, price * deal.quantity)}
        if deal.kind == "port":
            changes.update(_deliver(ctx, state, deal))
        else:
            changes["galleys"] = _hand_over(state, deal)
    events.append(DealClosed(deal.seller, deal.buyer, deal.good, deal.quantity, price))
    if deal.kind == "port":
        events.append(
            GoodBought(deal.buyer, deal.port, deal.good, deal.quantity, price, deal.seller)
        )
    return _with_turn(state, phase.turn, **changes)


@rule("C-BUY-7", "X-C-42")
def _deliver(ctx: Ctx, state: ClassicState, deal: Deal) -> dict[str, object]:
    """C-BUY-7, X-C-42: pieces from the box onto the buyer's galleys there, lowest number first."""
    area = ctx.board.port(deal.port).area
    supply = bump(state.supply, ctx.good_index[deal.good], -deal.quantity)
    galleys = state.galleys
    left = deal.quantity
    for galley in state.galleys:
        if left == 0:
            break
        if galley.area != area or galley.owner != deal.buyer:
            continue
        count = min(left, ctx.free_cargo(galley))
        if count:
            cargo = add_cargo(galley.cargo, deal.good, count)
            galleys = with_galley(
                galleys, Galley(galley.id, galley.owner, galley.area, galley.sailors, cargo)
            )
            left -= count
    assert left == 0, "a port deal is asked only for pieces the buyer has room for"
    return {"supply": supply, "galleys": galleys}


def _cargo(galley: Galley, cargo: tuple[str, ...]) -> Galley:
    return Galley(galley.id, galley.owner, galley.area, galley.sailors, cargo)


@rule("C-TRADE-2")
def _hand_over(state: ClassicState, deal: Deal) -> tuple[Galley, ...]:
    """C-TRADE-2: the piece moves from the seller's galley to the buyer's."""
    source = state.galley(deal.seller_galley)
    target = state.galley(deal.buyer_galley)
    assert source is not None
    assert target is not None
    galleys = with_galley(state.galleys, _cargo(source, remove_cargo(source.cargo, deal.good)))
    return with_galley(galleys, _cargo(target, add_cargo(target.cargo, deal.good)))


@rule("X-C-41")
def _swap(state: ClassicState, deal: Deal) -> tuple[Galley, ...]:
    """X-C-41: the two pieces change galleys; each galley keeps its number of goods."""
    mine = state.galley(deal.seller_galley)
    theirs = state.galley(deal.buyer_galley)
    assert mine is not None
    assert theirs is not None
    mine = _cargo(mine, add_cargo(remove_cargo(mine.cargo, deal.good), deal.barter_good))
    theirs = _cargo(theirs, add_cargo(remove_cargo(theirs.cargo, deal.barter_good), deal.good))
    return with_galley(with_galley(state.galleys, mine), theirs)


def _fail(state: ClassicState, by: int, events: Events) -> ClassicState:
    phase, deal = current_deal(state)
    events.append(DealFailed(deal.seller, deal.buyer, deal.good, by))
    return _with_turn(state, phase.turn)


def apply_refuse(ctx: Ctx, state: ClassicState, action: Refuse, events: Events) -> ClassicState:
    """C-BUY-6 step 3, C-TRADE-2: the seller refuses the counter-offer, or to trade at all."""
    phase, deal = current_deal(state)
    if deal.stage == "counter":
        return _set_deal(state, phase, replace_deal(deal, stage="last"))
    return _fail(state, deal.seller, events)


def apply_decline(ctx: Ctx, state: ClassicState, action: Decline, events: Events) -> ClassicState:
    """C-BUY-6 step 4: the buyer walks away; nothing changes hands."""
    _, deal = current_deal(state)
    return _fail(state, deal.buyer, events)
