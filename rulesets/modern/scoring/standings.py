"""The scoring of the modern edition: points, the ranking and the end of the game.

A scoring (M-SCORE-2 to M-SCORE-4) when a Doge card calls for one; the
ranking of the seats (M-GAME-2) and the game over (M-GAME-1).
"""

from __future__ import annotations

from serenissima.engine.core import Action
from serenissima.engine.rule_index import rule

from ..context import Ctx
from ..helpers import Events
from ..state import ModernState
from .events import Scored

__all__ = ["no_actions", "ranking", "score"]


@rule("M-GAME-1")
def no_actions(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    """M-GAME-1: once the game is over nobody has anything to decide."""
    return ()


@rule("M-SCORE-2", "M-SCORE-3", "M-SCORE-4")
def score(
    ctx: Ctx, state: ModernState, ducats: tuple[int, ...], number: int, ev: Events
) -> tuple[int, ...]:
    """M-SCORE-2/3: warehouse payouts and basilicas of every owned port; the new ducats."""
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
    return tuple(d + w + b for d, w, b in zip(ducats, warehouses, basilicas, strict=True))


@rule("M-GAME-2", "X-M-29")
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
