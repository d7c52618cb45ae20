"""State updates shared by the classic phases, and the round's flow from phase to phase.

A state is an immutable value, so every action builds a new one. The
functions here compute new field values (a seat's ducats after a payment,
the galleys with one of them changed, the changes when a galley sinks...)
so that a step builds its new state once, with one call of
:data:`replace_state`; the functions of the round's flow take the step's
other changes along for the same reason. The round's flow (C-ROUND): phase
after phase, each played by every seat in turn order, then the next round
or the end of the game. Last, the check that keeps a phase-2 turn's
transfers flowing one way (:func:`flows_allow`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from serenissima.core import CHANCE, TERMINAL, Event
from serenissima.values import replacer

from .context import Ctx
from .events import GalleySunk, GameEnded, PhaseStarted, RoundStarted
from .scoring import winners
from .state import (
    Bidding,
    ClassicState,
    Fighting,
    Flow,
    Galley,
    GameOver,
    Landing,
    Moving,
    Phase,
    Purchasing,
    Selling,
)

__all__ = [
    "Ctx",
    "Events",
    "TurnPhase",
    "bump",
    "crewed",
    "end_game",
    "flow_edges",
    "flows_allow",
    "goods_back",
    "leads_back",
    "next_turn",
    "paid",
    "replace_state",
    "sailors_back",
    "start_phase",
    "start_round",
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

TurnPhase = Purchasing | Moving | Fighting | Landing | Selling
"""The phases that every seat plays in turn order (C-ROUND-2)."""

_PHASE_NAMES: dict[type[TurnPhase], tuple[int, str]] = {
    Purchasing: (2, "purchases, building, hiring and reorganising"),
    Moving: (3, "movement"),
    Fighting: (4, "battles"),
    Landing: (5, "capturing ports"),
    Selling: (6, "sales and income"),
}
_NEXT_PHASE: dict[type[TurnPhase], type[TurnPhase] | None] = {
    Purchasing: Moving,
    Moving: Fighting,
    Fighting: Landing,
    Landing: Selling,
    Selling: None,
}


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
    """``galleys`` with the galley of ``galley``'s number replaced (or added), by number."""
    number = galley.id
    for i, g in enumerate(galleys):
        if g.id == number:
            return (*galleys[:i], galley, *galleys[i + 1 :])
        if g.id > number:
            return (*galleys[:i], galley, *galleys[i:])
    return (*galleys, galley)


def without_galley(galleys: tuple[Galley, ...], number: int) -> tuple[Galley, ...]:
    """``galleys`` without galley ``number``."""
    return tuple([g for g in galleys if g.id != number])


def with_port(ports: tuple[Any, ...], index: int, port: Any) -> tuple[Any, ...]:
    """``ports`` with the entry at ``index`` replaced by ``port``."""
    return (*ports[:index], port, *ports[index + 1 :])


def sailors_back(box: int | None, count: int) -> int | None:
    """The sailors in the box after ``count`` return to it (C-COMP-8); ``None``: unlimited."""
    return box if box is None else box + count


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


# --- the round's flow -----------------------------------------------------------


def start_round(ctx: Ctx, state: ClassicState, events: Events, **changes: Any) -> ClassicState:
    """Advance the round marker and open the bidding (C-BID-1), or end the game.

    ``changes`` are further fields of the new state, made before the round starts.
    """
    if state.turn >= state.rounds:
        return end_game(ctx, replace_state(state, **changes) if changes else state, events)
    round_ = state.turn + 1
    events.append(RoundStarted(round_))
    return replace_state(
        state,
        turn=round_,
        phase=Bidding(),
        to_act=0,
        bids=(None,) * state.players,
        order=(),
        built=(),
        hired=(0,) * len(state.ports),
        **changes,
    )


def end_game(ctx: Ctx, state: ClassicState, events: Events) -> ClassicState:
    """C-SCORE-1: the game is over; the winners are announced."""
    state = replace_state(state, phase=GameOver(), to_act=TERMINAL)
    events.append(GameEnded(winners(ctx, state)))
    return state


def start_phase(
    state: ClassicState, phase: type[TurnPhase], events: Events, **changes: Any
) -> ClassicState:
    """Begin phase ``phase`` (Purchasing, Moving...) with the first seat in turn order.

    ``changes`` are further fields of the new state (``order`` among them:
    the turn order the phase follows).
    """
    number, name = _PHASE_NAMES[phase]
    events.append(PhaseStarted(number, name))
    order = changes.get("order", state.order)
    return replace_state(state, phase=phase(0), to_act=order[0], **changes)


def next_turn(
    ctx: Ctx, state: ClassicState, index: int, events: Events, **changes: Any
) -> ClassicState:
    """Pass the current phase to the next seat in turn order, or go on to the next phase.

    C-ROUND-2: each phase is played by every seat in turn order before the
    next phase begins. ``changes`` are further fields of the new state.
    """
    kind = type(state.phase)
    assert kind in _NEXT_PHASE, f"no turns in {kind.__name__}"
    order = state.order
    if index + 1 < len(order):
        return replace_state(state, phase=kind(index + 1), to_act=order[index + 1], **changes)
    following = _NEXT_PHASE[kind]
    if following is None:
        return start_round(ctx, state, events, **changes)
    return start_phase(state, following, events, **changes)


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


def leads_back(edges: dict[str, set[str]], source: str, target: str) -> bool:
    """Whether the transfers ``edges`` lead from ``target`` back to ``source`` (or they are one)."""
    seen = {target}
    stack = [target]
    while stack:
        node = stack.pop()
        if node == source:
            return True
        for nxt in edges.get(node, ()):
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return False


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
    return not leads_back(flow_edges(flows, kind), source, target)
