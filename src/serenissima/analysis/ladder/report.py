"""A ladder shown: text tables, Markdown tables and a dot-and-interval chart of the ratings.

Every function here takes a :class:`~serenissima.analysis.ladder.run.Ladder` or
the data :meth:`~serenissima.analysis.ladder.run.Ladder.to_dict` gives (as read
back from a JSON file), so that a ladder saved once can be shown again, by the
command line or by the documentation's build.

Example:
    >>> from serenissima.analysis.ladder.run import run_ladder
    >>> from serenissima.analysis.ladder.report import format_ladder
    >>> ladders = run_ladder(["modern"], ["random", "greedy"], [2], games=2, replicates=5)
    >>> print(format_ladder(ladders[0]).splitlines()[0])
    Ladder modern 1.0.0: 2 players, 2 games per pairing, seed 1
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, Final

from serenissima.analysis.ladder.run import Ladder

__all__ = ["format_ladder", "ladder_markdown", "ladder_svg"]

LadderData = Ladder | Mapping[str, Any]

_COLOUR: Final = "#3949ab"
_WIDTH: Final = 720.0
_LABEL: Final = 210.0
_RIGHT_PAD: Final = 60.0
_ROW: Final = 26.0
_TOP: Final = 48.0
_BOTTOM: Final = 40.0
_SEATS_NOTE: Final = "Each agent's share of the win from each seat, of its games there"
_ALONE_NOTE: Final = "Each agent's share of the win from its seat when alone among the other's"


def _data(ladder: LadderData) -> Mapping[str, Any]:
    return ladder.to_dict() if isinstance(ladder, Ladder) else ladder


def _title(data: Mapping[str, Any]) -> str:
    seating = data.get("seating", "alternate")
    return (
        f"{data['ruleset']} {data['version']}: {data['players']} players, "
        f"{data['games_per_pairing']} games per pairing, seed {data['seed']}"
        + ("" if seating == "alternate" else f", {seating} seating")
    )


def _pairing_rows(data: Mapping[str, Any]) -> list[list[str]]:
    rows = [["pairing", "games", "first's wins", "share", "95% interval"]]
    for p in data["pairings"]:
        low, high = p["interval"]
        rows.append(
            [
                f"{p['agents'][0]} v {p['agents'][1]}",
                f"{p['games']:,}",
                f"{p['wins']:g}",
                f"{p['share']:.1%}",
                f"{low:.1%} to {high:.1%}",
            ]
        )
    return rows


def _place(place: Mapping[str, Any], brief: bool) -> str:
    """One agent's share from one place: ``46% of 24``, with its interval unless brief."""
    if place["share"] is None:
        return "-"
    shown = f"{place['share']:.0%} of {place['games']:,}"
    if brief:
        return shown
    low, high = place["interval"]
    return f"{shown} ({low:.0%} to {high:.0%})"


def _seat_rows(data: Mapping[str, Any], brief: bool) -> list[list[str]]:
    """Each agent's share from each seat: one row per pairing (brief) or per agent."""
    pairings = [p for p in data["pairings"] if "seats" in p]
    if not pairings:
        return []
    seats = range(len(pairings[0]["seats"]["first"]))
    if brief:
        rows = [["pairing", *(f"{side} at {s}" for side in ("1st", "2nd") for s in seats)]]
        for p in pairings:
            cells = [
                _place(place, True) for side in ("first", "second") for place in p["seats"][side]
            ]
            rows.append([f"{p['agents'][0]} v {p['agents'][1]}", *cells])
        return rows
    rows = [["pairing", "agent", *(f"seat {s}" for s in seats)]]
    for p in pairings:
        for n, side in enumerate(("first", "second")):
            pairing = f"{p['agents'][0]} v {p['agents'][1]}" if n == 0 else ""
            rows.append([pairing, p["agents"][n], *(_place(x, False) for x in p["seats"][side])])
    return rows


def _alone_rows(data: Mapping[str, Any]) -> list[list[str]]:
    """Each agent's share from its seat when alone: one row per pairing."""
    pairings = [p for p in data["pairings"] if "alone" in p]
    if not pairings:
        return []
    rows = [["pairing", "first alone", "95% interval", "second alone", "95% interval"]]
    for p in pairings:
        cells = []
        for side in ("first", "second"):
            place = p["alone"][side]
            if place["share"] is None:
                cells += ["-", "-"]
                continue
            low, high = place["interval"]
            cells += [f"{place['share']:.1%} of {place['games']:,}", f"{low:.1%} to {high:.1%}"]
        rows.append([f"{p['agents'][0]} v {p['agents'][1]}", *cells])
    return rows


def _fair(data: Mapping[str, Any], block: str) -> str:
    fair = next(p[block]["fair"] for p in data["pairings"] if block in p)
    return f"{fair:.1%}"


def _rating_rows(data: Mapping[str, Any]) -> list[list[str]]:
    rows = [["agent", "rating", "95% interval", "Elo", "Elo 95% interval"]]
    for r in sorted(data["ratings"], key=lambda r: -float(r["rating"])):
        low, high = r["interval"]
        elo_low, elo_high = r["elo_interval"]
        rows.append(
            [
                r["agent"],
                f"{r['rating']:+.2f}",
                f"{low:+.2f} to {high:+.2f}",
                f"{r['elo']:+.0f}",
                f"{elo_low:+.0f} to {elo_high:+.0f}",
            ]
        )
    return rows


def _table(rows: list[list[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(
            cell.ljust(width) if i == 0 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]


def format_ladder(ladder: LadderData) -> str:
    """Return a ladder as text: the pairings' table, the ratings' table, and the seats'.

    When the ladder keeps its seats, a table gives each agent's share of the
    win from each seat (one line per pairing: the first agent at seat 0, 1,
    ..., then the second), and with the ``one`` seating another gives each
    agent's share when alone, with its 95% interval.

    Args:
        ladder: The ladder, or its data.

    Returns:
        The text, without a final newline.

    Example:
        >>> from serenissima.analysis.ladder.run import run_ladder
        >>> from serenissima.analysis.ladder.report import format_ladder
        >>> (ladder,) = run_ladder(["classic"], ["random", "greedy"], [2], games=2, replicates=5)
        >>> "random v greedy" in format_ladder(ladder)
        True
    """
    data = _data(ladder)
    lines = [f"Ladder {_title(data)}", ""]
    lines += ["  " + line for line in _table(_pairing_rows(data))]
    lines.append("")
    lines += ["  " + line for line in _table(_rating_rows(data))]
    seats, alone = _seat_rows(data, brief=True), _alone_rows(data)
    if seats:
        lines += [
            "",
            f"  {_SEATS_NOTE} (fair {_fair(data, 'seats')}); 1st, 2nd: the pairing's agents:",
        ]
        lines += ["  " + line for line in _table(seats)]
    if alone:
        lines += [
            "",
            f"  {_ALONE_NOTE} (fair {_fair(data, 'alone')}):",
        ]
        lines += ["  " + line for line in _table(alone)]
    lines += [
        "",
        (
            f"  Bradley-Terry ratings (log strength), {data['anchor']} = 0; Elo-like: 400 points "
            "are odds of 10 to 1;"
        ),
        (
            f"  intervals: Wilson for the shares, {data['bootstrap_replicates']} bootstrap "
            "replicates over the games for the ratings."
        ),
    ]
    return "\n".join(lines)


def ladder_markdown(ladder: LadderData) -> str:
    """Return a ladder as Markdown: a heading line and the tables.

    The pairings' and the ratings' tables, then, when the data has them, each
    agent's share of the win from each seat and, with the ``one`` seating,
    when alone, with their 95% intervals (a ladder saved before the seats were
    kept has neither).

    Args:
        ladder: The ladder, or its data.

    Returns:
        The Markdown, without a final newline.

    Example:
        >>> from serenissima.analysis.ladder.run import run_ladder
        >>> from serenissima.analysis.ladder.report import ladder_markdown
        >>> (ladder,) = run_ladder(["modern"], ["random", "greedy"], [2], games=2, replicates=5)
        >>> ladder_markdown(ladder).splitlines()[2]
        "| pairing | games | first's wins | share | 95% interval |"
    """
    data = _data(ladder)
    lines = [f"**{_title(data)}**", ""]
    tables = [(_pairing_rows(data), ""), (_rating_rows(data), "")]
    if seats := _seat_rows(data, brief=False):
        note = f"{_SEATS_NOTE} (fair {_fair(data, 'seats')}), with the 95% interval:"
        tables.append((seats, note))
    if alone := _alone_rows(data):
        note = f"{_ALONE_NOTE} (fair {_fair(data, 'alone')}):"
        tables.append((alone, note))
    for rows, note in tables:
        if note:
            lines += [note, ""]
        lines.append("| " + " | ".join(rows[0]) + " |")
        aligns = [":--" if i == 0 or head == "agent" else "--:" for i, head in enumerate(rows[0])]
        lines.append("|" + "|".join(aligns) + "|")
        lines += ["| " + " | ".join(row) + " |" for row in rows[1:]]
        lines.append("")
    return "\n".join(lines[:-1])


def _nice(rough: float) -> float:
    power = 10.0 ** math.floor(math.log10(rough)) if rough > 0 else 1.0
    return next(power * m for m in (1, 2, 5, 10) if power * m >= rough)


def ladder_svg(ladders: Sequence[LadderData], title: str = "Agent ratings (Elo-like)") -> str:
    """Draw the ratings of one or more ladders: a dot per agent with its 95% interval.

    One block of rows per ladder (ruleset and player count), strongest agent
    first, on one Elo-like axis with a dashed line at the anchor's 0.

    Args:
        ladders: The ladders, or their data.
        title: The chart's title.

    Returns:
        A standalone SVG document (no script, no external resource).

    Example:
        >>> from serenissima.analysis.ladder.run import run_ladder
        >>> from serenissima.analysis.ladder.report import ladder_svg
        >>> ladders = run_ladder(["modern"], ["random", "greedy"], [2], games=2, replicates=5)
        >>> svg = ladder_svg(ladders)
        >>> svg.startswith("<svg") and "modern, 2 players: random" in svg
        True
    """
    rows: list[tuple[str, Mapping[str, Any] | None]] = []
    for ladder in ladders:
        data = _data(ladder)
        rows.append((f"{data['ruleset']}, {data['players']} players", None))
        for r in sorted(data["ratings"], key=lambda r: -float(r["elo"])):
            rows.append((f"{data['ruleset']}, {data['players']} players: {r['agent']}", r))
    ends = [float(e) for _, r in rows if r is not None for e in (*r["elo_interval"], r["elo"])]
    step = _nice(max(max(ends, default=0.0) - min(ends, default=0.0), 1.0) / 5)
    low = step * math.floor(min([0.0, *ends]) / step)
    high = step * math.ceil(max([0.0, *ends]) / step + 1e-9)
    high = max(high, low + step)
    height = _TOP + _ROW * len(rows) + _BOTTOM
    x0, x1 = _LABEL, _WIDTH - _RIGHT_PAD

    def x(value: float) -> float:
        return x0 + (x1 - x0) * (value - low) / (high - low)

    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_WIDTH:.0f} {height:.0f}" '
            f'width="{_WIDTH:.0f}" height="{height:.0f}" font-family="sans-serif" '
            f'font-size="12" role="img" aria-label="{escape(title)}">'
        ),
        f'<text x="12" y="22" font-size="15" font-weight="bold">{escape(title)}</text>',
    ]
    for k in range(round((high - low) / step) + 1):
        value = low + step * k
        stroke = '"#616161" stroke-dasharray="5 4"' if value == 0 else '"#e0e0e0"'
        parts.append(
            f'<line x1="{x(value):.1f}" x2="{x(value):.1f}" y1="{_TOP - 6}" '
            f'y2="{height - _BOTTOM:.1f}" stroke={stroke}/>'
            f'<text x="{x(value):.1f}" y="{height - _BOTTOM + 16:.1f}" '
            f'text-anchor="middle">{value:+.0f}</text>'
        )
    for n, (label, rating) in enumerate(rows):
        y = _TOP + _ROW * n + _ROW / 2
        if rating is None:
            parts.append(f'<text x="12" y="{y + 4:.1f}" font-weight="bold">{escape(label)}</text>')
            continue
        lo, hi = rating["elo_interval"]
        tip = f"{label}: {rating['elo']:+.0f} ({lo:+.0f} to {hi:+.0f})"
        parts.append(
            f'<text x="{x0 - 10:.1f}" y="{y + 4:.1f}" text-anchor="end">'
            f"{escape(str(rating['agent']))}</text>"
            f'<g><title>{escape(tip)}</title><line x1="{x(lo):.1f}" x2="{x(hi):.1f}" '
            f'y1="{y:.1f}" y2="{y:.1f}" stroke="{_COLOUR}" stroke-width="3" '
            'stroke-linecap="round" opacity="0.55"/>'
            f'<circle cx="{x(rating["elo"]):.1f}" cy="{y:.1f}" r="4.5" fill="{_COLOUR}"/></g>'
        )
    parts.append(
        f'<text x="{(x0 + x1) / 2:.1f}" y="{height - 6:.1f}" text-anchor="middle" '
        'fill="#616161">Elo-like rating, anchor 0; bars: 95% bootstrap intervals</text>'
    )
    parts.append("</svg>")
    return "\n".join(parts)
