"""Two simulations side by side: each quantity on both sides, and whether they differ.

:func:`compare_simulations` lines two
:class:`~serenissima.analysis.simulate.summary.SimulationSummary` up, quantity by
quantity (decisions, turns, chance nodes, the winner's margin, shared wins and
each seat's win rate), gives each side's value with its 95% interval and the
95% interval of the difference, and says where they differ clearly;
:func:`~serenissima.analysis.simulate.report.format_comparison` prints it.
"""

from __future__ import annotations

from typing import Any

import attrs

from serenissima.analysis.simulate.notes import comparison_notes
from serenissima.analysis.simulate.summary import Note, SimulationSummary, interval_json
from serenissima.analysis.stats.intervals import (
    Interval,
    mean_difference,
    proportion_difference,
    wilson_interval,
)
from serenissima.engine.errors import ArgumentValueError

__all__ = ["ComparisonRow", "SimulationComparison", "compare_simulations", "seat_label"]


@attrs.frozen(slots=True)
class ComparisonRow:
    """One quantity of two simulations side by side.

    Attributes:
        key: A stable name: one of
            :data:`~serenissima.analysis.simulate.summary.QUANTITIES`, ``"shared_wins"`` or
            ``"win_rate[SEAT]"``.
        label: The row's label in a table.
        left: The left simulation's value (a mean, or a rate between 0 and 1).
        left_interval: Its 95% interval.
        right: The right simulation's value.
        right_interval: Its 95% interval.
        difference: The 95% interval of ``left - right``.
        differs: True when that interval leaves out 0 (a two-sided test at the
            5% level); ``None`` when the two values are in different units
            (the winner margin of editions that score differently).
        rate: True for rates (shown as percentages), False for means.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.analysis.simulate.compare import compare_simulations
        >>> from serenissima.analysis.simulate.batch import simulate
        >>> a = simulate(ser.load_ruleset("modern"), 2, games=3, seed=1)
        >>> row = compare_simulations(a, a)["shared_wins"]
        >>> row.rate, row.differs, row.left == row.right
        (True, False, True)
    """

    key: str
    label: str
    left: float
    left_interval: Interval
    right: float
    right_interval: Interval
    difference: Interval
    differs: bool | None
    rate: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Return the row as JSON-ready data (``null`` for an infinite end)."""
        return {
            "key": self.key,
            "label": self.label,
            "left": self.left,
            "left_interval": interval_json(self.left_interval),
            "right": self.right,
            "right_interval": interval_json(self.right_interval),
            "difference": interval_json(self.difference),
            "differs": self.differs,
            "rate": self.rate,
        }


@attrs.frozen(slots=True)
class SimulationComparison:
    """Two simulations side by side, quantity by quantity.

    Attributes:
        left: The left summary.
        right: The right summary.
        rows: Decisions, turns, chance nodes, winner margin, shared wins, then
            each seat's win rate.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.analysis.simulate.compare import compare_simulations
        >>> from serenissima.analysis.simulate.batch import simulate
        >>> a = simulate(ser.load_ruleset("modern"), 2, games=3, seed=1)
        >>> b = simulate(ser.load_ruleset("modern"), 2, games=3, seed=2)
        >>> comparison = compare_simulations(a, b)
        >>> comparison.paired, [row.key for row in comparison.rows][-2:]
        (False, ['win_rate[0]', 'win_rate[1]'])
    """

    left: SimulationSummary
    right: SimulationSummary
    rows: tuple[ComparisonRow, ...]

    def __getitem__(self, key: str) -> ComparisonRow:
        for row in self.rows:
            if row.key == key:
                return row
        raise KeyError(key)

    @property
    def paired(self) -> bool:
        """True when both sides played the same games' seeds (same seed and count)."""
        return (self.left.seed, self.left.games) == (self.right.seed, self.right.games)

    @property
    def notes(self) -> tuple[Note, ...]:
        """What the figures side by side mean where they would surprise.

        See :func:`~serenissima.analysis.simulate.notes.comparison_notes`: the seats'
        agents, and how shared wins are counted.
        """
        return comparison_notes(self.left, self.right)

    @property
    def differing(self) -> tuple[ComparisonRow, ...]:
        """The rows that differ clearly."""
        return tuple(row for row in self.rows if row.differs)

    def to_dict(self, *, per_game: bool = False) -> dict[str, Any]:
        """Return both summaries and the rows as JSON-ready data.

        Args:
            per_game: Also give each side's kept game records.

        Returns:
            ``{"left": ..., "right": ..., "paired": ..., "rows": [...], "notes": [...]}``,
            each note as ``{"key": ..., "text": ...}``.
        """
        return {
            "left": self.left.to_dict(per_game=per_game),
            "right": self.right.to_dict(per_game=per_game),
            "paired": self.paired,
            "rows": [row.to_dict() for row in self.rows],
            "notes": [{"key": note.key, "text": note.text} for note in self.notes],
        }


def _mean_row(
    key: str, label: str, a: SimulationSummary, b: SimulationSummary, comparable: bool = True
) -> ComparisonRow:
    ma, mb = a.moments(key), b.moments(key)
    difference = mean_difference(ma, mb)
    differs = (0.0 not in difference) if comparable else None
    return ComparisonRow(
        key, label, ma.mean, ma.interval(), mb.mean, mb.interval(), difference, differs
    )


def _rate_row(key: str, label: str, rate_a: float, a: int, rate_b: float, b: int) -> ComparisonRow:
    sa, sb = min(max(rate_a * a, 0.0), a), min(max(rate_b * b, 0.0), b)
    difference = proportion_difference(sa, a, sb, b)
    return ComparisonRow(
        key,
        label,
        rate_a,
        wilson_interval(sa, a),
        rate_b,
        wilson_interval(sb, b),
        difference,
        0.0 not in difference,
        rate=True,
    )


def _both(a: str, b: str) -> str:
    return a if a == b else f"{a} / {b}"


def seat_label(seat: int, left: SimulationSummary, right: SimulationSummary) -> str:
    """Return a seat's label with its nation on each side that gives seats nations.

    Args:
        seat: The seat.
        left: A summary.
        right: Another, of as many players.

    Returns:
        ``seat N`` when neither side names nations, ``seat N (NATION)`` when both
        name the same, else the nation of each side that names one, after that
        side's ruleset (``left`` and ``right`` when both have the same ruleset):
        ``seat N (classic venice)`` or ``seat N (old venice, new genoa)``.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.analysis.simulate.batch import simulate
        >>> classic = simulate(ser.load_ruleset("classic"), 4, games=1, seed=1)
        >>> modern = simulate(ser.load_ruleset("modern"), 4, games=1, seed=1)
        >>> seat_label(3, classic, modern), seat_label(0, classic, classic)
        ('seat 3 (classic turkey)', 'seat 0 (venice)')
        >>> seat_label(1, modern, modern)
        'seat 1'
    """
    names = (left.ruleset, right.ruleset)
    if names[0] == names[1]:
        names = ("left", "right")
    nations = [s.seat_names[seat] if s.seat_names else None for s in (left, right)]
    if nations[0] == nations[1]:
        return f"seat {seat}" if nations[0] is None else f"seat {seat} ({nations[0]})"
    sides = [f"{n} {nation}" for n, nation in zip(names, nations, strict=True) if nation]
    return f"seat {seat} ({', '.join(sides)})"


def compare_simulations(left: SimulationSummary, right: SimulationSummary) -> SimulationComparison:
    """Line two simulations up and say where they differ clearly.

    Each quantity gets both values with their 95% intervals and the 95%
    interval of the difference: Welch's for means (decisions, turns, chance
    nodes, winner margin) and Newcombe's for rates (shared wins, each seat's
    win rate), both treating the two batches as independent. A row
    ``differs`` when the interval of the difference leaves out 0. With a dozen
    rows, expect now and then one false "differs" between rulesets that play
    alike: each row is a separate test at the 5% level. Paired seeds (the same
    batch seed on both sides) make both sides meet the same chance, which
    removes one source of difference but is not used to narrow the intervals.

    Args:
        left: A summary.
        right: A summary with the same number of players.

    Returns:
        The comparison.

    Raises:
        SerenissimaError: The two summaries have different numbers of players.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.analysis.simulate.compare import compare_simulations
        >>> from serenissima.analysis.simulate.batch import simulate
        >>> a = simulate(ser.load_ruleset("modern"), 3, games=4, seed=2)
        >>> b = simulate(ser.load_ruleset("modern"), 3, games=4, seed=2)
        >>> comparison = compare_simulations(a, b)
        >>> comparison.paired, comparison.differing
        (True, ())
        >>> comparison["decisions"].left == comparison["decisions"].right
        True
    """
    if left.players != right.players:
        raise ArgumentValueError(
            f"cannot compare simulations of {left.players} and {right.players} players"
        )
    a, b = left, right
    same_unit = a.score_unit == b.score_unit
    margin = f"winner margin ({a.score_unit})" if same_unit else "winner margin"
    rows = [
        _mean_row("decisions", "decisions", a, b),
        _mean_row("turns", _both(a.turn_word, b.turn_word), a, b),
        _mean_row("chance", "chance nodes", a, b),
        _mean_row("margin", margin, a, b, same_unit),
        _rate_row("shared_wins", "shared wins", a.shared_wins, a.games, b.shared_wins, b.games),
    ]
    for seat in range(a.players):
        rows.append(
            _rate_row(
                f"win_rate[{seat}]",
                f"win rate, {seat_label(seat, a, b)}",
                a.win_rate[seat],
                a.games,
                b.win_rate[seat],
                b.games,
            )
        )
    return SimulationComparison(left, right, tuple(rows))
