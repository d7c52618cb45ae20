"""Small statistics for batches of games: running moments and 95% intervals.

Everything here is plain arithmetic on floats, with no dependency beyond the
standard library, and is meant for the sizes a simulation produces (tens to
tens of thousands of games).

- :class:`Moments` accumulates a count, mean, variance, minimum and maximum one
  value at a time (Welford's method), so that a batch of games need not be kept
  in memory.
- :func:`wilson_interval` is the Wilson score interval of a proportion (a win
  rate): unlike the textbook ``p ± 1.96·sqrt(p(1-p)/n)`` it stays inside
  ``[0, 1]`` and does not shrink to nothing when nobody, or everybody, won.
- :func:`mean_interval` is the normal-approximation interval of a mean,
  ``mean ± 1.96·sd/sqrt(n)``: good for the game counts a simulation uses
  (the approximation is poor below about 30 games).
- :func:`proportion_difference` (Newcombe's hybrid score interval, built from
  two Wilson intervals) and :func:`mean_difference` (Welch's standard error
  with the normal approximation) give the interval of a difference between two
  independent batches; two batches differ clearly when that interval leaves out
  zero, which is a two-sided test at the 5% level.

Example:
    >>> from serenissima.analysis.stats.intervals import Moments, wilson_interval
    >>> m = Moments().add(2).add(4).add(9)
    >>> m.count, m.mean, m.minimum, m.maximum
    (3, 5.0, 2.0, 9.0)
    >>> round(m.sd, 3)
    3.606
    >>> wilson_interval(1, 10).rounded(4)
    Interval(low=0.0179, high=0.4042)
"""

from __future__ import annotations

import math
from typing import Final

import attrs

from serenissima.engine.errors import ArgumentValueError

__all__ = [
    "Z95",
    "Interval",
    "Moments",
    "mean_difference",
    "mean_interval",
    "proportion_difference",
    "wilson_interval",
]

Z95: Final[float] = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


@attrs.frozen(slots=True)
class Interval:
    """A closed interval of real numbers, such as a 95% confidence interval.

    An interval with infinite ends says that nothing is known (a mean of one
    value has no spread to estimate).

    Attributes:
        low: The lower end.
        high: The upper end (not below ``low``).

    Example:
        >>> i = Interval(0.25, 0.5)
        >>> 0.3 in i, 0.6 in i, i.width
        (True, False, 0.25)
        >>> i.overlaps(Interval(0.5, 0.9)), i.overlaps(Interval(0.6, 0.9))
        (True, False)
    """

    low: float
    high: float

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int | float) and self.low <= value <= self.high

    @property
    def width(self) -> float:
        """The length of the interval."""
        return self.high - self.low

    @property
    def finite(self) -> bool:
        """True when both ends are finite numbers."""
        return math.isfinite(self.low) and math.isfinite(self.high)

    def overlaps(self, other: Interval) -> bool:
        """Return True when the two intervals share at least one point.

        Args:
            other: Another interval.

        Returns:
            Whether they overlap (touching ends count).
        """
        return self.low <= other.high and other.low <= self.high

    def rounded(self, digits: int) -> Interval:
        """Return the interval with both ends rounded, for display and examples.

        Args:
            digits: Decimal digits to keep.

        Returns:
            A new interval.

        Example:
            >>> Interval(0.123456, 0.98765).rounded(2)
            Interval(low=0.12, high=0.99)
        """
        return Interval(round(self.low, digits), round(self.high, digits))


@attrs.frozen(slots=True)
class Moments:
    """Count, mean, spread and range of values seen one at a time.

    :meth:`add` returns a new record (Welford's update), so the running
    statistics of a long batch cost a few numbers, not a list of every value.

    Attributes:
        count: How many values were added.
        mean: Their mean (0 before the first).
        m2: The sum of squared deviations from the mean (for the variance).
        minimum: The smallest value (``inf`` before the first).
        maximum: The largest value (``-inf`` before the first).

    Example:
        >>> m = Moments()
        >>> for value in (1, 2, 3, 4):
        ...     m = m.add(value)
        >>> m.mean, round(m.variance, 4), m.interval().rounded(3)
        (2.5, 1.6667, Interval(low=1.235, high=3.765))
    """

    count: int = 0
    mean: float = 0.0
    m2: float = 0.0
    minimum: float = math.inf
    maximum: float = -math.inf

    def add(self, value: float) -> Moments:
        """Return the moments with one more value.

        Args:
            value: The new value.

        Returns:
            A new record; this one is unchanged.
        """
        value = float(value)
        count = self.count + 1
        delta = value - self.mean
        mean = self.mean + delta / count
        return Moments(
            count,
            mean,
            self.m2 + delta * (value - mean),
            min(self.minimum, value),
            max(self.maximum, value),
        )

    @property
    def variance(self) -> float:
        """The sample variance (divided by ``count - 1``; 0 below two values)."""
        return self.m2 / (self.count - 1) if self.count > 1 else 0.0

    @property
    def sd(self) -> float:
        """The sample standard deviation (0 below two values)."""
        return math.sqrt(max(self.variance, 0.0))

    def interval(self, z: float = Z95) -> Interval:
        """Return the interval of the mean; see :func:`mean_interval`.

        Args:
            z: The normal quantile (95% by default).

        Returns:
            The interval.
        """
        return mean_interval(self.mean, self.sd, self.count, z)


def wilson_interval(successes: float, n: int, z: float = Z95) -> Interval:
    """Return the Wilson score interval of a proportion ``successes / n``.

    ``successes`` may be fractional (a win shared by ``k`` seats counts
    ``1/k``); the interval then treats the sum as a count of whole successes,
    which slightly overstates the spread: the interval is a little wider than
    it needs to be, never narrower.

    Args:
        successes: The number of successes, between 0 and ``n``.
        n: The number of trials (at least 1).
        z: The normal quantile (95% by default).

    Returns:
        The interval, inside ``[0, 1]``; it starts at exactly 0 when there is
        no success and ends at exactly 1 when every trial is one.

    Raises:
        SerenissimaError: ``n`` is below 1 or ``successes`` is outside ``[0, n]``.

    Example:
        >>> wilson_interval(5, 10).rounded(4)
        Interval(low=0.2366, high=0.7634)
        >>> wilson_interval(0, 10).rounded(4)
        Interval(low=0.0, high=0.2775)
        >>> wilson_interval(10, 10).rounded(4)
        Interval(low=0.7225, high=1.0)
    """
    if n < 1:
        raise ArgumentValueError(f"a proportion needs at least one trial, not {n}")
    if not 0 <= successes <= n:
        raise ArgumentValueError(f"successes must be between 0 and {n}, not {successes}")
    p = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Interval(low, high)


def mean_interval(mean: float, sd: float, n: int, z: float = Z95) -> Interval:
    """Return the normal-approximation interval of a mean, ``mean ± z·sd/sqrt(n)``.

    Args:
        mean: The sample mean.
        sd: The sample standard deviation.
        n: The number of values.
        z: The normal quantile (95% by default).

    Returns:
        The interval; infinite on both sides below two values, which say
        nothing about the spread.

    Raises:
        SerenissimaError: ``sd`` is negative.

    Example:
        >>> mean_interval(10.0, 2.0, 4).rounded(2)
        Interval(low=8.04, high=11.96)
        >>> mean_interval(3.0, 0.0, 1)
        Interval(low=-inf, high=inf)
    """
    if sd < 0:
        raise ArgumentValueError(f"a standard deviation cannot be negative: {sd}")
    if n < 2:
        return Interval(-math.inf, math.inf)
    half = z * sd / math.sqrt(n)
    return Interval(mean - half, mean + half)


def proportion_difference(
    successes_a: float, n_a: int, successes_b: float, n_b: int, z: float = Z95
) -> Interval:
    """Return the interval of ``p_a - p_b`` for two independent proportions.

    This is Newcombe's hybrid score interval: it combines the two Wilson
    intervals, so it behaves at rates near 0 and 1 as they do.

    Args:
        successes_a: Successes of the first batch (may be fractional).
        n_a: Trials of the first batch.
        successes_b: Successes of the second batch.
        n_b: Trials of the second batch.
        z: The normal quantile (95% by default).

    Returns:
        The interval of the difference, inside ``[-1, 1]``.

    Raises:
        SerenissimaError: As :func:`wilson_interval`.

    Example:
        >>> proportion_difference(56, 70, 48, 80).rounded(4)
        Interval(low=0.0524, high=0.3339)
    """
    a, b = wilson_interval(successes_a, n_a, z), wilson_interval(successes_b, n_b, z)
    p_a, p_b = successes_a / n_a, successes_b / n_b
    d = p_a - p_b
    low = d - math.sqrt((p_a - a.low) ** 2 + (b.high - p_b) ** 2)
    high = d + math.sqrt((a.high - p_a) ** 2 + (p_b - b.low) ** 2)
    return Interval(max(-1.0, low), min(1.0, high))


def mean_difference(a: Moments, b: Moments, z: float = Z95) -> Interval:
    """Return the interval of ``mean_a - mean_b`` for two independent batches.

    The standard error is Welch's, ``sqrt(sd_a²/n_a + sd_b²/n_b)``, with the
    normal approximation (no equal variances assumed).

    Args:
        a: The first batch.
        b: The second batch.
        z: The normal quantile (95% by default).

    Returns:
        The interval; infinite when a batch has fewer than two values.

    Example:
        >>> a = Moments(count=100, mean=10.0, m2=99 * 4.0)  # sd 2
        >>> b = Moments(count=100, mean=9.0, m2=99 * 1.0)  # sd 1
        >>> mean_difference(a, b).rounded(3)
        Interval(low=0.562, high=1.438)
    """
    if a.count < 2 or b.count < 2:
        return Interval(-math.inf, math.inf)
    d = a.mean - b.mean
    half = z * math.sqrt(a.variance / a.count + b.variance / b.count)
    return Interval(d - half, d + half)
