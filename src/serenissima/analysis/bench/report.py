"""The benchmark's measurements as text, JSON-ready data and an SVG chart.

:func:`format_bench` reports one run in a few lines; :func:`format_bench_table`
puts many runs (rulesets by player count) in one table; :func:`bench_data`
gives a run as a dictionary for JSON; :func:`bench_svg` draws decisions per
second by player count, one bar group per player count and one bar per ruleset,
with optional reference lines (a peer's figure measured in the same run);
:func:`bars_svg` draws any labelled figures as horizontal bars (games per second
on 1, 2 or all cores, say).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, Final

import attrs

from serenissima.analysis.bench.throughput import BenchResult

__all__ = ["bars_svg", "bench_data", "bench_svg", "format_bench", "format_bench_table"]

_COLOURS: Final = ("#3949ab", "#f9a825", "#00897b", "#d81b60", "#6d4c41", "#546e7a")
"""Bar colours, one per ruleset in the order given."""


def format_bench(result: BenchResult) -> str:
    """Return the measurements of one run as a few lines of plain text.

    Args:
        result: The measurements.

    Returns:
        The report, without a final newline.

    Examples:
        >>> from serenissima import load_ruleset
        >>> from serenissima.analysis.bench.throughput import run_bench
        >>> from serenissima.analysis.bench.report import format_bench
        >>> text = format_bench(run_bench(load_ruleset("modern"), 2, games=1))
        >>> "decisions" in text and "state size" in text
        True
    """
    r = result
    return "\n".join(
        [
            (
                f"Ruleset {r.ruleset} {r.ruleset_version}, {r.players} players: "
                f"{r.games} random games in {r.seconds:.2f} s"
            ),
            (
                f"{'decisions':<14}{r.decisions:>10,}{r.decisions_per_second:>14,.0f} /s"
                f"  (legal_actions + checked apply, {r.microseconds_per_decision:.1f} µs each)"
            ),
            f"{'chance nodes':<14}{r.chance:>10,}{r.chance_per_second:>14,.0f} /s",
            f"{'games':<14}{r.games:>10,}{r.games_per_second:>14,.2f} /s",
            (
                f"{'state size':<14}{r.pickle_bytes:>10,.0f} bytes pickled, "
                f"{r.json_bytes:,.0f} bytes of JSON (mean of {r.size_samples} states)"
            ),
        ]
    )


_COLUMNS: Final = (
    ("ruleset", "<"),
    ("players", ">"),
    ("games", ">"),
    ("decisions", ">"),
    ("decisions/s", ">"),
    ("µs/decision", ">"),
    ("chance/s", ">"),
    ("games/s", ">"),
    ("pickle B", ">"),
    ("JSON B", ">"),
)


def format_bench_table(results: Sequence[BenchResult]) -> str:
    """Return many runs as one table, a row per ruleset and player count.

    Args:
        results: The measurements, in the order to show them.

    Returns:
        The table, without a final newline.

    Examples:
        >>> from serenissima import load_ruleset
        >>> from serenissima.analysis.bench.throughput import run_bench
        >>> from serenissima.analysis.bench.report import format_bench_table
        >>> rules = load_ruleset("classic")
        >>> table = format_bench_table([run_bench(rules, n, games=1) for n in (2, 3)])
        >>> print(table.splitlines()[0])
        ruleset  players  games  decisions  decisions/s  µs/decision  chance/s  games/s ...
    """
    rows = [[name for name, _ in _COLUMNS]]
    for r in results:
        rows.append(
            [
                r.ruleset,
                str(r.players),
                f"{r.games:,}",
                f"{r.decisions:,}",
                f"{r.decisions_per_second:,.0f}",
                f"{r.microseconds_per_decision:.1f}",
                f"{r.chance_per_second:,.0f}",
                f"{r.games_per_second:,.1f}",
                f"{r.pickle_bytes:,.0f}",
                f"{r.json_bytes:,.0f}",
            ]
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(_COLUMNS))]
    lines = []
    for row in rows:
        cells = [
            f"{cell:{align}{width}}"
            for cell, (_, align), width in zip(row, _COLUMNS, widths, strict=True)
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def bench_data(result: BenchResult) -> dict[str, Any]:
    """Return one run as JSON-ready data: its fields and its derived rates.

    Examples:
        >>> from serenissima import load_ruleset
        >>> from serenissima.analysis.bench.throughput import run_bench
        >>> from serenissima.analysis.bench.report import bench_data
        >>> data = bench_data(run_bench(load_ruleset("modern"), 2, games=1))
        >>> sorted(key for key in data if key.endswith("_per_second"))
        ['chance_per_second', 'decisions_per_second', 'games_per_second']
    """
    data = attrs.asdict(result)
    data["decisions_per_second"] = result.decisions_per_second
    data["chance_per_second"] = result.chance_per_second
    data["games_per_second"] = result.games_per_second
    data["microseconds_per_decision"] = result.microseconds_per_decision
    return data


def bench_svg(
    results: Sequence[BenchResult],
    *,
    references: Mapping[str, float] | None = None,
    title: str = "Decisions per second of random games",
) -> str:
    """Draw decisions per second as grouped bars: a group per player count, a bar per ruleset.

    Args:
        results: The measurements (any rulesets and player counts).
        references: Horizontal lines to draw across the chart, by label, in
            decisions per second (for instance a peer engine measured in the same run).
        title: The chart's title.

    Returns:
        A standalone SVG document.

    Examples:
        >>> from serenissima import load_ruleset
        >>> from serenissima.analysis.bench.throughput import run_bench
        >>> from serenissima.analysis.bench.report import bench_svg
        >>> svg = bench_svg([run_bench(load_ruleset("modern"), 2, games=1)], references={"x": 1e3})
        >>> svg.startswith("<svg") and "modern" in svg and "x" in svg
        True
    """
    references = dict(references or {})
    rulesets = list(dict.fromkeys(r.ruleset for r in results))
    counts = sorted({r.players for r in results})
    rate = {(r.ruleset, r.players): r.decisions_per_second for r in results}
    tick = _nice_step(max([*rate.values(), *references.values(), 1.0]) / 5)
    top = tick * (int(max([*rate.values(), *references.values(), 1.0]) / tick) + 1)
    width, height, left, bottom, top_pad = 640.0, 360.0, 72.0, 48.0, 56.0
    plot_w, plot_h = width - left - 150.0, height - bottom - top_pad
    group = plot_w / max(len(counts), 1)
    bar = group * 0.8 / max(len(rulesets), 1)

    def y(value: float) -> float:
        return top_pad + plot_h * (1 - value / top)

    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
            f'width="{width:.0f}" height="{height:.0f}" font-family="sans-serif" font-size="12">'
        ),
        f'<text x="{left}" y="24" font-size="15" font-weight="bold">{escape(title)}</text>',
    ]
    for step in range(round(top / tick) + 1):  # gridlines and the axis labels
        value = tick * step
        parts.append(
            f'<line x1="{left}" x2="{left + plot_w:.1f}" y1="{y(value):.1f}" y2="{y(value):.1f}" '
            'stroke="#ddd"/>'
            f'<text x="{left - 6}" y="{y(value) + 4:.1f}" text-anchor="end">{value:,.0f}</text>'
        )
    for g, players in enumerate(counts):
        x0 = left + g * group + group * 0.1
        parts.append(
            f'<text x="{x0 + group * 0.4:.1f}" y="{height - bottom + 18:.1f}" '
            f'text-anchor="middle">{players} players</text>'
        )
        for i, name in enumerate(rulesets):
            measured = rate.get((name, players))
            if measured is None:
                continue
            x = x0 + i * bar
            parts.append(
                f'<rect x="{x:.1f}" y="{y(measured):.1f}" width="{bar * 0.92:.1f}" '
                f'height="{top_pad + plot_h - y(measured):.1f}" '
                f'fill="{_COLOURS[i % len(_COLOURS)]}"><title>{escape(name)}, {players} '
                f"players: {measured:,.0f} decisions/s</title></rect>"
            )
    for label, value in references.items():
        parts.append(
            f'<line x1="{left}" x2="{left + plot_w:.1f}" y1="{y(value):.1f}" y2="{y(value):.1f}" '
            'stroke="#c62828" stroke-dasharray="6 4" stroke-width="1.5"/>'
            f'<text x="{left + plot_w + 6:.1f}" y="{y(value) + 4:.1f}" fill="#c62828">'
            f"{escape(label)}</text>"
        )
    for i, name in enumerate(rulesets):  # the legend
        ly = top_pad + 20 * i + 60
        parts.append(
            f'<rect x="{left + plot_w + 6:.1f}" y="{ly - 10:.1f}" width="12" height="12" '
            f'fill="{_COLOURS[i % len(_COLOURS)]}"/>'
            f'<text x="{left + plot_w + 24:.1f}" y="{ly:.1f}">{escape(name)}</text>'
        )
    parts.append(
        f'<line x1="{left}" x2="{left}" y1="{top_pad}" y2="{top_pad + plot_h:.1f}" stroke="#333"/>'
        f'<line x1="{left}" x2="{left + plot_w:.1f}" y1="{top_pad + plot_h:.1f}" '
        f'y2="{top_pad + plot_h:.1f}" stroke="#333"/>'
        "</svg>"
    )
    return "\n".join(parts)


def bars_svg(bars: Sequence[tuple[str, float]], *, title: str, unit: str) -> str:
    """Draw labelled figures as horizontal bars, each with its value at its end.

    Args:
        bars: ``(label, value)`` pairs, drawn top to bottom in that order.
        title: The chart's title.
        unit: What the values count, written after each value.

    Returns:
        A standalone SVG document.

    Examples:
        >>> from serenissima.analysis.bench.report import bars_svg
        >>> svg = bars_svg([("1 core", 310.0), ("2 cores", 590.0)], title="Games", unit="games/s")
        >>> svg.startswith("<svg") and "590 games/s" in svg and "2 cores" in svg
        True
    """
    top_value = max([value for _, value in bars] + [1.0])
    tick = _nice_step(top_value / 5)
    top = tick * (int(top_value / tick) + 1)
    width, left, right, bar, gap, top_pad = 640.0, 150.0, 110.0, 26.0, 12.0, 48.0
    plot_w = width - left - right
    height = top_pad + len(bars) * (bar + gap) + 30.0

    def x(value: float) -> float:
        return left + plot_w * value / top

    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
            f'width="{width:.0f}" height="{height:.0f}" font-family="sans-serif" font-size="12">'
        ),
        f'<text x="{left}" y="24" font-size="15" font-weight="bold">{escape(title)}</text>',
    ]
    bottom = top_pad + len(bars) * (bar + gap)
    for step in range(round(top / tick) + 1):  # gridlines and the axis labels
        value = tick * step
        parts.append(
            f'<line x1="{x(value):.1f}" x2="{x(value):.1f}" y1="{top_pad - 6}" '
            f'y2="{bottom:.1f}" stroke="#ddd"/>'
            f'<text x="{x(value):.1f}" y="{bottom + 16:.1f}" text-anchor="middle">'
            f"{value:,.0f}</text>"
        )
    for i, (label, value) in enumerate(bars):
        y, text = top_pad + i * (bar + gap), f"{value:,.0f} {escape(unit)}"
        parts.append(
            f'<text x="{left - 8}" y="{y + bar * 0.65:.1f}" text-anchor="end">'
            f"{escape(label)}</text>"
            f'<rect x="{left}" y="{y:.1f}" width="{x(value) - left:.1f}" height="{bar}" '
            f'fill="{_COLOURS[i % len(_COLOURS)]}"><title>{escape(label)}: {text}</title></rect>'
            f'<text x="{x(value) + 6:.1f}" y="{y + bar * 0.65:.1f}">{text}</text>'
        )
    parts.append(
        f'<line x1="{left}" x2="{left}" y1="{top_pad - 6}" y2="{bottom:.1f}" stroke="#333"/></svg>'
    )
    return "\n".join(parts)


def _nice_step(rough: float) -> float:
    """The gridline spacing: 1, 2 or 5 times a power of ten, at least ``rough``."""
    power = 10.0 ** math.floor(math.log10(rough)) if rough > 0 else 1.0
    return next(power * m for m in (1, 2, 5, 10) if power * m >= rough)
