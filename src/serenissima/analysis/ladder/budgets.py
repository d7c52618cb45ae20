"""Whether more thought helps: a ladder's pairings of one search bot at two budgets.

A budget ladder plays one search kind at several budgets
(``ismcts-learned:25,ismcts-learned:100,ismcts-learned:400``, or the same in
seconds) against each other. The soundness check of a search player is that
the larger budget never plays worse: at two seats it should win more than half
of the games against the smaller, and with the ``one`` seating it should win
more than the fair ``1/players`` when it sits alone among the smaller budget's
seats. :func:`budget_steps` picks those pairings out of a ladder, and a
:class:`BudgetStep` says whether the larger budget's share is above the fair
share with 95% confidence (the low end of its Wilson interval above it).

Example:
    >>> from serenissima.analysis.ladder.run import run_ladder
    >>> from serenissima.analysis.ladder.budgets import budget_steps
    >>> agents = ["ismcts:2", "ismcts:8"]
    >>> (ladder,) = run_ladder(["modern"], agents, [2], games=2, replicates=5)
    >>> (step,) = budget_steps(ladder)
    >>> step.smaller, step.larger, step.games, step.fair
    ('ismcts:2', 'ismcts:8', 2, 0.5)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import attrs

from serenissima.agents.kinds import SEARCH_KINDS, split_kind
from serenissima.analysis.ladder.run import Ladder
from serenissima.analysis.stats.intervals import Interval, wilson_interval
from serenissima.engine.errors import ArgumentValueError

__all__ = ["DEFAULT_RATIO", "BudgetStep", "budget_steps", "budget_table"]

DEFAULT_RATIO: Final[float] = 4.0
"""How many times the smaller budget a step's larger budget is, unless told otherwise."""


@attrs.frozen
class BudgetStep:
    """One search kind at a budget against the same kind at a smaller budget.

    Attributes:
        ruleset: The ruleset's ID.
        players: The number of seats.
        seating: ``alternate`` (the two budgets take turns at every seat; the
            share is of every game) or ``one`` (each sits alone among the
            other's seats in turn; the share is the larger's, of the games it
            sat alone).
        smaller: The agent kind with the smaller budget.
        larger: The agent kind with the larger budget.
        games: The games the share is taken over.
        wins: The larger budget's share of the win, summed over those games.
        fair: The share an even contest gives it: 1/2 with the ``alternate``
            seating, ``1/players`` alone.

    Example:
        >>> step = BudgetStep("classic", 2, "alternate", "ismcts:100", "ismcts:400", 48, 33.0, 0.5)
        >>> round(step.share, 3), step.interval.rounded(3), step.holds
        (0.688, Interval(low=0.547, high=0.801), True)
    """

    ruleset: str
    players: int
    seating: str
    smaller: str
    larger: str
    games: int
    wins: float
    fair: float

    @property
    def share(self) -> float:
        """The larger budget's share of the win (the fair share without a game)."""
        return self.wins / self.games if self.games else self.fair

    @property
    def interval(self) -> Interval:
        """The 95% Wilson interval of :attr:`share`."""
        return wilson_interval(self.wins, self.games)

    @property
    def holds(self) -> bool:
        """Whether the larger budget beats the fair share with 95% confidence."""
        return self.games > 0 and self.interval.low > self.fair

    def to_dict(self) -> dict[str, Any]:
        """The step as JSON-ready data (figures rounded to 6 digits)."""
        interval = self.interval
        return {
            **attrs.asdict(self),
            "wins": round(self.wins, 6),
            "share": round(self.share, 6),
            "interval": [round(interval.low, 6), round(interval.high, 6)],
            "holds": self.holds,
        }


def _budget(kind: str) -> tuple[str, str, float] | None:
    """A search kind's name, budget unit and size; ``None`` for an agent without a budget."""
    name, iterations, seconds = split_kind(kind)
    if name not in SEARCH_KINDS or (iterations is None and seconds is None):
        return None
    if iterations is not None:
        return name, "iterations", float(iterations)
    assert seconds is not None
    return name, "seconds", seconds


def budget_steps(
    ladder: Ladder | Mapping[str, Any], ratio: float = DEFAULT_RATIO
) -> tuple[BudgetStep, ...]:
    """Return the pairings of a ladder in which one budget is ``ratio`` times the other.

    Both agents of a step are the same search kind with budgets in the same
    unit (iterations or seconds); pairings with any other agent are left out.

    Args:
        ladder: A :class:`~serenissima.analysis.ladder.run.Ladder`, or its
            :meth:`~serenissima.analysis.ladder.run.Ladder.to_dict` data as read
            back from JSON.
        ratio: The larger budget over the smaller, above 1.

    Returns:
        The steps, in the ladder's order of pairings.

    Raises:
        ArgumentValueError: A ratio that is not above 1, or a ladder with the
            ``one`` seating whose pairings did not keep their seats.

    Example:
        >>> ladder = {"ruleset": "modern", "players": 2, "pairings": [
        ...     {"agents": ["ismcts:400", "ismcts:100"], "games": 48, "wins": 31.5},
        ...     {"agents": ["greedy", "ismcts:100"], "games": 48, "wins": 2.0}]}
        >>> [(s.larger, s.smaller, s.wins) for s in budget_steps(ladder)]
        [('ismcts:400', 'ismcts:100', 31.5)]
    """
    if not ratio > 1.0:
        raise ArgumentValueError(f"expected a budget ratio above 1, got {ratio!r}")
    data = ladder.to_dict() if isinstance(ladder, Ladder) else ladder
    seating = str(data.get("seating", "alternate"))
    players = int(data["players"])
    steps = []
    for pairing in data["pairings"]:
        first, second = pairing["agents"]
        a, b = _budget(first), _budget(second)
        if a is None or b is None or a[:2] != b[:2]:
            continue
        if abs(b[2] - ratio * a[2]) <= 1e-9 * b[2]:
            larger_is = "second"
        elif abs(a[2] - ratio * b[2]) <= 1e-9 * a[2]:
            larger_is = "first"
        else:
            continue
        smaller, larger = (second, first) if larger_is == "first" else (first, second)
        if seating == "alternate":
            games = int(pairing["games"])
            first_wins = float(pairing["wins"])
            wins = first_wins if larger_is == "first" else games - first_wins
            fair = 0.5
        else:
            alone = pairing.get("alone", {}).get(larger_is)
            if alone is None:
                raise ArgumentValueError(
                    f"the {seating!r} seating of {first} and {second} kept no seats"
                )
            games, wins, fair = int(alone["games"]), float(alone["wins"]), 1.0 / players
        steps.append(
            BudgetStep(str(data["ruleset"]), players, seating, smaller, larger, games, wins, fair)
        )
    return tuple(steps)


def budget_table(steps: tuple[BudgetStep, ...] | list[BudgetStep]) -> str:
    """Return budget steps as a Markdown table: who met whom, the share and whether it holds.

    Example:
        >>> step = BudgetStep("modern", 4, "one", "ismcts:25", "ismcts:100", 48, 18.0, 0.25)
        >>> print(budget_table([step]).splitlines()[2])
        | modern | 4 | ismcts:100 alone | ismcts:25 | 48 | 37.5% | 25.2%-51.6% | 25% | yes |
    """
    lines = [
        (
            "| edition | seats | larger budget | smaller budget | games | share | 95% interval "
            "| fair | above fair |"
        ),
        "|:--|--:|:--|:--|--:|--:|--:|--:|:--|",
    ]
    for step in steps:
        low, high = step.interval.low, step.interval.high
        larger = step.larger + (" alone" if step.seating == "one" else "")
        lines.append(
            f"| {step.ruleset} | {step.players} | {larger} | {step.smaller} | {step.games} "
            f"| {step.share:.1%} | {low:.1%}-{high:.1%} | {step.fair:.0%} "
            f"| {'yes' if step.holds else 'no'} |"
        )
    return "\n".join(lines)
