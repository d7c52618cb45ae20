"""Fitting a value model to positions, and how well it predicts games it has not seen.

:func:`fit_weights` fits the conditional-logit model of
:mod:`serenissima.engine.value_model` to positions (:mod:`~serenissima.analysis.values.data`) by
Newton's method on the cross-entropy between each position's predicted
chances and the shares of the win the seats ended with, with a small ridge
penalty; it is pure Python (four weights), exact and deterministic.
:func:`fit_monotone` fits the same model so that, at every stage of the game, a
seat's chances never fall as a feature rises (its weight plus its
progress-weighted twin's stays at or above 0 from start to end): a search
maximising the chances then never gains by lowering its own estimate.
:func:`held_out` scores weights on other games: the mean cross-entropy (log
loss, against ``ln P`` for knowing nothing), how often the favourite won, the
same by stage of the game, and a calibration table (the chances predicted,
in bins, against the share of those seats that won).

Example:
    >>> from serenissima.analysis.values.data import Position
    >>> lead = Position(0, 0.9, ((30.0, 27.0, 30.0, 27.0), (20.0, 18.0, 20.0, 18.0)), (1.0, 0.0))
    >>> close = Position(1, 0.5, ((25.0, 12.5, 20.0, 10.0), (24.0, 12.0, 21.0, 10.5)), (0.0, 1.0))
    >>> weights = fit_weights([lead, close] * 5)
    >>> held_out(weights, [lead]).accuracy
    1.0
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from serenissima.analysis.values.data import Position
from serenissima.engine.errors import ArgumentValueError

__all__ = [
    "BINS",
    "STAGES",
    "Calibration",
    "HeldOut",
    "chances",
    "fit_monotone",
    "fit_weights",
    "held_out",
]

BINS: int = 10
"""The calibration table's bins of predicted chance, of equal width."""

STAGES: tuple[tuple[float, float], ...] = ((0.0, 1 / 3), (1 / 3, 2 / 3), (2 / 3, 1.0001))
"""The stages of a game the held-out figures are also given for: thirds of its progress."""


def chances(weights: Sequence[float], rows: Sequence[Sequence[float]]) -> list[float]:
    """Each seat's predicted chance of winning: the softmax of its weighted features.

    Example:
        >>> [round(c, 3) for c in chances([1.0], [[2.0], [1.0]])]
        [0.731, 0.269]
    """
    utilities = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in rows]
    top = max(utilities)
    powers = [math.exp(u - top) for u in utilities]
    total = sum(powers)
    return [p / total for p in powers]


def fit_weights(
    positions: Sequence[Position],
    columns: Sequence[int] | None = None,
    ridge: float = 1e-4,
    steps: int = 50,
) -> tuple[float, ...]:
    """Fit the model's weights to ``positions``: each seat's chance of ending with the win.

    Args:
        positions: The training positions.
        columns: The features used (indexes; ``None``: all); the others weigh 0.
        ridge: The penalty on the squared weights, per position, on features
            scaled to unit spread (so that it weighs alike on each).
        steps: The most Newton steps.

    Returns:
        One weight per feature, in the features' order (0 for those not used).

    Raises:
        ArgumentValueError: No positions.

    Example:
        >>> from serenissima.analysis.values.data import Position
        >>> ahead = Position(0, 1.0, ((3.0,), (1.0,)), (1.0, 0.0))
        >>> behind = Position(1, 1.0, ((1.0,), (3.0,)), (1.0, 0.0))
        >>> fit_weights([ahead, ahead, ahead, behind])[0] > 0
        True
    """
    if not positions:
        raise ArgumentValueError("no positions to fit a value model to")
    width = len(positions[0].features[0])
    used = list(range(width)) if columns is None else list(columns)
    spread = _spread(positions, used)
    data = [
        ([[row[c] / s for c, s in zip(used, spread, strict=True)] for row in p.features], p.shares)
        for p in positions
    ]
    k = len(used)
    w = [0.0] * k
    loss = _loss(w, data, ridge)
    for _ in range(steps):
        grad, hess = _derivatives(w, data, ridge)
        step = _solve(hess, grad)
        scale = 1.0
        while True:  # backtracking: the loss is convex, a short enough step lowers it
            trial = [a - scale * b for a, b in zip(w, step, strict=True)]
            new = _loss(trial, data, ridge)
            if new <= loss or scale < 1e-6:
                break
            scale /= 2
        done = loss - new < 1e-12
        w, loss = trial, min(new, loss)
        if done:
            break
    weights = [0.0] * width
    for c, s, value in zip(used, spread, w, strict=True):
        weights[c] = value / s
    return tuple(weights)


def fit_monotone(
    positions: Sequence[Position],
    pairs: Sequence[tuple[int, int]],
    ridge: float = 1e-4,
    steps: int = 50,
) -> tuple[float, ...]:
    """Fit the weights so that each paired feature never counts against a seat.

    Each pair ``(i, j)`` names a feature and its twin times the game's progress
    ``p`` (feature ``j`` is feature ``i`` times ``p``): feature ``i`` then weighs
    ``w_i + w_j p`` at progress ``p``, and the fit keeps that at or above 0
    over the whole game, that is ``w_i >= 0`` and ``w_i + w_j >= 0``. Written
    with the features ``x (1 - p)`` and ``x p`` instead, these are bounds at 0
    on their weights; the loss being convex, the best weights are those of
    the subset of features left free whose unbounded fit breaks no bound and
    has the lowest training loss, which the function finds by trying each
    subset (``2 ** (2 * len(pairs))`` fits at most, one when the unbounded fit
    already keeps the bounds).

    Args:
        positions: The training positions.
        pairs: The features and their progress-weighted twins, as index pairs.
        ridge: As for :func:`fit_weights`.
        steps: As for :func:`fit_weights`.

    Returns:
        One weight per feature, in the features' order.

    Raises:
        ArgumentValueError: No positions, or pairs that name a feature twice
            or one the positions lack.

    Example:
        >>> from serenissima.analysis.values.data import Position
        >>> early = Position(0, 0.0, ((1.0, 0.0), (3.0, 0.0)), (1.0, 0.0))
        >>> late = Position(1, 1.0, ((3.0, 3.0), (1.0, 1.0)), (1.0, 0.0))
        >>> weights = fit_monotone([early, late, late], [(0, 1)])
        >>> weights[0] >= 0 and weights[0] + weights[1] >= 0
        True
        >>> fit_weights([early, late, late])[0] < 0
        True
    """
    if not positions:
        raise ArgumentValueError("no positions to fit a value model to")
    width = len(positions[0].features[0])
    named = [c for pair in pairs for c in pair]
    if len(set(named)) != len(named) or not all(0 <= c < width for c in named):
        raise ArgumentValueError(f"pairs must name distinct features below {width}, got {pairs}")
    split = [_split(p, pairs) for p in positions]
    free = [c for c in range(width) if c not in named]
    best: tuple[float, tuple[float, ...]] | None = None
    for mask in range(1 << len(named)):  # mask 0 first: every feature free
        kept = [c for k, c in enumerate(named) if not mask >> k & 1]
        columns = sorted(free + kept)
        weights = fit_weights(split, columns, ridge, steps) if columns else (0.0,) * width
        if any(weights[c] < 0.0 for c in named):
            continue
        loss = _mean_loss(weights, split)
        if best is None or loss < best[0]:
            best = (loss, weights)
        if mask == 0:
            break  # the unbounded fit keeps the bounds: it is the best
    assert best is not None  # every feature at 0 keeps the bounds
    out = list(best[1])
    for i, j in pairs:  # back to the features x and x p: w_i = a, w_j = b - a
        out[j] -= out[i]
    return tuple(out)


def _split(position: Position, pairs: Sequence[tuple[int, int]]) -> Position:
    """``position`` with each pair's feature ``x`` written as ``x (1 - p)`` beside ``x p``."""
    rows = []
    for row in position.features:
        new = list(row)
        for i, j in pairs:
            new[i] = row[i] - row[j]
        rows.append(tuple(new))
    return attrs.evolve(position, features=tuple(rows))


def _mean_loss(weights: Sequence[float], positions: Sequence[Position]) -> float:
    """The mean cross-entropy of ``weights``' chances and the shares won."""
    total = sum(_cross_entropy(p.shares, chances(weights, p.features)) for p in positions)
    return total / len(positions)


def _cross_entropy(shares: Sequence[float], predicted: Sequence[float]) -> float:
    """The cross-entropy of predicted chances and the shares of the win the seats ended with."""
    return -sum(y * math.log(max(c, 1e-300)) for y, c in zip(shares, predicted, strict=True))


def _spread(positions: Sequence[Position], used: list[int]) -> list[float]:
    """The standard deviation of each used feature over every seat of every position."""
    out = []
    for c in used:
        values = [row[c] for p in positions for row in p.features]
        mean = sum(values) / len(values)
        var = sum((v - mean) ** 2 for v in values) / len(values)
        out.append(math.sqrt(var) or 1.0)
    return out


def _loss(
    w: list[float], data: list[tuple[list[list[float]], tuple[float, ...]]], ridge: float
) -> float:
    total = 0.0
    for rows, shares in data:
        predicted = chances(w, rows)
        total += _cross_entropy(shares, predicted)
    return total / len(data) + 0.5 * ridge * sum(v * v for v in w)


def _derivatives(
    w: list[float], data: list[tuple[list[list[float]], tuple[float, ...]]], ridge: float
) -> tuple[list[float], list[list[float]]]:
    """The gradient and Hessian of the mean cross-entropy plus the ridge penalty."""
    k = len(w)
    grad = [0.0] * k
    hess = [[0.0] * k for _ in range(k)]
    for rows, shares in data:
        predicted = chances(w, rows)
        mean = [sum(p * row[i] for p, row in zip(predicted, rows, strict=True)) for i in range(k)]
        for p, y, row in zip(predicted, shares, rows, strict=True):
            for i in range(k):
                grad[i] += (p - y) * row[i]
                centred = row[i] - mean[i]
                for j in range(i, k):
                    hess[i][j] += p * centred * (row[j] - mean[j])
    n = len(data)
    for i in range(k):
        grad[i] = grad[i] / n + ridge * w[i]
        for j in range(i, k):
            hess[i][j] = hess[i][j] / n + (ridge if i == j else 0.0)
            hess[j][i] = hess[i][j]
    return grad, hess


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix^-1 vector`` by Gaussian elimination with partial pivoting."""
    k = len(vector)
    a = [[*row, v] for row, v in zip(matrix, vector, strict=True)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        if abs(a[col][col]) < 1e-300:
            continue
        for r in range(k):
            if r != col:
                factor = a[r][col] / a[col][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col], strict=True)]
    return [a[i][k] / a[i][i] if abs(a[i][i]) >= 1e-300 else 0.0 for i in range(k)]


@attrs.frozen
class Calibration:
    """One bin of predicted chance: what was predicted and what happened.

    Attributes:
        low: The bin's lowest predicted chance.
        high: Its highest (excluded, but for the last bin).
        seats: The seats of held-out positions whose predicted chance fell in it.
        predicted: Their mean predicted chance.
        observed: Their mean share of the win.

    Example:
        >>> Calibration(0.2, 0.3, 40, 0.25, 0.275).observed
        0.275
    """

    low: float
    high: float
    seats: int
    predicted: float
    observed: float


@attrs.frozen
class HeldOut:
    """How well weights predict positions of games they were not fitted to.

    Attributes:
        positions: The positions scored.
        log_loss: The mean cross-entropy of the predicted chances and the shares won.
        uniform: The same for equal chances (``ln P``): knowing nothing.
        accuracy: The share of positions whose favourite won (its share of a shared win).
        stages: ``(log_loss, accuracy, positions)`` in each of :data:`STAGES`.
        calibration: The calibration table, one entry per non-empty bin.

    Example:
        >>> HeldOut(10, 0.5, 0.69, 0.7, (), ()).accuracy
        0.7
    """

    positions: int
    log_loss: float
    uniform: float
    accuracy: float
    stages: tuple[tuple[float, float, int], ...]
    calibration: tuple[Calibration, ...]


def held_out(weights: Sequence[float], positions: Sequence[Position]) -> HeldOut:
    """Score ``weights`` on ``positions`` (see :class:`HeldOut`).

    Raises:
        ArgumentValueError: No positions.

    Example:
        >>> from serenissima.analysis.values.data import Position
        >>> p = Position(0, 0.5, ((2.0,), (1.0,)), (1.0, 0.0))
        >>> round(held_out([1.0], [p]).log_loss, 3)
        0.313
    """
    if not positions:
        raise ArgumentValueError("no positions to score")
    losses: list[float] = []
    wins: list[float] = []
    bins = [[0, 0.0, 0.0] for _ in range(BINS)]
    for p in positions:
        predicted = chances(weights, p.features)
        losses.append(_cross_entropy(p.shares, predicted))
        favourite = max(range(len(predicted)), key=predicted.__getitem__)
        wins.append(p.shares[favourite])
        for c, y in zip(predicted, p.shares, strict=True):
            entry = bins[min(BINS - 1, int(c * BINS))]
            entry[0] += 1
            entry[1] += c
            entry[2] += y
    stages = []
    for low, high in STAGES:
        chosen = [i for i, p in enumerate(positions) if low <= p.progress < high]
        if chosen:
            stages.append(
                (
                    sum(losses[i] for i in chosen) / len(chosen),
                    sum(wins[i] for i in chosen) / len(chosen),
                    len(chosen),
                )
            )
        else:
            stages.append((math.nan, math.nan, 0))
    table = tuple(
        Calibration(i / BINS, (i + 1) / BINS, int(n), total / n, won / n)
        for i, (n, total, won) in enumerate(bins)
        if n
    )
    players = len(positions[0].shares)
    return HeldOut(
        len(positions),
        sum(losses) / len(losses),
        math.log(players),
        sum(wins) / len(wins),
        tuple(stages),
        table,
    )
