"""Load and fault run of ``serenissima serve``: many games at once, a ``kill -9``, a restart.

On localhost only. The script starts a server process over a fresh database,
creates ``--games`` games (a person against a bot, the editions in turn), and
gives each a client: it joins the person's seat, watches the game over a
WebSocket, and plays random legal moves as fast as the server answers. Each
move's latency is the time from sending it to the arrival of its own move
message on the client's WebSocket (the server commits the move first).

Half-way through, the server is killed with ``SIGKILL`` and started again
over the same database; the clients reconnect, each WebSocket resuming from
the last version it saw. At the end the script checks, for every game:

- every acknowledged move is in the stored record, at its version, with its
  text (none lost);
- every version reached the client's WebSocket exactly once, in order,
  across the restart (none duplicated, none missed);
- the stored record replays to a game that goes on (the state rebuilt move
  by move, each move checked).

It prints the actions per second, the latency percentiles and the checks,
and with ``--out`` writes them as JSON (the performance page draws them).

Usage::

    python benchmarks/server_load.py                       # 50 games, 30 s
    python benchmarks/server_load.py --games 100 --seconds 60 --out docs/data/server-load.json

Needs the ``server`` extra (and ``rich`` for the progress display).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from serenissima.server import HostedGame, open_store
from serenissima.server.process import ServerProcess

sys.path.insert(0, str(Path(__file__).resolve().parent))
from side_by_side import machine  # the same description of the machine

MAX_GAMES = 500
"""The most games one run may hold: the run is bounded in count as well as in time."""

LOAD_LIMITS = (
    "--actions-per-second", "1000", "--games-per-minute", "100000", "--game-burst", "10000",
    "--sockets-per-client", "10000",
)  # fmt: skip
"""Every client of the run comes from one address: the per-address limits are lifted."""


class Client:
    """One game's person: plays, watches, and remembers what it was told."""

    def __init__(self, game: str, seat: int, token: str, seed: int) -> None:
        self.game = game
        self.seat = seat
        self.token = token
        self.rng = random.Random(seed)
        self.acknowledged: dict[int, str] = {}
        """Version made by each answered move of this seat -> its text."""
        self.seen: list[int] = []
        """The versions of the move messages the WebSocket brought, in order."""
        self.arrived: dict[int, float] = {}
        self.latencies: list[float] = []
        self.over = False
        self.errors = 0

    async def watch(self, url: str, stop: asyncio.Event) -> None:
        """Keep a WebSocket open, resuming from the last version seen after any break."""
        ws_url = url.replace("http", "ws", 1)
        while not stop.is_set() and not self.over:
            since = self.seen[-1] if self.seen else 0
            address = f"{ws_url}/games/{self.game}/ws?token={self.token}&since={since}"
            try:
                async with websockets.connect(address, open_timeout=10) as socket:
                    async for text in socket:
                        message = json.loads(text)
                        if message["type"] == "move":
                            self.seen.append(message["version"])
                            self.arrived[message["version"]] = time.perf_counter()
                        elif message["view"]["over"]:
                            self.over = True
                            return
            except (TimeoutError, OSError, websockets.WebSocketException):
                await asyncio.sleep(0.2)  # the server is down: try again

    async def play(self, http: httpx.AsyncClient, stop: asyncio.Event) -> None:
        headers = {"Authorization": f"Bearer {self.token}"}
        while not stop.is_set() and not self.over:
            try:
                view = (await http.get(f"/games/{self.game}/view", headers=headers)).json()
                if view["over"]:
                    self.over = True
                    return
                if not view["legal"]:
                    await asyncio.sleep(0.01)
                    continue
                text = self.rng.choice(view["legal"])["text"]
                body = {"action": text, "version": view["version"]}
                sent = time.perf_counter()
                answer = await http.post(f"/games/{self.game}/actions", json=body, headers=headers)
            except (httpx.HTTPError, ValueError):
                self.errors += 1
                await asyncio.sleep(0.2)  # the server is down: try again
                continue
            if answer.status_code != 200:
                self.errors += 1
                continue
            made = view["version"] + 1
            self.acknowledged[made] = text
            while made not in self.arrived and not stop.is_set():
                await asyncio.sleep(0.001)
            if made in self.arrived:
                self.latencies.append(self.arrived[made] - sent)


async def _run(args: argparse.Namespace, console: Console) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="serenissima-load-"))
    database = args.database or f"sqlite:///{folder}/games.db"
    server = ServerProcess(
        database, log=folder / "server.log", extra=LOAD_LIMITS
    )
    server.start()
    limits = httpx.Limits(max_connections=args.games * 2)
    http = httpx.AsyncClient(base_url=server.url, timeout=30, limits=limits)
    clients: list[Client] = []
    stop = asyncio.Event()

    async def slot(number: int) -> None:
        """Games one after another at one table, until the run stops."""
        while not stop.is_set():
            ruleset = ("classic", "modern")[(number + len(clients)) % 2]
            setup = {"ruleset": ruleset, "players": 2,
                     "seats": [{"kind": "human"}, {"kind": args.bot}]}  # fmt: skip
            try:
                game = (await http.post("/games", json=setup)).json()["id"]
                token = (await http.post(f"/games/{game}/seats/0/join")).json()["token"]
            except (httpx.HTTPError, ValueError, KeyError):
                await asyncio.sleep(0.2)  # the server is down: try again
                continue
            client = Client(game, 0, token, seed=number)
            clients.append(client)
            await asyncio.gather(client.watch(server.url, stop), client.play(http, stop))

    tasks = [asyncio.create_task(slot(number)) for number in range(args.games)]
    started = time.perf_counter()
    clients_cpu = time.process_time()
    server_cpu = 0.0
    killed_at = restarted_at = None
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as progress:
        bar = progress.add_task("load", total=args.seconds)
        while (elapsed := time.perf_counter() - started) < args.seconds:
            if killed_at is None and elapsed >= args.seconds / 2 and args.kill:
                server_cpu += _cpu_seconds(server)
                server.kill()
                killed_at = elapsed
                await asyncio.sleep(0.5)
                await asyncio.to_thread(server.start)
                restarted_at = time.perf_counter() - started
            done = sum(len(c.acknowledged) for c in clients)
            progress.update(bar, completed=elapsed, description=f"{done} moves acknowledged")
            await asyncio.sleep(0.25)
    stop.set()
    duration = time.perf_counter() - started
    await asyncio.sleep(2)  # the last move messages arrive
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await http.aclose()
    server_cpu += _cpu_seconds(server)
    server.stop()
    result = _check(clients, open_store(database), duration, killed_at, restarted_at, args)
    result["cpu_seconds"] = {
        "server": round(server_cpu, 1),
        "clients": round(time.process_time() - clients_cpu, 1),
    }
    return result


def _cpu_seconds(server: ServerProcess) -> float:
    """The CPU time the server process has used so far (Linux; 0 elsewhere)."""
    assert server.process is not None
    stat = Path(f"/proc/{server.process.pid}/stat")
    if not stat.is_file():
        return 0.0
    fields = stat.read_text().rpartition(")")[2].split()
    ticks = int(fields[11]) + int(fields[12])  # utime and stime
    return ticks / os.sysconf("SC_CLK_TCK")


def _check(
    clients: list[Client],
    store: Any,
    duration: float,
    killed_at: float | None,
    restarted_at: float | None,
    args: argparse.Namespace,
) -> dict[str, Any]:
    lost = duplicated = missed = 0
    for client in clients:
        stored = {m.version: m for m in store.moves(client.game)}
        lost += sum(
            1
            for version, text in client.acknowledged.items()
            if version not in stored
            or stored[version].text != text
            or stored[version].actor != client.seat
        )
        duplicated += len(client.seen) - len(set(client.seen))
        reached = max(client.seen, default=0)
        missed += len(set(range(1, reached + 1)) - set(client.seen))
        HostedGame.load(store, client.game)  # every stored move replays, checked
    latencies = sorted(x for c in clients for x in c.latencies)
    moves = sum(len(c.acknowledged) for c in clients)
    stored_moves = sum(len(store.moves(c.game)) for c in clients)

    def percentile(q: float) -> float:
        return (
            1000 * latencies[min(len(latencies) - 1, int(q * len(latencies)))] if latencies else 0.0
        )

    return {
        "date": datetime.date.today().isoformat(),
        "machine": machine(),
        "tables": args.games,
        "games": len(clients),
        "bot": args.bot,
        "seconds": round(duration, 2),
        "moves_acknowledged": moves,
        "moves_stored": stored_moves,
        "actions_per_second": round(moves / duration, 1),
        "stored_moves_per_second": round(stored_moves / duration, 1),
        "latency_ms": {
            "p50": round(percentile(0.50), 2),
            "p90": round(percentile(0.90), 2),
            "p99": round(percentile(0.99), 2),
            "max": round(1000 * latencies[-1], 2) if latencies else 0.0,
            "mean": round(1000 * statistics.fmean(latencies), 2) if latencies else 0.0,
        },
        "histogram_ms": _histogram(latencies),
        "killed_at_s": None if killed_at is None else round(killed_at, 2),
        "restarted_at_s": None if restarted_at is None else round(restarted_at, 2),
        "lost": lost,
        "duplicated": duplicated,
        "missed": missed,
        "games_over": sum(c.over for c in clients),
        "refused_or_failed_requests": sum(c.errors for c in clients),
    }


def _histogram(latencies: list[float]) -> list[list[float]]:
    """Counts of latencies in doubling buckets of milliseconds: [[upper bound, count], ...]."""
    bounds = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, float("inf")]
    counts = [0] * len(bounds)
    for latency in latencies:
        ms = latency * 1000
        counts[next(i for i, b in enumerate(bounds) if ms <= b)] += 1
    return [[b if b != float("inf") else -1, n] for b, n in zip(bounds, counts, strict=True)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="games played at once (50)")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the run lasts (30)")
    parser.add_argument("--bot", default="random", help="the bot facing each person (random)")
    parser.add_argument("--database", help="a database URL (default: a fresh SQLite file)")
    parser.add_argument("--no-kill", dest="kill", action="store_false", help="no kill -9")
    parser.add_argument("--out", type=Path, help="write the figures as JSON to this file")
    args = parser.parse_args()
    if not 1 <= args.games <= MAX_GAMES or not 0 < args.seconds <= 3600:
        parser.error(f"--games must be 1 to {MAX_GAMES} and --seconds 0 to 3600")
    console = Console(stderr=True)
    result = asyncio.run(_run(args, console))
    title = f"serenissima serve: {result['tables']} games at once ({result['games']} in all)"
    table = Table(title=f"{title}, {result['seconds']} s")
    table.add_column("figure")
    table.add_column("value", justify="right")
    shown = ("actions_per_second", "stored_moves_per_second", "moves_acknowledged", "lost",
             "duplicated", "missed", "games_over", "killed_at_s", "restarted_at_s")  # fmt: skip
    for key in shown:
        table.add_row(key, str(result[key]))
    for key, value in result["latency_ms"].items():
        table.add_row(f"latency {key} (ms)", str(value))
    Console().print(table)
    if args.out:
        args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0 if result["lost"] == result["duplicated"] == result["missed"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
