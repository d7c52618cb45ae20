"""Fill the search bot's figures on the bots page from ``docs/data`` at build time.

``scripts/ismcts_speed.py`` writes ``docs/data/ismcts_speed.json`` (iterations
per second, per edition and rollout), and ``scripts/ladder.py`` writes the
documentation's ladder, ``docs/data/ladder.json``. This hook turns the first
into a bar chart and a table, and the ladder's pairings of the search bot with
the greedy bot into a table, where ``bots.md`` has their markers.
"""

from __future__ import annotations

from typing import Any

from hook_pages import ROOT, fill
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

SPEED_DATA = ROOT / "docs" / "data" / "ismcts_speed.json"
STRENGTH_DATA = ROOT / "docs" / "data" / "ladder.json"
SPEED_MARKER = "<!-- ismcts-speed -->"
STRENGTH_MARKER = "<!-- ismcts-strength -->"


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace the bots page's markers with the search bot's figures."""
    markdown = fill(markdown, SPEED_MARKER, SPEED_DATA, speed_section, "scripts/ismcts_speed.py")
    return fill(markdown, STRENGTH_MARKER, STRENGTH_DATA, strength_table, "scripts/ladder.py")


_COLOURS = {"none": "#009688", "heuristic": "#3f51b5", "random": "#ffa000"}
"""A bar's colour by rollout."""


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
        colour = _COLOURS.get(row["rollout"], "#ffa000")
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
        (
            "<figcaption>Iterations per second of one search, by edition and rollout"
            " (none: the default at more than two seats)</figcaption>"
        ),
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
    """The search bot against the greedy bot, from the documentation's ladder.

    One row per edition, player count and search budget: the search bot's
    share of the wins against the greedy bot with its 95% interval, and
    whether the interval lies above the even share, below it or around it.
    """
    out = [
        "| Ruleset | Players | Search bot | Games | Its win share | 95% interval | Verdict |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for ladder in data["ladders"]:
        for pairing in ladder["pairings"]:
            first, second = pairing["agents"]
            if "greedy" in (first, second) and "ismcts" in (first[:6], second[:6]):
                low, high = pairing["interval"]
                share = pairing["share"]
                search = first
                if second.startswith("ismcts"):
                    search, share, low, high = second, 1 - share, 1 - high, 1 - low
                verdict = "stronger" if low > 0.5 else "weaker" if high < 0.5 else "not told apart"
                out.append(
                    f"| `{ladder['ruleset']}` | {ladder['players']} | `{search}` "
                    f"| {pairing['games']} | {share:.1%} | {low:.1%} to {high:.1%} | {verdict} |"
                )
    return (
        "\n".join(out)
        + "\n\nThe two bots hold half the seats each, every seat in turn (the even share is "
        + f"50%); from the [ladder](ladder.md), played with:\n\n```sh\n{data['command']}\n```\n"
    )
