"""Fill the page on running many games from ``docs/data/scaling.json`` at build time.

``benchmarks/scaling.py --out docs/data/scaling.json`` writes the file: games per
second in-process, in worker processes and on a local Ray instance, measured in one
run, with the machine and its load. This hook turns it into the page's table and its
chart (``scaling.svg``, drawn by ``serenissima.analysis.bench.report.bars_svg``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hook_pages import fill, load
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from serenissima.analysis.bench.report import bars_svg

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "data" / "scaling.json"
MARKER = "<!-- scaling-figures -->"
CHART = "scaling.svg"


def _load() -> dict[str, Any] | None:
    return load(DATA)


def chart(data: dict[str, Any]) -> str:
    """Steady games per second, one bar per configuration."""
    bars = [(row["label"], float(row["steady_games_per_second"])) for row in data["results"]]
    title = f"Random games per second once under way, {data['ruleset']}, {data['players']} players"
    return bars_svg(bars, title=title, unit="games/s")


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the chart of the measured figures to the site."""
    data = _load()
    if data is not None:
        files.append(File.generated(config, CHART, content=chart(data) + "\n"))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace the marker of the page with the table and the chart."""
    return fill(markdown, MARKER, DATA, _table, "benchmarks/scaling.py")


def _load_text(load: list[float] | None) -> str:
    return "unknown" if not load else ", ".join(f"{value:.1f}" for value in load)


def _sharing(data: dict[str, Any]) -> str:
    """What the load and the scheduler say about the figures."""
    machine, load = data["machine"], data["load_average"]
    if not load["before"]:
        return "The machine's load is not known: compare the rows with each other only."
    if load["before"][0] < 0.5:
        return (
            "The machine had no other work when the run started (the load average after it "
            "counts the run's own workers): the speed-up is what more cores give."
        )
    text = (
        f"Other work had a load of {load['before'][0]:.1f} on the {machine['usable_cores']} "
        "cores when the run started (the load after it counts the run's own workers too), "
        "so the workers did not have idle cores: more workers cannot go faster than the "
        "share of the machine the run gets, and these figures show that share, not what "
        "idle cores give."
    )
    if machine.get("autogroup"):
        text += (
            " Linux shares the CPU here between sessions rather than processes: the worker "
            "processes of a command share the part of its session, while a local Ray "
            "instance starts its workers in a session of its own, which gets a part of its "
            "own."
        )
        rate = {row["backend"]: row["steady_games_per_second"] for row in data["results"]}
        if rate.get("ray", 0) > rate.get("processes", 0):
            text += " That is why Ray does better here once its start-up is paid."
    return text


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
        _sharing(data),
        "",
        f"![Random games per second by configuration]({CHART})",
        "",
    ]
    return "\n".join(out)
