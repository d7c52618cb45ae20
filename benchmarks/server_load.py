"""Load, bots and churn runs of ``serenissima serve``: latency, memory, a ``kill -9``, a restart.

On localhost only. The script starts a server process over a fresh database
and drives it with clients in this process. Three scenarios (``--scenario``):

``load`` (the default)
    ``--games`` games at once, each a person against a bot: a client joins the
    person's seat, watches the game over a WebSocket, and plays random legal
    moves as fast as the server answers (a new game when one ends). Each move's
    latency is the time from sending it to the arrival of its own move message
    on the client's WebSocket (the server commits the move first). Half-way
    through, the server is killed with ``SIGKILL`` and started again over the
    same database; the clients reconnect, each WebSocket resuming from the last
    version it saw. At the end the script checks, for every game:

    - every acknowledged move is in the stored record, at its version, with its
      text (none lost);
    - every version reached the client's WebSocket exactly once, in order,
      across the restart (none duplicated, none missed);
    - the stored record replays to a game that goes on (the state rebuilt move
      by move, each move checked).

``bots``
    Bots thinking beside people: the same ``--games`` person-against-random
    games (40 by default), played twice for ``--seconds`` each, on a server
    whose bots may think ``--max-bot-seconds`` a decision (2 by default), with
    no kill: first alone, then beside ``--bot-games`` games (10) whose seats
    are all search bots asking for the whole cap (``ismcts:2s``), so that the
    bot workers think without a pause. It reports the people's latency
    percentiles in both runs and their ratio (the p99's: the people's games
    should not get much slower while bots think), and how long the people
    waited for their own bot's reply, which queues with the search bots'
    decisions.

``churn``
    Memory over many games: ``--churn-games`` games (10,000) created by
    ``--creators`` concurrent clients (16), each a person against the random
    bot, with a few of the person's moves played in each (``--churn-moves``,
    4), on a server keeping ``--games-in-memory`` games (100). The server's
    resident memory is sampled every 250 games: it should stay flat once the
    games in memory are at their limit. Every acknowledged move is checked in
    the store afterwards, and the first games (long gone from memory) are read
    back through the server.

In every scenario the resident memory (``VmRSS``) of the server process, and
the sum over its child processes (the bot workers and multiprocessing's
resource tracker), is sampled every half second: the start, the peak and the
end are reported in MiB. Children that outlive a ``kill -9`` of the server are
counted, then stopped.

It prints the figures, and with ``--out`` writes them as JSON under the
scenario's key (``{"load": ..., "bots": ..., "churn": ...}``), keeping the
other scenarios' results already in the file; each part is written as soon
as it is measured, so a run stopped midway keeps what it measured (the
server page draws the file).

Usage::

    python benchmarks/server_load.py                       # load: 50 games, 30 s
    python benchmarks/server_load.py --games 50 --seconds 60 --out docs/data/server-load.json
    python benchmarks/server_load.py --scenario bots --seconds 45 --out docs/data/server-load.json
    python benchmarks/server_load.py --scenario churn --out docs/data/server-load.json

Needs the ``server`` extra (and ``rich`` for the progress display); memory is
read from ``/proc`` (Linux; elsewhere it is not reported).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import json
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import websockets
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from serenissima.server import HostedGame, open_store
from serenissima.server.process import ServerProcess
from serenissima.server.serving import KEEP_ALIVE_SECONDS

sys.path.insert(0, str(Path(__file__).resolve().parent))
from side_by_side import machine  # the same description of the machine

SCENARIOS = ("load", "bots", "churn")
"""The runs the script knows (``--scenario``)."""

MAX_GAMES = 500
"""The most games one run may hold at once: the run is bounded in count as well as in time."""

MAX_CHURN_GAMES = 50_000
"""The most games a churn run may create."""

CHURN_SECONDS = 1800.0
"""How long a churn run may last unless ``--seconds`` says otherwise: it stops creating then."""

CHURN_EVERY = 250
"""A churn run samples the server's memory after each this many games."""

SAMPLE_SECONDS = 0.5
"""How often the memory of the server and its children is sampled."""

CLIENT_KEEP_ALIVE_SECONDS = KEEP_ALIVE_SECONDS / 2
"""How long the run's clients keep an idle connection: well short of the server's.

A client that kept it as long as the server would now and then send a request
down a connection the server is closing at that moment, and see it fail.
"""

LOAD_LIMITS = (
    "--actions-per-second", "1000", "--games-per-minute", "100000", "--game-burst", "10000",
    "--sockets-per-client", "10000",
)  # fmt: skip
"""Every client of the run comes from one address: the per-address limits are lifted."""

MIB = 1024.0
"""KiB in a MiB (``/proc`` counts in KiB)."""


# --- processes and their memory ------------------------------------------------------


def _rss_mib(pid: int) -> float | None:
    """The resident memory of a process in MiB (``VmRSS``), or ``None`` if it is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
    except OSError:
        return None
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / MIB
    return None  # a zombie has no memory left


def _stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command's name (state, ppid, ...)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8")
    except OSError:
        return None
    return text.rpartition(")")[2].split()


def _descendants(pid: int) -> list[int]:
    """The processes ``pid`` started, and theirs, from each process's parent in ``/proc``."""
    children: dict[int, list[int]] = {}
    proc = Path("/proc")
    if not proc.is_dir():
        return []
    for entry in proc.iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) is not None:
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    found: list[int] = []
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def _cpu_seconds(pid: int) -> float:
    """The CPU time a process has used so far (Linux; 0 elsewhere or once it is gone)."""
    fields = _stat(pid)
    if fields is None:
        return 0.0
    ticks = int(fields[11]) + int(fields[12])  # utime and stime
    return ticks / os.sysconf("SC_CLK_TCK")


def _busy_seconds() -> float:
    """The CPU time all the machine's cores have been busy since it started (Linux; 0 elsewhere).

    Over a run, this less the run's own processes is what others used: the
    machine is shared, and their work slows the run down.
    """
    try:
        fields = Path("/proc/stat").read_text(encoding="utf-8").splitlines()[0].split()[1:]
    except (OSError, IndexError):
        return 0.0
    ticks = [int(field) for field in fields[:8]]  # user nice system idle iowait irq softirq steal
    return (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")


def _alive(pid: int) -> bool:
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"


class Memory:
    """The resident memory of the server process and of its children, sampled as the run goes.

    The server is followed across a restart (its process changes). Each sample
    is ``(seconds since the start, server MiB, children MiB)``; the children's
    figure is a sum of their ``VmRSS``, which counts the pages they share twice.
    """

    def __init__(self, server: ServerProcess) -> None:
        self.server = server
        self.started = time.perf_counter()
        self.samples: list[tuple[float, float, float]] = []

    def sample(self) -> tuple[float, float] | None:
        """Read the memory now: (server MiB, children MiB), or ``None`` while the server is down."""
        process = self.server.process
        if process is None or process.poll() is not None:
            return None
        server = _rss_mib(process.pid)
        if server is None:
            return None
        workers = sum(_rss_mib(child) or 0.0 for child in _descendants(process.pid))
        self.samples.append((time.perf_counter() - self.started, server, workers))
        return server, workers

    async def watch(self, stop: asyncio.Event) -> None:
        """Sample every :data:`SAMPLE_SECONDS` until ``stop`` is set."""
        while not stop.is_set():
            await asyncio.to_thread(self.sample)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), SAMPLE_SECONDS)

    def summary(self) -> dict[str, Any] | None:
        """Start, peak and end in MiB of the server, its children and both; ``None`` unsampled."""
        if not self.samples:
            return None

        def figures(values: list[float]) -> dict[str, float]:
            return {
                "start": round(values[0], 1),
                "peak": round(max(values), 1),
                "end": round(values[-1], 1),
            }

        return {
            "server": figures([server for _, server, _ in self.samples]),
            "workers": figures([workers for _, _, workers in self.samples]),
            "total": figures([server + workers for _, server, workers in self.samples]),
            "samples": len(self.samples),
            "every_s": SAMPLE_SECONDS,
        }


def _stop_orphans(pids: list[int]) -> int:
    """Stop the children a killed server left running (they are this run's); how many there were."""
    orphans = [pid for pid in pids if _alive(pid) and (_stat(pid) or ["", ""])[1] == "1"]
    for pid in orphans:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGTERM)
    return len(orphans)


# --- the clients ---------------------------------------------------------------------


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
        """From sending each move to the arrival of its own move message."""
        self.replies: list[float] = []
        """From the arrival of the person's move to the view giving the turn back after a bot's."""
        self.over = False
        self.errors = 0
        self.moved = asyncio.Event()
        """Set by each move message."""
        self.turn = asyncio.Event()
        """Set by each view message that gives this seat the turn (or ends the game)."""
        self._waiting_since: float | None = None
        self._bot_moved = False

    async def watch(self, url: str, stop: asyncio.Event) -> None:
        """Keep a WebSocket open, resuming from the last version seen after any break."""
        ws_url = url.replace("http", "ws", 1)
        while not stop.is_set() and not self.over:
            since = self.seen[-1] if self.seen else 0
            address = f"{ws_url}/games/{self.game}/ws?token={self.token}&since={since}"
            try:
                async with websockets.connect(address, open_timeout=10) as socket:
                    async for text in socket:
                        if self._hear(json.loads(text)):
                            return
            except (TimeoutError, OSError, websockets.WebSocketException):
                await asyncio.sleep(0.2)  # the server is down: try again

    def _hear(self, message: dict[str, Any]) -> bool:
        """Take in one message from the WebSocket; whether the game is over."""
        now = time.perf_counter()
        if message["type"] == "move":
            self.seen.append(message["version"])
            self.arrived[message["version"]] = now
            if message["actor"] == self.seat:  # the wait for the bot's reply starts
                self._waiting_since, self._bot_moved = now, False
            else:
                self._bot_moved |= message["actor"] != -1  # chance is no bot
            self.moved.set()
            return False
        view = message["view"]
        if view["over"]:
            self.over = True
            self.turn.set()
        elif view["legal"]:
            if self._waiting_since is not None and self._bot_moved:
                self.replies.append(now - self._waiting_since)
            self._waiting_since = None
            self.turn.set()
        return self.over

    async def play(self, http: httpx.AsyncClient, stop: asyncio.Event) -> None:
        headers = {"Authorization": f"Bearer {self.token}"}
        while not stop.is_set() and not self.over:
            self.turn.clear()  # a view giving the turn from now on wakes the wait below
            try:
                view = (await http.get(f"/games/{self.game}/view", headers=headers)).json()
                if view["over"]:
                    self.over = True
                    return
                if not view["legal"]:  # a bot thinks, or chance: its move comes on the socket
                    await _wait(self.turn, 1.0)
                    continue
                text = self.rng.choice(view["legal"])["text"]
                body = {"action": text, "version": view["version"]}
                sent = time.perf_counter()
                answer = await http.post(f"/games/{self.game}/actions", json=body, headers=headers)
            except (httpx.HTTPError, ValueError, KeyError):
                self.errors += 1
                await asyncio.sleep(0.2)  # the server is down: try again
                continue
            if answer.status_code != 200:
                self.errors += 1
                continue
            made = view["version"] + 1
            self.acknowledged[made] = text
            while made not in self.arrived and not stop.is_set():
                self.moved.clear()
                if made not in self.arrived:
                    await _wait(self.moved, 0.25)
            if made in self.arrived:
                self.latencies.append(self.arrived[made] - sent)


async def _wait(event: asyncio.Event, seconds: float) -> None:
    """Wait for ``event``, at most ``seconds``."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(event.wait(), seconds)


# --- load and bots: games played at once ---------------------------------------------


def _progress(console: Console) -> Progress:
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    return Progress(*columns, console=console, transient=True)


async def _session(
    args: argparse.Namespace,
    progress: Progress,
    bar: Any,
    *,
    offset: float,
    label: str,
    tables: int,
    bot_tables: int,
    kill: bool,
    extra: tuple[str, ...],
) -> dict[str, Any]:
    """``tables`` people's games (and ``bot_tables`` bots' games) for ``args.seconds``."""
    folder = Path(tempfile.mkdtemp(prefix="serenissima-load-"))
    database = args.database or f"sqlite:///{folder}/games.db"
    log = folder / "server.log"
    server = ServerProcess(database, log=log, extra=extra)
    server.start()
    memory = Memory(server)
    limits = httpx.Limits(
        max_connections=(tables + bot_tables) * 2 + 4, keepalive_expiry=CLIENT_KEEP_ALIVE_SECONDS
    )
    http = httpx.AsyncClient(base_url=server.url, timeout=30, limits=limits)
    clients: list[Client] = []
    bot_games: list[str] = []
    stop = asyncio.Event()

    async def slot(number: int) -> None:
        """A person's games one after another at one table, until the run stops.

        Against ``--bot human``, a second person (another client) takes the other seat.
        """
        while not stop.is_set():
            ruleset = ("classic", "modern")[(number + len(clients)) % 2]
            setup = {"ruleset": ruleset, "players": 2,
                     "seats": [{"kind": "human"}, {"kind": args.bot}]}  # fmt: skip
            seats = (0, 1) if args.bot == "human" else (0,)
            try:
                game = (await http.post("/games", json=setup)).json()["id"]
                tokens = [
                    (await http.post(f"/games/{game}/seats/{seat}/join")).json()["token"]
                    for seat in seats
                ]
            except (httpx.HTTPError, ValueError, KeyError):
                await asyncio.sleep(0.2)  # the server is down: try again
                continue
            players = [Client(game, seat, token, seed=2 * number + seat)
                       for seat, token in zip(seats, tokens, strict=True)]  # fmt: skip
            clients.extend(players)
            await asyncio.gather(
                *(client.watch(server.url, stop) for client in players),
                *(client.play(http, stop) for client in players),
            )

    async def bot_slot(number: int) -> None:
        """Bots' games one after another at one table: every seat a search bot at the cap."""
        while not stop.is_set():
            ruleset = ("classic", "modern")[number % 2]
            setup = {"ruleset": ruleset, "players": 2,
                     "seats": [{"kind": args.bot_kind}, {"kind": args.bot_kind}]}  # fmt: skip
            try:
                answer = await http.post("/games", json=setup)
                game = answer.json()["id"]
            except (httpx.HTTPError, ValueError, KeyError):
                await asyncio.sleep(0.2)
                continue
            bot_games.append(game)
            while not stop.is_set():  # the lobby's summary says when it is over
                await _wait(stop, 2.0)
                with contextlib.suppress(httpx.HTTPError, ValueError, KeyError):
                    if (await http.get(f"/games/{game}")).json()["over"]:
                        break

    memory.sample()  # the server at rest, before any game
    watcher = asyncio.create_task(memory.watch(stop))
    tasks = [asyncio.create_task(bot_slot(number)) for number in range(bot_tables)]
    tasks += [asyncio.create_task(slot(number)) for number in range(tables)]
    started = time.perf_counter()
    clients_cpu = time.process_time()
    busy = _busy_seconds()
    server_cpu = workers_cpu = 0.0
    killed_at = restarted_at = None
    orphans: list[int] = []
    while (elapsed := time.perf_counter() - started) < args.seconds:
        if killed_at is None and elapsed >= args.seconds / 2 and kill:
            assert server.process is not None
            children = _descendants(server.process.pid)
            server_cpu += _cpu_seconds(server.process.pid)
            workers_cpu += sum(_cpu_seconds(child) for child in children)
            server.kill()
            killed_at = elapsed
            await asyncio.sleep(0.5)
            orphans = [child for child in children if _alive(child)]
            await asyncio.to_thread(server.start)
            restarted_at = time.perf_counter() - started
        done = sum(len(c.acknowledged) for c in clients)
        progress.update(
            bar,
            completed=offset + elapsed,
            description=f"{label}{done} people's moves acknowledged",
        )
        await asyncio.sleep(0.25)
    duration = time.perf_counter() - started
    await asyncio.sleep(2)  # the last move messages arrive
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, watcher, return_exceptions=True)
    await http.aclose()
    assert server.process is not None
    server_cpu += _cpu_seconds(server.process.pid)
    workers_cpu += sum(_cpu_seconds(child) for child in _descendants(server.process.pid))
    busy = _busy_seconds() - busy
    clients_cpu = time.process_time() - clients_cpu
    server.stop()
    store = open_store(database)
    result = _check(clients, store, duration, killed_at, restarted_at, args, tables)
    result["memory_mib"] = memory.summary()
    result["orphaned_by_kill"] = _stop_orphans(orphans)
    result["cpu_seconds"] = _cpu(server_cpu, workers_cpu, clients_cpu, busy)
    if bot_tables:
        stored = [move for game in bot_games for move in store.moves(game)]
        result["bot_games"] = len(bot_games)
        result["bot_moves_stored"] = sum(move.actor >= 0 for move in stored)
        result["bot_decisions_stopped"] = log.read_text(errors="replace").count("ran past its cap")
    return result


def _cpu(server: float, workers: float, clients: float, busy: float) -> dict[str, float]:
    """The CPU seconds of the run's processes, and of the machine's others (``busy`` less them)."""
    return {
        "server": round(server, 1),
        "workers": round(workers, 1),
        "clients": round(clients, 1),
        "others": round(max(0.0, busy - server - workers - clients), 1),
    }


def _check(
    clients: list[Client],
    store: Any,
    duration: float,
    killed_at: float | None,
    restarted_at: float | None,
    args: argparse.Namespace,
    tables: int,
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
    latencies = [x for c in clients for x in c.latencies]
    moves = sum(len(c.acknowledged) for c in clients)
    stored_moves = sum(len(store.moves(c.game)) for c in clients)
    return {
        "date": datetime.date.today().isoformat(),
        "machine": machine(),
        "tables": tables,
        "games": len({c.game for c in clients}),
        "bot": args.bot,
        "seconds": round(duration, 2),
        "moves_acknowledged": moves,
        "moves_stored": stored_moves,
        "actions_per_second": round(moves / duration, 1),
        "stored_moves_per_second": round(stored_moves / duration, 1),
        "latency_ms": _percentiles(latencies),
        "reply_ms": _percentiles([x for c in clients for x in c.replies]),
        "histogram_ms": _histogram(latencies),
        "killed_at_s": None if killed_at is None else round(killed_at, 2),
        "restarted_at_s": None if restarted_at is None else round(restarted_at, 2),
        "lost": lost,
        "duplicated": duplicated,
        "missed": missed,
        "games_over": len({c.game for c in clients if c.over}),
        "refused_or_failed_requests": sum(c.errors for c in clients),
    }


def _percentiles(values: list[float]) -> dict[str, float]:
    """p50, p90, p99, max and mean of ``values`` (seconds) in milliseconds; zeros when empty."""
    ordered = sorted(values)

    def at(q: float) -> float:
        return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0

    return {
        "p50": round(at(0.50), 2),
        "p90": round(at(0.90), 2),
        "p99": round(at(0.99), 2),
        "max": round(1000 * ordered[-1], 2) if ordered else 0.0,
        "mean": round(1000 * statistics.fmean(ordered), 2) if ordered else 0.0,
        "count": len(ordered),
    }


def _histogram(latencies: list[float]) -> list[list[float]]:
    """Counts of latencies in doubling buckets of milliseconds: [[upper bound, count], ...]."""
    bounds = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, float("inf")]
    counts = [0] * len(bounds)
    for latency in latencies:
        ms = latency * 1000
        counts[next(i for i, b in enumerate(bounds) if ms <= b)] += 1
    return [[b if b != float("inf") else -1, n] for b, n in zip(bounds, counts, strict=True)]


async def _load(args: argparse.Namespace, console: Console) -> dict[str, Any]:
    with _progress(console) as progress:
        bar = progress.add_task("load", total=args.seconds)
        result = await _session(
            args, progress, bar, offset=0.0, label="", tables=args.games, bot_tables=0,
            kill=args.kill, extra=LOAD_LIMITS,
        )  # fmt: skip
    return {"scenario": "load", **result}


async def _bots(args: argparse.Namespace, console: Console) -> dict[str, Any]:
    """The people's games alone, then beside bots' games thinking at the cap."""
    extra: tuple[str, ...] = (*LOAD_LIMITS, "--max-bot-seconds", f"{args.max_bot_seconds:g}")
    if args.bot_workers:
        extra += ("--bot-workers", str(args.bot_workers))
    result: dict[str, Any] = {
        "scenario": "bots",
        "date": datetime.date.today().isoformat(),
        "machine": machine(),
        "tables": args.games,
        "bot": args.bot,
        "bot_tables": args.bot_games,
        "bot_kind": args.bot_kind,
        "max_bot_seconds": args.max_bot_seconds,
        "bot_workers": args.bot_workers or None,
        "seconds": args.seconds,
        "without": None,
        "with": None,
        "p99_ratio": None,
    }
    with _progress(console) as progress:
        bar = progress.add_task("bots", total=2 * args.seconds)
        for number, (part, bot_tables) in enumerate((("without", 0), ("with", args.bot_games))):
            progress.update(bar, description=f"{part} bots: starting the server")
            result[part] = await _session(
                args, progress, bar, offset=number * args.seconds, label=f"{part} bots: ",
                tables=args.games, bot_tables=bot_tables, kill=False, extra=extra,
            )  # fmt: skip
            if part == "with":
                result.update(_ratios(result["without"], result["with"]))
            _save(args.out, "bots", result)  # each part as soon as it is measured
    return result


def _ratios(without: dict[str, Any], with_: dict[str, Any]) -> dict[str, float | None]:
    """With bots over without, for each latency percentile (``None`` without a figure)."""

    def ratio(key: str) -> float | None:
        before, after = without["latency_ms"][key], with_["latency_ms"][key]
        return round(after / before, 2) if before else None

    return {f"{key}_ratio": ratio(key) for key in ("p50", "p90", "p99")}


# --- churn: many games, one after another --------------------------------------------


class _Churned:
    """A churn run's game: its id, its person's token, its acknowledged moves."""

    __slots__ = ("acknowledged", "game", "token")

    def __init__(self, game: str, token: str) -> None:
        self.game = game
        self.token = token
        self.acknowledged: dict[int, str] = {}


async def _churn(args: argparse.Namespace, console: Console) -> dict[str, Any]:
    """Create and play many games at a small ``--games-in-memory``; sample memory as they go."""
    folder = Path(tempfile.mkdtemp(prefix="serenissima-churn-"))
    database = args.database or f"sqlite:///{folder}/games.db"
    extra: tuple[str, ...] = (*LOAD_LIMITS, "--games-in-memory", str(args.games_in_memory))
    if args.bot_workers:
        extra += ("--bot-workers", str(args.bot_workers))
    server = ServerProcess(database, log=folder / "server.log", extra=extra)
    server.start()
    memory = Memory(server)
    limits = httpx.Limits(
        max_connections=args.creators * 2, keepalive_expiry=CLIENT_KEEP_ALIVE_SECONDS
    )
    http = httpx.AsyncClient(base_url=server.url, timeout=30, limits=limits)
    games: list[_Churned] = []
    latencies: list[float] = []
    failed = 0
    failures: Counter[str] = Counter()
    numbers: Iterator[int] = iter(range(args.churn_games))
    stop = asyncio.Event()

    async def creator(number: int) -> None:
        nonlocal failed
        rng = random.Random(number)
        for game_number in numbers:  # shared by the creators: each game made once
            if stop.is_set():
                return
            try:
                await _churn_game(http, game_number, rng, games, latencies, args.churn_moves)
            except (httpx.HTTPError, ValueError, KeyError) as error:
                failed += 1
                failures[_reason(error)] += 1

    start = memory.sample()
    series: list[dict[str, float]] = []
    if start is not None:
        series.append(_point(0, start, 0.0))
    result: dict[str, Any] = {
        "scenario": "churn",
        "date": datetime.date.today().isoformat(),
        "machine": machine(),
        "games": args.churn_games,
        "bot": args.bot,
        "creators": args.creators,
        "person_moves_per_game": args.churn_moves,
        "games_in_memory": args.games_in_memory,
        "every": CHURN_EVERY,
        "complete": False,
        "series": series,
    }
    watcher = asyncio.create_task(memory.watch(stop))
    started = time.perf_counter()
    clients_cpu = time.process_time()
    busy = _busy_seconds()
    tasks = [asyncio.create_task(creator(number)) for number in range(args.creators)]
    mark = CHURN_EVERY
    with _progress(console) as progress:
        bar = progress.add_task("churn", total=args.churn_games)
        while not all(task.done() for task in tasks):
            elapsed = time.perf_counter() - started
            if elapsed > args.seconds:
                stop.set()  # the time is up: the creators finish their games and stop
            done = len(games) + failed
            if done >= mark:
                now = await asyncio.to_thread(memory.sample)
                if now is not None:
                    series.append(_point(done, now, elapsed))
                    _save(args.out, "churn", result)  # the series so far
                mark = (done // CHURN_EVERY + 1) * CHURN_EVERY
            progress.update(bar, completed=done, description=f"{done:,} games created and played")
            await asyncio.sleep(0.1)
    duration = time.perf_counter() - started
    done = len(games) + failed
    if not series or series[-1]["games"] < done:  # the last games, short of a mark
        now = memory.sample()
        if now is not None:
            series.append(_point(done, now, duration))
    await asyncio.sleep(1)  # the bots' last answers
    reloaded = await _reload(http, games[:20])
    stop.set()
    await asyncio.gather(watcher, return_exceptions=True)
    await http.aclose()
    assert server.process is not None
    cpu = _cpu(
        _cpu_seconds(server.process.pid),
        sum(_cpu_seconds(child) for child in _descendants(server.process.pid)),
        time.process_time() - clients_cpu,
        _busy_seconds() - busy,
    )
    server.stop()
    store = open_store(database)
    lost = sum(
        1
        for game in games
        for version, text in game.acknowledged.items()
        if (stored := {m.version: m for m in store.moves(game.game)}).get(version) is None
        or stored[version].text != text
        or stored[version].actor != 0
    )
    result.update(
        {
            "complete": len(games) == args.churn_games,
            "created": len(games),
            "failed": failed,
            "failures": dict(failures.most_common()),
            "seconds": round(duration, 1),
            "games_per_second": round(len(games) / duration, 1),
            "moves_acknowledged": sum(len(game.acknowledged) for game in games),
            "lost": lost,
            "reloaded": reloaded,
            "reload_checked": min(20, len(games)),
            "latency_ms": _percentiles(latencies),
            "memory_mib": memory.summary(),
            "cpu_seconds": cpu,
            **_flatness(series, args.churn_games),
        }
    )
    return result


def _point(games: int, memory: tuple[float, float], seconds: float) -> dict[str, float]:
    """A point of the churn series: games so far, the server's and its children's MiB, seconds."""
    return {
        "games": games,
        "server_mib": round(memory[0], 1),
        "workers_mib": round(memory[1], 1),
        "seconds": round(seconds, 1),
    }


async def _churn_game(
    http: httpx.AsyncClient,
    number: int,
    rng: random.Random,
    games: list[_Churned],
    latencies: list[float],
    moves: int,
) -> None:
    """Create a game of a person against the bot, join it, and play ``moves`` of the person's."""
    setup = {"ruleset": ("classic", "modern")[number % 2], "players": 2,
             "seats": [{"kind": "human"}, {"kind": "random"}]}  # fmt: skip
    game_id = _body(await http.post("/games", json=setup))["id"]
    token = _body(await http.post(f"/games/{game_id}/seats/0/join"))["token"]
    game = _Churned(game_id, token)
    headers = {"Authorization": f"Bearer {token}"}
    view = _body(await http.get(f"/games/{game_id}/view", headers=headers))
    while len(game.acknowledged) < moves and not view["over"]:
        if not view["legal"]:  # the bot thinks: the lobby's summary says when it has moved
            await _until_moved(http, game_id)
            view = _body(await http.get(f"/games/{game_id}/view", headers=headers))
            continue
        text = rng.choice(view["legal"])["text"]
        sent = time.perf_counter()
        answer = await http.post(
            f"/games/{game_id}/actions",
            json={"action": text, "version": view["version"]},
            headers=headers,
        )
        latencies.append(time.perf_counter() - sent)
        answer.raise_for_status()
        game.acknowledged[view["version"] + 1] = text
        view = answer.json()
    games.append(game)


def _body(response: httpx.Response) -> Any:
    """The answer's JSON body; ``httpx.HTTPStatusError`` if the server refused the request."""
    response.raise_for_status()
    return response.json()


def _reason(error: Exception) -> str:
    """Why a churn game failed, in a few words: the error's type, and the answer's status if any.

    Example:
        >>> _reason(KeyError("id"))
        "KeyError 'id'"
    """
    if isinstance(error, httpx.HTTPStatusError):
        return f"HTTP {error.response.status_code} {error.response.text[:120]}"
    return f"{type(error).__name__} {str(error)[:120]}".strip()


async def _until_moved(http: httpx.AsyncClient, game_id: str) -> None:
    """Wait until the game no longer owes a bot's move, looking at its summary less and less often.

    The lobby's summary of one game is read from the store, without the game:
    cheaper for the server than a view.
    """
    pause = 0.01
    while True:
        await asyncio.sleep(pause)
        if _body(await http.get(f"/games/{game_id}"))["status"] != "owed":
            return
        pause = min(0.2, 2 * pause)


async def _reload(http: httpx.AsyncClient, games: list[_Churned]) -> int:
    """How many of ``games`` (long out of memory) the server reads back at their last move."""
    count = 0
    for game in games:
        headers = {"Authorization": f"Bearer {game.token}"}
        with contextlib.suppress(httpx.HTTPError, ValueError, KeyError):
            view = (await http.get(f"/games/{game.game}/view", headers=headers)).json()
            count += view["version"] >= max(game.acknowledged, default=0)
    return count


def _flatness(series: list[dict[str, float]], games: int) -> dict[str, Any]:
    """The server's memory at 10%, 50% and 100% of the games, and its slope over the second half."""

    def near(share: float) -> float | None:
        if not series:
            return None
        return min(series, key=lambda point: abs(point["games"] - share * games))["server_mib"]

    half = [point for point in series if point["games"] >= games / 2]
    slope = None
    if len(half) >= 2:
        xs = [point["games"] for point in half]
        ys = [point["server_mib"] for point in half]
        mean_x, mean_y = statistics.fmean(xs), statistics.fmean(ys)
        spread = sum((x - mean_x) ** 2 for x in xs)
        if spread:
            slope = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / spread
    return {
        "server_mib_at": {"10%": near(0.1), "50%": near(0.5), "100%": near(1.0)},
        "slope_mib_per_1000_games": None if slope is None else round(1000 * slope, 2),
    }


# --- results -------------------------------------------------------------------------


def _save(path: Path | None, scenario: str, result: dict[str, Any]) -> None:
    """Write ``result`` under ``scenario`` in ``path``, keeping the other scenarios' results."""
    if path is None:
        return
    data: dict[str, Any] = {}
    if path.is_file():
        with contextlib.suppress(ValueError):
            data = json.loads(path.read_text(encoding="utf-8"))
        if "latency_ms" in data:  # the older file: one load run, not under a key
            data = {"load": data}
    data[scenario] = result
    ordered = {key: data[key] for key in (*SCENARIOS, *sorted(set(data) - set(SCENARIOS)))
               if key in data}  # fmt: skip
    partial = path.with_name(path.name + ".partial")
    partial.write_text(json.dumps(ordered, indent=2) + "\n", encoding="utf-8")
    partial.replace(path)


def _memory_rows(table: Table, memory: dict[str, Any] | None, label: str = "") -> None:
    if memory is None:
        return
    for key, name in (("server", "server"), ("workers", "bot workers (children)")):
        figures = memory[key]
        table.add_row(
            f"{label}{name} RSS start / peak / end (MiB)",
            f"{figures['start']:g} / {figures['peak']:g} / {figures['end']:g}",
        )


def _latency_rows(table: Table, latency: dict[str, float], label: str) -> None:
    table.add_row(
        f"{label} p50 / p90 / p99 / max (ms)",
        f"{latency['p50']:g} / {latency['p90']:g} / {latency['p99']:g} / {latency['max']:g}",
    )


def _print_load(result: dict[str, Any]) -> None:
    title = f"serenissima serve: {result['tables']} games at once ({result['games']} in all)"
    table = Table(title=f"{title}, {result['seconds']} s")
    table.add_column("figure")
    table.add_column("value", justify="right")
    shown = ("actions_per_second", "stored_moves_per_second", "moves_acknowledged", "lost",
             "duplicated", "missed", "games_over", "killed_at_s", "restarted_at_s",
             "orphaned_by_kill")  # fmt: skip
    for key in shown:
        table.add_row(key, str(result[key]))
    for key, value in result["latency_ms"].items():
        if key != "count":
            table.add_row(f"latency {key} (ms)", str(value))
    _memory_rows(table, result["memory_mib"])
    _cpu_row(table, result["cpu_seconds"])
    Console().print(table)


def _print_bots(result: dict[str, Any]) -> None:
    table = Table(
        title=f"serenissima serve: {result['tables']} people's games, without and with "
        f"{result['bot_tables']} games of {result['bot_kind']} bots, {result['seconds']:g} s each"
    )
    table.add_column("figure")
    table.add_column("without bots", justify="right")
    table.add_column("with bots", justify="right")
    without, with_ = result["without"], result["with"]
    for key in ("p50", "p90", "p99", "max"):
        table.add_row(
            f"people's move latency {key} (ms)",
            f"{without['latency_ms'][key]:g}",
            f"{with_['latency_ms'][key]:g}",
        )
    for key in ("p50", "p99"):
        table.add_row(
            f"wait for the bot's reply {key} (ms)",
            f"{without['reply_ms'][key]:g}",
            f"{with_['reply_ms'][key]:g}",
        )
    for key in ("moves_acknowledged", "lost", "duplicated", "missed", "games"):
        table.add_row(key, str(without[key]), str(with_[key]))
    table.add_row("bots' moves stored", "-", str(with_["bot_moves_stored"]))
    table.add_row(
        "bots' decisions stopped at twice the cap", "-", str(with_["bot_decisions_stopped"])
    )
    for key in ("server", "workers"):
        table.add_row(
            f"{key} RSS start / peak / end (MiB)",
            *(_figures(part["memory_mib"], key) for part in (without, with_)),
        )
    for key in ("server", "workers", "clients", "others"):
        table.add_row(
            f"{key} CPU (s)", str(without["cpu_seconds"][key]), str(with_["cpu_seconds"][key])
        )
    table.add_row("p99 with / without", "", str(result["p99_ratio"]))
    Console().print(table)


def _figures(memory: dict[str, Any] | None, key: str) -> str:
    if memory is None:
        return "-"
    figures = memory[key]
    return f"{figures['start']:g} / {figures['peak']:g} / {figures['end']:g}"


def _print_churn(result: dict[str, Any]) -> None:
    table = Table(
        title=f"serenissima serve: {result['created']:,} games created and played, "
        f"{result['games_in_memory']} in memory, {result['seconds']:g} s"
    )
    table.add_column("figure")
    table.add_column("value", justify="right")
    for key in ("created", "failed", "games_per_second", "moves_acknowledged", "lost"):
        table.add_row(key, str(result[key]))
    for reason, count in result["failures"].items():
        table.add_row(f"failed: {reason}", str(count))
    table.add_row("first games read back", f"{result['reloaded']} of {result['reload_checked']}")
    _latency_rows(table, result["latency_ms"], "person's move latency")
    at = result["server_mib_at"]
    table.add_row(
        "server RSS at 10% / 50% / 100% of the games (MiB)",
        " / ".join("-" if at[key] is None else f"{at[key]:g}" for key in ("10%", "50%", "100%")),
    )
    table.add_row(
        "server RSS slope over the second half (MiB per 1,000 games)",
        str(result["slope_mib_per_1000_games"]),
    )
    _memory_rows(table, result["memory_mib"])
    _cpu_row(table, result["cpu_seconds"])
    Console().print(table)


def _cpu_row(table: Table, cpu: dict[str, float]) -> None:
    table.add_row(
        "CPU of server / bot workers / clients / the machine's others (s)",
        " / ".join(f"{cpu[key]:g}" for key in ("server", "workers", "clients", "others")),
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--scenario",
        choices=SCENARIOS,
        default="load",
        help="load (a kill -9 half-way), bots (people beside search bots) or "
        "churn (many games, memory flat?) (load)",
    )
    parser.add_argument(
        "--games", type=int, help="people's games played at once (load: 50, bots: 40)"
    )
    parser.add_argument(
        "--seconds",
        type=float,
        help="how long the run lasts (load: 30; bots: 30 each part; churn: "
        f"at most {CHURN_SECONDS:g})",
    )
    parser.add_argument(
        "--bot",
        default="random",
        help="the bot facing each person, or human: another person (random)",
    )
    parser.add_argument("--database", help="a database URL (default: a fresh SQLite file)")
    parser.add_argument("--no-kill", dest="kill", action="store_false", help="no kill -9 (load)")
    parser.add_argument("--bot-games", type=int, default=10, help="bots' games (bots: 10)")
    parser.add_argument(
        "--max-bot-seconds",
        type=float,
        default=2.0,
        help="the server's cap on a bot's decision (bots: 2)",
    )
    parser.add_argument(
        "--bot-kind", help="the seat kind of the bots' games (bots: ismcts at the cap)"
    )
    parser.add_argument(
        "--bot-workers", type=int, help="the server's bot worker processes (default: the server's)"
    )
    parser.add_argument(
        "--churn-games", type=int, default=10_000, help="games created (churn: 10000)"
    )
    parser.add_argument(
        "--churn-moves",
        type=int,
        default=4,
        help="the person's moves played in each game (churn: 4)",
    )
    parser.add_argument(
        "--creators", type=int, default=16, help="clients creating games at once (churn: 16)"
    )
    parser.add_argument(
        "--games-in-memory", type=int, default=100, help="the server's games in memory (churn: 100)"
    )
    parser.add_argument(
        "--out", type=Path, help="write the figures as JSON under the scenario's key in this file"
    )
    args = parser.parse_args()
    if args.games is None:
        args.games = 40 if args.scenario == "bots" else 50
    if args.seconds is None:
        args.seconds = CHURN_SECONDS if args.scenario == "churn" else 30.0
    if args.bot_kind is None:
        args.bot_kind = f"ismcts:{args.max_bot_seconds:g}s"
    if not 1 <= args.games <= MAX_GAMES or not 0 <= args.bot_games <= MAX_GAMES:
        parser.error(f"--games and --bot-games must be 1 to {MAX_GAMES}")
    if not 0 < args.seconds <= 3600:
        parser.error("--seconds must be above 0 and at most 3600")
    if not 1 <= args.churn_games <= MAX_CHURN_GAMES or not 1 <= args.creators <= 64:
        parser.error(f"--churn-games must be 1 to {MAX_CHURN_GAMES} and --creators 1 to 64")
    if not 0 < args.max_bot_seconds <= 60 or not 1 <= args.churn_moves <= 100:
        parser.error("--max-bot-seconds must be above 0 and at most 60, --churn-moves 1 to 100")
    console = Console(stderr=True)
    if args.scenario == "load":
        result = asyncio.run(_load(args, console))
        _save(args.out, "load", result)
        _print_load(result)
        return 0 if result["lost"] == result["duplicated"] == result["missed"] == 0 else 1
    if args.scenario == "bots":
        result = asyncio.run(_bots(args, console))
        _print_bots(result)
        parts = (result["without"], result["with"])
        return 0 if all(p["lost"] == p["duplicated"] == p["missed"] == 0 for p in parts) else 1
    result = asyncio.run(_churn(args, console))
    _save(args.out, "churn", result)
    _print_churn(result)
    return 0 if result["lost"] == result["failed"] == 0 and result["complete"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
