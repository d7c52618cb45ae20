"""Wealth points and the final ranking (C-SCORE)."""

from __future__ import annotations

from serenissima.engine.core import TERMINAL, Action, Standing, Standings
from serenissima.engine.rule_index import rule

from ..context import Ctx
from ..state import ClassicState

__all__ = ["no_actions", "standings", "wealth", "winners"]


@rule("C-SCORE-2")
def wealth(ctx: Ctx, state: ClassicState, seat: int) -> tuple[tuple[str, int], ...]:
    """C-SCORE-2: the parts of ``seat``'s wealth points, in display order.

    The parts are ``capital`` (holding one's own capital), ``ports`` (1 per
    controlled port not full; X-C-36 for one's own capital), ``full ports``
    (by warehouse size, one's own capital included) and ``ducats`` (1 per 500,
    rounded down, X-C-37); with ``scoring_002_extras`` also ``galleys``,
    ``forts`` and ``sailors`` (X-002-16).
    """
    spec = ctx.params.wealth
    capital = ctx.capital(state, seat)
    holds = state.ports[capital].owner == seat
    port_points = full_points = 0
    for index, port in enumerate(state.ports):
        if port.owner != seat:
            continue
        if len(port.warehouse) >= ctx.sizes[index]:
            full_points += ctx.full_points[ctx.sizes[index]]
        elif index != capital or state.options.capital_scores_port_point:
            port_points += spec.port_not_full
    parts = [
        ("capital", spec.own_capital if holds else 0),
        ("ports", port_points),
        ("full ports", full_points),
        ("ducats", state.ducats[seat] // spec.ducats_per_point),
    ]
    if state.options.scoring_002_extras:
        galleys = ctx.galleys_of(state, seat)
        forts = sum(p.forts for p in state.ports if p.owner == seat)
        sailors = sum(g.sailors for g in galleys)
        sailors += sum(p.garrison for p in state.ports if p.owner == seat)
        parts += [
            ("galleys", len(galleys) // spec.galleys_per_point),
            ("forts", forts // spec.forts_per_point),
            ("sailors", sailors // spec.sailors_per_point),
        ]
    return tuple(parts)


def _rows(ctx: Ctx, state: ClassicState) -> list[tuple[int, int, int, tuple[tuple[str, int], ...]]]:
    rows = []
    for seat in range(state.players):
        parts = wealth(ctx, state, seat)
        rows.append((seat, sum(v for _, v in parts), state.ducats[seat], parts))
    return rows


@rule("C-SCORE-3", "X-C-38")
def standings(ctx: Ctx, state: ClassicState) -> Standings:
    """C-SCORE-3, X-C-38: most wealth points; ties shared, or broken by ducats by option."""
    rows = _rows(ctx, state)
    by_ducats = state.options.classic_tiebreak == "most_ducats"

    def key(points: int, ducats: int) -> tuple[int, int]:
        return (points, ducats if by_ducats else 0)

    entries = []
    for seat, points, ducats, parts in rows:
        rank = 1 + sum(1 for _, p, d, _ in rows if key(p, d) > key(points, ducats))
        entries.append(Standing(seat, rank, points, (*parts, ("ducats held", ducats))))
    entries.sort(key=lambda s: (s.rank, s.seat))
    return Standings(tuple(entries), state.to_act == TERMINAL)


def winners(ctx: Ctx, state: ClassicState) -> tuple[int, ...]:
    """The seats ranked first."""
    return standings(ctx, state).winners


def no_actions(ctx: Ctx, state: ClassicState) -> tuple[Action, ...]:
    """C-SCORE-1: once the game is over nobody has anything to decide."""
    return ()
