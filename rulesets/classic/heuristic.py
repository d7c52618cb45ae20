"""The greedy bot's heuristic for the classic edition: a seat's wealth points at the end, estimated.

:func:`estimate` starts from the seat's wealth points as they stand
(C-SCORE-2), its ducats counted to the fraction of a point instead of rounded
down, less a bid it has made that the treasury has yet to take (C-BID-6),
and adds what its pieces are expected to bring in before the last round
ends:

- **income** for its own capital, for every phase-6 turn still to come while
  it holds it (C-INC-1);
- **goods aboard**: what a piece can fetch at a port that would buy it
  (C-SALE-3/4 and the new-market bonus, C-BONUS), and in an own port the
  step it makes towards a full warehouse; discounted by the rounds the galley
  needs to get there, and worth nothing if it cannot get there in time. A
  port takes one piece of a kind, so the seat's pieces of one kind are
  matched to different ports, the best sale first;
- **ports to take**: a port without a garrison within a galley's reach, which
  a landing would win (C-LAND-1/2);
- **galleys and sailors**: a galley, its crew and the garrisons are worth a
  little per round left, because they earn the points above and keep ports.

The estimate reads only what the seat may know: its own ducats (the others'
are secret, C-COMP-7) and the public pieces. Once the game is over it is
exactly the seat's wealth points, its final score.
"""

from __future__ import annotations

import heapq
import math
from typing import TypeVar

from serenissima.engine.pieces import can_sell_to, matched_sales

from . import pace
from .context import Ctx
from .phases import (
    Bidding,
    Fighting,
    GameOver,
    Landing,
    Rolling,
    Selling,
    Spoils,
)
from .sales.selling import new_market_bonus
from .scoring.standings import wealth
from .state import ClassicState, Galley

__all__ = ["WEIGHTS", "Weights", "estimate"]


class Weights:
    """The tunable numbers of the heuristic, in wealth points unless said otherwise.

    Attributes:
        galley_per_round: What a galley adds per round left.
        galley_cap: The most a galley is worth, however long the game.
        sailor_aboard: A sailor on a galley, per round left, up to ``sailor_cap``.
        sailor_cap: The most one sailor aboard is worth.
        first_guard: The first sailor of an own port's garrison, which keeps others from landing.
        guard: Each further sailor of a garrison.
        fill: The share of a full warehouse's extra points that each piece sold towards it earns.
        capture: The share of a port's points counted for a port a galley could land on.
        now: The share of a price kept for a sale the galley can still make this round.
        per_round: The share of a price kept for each further round the galley needs.
        per_space: The share lost for each sea area between the galley and the buyer.
    """

    __slots__ = ()
    galley_per_round = 0.3
    galley_cap = 1.5
    sailor_aboard = 0.04
    sailor_cap = 0.25
    first_guard = 0.4
    guard = 0.05
    fill = 0.1
    capture = 0.8
    now = 0.9
    per_round = 0.7
    per_space = 0.01


_T = TypeVar("_T")

WEIGHTS = Weights()
"""The weights :func:`estimate` uses."""

_IN_BATTLE = (Fighting, Rolling, Spoils, Landing)


def _reach(moves_now: int, this_round: bool, speed: int, distance: int, rounds: int) -> float:
    """The share of a price kept for a buyer ``distance`` sea areas away."""
    w = WEIGHTS
    shrink = 1.0 - w.per_space * distance
    if this_round and distance <= moves_now:
        return w.now * shrink
    start = moves_now if this_round else 0
    later = max(1, math.ceil((distance - start) / max(1, speed)))
    if later > rounds:
        return 0.0
    return w.per_round**later * shrink


def estimate(ctx: Ctx, state: ClassicState, seat: int) -> float:
    """Estimate ``seat``'s wealth points at the end of the game.

    Args:
        ctx: The ruleset's context.
        state: The state to value.
        seat: The seat whose score is estimated.

    Returns:
        The estimate, in wealth points; exactly the seat's score once the game is over.

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("classic")
        >>> state = rules.new_game(2)
        >>> rules.evaluate(state, 0) > 10
        True
    """
    phase = state.phase
    if isinstance(phase, GameOver):
        return float(sum(v for _, v in wealth(ctx, state, seat)))
    params = ctx.params
    w = WEIGHTS
    per_point = params.wealth.ducats_per_point
    ducats = state.ducats[seat]
    if isinstance(phase, Bidding):
        ducats -= state.bids[seat] or 0  # its own bid, made: paid once all are in (C-BID-6)
    galleys = [g for g in state.galleys if g.owner == seat]
    cargoes = [g.cargo for g in galleys if g.cargo]
    goods = frozenset().union(*cargoes) if cargoes else _NO_GOODS
    buyers, targets, points, guards = _offers(ctx, state, seat, goods)
    if points is None:  # the parts count pieces off the ports too
        points = _points(ctx, state, seat)
    value = points + ducats / per_point
    rounds = pace.rounds_after(state)
    selling_done = pace.selling_done(state, seat)
    if ctx.holds_capital(state, seat):
        value += (rounds + (not selling_done)) * params.income.own_capital / per_point
    for guard in guards:
        value += guard
    sailor = min(w.sailor_cap, w.sailor_aboard * (rounds + 1))
    galley_worth = min(w.galley_cap, w.galley_per_round * rounds)
    landing_ahead = not isinstance(phase, Selling) and not pace.turn_done(state, seat, Landing)
    moves = pace.moves_of(state, galleys)
    if cargoes:
        loaded = tuple((g, m) for g, m in zip(galleys, moves, strict=True) if g.cargo)
        cargo_key = (id(buyers), loaded, selling_done, rounds)
        cargo = _CARGO.get(cargo_key)
        if cargo is None:
            cargo = (buyers, _cargo(ctx, loaded, buyers, not selling_done, rounds))
            _remember(_CARGO, cargo_key, cargo)
        value += cargo[1]
    fewest = params.galley.min_sailors
    here = landing_ahead and isinstance(phase, _IN_BATTLE)
    for galley, moves_now in zip(galleys, moves, strict=True):
        value += galley_worth + sailor * galley.sailors
        if galley.sailors > fewest:  # a sailor to land, one to sail
            value += w.capture * _best(ctx, targets, galley, moves_now, landing_ahead, rounds, here)
    return value


_NO_GOODS: frozenset[str] = frozenset()
"""No goods aboard."""


Offer = tuple[float, tuple[str, ...]]
"""What a port offers (points) and the sea areas of the ports that offer it."""
Offers = tuple[dict[str, list[Offer]], list[Offer], int | None, tuple[float, ...]]
"""What the ports are to a seat: the buyers of each good aboard, the ports a landing would
win, the wealth points other than ducats (``None`` where they count pieces off the ports
too) and the worth of each garrison, in port order."""

_CACHE: dict[object, Offers] = {}
"""Offers by ports, nations, options, seat and goods aboard: the greedy bot's successor
states mostly share their ports, so each is worked out once."""
_SHARED: dict[object, tuple[object, Offers]] = {}
"""The same by the identity of the ports, nations and options (held, so that it cannot
be reused): a successor state shares the very tuples, and hashing them is not free."""
_CARGO: dict[object, tuple[object, float]] = {}
"""The cargo's worth by the identity of the buyers (held), the loaded galleys with their
moves left, and the time left."""
_CACHE_SIZE = 4096


def _remember(cache: dict[object, _T], key: object, value: _T) -> None:
    """Keep ``cache[key] = value``; a full cache is emptied first."""
    if len(cache) >= _CACHE_SIZE:
        cache.clear()
    cache[key] = value


def _offers(ctx: Ctx, state: ClassicState, seat: int, goods: frozenset[str]) -> Offers:
    """The buyers and landing targets of ``seat`` (with ``goods`` aboard), worked out once."""
    ports, nations, options = state.ports, state.nations, state.options
    ident = (id(ports), id(nations), id(options), id(ctx), seat, goods)
    shared = _SHARED.get(ident)
    if shared is not None:  # the entry holds the objects, so these ids are still theirs
        return shared[1]
    key = (ctx, ports, nations, options, seat, goods)
    found = _CACHE.get(key)
    if found is None:
        w = WEIGHTS
        found = (
            _buyers(ctx, state, seat, goods),
            _landing_targets(ctx, state, seat),
            None if options.scoring_002_extras else _points(ctx, state, seat),
            tuple(
                w.first_guard + w.guard * (p.garrison - 1)
                for p in ports
                if p.owner == seat and p.garrison
            ),
        )
        _remember(_CACHE, key, found)
    _remember(_SHARED, ident, ((ports, nations, options, ctx), found))
    return found


def _points(ctx: Ctx, state: ClassicState, seat: int) -> int:
    """``seat``'s wealth points other than its ducats (C-SCORE-2)."""
    return sum(v for name, v in wealth(ctx, state, seat) if name != "ducats")


def _buyers(
    ctx: Ctx, state: ClassicState, seat: int, goods: frozenset[str]
) -> dict[str, list[Offer]]:
    """For each good, the ports that would buy a piece and what it earns there, best first.

    A piece earns the space's price and any new-market bonus (C-SALE-4,
    C-BONUS), and in an own port a step towards a full warehouse.
    """
    params = ctx.params
    per_point = params.wealth.ducats_per_point
    held: dict[int, set[str]] = {}
    for index, port in enumerate(state.ports):
        if port.owner is not None:
            stock = held.setdefault(port.owner, set())
            stock.update(port.warehouse)
            stock.add(ctx.board.ports[index].good)
    out: dict[str, list[tuple[float, str]]] = {good: [] for good in goods}
    for index, (spec, port) in enumerate(zip(ctx.board.ports, state.ports, strict=True)):
        size = ctx.sizes[index]
        filled = len(port.warehouse)
        if filled >= size:
            continue
        ducats = (params.sale.first_space + filled) * params.sale.ducats_per_space
        extra = 0.0
        if port.owner == seat:
            ducats = ducats if state.options.own_port_sales_pay else 0  # X-C-31
            full = ctx.full_points[size] - params.wealth.port_not_full
            extra = full if filled + 1 == size else WEIGHTS.fill * full / size
        for good in goods:
            if not can_sell_to(good, spec.good, port.warehouse, size):
                continue
            earned = ducats
            if port.owner is not None and port.owner != seat and good not in held[port.owner]:
                earned += new_market_bonus(ctx, state, seat, good, index)
            out[good].append((earned / per_point + extra, spec.area))
    return {good: _grouped(offers) for good, offers in out.items()}


def _landing_targets(ctx: Ctx, state: ClassicState, seat: int) -> list[Offer]:
    """Ports without a garrison that a landing would win (C-LAND-1/2), best first."""
    spec = ctx.params.wealth
    capital = ctx.capital(state, seat)
    out: list[tuple[float, str]] = []
    for index, port in enumerate(state.ports):
        if port.owner == seat or port.garrison:
            continue
        points = float(spec.port_not_full) + (spec.own_capital if index == capital else 0)
        out.append((points, ctx.board.ports[index].area))
    return _grouped(out)


def _cargo(
    ctx: Ctx,
    loaded: tuple[tuple[Galley, int], ...],
    buyers: dict[str, list[Offer]],
    this_round: bool,
    rounds: int,
) -> float:
    """The goods aboard the ``loaded`` galleys (with their moves left), each piece sold once.

    A port takes one piece of a kind (C-SALE-3), so two pieces of wine are
    worth the best buyer's price and the second best's, not the best's twice:
    the pieces and buyers are matched greedily, the best discounted sale first
    (:func:`~serenissima.engine.pieces.matched_sales`).
    """
    total = 0.0
    pieces: dict[str, list[tuple[Galley, int]]] = {}
    for galley, moves_now in loaded:
        for good in galley.cargo:
            pieces.setdefault(good, []).append((galley, moves_now))
    distance_of = ctx.board.distance
    for good, aboard in pieces.items():
        offers = buyers[good]
        if len(aboard) == 1:
            galley, moves_now = aboard[0]
            total += _best(ctx, offers, galley, moves_now, this_round, rounds, False)
            continue
        # Each piece's len(aboard) best sales are enough: fewer buyers than that are taken
        # before it is matched, so the best left to it is among them.
        most = len(aboard)
        sales: list[tuple[float, int, tuple[float, str]]] = []  # buyer: offer, sea area
        for piece, (galley, moves_now) in enumerate(aboard):
            top: list[float] = []
            for points, areas in offers:
                if len(top) >= most and points <= top[0]:
                    break  # offers come best first, and a sale earns at most its offer
                for area in areas:
                    distance = distance_of(galley.area, area)
                    if distance is None:
                        continue
                    kept = _reach(moves_now, this_round, galley.sailors, distance, rounds)
                    if kept > 0.0:
                        worth = points * kept
                        sales.append((worth, piece, (points, area)))
                        if len(top) < most:
                            heapq.heappush(top, worth)
                        elif worth > top[0]:
                            heapq.heapreplace(top, worth)
        total += matched_sales(sales, len(aboard))
    return total


def _best(
    ctx: Ctx,
    offers: list[Offer],
    galley: Galley,
    moves_now: int,
    this_round: bool,
    rounds: int,
    here_only: bool,
) -> float:
    """The best offer discounted by the way there; ``here_only``: this round only where it is.

    Each offer is discounted as :func:`_reach` says, written out here (this is
    the heuristic's innermost loop).
    """
    best = 0.0
    nearest = ctx.board.nearest
    area, speed = galley.area, max(1, galley.sailors)
    w = WEIGHTS
    per_space, per_round = w.per_space, w.per_round
    for points, areas in offers:
        if points <= best:
            break
        distance = nearest(area, areas)
        if distance is None:
            continue
        now = this_round and (not here_only or distance == 0)
        if now and distance <= moves_now:
            worth = points * (w.now * (1.0 - per_space * distance))
        else:
            later = max(1, math.ceil((distance - (moves_now if now else 0)) / speed))
            if later > rounds:
                continue  # out of reach: worth 0, which is no better
            worth = points * (per_round**later * (1.0 - per_space * distance))
        if worth > best:
            best = worth
    return best


def _grouped(offers: list[tuple[float, str]]) -> list[Offer]:
    """Offers of equal worth merged (the nearest of them is the one that counts), best first."""
    areas: dict[float, set[str]] = {}
    for points, area in offers:
        areas.setdefault(points, set()).add(area)
    return sorted(((points, tuple(sorted(a))) for points, a in areas.items()), reverse=True)
