"""Pictures of a quality comparison: each measure as two dots with their intervals, as SVG.

:func:`dot_chart` draws rows of estimates, one dot per edition with its 95%
interval as a bar through it, on one axis shared by every row (shares from 0
to 100%) or on an axis of each row's own (numbers of different kinds).
:func:`quality_charts` draws the charts of a
:class:`~serenissima.analysis.quality.compare.QualityComparison`: the seats'
balance, the outcome shares, the lengths and counts, and the branching factor
by decision kind. The SVG is plain text with no script and no external
resource, so it can be inlined in an HTML page or saved as a file.

Example:
    >>> svg = dot_chart("Shares", [ChartRow("a", (ChartPoint(0.4, 0.3, 0.5), None))], ("x", "y"))
    >>> svg.startswith("<svg") and "a: 40.0% (30.0% to 50.0%)" in svg
    True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Final

import attrs

from serenissima.analysis.quality.metrics import metric_spec

if TYPE_CHECKING:
    from serenissima.analysis.quality.compare import QualityComparison
    from serenissima.analysis.stats.bootstrap import Estimate

__all__ = ["COLOURS", "ChartPoint", "ChartRow", "dot_chart", "quality_charts", "seat_label"]

COLOURS: Final[tuple[str, str]] = ("#3949ab", "#e65100")
"""The colours of the left and the right edition."""

_OUTCOMES: Final = (
    "leader_50",
    "leader_75",
    "drama",
    "shared_wins",
    "score_spread",
    "seat_gap",
    "decision_share",
)
"""The measures of the outcome chart, all shares."""

_WIDTH: Final = 720.0
_LABEL: Final = 210.0
_RIGHT_PAD: Final = 100.0
_ROW: Final = 34.0
_TOP: Final = 64.0
_BOTTOM: Final = 36.0


@attrs.frozen(slots=True)
class ChartPoint:
    """An estimate to draw: its value and its interval.

    Attributes:
        value: The estimate.
        low: The interval's lower end.
        high: The interval's upper end.

    Example:
        >>> ChartPoint(2.0, 1.5, 2.5).high
        2.5
    """

    value: float
    low: float
    high: float

    @classmethod
    def of(cls, estimate: Estimate | None) -> ChartPoint | None:
        """Return the point of an estimate (``None`` for none, or for an infinite interval)."""
        if estimate is None or not estimate.interval.finite:
            return None
        return cls(estimate.value, estimate.interval.low, estimate.interval.high)


@attrs.frozen(slots=True)
class ChartRow:
    """One row of a chart: a label and a point per edition (``None`` where it has none).

    Example:
        >>> ChartRow("turns", (ChartPoint(8, 8, 8), None)).label
        'turns'
    """

    label: str
    points: tuple[ChartPoint | None, ChartPoint | None]


def _nice(rough: float) -> float:
    """A round axis step, 1, 2 or 5 times a power of ten, at least ``rough``."""
    power = 10.0 ** math.floor(math.log10(rough)) if rough > 0 else 1.0
    return next(power * m for m in (1, 2, 5, 10) if power * m >= rough)


def _axis(rows: Sequence[ChartRow], percent: bool) -> tuple[float, float]:
    """The axis's end and its tick step: 0 to 100% by 25%, or a round number above the values."""
    if percent:
        return 1.0, 0.25
    ends = [p.high for row in rows for p in row.points if p is not None]
    top = max([*ends, 1e-9])
    step = _nice(top / 4)
    return step * math.ceil(top / step - 1e-9), step


def _show(value: float, percent: bool) -> str:
    if percent:
        return f"{value:.0%}"
    return f"{value:.0f}" if value == round(value) or abs(value) >= 100 else f"{value:.2g}"


def _tip(value: float, percent: bool) -> str:
    """A value in a tooltip: a little more precise than on the axis."""
    return f"{value:.1%}" if percent else f"{value:.3g}"


def dot_chart(
    title: str,
    rows: Sequence[ChartRow],
    series: tuple[str, str],
    *,
    percent: bool = True,
    shared_axis: bool = True,
    reference: float | None = None,
) -> str:
    """Draw rows of estimates, two per row, as dots with their intervals.

    Args:
        title: The chart's title.
        rows: The rows, top to bottom.
        series: The names of the two editions, for the legend.
        percent: Values are shares, drawn from 0 to 100%.
        shared_axis: One axis for every row; otherwise each row runs from 0 to
            a round number above its own largest value, written at its end.
        reference: A value to mark across every row with a dashed line (an
            even share, say), on a shared axis only.

    Returns:
        A standalone SVG document.

    Example:
        >>> rows = [ChartRow("turns", (ChartPoint(8, 7.5, 8.5), ChartPoint(6, 5, 7)))]
        >>> svg = dot_chart("Length", rows, ("classic", "modern"), percent=False)
        >>> "classic, turns: 8 (7.5 to 8.5)" in svg
        True
    """
    height = _TOP + _ROW * len(rows) + _BOTTOM
    x0, x1 = _LABEL, _WIDTH - _RIGHT_PAD
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_WIDTH:.0f} {height:.0f}" '
            f'width="{_WIDTH:.0f}" height="{height:.0f}" font-family="sans-serif" '
            f'font-size="12" role="img" aria-label="{escape(title)}">'
        ),
        f'<text x="12" y="22" font-size="15" font-weight="bold">{escape(title)}</text>',
    ]
    for i, name in enumerate(series):
        lx = x0 + 150 * i
        parts.append(
            f'<circle cx="{lx + 6:.1f}" cy="40" r="5" fill="{COLOURS[i]}"/>'
            f'<text x="{lx + 16:.1f}" y="44">{escape(name)}</text>'
        )
    high, step = _axis(rows, percent)

    def x(value: float, top: float) -> float:
        return x0 + (x1 - x0) * min(max(value / top, 0.0), 1.0)

    if shared_axis:
        for k in range(round(high / step) + 1):
            value = step * k
            parts.append(
                f'<line x1="{x(value, high):.1f}" x2="{x(value, high):.1f}" y1="{_TOP - 6}" '
                f'y2="{height - _BOTTOM:.1f}" stroke="#e0e0e0"/>'
                f'<text x="{x(value, high):.1f}" y="{height - _BOTTOM + 16:.1f}" '
                f'text-anchor="middle">{_show(value, percent)}</text>'
            )
        if reference is not None:
            rx = x(reference, high)
            parts.append(
                f'<line x1="{rx:.1f}" x2="{rx:.1f}" y1="{_TOP - 6}" y2="{height - _BOTTOM:.1f}" '
                'stroke="#616161" stroke-dasharray="5 4"/>'
                f'<text x="{rx + 4:.1f}" y="{height - _BOTTOM + 30:.1f}" fill="#616161">'
                f"even share {_show(reference, percent)}</text>"
            )
    for r, row in enumerate(rows):
        y = _TOP + _ROW * r + _ROW / 2
        top = high if shared_axis else _axis([row], percent)[0]
        parts.append(
            f'<text x="{x0 - 10:.1f}" y="{y + 4:.1f}" text-anchor="end">{escape(row.label)}</text>'
            f'<line x1="{x0}" x2="{x1}" y1="{y + _ROW / 2:.1f}" y2="{y + _ROW / 2:.1f}" '
            'stroke="#f0f0f0"/>'
        )
        if not shared_axis:
            parts.append(
                f'<text x="{x1 + 6:.1f}" y="{y + 4:.1f}" fill="#757575">scale 0 to '
                f"{_show(top, percent)}</text>"
            )
        for i, point in enumerate(row.points):
            if point is None:
                continue
            py = y - 6 + 12 * i
            tip = (
                f"{series[i]}, {row.label}: {_tip(point.value, percent)} "
                f"({_tip(point.low, percent)} to {_tip(point.high, percent)})"
            )
            parts.append(
                f'<g><title>{escape(tip)}</title><line x1="{x(point.low, top):.1f}" '
                f'x2="{x(point.high, top):.1f}" y1="{py:.1f}" y2="{py:.1f}" '
                f'stroke="{COLOURS[i]}" stroke-width="3" stroke-linecap="round" opacity="0.55"/>'
                f'<circle cx="{x(point.value, top):.1f}" cy="{py:.1f}" r="4.5" '
                f'fill="{COLOURS[i]}"/></g>'
            )
    parts.append("</svg>")
    return "\n".join(parts)


def _row(comparison: QualityComparison, key: str, label: str | None = None) -> ChartRow:
    row = comparison[key]
    return ChartRow(
        label or metric_spec(key).label, (ChartPoint.of(row.left), ChartPoint.of(row.right))
    )


def seat_label(comparison: QualityComparison, seat: int) -> str:
    """Return a seat's label with the nation each edition gives it, if any.

    Example:
        >>> from serenissima.analysis.quality.run import run_quality
        >>> result = run_quality("classic", "modern", players=2, games=1, seed=1, replicates=5)
        >>> seat_label(result, 1)
        'seat 1 (genoa)'
    """
    names = [
        side.seat_names[seat] for side in (comparison.left, comparison.right) if side.seat_names
    ]
    shown = ", ".join(dict.fromkeys(names))
    return f"seat {seat} ({shown})" if shown else f"seat {seat}"


def quality_charts(comparison: QualityComparison) -> dict[str, str]:
    """Draw the charts of a comparison, by file stem.

    Args:
        comparison: The comparison.

    Returns:
        ``balance`` (each seat's win share and the first player's, against an
        even share), ``outcomes`` (the other shares), ``play`` (lead changes,
        lengths and the branching factor, each on its own axis) and
        ``choices`` (the branching factor of each decision kind).

    Example:
        >>> from serenissima.analysis.quality.run import run_quality
        >>> result = run_quality("classic", "modern", players=2, games=2, seed=1, replicates=5)
        >>> sorted(quality_charts(result))
        ['balance', 'choices', 'outcomes', 'play']
    """
    names = (comparison.left.ruleset, comparison.right.ruleset)
    if names[0] == names[1]:
        names = ("left", "right")
    seats = [
        _row(comparison, f"seat:{seat}", seat_label(comparison, seat))
        for seat in range(comparison.players)
    ]
    present = set(comparison.keys())
    balance = seats + [_row(comparison, k) for k in ("first_player", "skill") if k in present]
    outcomes = [_row(comparison, key) for key in _OUTCOMES]
    play = [
        _row(comparison, key)
        for key in ("lead_changes", "turns", "decisions_per_seat", "branching")
    ]
    kinds = [_row(comparison, key) for key in comparison.keys("kind:")]
    return {
        "balance": dot_chart(
            "Win shares by seat, of the first player and of the stronger agent",
            balance,
            names,
            reference=1 / comparison.players,
        ),
        "outcomes": dot_chart("Decisiveness, drama and outcomes", outcomes, names),
        "play": dot_chart(
            "Lead changes, length and branching", play, names, percent=False, shared_axis=False
        ),
        "choices": dot_chart(
            "Legal actions per decision, by decision kind", kinds, names, percent=False
        ),
    }
