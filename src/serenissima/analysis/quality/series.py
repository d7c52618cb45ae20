"""Measures on a series of scores: who leads, how often the lead changes, how far behind.

A game's *points* are the seats' scores at successive checkpoints (see
:mod:`serenissima.analysis.quality.trace`); these functions read such a series.
They are plain functions of numbers, so a hand-made series checks them.

Example:
    >>> from serenissima.analysis.quality.series import lead_changes, leaders
    >>> points = [(1, 0, 0), (1, 2, 0), (1, 2, 3)]
    >>> leaders(points[-1]), lead_changes(points)
    ((2,), 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from serenissima.engine.errors import ArgumentValueError

__all__ = ["lead_changes", "leaders", "worst_deficits"]

_TIE: Final = 1e-9
"""Scores closer than this are level."""


def leaders(scores: Sequence[float]) -> tuple[int, ...]:
    """Return the seats with the highest score (within ``1e-9``), in seat order.

    Args:
        scores: Each seat's score.

    Returns:
        The leading seats; several when they are level.

    Example:
        >>> leaders([3.0, 5.0, 5.0]), leaders([7, 1])
        ((1, 2), (0,))
    """
    top = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score >= top - _TIE)


def lead_changes(points: Iterable[Sequence[float]]) -> int:
    """Count how many times the lead passes from one seat to another along a series of scores.

    Only a sole leader holds the lead: while seats are level the lead stays
    with the seat that held it, and the first sole leader takes it without a
    change.

    Args:
        points: The seats' scores at successive checkpoints.

    Returns:
        The number of changes of sole leader.

    Example:
        >>> lead_changes([(1, 1), (2, 1), (2, 2), (2, 3), (4, 3), (5, 3)])
        2
    """
    changes = 0
    holder: int | None = None
    for scores in points:
        ahead = leaders(scores)
        if len(ahead) == 1:
            if holder is not None and ahead[0] != holder:
                changes += 1
            holder = ahead[0]
    return changes


def worst_deficits(points: Iterable[Sequence[float]]) -> tuple[float, ...]:
    """Return each seat's largest shortfall behind the leader, as a share of the leader's score.

    At each checkpoint a seat's deficit is ``(top - score) / top`` (0 when
    the top score is not positive); the worst over the series is kept. The
    worst deficit of the eventual winner is the game's *drama*.

    Args:
        points: The seats' scores at successive checkpoints (at least one).

    Returns:
        One value per seat, between 0 and 1 for scores that are not negative.

    Raises:
        SerenissimaError: ``points`` is empty.

    Example:
        >>> worst_deficits([(10.0, 5.0), (8.0, 10.0), (12.0, 12.0)])
        (0.2, 0.5)
    """
    worst: list[float] | None = None
    for scores in points:
        top = max(scores)
        now = [(top - s) / top if top > 0 else 0.0 for s in scores]
        worst = now if worst is None else [max(a, b) for a, b in zip(worst, now, strict=True)]
    if worst is None:
        raise ArgumentValueError("a deficit needs at least one checkpoint")
    return tuple(worst)
