"""Fill the search bot's figures on the bots page from ``docs/data`` at build time.

``scripts/ismcts_speed.py`` writes ``docs/data/ismcts_speed.json`` (iterations
per second, per edition and rollout) and ``scripts/ismcts_strength.py`` writes
``docs/data/ismcts_strength.json`` (one search seat against honest greedy
seats). This hook turns the first into a bar chart and a table, the second
into a table, where ``bots.md`` has their markers.
"""

from __future__ import annotations

from typing import Any

from hook_pages import ROOT, fill
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

SPEED_DATA = ROOT / "docs" / "data" / "ismcts_speed.json"
STRENGTH_DATA = ROOT / "docs" / "data" / "ismcts_strength.json"
SPEED_MARKER = "<!-- ismcts-speed -->"
STRENGTH_MARKER = "<!-- ismcts-strength -->"


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace the bots page's markers with the search bot's figures."""
    markdown = fill(markdown, SPEED_MARKER, SPEED_DATA, speed_section, "scripts/ismcts_speed.py")
    return fill(
        markdown, STRENGTH_MARKER, STRENGTH_DATA, strength_table, "scripts/ismcts_strength.py"
    )


def speed_svg(rows: list[dict[str, Any]]) -> str:
    """A horizontal bar chart of iterations per second, one bar per edition and rollout."""
    width, left, bar, gap = 560, 170, 22, 8
    top = max((row["iterations_per_second"] for row in rows), default=1.0) or 1.0
    height = 20 + len(rows) * (bar + gap)
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">'
        )
    ]
    for i, row in enumerate(rows):
        y = 10 + i * (bar + gap)
        length = (width - left - 70) * row["iterations_per_second"] / top
        label = f"{row['ruleset']}, {row['rollout']}"
        colour = "#3f51b5" if row["rollout"] == "heuristic" else "#ffa000"
        parts.append(
            f'<text x="{left - 8}" y="{y + bar * 0.7:.1f}" text-anchor="end">{label}</text>'
            f'<rect x="{left}" y="{y}" width="{length:.1f}" height="{bar}" fill="{colour}"/>'
            f'<text x="{left + length + 6:.1f}" y="{y + bar * 0.7:.1f}">'
            f"{row['iterations_per_second']:,.0f}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def speed_section(data: dict[str, Any]) -> str:
    """The chart and table of ``scripts/ismcts_speed.py``'s file."""
    rows = data["results"]
    out = [
        '<figure markdown="span">',
        speed_svg(rows),
        "<figcaption>Iterations per second of one search, by edition and rollout</figcaption>",
        "</figure>",
        "",
        "| Ruleset | Rollout | Rollout length | Iterations per second |",
        "| --- | --- | --- | --- |",
    ]
    for row in rows:
        out.append(
            f"| `{row['ruleset']}` | {row['rollout']} | {row['depth']} "
            f"| {row['iterations_per_second']:,.0f} |"
        )
    command = (
        f"python scripts/ismcts_speed.py --iterations {data['iterations']} "
        f"--positions {data['positions']} --seed {data['seed']}"
    )
    return (
        "\n".join(out)
        + f"\n\nMeasured with Python {data['python']} on {data['machine']}, with:\n\n"
        + f"```sh\n{command}\n```\n"
    )


def strength_table(data: dict[str, Any]) -> str:
    """The table of ``scripts/ismcts_strength.py``'s file: one row per edition."""
    out = [
        (
            "| Ruleset | Players | Games | Search seat's win share | 95% interval "
            "| One greedy seat | Even share | Mean score, search / greedy | Seconds per decision |"
        ),
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for e in data["editions"]:
        out.append(
            f"| `{e['ruleset']}` | {e['players']} | {e['games']} | {e['ismcts_win_share']:.1%} "
            f"| {e['ismcts_win_low']:.1%} to {e['ismcts_win_high']:.1%} "
            f"| {e['greedy_win_share']:.1%} | {e['fair_share']:.1%} "
            f"| {e['ismcts_mean_score']:.1f} / {e['greedy_mean_score']:.1f} "
            f"| {e['seconds_per_decision']:.2f} |"
        )
    settings = data["settings"]
    command = (
        f"python scripts/ismcts_strength.py --games {data['games']} --players {data['players']} "
        f"--seed {data['seed']} --budget {data['budget']}"
    )
    return (
        "\n".join(out)
        + f"\n\nThe search bot had the budget `{data['budget']}` per decision, "
        + f"exploration constant {settings['exploration']}, rollouts of "
        + f"{settings['depth']} actions ({settings['rollout']}). Reproduce it with:\n\n"
        + f"```sh\n{command}\n```\n"
    )
