"""Bootstrap intervals: known quantiles, coverage of known values, pairing, reproducibility."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from serenissima.analysis.stats.bootstrap import (
    bootstrap,
    paired_bootstrap,
    percentile,
    weighted_mean,
    weighted_ratio,
)
from serenissima.analysis.stats.intervals import wilson_interval
from serenissima.engine.errors import ArgumentTypeError, SerenissimaError


def test_percentile_interpolates_between_order_statistics() -> None:
    values = [10.0, 20.0, 30.0, 40.0, 50.0]
    assert percentile(values, 0.0) == 10.0
    assert percentile(values, 1.0) == 50.0
    assert percentile(values, 0.5) == 30.0
    assert percentile(values, 0.1) == pytest.approx(14.0)
    assert percentile([7.0], 0.3) == 7.0


@given(st.lists(st.floats(-1e6, 1e6), min_size=1, max_size=40), st.floats(0, 1), st.floats(0, 1))
def test_percentile_is_monotone_and_within_the_values(
    values: list[float], a: float, b: float
) -> None:
    low, high = sorted((a, b))
    assert min(values) <= percentile(values, low) <= percentile(values, high) <= max(values)


@pytest.mark.parametrize(("values", "share"), [([], 0.5), ([1.0], -0.1), ([1.0], 1.5)])
def test_percentile_refuses_bad_input(values: list[float], share: float) -> None:
    with pytest.raises(SerenissimaError):
        percentile(values, share)


def test_weights_count_each_game_as_often_as_it_was_drawn() -> None:
    assert weighted_mean([1, 1, 1], [1.0, 2.0, 6.0]) == 3.0
    assert weighted_mean([3, 0, 0], [1.0, 2.0, 6.0]) == 1.0
    assert weighted_ratio([1, 2], [4.0, 1.0], [2.0, 1.0]) == 1.5
    assert math.isnan(weighted_ratio([0, 1], [4.0, 1.0], [2.0, 0.0]))


def test_a_constant_has_a_point_interval() -> None:
    estimate = bootstrap(10, lambda w: {"x": weighted_mean(w, [4.0] * 10)}, replicates=50)["x"]
    assert (estimate.value, estimate.interval.low, estimate.interval.high) == (4.0, 4.0, 4.0)


def test_the_same_seed_gives_the_same_intervals() -> None:
    rng = random.Random(3)
    values = [rng.random() for _ in range(30)]

    def stat(w: list[int]) -> dict[str, float]:
        return {"m": weighted_mean(w, values)}

    assert bootstrap(30, stat, seed=5) == bootstrap(30, stat, seed=5)
    assert bootstrap(30, stat, seed=5) != bootstrap(30, stat, seed=6)


def test_the_interval_of_a_win_share_is_close_to_wilsons() -> None:
    wins = [1.0] * 30 + [0.0] * 70
    estimate = bootstrap(100, lambda w: {"p": weighted_mean(w, wins)}, seed=2)["p"]
    wilson = wilson_interval(30, 100)
    assert estimate.value == 0.3
    assert abs(estimate.interval.low - wilson.low) < 0.03
    assert abs(estimate.interval.high - wilson.high) < 0.03


def test_intervals_cover_known_values_about_95_times_in_100() -> None:
    """Draw 120 batches of 60 games from a known win rate and a known mean; count the hits."""
    rng = random.Random(11)
    p, mu = 0.3, 5.0
    hits = {"p": 0, "mean": 0}
    for trial in range(120):
        wins = [float(rng.random() < p) for _ in range(60)]
        lengths = [rng.gauss(mu, 2.0) for _ in range(60)]
        found = bootstrap(
            60,
            lambda w, wins=wins, lengths=lengths: {
                "p": weighted_mean(w, wins),
                "mean": weighted_mean(w, lengths),
            },
            replicates=300,
            seed=trial,
        )
        hits["p"] += p in found["p"].interval
        hits["mean"] += mu in found["mean"].interval
    assert 0.87 <= hits["p"] / 120 <= 1.0
    assert 0.87 <= hits["mean"] / 120 <= 1.0


def test_pairs_make_the_difference_narrower_than_the_sides() -> None:
    """Game i of both batches shares most of its value: the paired difference is tight."""
    rng = random.Random(4)
    shared = [rng.gauss(10, 3) for _ in range(80)]
    left = [v + 1.0 + rng.gauss(0, 0.2) for v in shared]
    right = [v + rng.gauss(0, 0.2) for v in shared]
    paired = paired_bootstrap(
        80,
        lambda w: {"x": weighted_mean(w, left)},
        lambda w: {"x": weighted_mean(w, right)},
        seed=1,
    )
    difference = paired.difference["x"]
    assert 1.0 in difference.interval
    assert difference.excludes(0.0)
    assert difference.interval.width < paired.left["x"].interval.width / 5
    alone = bootstrap(80, lambda w: {"x": weighted_mean(w, left)}, seed=1)
    assert alone["x"] == paired.left["x"]


def test_a_figure_one_side_lacks_has_no_difference() -> None:
    paired = paired_bootstrap(
        3,
        lambda w: {"a": 1.0, "b": 2.0},
        lambda w: {"a": 0.5},
        replicates=10,
    )
    assert set(paired.difference) == {"a"}
    assert set(paired.left) == {"a", "b"}


def test_draws_without_the_figure_are_left_out() -> None:
    """A ratio with no denominator in a draw is not a figure of that draw."""
    numerators, denominators = [1.0, 0.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0]
    found = bootstrap(
        4, lambda w: {"r": weighted_ratio(w, numerators, denominators)}, replicates=200
    )
    assert found["r"].value == 1.0
    assert (found["r"].interval.low, found["r"].interval.high) == (1.0, 1.0)
    never = bootstrap(2, lambda w: {"r": math.nan}, replicates=5)
    assert never == {}


@pytest.mark.parametrize(
    ("games", "replicates", "level"), [(0, 10, 0.95), (5, 0, 0.95), (5, 10, 1.0), (5, 10, 0.0)]
)
def test_bad_arguments_are_refused(games: int, replicates: int, level: float) -> None:
    with pytest.raises(SerenissimaError):
        bootstrap(games, lambda w: {"x": 1.0}, replicates=replicates, level=level)


def test_a_game_count_of_the_wrong_type_is_a_type_error() -> None:
    with pytest.raises(ArgumentTypeError):
        bootstrap(2.5, lambda w: {"x": 1.0})  # type: ignore[arg-type]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.floats(0, 100), min_size=2, max_size=25), st.integers(0, 1000))
def test_the_interval_of_a_mean_stays_within_the_values(values: list[float], seed: int) -> None:
    estimate = bootstrap(
        len(values), lambda w: {"m": weighted_mean(w, values)}, replicates=200, seed=seed
    )["m"]
    slack = 1e-9 * (1 + max(values))  # a mean of equal values may round off its last bit
    assert min(values) - slack <= estimate.interval.low <= estimate.interval.high
    assert estimate.interval.high <= max(values) + slack
