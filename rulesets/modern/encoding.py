"""A modern observation as a vector (see :mod:`serenissima.engine.encoding`).

Only the observation is read: the seat's own ducats, the purses every seat
can reckon from the public payments, and the public board, wheel, track and
Doge cards. Amounts are scaled by bounds from the ruleset's data (ducats by
the starting purse, sailors by a galley's spaces or a port's warehouse,
cubes by the box's supply), so most numbers fall between 0 and 1. Galleys
are written by their printed numbers, as the action space names them.
"""

from __future__ import annotations

import functools
import typing

from serenissima.engine.encoding import Writer
from serenissima.engine.slates import Plan

from .context import Ctx
from .observation import ModernObservation
from .phases import Asking, Phase, Plundering, Pressing, Rolling
from .state import Galley, Port

__all__ = ["PLAN", "encode"]


@functools.lru_cache(maxsize=16)
def _names(ctx: Ctx) -> tuple[tuple[int, ...], tuple[str, ...], tuple[str, ...]]:
    """The galley numbers, the goods and the ports of ``ctx``'s game, worked out once."""
    numbers = tuple(range(1, ctx.params.components.galleys + 1))
    return numbers, tuple(g.id for g in ctx.params.goods), tuple(p.id for p in ctx.board.ports)


PHASES: tuple[str, ...] = tuple(c.__name__ for c in typing.get_args(Phase))
"""The phase classes, in the order of the ``Phase`` union."""
PURPOSES = ("move", "sale", "claim")
"""What a blockade asked about would stop (see ``Asking``)."""
PURSES_CAP = 100.0
"""The bound given with the purses, in starting purses: the rules set none, so this is a cap
(a flattened view clips above it). Greedy players end near 35 starting purses at most."""


def encode(ctx: Ctx, seen: ModernObservation, w: Writer) -> None:
    """Write ``seen`` into ``w``, part by part (see :data:`PLAN`).

    A writer that keeps the last vector rewrites only the parts that read a
    piece of the observation that changed.
    """
    w.plan(PLAN, seen, ctx)


def _seat(w: Writer, seen: ModernObservation, ctx: Ctx) -> None:
    w.one_hot("seat", range(seen.players), seen.seat, "the seat observing")


def _actor(w: Writer, seen: ModernObservation, ctx: Ctx) -> None:
    w.actor("to act", seen.players, seen.to_act, "who decides next: a seat, chance or nobody")


def _phase(w: Writer, seen: ModernObservation, ctx: Ctx) -> None:
    w.one_hot("phase", PHASES, type(seen.phase).__name__, "the phase, by class")


def _header(w: Writer, seen: ModernObservation, ctx: Ctx) -> None:
    """The first player and the turn."""
    params = ctx.params
    players = range(seen.players)
    w.one_hot("first player", players, seen.first_player, "the first player")
    last = params.track.last_space
    w.numbers(
        "turn",
        (seen.turn / last, seen.track / last, seen.scorings / params.scoring.game_ends_after),
        "the turn and the white token over the track's length; scorings over the last",
    )


def _ducats(w: Writer, seen: ModernObservation, ctx: Ctx) -> None:
    own = 0 if seen.seat is None else seen.ducats[seen.seat] or 0
    purse = max(1, ctx.params.components.starting_ducats)
    meaning = "the seat's own ducats over the starting purse"
    w.numbers("ducats", (own / purse,), meaning, PURSES_CAP)


def _purses(w: Writer, seen: ModernObservation, ctx: Ctx) -> None:
    """The purses as payments show them, the sailors and cubes left."""
    params = ctx.params
    purse = max(1, params.components.starting_ducats)
    reckoned = [d / purse for d in seen.reckoned]
    w.numbers("reckoned", reckoned, "each purse as payments show it", PURSES_CAP)
    sailors = max(1, params.components.sailors_per_colour)
    w.numbers("reserve", [r / sailors for r in seen.reserve], "each seat's sailors off the board")
    supply = [max(1, g.supply or 0) for g in params.goods]
    w.numbers("supply", [n / m for n, m in zip(seen.supply, supply, strict=True)], "cubes left")


def _ports(w: Writer, seen: ModernObservation, ctx: Ctx) -> None:
    """The ports, one part per port."""
    owners = (*range(seen.players), None)
    goods = _names(ctx)[1]
    w.each(seen.ports, _port, ctx, seen.ports, owners, goods)


def _galleys(w: Writer, seen: ModernObservation, ctx: Ctx) -> None:
    """The galleys, one part per printed number."""
    players = range(seen.players)
    goods = _names(ctx)[1]
    spaces = ctx.params.galley.spaces
    areas = ctx.board.areas
    by_number = {g.number: g for g in seen.galleys}
    in_play = [by_number.get(n) for n in _names(ctx)[0]]
    w.each(in_play, _galley, in_play, players, areas, spaces, goods)


def _turn(w: Writer, seen: ModernObservation, ctx: Ctx) -> None:
    """The galleys waiting, the seats that bought, the wheel and the Doge cards."""
    params = ctx.params
    players = range(seen.players)
    numbers = _names(ctx)[0]
    w.flags("skip", [n in seen.skip for n in numbers], "galleys bought this turn, not yet acting")
    w.flags("bought", [s in seen.bought_turn for s in players], "seats that bought a galley")
    w.one_hot("wheel", (0, *numbers), seen.wheel, "the black token's galley (first: the Doge)")
    cards = params.doge_cards
    total = max(1, sum(c.count for c in cards))
    w.numbers("doge pile", [n / total for n in seen.doge_pile], "cards of each kind to draw")
    w.numbers("doge discard", [n / total for n in seen.doge_discard], "cards of each kind shown")


def _port(
    w: Writer,
    index: int,
    ctx: Ctx,
    ports: tuple[Port, ...],
    owners: tuple[int | None, ...],
    goods: tuple[str, ...],
) -> None:
    spec, port = ctx.board.ports[index], ports[index]
    port_id, size = spec.id, spec.warehouse
    w.one_hot(f"port {port_id} owner", owners, port.owner, "its owner (last: none)")
    w.numbers(
        f"port {port_id}",
        (port.sailors / size, len(port.warehouse) / size),
        "its sailors and its warehouse's cubes, over the warehouse size",
    )
    built = (port.fort, port.basilica, port.closed)
    w.flags(f"port {port_id} buildings", built, "fort, basilica, closed")
    stored = [port.warehouse.count(g) / size for g in goods]
    w.numbers(f"port {port_id} goods", stored, "cubes of each good stored, over its size")


def _galley(
    w: Writer,
    index: int,
    in_play: list[Galley | None],
    players: range,
    areas: tuple[str, ...],
    spaces: int,
    goods: tuple[str, ...],
) -> None:
    number, galley = index + 1, in_play[index]
    w.flags(
        f"galley {number}", (galley is not None,), "whether the galley of that number is in play"
    )
    w.one_hot(f"galley {number} owner", players, galley and galley.owner, "its owner")
    w.one_hot(f"galley {number} area", areas, galley and galley.area, "its sea area")
    aboard = galley.sailors / spaces if galley else 0.0
    w.numbers(f"galley {number} sailors", (aboard,), "its sailors over its spaces")
    cargo = [galley.cargo.count(g) / spaces if galley else 0.0 for g in goods]
    w.numbers(f"galley {number} cargo", cargo, "its cubes of each good over its spaces")


@functools.lru_cache(maxsize=16)
def _activation_high(ctx: Ctx) -> float:
    """The bound of the activation's counts, over a galley's spaces.

    Moves and allowance are sailors aboard; cubes loaded may pass on to other
    galleys, so only all the warehouses together bound them (M-LOAD-6).
    """
    galley = ctx.params.galley
    warehouses = sum(p.warehouse for p in ctx.board.ports)
    return max(galley.spaces, galley.max_sailors, warehouses) / galley.spaces


def _activation(w: Writer, seen: ModernObservation, ctx: Ctx) -> None:
    """The activation under way."""
    numbers = _names(ctx)[0]
    act = seen.act
    galley = ctx.params.galley
    spaces = galley.spaces
    w.one_hot("active galley", numbers, act and act.galley, "the galley activated")
    w.numbers(
        "activation",
        (
            (act.moves / spaces) if act else 0.0,
            (act.allowance / spaces) if act else 0.0,
            (act.loaded / spaces) if act else 0.0,
            (act.sold / spaces) if act else 0.0,
            (act.fought / spaces) if act else 0.0,
        ),
        "areas moved, allowance, cubes loaded, sales and battles, over a galley's spaces",
        _activation_high(ctx),
    )
    w.flags(
        "activation flags",
        (act.sale_blocked, act.claim_blocked, act.bought_galley) if act else (False,) * 3,
        "sale blocked, claim blocked, galley bought",
    )


def _focus(w: Writer, seen: ModernObservation, ctx: Ctx) -> None:
    """The piece the current decision is about: a galley, a port, what a blockade would stop."""
    phase = seen.phase
    target = phase.galley if isinstance(phase, Rolling | Pressing | Plundering) else None
    asking = (phase.purpose, phase.good) if isinstance(phase, Asking) else (None, None)
    focus = (target, getattr(phase, "port", None), *asking)
    w.cached(focus, _pieces, ctx, focus)


def _pieces(
    w: Writer, ctx: Ctx, focus: tuple[int | None, str | None, str | None, str | None]
) -> None:
    target, port, purpose, good = focus
    numbers, goods, ports = _names(ctx)
    w.one_hot("target galley", numbers, target, "the galley a battle or plunder is about")
    w.one_hot("target port", ports, port, "the port the decision is about")
    w.one_hot("asking", PURPOSES, purpose, "what a blockade would stop")
    w.one_hot("asking good", goods, good, "the good a sale would sell")


PLAN = Plan(
    (
        (("seat",), _seat),
        (("to_act",), _actor),
        (("phase",), _phase),
        (("first_player", "turn", "track", "scorings"), _header),
        (("seat", "ducats"), _ducats),
        (("reckoned", "reserve", "supply"), _purses),
        (("ports",), _ports),
        (("galleys",), _galleys),
        (("skip", "bought_turn", "wheel", "doge_pile", "doge_discard"), _turn),
        (("act",), _activation),
        (("phase",), _focus),
    )
)
"""The parts of a modern vector, in order, each with the fields of the observation it reads."""
