"""The classic vector written from the state and the seat directly (see :mod:`.encoding`).

The same numbers as :data:`.encoding.PLAN` writes from a seat's observation,
in the same order, declared as a :class:`~serenissima.engine.view_plans.ViewPlan`:
each part reads the state's fields, and hides what the observation hides
(the other seats' ducats, the bids not yet revealed) itself. The tests
compare the two vectors, view by view, over random games.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Hashable, Sequence

from serenissima.engine.view_plans import HEAD_PARTS, SEAT, Counts, SeatTables, ViewPlan, one_hot

from .context import Ctx
from .encoding import KINDS, PHASES, STAGES, Focus, focus_of
from .phases import Bidding, Moving, Negotiating, Permission, Purchasing, Rolling, Spoils
from .state import ClassicState, Galley, Port

__all__ = ["VIEW_PLAN", "Tables", "tables"]

Hot = dict[Hashable, tuple[float, ...]]


class Tables(SeatTables):
    """What the parts read besides the state: the context and the one-hot numbers of one game."""

    __slots__ = (
        "areas",
        "counts",
        "ctx",
        "goods",
        "kinds",
        "nations",
        "no_galley",
        "owners",
        "slots",
        "stages",
    )

    def __init__(self, ctx: Ctx, players: int) -> None:
        self.ctx = ctx
        super().__init__(players, PHASES)
        self.nations: Hot = one_hot(tuple(n.id for n in ctx.params.nations))
        self.owners: Hot = one_hot((*range(players), None))
        self.areas: Hot = one_hot(ctx.board.areas)
        self.goods: Hot = one_hot(ctx.goods)
        self.slots: Hot = one_hot(range(ctx.params.components.galleys))
        self.kinds: Hot = one_hot(KINDS)
        self.stages: Hot = one_hot(STAGES)
        self.counts = Counts(ctx.goods)
        self.no_galley = (0.0,) * (2 + players + len(ctx.board.areas) + len(ctx.goods))


@functools.lru_cache(maxsize=16)
def tables(ctx: Ctx, players: int) -> Tables:
    """The tables of ``players``-seat games of ``ctx``'s ruleset, made once."""
    return Tables(ctx, players)


def _round(state: ClassicState, seat: int | None, t: Tables) -> Sequence[float]:
    numbers = [state.turn / state.rounds]
    nations, seen = t.nations, state.nations
    for seat_ in range(t.players):
        numbers += nations[seen[seat_]]
    return numbers


def _ducats(state: ClassicState, seat: int | None, t: Tables) -> Sequence[float]:
    own = 0 if seat is None else state.ducats[seat] or 0
    return (own / t.ctx.params.components.starting_ducats,)


def _reckoned(state: ClassicState, seat: int | None, t: Tables) -> Sequence[float]:
    purse = t.ctx.params.components.starting_ducats
    return [d / purse for d in state.reckoned]


BidsKey = tuple[bool, int | None, tuple[int | None, ...]]
"""Whether bids are being made, the seat that looks then, and the bids."""


def _bids_key(state: ClassicState, seat: int | None, t: Tables) -> tuple[BidsKey]:
    if isinstance(state.phase, Bidding):
        return ((True, seat, state.bids),)
    return ((False, None, state.bids),)


def _bids(index: int, key: BidsKey, state: ClassicState, t: Tables) -> Sequence[float]:
    """The bids the seat sees, whether it sees each, and whether each seat has bid."""
    hidden, seat, bids = key
    seen = tuple(b if s == seat else None for s, b in enumerate(bids)) if hidden else bids
    purse = t.ctx.params.components.starting_ducats
    numbers = [(b or 0) / purse for b in seen]
    numbers += [1.0 if b is not None else 0.0 for b in seen]
    numbers += [1.0 if b is not None else 0.0 for b in bids]
    return numbers


def _order(state: ClassicState, seat: int | None, t: Tables) -> Sequence[float]:
    order = state.order
    seats = t.seats
    numbers: list[float] = []
    for player in range(t.players):
        numbers += seats[order.index(player) if player in order else None]
    return numbers


PortKey = tuple[Port, int, bool]
"""A port, the sailors hired there this round, and whether it has built this round."""

_NOT_BUILT = (False,) * 256
"""Whether each port has built this round when none has (more than any board's ports)."""


def _port_keys(state: ClassicState, seat: int | None, t: Tables) -> Sequence[PortKey]:
    built = state.built
    if not built:
        return list(zip(state.ports, state.hired, _NOT_BUILT, strict=False))
    return [
        (port, hired, port_id in built)
        for port_id, port, hired in zip(t.ctx.port_ids, state.ports, state.hired, strict=True)
    ]


def _port(index: int, key: PortKey, state: ClassicState, t: Tables) -> Sequence[float]:
    port, hired, built = key
    ctx = t.ctx
    size = ctx.sizes[index]
    warehouse = port.warehouse
    return (
        *t.owners[port.owner],
        port.garrison / size,
        port.forts,
        len(warehouse) / size,
        hired / size,
        *t.counts[warehouse, size],
        1.0 if built else 0.0,
    )


def _galley_keys(state: ClassicState, seat: int | None, t: Tables) -> Sequence[Galley | None]:
    in_slots: list[Galley | None] = sorted(state.galleys, key=_NUMBER)  # galleys_in_slots
    in_slots += _NO_GALLEYS[: t.ctx.params.components.galleys - len(in_slots)]
    return in_slots


_NUMBER = operator.attrgetter("id")
"""A galley's number, what its slot goes by (see :func:`.space.galleys_in_slots`)."""
_NO_GALLEYS: list[Galley | None] = [None] * 256
"""Empty slots, more than any game has."""


def _galley(index: int, galley: Galley | None, state: ClassicState, t: Tables) -> Sequence[float]:
    if galley is None:
        return t.no_galley
    ctx = t.ctx
    return (
        1.0,
        *t.seats[galley.owner],
        *t.areas[galley.area],
        galley.sailors / ctx.max_sailors,
        *t.counts[galley.cargo, ctx.max_goods],
    )


def _box(state: ClassicState, seat: int | None, t: Tables) -> Sequence[float]:
    components = t.ctx.params.components
    supply = max(1, state.options.goods_per_type)
    numbers = [n / supply for n in state.supply]
    box = state.sailors_box
    numbers += (
        0.0 if box is None else box / components.sailors,
        1.0 if box is None else 0.0,
        state.forts_box / components.forts,
    )
    return numbers


def _focus_keys(state: ClassicState, seat: int | None, t: Tables) -> tuple[Focus]:
    phase = state.phase
    if type(phase) is Purchasing:  # the most frequent: no piece, the negotiations held
        talks = len(phase.talks)
        return _PURCHASING[talks] if talks < len(_PURCHASING) else (focus_of(state),)
    if isinstance(phase, _FOCUSED):
        return (focus_of(state),)
    return _NO_FOCUS


_FOCUSED = (Moving, Negotiating, Permission, Purchasing, Rolling, Spoils)
"""The phases whose focus is not :data:`_NO_FOCUS` (those :func:`.encoding.focus_of` reads)."""
_NO_FOCUS: tuple[Focus] = ((None, 0, None, None, None, 0, None, None, None),)
"""The focus of any other phase: no galley, no deal, no negotiations."""
_PURCHASING: list[tuple[Focus]] = [
    ((None, 0, None, None, None, talks, None, None, None),) for talks in range(32)
]
"""The focus of a purchasing turn, by the negotiations held (the same objects each time)."""


def _focus(index: int, focus: Focus, state: ClassicState, t: Tables) -> Sequence[float]:
    ctx = t.ctx
    _, steps, _, _, deal, talks, moving, attacker, defender = focus
    slots, seats = t.slots, t.seats
    numbers = [*slots[moving], steps / ctx.max_sailors, *slots[attacker], *slots[defender]]
    if deal is None:
        numbers += t.kinds[None]
        numbers += t.stages[None]
        numbers += seats[None]
        numbers += seats[None]
        numbers += t.goods[None]
        numbers += (0.0, 0.0, 0.0)
    else:
        top = ctx.params.prices.trade_max
        numbers += t.kinds[deal.kind]
        numbers += t.stages[deal.stage]
        numbers += seats[deal.seller]
        numbers += seats[deal.buyer]
        numbers += t.goods[deal.good]
        numbers += (
            deal.quantity / ctx.max_goods,
            (deal.offer or 0) / top,
            (deal.counter or 0) / top,
        )
    numbers.append(talks / len(ctx.port_ids))
    return numbers


VIEW_PLAN = ViewPlan(
    (
        *HEAD_PARTS,
        (("turn", "nations"), _round),
        ((SEAT, "ducats"), _ducats),
        (("reckoned",), _reckoned),
        ((SEAT, "phase", "bids"), _bids, _bids_key),
        (("order",), _order),
        (("ports", "hired", "built"), _port, _port_keys),
        (("galleys",), _galley, _galley_keys),
        (("supply", "sailors_box", "forts_box"), _box),
        (("phase", "galleys"), _focus, _focus_keys),
    )
)
"""The parts of a classic vector, in order, each with the state's fields it reads."""
