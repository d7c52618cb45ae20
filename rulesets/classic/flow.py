"""The round's flow (C-ROUND): turn after turn, stage after stage, round after round.

Every seat plays the round's stages (phases 2 to 6, as ``flow.toml``'s
``round`` sequence orders them) in the round's turn order (C-ROUND-2); when
the last seat has played a stage the next one begins, and after the last
the sequence's ``then`` (:func:`start_round`: the next round, C-BID-1, or
the end of the game, C-SCORE-1). A seat whose only choice in its turn would
be ``done`` is not asked: its turn ends by itself, with what the end of a
turn brings (the stage's ``turn_end``, such as the phase-6 income). Such
turns are passed over here without building the states in between, and the
legal actions worked out for the seat that is asked are handed to the
engine (:attr:`.Ctx.last_legal`). :func:`end_turn` is the ``done`` that
ends a seat's turn in each stage.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from serenissima.engine.core import TERMINAL, Action
from serenissima.engine.rule_index import rule
from serenissima.engine.values import replacer

from .common import DONE, Done, PhaseStarted, RoundStarted, only_done
from .context import Ctx
from .helpers import Events, replace_state, replace_turn
from .phases import Bidding, Fighting, GameOver, Landing, Moving, Purchasing, Selling
from .purchases.purchase import purchase_legal
from .sales.selling import selling_legal
from .scoring.events import GameEnded
from .scoring.standings import winners
from .sea.battle import fighting_legal
from .sea.landing import landing_legal
from .sea.movement import moving_legal
from .state import ClassicState

__all__ = [
    "TURN_PHASES",
    "TurnPhase",
    "end_game",
    "end_turn",
    "fresh_turn",
    "start_round",
    "start_turns",
]

TurnPhase = Purchasing | Moving | Fighting | Landing | Selling
"""The phases that every seat plays in turn order (C-ROUND-2)."""

TURN_PHASES: tuple[type[TurnPhase], ...] = (Purchasing, Moving, Fighting, Landing, Selling)
"""The turn phases, in the printed rules' order (a flow may play them in another)."""

_STARTED: dict[type[TurnPhase], PhaseStarted] = {
    Purchasing: PhaseStarted(2, "purchases, building, hiring and reorganising"),
    Moving: PhaseStarted(3, "movement"),
    Fighting: PhaseStarted(4, "battles"),
    Landing: PhaseStarted(5, "capturing ports"),
    Selling: PhaseStarted(6, "sales and income"),
}
"""The event that announces each turn phase (events are values: one serves every game)."""
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


def start_turns(ctx: Ctx, state: ClassicState, events: Events, **changes: Any) -> ClassicState:
    """Begin the round's first stage with the first seat in turn order.

    ``changes`` are further fields of the new state (``order`` among them:
    the turn order the round follows).
    """
    kind = ctx.flow.sequence("round")[0]
    _announce(kind, events)
    return _turn_from(ctx, state, kind, 0, events, changes)


def _announce(phase: type[TurnPhase], events: Events) -> None:
    events.append(_STARTED[phase])


_PAID = frozenset({"ducats", "treasury"})
"""The fields a payment changes, the changes passed-over turns mostly leave (phase-6 income)."""
_paid_turn: Callable[[ClassicState, TurnPhase, int, tuple[int, ...], int], ClassicState] = replacer(
    ClassicState, "phase", "to_act", "ducats", "treasury"
)
"""A copy of a state with another phase, actor, ducats and treasury."""

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
    """Give the turn of stage ``kind`` to the seat at ``index`` in turn order.

    A seat whose only choice would be ``done`` is passed over, its turn ended
    as if it had chosen ``done``; after the last seat the round's next stage
    begins (C-ROUND-2), and after its last stage what follows the round.
    """
    order = changes.get("order", state.order)
    flow = ctx.flow
    while True:
        if index == len(order):
            stages = flow.sequence("round")
            at = stages.index(kind) + 1
            if at == len(stages):
                return flow.finish("round", ctx, state, events, **changes)
            kind, index = stages[at], 0
            _announce(kind, events)
        phase = _FRESH.get((kind, index))
        if phase is None:
            phase = fresh_turn(kind, index)
        seat = order[index]
        turn = None  # the seat's turn as a state, once built
        if changes:
            # the stage may read what earlier turns changed (the new order, ducats): build
            # the state once, as the seat's turn (a later build sets the phase again)
            if changes.keys() == _PAID:  # mostly the income of the turns passed over
                state = _paid_turn(state, phase, seat, changes["ducats"], changes["treasury"])
            else:
                state = replace_state(state, phase=phase, to_act=seat, **changes)
            changes = {}
            turn = state
        legal = _LEGAL[kind](ctx, state, phase)
        if kind in flow.accepted:  # the flow withholds some of the stage's actions
            legal = flow.admit(kind, legal)
        # not done alone (only_done, asked only when the one action is not DONE itself)
        if len(legal) != 1 or (legal[0] is not DONE and not only_done(legal)):
            if turn is None:
                turn = replace_turn(state, phase, seat)
            ctx.last_legal = (turn, legal)
            return turn
        turn_end = flow.turn_end.get(kind)
        if turn_end is not None:
            changes = turn_end(ctx, state, seat, events, changes)
        index += 1


# --- done: the end of a seat's turn ------------------------------------------------


@rule("C-P2-2", "C-MOVE-6", "C-BAT-1", "X-C-25", "C-INC-1", "X-C-27")
def end_turn(ctx: Ctx, state: ClassicState, action: Done, events: Events) -> ClassicState:
    """The seat's turn of the stage ends; the next seat's begins, then the next stage.

    What the stage declares for the end of a turn runs first (``turn_end``:
    the phase-6 income, C-INC-1 and X-C-27). One turn per seat in every stage:
    C-P2-2 (purchases), C-MOVE-6 (movement), C-BAT-1 (battles), X-C-25 (landing).
    """
    phase = state.phase
    assert isinstance(phase, TURN_PHASES)
    kind = type(phase)
    turn_end = ctx.flow.turn_end.get(kind)
    changes = {} if turn_end is None else turn_end(ctx, state, state.order[phase.index], events, {})
    return _turn_from(ctx, state, kind, phase.index + 1, events, changes)
