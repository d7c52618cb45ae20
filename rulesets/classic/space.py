"""The classic edition's action and chance-outcome index spaces.

See :mod:`serenissima.engine.spaces` for how a space is laid out.

Every field of a classic action takes its values from the ruleset's data:

- **galleys** are named by their slot among the galleys in play, in the
  order of their numbers: at most the shared pool's galleys are ever in play
  (C-COMP-1), whatever numbers they were given;
- **places** a sailor moves between are the board's ports, then the galley slots;
- **prices** per piece are the multiples of the money unit up to the highest
  price any rule allows (a monopoly's or a trade's, C-BUY-5, C-TRADE-2);
- **bids** are the multiples of the money unit up to the most ducats all
  seats together can ever hold: what they start with, every income they can
  be paid, and every warehouse space sold at its price with the larger
  new-market bonus (sales fill spaces that never empty, and nothing else
  pays a seat from the treasury; C-SETUP-4, C-INC-1, C-SALE-4, C-BONUS);
- **quantities** asked for are at most the pieces of one good (option ``goods_per_type``).

No decision is split into steps: each action is one index.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

from serenissima.engine.spaces import Amounts, Domain, Family, Slots, Values

from .bids.actions import Bid, DieRoll, TakePosition
from .common import Done, Refuse, ShiftGood
from .context import Ctx
from .purchases.actions import (
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
    Hire,
    Offer,
    ShiftSailor,
    TradeBuy,
    TradeSell,
)
from .sales.actions import Sell
from .sea.actions import Assault, Attack, Capture, Dice, Grant, Land, Move, Request, Sink
from .setup.actions import Crew
from .state import ClassicState, Galley

__all__ = ["bid_bound", "ducat_bound", "galleys_in_slots", "index_families"]

CREWS: tuple[str, ...] = ("hire", "garrison")
"""Where a new galley's sailor comes from (see :class:`.purchases.actions.BuildGalley`)."""


def galleys_in_slots(galleys: Iterable[Galley]) -> list[Galley]:
    """The galleys in the order of their slots: by number (the observation's order too)."""
    return sorted(galleys, key=lambda galley: galley.id)


def _galleys(state: ClassicState) -> object:
    return state.galleys


def _galley_numbers(state: ClassicState) -> Sequence[Hashable]:
    return [galley.id for galley in galleys_in_slots(state.galleys)]


def bid_bound(ctx: Ctx, state: ClassicState) -> int:
    """The most ducats all seats together can hold in ``state``'s game, a multiple of the unit."""
    return ducat_bound(ctx, state.players, state.rounds, state.options.money_unit)


def ducat_bound(ctx: Ctx, players: int, rounds: int, unit: int) -> int:
    """The most ducats ``players`` seats can hold together in ``rounds`` rounds, in ``unit``s.

    Their starting ducats, the income of every round, and every warehouse
    space of the board sold at its price with the larger bonus: sales fill
    spaces that never empty, and nothing else pays a seat.
    """
    params = ctx.params
    sale, bonus = params.sale, params.bonus
    top_bonus = max(bonus.new_market, bonus.capital)
    sales = sum(
        (sale.first_space + space) * sale.ducats_per_space + top_bonus
        for size in ctx.sizes
        for space in range(size)
    )
    total = (
        players * params.components.starting_ducats
        + rounds * players * params.income.own_capital
        + sales
    )
    return total // unit * unit


def index_families(ctx: Ctx, state: ClassicState) -> tuple[tuple[Family, ...], tuple[Family, ...]]:
    """The families of the action and outcome spaces of ``state``'s game."""
    params = ctx.params
    unit = state.options.money_unit
    ports = Values("ports", ctx.port_ids)
    areas = Values("sea areas", tuple(ctx.board.areas))
    goods = Values("goods", tuple(g.id for g in params.goods))
    pool = params.components.galleys
    galley: Domain = Slots("galleys in play", pool, _galley_numbers, source=_galleys)
    top_price = max(params.prices.port_max, params.prices.monopoly_max, params.prices.trade_max)
    prices = Amounts("ducats a piece", unit, top_price // unit * unit, unit)
    sailors = Amounts("sailors", 0, ctx.max_sailors)
    die = Amounts("pips", 1, params.battle.die_faces)
    places = _places(ctx, pool)
    actions = (
        Family(Crew, (("first", sailors), ("second", sailors))),
        Family(Bid, (("amount", Amounts("ducats", 0, bid_bound(ctx, state), unit)),)),
        Family(TakePosition, (("position", Amounts("positions", 1, state.players)),)),
        Family(Buy, (("galley", galley), ("port", ports))),
        Family(Ask, (("port", ports), ("quantity", Amounts("pieces", 1, _goods_each(state))))),
        Family(TradeBuy, (("galley", galley), ("good", goods), ("into", galley))),
        Family(TradeSell, (("galley", galley), ("good", goods), ("to", galley), ("price", prices))),
        Family(Barter, (("galley", galley), ("good", goods), ("other", galley), ("wanted", goods))),
        Family(Offer, (("price", prices),)),
        Family(Counter, (("price", prices),)),
        Family(Accept),
        Family(Refuse),
        Family(Decline),
        Family(BuildGalley, (("port", ports), ("crew", Values("crews", CREWS)))),
        Family(BuildFort, (("port", ports),)),
        Family(Hire, (("port", ports), ("galley", _or_garrison(pool)))),
        Family(ShiftSailor, (("source", places), ("target", places))),
        Family(ShiftGood, (("good", goods), ("source", galley), ("target", galley))),
        Family(DiscardGood, (("galley", galley), ("good", goods))),
        Family(DiscardSailor, (("galley", galley),)),
        Family(Done),
        Family(Move, (("galley", galley), ("area", areas))),
        Family(Request, (("galley", galley),)),
        Family(Grant),
        Family(Attack, (("galley", galley), ("target", galley))),
        Family(Assault, (("galley", galley), ("port", ports))),
        Family(Capture, (("sailors", Amounts("sailors", 1, ctx.max_sailors)),)),
        Family(Sink),
        Family(Land, (("galley", galley), ("port", ports))),
        Family(Sell, (("galley", galley), ("good", goods), ("port", ports))),
    )
    outcomes = (
        Family(DieRoll, (("value", die),)),
        Family(Dice, (("attacker", die), ("defender", die))),
    )
    return actions, outcomes


def _goods_each(state: ClassicState) -> int:
    """The most pieces of one good there are: the supply of each type (X-C-50)."""
    return max(1, state.options.goods_per_type)


def _or_garrison(pool: int) -> Slots:
    """A galley slot, or 0 for a port's garrison (see :class:`.purchases.actions.Hire`)."""
    return Slots("galleys in play", pool, _galley_numbers, fixed=(0,), source=_galleys)


def _places(ctx: Ctx, pool: int) -> Slots:
    """The ports, then the galley slots, a galley named by its number as text."""
    return Slots(
        "galleys in play", pool, _galley_numbers, label=str, fixed=ctx.port_ids, source=_galleys
    )
