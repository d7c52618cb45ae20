"""Fill the game server's page: its endpoints, its schemas, and the load run's figures.

At build time the hook builds the server's application and publishes its
contract at the site's root, at the paths the server serves it from:
``openapi.json``, ``asyncapi.json`` and each installed ruleset's schema bundle
(``rulesets/<id>/schema.json``), so that the page's relative links lead to
them on the built site as on a running server. It lists the endpoints from
the OpenAPI document, and renders ``docs/data/server-load.json`` (written by
``benchmarks/server_load.py``): the load run as a table and a latency chart,
the bots run as a table of latencies without and with bots thinking, the churn
run as a table and a chart of the server's memory against the games created.
The file holds each scenario's result under its name; an older file, one load
run not under a key, is read as the load run.
"""

from __future__ import annotations

import json
import math
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
from serenissima.server._contract import asyncapi
from serenissima.server._publish import schemas
from serenissima.server.app import create_app

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "data" / "server-load.json"
ENDPOINTS = "<!-- server-endpoints -->"
LOAD = "<!-- server-load -->"
BOTS = "<!-- server-bots -->"
CHURN = "<!-- server-churn -->"
CHART = "server-load.svg"
CHURN_CHART = "server-churn.svg"
DASH = "\N{EN DASH}"
"""What a table shows where it has no figure."""


def _openapi() -> dict[str, Any]:
    store = SQLiteStore(Path(tempfile.mkdtemp()) / "games.db")
    document: dict[str, Any] = create_app(store, poll=None).openapi()
    return document


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Publish the OpenAPI and AsyncAPI documents, the schema bundles and the load chart."""
    openapi = _openapi()
    files.append(File.generated(config, "openapi.json", content=json.dumps(openapi, indent=2)))
    live = json.dumps(asyncapi(openapi), indent=2)
    files.append(File.generated(config, "asyncapi.json", content=live))
    for ruleset in available_rulesets():
        bundle = json.dumps(schemas(ruleset), indent=2)
        files.append(File.generated(config, f"rulesets/{ruleset}/schema.json", content=bundle))
    if DATA.is_file():
        runs = _runs(json.loads(DATA.read_text(encoding="utf-8")))
        if runs.get("load"):
            files.append(File.generated(config, CHART, content=svg(runs["load"]) + "\n"))
        if runs.get("churn", {}).get("series"):
            content = churn_svg(runs["churn"]) + "\n"
            files.append(File.generated(config, CHURN_CHART, content=content))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace the server page's markers by the endpoint table and the load figures."""
    if ENDPOINTS in markdown:
        markdown = markdown.replace(ENDPOINTS, endpoints(_openapi()))
    script = "benchmarks/server_load.py"
    for marker, render in ((LOAD, _load), (BOTS, _bots), (CHURN, _churn)):
        markdown = fill(markdown, marker, DATA, render, script)
    return markdown


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
    out.append("| `GET` | `/openapi.json` | The HTTP API as an OpenAPI 3.1 document. |")
    out.append("| `GET` | `/asyncapi.json` | The WebSocket as an AsyncAPI 3.0 document. |")
    out.append("| `GET` | `/play/` | The reference web page. |")
    return "\n".join(out)


def _runs(data: dict[str, Any]) -> dict[str, Any]:
    """The file's results by scenario (an older file holds one load run, not under a key)."""
    return {"load": data} if "latency_ms" in data else data


def _missing(scenario: str, options: str) -> str:
    return (
        f"!!! note\n    These figures appear here once `python benchmarks/server_load.py "
        f"--scenario {scenario} {options}--out docs/data/server-load.json` has run.\n"
    )


def _machine(data: dict[str, Any]) -> str:
    machine = data["machine"]
    return (
        f"Measured on {data['date']} on {machine['cpu']} ({machine['cores']} cores, "
        f"{machine['system']}, {machine['python']}), server and clients on the same machine, SQLite"
    )


def _mib(memory: dict[str, Any] | None, key: str) -> str:
    """``start / peak / end`` of one process's (or the children's) memory, or a dash."""
    if not memory:
        return DASH
    figures = memory[key]
    return f"{figures['start']:g} / {figures['peak']:g} / {figures['end']:g}"


def _load(data: dict[str, Any]) -> str:
    """The load run: its table, its latency chart and who was busy."""
    data = _runs(data).get("load") or {}
    if not data:
        return _missing("load", "--games 50 --seconds 60 ")
    latency = data["latency_ms"]
    kill = (
        f"killed with `kill -9` at {data['killed_at_s']:g} s and answering again at "
        f"{data['restarted_at_s']:g} s"
        if data["killed_at_s"] is not None
        else "not killed"
    )
    out = [
        (
            f"{_machine(data)}: {data['tables']} games at once ({data['games']} games in all, "
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
    ]
    memory = data.get("memory_mib")
    if memory:
        out += [
            f"| Server's resident memory, start / peak / end (MiB) | {_mib(memory, 'server')} |",
            (
                f"| Its child processes' (bot worker, resource tracker), start / peak / end "
                f"(MiB) | {_mib(memory, 'workers')} |"
            ),
        ]
    if data.get("orphaned_by_kill") is not None and data["killed_at_s"] is not None:
        out.append(
            f"| Child processes still running after the `kill -9` (stopped by the script) | "
            f"{data['orphaned_by_kill']} |"
        )
    out += [
        "",
        f"![Latency from submitting a move to its event, by bucket]({CHART})",
        "",
        _cpu(data),
        "",
    ]
    return "\n".join(out)


def _bots(data: dict[str, Any]) -> str:
    """The bots run: the people's latencies without and with bots thinking, and the ratio."""
    data = _runs(data).get("bots") or {}
    if not data or not data.get("without"):
        return _missing("bots", "--seconds 45 ")
    without, with_ = data["without"], data.get("with")
    if not with_:
        return _missing("bots", "--seconds 45 ") + (
            "\n(Only the run without bots was written: the run with them did not finish.)\n"
        )
    out = [
        (
            f"{_machine(data)}: {data['tables']} games of a person against the `{data['bot']}` "
            f"bot, for {data['seconds']:g} s, alone and then beside {data['bot_tables']} games "
            f"whose seats are all `{data['bot_kind']}` bots, on a server whose bots may think "
            f"{data['max_bot_seconds']:g} s a decision ({_workers(data)}):"
        ),
        "",
        (
            f"```sh\npython benchmarks/server_load.py --scenario bots --games {data['tables']} "
            f"--bot-games {data['bot_tables']} --max-bot-seconds {data['max_bot_seconds']:g} "
            f"--seconds {data['seconds']:g} --out docs/data/server-load.json\n```"
        ),
        "",
        f"| Figure | Without bots | With {data['bot_tables']} bots' games | With / without |",
        "| --- | ---: | ---: | ---: |",
    ]
    for key in ("p50", "p90", "p99", "max"):
        before, after = without["latency_ms"][key], with_["latency_ms"][key]
        out.append(
            f"| People's move latency {key} (ms) | {before:g} | {after:g} | "
            f"{_ratio(after, before)} |"
        )
    for key in ("p50", "p99"):
        before, after = without["reply_ms"][key], with_["reply_ms"][key]
        out.append(
            f"| Wait for their own bot's reply, {key} (ms) | {before:g} | {after:g} | "
            f"{_ratio(after, before)} |"
        )
    before, after = without["moves_acknowledged"], with_["moves_acknowledged"]
    out += [
        f"| People's moves acknowledged | {before:,} | {after:,} | {_ratio(after, before)} |",
        f"| Bots' games' moves stored | {DASH} | {with_['bot_moves_stored']:,} | |",
        (
            f"| Bots' decisions stopped at twice the cap | {DASH} | "
            f"{with_['bot_decisions_stopped']} | |"
        ),
        (
            f"| Server's resident memory, start / peak / end (MiB) | "
            f"{_mib(without.get('memory_mib'), 'server')} | "
            f"{_mib(with_.get('memory_mib'), 'server')} | |"
        ),
        (
            f"| Bot workers' resident memory, start / peak / end (MiB) | "
            f"{_mib(without.get('memory_mib'), 'workers')} | "
            f"{_mib(with_.get('memory_mib'), 'workers')} | |"
        ),
        (
            f"| CPU of the server / the bot workers / the clients / the machine's other "
            f"processes (s) | "
            f"{_cpu_triple(without)} | {_cpu_triple(with_)} | |"
        ),
        f"| Acknowledged moves lost | {without['lost']} | {with_['lost']} | |",
        "",
    ]
    return "\n".join(out)


def _workers(data: dict[str, Any]) -> str:
    workers = data.get("bot_workers")
    return "the default of one bot worker" if not workers else f"{workers} bot workers"


def _ratio(after: float, before: float) -> str:
    return f"{after / before:.2f}\N{MULTIPLICATION SIGN}" if before else DASH


def _cpu_triple(part: dict[str, Any]) -> str:
    cpu = part.get("cpu_seconds") or {}
    return " / ".join(
        f"{cpu[key]:g}" if key in cpu else DASH
        for key in ("server", "workers", "clients", "others")
    )


def _churn(data: dict[str, Any]) -> str:
    """The churn run: memory over many games, as a table and a line chart."""
    data = _runs(data).get("churn") or {}
    if not data or not data.get("series"):
        return _missing("churn", "")
    if "created" not in data:
        return _missing("churn", "") + (
            f"\n(A run was stopped after {data['series'][-1]['games']:,} games.)\n"
        )
    at = data["server_mib_at"]
    slope = data["slope_mib_per_1000_games"]
    out = [
        (
            f"{_machine(data)}: {data['created']:,} games created by {data['creators']} clients "
            f"at once, each a person against the `{data['bot']}` bot with "
            f"{data['person_moves_per_game']} of the person's moves played, on a server keeping "
            f"{data['games_in_memory']} games in memory, in {data['seconds']:g} s:"
        ),
        "",
        (
            f"```sh\npython benchmarks/server_load.py --scenario churn --churn-games "
            f"{data['games']} --games-in-memory {data['games_in_memory']} "
            f"--out docs/data/server-load.json\n```"
        ),
        "",
        "| Figure | Value |",
        "| --- | ---: |",
        f"| Games created and played | {data['created']:,} ({data['failed']} failed) |",
        f"| Games per second | {data['games_per_second']:g} |",
        f"| Person's moves acknowledged / lost | {data['moves_acknowledged']:,} / {data['lost']} |",
        (
            f"| First games read back from the store, at their last move | "
            f"{data['reloaded']} of {data['reload_checked']} |"
        ),
        (
            "| Server's resident memory at 10% / 50% / 100% of the games (MiB) | "
            + " / ".join(DASH if at[k] is None else f"{at[k]:g}" for k in ("10%", "50%", "100%"))
            + " |"
        ),
        (
            "| Its slope over the second half (MiB per 1,000 games) | "
            + (DASH if slope is None else f"{slope:g}")
            + " |"
        ),
        (
            f"| Server's resident memory, start / peak / end (MiB) | "
            f"{_mib(data.get('memory_mib'), 'server')} |"
        ),
        f"| Bot worker's, start / peak / end (MiB) | {_mib(data.get('memory_mib'), 'workers')} |",
        (
            f"| CPU of the server / the bot worker / the clients / the machine's other "
            f"processes (s) | {_cpu_triple(data)} |"
        ),
        "",
        f"![The server's resident memory against the games created]({CHURN_CHART})",
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
            f"({cpu['server'] / seconds:.0%} of one core)"
            + (
                f", its bot worker {cpu['workers']:g} s ({cpu['workers'] / seconds:.0%})"
                if "workers" in cpu
                else ""
            )
            + f" and the clients, all in one Python process, {cpu['clients']:g} s "
            f"({cpu['clients'] / seconds:.0%} of one core)"
            + (
                ": the clients, not the server, set the pace of this run."
                if cpu["clients"] > cpu["server"]
                else "."
            )
        )
        if cpu.get("others"):
            text += (
                f" The machine's other processes used {cpu['others']:g} s "
                f"({cpu['others'] / seconds:.0%} of one core) meanwhile."
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


def churn_svg(data: dict[str, Any]) -> str:
    """Lines of the server's resident memory, and its children's, against the games created."""
    series = data["series"]
    left, top, width, height = 56, 30, 480, 200
    most_games = max(point["games"] for point in series) or 1
    most_mib = max(max(p["server_mib"], p["workers_mib"]) for p in series) or 1.0
    ceiling = _nice(most_mib * 1.15)

    def x(games: float) -> float:
        return left + width * games / most_games

    def y(mib: float) -> float:
        return top + height - height * mib / ceiling

    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 150}" '
            f'height="{top + height + 50}" font-family="sans-serif" font-size="11">'
        ),
        (
            f'<text x="{left}" y="14" font-size="12">Resident memory (MiB) against the games '
            "created and played</text>"
        ),
        (
            f'<line x1="{left}" y1="{top + height}" x2="{left + width}" y2="{top + height}" '
            'stroke="#555"/>'
        ),
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + height}" stroke="#555"/>',
    ]
    for step in range(5):
        mib = ceiling * step / 4
        parts.append(
            f'<line x1="{left}" y1="{y(mib):.1f}" x2="{left + width}" y2="{y(mib):.1f}" '
            f'stroke="#ddd"/><text x="{left - 6}" y="{y(mib) + 4:.1f}" '
            f'text-anchor="end">{mib:g}</text>'
        )
        games = most_games * step / 4
        parts.append(
            f'<text x="{x(games):.1f}" y="{top + height + 16}" '
            f'text-anchor="middle">{games:,.0f}</text>'
        )
    parts.append(
        f'<text x="{left + width / 2}" y="{top + height + 36}" text-anchor="middle">'
        "games created</text>"
    )
    lines = (("server_mib", "#8b1e2d", "server"), ("workers_mib", "#3f51b5", "bot worker(s)"))
    for number, (key, colour, name) in enumerate(lines):
        points = " ".join(f"{x(p['games']):.1f},{y(p[key]):.1f}" for p in series)
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2">'
            f"<title>{escape(name)}</title></polyline>"
        )
        last = series[-1]
        parts.append(
            f'<text x="{x(last["games"]) + 6:.1f}" y="{y(last[key]) + 4 + 12 * number:.1f}" '
            f'fill="{colour}">{escape(name)}: {last[key]:g}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)


def _nice(value: float) -> float:
    """The round number (1, 2 or 5 times a power of ten) at or above ``value``."""
    power = 10.0 ** math.floor(math.log10(value))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= value)
