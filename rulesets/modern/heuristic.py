"""The greedy bot's heuristic for the modern edition: a seat's ducats at the end, estimated.

:func:`estimate` adds to the seat's ducats what its pieces are expected to
bring in before the game ends:

- **ports**: each remaining scoring pays the warehouse payout and the
  basilica (M-SCORE-2/3) as they stand now, the Wine card pays wine ports
  (M-END-3) as often as it is expected to be drawn, and a port is worth a
  little more for what it lets its owner do (a free cube, recruits, galleys);
- **goods aboard**: the price a cube can fetch at a port that would buy it
  (M-SALE-2..5; in an own port, the rise of that port's payout at the
  remaining scorings), discounted by the activations the galley needs to get
  there, and worth nothing if it cannot get there before the end. A port
  takes one cube of a kind, so the seat's cubes of one kind are matched to
  different ports, the best sale first;
- **galleys and sailors**: a galley and the sailors aboard or in garrisons
  are worth a little per turn left, because they earn the ducats above;
- **a free cube** that the active galley could still load in an own port;
- **a galley to buy**: during an Investment that may still buy one (M-INV-3),
  what the galley and its first sailor would add, less their price, if more.

The expected number of turns left and of Wine cards still to come are exact
expectations over the Doge deck (its pile and discard are public). The
estimate reads only what the seat may know: its own ducats, the public
pieces and the public Doge discard, never another seat's ducats. Once the
game is over it is exactly the seat's ducats, its final score.
"""

from __future__ import annotations

import heapq
import math
from functools import lru_cache

from serenissima.engine.pieces import can_sell_to, matched_sales

from .context import Ctx
from .investment.investing import galley_price, may_buy_galley
from .params import DogeCard
from .phases import (
    Choosing,
    Drawing,
    GameOver,
    Investing,
    Loading,
    Moving,
    SpecialInvesting,
    Trading,
)
from .state import ModernState

__all__ = ["WEIGHTS", "Weights", "estimate", "progress", "turns_left"]


class Weights:
    """The tunable numbers of the heuristic, in ducats unless said otherwise.

    Attributes:
        port_per_scoring: What owning a port adds per remaining scoring, besides its payout.
        port_per_turn: What owning a port adds per turn left (its free cube, recruits).
        galley_per_turn: What a galley adds per turn left.
        galley_cap: The most a galley is worth, however long the game.
        sailor_aboard: A sailor on a galley, per turn left, up to ``sailor_cap``.
        sailor_in_port: A sailor in a garrison, per turn left, up to ``sailor_cap``.
        sailor_cap: The most one sailor is worth.
        now: The share of a price kept for a sale the galley can still make this turn.
        per_turn: The share of a price kept for each further turn the galley needs.
        per_space: The share lost for each space between the galley and the buyer.
    """

    __slots__ = ()
    port_per_scoring = 1.5
    port_per_turn = 0.3
    galley_per_turn = 0.8
    galley_cap = 4.0
    sailor_aboard = 0.3
    sailor_in_port = 0.2
    sailor_cap = 0.9
    now = 0.9
    per_turn = 0.75
    per_space = 0.01


WEIGHTS = Weights()
"""The weights :func:`estimate` uses."""


@lru_cache(maxsize=4096)
def _deck_outlook(
    cards: tuple[DogeCard, ...], pile: tuple[int, ...], remaining: int
) -> tuple[float, float]:
    """Expected Doge draws and Wine cards until the token has moved ``remaining`` spaces."""
    if remaining <= 0:
        return 0.0, 0.0
    if not sum(pile):
        pile = tuple(c.count for c in cards)
    total = sum(pile)
    draws = wines = 0.0
    for index, (card, count) in enumerate(zip(cards, pile, strict=True)):
        if not count:
            continue
        p = count / total
        draws += p
        wines += p * card.wine
        if card.advance >= remaining:
            continue
        if card.shuffle:
            after = tuple(c.count for c in cards)
        else:
            after = tuple(n - (i == index) for i, n in enumerate(pile))
        more_draws, more_wines = _deck_outlook(cards, after, remaining - card.advance)
        draws += p * more_draws
        wines += p * more_wines
    return draws, wines


def turns_left(ctx: Ctx, state: ModernState) -> tuple[float, float]:
    """Return the expected Doge draws left (the current turn's included) and Wine cards among them.

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> state = rules.new_game(4)
        >>> draws, wines = turns_left(rules.engine.ctx(rules), state)
        >>> 5 < draws < 11 and 0 < wines < draws
        True
    """
    if isinstance(state.phase, GameOver):
        return 0.0, 0.0
    return _deck_outlook(ctx.params.doge_cards, state.doge_pile, _last(ctx, state) - state.track)


def progress(ctx: Ctx, state: ModernState) -> float:
    """The share of the game played: how far the white token has come towards the last scoring.

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> progress(rules.engine.ctx(rules), rules.new_game(2))
        0.0
    """
    if isinstance(state.phase, GameOver):
        return 1.0
    return min(1.0, max(0.0, state.track / _last(ctx, state)))


def _last(ctx: Ctx, state: ModernState) -> int:
    """The track space of the scoring that ends the game (M-GAME-1)."""
    spaces = ctx.params.setup_for(state.players).scoring_spaces
    return spaces[min(ctx.params.scoring.game_ends_after, len(spaces)) - 1]


def _moves_now(state: ModernState, number: int, sailors: int) -> int | None:
    """Spaces galley ``number`` may still cross this turn, or ``None`` if it has acted."""
    act = state.act
    if act is not None and act.galley == number:
        phase = state.phase
        if isinstance(phase, Choosing | Loading):
            return sailors
        if isinstance(phase, Moving):
            return max(0, act.allowance - act.moves)
        if isinstance(phase, Trading) and not act.fought:
            return 0
        return None
    if isinstance(state.phase, Drawing | SpecialInvesting):
        return None  # the turn is over: the next activation is the next turn's
    if number > state.wheel and number not in state.skip:
        return sailors
    return None


def estimate(ctx: Ctx, state: ModernState, seat: int) -> float:
    """Estimate ``seat``'s ducats at the end of the game.

    Args:
        ctx: The ruleset's context.
        state: The state to value.
        seat: The seat whose score is estimated.

    Returns:
        The estimate, in ducats; exactly the seat's ducats once the game is over.

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> state = rules.new_game(2)
        >>> rules.evaluate(state, 0) >= state.ducats[0]
        True
    """
    ducats = float(state.ducats[seat])
    turns, wine_cards = turns_left(ctx, state)
    if turns <= 0:
        return ducats
    w = WEIGHTS
    params = ctx.params
    payout = params.scoring.payout
    scorings = max(0, params.scoring.game_ends_after - state.scorings)
    wine = params.wine
    value = ducats
    own: list[int] = []
    for index, (spec, port) in enumerate(zip(ctx.board.ports, state.ports, strict=True)):
        if port.owner != seat:
            continue
        own.append(index)
        value += scorings * payout[len(port.warehouse)]
        value += scorings * params.basilica.scoring * port.basilica
        value += scorings * w.port_per_scoring + turns * w.port_per_turn
        if spec.good == wine.good or wine.good in port.warehouse:
            value += wine_cards * wine.ducats_per_port
        value += port.sailors * min(w.sailor_cap, w.sailor_in_port * turns)
    sailor = min(w.sailor_cap, w.sailor_aboard * turns)
    galley_worth = min(w.galley_cap, w.galley_per_turn * turns)
    pieces: dict[str, list[tuple[str, int, int | None]]] = {}
    for galley in state.galleys:
        if galley.owner != seat:
            continue
        value += galley_worth + galley.sailors * sailor
        moves_now = _moves_now(state, galley.number, galley.sailors)
        for good in galley.cargo:
            pieces.setdefault(good, []).append((galley.area, galley.sailors, moves_now))
    for good, aboard in pieces.items():
        value += _sold(ctx, _offers(ctx, state, seat, good, scorings, wine_cards), aboard, turns)
    value += _free_cube(ctx, state, seat, own, turns)
    value += _galley_to_buy(ctx, state, seat, galley_worth + sailor)
    return value


_OFFERS: dict[object, tuple[object, list[tuple[float, int]]]] = {}
""":func:`_buyers` by the identity of the ports and the context (held, so that the ids
cannot be reused), the seat, the good and the time left: the states a search reaches
mostly share their ports, and the buyers are worked out once for them."""
_OFFERS_SIZE = 4096


def _offers(
    ctx: Ctx, state: ModernState, seat: int, good: str, scorings: int, wine_cards: float
) -> list[tuple[float, int]]:
    """:func:`_buyers`, remembered (see :data:`_OFFERS`); the list must not be changed."""
    ports = state.ports
    key = (id(ports), id(ctx), seat, good, scorings, wine_cards)
    found = _OFFERS.get(key)
    if found is None:
        if len(_OFFERS) >= _OFFERS_SIZE:
            _OFFERS.clear()
        found = _OFFERS[key] = ((ports, ctx), _buyers(ctx, state, seat, good, scorings, wine_cards))
    return found[1]


def _buyers(
    ctx: Ctx, state: ModernState, seat: int, good: str, scorings: int, wine_cards: float
) -> list[tuple[float, int]]:
    """The ports that would buy a cube of ``good`` and what it earns there, best first."""
    params = ctx.params
    payout = params.scoring.payout
    wine = params.wine
    bonus = float(next((b.ducats for b in params.sale.bonuses if b.good == good), 0))
    out: list[tuple[float, int]] = []
    for index, (spec, port) in enumerate(zip(ctx.board.ports, state.ports, strict=True)):
        if port.closed or not can_sell_to(good, spec.good, port.warehouse, spec.warehouse):
            continue
        filled = len(port.warehouse)
        price = bonus
        if port.owner == seat:
            price += scorings * (payout[filled + 1] - payout[filled])
            if good == wine.good and spec.good != wine.good and wine.good not in port.warehouse:
                price += wine_cards * wine.ducats_per_port
        else:
            price += ctx.space_values[index][filled]
        out.append((price, index))
    out.sort(key=lambda offer: -offer[0])
    return out


def _sold(
    ctx: Ctx,
    buyers: list[tuple[float, int]],
    aboard: list[tuple[str, int, int | None]],
    turns: float,
) -> float:
    """The cubes of one kind aboard (area, speed, moves now), each sold to a different port.

    A port takes one cube of a kind (M-SALE-2), so the cubes and the buyers
    are matched greedily, the best discounted sale first
    (:func:`~serenissima.engine.pieces.matched_sales`). A sale keeps
    ``now`` of the price (less ``per_space`` a space) when the galley can reach
    the buyer this turn, else ``per_turn`` for each further turn it needs, and
    nothing if it cannot get there before the end.
    """
    distance_of = ctx.board.distance
    port_areas = ctx.port_areas
    w = WEIGHTS
    now, per_turn, per_space = w.now, w.per_turn, w.per_space
    last = turns - 1 + 1e-9  # the most turns a sale may still take
    # Each cube's len(aboard) best sales are enough: the other cubes take fewer buyers than
    # that before it is matched, so the best left to it is among them; a sale earns at
    # most its price, and buyers come best first, so the scan stops once no price left
    # can beat the worst of those (for one cube: the best sale so far).
    most = len(aboard)
    sales: list[tuple[float, int, int]] = []
    for piece, (area, speed, moves_now) in enumerate(aboard):
        speed = max(1, speed)
        start = moves_now or 0
        top: list[float] = []  # the cube's best sales so far, as a heap
        for price, index in buyers:
            if price <= 0.0 or (len(top) >= most and price <= top[0]):
                break
            distance = distance_of(area, port_areas[index])
            if distance is None:
                continue
            if moves_now is not None and distance <= moves_now:
                kept = price * (now * (1.0 - per_space * distance))
            else:
                later = max(1, math.ceil((distance - start) / speed))
                if later > last:
                    continue  # out of reach: no sale
                kept = price * (per_turn**later * (1.0 - per_space * distance))
            if kept > 0.0:
                sales.append((kept, piece, index))
                if len(top) < most:
                    heapq.heappush(top, kept)
                elif kept > top[0]:
                    heapq.heapreplace(top, kept)
    if most == 1:  # one cube: its best sale
        return top[0] if top else 0.0
    return matched_sales(sales, most)


def _galley_to_buy(ctx: Ctx, state: ModernState, seat: int, worth: float) -> float:
    """An Investment of ``seat`` may still buy a galley worth ``worth``: the gain over its price."""
    act = state.act
    if act is None or not isinstance(state.phase, Investing):
        return 0.0
    galley = state.galley(act.galley)
    if galley is None or galley.owner != seat:
        return 0.0
    if state.options.galley_purchase_limit == "per_investment":
        bought = act.bought_galley
    else:
        bought = seat in state.bought_turn
    if bought or not may_buy_galley(ctx, state, seat):
        return 0.0
    price = galley_price(ctx, state, seat) + ctx.params.costs.recruit
    return max(0.0, worth - price)


def _free_cube(ctx: Ctx, state: ModernState, seat: int, own: list[int], turns: float) -> float:
    """The active galley may still load a free cube in an own port: a part of its worth."""
    act = state.act
    if act is None or not isinstance(state.phase, Choosing | Loading):
        return 0.0
    galley = state.galley(act.galley)
    if galley is None or galley.owner != seat or act.loaded:
        return 0.0
    if isinstance(state.phase, Loading) and not ctx.free_cargo(state, galley):
        return 0.0
    for index in ctx.board.ports_in(galley.area):
        if index in own and not state.ports[index].closed:
            return 1.0 if turns > 1 else 0.0
    return 0.0
