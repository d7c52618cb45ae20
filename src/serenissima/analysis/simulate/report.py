"""Plain-text reports of simulations: one batch's summary, or two batches side by side.

:func:`format_summary` prints a
:class:`~serenissima.analysis.simulate.summary.SimulationSummary` as a table of the
per-game figures followed by a table by seat; :func:`format_comparison` prints
a :class:`~serenissima.analysis.simulate.compare.SimulationComparison` as one table
with a verdict per quantity. Intervals are written ``[low, high]``, rates as
percentages.
"""

from __future__ import annotations

import textwrap
from collections.abc import Collection, Sequence

from serenissima.analysis.run.games import DEFAULT_AGENT
from serenissima.analysis.simulate.compare import SimulationComparison
from serenissima.analysis.simulate.summary import QUANTITIES, Note, SimulationSummary
from serenissima.analysis.stats.intervals import Interval

__all__ = ["format_comparison", "format_summary"]


def _span(interval: Interval, percent: bool = False) -> str:
    """An interval as ``[low, high]``, with one decimal or as percentages."""
    if not interval.finite:
        return "n/a"
    if percent:
        return f"[{interval.low:.1%}, {interval.high:.1%}]"
    return f"[{interval.low:.1f}, {interval.high:.1f}]"


def _players_and_agents(s: SimulationSummary) -> str:
    """``4 players, 200 random games`` or ``4 players, 200 games (seats: ...)``."""
    kinds = s.seats or (DEFAULT_AGENT,) * s.players
    game_s = "game" if s.games == 1 else "games"
    if len(set(kinds)) == 1:
        return f"{s.players} players, {s.games} {kinds[0]} {game_s}"
    return f"{s.players} players, {s.games} {game_s} (seats: {', '.join(kinds)})"


def _table(rows: list[list[str]], left: Collection[int] = (0,), gap: int = 2) -> list[str]:
    """Align rows of cells: columns numbered in ``left`` to the left, the others to the right."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [
            cell.ljust(width) if i in left else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append((" " * gap).join(cells).rstrip())
    return lines


def _notes(notes: Sequence[Note], width: int = 92) -> list[str]:
    """The notes under a blank line, one wrapped bullet each; nothing without notes."""
    lines = ["", "Notes:"] if notes else []
    for note in notes:
        lines += textwrap.wrap(
            note.text, width, initial_indent="- ", subsequent_indent="  ", break_on_hyphens=False
        )
    return lines


def format_summary(summary: SimulationSummary) -> str:
    """Return a summary as a plain-text report: per-game figures, then a table by seat.

    The first table gives the mean of each per-game figure with its 95%
    interval, standard deviation and range, the winner's margin in the
    edition's units, and the share of shared wins with its Wilson interval.
    The table by seat gives each seat (its nation when it has one, its agent
    when the seats differ) its win rate with the Wilson interval, its mean
    score and the mean of each part of the score (and of each figure the
    standings show beside it); its last row averages the seats. The summary's
    notes follow, one bullet each, then the speed.

    Args:
        summary: The summary.

    Returns:
        Several lines of text, without a final newline.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.analysis.simulate.report import format_summary
        >>> from serenissima.analysis.simulate.batch import simulate
        >>> summary = simulate(ser.load_ruleset("classic"), 3, games=2, seed=4)
        >>> print(format_summary(summary).splitlines()[0])
        Ruleset classic 1.1.0: 3 players, 2 random games, seed 4, options: defaults
    """
    s = summary
    options = ", ".join(f"{k}={v}" for k, v in s.options) or "defaults"
    title = f"Ruleset {s.ruleset} {s.ruleset_version}: {_players_and_agents(s)}, "
    lines = [f"{title}seed {s.seed}, options: {options}", ""]
    labels = {
        "decisions": "decisions",
        "chance": "chance nodes",
        "turns": s.turn_word,
        "margin": "winner margin",
    }
    rows = [["per game", "mean", "95% interval", "sd", "min", "max", ""]]
    for quantity in QUANTITIES:
        m = s.moments(quantity)
        unit = s.score_unit if quantity == "margin" else ""
        rows.append(
            [
                labels[quantity],
                f"{m.mean:.1f}",
                _span(m.interval()),
                f"{m.sd:.1f}",
                f"{m.minimum:.0f}",
                f"{m.maximum:.0f}",
                unit,
            ]
        )
    rows.append(["shared wins", f"{s.shared_wins:.1%}", _span(s.shared_interval, True)])
    rows[-1] += [""] * (len(rows[0]) - len(rows[-1]))
    lines += [*_table(rows, left=(0, 6)), ""]

    mixed = len(set(s.seats)) > 1
    header = ["seat", *(["agent"] if mixed else []), "win rate", "95% interval", "mean score"]
    seat_rows = [header + list(s.parts)]
    for seat in range(s.players):
        label = f"{seat}  {s.seat_names[seat]}" if s.seat_names else str(seat)
        parts = s.mean_parts[seat] if s.mean_parts else ()
        seat_rows.append(
            [
                label,
                *([s.seats[seat]] if mixed else []),
                f"{s.win_rate[seat]:.1%}",
                _span(s.win_intervals[seat], True),
                f"{s.mean_score[seat]:.1f}",
                *(f"{v:.1f}" for v in parts),
            ]
        )
    if s.players > 1:
        every = [sum(p[i] for p in s.mean_parts) / s.players for i in range(len(s.parts))]
        seat_rows.append(
            [
                "mean",
                *([""] if mixed else []),
                "",
                "",
                f"{sum(s.mean_score) / s.players:.1f}",
                *(f"{v:.1f}" for v in (every if s.mean_parts else ())),
            ]
        )
    lines += _table(seat_rows, left=(0, 1) if mixed else (0,))
    lines += _notes(s.notes)
    game_s = "game" if s.games == 1 else "games"
    lines += [
        "",
        f"{s.decisions_per_second:,.0f} decisions/s ({s.games} {game_s} in {s.seconds:.2f} s)",
    ]
    return "\n".join(lines)


def _value(value: float, rate: bool) -> str:
    return f"{value:.1%}" if rate else f"{value:.1f}"


def format_comparison(comparison: SimulationComparison) -> str:
    """Return a comparison as a plain-text table, with a line on each side and notes.

    The notes say how to read the verdicts, that margins in different units
    are not compared, and then what the comparison's own notes say (see
    :func:`~serenissima.analysis.simulate.notes.comparison_notes`).

    Args:
        comparison: The comparison.

    Returns:
        Several lines of text, without a final newline.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.analysis.simulate.report import format_comparison
        >>> from serenissima.analysis.simulate.compare import compare_simulations
        >>> from serenissima.analysis.simulate.batch import simulate
        >>> a = simulate(ser.load_ruleset("modern"), 4, games=3, seed=1)
        >>> b = simulate(ser.load_ruleset("classic"), 4, games=3, seed=1)
        >>> text = format_comparison(compare_simulations(a, b))
        >>> text.splitlines()[4].split()
        ['per', 'game', 'modern', '95%', 'interval', 'classic', '95%', 'interval', 'differ']
    """
    c = comparison
    lines = []
    for word, side in (("left", c.left), ("right", c.right)):
        options = ", ".join(f"{k}={v}" for k, v in side.options) or "defaults"
        lines.append(
            f"{word}: {side.ruleset} {side.ruleset_version}: {_players_and_agents(side)}, "
            f"seed {side.seed}, options: {options}"
        )
    lines += [
        "the same seeds on both sides" if c.paired else "different seeds on the two sides",
        "",
    ]
    names = (c.left.ruleset, c.right.ruleset)
    if names[0] == names[1]:
        names = ("left", "right")
    rows = [["per game", names[0], "95% interval", names[1], "95% interval", "differ"]]
    for row in c.rows:
        verdict = "-" if row.differs is None else ("yes" if row.differs else "no")
        rows.append(
            [
                row.label,
                _value(row.left, row.rate),
                _span(row.left_interval, row.rate),
                _value(row.right, row.rate),
                _span(row.right_interval, row.rate),
                verdict,
            ]
        )
    lines += _table(rows)
    lines += [
        "",
        "differ: yes when the 95% interval of the difference leaves out 0",
        "(Welch's interval for means, Newcombe's for rates).",
    ]
    if c.left.score_unit != c.right.score_unit:
        lines.append(
            f"The winner margin is in {c.left.score_unit} on the left and in "
            f"{c.right.score_unit} on the right: not compared."
        )
    lines += _notes(c.notes)
    return "\n".join(lines)
