"""The round's flow (C-ROUND): turn after turn, phase after phase, round after round.

Every seat plays phases 2 to 6 in the round's turn order (C-ROUND-2); when
the last seat has played a phase the next one begins, and after phase 6 the
next round (C-BID-1) or the end of the game (C-SCORE-1). A seat whose only
choice in its turn would be ``done`` is not asked: its turn ends by itself,
with what the end of a turn brings (its phase-6 income). Such turns are
passed over here without building the states in between, and the legal
actions worked out for the seat that is asked are handed to the engine
(:attr:`.Ctx.last_legal`). The steps that end a seat's turn in each phase
(``done``) are here too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from serenissima.engine.core import TERMINAL, Action
from serenissima.engine.rule_index import rule

from .actions import Done, only_done
from .battle import fighting_legal
from .context import Ctx
from .events import GameEnded, PhaseStarted, RoundStarted
from .helpers import Events, replace_state
from .landing import landing_legal
from .movement import moving_legal
from .purchase import purchase_legal
from .sales import income, selling_legal
from .scoring import winners
from .state import (
    Bidding,
    ClassicState,
    Fighting,
    GameOver,
    Landing,
    Moving,
    Purchasing,
    Selling,
)

__all__ = [
    "TURN_PHASES",
    "TurnPhase",
    "apply_fighting_done",
    "apply_landing_done",
    "apply_moving_done",
    "apply_purchase_done",
    "apply_selling_done",
    "end_game",
    "fresh_turn",
    "start_phase",
    "start_round",
]

TurnPhase = Purchasing | Moving | Fighting | Landing | Selling
"""The phases that every seat plays in turn order (C-ROUND-2)."""

TURN_PHASES: tuple[type[TurnPhase], ...] = (Purchasing, Moving, Fighting, Landing, Selling)
"""The turn phases in playing order."""

_STARTED: dict[type[TurnPhase], PhaseStarted] = {
    Purchasing: PhaseStarted(2, "purchases, building, hiring and reorganising"),
    Moving: PhaseStarted(3, "movement"),
    Fighting: PhaseStarted(4, "battles"),
    Landing: PhaseStarted(5, "capturing ports"),
    Selling: PhaseStarted(6, "sales and income"),
}
"""The event that announces each turn phase (events are values: one serves every game)."""
_NEXT: dict[type[TurnPhase], type[TurnPhase] | None] = {
    Purchasing: Moving,
    Moving: Fighting,
    Fighting: Landing,
    Landing: Selling,
    Selling: None,
}
_LEGAL: dict[type[TurnPhase], Callable[[Ctx, ClassicState, Any], tuple[Action, ...]]] = {
    Purchasing: purchase_legal,
    Moving: moving_legal,
    Fighting: fighting_legal,
    Landing: landing_legal,
    Selling: selling_legal,
}
"""Each turn phase's legal actions in a phase value that need not be the state's yet."""


# --- rounds and phases -------------------------------------------------------------


@rule("C-BID-1")
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


@rule("C-SCORE-1")
def end_game(ctx: Ctx, state: ClassicState, events: Events) -> ClassicState:
    """C-SCORE-1: the game is over; the winners are announced."""
    state = replace_state(state, phase=GameOver(), to_act=TERMINAL)
    events.append(GameEnded(winners(ctx, state)))
    return state


def start_phase(
    ctx: Ctx, state: ClassicState, phase: type[TurnPhase], events: Events, **changes: Any
) -> ClassicState:
    """Begin phase ``phase`` (Purchasing, Moving...) with the first seat in turn order.

    ``changes`` are further fields of the new state (``order`` among them:
    the turn order the phase follows).
    """
    _announce(phase, events)
    return _turn_from(ctx, state, phase, 0, events, changes)


def _announce(phase: type[TurnPhase], events: Events) -> None:
    events.append(_STARTED[phase])


_FRESH: dict[tuple[type[TurnPhase], int], TurnPhase] = {}
"""Turn phases as a seat's turn begins, by kind and turn-order position: they are values,
so one serves every state (a few dozen at most)."""


def fresh_turn(kind: type[TurnPhase], index: int) -> TurnPhase:
    """The phase value of the turn of the seat at ``index`` in turn order, as it begins.

    >>> fresh_turn(Moving, 1) == Moving(1), fresh_turn(Moving, 1) is fresh_turn(Moving, 1)
    (True, True)
    """
    phase = _FRESH.get((kind, index))
    if phase is None:
        phase = _FRESH[kind, index] = kind(index)
    return phase


@rule("C-ROUND-2", "C-ROUND-1")
def _turn_from(
    ctx: Ctx,
    state: ClassicState,
    kind: type[TurnPhase],
    index: int,
    events: Events,
    changes: dict[str, Any],
) -> ClassicState:
    """Give the turn of phase ``kind`` to the seat at ``index`` in turn order.

    A seat whose only choice would be ``done`` is passed over, its turn ended
    as if it had chosen ``done``; after the last seat the next phase begins
    (C-ROUND-2), and after phase 6 the next round.
    """
    order = changes.get("order", state.order)
    while True:
        if index == len(order):
            following = _NEXT[kind]
            if following is None:
                return start_round(ctx, state, events, **changes)
            kind, index = following, 0
            _announce(kind, events)
        phase = fresh_turn(kind, index)
        seat = order[index]
        if changes and kind is Purchasing:
            # phase 2 reads the new order and ducats: build the state once, as the
            # seat's turn (if he has nothing to do, a later build sets the phase again)
            state, changes = replace_state(state, phase=phase, to_act=seat, **changes), {}
            legal = _LEGAL[kind](ctx, state, phase)
            if not only_done(legal):
                ctx.last_legal = (state, legal)
                return state
        else:
            # changes left are ducats and the treasury, which only phase 2 reads
            legal = _LEGAL[kind](ctx, state, phase)
            if not only_done(legal):
                new = replace_state(state, phase=phase, to_act=seat, **changes)
                ctx.last_legal = (new, legal)
                return new
        if kind is Selling:
            changes = income(ctx, state, seat, events, changes)
        index += 1


# --- done: the end of a seat's turn ------------------------------------------------


@rule("C-P2-2")
def apply_purchase_done(
    ctx: Ctx, state: ClassicState, action: Done, events: Events
) -> ClassicState:
    """C-P2-2: the turn passes to the next seat; after the last, phase 3 begins."""
    phase = state.phase
    assert isinstance(phase, Purchasing)
    return _turn_from(ctx, state, Purchasing, phase.index + 1, events, {})


@rule("C-MOVE-6")
def apply_moving_done(ctx: Ctx, state: ClassicState, action: Done, events: Events) -> ClassicState:
    """C-MOVE-6: the seat has moved; the next seat moves, then phase 4 begins."""
    phase = state.phase
    assert isinstance(phase, Moving)
    return _turn_from(ctx, state, Moving, phase.index + 1, events, {})


@rule("C-BAT-1")
def apply_fighting_done(
    ctx: Ctx, state: ClassicState, action: Done, events: Events
) -> ClassicState:
    """C-BAT-1: the seat stops attacking; the next seat may attack."""
    phase = state.phase
    assert isinstance(phase, Fighting)
    return _turn_from(ctx, state, Fighting, phase.index + 1, events, {})


@rule("X-C-25")
def apply_landing_done(ctx: Ctx, state: ClassicState, action: Done, events: Events) -> ClassicState:
    """X-C-25: one landing turn per seat; then the next seat lands, then phase 6."""
    phase = state.phase
    assert isinstance(phase, Landing)
    return _turn_from(ctx, state, Landing, phase.index + 1, events, {})


@rule("C-INC-1", "X-C-27")
def apply_selling_done(ctx: Ctx, state: ClassicState, action: Done, events: Events) -> ClassicState:
    """C-INC-1, X-C-27: income for one's own capital at the end of one's phase-6 turn."""
    phase = state.phase
    assert isinstance(phase, Selling)
    changes = income(ctx, state, state.order[phase.index], events, {})
    return _turn_from(ctx, state, Selling, phase.index + 1, events, changes)
