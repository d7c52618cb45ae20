"""Shared pieces of the classic logic: the game context, small state updates, the round's flow."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from serenissima.engine.core import CHANCE, TERMINAL, Event
from serenissima.engine.pieces import galley_room

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
    Port,
    Purchasing,
    Selling,
)

if TYPE_CHECKING:
    from serenissima.engine.board import Board
    from serenissima.engine.ruleset import Ruleset

    from .params import ClassicParams

__all__ = ["Ctx", "Events", "flows_allow"]

Events = list[Event]

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


class Ctx:
    """Everything the logic reads besides the state: board, numbers, indexes."""

    __slots__ = (
        "board",
        "capital_of",
        "capitals",
        "full_points",
        "good_index",
        "params",
        "producers",
        "rules",
        "sizes",
    )

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.board: Board = rules.board
        self.params: ClassicParams = rules.params
        self.good_index = {g.id: i for i, g in enumerate(self.params.goods)}
        self.sizes = tuple(p.warehouse for p in self.board.ports)
        self.producers = {
            g.id: tuple(i for i, p in enumerate(self.board.ports) if p.good == g.id)
            for g in self.params.goods
        }
        self.capitals = frozenset(
            i for i, p in enumerate(self.board.ports) if p.capital_of is not None
        )
        self.capital_of = {n.id: self.board.port_index(n.capital) for n in self.params.nations}
        self.full_points = {f.warehouse: f.points for f in self.params.wealth.full_ports}

    # --- reading the state ------------------------------------------------------

    def capital(self, state: ClassicState, seat: int) -> int:
        """The port index of ``seat``'s own capital."""
        return self.capital_of[state.nations[seat]]

    def holds_capital(self, state: ClassicState, seat: int) -> bool:
        """Whether ``seat`` controls its own capital (C-INC-1, C-SCORE-2)."""
        return state.ports[self.capital(state, seat)].owner == seat

    def port(self, state: ClassicState, port_id: str) -> Port:
        """The pieces on port ``port_id``."""
        return state.ports[self.board.port_index(port_id)]

    def own_galley(self, state: ClassicState, number: int, seat: int) -> Galley | None:
        """Galley ``number`` if ``seat`` owns it."""
        galley = state.galley(number)
        return galley if galley is not None and galley.owner == seat else None

    def galleys_of(self, state: ClassicState, seat: int) -> tuple[Galley, ...]:
        """The galleys ``seat`` owns, by number."""
        return tuple(g for g in state.galleys if g.owner == seat)

    def galleys_in(self, state: ClassicState, area: str) -> tuple[Galley, ...]:
        """The galleys in sea area ``area``, by number."""
        return tuple(g for g in state.galleys if g.area == area)

    def room(self, galley: Galley) -> tuple[bool, bool]:
        """Whether ``galley`` can take one more sailor, and one more piece of goods (C-ORG-2)."""
        spec = self.params.galley
        return galley_room(
            galley.sailors,
            len(galley.cargo),
            spaces=spec.spaces,
            max_sailors=spec.max_sailors,
            max_goods=spec.max_goods,
            shared=True,
        )

    def free_cargo(self, galley: Galley) -> int:
        """How many more pieces of goods ``galley`` can take (C-ORG-2)."""
        spec = self.params.galley
        return max(
            0,
            min(
                spec.max_goods - len(galley.cargo), spec.spaces - galley.sailors - len(galley.cargo)
            ),
        )

    def monopoly(self, state: ClassicState, seat: int, good: str) -> bool:
        """Whether ``seat`` controls every port producing ``good`` (C-BUY-5, X-C-08)."""
        ports = self.producers.get(good, ())
        return bool(ports) and all(state.ports[i].owner == seat for i in ports)

    def garrison_room(self, state: ClassicState, index: int) -> int | None:
        """Sailors port ``index`` may still take, or ``None`` without a cap (X-C-07)."""
        if state.options.classic_garrison_cap == "none":
            return None
        return max(0, self.sizes[index] - state.ports[index].garrison)

    # --- updating the state -----------------------------------------------------

    def pay(self, state: ClassicState, seat: int, ducats: int) -> ClassicState:
        """``seat`` pays ``ducats`` to the treasury."""
        ducats_ = tuple(d - ducats if s == seat else d for s, d in enumerate(state.ducats))
        return attrs.evolve(state, ducats=ducats_, treasury=state.treasury + ducats)

    def earn(self, state: ClassicState, seat: int, ducats: int) -> ClassicState:
        """The treasury pays ``ducats`` to ``seat``."""
        return self.pay(state, seat, -ducats)

    def transfer(self, state: ClassicState, payer: int, payee: int, ducats: int) -> ClassicState:
        """``payer`` pays ``ducats`` to ``payee``."""
        change = {payer: -ducats, payee: ducats}
        ducats_ = tuple(d + change.get(s, 0) for s, d in enumerate(state.ducats))
        return attrs.evolve(state, ducats=ducats_)

    def put_galley(self, state: ClassicState, galley: Galley) -> ClassicState:
        """Replace the galley with ``galley``'s number (or add it), keeping number order."""
        others = [g for g in state.galleys if g.id != galley.id]
        others.append(galley)
        others.sort(key=lambda g: g.id)
        return attrs.evolve(state, galleys=tuple(others))

    def put_port(self, state: ClassicState, index: int, port: Port) -> ClassicState:
        """Replace the port at ``index``."""
        ports = (*state.ports[:index], port, *state.ports[index + 1 :])
        return attrs.evolve(state, ports=ports)

    def sailors_to_box(self, state: ClassicState, count: int) -> ClassicState:
        """Return ``count`` sailors to the box (C-COMP-8)."""
        if state.sailors_box is None or count == 0:
            return state
        return attrs.evolve(state, sailors_box=state.sailors_box + count)

    def goods_to_box(self, state: ClassicState, goods: Iterable[str]) -> ClassicState:
        """Return pieces of goods to the box (C-COMP-8)."""
        supply = list(state.supply)
        for good in goods:
            supply[self.good_index[good]] += 1
        return attrs.evolve(state, supply=tuple(supply))

    def sink(self, state: ClassicState, number: int, reason: str, events: Events) -> ClassicState:
        """Remove galley ``number`` with its cargo and any sailors aboard (C-ORG-3)."""
        galley = state.galley(number)
        assert galley is not None
        state = attrs.evolve(state, galleys=tuple(g for g in state.galleys if g.id != number))
        state = self.sailors_to_box(state, galley.sailors)
        state = self.goods_to_box(state, galley.cargo)
        events.append(GalleySunk(number, galley.owner, galley.cargo, reason))
        return state

    def set_sailors(
        self, state: ClassicState, galley: Galley, sailors: int, reason: str, events: Events
    ) -> ClassicState:
        """Set a galley's crew; at 0 it sinks with its cargo (C-ORG-3)."""
        if sailors < self.params.galley.min_sailors:
            state = self.put_galley(state, attrs.evolve(galley, sailors=sailors))
            return self.sink(state, galley.id, reason, events)
        return self.put_galley(state, attrs.evolve(galley, sailors=sailors))

    # --- the round's flow -----------------------------------------------------------

    def start_round(self, state: ClassicState, events: Events) -> ClassicState:
        """Advance the round marker and open the bidding (C-BID-1), or end the game."""
        if state.turn >= state.rounds:
            return self.end_game(state, events)
        round_ = state.turn + 1
        events.append(RoundStarted(round_))
        return attrs.evolve(
            state,
            turn=round_,
            phase=Bidding(),
            to_act=0,
            bids=(None,) * state.players,
            order=(),
            built=(),
            hired=(0,) * len(state.ports),
        )

    def end_game(self, state: ClassicState, events: Events) -> ClassicState:
        """C-SCORE-1: the game is over; the winners are announced."""
        state = attrs.evolve(state, phase=GameOver(), to_act=TERMINAL)
        events.append(GameEnded(winners(self, state)))
        return state

    def start_phase(
        self, state: ClassicState, phase: type[TurnPhase], events: Events
    ) -> ClassicState:
        """Begin phase ``phase`` (Purchasing, Moving...) with the first seat in turn order."""
        number, name = _PHASE_NAMES[phase]
        events.append(PhaseStarted(number, name))
        return attrs.evolve(state, phase=phase(0), to_act=state.order[0])

    def next_turn(self, state: ClassicState, index: int, events: Events) -> ClassicState:
        """Pass the current phase to the next seat in turn order, or go on to the next phase.

        C-ROUND-2: each phase is played by every seat in turn order before the
        next phase begins.
        """
        current = state.phase
        assert isinstance(current, TurnPhase), f"no turns in {type(current).__name__}"
        kind = type(current)
        if index + 1 < len(state.order):
            return attrs.evolve(state, phase=kind(index + 1), to_act=state.order[index + 1])
        following = _NEXT_PHASE[kind]
        if following is None:
            return self.start_round(state, events)
        return self.start_phase(state, following, events)

    def to_chance(self, state: ClassicState, phase: Phase) -> ClassicState:
        """Move to a chance node."""
        return attrs.evolve(state, phase=phase, to_act=CHANCE)


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
    edges: dict[str, set[str]] = {}
    for k, a, b in flows:
        if k == kind:
            edges.setdefault(a, set()).add(b)
    seen = {target}
    stack = [target]
    while stack:
        node = stack.pop()
        if node == source:
            return False
        for nxt in edges.get(node, ()):
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return True
