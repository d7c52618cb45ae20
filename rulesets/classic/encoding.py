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

import functools
import typing

from serenissima.engine.encoding import Writer
from serenissima.engine.slates import Plan

from .context import Ctx
from .observation import ClassicObservation
from .phases import Deal, Moving, Negotiating, Permission, Phase, Purchasing, Rolling, Spoils
from .space import ducat_bound, galleys_in_slots
from .state import ClassicState, Galley, Port

__all__ = ["PLAN", "encode", "focus_of"]

PHASES: tuple[str, ...] = tuple(c.__name__ for c in typing.get_args(Phase))
"""The phase classes, in the order of the ``Phase`` union."""
KINDS = ("port", "trade", "barter")
"""The kinds of deal (see ``Deal``)."""
STAGES = ("offer", "answer", "counter", "last")
"""The stages of a deal."""


def encode(ctx: Ctx, seen: ClassicObservation, w: Writer) -> None:
    """Write ``seen`` into ``w``, part by part (see :data:`PLAN`).

    A writer that keeps the last vector rewrites only the parts that read a
    piece of the observation that changed.
    """
    w.plan(PLAN, seen, ctx)


@functools.lru_cache(maxsize=64)
def _purses_high(ctx: Ctx, players: int, rounds: int, unit: int) -> float:
    """The most ducats all seats can ever hold together, over the starting purse."""
    return ducat_bound(ctx, players, rounds, unit) / ctx.params.components.starting_ducats


def _seat(w: Writer, seen: ClassicObservation, ctx: Ctx) -> None:
    w.one_hot("seat", range(seen.players), seen.seat, "the seat observing")


def _actor(w: Writer, seen: ClassicObservation, ctx: Ctx) -> None:
    w.actor("to act", seen.players, seen.to_act, "who decides next: a seat, chance or nobody")


def _phase(w: Writer, seen: ClassicObservation, ctx: Ctx) -> None:
    w.one_hot("phase", PHASES, type(seen.phase).__name__, "the phase, by class")


def _ducats(w: Writer, seen: ClassicObservation, ctx: Ctx) -> None:
    own = 0 if seen.seat is None else seen.ducats[seen.seat] or 0
    purse = ctx.params.components.starting_ducats
    high = _purses_high(ctx, seen.players, seen.rounds, seen.options.money_unit)
    w.numbers("ducats", (own / purse,), "the seat's own ducats over the starting purse", high)


def _round(w: Writer, seen: ClassicObservation, ctx: Ctx) -> None:
    """The round and the nations."""
    w.numbers("round", (seen.turn / seen.rounds,), "the round over the rounds of the game")
    nations = tuple(n.id for n in ctx.params.nations)
    for seat in range(seen.players):
        w.one_hot(
            f"nation {seat}", nations, seen.nations[seat], "a seat's nation, one block per seat"
        )


def _purses(w: Writer, seen: ClassicObservation, ctx: Ctx) -> None:
    """The purses as payments show them, the bids and the turn order."""
    players = range(seen.players)
    purse = ctx.params.components.starting_ducats
    high = _purses_high(ctx, seen.players, seen.rounds, seen.options.money_unit)
    reckoned = [d / purse for d in seen.reckoned]
    w.numbers("reckoned", reckoned, "each purse as payments show it", high)
    bids = [(b or 0) / purse for b in seen.bids]
    w.numbers("bids", bids, "each bid the seat may see (0: unseen)", high)
    w.flags("bid seen", [b is not None for b in seen.bids], "whether the seat sees each bid")
    w.flags("has bid", seen.has_bid, "whether each seat has bid this round")
    for seat in players:
        place = seen.order.index(seat) if seat in seen.order else None
        w.one_hot(
            f"order {seat}", players, place, "a seat's place in the turn order, one block per seat"
        )


def _galleys(w: Writer, seen: ClassicObservation, ctx: Ctx) -> None:
    """The galleys in play, one part per slot."""
    players = range(seen.players)
    goods = ctx.goods
    areas = ctx.board.areas
    in_slots: list[Galley | None] = list(galleys_in_slots(seen.galleys))
    in_slots += [None] * (ctx.params.components.galleys - len(in_slots))
    w.each(in_slots, _galley, ctx, in_slots, players, areas, goods)


def _box(w: Writer, seen: ClassicObservation, ctx: Ctx) -> None:
    """What is left in the box."""
    params = ctx.params
    supply = max(1, seen.options.goods_per_type)
    w.numbers("supply", [n / supply for n in seen.supply], "pieces of each good in the box")
    box, sailors = seen.sailors_box, params.components.sailors
    w.numbers("sailors box", (0.0 if box is None else box / sailors,), "sailors in the box")
    w.flags("sailors unlimited", (box is None,), "whether the sailors are unlimited")
    w.numbers("forts box", (seen.forts_box / params.components.forts,), "forts in the box")


def _galley(
    w: Writer,
    slot: int,
    ctx: Ctx,
    in_slots: list[Galley | None],
    players: range,
    areas: tuple[str, ...],
    goods: tuple[str, ...],
) -> None:
    galley = in_slots[slot]
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


def _ports(w: Writer, seen: ClassicObservation, ctx: Ctx) -> None:
    """The ports, one part per port."""
    goods = ctx.goods
    owners = (*range(seen.players), None)
    built = set(seen.built)
    keys = [
        (port, hired, port_id in built)
        for port_id, port, hired in zip(ctx.port_ids, seen.ports, seen.hired, strict=True)
    ]
    w.each(keys, _port, ctx, keys, owners, goods)


def _port(
    w: Writer,
    index: int,
    ctx: Ctx,
    keys: list[tuple[Port, int, bool]],
    owners: tuple[int | None, ...],
    goods: tuple[str, ...],
) -> None:
    port, hired, built = keys[index]
    port_id = ctx.port_ids[index]
    size = ctx.sizes[index]
    w.one_hot(f"port {port_id} owner", owners, port.owner, "its owner (last: none)")
    # a garrison has no cap but the sailors in the game; forts are counted as they are
    sailors = ctx.params.components.sailors
    w.numbers(
        f"port {port_id}",
        (port.garrison / size, port.forts, len(port.warehouse) / size, hired / size),
        "garrison over size, forts, warehouse filled, sailors hired this round over size",
        max(1.0, sailors / size, ctx.params.components.forts),
    )
    stored = [port.warehouse.count(g) / size for g in goods]
    w.numbers(f"port {port_id} goods", stored, "pieces of each good stored, over size")
    w.flags(f"port {port_id} built", (built,), "whether it has built this round")


Focus = tuple[
    int | None, int, int | None, int | None, Deal | None, int, int | None, int | None, int | None
]
"""What the current decision is about: the moving galley and its steps, the
attacking and the attacked galley, the deal, the negotiations held, and the
places of those galleys among the galleys in play (what the vector holds)."""


def focus_of(seen: ClassicObservation | ClassicState) -> Focus:
    """The pieces and the deal the current decision is about, as the focus part's key.

    A state's phase and galleys are its observations', so either will do.
    """
    phase = seen.phase
    moving = phase.moving if isinstance(phase, Permission) else phase
    galley, steps = (moving.galley, moving.steps) if isinstance(moving, Moving) else (None, 0)
    fight: tuple[int | None, int | None] = (None, None)
    if isinstance(phase, Rolling):
        fight = (phase.galley, phase.target)
    elif isinstance(phase, Spoils):
        fight = (phase.winner, phase.loser)
    deal = phase.deal if isinstance(phase, Negotiating) else None
    turn = phase.turn if isinstance(phase, Negotiating) else phase
    talks = len(turn.talks) if isinstance(turn, Purchasing) else 0
    moving_slot, attacker, defender = _slots_of(seen, (galley, *fight))
    return (galley, steps, *fight, deal, talks, moving_slot, attacker, defender)


def _slots_of(
    seen: ClassicObservation | ClassicState, numbers: tuple[int | None, ...]
) -> list[int | None]:
    """The slot of the galleys ``numbers`` name, in the focus's order (moving, attacker...)."""
    if not any(n is not None for n in numbers):
        return [None, None, None]
    slot_of = {g.id: slot for slot, g in enumerate(galleys_in_slots(seen.galleys))}
    return [None if n is None else slot_of.get(n) for n in numbers]


def _focus(w: Writer, seen: ClassicObservation, ctx: Ctx) -> None:
    """The pieces and the deal the current decision is about."""
    focus = focus_of(seen)
    w.cached(focus, _pieces, ctx, seen, focus)


def _pieces(w: Writer, ctx: Ctx, seen: ClassicObservation, focus: Focus) -> None:
    goods = ctx.goods
    slots = range(ctx.params.components.galleys)
    _, steps, _, _, deal, talks, moving, attacker, defender = focus
    w.one_hot("moving galley", slots, moving, "the galley on the move")
    w.numbers(
        "moving steps",
        (steps / ctx.max_sailors,),
        "the areas it has crossed, over the most sailors",
    )
    w.one_hot("attacker", slots, attacker, "the galley attacking or winning")
    w.one_hot("defender", slots, defender, "the galley attacked or beaten")
    players = range(seen.players)
    w.one_hot("deal kind", KINDS, deal and deal.kind, "the deal under way, if any")
    w.one_hot("deal stage", STAGES, deal and deal.stage, "its stage")
    w.one_hot("deal seller", players, deal and deal.seller, "its seller")
    w.one_hot("deal buyer", players, deal and deal.buyer, "its buyer")
    w.one_hot("deal good", goods, deal and deal.good, "the good sold")
    prices = ctx.params.prices
    top = prices.trade_max
    w.numbers(
        "deal terms",
        (
            (deal.quantity / ctx.max_goods) if deal else 0.0,
            (deal.offer or 0) / top if deal else 0.0,
            (deal.counter or 0) / top if deal else 0.0,
        ),
        "pieces over the most aboard; price and counter-offer over the trade price bound",
        max(
            1.0,
            seen.options.goods_per_type / ctx.max_goods,
            max(prices.port_max, prices.monopoly_max) / top,
        ),
    )
    w.numbers("talks", (talks / len(ctx.port_ids),), "negotiations held this turn, over ports")


PLAN = Plan(
    (
        (("seat",), _seat),
        (("to_act",), _actor),
        (("phase",), _phase),
        (("turn", "nations"), _round),
        (("seat", "ducats"), _ducats),
        (("reckoned", "bids", "has_bid", "order"), _purses),
        (("ports", "hired", "built"), _ports),
        (("galleys",), _galleys),
        (("supply", "sailors_box", "forts_box"), _box),
        (("phase", "galleys"), _focus),
    )
)
"""The parts of a classic vector, in order, each with the fields of the observation it reads."""
