"""Bradley-Terry ratings of agents from the games of their pairings, with bootstrap intervals.

The Bradley-Terry model gives each agent ``i`` a strength ``p_i > 0`` and says
that ``i`` beats ``j`` with probability ``p_i / (p_i + p_j)``. A ladder's
results are, for each pairing ``(i, j)``, the number of games ``n_ij`` and the
wins ``w_ij`` of ``i`` (a win shared by ``k`` seats counts ``1/k`` to each, so
``w_ij`` may be fractional). :func:`fit_bradley_terry` finds the strengths by
Hunter's MM algorithm (plain Python)::

    p_i <- W_i / sum_j n_ij / (p_i + p_j)

where ``W_i`` is ``i``'s total wins. An agent that won every game (or none)
has no finite strength, so each pairing counts ``prior`` extra games shared
evenly between its two agents (one drawn game by default): a small pull towards
equal ratings that keeps every rating finite. The ratings are the natural
logarithms of the strengths, anchored so that one agent (the first, by
default) has 0, or so that their mean is 0; :data:`ELO` turns them into an
Elo-like scale (400 points are a factor of ten in the odds of winning).

:func:`rating_intervals` gives 95% intervals by a seeded bootstrap over the
game indices: each replicate draws the indices ``0..n-1`` with replacement,
once for every pairing (the pairings play game ``i`` on the same seeds, so
they are resampled together), and refits.

Example:
    >>> from serenissima.analysis.ladder.fit import fit_bradley_terry
    >>> ratings = fit_bradley_terry(2, {(0, 1): (75.0, 100)}, prior=0.0)
    >>> [round(r, 4) for r in ratings]  # log(3): agent 1 wins a quarter of the games
    [0.0, -1.0986]
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Final

from serenissima.analysis.stats.bootstrap import percentile
from serenissima.analysis.stats.intervals import Interval
from serenissima.engine.errors import ArgumentValueError

__all__ = ["DEFAULT_PRIOR", "ELO", "fit_bradley_terry", "rating_intervals"]

ELO: Final[float] = 400.0 / math.log(10.0)
"""Elo points per unit of rating (natural log of strength): 400 points, odds of ten to one."""

DEFAULT_PRIOR: Final[float] = 1.0
"""The drawn games added to each pairing so that every rating is finite."""

_TOLERANCE: Final = 1e-12
_MAX_ROUNDS: Final = 100_000


def _check(agents: int, results: Mapping[tuple[int, int], tuple[float, int]], prior: float) -> None:
    if agents < 2:
        raise ArgumentValueError(f"a rating needs at least two agents, not {agents}")
    if prior < 0 or not math.isfinite(prior):
        raise ArgumentValueError(f"the prior must be a number of games of at least 0, not {prior}")
    for (i, j), (wins, games) in results.items():
        if not (0 <= i < agents and 0 <= j < agents and i != j):
            raise ArgumentValueError(f"pairing {(i, j)} is not two of the {agents} agents")
        if games < 0 or not 0 <= wins <= games:
            raise ArgumentValueError(f"pairing {(i, j)}: {wins} wins of {games} games")


def _connected(agents: int, games: list[list[float]]) -> bool:
    seen, todo = {0}, [0]
    while todo:
        i = todo.pop()
        for j in range(agents):
            if games[i][j] > 0 and j not in seen:
                seen.add(j)
                todo.append(j)
    return len(seen) == agents


def fit_bradley_terry(
    agents: int,
    results: Mapping[tuple[int, int], tuple[float, int]],
    *,
    prior: float = DEFAULT_PRIOR,
    anchor: int | None = 0,
) -> list[float]:
    """Fit Bradley-Terry ratings (log strengths) by the MM algorithm.

    Args:
        agents: The number of agents, numbered from 0.
        results: For each pairing ``(i, j)``: the wins of ``i`` (shared wins
            counted ``1/k``) and the games played; ``j`` won the rest.
        prior: Drawn games added to each pairing (half a win to each agent).
        anchor: The agent whose rating is 0; ``None`` makes the mean 0.

    Returns:
        Each agent's rating: the natural log of its strength, anchored.

    Raises:
        ArgumentValueError: Fewer than two agents, a pairing that is not two
            of them, more wins than games, a negative prior, or agents that no
            game links (or, with no prior, an agent that won all its games or none).

    Example:
        >>> from serenissima.analysis.ladder.fit import fit_bradley_terry
        >>> fit_bradley_terry(3, {(0, 1): (5, 10), (1, 2): (5, 10), (0, 2): (5, 10)})
        [0.0, 0.0, 0.0]
    """
    _check(agents, results, prior)
    if anchor is not None and not 0 <= anchor < agents:
        raise ArgumentValueError(f"the anchor must be one of the {agents} agents, not {anchor}")
    wins = [[0.0] * agents for _ in range(agents)]
    games = [[0.0] * agents for _ in range(agents)]
    for (i, j), (won, played) in results.items():
        wins[i][j] += won + prior / 2
        wins[j][i] += played - won + prior / 2
        games[i][j] += played + prior
        games[j][i] += played + prior
    if not _connected(agents, games):
        raise ArgumentValueError("every agent must be linked to the others by games")
    total = [sum(row) for row in wins]
    if any(t <= 0 or t >= sum(g) for t, g in zip(total, games, strict=True)):
        raise ArgumentValueError(
            "an agent won all its games or none: give a prior above 0 for finite ratings"
        )
    strength = [1.0] * agents
    for _ in range(_MAX_ROUNDS):
        new = [
            total[i]
            / sum(games[i][j] / (strength[i] + strength[j]) for j in range(agents) if j != i)
            for i in range(agents)
        ]
        scale = math.exp(sum(math.log(s) for s in new) / agents)
        new = [s / scale for s in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < _TOLERANCE:
            break
    ratings = [math.log(s) for s in strength]
    base = sum(ratings) / agents if anchor is None else ratings[anchor]
    return [0.0 if r == base else r - base for r in ratings]


def rating_intervals(
    agents: int,
    shares: Mapping[tuple[int, int], Sequence[float]],
    *,
    replicates: int = 200,
    seed: int = 1,
    level: float = 0.95,
    prior: float = DEFAULT_PRIOR,
    anchor: int | None = 0,
) -> list[Interval]:
    """Return each rating's bootstrap interval, resampling the game indices.

    Args:
        agents: The number of agents.
        shares: For each pairing ``(i, j)``: agent ``i``'s share of each game
            (1 a win, 0 a loss, ``1/k`` a win shared by ``k`` seats...), by game
            index; every pairing has the same number of games.
        replicates: The number of resampled ladders.
        seed: The seed of the resampling.
        level: The interval's coverage.
        prior: As :func:`fit_bradley_terry`.
        anchor: As :func:`fit_bradley_terry` (the anchor's interval is ``[0, 0]``).

    Returns:
        The percentile interval of each agent's rating.

    Raises:
        ArgumentValueError: Pairings of different lengths, no games, fewer
            than one replicate, a level outside ``(0, 1)``, or as
            :func:`fit_bradley_terry`.

    Example:
        >>> from serenissima.analysis.ladder.fit import rating_intervals
        >>> shares = {(0, 1): [1.0, 0.0, 1.0, 1.0, 0.5, 1.0, 0.0, 1.0]}
        >>> anchored, other = rating_intervals(2, shares, replicates=50, seed=3)
        >>> anchored, other.low < 0
        (Interval(low=0.0, high=0.0), True)
    """
    lengths = {len(values) for values in shares.values()}
    if len(lengths) != 1 or 0 in lengths:
        raise ArgumentValueError("every pairing needs the same number of games, at least one")
    if replicates < 1:
        raise ArgumentValueError(f"a bootstrap needs at least one replicate, not {replicates}")
    if not 0.0 < level < 1.0:
        raise ArgumentValueError(f"the interval's level must be between 0 and 1, not {level}")
    (games,) = lengths
    rng = random.Random(seed)
    fits: list[list[float]] = []
    for _ in range(replicates):
        weights = [0] * games
        for index in rng.choices(range(games), k=games):
            weights[index] += 1
        drawn = {
            pair: (sum(w * v for w, v in zip(weights, values, strict=True)), games)
            for pair, values in shares.items()
        }
        fits.append(fit_bradley_terry(agents, drawn, prior=prior, anchor=anchor))
    tail = (1.0 - level) / 2
    return [
        Interval(percentile(column, tail), percentile(column, 1.0 - tail))
        for column in ([fit[a] for fit in fits] for a in range(agents))
    ]
