"""State updates shared by the classic phases: new field values, and a state built once.

A state is an immutable value, so every action builds a new one. The
functions here compute new field values (a seat's ducats after a payment,
the galleys with one of them changed, the changes when a galley sinks...)
so that a step builds its new state once, with one call of
:data:`replace_state`. Last, the check that keeps a phase-2 turn's
transfers flowing one way (:func:`flows_allow`). The round's flow from
turn to turn and phase to phase is in :mod:`.flow`.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import Any

from serenissima.engine.core import CHANCE, Event
from serenissima.engine.rule_index import rule
from serenissima.engine.values import replacer

from .common import GalleySunk
from .context import Ctx
from .phases import Flow, Phase
from .state import ClassicState, Galley, Port

__all__ = [
    "Backflows",
    "Ctx",
    "Events",
    "backflows",
    "bump",
    "crewed",
    "flow_edges",
    "flows_allow",
    "goods_back",
    "paid",
    "reachable",
    "replace_bids",
    "replace_cargo",
    "replace_crews",
    "replace_fleet",
    "replace_phase",
    "replace_state",
    "replace_turn",
    "sailors_back",
    "sunk",
    "to_chance",
    "transferred",
    "with_galley",
    "with_port",
    "without_galley",
]

Events = list[Event]


replace_state: Callable[..., ClassicState] = replacer(ClassicState)
"""``replace_state(state, **changes)``: a copy of a state with some fields changed."""

# the copies the engine makes most often, each changing the same fields every time
replace_turn: Callable[[ClassicState, Phase, int], ClassicState] = replacer(
    ClassicState, "phase", "to_act"
)
"""``replace_turn(state, phase, to_act)``: a copy of a state with another phase and actor."""
replace_fleet: Callable[[ClassicState, tuple[Galley, ...], Phase], ClassicState] = replacer(
    ClassicState, "galleys", "phase"
)
"""``replace_fleet(state, galleys, phase)``: a copy of a state with other galleys and phase."""
replace_bids: Callable[[ClassicState, tuple[int | None, ...], int], ClassicState] = replacer(
    ClassicState, "bids", "to_act"
)
"""``replace_bids(state, bids, to_act)``: a copy of a state with other bids and actor."""
replace_phase: Callable[[ClassicState, Phase], ClassicState] = replacer(ClassicState, "phase")
"""``replace_phase(state, phase)``: a copy of a state with another phase."""
replace_crews: Callable[
    [ClassicState, Phase, tuple[Port, ...], tuple[Galley, ...]], ClassicState
] = replacer(ClassicState, "phase", "ports", "galleys")
"""``replace_crews(state, phase, ports, galleys)``: a copy of a state with another phase,
ports and galleys (a sailor moved or landed, no galley sunk)."""
replace_cargo: Callable[[ClassicState, tuple[Galley, ...], tuple[int, ...]], ClassicState] = (
    replacer(ClassicState, "galleys", "supply")
)
"""``replace_cargo(state, galleys, supply)``: a copy of a state with other galleys and box."""

# --- new field values ------------------------------------------------------------


def bump(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    """``values`` with the entry at ``index`` changed by ``delta``.

    >>> bump((1, 2, 3), 1, -2)
    (1, 0, 3)
    """
    return (*values[:index], values[index] + delta, *values[index + 1 :])


def paid(state: ClassicState, seat: int, ducats: int) -> dict[str, Any]:
    """The changes when ``seat`` pays ``ducats`` to the treasury (negative: is paid)."""
    return {
        "ducats": bump(state.ducats, seat, -ducats),
        "treasury": state.treasury + ducats,
    }


def transferred(state: ClassicState, payer: int, payee: int, ducats: int) -> tuple[int, ...]:
    """The seats' ducats after ``payer`` pays ``ducats`` to ``payee``."""
    change = {payer: -ducats, payee: ducats}
    return tuple(d + change.get(s, 0) for s, d in enumerate(state.ducats))


def with_galley(galleys: tuple[Galley, ...], galley: Galley) -> tuple[Galley, ...]:
    """``galleys`` with the galley of ``galley``'s number replaced (or added), by number.

    ``galleys`` are in order of number, as a state holds them.
    """
    number = galley.id
    i = bisect_left(galleys, number, key=_NUMBER)
    if i < len(galleys) and galleys[i].id == number:
        return (*galleys[:i], galley, *galleys[i + 1 :])
    return (*galleys[:i], galley, *galleys[i:])


_NUMBER = attrgetter("id")
"""A galley's number."""


def without_galley(galleys: tuple[Galley, ...], number: int) -> tuple[Galley, ...]:
    """``galleys`` without galley ``number``."""
    return tuple([g for g in galleys if g.id != number])


def with_port(ports: tuple[Any, ...], index: int, port: Any) -> tuple[Any, ...]:
    """``ports`` with the entry at ``index`` replaced by ``port``."""
    return (*ports[:index], port, *ports[index + 1 :])


@rule("C-COMP-8")
def sailors_back(box: int | None, count: int) -> int | None:
    """The sailors in the box after ``count`` return to it (C-COMP-8); ``None``: unlimited."""
    return box if box is None else box + count


@rule("C-COMP-8")
def goods_back(ctx: Ctx, supply: tuple[int, ...], goods: Iterable[str]) -> tuple[int, ...]:
    """The box's goods after pieces of ``goods`` return to it (C-COMP-8)."""
    counts = list(supply)
    for good in goods:
        counts[ctx.good_index[good]] += 1
    return tuple(counts)


# --- sinking ---------------------------------------------------------------------------


def sunk(
    ctx: Ctx,
    state: ClassicState,
    galleys: tuple[Galley, ...],
    galley: Galley,
    reason: str,
    events: Events,
) -> dict[str, Any]:
    """The changes when ``galley`` sinks with its cargo and any sailors aboard (C-ORG-3).

    ``galleys`` are the galleys in play, ``galley`` among them; ``galley`` is
    the galley as it goes down: its sailors and cargo return to the box.
    """
    box = sailors_back(state.sailors_box, galley.sailors)
    events.append(GalleySunk(galley.id, galley.owner, galley.cargo, reason))
    return {
        "galleys": without_galley(galleys, galley.id),
        "sailors_box": box,
        "supply": goods_back(ctx, state.supply, galley.cargo),
    }


def crewed(
    ctx: Ctx,
    state: ClassicState,
    galleys: tuple[Galley, ...],
    galley: Galley,
    sailors: int,
    reason: str,
    events: Events,
) -> dict[str, Any]:
    """The changes when a galley's crew is set; below the minimum it sinks (C-ORG-3).

    ``galleys`` are the galleys in play, ``galley`` among them.
    """
    new = Galley(galley.id, galley.owner, galley.area, sailors, galley.cargo)
    if sailors < ctx.min_sailors:
        return sunk(ctx, state, galleys, new, reason, events)
    return {"galleys": with_galley(galleys, new)}


def to_chance(state: ClassicState, phase: Phase, **changes: Any) -> ClassicState:
    """Move to a chance node."""
    return replace_state(state, phase=phase, to_act=CHANCE, **changes)


def flow_edges(flows: Iterable[Flow], kind: str) -> dict[str, set[str]]:
    """The transfers of ``kind`` made this turn, as edges from source to targets."""
    edges: dict[str, set[str]] = {}
    for k, a, b in flows:
        if k == kind:
            edges.setdefault(a, set()).add(b)
    return edges


def reachable(edges: dict[str, set[str]], start: str) -> set[str]:
    """The places the transfers ``edges`` lead to from ``start``, ``start`` included."""
    seen = {start}
    stack = [start]
    while stack:
        for nxt in edges.get(stack.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen


class Backflows:
    """The transfers of one kind made this turn, to check many candidate transfers against.

    ``undoes(source, target)`` is ``not flows_allow(flows, kind, source, target)``;
    the places reachable from each target are worked out once.

    >>> check = Backflows([("sailor", "1", "2"), ("sailor", "2", "3")], "sailor")
    >>> check.undoes("3", "1"), check.undoes("1", "3")
    (True, False)
    """

    __slots__ = ("_edges", "_reach")

    def __init__(self, flows: Iterable[Flow], kind: str) -> None:
        self._edges = flow_edges(flows, kind)
        self._reach: dict[str, set[str]] = {}

    @property
    def moved(self) -> bool:
        """Whether any piece of the kind was moved this turn."""
        return bool(self._edges)

    def undoes(self, source: str, target: str) -> bool:
        """Whether moving a piece from ``source`` to ``target`` undoes an earlier move."""
        if not self._edges:
            return source == target
        reach = self._reach.get(target)
        if reach is None:
            reach = self._reach[target] = reachable(self._edges, target)
        return source in reach


_BACKFLOWS_KEPT = 4096
"""How many :class:`Backflows` :func:`backflows` remembers before starting afresh."""

_UNSEEN = Backflows((), "")
"""What :func:`backflows` finds for transfers it has not yet worked out."""


def backflows(ctx: Ctx, flows: tuple[Flow, ...], kind: str) -> Backflows | None:
    """The :class:`Backflows` of ``flows`` and ``kind``, remembered by value in ``ctx``.

    ``None`` when ``flows`` hold no transfer of ``kind``: then no transfer
    from one place to another undoes an earlier one. A turn's transfers stay
    the same over its other steps, and the same few transfers recur from turn
    to turn and game to game: each check, with the places it found reachable,
    is worked out once.
    """
    key = (kind, flows)
    kept = ctx.backflows
    found: Backflows | None = kept.get(key, _UNSEEN)
    if found is _UNSEEN:
        if len(kept) >= _BACKFLOWS_KEPT:
            kept.clear()
        check = Backflows(flows, kind)
        found = kept[key] = check if check.moved else None
    return found


def flows_allow(flows: Iterable[Flow], kind: str, source: str, target: str) -> bool:
    """Whether moving a piece of ``kind`` from ``source`` to ``target`` undoes no earlier move.

    A transfer is refused when earlier transfers of the same kind this turn
    already lead from ``target`` back to ``source``, directly or around a
    loop. Pieces then only ever flow one way, so a turn of transfers ends.

    >>> flows_allow([("sailor", "1", "2")], "sailor", "2", "1")
    False
    >>> flows_allow([("sailor", "1", "2"), ("sailor", "2", "3")], "sailor", "3", "1")
    False
    >>> flows_allow([("sailor", "1", "2")], "wine", "2", "1")
    True
    """
    return source not in reachable(flow_edges(flows, kind), target)
