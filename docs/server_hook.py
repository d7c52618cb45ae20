"""Fill the game server's page: its endpoints, its schemas, and the load run's figures.

At build time the hook builds the server's application, publishes its OpenAPI
document and each installed ruleset's schema bundle beside the page
(``server/openapi.json``, ``server/schema-<id>.json``), lists the endpoints from
the OpenAPI document, and renders ``docs/data/server-load.json`` (written by
``benchmarks/server_load.py``) as a table and a latency chart.
"""

from __future__ import annotations

import json
import tempfile
from html import escape
from pathlib import Path
from typing import Any

from hook_pages import fill
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from serenissima.engine.registry import available_rulesets
from serenissima.server import SQLiteStore
from serenissima.server._publish import schemas
from serenissima.server.app import create_app

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "data" / "server-load.json"
ENDPOINTS = "<!-- server-endpoints -->"
LOAD = "<!-- server-load -->"
CHART = "server-load.svg"


def _openapi() -> dict[str, Any]:
    store = SQLiteStore(Path(tempfile.mkdtemp()) / "games.db")
    document: dict[str, Any] = create_app(store, poll=None).openapi()
    return document


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Publish the OpenAPI document, the schema bundles and the load chart."""
    files.append(
        File.generated(config, "server/openapi.json", content=json.dumps(_openapi(), indent=2))
    )
    for ruleset in available_rulesets():
        bundle = json.dumps(schemas(ruleset), indent=2)
        files.append(File.generated(config, f"server/schema-{ruleset}.json", content=bundle))
    if DATA.is_file():
        data = json.loads(DATA.read_text(encoding="utf-8"))
        files.append(File.generated(config, CHART, content=svg(data) + "\n"))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace the server page's markers by the endpoint table and the load figures."""
    if ENDPOINTS in markdown:
        markdown = markdown.replace(ENDPOINTS, endpoints(_openapi()))
    return fill(markdown, LOAD, DATA, _load, "benchmarks/server_load.py")


def endpoints(document: dict[str, Any]) -> str:
    """A table of the HTTP endpoints, from the OpenAPI document, and the WebSocket."""
    out = ["| Method | Path | What it does |", "| --- | --- | --- |"]
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            summary = (operation.get("description") or operation.get("summary") or "").strip()
            summary = " ".join(summary.split("\n\n")[0].split())
            out.append(f"| `{method.upper()}` | `{path}` | {escape(summary)} |")
    out.append(
        "| `WS` | `/games/{game_id}/ws?token=TOKEN&since=V` | Every move after `since` as "
        "this viewer may see it, the view, then live. |"
    )
    out.append("| `GET` | `/play/` | The reference web page. |")
    return "\n".join(out)


def _load(data: dict[str, Any]) -> str:
    machine = data["machine"]
    latency = data["latency_ms"]
    kill = (
        f"killed with `kill -9` at {data['killed_at_s']:g} s and answering again at "
        f"{data['restarted_at_s']:g} s"
        if data["killed_at_s"] is not None
        else "not killed"
    )
    out = [
        (
            f"Measured on {data['date']} on {machine['cpu']} ({machine['cores']} cores, "
            f"{machine['system']}, {machine['python']}), server and clients on the same "
            f"machine, SQLite: {data['tables']} games at once ({data['games']} games in all, "
            f"each client starting a new one when its game ended) against the `{data['bot']}` "
            f"bot for {data['seconds']:g} s, the server {kill}:"
        ),
        "",
        (
            f"```sh\npython benchmarks/server_load.py --games {data['tables']} "
            f"--seconds {round(data['seconds'])} --out docs/data/server-load.json\n```"
        ),
        "",
        "| Figure | Value |",
        "| --- | ---: |",
        f"| Person's moves acknowledged | {data['moves_acknowledged']:,} |",
        f"| Person's moves per second | {data['actions_per_second']:,.1f} |",
        (
            f"| Moves stored per second (bots' and chance's included) | "
            f"{data['stored_moves_per_second']:,.1f} |"
        ),
        (
            f"| Latency p50 / p90 / p99 (ms) | {latency['p50']:g} / {latency['p90']:g} / "
            f"{latency['p99']:g} |"
        ),
        f"| Latency max (ms) | {latency['max']:g} |",
        f"| Acknowledged moves lost | {data['lost']} |",
        (
            f"| Moves sent twice / missed on the WebSockets | {data['duplicated']} / "
            f"{data['missed']} |"
        ),
        f"| Games played to the end | {data['games_over']} |",
        "",
        f"![Latency from submitting a move to its event, by bucket]({CHART})",
        "",
        _cpu(data),
        "",
    ]
    return "\n".join(out)


def _cpu(data: dict[str, Any]) -> str:
    """Who was busy: the server, or the clients that share its machine."""
    cpu = data.get("cpu_seconds")
    text = (
        "The server and its clients share the machine's cores: a latency includes the time a "
        "request waits behind the other games' requests and the clients' own work."
    )
    if cpu:
        seconds = data["seconds"]
        text += (
            f" Over the run the server used {cpu['server']:g} s of CPU "
            f"({cpu['server'] / seconds:.0%} of one core) and the clients, all in one Python "
            f"process, {cpu['clients']:g} s ({cpu['clients'] / seconds:.0%} of one core)"
            + (
                ": the clients, not the server, set the pace of this run."
                if cpu["clients"] > cpu["server"]
                else "."
            )
        )
    return text


def svg(data: dict[str, Any]) -> str:
    """Bars of how many moves fell in each latency bucket (doubling milliseconds)."""
    buckets = data["histogram_ms"]
    top = max(count for _, count in buckets) or 1
    left, bar, gap, height = 40, 34, 6, 180
    width = left + len(buckets) * (bar + gap) + 20
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + 60}" '
            'font-family="sans-serif" font-size="11">'
        ),
        (
            f'<text x="{left}" y="14" font-size="12">Moves by latency from submit to event '
            f"(ms, at most)</text>"
        ),
    ]
    previous = 0.0
    for number, (bound, count) in enumerate(buckets):
        x = left + number * (bar + gap)
        tall = height * count / top
        label = f"≤{bound:g}" if bound > 0 else f">{previous:g}"
        previous = bound if bound > 0 else previous
        parts.append(
            f'<rect x="{x}" y="{30 + height - tall:.1f}" width="{bar}" height="{tall:.1f}" '
            f'fill="#8b1e2d"><title>{escape(label)} ms: {count} moves</title></rect>'
        )
        parts.append(
            f'<text x="{x + bar / 2}" y="{30 + height - tall - 3:.1f}" '
            f'text-anchor="middle">{count}</text>'
        )
        parts.append(
            f'<text x="{x + bar / 2}" y="{height + 46}" text-anchor="middle">{escape(label)}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)
