"""Fill the budget ladders on the bots page from ``docs/data/budget-ladder*.json`` at build time.

``scripts/budget_ladder.py`` writes each file: the search bot against itself
at growing budgets, per edition and player count, and the pairings where one
budget is four times the other. This hook shows those steps as a chart and a
table, and every ladder's own tables below them, where ``bots.md`` has the
file's marker (one run of the script a file: the modern ladder, the classic one, the
ladder in seconds a decision).
"""

from __future__ import annotations

from typing import Any

from hook_pages import ROOT, fill
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from serenissima.analysis.ladder.budgets import BudgetStep, budget_table
from serenissima.analysis.ladder.report import ladder_markdown

DATA = ROOT / "docs" / "data"
LADDERS = {
    "<!-- budget-ladder -->": DATA / "budget-ladder.json",
    "<!-- budget-ladder-classic -->": DATA / "budget-ladder-classic.json",
    "<!-- budget-ladder-seconds -->": DATA / "budget-ladder-seconds.json",
}
"""Each marker of the bots page, and the file of the ladder shown there."""


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace each of the bots page's markers with its budget ladder."""
    for marker, path in LADDERS.items():
        markdown = fill(markdown, marker, path, section, "scripts/budget_ladder.py")
    return markdown


def _step(row: dict[str, Any]) -> BudgetStep:
    names = ("ruleset", "players", "seating", "smaller", "larger", "games", "wins", "fair")
    return BudgetStep(*(row[name] for name in names))


def section(data: dict[str, Any]) -> str:
    """The chart and table of the 4x steps, then every ladder's tables, folded."""
    steps = [_step(row) for row in data["steps"]]
    seconds = ", ".join(
        f"{key} seats " + ("resumed from its journal" if value is None else f"{value:,} s")
        for key, value in data["seconds"].items()
    )
    parts = [
        f"Played on {data['date']} with serenissima {data['serenissima']} ({seconds}):",
        "",
        f"```sh\n{data['command']}\n```",
        "",
        steps_svg(steps),
        "",
        budget_table(steps),
        "",
    ]
    for ladder in data["ladders"]:
        body = ladder_markdown(ladder).replace("\n", "\n    ")
        title = f"{ladder['ruleset']}, {ladder['players']} seats: every pairing"
        parts += [f'??? note "{title}"', "", f"    {body}", ""]
    return "\n".join(parts)


def steps_svg(steps: list[BudgetStep]) -> str:
    """The larger budget's share in each step: a dot, its 95% interval and the fair share."""
    width, left, right, row, top = 640, 260, 30, 26, 30
    height = top + row * len(steps) + 30
    span = width - left - right

    def x(v: float) -> float:
        return left + v * span

    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">'
        ),
        f'<text x="{left}" y="16">share of the win of the larger budget (dashed: fair)</text>',
    ]
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(
            f'<line x1="{x(tick)}" y1="{top - 6}" x2="{x(tick)}" y2="{height - 24}" '
            'stroke="#eee"/>'
            f'<text x="{x(tick)}" y="{height - 10}" text-anchor="middle">{tick:.0%}</text>'
        )
    for i, step in enumerate(steps):
        y = top + row * i + row / 2
        colour = "#2e7d32" if step.holds else "#c62828"
        label = f"{step.ruleset} {step.players}: {step.larger} v {step.smaller.split(':')[-1]}"
        low, high = step.interval.low, step.interval.high
        parts += [
            f'<text x="{left - 10}" y="{y + 4}" text-anchor="end">{label}</text>',
            (
                f'<line x1="{x(step.fair):.1f}" y1="{y - 10}" x2="{x(step.fair):.1f}" '
                f'y2="{y + 10}" stroke="#555" stroke-dasharray="3 2"/>'
            ),
            (
                f'<line x1="{x(low):.1f}" y1="{y}" x2="{x(high):.1f}" y2="{y}" '
                f'stroke="{colour}" stroke-width="2"/>'
            ),
            f'<circle cx="{x(step.share):.1f}" cy="{y}" r="4" fill="{colour}"/>',
        ]
    parts.append("</svg>")
    return "".join(parts)
