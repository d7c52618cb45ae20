"""Running moments and 95% intervals, against published values and edge cases."""

from __future__ import annotations

import math
import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

from serenissima.analysis.stats.intervals import (
    Z95,
    Interval,
    Moments,
    mean_difference,
    mean_interval,
    proportion_difference,
    wilson_interval,
)
from serenissima.engine.errors import SerenissimaError


def _close(interval: Interval, low: float, high: float, digits: int = 4) -> bool:
    return (round(interval.low, digits), round(interval.high, digits)) == (low, high)


# Wilson


@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    [
        # Newcombe (1998), Statistics in Medicine 17, table I, method 3 (score interval)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        # Agresti and Coull (1998): 1 success in 10
        (1, 10, 0.0179, 0.4042),
        (5, 10, 0.2366, 0.7634),
    ],
)
def test_wilson_interval_matches_published_values(
    successes: int, n: int, low: float, high: float
) -> None:
    assert _close(wilson_interval(successes, n), low, high)


def test_wilson_interval_at_zero_and_n_stops_at_the_bound() -> None:
    n = 40
    none = wilson_interval(0, n)
    every = wilson_interval(n, n)
    assert none.low == 0.0
    assert every.high == 1.0
    # at the bounds the interval's other end is z²/(n + z²) from it
    assert math.isclose(none.high, Z95**2 / (n + Z95**2))
    assert math.isclose(every.low, n / (n + Z95**2))


def test_wilson_interval_of_one_trial() -> None:
    assert _close(wilson_interval(1, 1), 0.2065, 1.0)
    assert _close(wilson_interval(0, 1), 0.0, 0.7935)


def test_wilson_interval_takes_fractional_successes() -> None:
    """A win shared by two seats counts a half: the interval moves between its neighbours."""
    below, half, above = wilson_interval(3, 10), wilson_interval(3.5, 10), wilson_interval(4, 10)
    assert below.low < half.low < above.low
    assert below.high < half.high < above.high
    assert 0.35 in half


def test_wilson_interval_narrows_with_more_trials() -> None:
    widths = [wilson_interval(n // 4, n).width for n in (20, 80, 320, 1280)]
    assert widths == sorted(widths, reverse=True)
    # about halving for four times the trials
    assert 0.45 < widths[-1] / widths[-2] < 0.55


@given(st.integers(1, 500), st.data())
def test_wilson_interval_is_symmetric_and_holds_the_rate(n: int, data: st.DataObject) -> None:
    successes = data.draw(st.integers(0, n))
    interval = wilson_interval(successes, n)
    mirror = wilson_interval(n - successes, n)
    assert 0.0 <= interval.low <= successes / n <= interval.high <= 1.0
    assert math.isclose(interval.low, 1 - mirror.high, abs_tol=1e-12)
    assert math.isclose(interval.high, 1 - mirror.low, abs_tol=1e-12)


@pytest.mark.parametrize(("successes", "n"), [(0, 0), (1, 0), (-1, 10), (11, 10), (10.5, 10)])
def test_wilson_interval_refuses_impossible_counts(successes: float, n: int) -> None:
    with pytest.raises(SerenissimaError):
        wilson_interval(successes, n)


# Means and moments


def test_mean_interval_known_values() -> None:
    assert _close(mean_interval(10.0, 2.0, 4), 8.04, 11.96, 2)
    interval = mean_interval(100.0, 15.0, 225)
    assert math.isclose(interval.low, 100 - Z95)
    assert math.isclose(interval.high, 100 + Z95)


def test_mean_interval_of_constant_values_is_a_point() -> None:
    assert mean_interval(8.0, 0.0, 50) == Interval(8.0, 8.0)


@pytest.mark.parametrize("n", [0, 1])
def test_mean_interval_below_two_values_is_unbounded(n: int) -> None:
    interval = mean_interval(3.0, 0.0, n)
    assert interval == Interval(-math.inf, math.inf)
    assert not interval.finite


def test_mean_interval_refuses_a_negative_spread() -> None:
    with pytest.raises(SerenissimaError, match="negative"):
        mean_interval(1.0, -0.5, 10)


@given(st.lists(st.integers(-1000, 1000), min_size=2, max_size=200))
def test_moments_agree_with_the_statistics_module(values: list[int]) -> None:
    m = Moments()
    for value in values:
        m = m.add(value)
    assert m.count == len(values)
    assert math.isclose(m.mean, statistics.mean(values), abs_tol=1e-9)
    assert math.isclose(m.sd, statistics.stdev(values), rel_tol=1e-9, abs_tol=1e-9)
    assert (m.minimum, m.maximum) == (min(values), max(values))
    assert m.interval() == mean_interval(m.mean, m.sd, m.count)


def test_empty_and_single_moments() -> None:
    empty = Moments()
    assert (empty.count, empty.mean, empty.variance, empty.sd) == (0, 0.0, 0.0, 0.0)
    one = empty.add(7)
    assert (one.count, one.mean, one.sd, one.minimum, one.maximum) == (1, 7.0, 0.0, 7.0, 7.0)
    assert empty.count == 0  # adding made a new record


# Differences


@pytest.mark.parametrize(
    ("a", "n_a", "b", "n_b", "low", "high"),
    [
        # Newcombe (1998), Statistics in Medicine 17, table II, method 10 (hybrid score)
        (56, 70, 48, 80, 0.0524, 0.3339),
        (9, 10, 3, 10, 0.1705, 0.8090),
        (6, 7, 2, 7, 0.0582, 0.8062),
        (5, 56, 0, 29, -0.0381, 0.1926),
    ],
)
def test_proportion_difference_matches_published_values(
    a: int, n_a: int, b: int, n_b: int, low: float, high: float
) -> None:
    assert _close(proportion_difference(a, n_a, b, n_b), low, high)


def test_proportion_difference_of_equal_rates_holds_zero() -> None:
    assert 0.0 in proportion_difference(30, 100, 30, 100)
    assert 0.0 in proportion_difference(0, 100, 0, 100)
    assert 0.0 in proportion_difference(100, 100, 100, 100)
    extreme = proportion_difference(100, 100, 0, 100)
    assert 0.0 not in extreme
    assert extreme.high == 1.0


def test_mean_difference_known_values() -> None:
    a = Moments(count=100, mean=10.0, m2=99 * 4.0)
    b = Moments(count=100, mean=9.0, m2=99 * 1.0)
    interval = mean_difference(a, b)
    half = Z95 * math.sqrt(4 / 100 + 1 / 100)
    assert math.isclose(interval.low, 1 - half)
    assert math.isclose(interval.high, 1 + half)
    assert mean_difference(b, a) == Interval(-interval.high, -interval.low)


def test_mean_difference_of_constants() -> None:
    a = Moments(count=10, mean=8.0, m2=0.0)
    b = Moments(count=10, mean=7.5, m2=0.0)
    assert mean_difference(a, b) == Interval(0.5, 0.5)
    assert mean_difference(a, a) == Interval(0.0, 0.0)


def test_mean_difference_with_one_value_is_unbounded() -> None:
    one = Moments().add(3)
    many = Moments(count=10, mean=3.0, m2=9.0)
    assert not mean_difference(one, many).finite


# Interval


def test_interval_membership_and_overlap() -> None:
    interval = Interval(1.0, 2.0)
    assert 1.0 in interval
    assert 2.0 in interval
    assert 2.5 not in interval
    assert "1.5" not in interval
    assert interval.overlaps(Interval(2.0, 3.0))
    assert not interval.overlaps(Interval(2.1, 3.0))
    assert Interval(0.0, 5.0).overlaps(interval)
    assert interval.width == 1.0
