"""End of a game turn (M-END, M-SCORE, M-GAME): the Doge card, scoring, special investment."""

from __future__ import annotations

from fractions import Fraction

import attrs

from serenissima.engine.core import Action
from serenissima.engine.pieces import clockwise

from .actions import DogeOutcome
from .events import DeckShuffled, DogeCardDrawn, GameEnded, Scored, TokenMoved, WineIncome
from .helpers import Ctx, Events, bump, enter, next_activation
from .state import GameOver, ModernState, SpecialInvesting

__all__ = ["apply_doge", "doge_outcomes", "next_special", "ranking", "score"]


def doge_outcomes(ctx: Ctx, state: ModernState) -> tuple[tuple[Action, Fraction], ...]:
    """M-END-1/2: the top card of the face-down pile, each remaining card equally likely."""
    total = sum(state.doge_pile)
    return tuple(
        (DogeOutcome(card.id), Fraction(n, total))
        for card, n in zip(ctx.params.doge_cards, state.doge_pile, strict=True)
        if n
    )


def _wine(ctx: Ctx, state: ModernState, ev: Events) -> ModernState:
    """M-END-3, M-SALE-6: ducats for each own port producing or storing wine."""
    wine = ctx.params.wine
    ducats = list(state.ducats)
    earned = [0] * state.players
    for spec, port in zip(ctx.board.ports, state.ports, strict=True):
        if port.owner is not None and (spec.good == wine.good or wine.good in port.warehouse):
            earned[port.owner] += wine.ducats_per_port
    for seat, amount in enumerate(earned):
        if amount:
            ducats[seat] += amount
            ev.append(WineIncome(seat, amount))
    return attrs.evolve(state, ducats=tuple(ducats))


def score(ctx: Ctx, state: ModernState, number: int, ev: Events) -> ModernState:
    """M-SCORE-2/3: warehouse payouts and basilicas of every owned port."""
    payout = ctx.params.scoring.payout
    bonus = ctx.params.basilica.scoring
    warehouses = [0] * state.players
    basilicas = [0] * state.players
    for port in state.ports:
        if port.owner is not None:
            warehouses[port.owner] += payout[len(port.warehouse)]
            basilicas[port.owner] += bonus if port.basilica else 0
    for seat in range(state.players):
        ev.append(Scored(seat, number, warehouses[seat], basilicas[seat]))  # M-SCORE-4
    ducats = tuple(d + w + b for d, w, b in zip(state.ducats, warehouses, basilicas, strict=True))
    return attrs.evolve(state, ducats=ducats)


def apply_doge(ctx: Ctx, state: ModernState, action: DogeOutcome, ev: Events) -> ModernState:
    """M-END-1..7: resolve the card, score every scoring space reached, then invest or go on."""
    index = ctx.card_index[action.card]
    card = ctx.params.doge_cards[index]
    ev.append(DogeCardDrawn(card.id))
    state = attrs.evolve(
        state,
        doge_pile=bump(state.doge_pile, index, -1),
        doge_discard=bump(state.doge_discard, index, 1),
    )
    if card.wine:
        state = _wine(ctx, state, ev)
    if card.advance:
        start = state.track
        end = min(start + card.advance, ctx.params.track.last_space)
        ev.append(TokenMoved(start, end))
        state = attrs.evolve(state, track=end)
        spaces = ctx.params.setup_for(state.players).scoring_spaces
        passed = sum(1 for s in spaces if start < s <= end)  # M-SCORE-1
        payouts = passed if state.options.scoring_per_space_passed == "each" else min(passed, 1)
        for i in range(payouts):  # X-M-25
            state = score(ctx, state, state.scorings + i + 1, ev)
        state = attrs.evolve(state, scorings=state.scorings + passed)
    if card.shuffle:  # M-END-6
        state = attrs.evolve(
            state,
            doge_pile=tuple(c.count for c in ctx.params.doge_cards),
            doge_discard=tuple(0 for _ in ctx.params.doge_cards),
        )
        ev.append(DeckShuffled())
    if state.scorings >= ctx.params.scoring.game_ends_after:  # M-GAME-1
        state = enter(state, GameOver())
        ev.append(GameEnded(ranking(ctx, state)[0]))
        return state
    below = ctx.params.special_investment_below
    order = tuple(
        seat
        for seat in clockwise(state.first_player, state.players)
        if ctx.owned_galleys(state, seat) < below and ctx.owned_ports(state, seat)
    )
    return next_special(ctx, state, order, 0, ev)


def next_special(
    ctx: Ctx, state: ModernState, order: tuple[int, ...], index: int, ev: Events
) -> ModernState:
    """M-END-7, X-M-24: special investments clockwise, then the next turn begins."""
    from .investment import special_actions

    while index < len(order):
        candidate = enter(state, SpecialInvesting(order, index))
        if len(special_actions(ctx, candidate)) > 1:
            return candidate
        index += 1
    state = attrs.evolve(state, turn=state.turn + 1, wheel=0, skip=(), bought_turn=())
    return next_activation(ctx, state, ev)


def ranking(ctx: Ctx, state: ModernState) -> tuple[tuple[int, ...], list[tuple[int, int, int]]]:
    """M-GAME-2, X-M-29: most ducats, then most ports; a further tie is shared.

    Returns the winners and ``(seat, ducats, ports)`` rows, best first.
    """
    rows = [
        (seat, state.ducats[seat], ctx.owned_ports(state, seat)) for seat in range(state.players)
    ]
    rows.sort(key=lambda r: (-r[1], -r[2], r[0]))
    best = rows[0][1:]
    winners = tuple(sorted(seat for seat, d, p in rows if (d, p) == best))
    return winners, rows
