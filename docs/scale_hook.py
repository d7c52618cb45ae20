"""Fill the page on running many games from ``docs/data/scaling.json`` at build time.

``benchmarks/scaling.py --out docs/data/scaling.json`` writes the file: games per
second in-process, in worker processes and on a local Ray instance, measured in one
run, with the machine and its load. This hook turns it into the page's table and its
chart (``scaling.svg``, drawn by ``serenissima.analysis.bench_report.bars_svg``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from serenissima.analysis.bench_report import bars_svg

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "data" / "scaling.json"
MARKER = "<!-- scaling-figures -->"
CHART = "scaling.svg"


def _load() -> dict[str, Any] | None:
    return json.loads(DATA.read_text(encoding="utf-8")) if DATA.is_file() else None


def chart(data: dict[str, Any]) -> str:
    """Steady games per second, one bar per configuration."""
    bars = [(row["label"], float(row["steady_games_per_second"])) for row in data["results"]]
    title = f"Random games per second, {data['ruleset']}, {data['players']} players"
    return bars_svg(bars, title=title, unit="games/s")


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the chart of the measured figures to the site."""
    data = _load()
    if data is not None:
        files.append(File.generated(config, CHART, content=chart(data) + "\n"))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace the marker of the page with the table and the chart."""
    if MARKER not in markdown:
        return markdown
    data = _load()
    if data is None:
        return markdown.replace(
            MARKER,
            "!!! note\n    The figures appear here once `docs/data/scaling.json` is "
            "written by `benchmarks/scaling.py`.\n",
        )
    return markdown.replace(MARKER, _table(data))


def _load_text(load: list[float] | None) -> str:
    return "unknown" if not load else ", ".join(f"{value:.1f}" for value in load)


def _table(data: dict[str, Any]) -> str:
    machine = data["machine"]
    load = data["load_average"]
    out = [
        (
            f"Measured on {data['date']} with serenissima {data['serenissima']} on "
            f"{machine['cpu']} ({machine['usable_cores']} cores usable, {machine['system']}, "
            f"{machine['python']}): {data['games']:,} random games of {data['ruleset']} "
            f"{data['ruleset_version']} at {data['players']} seats, in each configuration, "
            f"{data['rounds']} rounds in rotating order:"
        ),
        "",
        f"```sh\n{data['command']}\n```",
        "",
        "| configuration | start-up | games/s, whole run | games/s, second half | speed-up |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for row in data["results"]:
        out.append(
            f"| {row['label']} | {row['startup_seconds']:.2f} s | "
            f"{row['games_per_second']:,.0f} | {row['steady_games_per_second']:,.0f} | "
            f"{row['speedup']:.2f}x |"
        )
    same = "the same" if data["identical"] else "NOT the same"
    out += [
        "",
        (
            f"Every configuration gave {same} summary. The machine's load average (1, 5 "
            f"and 15 minutes) was {_load_text(load['before'])} before the run and "
            f"{_load_text(load['after'])} after it."
        ),
        "",
        f"![Random games per second by configuration]({CHART})",
        "",
    ]
    return "\n".join(out)
