"""A classic observation as a vector (see :mod:`serenissima.engine.encoding`).

Only the observation is read, so a seat's vector holds its own ducats and
bid, the purses every seat can reckon from the public payments, the bids
once revealed, and the public board. Amounts are scaled by bounds from the
ruleset's data (ducats by the starting purse, sailors by a galley's room,
goods by a warehouse's spaces), so most numbers fall between 0 and 1.
Galleys are written in slots, by number, as the action space names them
(see :mod:`.space`).
"""

from __future__ import annotations

import typing

from serenissima.engine.encoding import Writer

from .context import Ctx
from .observation import ClassicObservation
from .phases import Moving, Negotiating, Permission, Phase, Purchasing, Rolling, Spoils
from .space import galleys_in_slots
from .state import Galley, Port

__all__ = ["encode"]

PHASES: tuple[str, ...] = tuple(c.__name__ for c in typing.get_args(Phase))
"""The phase classes, in the order of the ``Phase`` union."""
KINDS = ("port", "trade", "barter")
"""The kinds of deal (see ``Deal``)."""
STAGES = ("offer", "answer", "counter", "last")
"""The stages of a deal."""


def encode(ctx: Ctx, seen: ClassicObservation, w: Writer) -> None:
    """Write ``seen`` into ``w``, block by block."""
    params = ctx.params
    players = range(seen.players)
    purse = params.components.starting_ducats
    goods = tuple(g.id for g in params.goods)
    areas = ctx.board.areas
    pool = params.components.galleys
    w.one_hot("seat", players, seen.seat, "the seat observing")
    w.actor("to act", seen.players, seen.to_act, "who decides next: a seat, chance or nobody")
    phase = seen.phase
    w.one_hot("phase", PHASES, type(phase).__name__, "the phase, by class")
    w.numbers("round", (seen.turn / seen.rounds,), "the round over the rounds of the game")
    nations = tuple(n.id for n in params.nations)
    for seat in players:
        w.one_hot(
            f"nation {seat}", nations, seen.nations[seat], "a seat's nation, one block per seat"
        )
    own = 0 if seen.seat is None else seen.ducats[seen.seat] or 0
    w.numbers("ducats", (own / purse,), "the seat's own ducats over the starting purse")
    w.numbers("reckoned", [d / purse for d in seen.reckoned], "each purse as payments show it")
    w.numbers(
        "bids", [(b or 0) / purse for b in seen.bids], "each bid the seat may see (0: unseen)"
    )
    w.flags("bid seen", [b is not None for b in seen.bids], "whether the seat sees each bid")
    w.flags("has bid", seen.has_bid, "whether each seat has bid this round")
    for seat in players:
        place = seen.order.index(seat) if seat in seen.order else None
        w.one_hot(
            f"order {seat}", players, place, "a seat's place in the turn order, one block per seat"
        )
    _ports(ctx, seen, w, goods)
    in_slots = galleys_in_slots(seen.galleys)
    for slot in range(pool):
        galley = in_slots[slot] if slot < len(in_slots) else None
        w.cached((galley,), _galley, ctx, slot, galley, players, areas, goods)
    supply = max(1, seen.options.goods_per_type)
    w.numbers("supply", [n / supply for n in seen.supply], "pieces of each good in the box")
    box, sailors = seen.sailors_box, params.components.sailors
    w.numbers("sailors box", (0.0 if box is None else box / sailors,), "sailors in the box")
    w.flags("sailors unlimited", (box is None,), "whether the sailors are unlimited")
    w.numbers("forts box", (seen.forts_box / params.components.forts,), "forts in the box")
    _focus(ctx, seen, w, [g.id for g in in_slots], goods)


def _galley(
    w: Writer,
    ctx: Ctx,
    slot: int,
    galley: Galley | None,
    players: range,
    areas: tuple[str, ...],
    goods: tuple[str, ...],
) -> None:
    w.flags(
        f"galley {slot}",
        (galley is not None,),
        "whether the slot holds a galley; slots in the order of the numbers",
    )
    w.one_hot(f"galley {slot} owner", players, galley and galley.owner, "its owner")
    w.one_hot(f"galley {slot} area", areas, galley and galley.area, "its sea area")
    sailors = galley.sailors / ctx.max_sailors if galley else 0.0
    w.numbers(f"galley {slot} sailors", (sailors,), "its sailors over the most aboard")
    cargo = [galley.cargo.count(g) / ctx.max_goods if galley else 0.0 for g in goods]
    w.numbers(f"galley {slot} cargo", cargo, "its pieces of each good over the most aboard")


def _ports(ctx: Ctx, seen: ClassicObservation, w: Writer, goods: tuple[str, ...]) -> None:
    owners = (*range(seen.players), None)
    built = set(seen.built)
    for index, (port_id, port) in enumerate(zip(ctx.port_ids, seen.ports, strict=True)):
        key = (port, seen.hired[index], port_id in built)
        w.cached(key, _port, ctx, index, port_id, port, key[1], key[2], owners, goods)


def _port(
    w: Writer,
    ctx: Ctx,
    index: int,
    port_id: str,
    port: Port,
    hired: int,
    built: bool,
    owners: tuple[int | None, ...],
    goods: tuple[str, ...],
) -> None:
    size = ctx.sizes[index]
    w.one_hot(f"port {port_id} owner", owners, port.owner, "its owner (last: none)")
    w.numbers(
        f"port {port_id}",
        (port.garrison / size, port.forts, len(port.warehouse) / size, hired / size),
        "garrison over size, forts, warehouse filled, sailors hired this round over size",
    )
    stored = [port.warehouse.count(g) / size for g in goods]
    w.numbers(f"port {port_id} goods", stored, "pieces of each good stored, over size")
    w.flags(f"port {port_id} built", (built,), "whether it has built this round")


def _focus(
    ctx: Ctx, seen: ClassicObservation, w: Writer, numbers: list[int], goods: tuple[str, ...]
) -> None:
    """The pieces and the deal the current decision is about."""
    phase = seen.phase
    slots = range(ctx.params.components.galleys)
    slot_of = {number: slot for slot, number in enumerate(numbers)}
    moving = phase.moving if isinstance(phase, Permission) else phase
    galley = moving.galley if isinstance(moving, Moving) else None
    w.one_hot("moving galley", slots, slot_of.get(galley or -1), "the galley on the move")
    steps = moving.steps / ctx.max_sailors if isinstance(moving, Moving) else 0.0
    w.numbers("moving steps", (steps,), "the areas it has crossed, over the most sailors")
    fight = (phase.galley, phase.target) if isinstance(phase, Rolling) else (None, None)
    if isinstance(phase, Spoils):
        fight = (phase.winner, phase.loser)
    w.one_hot("attacker", slots, slot_of.get(fight[0] or -1), "the galley attacking or winning")
    w.one_hot("defender", slots, slot_of.get(fight[1] or -1), "the galley attacked or beaten")
    deal = phase.deal if isinstance(phase, Negotiating) else None
    players = range(seen.players)
    w.one_hot("deal kind", KINDS, deal and deal.kind, "the deal under way, if any")
    w.one_hot("deal stage", STAGES, deal and deal.stage, "its stage")
    w.one_hot("deal seller", players, deal and deal.seller, "its seller")
    w.one_hot("deal buyer", players, deal and deal.buyer, "its buyer")
    w.one_hot("deal good", goods, deal and deal.good, "the good sold")
    top = ctx.params.prices.trade_max
    w.numbers(
        "deal terms",
        (
            (deal.quantity / ctx.max_goods) if deal else 0.0,
            (deal.offer or 0) / top if deal else 0.0,
            (deal.counter or 0) / top if deal else 0.0,
        ),
        "pieces over the most aboard; price and counter-offer over the trade price bound",
    )
    turn = phase.turn if isinstance(phase, Negotiating) else phase
    talks = len(turn.talks) if isinstance(turn, Purchasing) else 0
    w.numbers("talks", (talks / len(ctx.port_ids),), "negotiations held this turn, over ports")
