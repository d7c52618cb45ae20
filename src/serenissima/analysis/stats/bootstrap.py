"""Bootstrap intervals over games, alone or paired between two batches, in plain Python.

A batch of games is a sample; a figure computed from it (a win share, a mean
number of lead changes, a ratio of two sums) has an uncertainty that the
bootstrap estimates without a formula: draw as many games as the batch has,
with replacement, compute the figure again, and repeat; the middle 95% of the
figures so drawn is the percentile interval.

- :func:`bootstrap` gives each figure of one batch with its interval.
- :func:`paired_bootstrap` does the same for two batches whose game ``i`` met
  the same chance (paired seeds, see :mod:`serenissima.analysis.simulate.batch`), and
  also gives the interval of each difference, drawn from the *same* game
  indices on both sides, so that what the chance streams had in common cancels.

A figure is computed by a *statistic*: a function of the games' weights (how
many times each game was drawn: all ones for the batch itself) that returns a
mapping of names to values. A name it leaves out is a figure that the draw
cannot give (a ratio whose denominator is zero); the interval is taken over the
draws that gave it. The draws come from a seeded generator, so the same call
always gives the same intervals.

Example:
    >>> from serenissima.analysis.stats.bootstrap import bootstrap, weighted_mean
    >>> wins = [1, 0, 0, 1, 0, 0, 0, 1, 0, 0] * 5
    >>> result = bootstrap(len(wins), lambda w: {"share": weighted_mean(w, wins)}, seed=1)
    >>> result["share"].value
    0.3
    >>> result["share"].interval.rounded(2)
    Interval(low=0.18, high=0.42)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from operator import mul
from typing import Final

import attrs

from serenissima.analysis.stats.intervals import Interval
from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError

__all__ = [
    "DEFAULT_REPLICATES",
    "Estimate",
    "PairedEstimates",
    "Statistic",
    "bootstrap",
    "paired_bootstrap",
    "percentile",
    "weighted_mean",
    "weighted_ratio",
]

DEFAULT_REPLICATES: Final[int] = 2000
"""How many resampled batches a bootstrap draws unless told otherwise."""

Statistic = Callable[[Sequence[int]], Mapping[str, float]]
"""Figures by name, from the weight of each game (all ones for the batch itself)."""


@attrs.frozen(slots=True)
class Estimate:
    """A figure of a batch with its bootstrap interval.

    Attributes:
        value: The figure computed on the batch itself.
        interval: Its percentile interval (95% unless asked otherwise);
            infinite on both sides when no draw could compute the figure.

    Example:
        >>> from serenissima.analysis.stats.intervals import Interval
        >>> estimate = Estimate(0.5, Interval(0.4, 0.6))
        >>> estimate.excludes(0.0), estimate.excludes(0.45)
        (True, False)
    """

    value: float
    interval: Interval

    def excludes(self, value: float) -> bool:
        """Return True when ``value`` lies outside the interval.

        Args:
            value: The value to test, such as 0 for a difference.

        Returns:
            Whether the interval leaves it out.
        """
        return value not in self.interval


@attrs.frozen(slots=True)
class PairedEstimates:
    """Two batches' figures and the figures of their differences, from one paired bootstrap.

    Attributes:
        left: Each figure of the left batch.
        right: Each figure of the right batch.
        difference: ``left - right`` for each figure both batches give.

    Example:
        >>> from serenissima.analysis.stats.bootstrap import paired_bootstrap, weighted_mean
        >>> a, b = [3, 4, 5, 6], [1, 2, 3, 4]
        >>> paired = paired_bootstrap(
        ...     4, lambda w: {"x": weighted_mean(w, a)}, lambda w: {"x": weighted_mean(w, b)}
        ... )
        >>> paired.difference["x"].value, paired.difference["x"].interval
        (2.0, Interval(low=2.0, high=2.0))
    """

    left: Mapping[str, Estimate]
    right: Mapping[str, Estimate]
    difference: Mapping[str, Estimate]


def weighted_mean(weights: Sequence[int], values: Sequence[float]) -> float:
    """Return the mean of ``values``, each counted as many times as its weight.

    Args:
        weights: How many times each value was drawn.
        values: One value per game.

    Returns:
        The weighted mean (``nan`` when every weight is zero).

    Example:
        >>> weighted_mean([2, 0, 1], [1.0, 5.0, 4.0])
        2.0
    """
    return weighted_ratio(weights, values, [1.0] * len(values))


def weighted_ratio(
    weights: Sequence[int], numerators: Sequence[float], denominators: Sequence[float]
) -> float:
    """Return ``sum(w * n) / sum(w * d)``: a ratio of sums over the drawn games.

    A ratio of sums (total legal actions over total decisions, say) weighs
    each game by its size, as pooling the games would.

    Args:
        weights: How many times each game was drawn.
        numerators: One numerator per game.
        denominators: One denominator per game.

    Returns:
        The ratio, or ``nan`` when the drawn denominators add up to zero.

    Example:
        >>> weighted_ratio([1, 1], [3.0, 9.0], [1.0, 3.0])
        3.0
        >>> import math
        >>> math.isnan(weighted_ratio([1, 0], [3.0, 9.0], [0.0, 3.0]))
        True
    """
    below = sum(map(mul, weights, denominators))
    if below == 0:
        return math.nan
    return float(sum(map(mul, weights, numerators)) / below)


def percentile(values: Sequence[float], share: float) -> float:
    """Return the ``share`` quantile of ``values``, interpolating between order statistics.

    Args:
        values: At least one number.
        share: Between 0 and 1.

    Returns:
        The quantile (the usual "type 7" definition: linear between the two
        nearest sorted values).

    Raises:
        SerenissimaError: ``values`` is empty or ``share`` is outside ``[0, 1]``.

    Example:
        >>> percentile([4.0, 1.0, 3.0, 2.0], 0.5)
        2.5
        >>> percentile([1.0, 2.0, 3.0], 1.0)
        3.0
    """
    if not values:
        raise ArgumentValueError("a quantile needs at least one value")
    if not 0.0 <= share <= 1.0:
        raise ArgumentValueError(f"a quantile's share must be between 0 and 1, not {share}")
    ordered = sorted(values)
    position = share * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


def _check(games: int, replicates: int, level: float) -> None:
    if isinstance(games, bool) or not isinstance(games, int):
        raise ArgumentTypeError("games", "the number of games, an int", games)
    if games < 1:
        raise ArgumentValueError(f"a bootstrap needs at least one game, not {games}")
    if isinstance(replicates, bool) or not isinstance(replicates, int):
        raise ArgumentTypeError("replicates", "a number of resampled batches, an int", replicates)
    if replicates < 1:
        raise ArgumentValueError(f"a bootstrap needs at least one replicate, not {replicates}")
    if not 0.0 < level < 1.0:
        raise ArgumentValueError(f"the interval's level must be between 0 and 1, not {level}")


def _draws(games: int, replicates: int, seed: int) -> list[list[int]]:
    """The weights of each resampled batch: how many times each game was drawn."""
    rng = random.Random(seed)
    draws = []
    for _ in range(replicates):
        weights = [0] * games
        for index in rng.choices(range(games), k=games):
            weights[index] += 1
        draws.append(weights)
    return draws


def _defined(figures: Mapping[str, float]) -> dict[str, float]:
    return {k: float(v) for k, v in figures.items() if not math.isnan(v)}


def _estimates(
    point: Mapping[str, float], samples: Mapping[str, list[float]], level: float
) -> dict[str, Estimate]:
    tail = (1.0 - level) / 2
    out = {}
    for key, value in point.items():
        drawn = samples.get(key, [])
        if drawn:
            interval = Interval(percentile(drawn, tail), percentile(drawn, 1.0 - tail))
        else:
            interval = Interval(-math.inf, math.inf)
        out[key] = Estimate(value, interval)
    return out


def bootstrap(
    games: int,
    statistic: Statistic,
    *,
    replicates: int = DEFAULT_REPLICATES,
    seed: int = 0,
    level: float = 0.95,
) -> dict[str, Estimate]:
    """Return every figure of ``statistic`` on a batch, with its percentile interval.

    Args:
        games: The number of games in the batch (at least 1).
        statistic: The figures, from the games' weights; a ``nan`` value or a
            missing name means the figure cannot be computed from that draw.
        replicates: How many resampled batches to draw.
        seed: Seed of the draws: the same seed gives the same intervals.
        level: The interval's coverage, between 0 and 1.

    Returns:
        One estimate per figure the batch itself gives.

    Raises:
        SerenissimaError: Fewer than one game or replicate, or a level outside ``(0, 1)``.

    Example:
        >>> from serenissima.analysis.stats.bootstrap import bootstrap, weighted_mean
        >>> lengths = [10, 12, 11, 13, 9, 12]
        >>> figure = bootstrap(6, lambda w: {"mean": weighted_mean(w, lengths)}, seed=3)["mean"]
        >>> figure.value, figure.interval.low <= 11.1667 <= figure.interval.high
        (11.166666666666666, True)
    """
    _check(games, replicates, level)
    point = _defined(statistic([1] * games))
    samples: dict[str, list[float]] = {key: [] for key in point}
    for weights in _draws(games, replicates, seed):
        for key, value in _defined(statistic(weights)).items():
            if key in samples:
                samples[key].append(value)
    return _estimates(point, samples, level)


def paired_bootstrap(
    games: int,
    left: Statistic,
    right: Statistic,
    *,
    replicates: int = DEFAULT_REPLICATES,
    seed: int = 0,
    level: float = 0.95,
) -> PairedEstimates:
    """Bootstrap two batches of paired games together, and each figure's difference.

    Game ``i`` of the left batch and game ``i`` of the right one are drawn
    together, so each resampled batch keeps the pairs: the interval of a
    difference is then narrower than two independent intervals would make
    it, by as much as the paired games have in common. Each side's own
    intervals are those :func:`bootstrap` gives with the same seed.

    Args:
        games: The number of games in each batch (the pairs).
        left: The left batch's figures, from the games' weights.
        right: The right batch's figures, named as the left's where they are comparable.
        replicates: How many resampled batches to draw.
        seed: Seed of the draws.
        level: The intervals' coverage.

    Returns:
        Both sides' estimates, and the estimate of ``left - right`` for every
        name both sides give.

    Raises:
        SerenissimaError: As :func:`bootstrap`.

    Example:
        >>> from serenissima.analysis.stats.bootstrap import paired_bootstrap, weighted_mean
        >>> a = [1, 0, 1, 1, 0, 1, 1, 0]
        >>> b = [0, 0, 1, 0, 0, 1, 0, 0]
        >>> paired = paired_bootstrap(
        ...     8, lambda w: {"wins": weighted_mean(w, a)}, lambda w: {"wins": weighted_mean(w, b)}
        ... )
        >>> paired.left["wins"].value, paired.right["wins"].value, paired.difference["wins"].value
        (0.625, 0.25, 0.375)
    """
    _check(games, replicates, level)
    ones = [1] * games
    points = (_defined(left(ones)), _defined(right(ones)))
    common = [key for key in points[0] if key in points[1]]
    samples: tuple[dict[str, list[float]], ...] = tuple(
        {key: [] for key in point} for point in points
    )
    differences: dict[str, list[float]] = {key: [] for key in common}
    for weights in _draws(games, replicates, seed):
        drawn = (_defined(left(weights)), _defined(right(weights)))
        for side, figures in zip(samples, drawn, strict=True):
            for key, value in figures.items():
                if key in side:
                    side[key].append(value)
        for key in common:
            if key in drawn[0] and key in drawn[1]:
                differences[key].append(drawn[0][key] - drawn[1][key])
    difference_point = {key: points[0][key] - points[1][key] for key in common}
    return PairedEstimates(
        _estimates(points[0], samples[0], level),
        _estimates(points[1], samples[1], level),
        _estimates(difference_point, differences, level),
    )
