"""Fill the learned evaluation's figures on the bots page from ``docs/data`` at build time.

``scripts/train_value.py`` writes ``docs/data/value-model.json``: for each
ruleset and player count, the fitted weights, the held-out figures of the model
and of the heuristic alone, by stage of the game, and the calibration tables.
This hook turns them into a table and one calibration chart per edition where
``bots.md`` has its marker.
"""

from __future__ import annotations

from typing import Any

from hook_pages import ROOT, fill
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

DATA = ROOT / "docs" / "data" / "value-model.json"
MARKER = "<!-- value-model -->"
_COLOURS = {2: "#3f51b5", 3: "#009688", 4: "#ffa000"}
"""A line's colour by player count."""


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace the bots page's marker with the learned evaluation's figures."""
    return fill(markdown, MARKER, DATA, section, "scripts/train_value.py")


def section(data: dict[str, Any]) -> str:
    """The table of held-out figures, then a calibration chart per edition."""
    lines = [
        (
            "| Edition | Seats | Positions (games) | Log loss: model | heuristic alone | "
            "knowing nothing | Favourite won | by thirds of the game | Weights | Seconds |"
        ),
        "|---|---:|---:|---:|---:|---:|---:|---|---|---:|",
    ]
    for row in data["models"]:
        held, alone = row["held_out"], row["heuristic_alone"]
        thirds = ", ".join(f"{stage['accuracy']:.0%}" for stage in held["stages"])
        weights = ", ".join(f"{w:.3g}" for w in row["weights"])
        lines.append(
            f"| {row['ruleset']} | {row['players']} | {row['positions']:,} ({row['games']}) | "
            f"{held['log_loss']:.3f} | {alone['log_loss']:.3f} | {held['uniform']:.3f} | "
            f"{held['accuracy']:.1%} | {thirds} | {weights} | {row['seconds']:,.0f} |"
        )
    commands = dict.fromkeys(row.get("command", data["command"]) for row in data["models"])
    shown = "; ".join(f"`{command}`" for command in commands)
    parts = ["\n".join(lines), "", f"Commands: {shown} ({data['date']}).", ""]
    for ruleset in dict.fromkeys(row["ruleset"] for row in data["models"]):
        rows = [row for row in data["models"] if row["ruleset"] == ruleset]
        parts += [f"**Calibration, {ruleset}** (held-out games):", "", calibration_svg(rows), ""]
    return "\n".join(parts)


def calibration_svg(rows: list[dict[str, Any]]) -> str:
    """Observed share of wins against predicted chance, one line per player count."""
    size, pad = 300, 40
    span = size - 2 * pad

    def x(v: float) -> float:
        return pad + v * span

    def y(v: float) -> float:
        return size - pad - v * span

    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{size + 90}" height="{size}" '
            f'viewBox="0 0 {size + 90} {size}" font-family="sans-serif" font-size="11">'
        ),
        f'<rect x="{pad}" y="{pad}" width="{span}" height="{span}" fill="none" stroke="#999"/>',
        (
            f'<line x1="{x(0)}" y1="{y(0)}" x2="{x(1)}" y2="{y(1)}" stroke="#bbb" '
            'stroke-dasharray="4 3"/>'
        ),
        f'<text x="{size / 2}" y="{size - 8}" text-anchor="middle">chance predicted</text>',
        (
            f'<text x="12" y="{size / 2}" transform="rotate(-90 12 {size / 2})" '
            'text-anchor="middle">share won</text>'
        ),
    ]
    for tick in (0.0, 0.5, 1.0):
        parts.append(f'<text x="{x(tick)}" y="{y(0) + 14}" text-anchor="middle">{tick:g}</text>')
        parts.append(f'<text x="{pad - 4}" y="{y(tick) + 4}" text-anchor="end">{tick:g}</text>')
    for i, row in enumerate(rows):
        colour = _COLOURS.get(row["players"], "#666")
        points = [(c[3], c[4]) for c in row["held_out"]["calibration"] if c[2] >= 20]
        path = " ".join(f"{x(p):.1f},{y(o):.1f}" for p, o in points)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        parts += [
            f'<circle cx="{x(p):.1f}" cy="{y(o):.1f}" r="2.5" fill="{colour}"/>' for p, o in points
        ]
        parts.append(
            f'<text x="{size - pad + 12}" y="{pad + 14 + 16 * i}" fill="{colour}">'
            f"{row['players']} seats</text>"
        )
    parts.append("</svg>")
    return "".join(parts)
