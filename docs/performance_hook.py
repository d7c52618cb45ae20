"""Fill the performance page from ``docs/data/performance.json`` at build time.

``benchmarks/side_by_side.py --out docs/data/performance.json`` writes the file:
the editions' figures by player count and the peer engine's, measured in one run,
with the machine they ran on. This hook turns it into the page's tables and its
chart (``performance.svg``, drawn by ``serenissima.analysis.bench.report``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
from hook_pages import fill, load
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from serenissima.analysis.bench.report import bench_svg
from serenissima.analysis.bench.throughput import BenchResult

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "data" / "performance.json"
MARKER = "<!-- performance-tables -->"
CHART = "performance.svg"


def _load() -> dict[str, Any] | None:
    return load(DATA)


def _results(rows: list[dict[str, Any]]) -> list[BenchResult]:
    """Measurements written by ``bench_data``, read back (the derived rates left out)."""
    fields = {field.name for field in attrs.fields(BenchResult)}
    return [BenchResult(**{k: v for k, v in row.items() if k in fields}) for row in rows]


def _peer_results(data: dict[str, Any]) -> list[BenchResult]:
    peer = data.get("peer")
    return _results(peer["results"]) if peer else []


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the chart of the measured figures to the site."""
    data = _load()
    if data is not None:
        svg = bench_svg(_results(data["results"]) + _peer_results(data))
        files.append(File.generated(config, CHART, content=svg + "\n"))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace the marker of the performance page with the tables and the chart."""
    return fill(markdown, MARKER, DATA, _tables, "benchmarks/side_by_side.py")


def _tables(data: dict[str, Any]) -> str:
    machine = data["machine"]
    results = _results(data["results"])
    peers = {row["players"]: row for row in (data.get("peer") or {}).get("results", [])}
    peer = data.get("peer")
    out = [
        (
            f"Measured on {data['date']} with serenissima {data['serenissima']} on "
            f"{machine['cpu']} ({machine['cores']} cores, {machine['system']}, "
            f"{machine['python']}), in one run of about {data['seconds']:g} s in "
            f"{data['rounds']} interleaved rounds:"
        ),
        "",
        f"```sh\n{data['command']}\n```",
        "",
        "| Ruleset | Players | Games | Decisions | Decisions/s | µs per decision "
        "| Games/s | Pickled state (bytes) | JSON state (bytes) |"
        + (f" Against {peer['name']} |" if peer else ""),
        "| --- |" + " ---: |" * (9 if peer else 8),
    ]
    for r in sorted(results, key=lambda r: (r.ruleset, r.players)):
        row = (
            f"| `{r.ruleset}` | {r.players} | {r.games:,} | {r.decisions:,} "
            f"| {r.decisions_per_second:,.0f} | {r.microseconds_per_decision:.1f} "
            f"| {r.games_per_second:,.1f} | {r.pickle_bytes:,.0f} | {r.json_bytes:,.0f} |"
        )
        if peer:
            other = peers.get(r.players)
            ratio = r.decisions_per_second / other["decisions_per_second"] if other else None
            row += f" {ratio:.2f}x |" if ratio else " |"
        out.append(row)
    if peer:
        out += [
            "",
            f"{peer['name']} {peer['version']}, random players, in the same run:",
            "",
            "| Players | Games | Decisions | Decisions/s | µs per decision |",
            "| ---: | ---: | ---: | ---: | ---: |",
        ]
        for row in peer["results"]:
            out.append(
                f"| {row['players']} | {row['games']:,} | {row['decisions']:,} "
                f"| {row['decisions_per_second']:,.0f} | {row['microseconds_per_decision']:.1f} |"
            )
    out += ["", f"![Decisions per second by edition and player count]({CHART})", ""]
    return "\n".join(out)
