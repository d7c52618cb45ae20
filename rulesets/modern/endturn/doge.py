"""The end of a modern turn: the Doge card and what it brings (M-END-1 to M-END-6).

The card is drawn once the wheel has gone round (M-TURN-4); it pays wine
income, moves the token and may score; then the special investment
(:mod:`.special`) and the next turn (M-TURN-1).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from serenissima.engine.core import CHANCE, Action
from serenissima.engine.rule_index import rule

from ..context import Ctx
from ..flow import next_activation
from ..helpers import DRAWING, GAME_OVER, Events, bump, enter, new_state
from ..scoring.events import GameEnded
from ..scoring.standings import ranking, score
from ..state import ModernState
from .actions import DogeOutcome
from .events import DeckShuffled, DogeCardDrawn, TokenMoved, WineIncome

__all__ = ["apply_doge", "begin_drawing", "doge_outcomes", "next_turn"]


@rule("M-TURN-4", "M-END-1")
def begin_drawing(ctx: Ctx, state: ModernState, ev: Events, **changes: Any) -> ModernState:
    """M-TURN-4, M-END-1: every galley has been activated; a Doge card is drawn."""
    changes.update(phase=DRAWING, to_act=CHANCE, wheel=0, act=None)
    return new_state(state, **changes)


@rule("M-TURN-1")
def next_turn(ctx: Ctx, state: ModernState, ev: Events, **changes: Any) -> ModernState:
    """M-TURN-1: the next turn begins with the first galley of the wheel."""
    changes.update(turn=state.turn + 1, wheel=0, skip=(), bought_turn=())
    return next_activation(ctx, state, ev, **changes)


@rule("M-END-1", "M-END-2")
def doge_outcomes(ctx: Ctx, state: ModernState) -> tuple[tuple[Action, Fraction], ...]:
    """M-END-1/2: the top card of the face-down pile, each remaining card equally likely."""
    total = sum(state.doge_pile)
    return tuple(
        (DogeOutcome(card.id), Fraction(n, total))
        for card, n in zip(ctx.params.doge_cards, state.doge_pile, strict=True)
        if n
    )


@rule("M-END-3", "M-SALE-6")
def _wine(ctx: Ctx, state: ModernState, ducats: tuple[int, ...], ev: Events) -> tuple[int, ...]:
    """M-END-3, M-SALE-6: ducats for each own port producing or storing wine."""
    wine = ctx.params.wine
    out = list(ducats)
    earned = [0] * state.players
    for spec, port in zip(ctx.board.ports, state.ports, strict=True):
        if port.owner is not None and (spec.good == wine.good or wine.good in port.warehouse):
            earned[port.owner] += wine.ducats_per_port
    for seat, amount in enumerate(earned):
        if amount:
            out[seat] += amount
            ev.append(WineIncome(seat, amount))
    return tuple(out)


@rule("M-END-1", "M-END-2", "M-END-3", "M-END-4", "M-END-5", "M-END-6", "M-END-7")
def apply_doge(ctx: Ctx, state: ModernState, action: DogeOutcome, ev: Events) -> ModernState:
    """M-END-1..7: resolve the card, score every scoring space reached, then invest or go on."""
    index = ctx.card_index[action.card]
    card = ctx.params.doge_cards[index]
    ev.append(DogeCardDrawn(card.id))
    changes: dict[str, Any] = {
        "doge_pile": bump(state.doge_pile, index, -1),
        "doge_discard": bump(state.doge_discard, index, 1),
    }
    ducats = state.ducats
    scorings = state.scorings
    if card.wine:
        ducats = _wine(ctx, state, ducats, ev)
    if card.advance:
        start = state.track
        end = min(start + card.advance, ctx.params.track.last_space)
        ev.append(TokenMoved(start, end))
        changes["track"] = end
        spaces = ctx.params.setup_for(state.players).scoring_spaces
        passed = sum(1 for s in spaces if start < s <= end)  # M-SCORE-1
        payouts = passed if state.options.scoring_per_space_passed == "each" else min(passed, 1)
        for i in range(payouts):  # X-M-25
            ducats = score(ctx, state, ducats, scorings + i + 1, ev)
        scorings += passed
    changes["ducats"] = ducats
    changes["scorings"] = scorings
    if card.shuffle:  # M-END-6
        changes["doge_pile"] = tuple(c.count for c in ctx.params.doge_cards)
        changes["doge_discard"] = tuple(0 for _ in ctx.params.doge_cards)
        ev.append(DeckShuffled())
    if scorings >= ctx.params.scoring.game_ends_after:  # M-GAME-1
        state = enter(state, GAME_OVER, **changes)
        ev.append(GameEnded(ranking(ctx, state)[0]))
        return state
    return ctx.flow.leave("doge-card", ctx, state, ev, **changes)
