"""The rewards of a finished game, from its final standings, in the forms learners use."""

from __future__ import annotations

from typing import Final

from serenissima.engine.core import Standings
from serenissima.engine.errors import ArgumentValueError

__all__ = ["REWARDS", "check_reward", "final_rewards"]

REWARDS: Final[tuple[str, ...]] = ("win", "zero-sum", "rank", "score")
"""How a finished game rewards each seat, by name.

- ``"win"``: +1 shared equally among the winners, 0 to the others;
- ``"zero-sum"``: +1 shared among the winners, -1 shared among the others,
  so the rewards add up to 0 (all 0 when every seat shares the win);
- ``"rank"``: from +1 for the first to -1 for the last, evenly spaced, seats
  tied on a rank getting the mean of the places they hold;
- ``"score"``: the seat's final score (ducats or wealth points).
"""


def check_reward(reward: str) -> str:
    """Refuse a reward name that is not one of :data:`REWARDS`.

    Example:
        >>> check_reward("rank")
        'rank'
    """
    if reward not in REWARDS:
        raise ArgumentValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    return reward


def final_rewards(standings: Standings, players: int, reward: str) -> list[float]:
    """Each seat's reward for the finished game ``standings`` ranks.

    Example:
        >>> from serenissima.engine.core import Standing, Standings
        >>> table = Standings((Standing(1, 1, 30, ()), Standing(0, 2, 20, ())), True)
        >>> final_rewards(table, 2, "zero-sum"), final_rewards(table, 2, "rank")
        ([-1.0, 1.0], [-1.0, 1.0])
    """
    winners = set(standings.winners)
    out = [0.0] * players
    if reward == "score":
        for entry in standings.entries:
            out[entry.seat] = float(entry.score)
        return out
    if reward in ("win", "zero-sum"):
        losers = players - len(winners)
        for seat in range(players):
            if seat in winners:
                out[seat] = 1.0 / len(winners)
            elif reward == "zero-sum":
                out[seat] = -1.0 / losers
        if reward == "zero-sum" and not losers:
            out = [0.0] * players
        return out
    # rank: places 0..n-1 mapped to +1..-1; seats sharing a rank get their places' mean
    by_rank: dict[int, list[int]] = {}
    for entry in standings.entries:
        by_rank.setdefault(entry.rank, []).append(entry.seat)
    place = 0
    step = 2.0 / (players - 1) if players > 1 else 0.0
    for rank in sorted(by_rank):
        seats = by_rank[rank]
        mean = sum(1.0 - step * (place + i) for i in range(len(seats))) / len(seats)
        for seat in seats:
            out[seat] = mean
        place += len(seats)
    return out
