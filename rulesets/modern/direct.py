"""The modern vector written from the state and the seat directly (see :mod:`.encoding`).

The same numbers as :data:`.encoding.PLAN` writes from a seat's observation,
in the same order, declared as a :class:`~serenissima.engine.view_plans.ViewPlan`:
each part reads the state's fields (a seat sees only its own ducats, which
is all the vector holds of them). The tests compare the two vectors, view
by view, over random games.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Sequence

from serenissima.engine.view_plans import HEAD_PARTS, SEAT, Counts, SeatTables, ViewPlan, one_hot

from .context import Ctx
from .encoding import PHASES, PURPOSES
from .phases import Asking, Plundering, Pressing, Rolling
from .state import Galley, ModernState, Port

__all__ = ["VIEW_PLAN", "Tables", "tables"]

Hot = dict[Hashable, tuple[float, ...]]


class Tables(SeatTables):
    """What the parts read besides the state: the context, its numbers and one-hot tables."""

    __slots__ = (
        "areas",
        "counts",
        "ctx",
        "doge_total",
        "galleys",
        "good_ids",
        "goods",
        "no_galley",
        "numbers",
        "owners",
        "ports",
        "purposes",
        "wheel",
    )

    def __init__(self, ctx: Ctx, players: int) -> None:
        self.ctx = ctx
        super().__init__(players, PHASES)
        self.numbers = tuple(range(1, ctx.params.components.galleys + 1))
        """The galleys' printed numbers."""
        self.good_ids = goods = tuple(g.id for g in ctx.params.goods)
        self.owners: Hot = one_hot((*range(players), None))
        self.areas: Hot = one_hot(ctx.board.areas)
        self.goods: Hot = one_hot(goods)
        self.ports: Hot = one_hot(tuple(p.id for p in ctx.board.ports))
        self.purposes: Hot = one_hot(PURPOSES)
        self.galleys: Hot = one_hot(self.numbers)
        self.wheel: Hot = one_hot((0, *self.numbers))
        self.doge_total = max(1, sum(c.count for c in ctx.params.doge_cards))
        self.counts = Counts(goods)
        self.no_galley = (0.0,) * (2 + players + len(ctx.board.areas) + len(goods))


@functools.lru_cache(maxsize=16)
def tables(ctx: Ctx, players: int) -> Tables:
    """The tables of ``players``-seat games of ``ctx``'s ruleset, made once."""
    return Tables(ctx, players)


def _header(state: ModernState, seat: int | None, t: Tables) -> Sequence[float]:
    params = t.ctx.params
    last = params.track.last_space
    return (
        *t.seats[state.first_player],
        state.turn / last,
        state.track / last,
        state.scorings / params.scoring.game_ends_after,
    )


def _ducats(state: ModernState, seat: int | None, t: Tables) -> Sequence[float]:
    own = 0 if seat is None else state.ducats[seat] or 0
    return (own / max(1, t.ctx.params.components.starting_ducats),)


def _purses(state: ModernState, seat: int | None, t: Tables) -> Sequence[float]:
    params = t.ctx.params
    purse = max(1, params.components.starting_ducats)
    numbers = [d / purse for d in state.reckoned]
    sailors = max(1, params.components.sailors_per_colour)
    numbers += [r / sailors for r in state.reserve]
    supply = [max(1, g.supply or 0) for g in params.goods]
    numbers += [n / m for n, m in zip(state.supply, supply, strict=True)]
    return numbers


def _port_keys(state: ModernState, seat: int | None, t: Tables) -> Sequence[Port]:
    return state.ports


def _port(index: int, port: Port, state: ModernState, t: Tables) -> Sequence[float]:
    size = t.ctx.board.ports[index].warehouse
    warehouse = port.warehouse
    return (
        *t.owners[port.owner],
        port.sailors / size,
        len(warehouse) / size,
        1.0 if port.fort else 0.0,
        1.0 if port.basilica else 0.0,
        1.0 if port.closed else 0.0,
        *t.counts[warehouse, size],
    )


def _galley_keys(state: ModernState, seat: int | None, t: Tables) -> Sequence[Galley | None]:
    by_number = {g.number: g for g in state.galleys}
    return [by_number.get(n) for n in t.numbers]


def _galley(index: int, galley: Galley | None, state: ModernState, t: Tables) -> Sequence[float]:
    if galley is None:
        return t.no_galley
    spaces = t.ctx.params.galley.spaces
    return (
        1.0,
        *t.seats[galley.owner],
        *t.areas[galley.area],
        galley.sailors / spaces,
        *t.counts[galley.cargo, spaces],
    )


def _turn(state: ModernState, seat: int | None, t: Tables) -> Sequence[float]:
    skip, bought = state.skip, state.bought_turn
    numbers = [1.0 if n in skip else 0.0 for n in t.numbers]
    numbers += [1.0 if s in bought else 0.0 for s in range(t.players)]
    numbers += t.wheel[state.wheel]
    total = t.doge_total
    numbers += [n / total for n in state.doge_pile]
    numbers += [n / total for n in state.doge_discard]
    return numbers


def _activation(state: ModernState, seat: int | None, t: Tables) -> Sequence[float]:
    act = state.act
    if act is None:
        return (*t.galleys[None], *_NO_ACTIVATION)
    spaces = t.ctx.params.galley.spaces
    return (
        *t.galleys[act.galley],
        act.moves / spaces,
        act.allowance / spaces,
        act.loaded / spaces,
        act.sold / spaces,
        act.fought / spaces,
        1.0 if act.sale_blocked else 0.0,
        1.0 if act.claim_blocked else 0.0,
        1.0 if act.bought_galley else 0.0,
    )


_NO_ACTIVATION = (0.0,) * 8
"""The activation's counts and flags when no galley is activated."""

Focus = tuple[int | None, str | None, str | None, str | None]
"""The galley and the port the decision is about, and what a blockade would stop (of which good)."""


def _focus_keys(state: ModernState, seat: int | None, t: Tables) -> tuple[Focus]:
    phase = state.phase
    target = phase.galley if isinstance(phase, Rolling | Pressing | Plundering) else None
    asking = (phase.purpose, phase.good) if isinstance(phase, Asking) else (None, None)
    return ((target, getattr(phase, "port", None), *asking),)


def _focus(index: int, focus: Focus, state: ModernState, t: Tables) -> Sequence[float]:
    target, port, purpose, good = focus
    return (*t.galleys[target], *t.ports[port], *t.purposes[purpose], *t.goods[good])


VIEW_PLAN = ViewPlan(
    (
        *HEAD_PARTS,
        (("first_player", "turn", "track", "scorings"), _header),
        ((SEAT, "ducats"), _ducats),
        (("reckoned", "reserve", "supply"), _purses),
        (("ports",), _port, _port_keys),
        (("galleys",), _galley, _galley_keys),
        (("skip", "bought_turn", "wheel", "doge_pile", "doge_discard"), _turn),
        (("act",), _activation),
        (("phase",), _focus, _focus_keys),
    )
)
"""The parts of a modern vector, in order, each with the state's fields it reads."""
