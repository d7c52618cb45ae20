"""Fill the performance page's section on the learning interfaces from their measured figures.

``benchmarks/learning_interfaces.py --out docs/data/learning-interfaces.json``
writes the file: decisions per second of the engine, the PettingZoo loop and
the OpenSpiel game, measured in one run. This hook turns it into a table and a
chart (``learning-interfaces.svg``). ``benchmarks/vector_env.py --out
docs/data/vector-env.json`` writes the figures of the Gymnasium vector
environment by number of games, which become a second table.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from hook_pages import fill, load
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "data" / "learning-interfaces.json"
MARKER = "<!-- learning-interfaces -->"
CHART = "learning-interfaces.svg"
VECTOR_DATA = ROOT / "docs" / "data" / "vector-env.json"
VECTOR_MARKER = "<!-- vector-env -->"
COLOURS = {
    "engine": "#4c72b0",
    "pettingzoo": "#55a868",
    "pettingzoo+obs": "#a6d8a8",
    "openspiel": "#c44e52",
    "openspiel+tensor": "#eba0a2",
}
WHAT = {
    "engine": "the engine: `legal_actions`, a pick, a checked `apply`",
    "pettingzoo": "PettingZoo AEC loop, legal indexes from `info`",
    "pettingzoo+obs": "the same, reading each observation vector and mask",
    "openspiel": "OpenSpiel game: `legal_actions`, `apply_action`",
    "openspiel+tensor": "the same, reading the information-state tensor",
}


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the chart of the measured figures to the site."""
    data = load(DATA)
    if data is not None:
        files.append(File.generated(config, CHART, content=svg(data["results"]) + "\n"))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace the markers of the performance page with the tables and the chart."""
    markdown = fill(markdown, MARKER, DATA, _tables, "benchmarks/learning_interfaces.py")
    return fill(markdown, VECTOR_MARKER, VECTOR_DATA, _vector_table, "benchmarks/vector_env.py")


def _tables(data: dict[str, Any]) -> str:
    machine = data["machine"]
    out = [
        (
            f"Measured on {data['date']} with serenissima {data['serenissima']}, PettingZoo "
            f"{data['pettingzoo']} and OpenSpiel {data['open_spiel']} on {machine['cpu']} "
            f"({machine['cores']} cores, {machine['system']}, {machine['python']}), in one "
            f"run of about {data['seconds']:g} s in {data['rounds']} interleaved rounds:"
        ),
        "",
        f"```sh\n{data['command']}\n```",
        "",
        "| Ruleset | Players | Interface | Games | Decisions | Decisions/s | Below the engine |",
        "| --- | ---: | --- | ---: | ---: | ---: | ---: |",
    ]
    for row in data["results"]:
        below = "" if row["interface"] == "engine" else f"{row['overhead']:.0%}"
        out.append(
            f"| `{row['ruleset']}` | {row['players']} | {WHAT[row['interface']]} "
            f"| {row['games']:,} | {row['decisions']:,} | {row['decisions_per_second']:,.0f} "
            f"| {below} |"
        )
    out += ["", f"![Decisions per second by interface]({CHART})", ""]
    return "\n".join(out)


def _vector_table(data: dict[str, Any]) -> str:
    machine = data["machine"]
    out = [
        (
            f"Measured on {data['date']} with serenissima {data['serenissima']}, Gymnasium "
            f"{data['gymnasium']} and NumPy {data['numpy']} on {machine['cpu']} "
            f"({machine['cores']} cores, {machine['system']}, {machine['python']}), in one "
            f"run of about {data['seconds']:g} s in {data['rounds']} interleaved rounds:"
        ),
        "",
        f"```sh\n{data['command']}\n```",
        "",
        "| Ruleset | Players | Games | Steps | Games finished | Steps/s | Time in `step` |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in data["results"]:
        out.append(
            f"| `{row['ruleset']}` | {row['players']} | {row['games']} | {row['steps']:,} "
            f"| {row['finished']:,} | {row['steps_per_second']:,.0f} | {row['step_share']:.0%} |"
        )
    out.append("")
    return "\n".join(out)


def svg(rows: list[dict[str, Any]]) -> str:
    """Horizontal bars of decisions per second: a group per ruleset and player count."""
    groups: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault((row["ruleset"], row["players"]), []).append(row)
    top = max(row["decisions_per_second"] for row in rows) or 1.0
    left, bar, gap, width = 150, 14, 14, 460
    height = 30 + sum(len(g) * bar + gap for g in groups.values()) + 30
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 150}" '
            f'height="{height}" font-family="sans-serif" font-size="11">'
        ),
        (
            f'<text x="{left}" y="16" font-size="12">Decisions per second, whole random games'
            " (longer is faster)</text>"
        ),
    ]
    y = 30
    for (ruleset, players), members in groups.items():
        parts.append(
            f'<text x="{left - 8}" y="{y + len(members) * bar / 2 + 4}" text-anchor="end">'
            f"{escape(ruleset)}, {players} players</text>"
        )
        for row in members:
            rate = row["decisions_per_second"]
            length = max(1.0, width * rate / top)
            name = row["interface"]
            note = "" if name == "engine" else f", {row['overhead']:.0%} below the engine"
            parts.append(
                f'<rect x="{left}" y="{y}" width="{length:.1f}" height="{bar - 2}" '
                f'fill="{COLOURS.get(name, "#888888")}"><title>{escape(name)}: '
                f"{rate:,.0f} decisions/s{note}</title></rect>"
            )
            parts.append(
                f'<text x="{left + length + 4:.1f}" y="{y + bar - 4}">'
                f"{escape(name)} {rate:,.0f}</text>"
            )
            y += bar
        y += gap
    parts.append("</svg>")
    return "\n".join(parts)
