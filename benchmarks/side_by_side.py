"""Time serenissima's editions and a peer engine's random games side by side, in one run.

The peer is catanatron (a Settlers of Catan engine in pure Python), measured
only when it is installed (``pip install -e ".[bench]"``); without it the
script measures the editions alone and says so.

A decision costs the same thing on both sides:

- serenissima: ``legal_actions`` of the seat to act, a uniform pick, and a
  checked ``apply`` that returns a new immutable state (chance nodes are
  resolved apart and not counted, see ``serenissima.analysis.bench.throughput``);
- catanatron: one ``Game.play_tick`` with random players: the player picks
  from the game's list of playable actions, and the game validates and
  executes the action in place and lists the next playable actions (its dice
  rolls are actions of the player, so they are counted as decisions).

Both sides play whole games; the time between games (setting up a new game,
checking for the end) is left out on both sides. The measuring runs in
``--rounds`` rounds; each round gives every contender an equal slice of the
time, in an order that rotates from round to round, so a machine that gets
faster or slower during the run affects every contender alike. The ratio to
the peer is taken over the totals of the same run: figures from different
runs, or different machines, are not comparable.

Usage::

    python benchmarks/side_by_side.py                      # 4 players, 30 s in all
    python benchmarks/side_by_side.py --players 2 3 4 --seconds 90 --out docs/data/performance.json

``--out`` writes the figures with a description of the machine; the
documentation's performance page is built from that file.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import serenissima
from serenissima.analysis.bench.report import bench_data, bench_svg, format_bench_table
from serenissima.analysis.bench.throughput import BenchResult, run_bench

PEER = "catanatron"


def machine() -> dict[str, Any]:
    """Describe the machine the figures come from."""
    cpu = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.is_file():
        for line in cpuinfo.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "system": platform.platform(terse=True),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
    }


def peer_version() -> str | None:
    """The peer's version, or ``None`` when it is not installed."""
    try:
        from importlib.metadata import PackageNotFoundError, version

        return version(PEER)
    except PackageNotFoundError:
        return None


def run_peer(players: int, seconds: float, seed: int) -> tuple[int, float, int]:
    """Play the peer's random games for ``seconds``; return decisions, their time, games."""
    from catanatron import Color, Game, RandomPlayer

    colours = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)[:players]
    clock = time.perf_counter
    random.seed(seed)  # the peer's random players use the module's generator
    decisions = games = 0
    spent = 0.0
    start = clock()
    while games == 0 or clock() - start < seconds:
        game = Game([RandomPlayer(colour) for colour in colours], seed=seed + games)
        while game.winning_color() is None and game.state.num_turns < 1000:
            t0 = clock()
            game.play_tick()
            spent += clock() - t0
            decisions += 1
        games += 1
    return decisions, spent, games


def merge(parts: list[BenchResult]) -> BenchResult:
    """Add up the slices of one ruleset and player count into one result."""
    first = parts[0]
    samples = sum(p.size_samples for p in parts)

    def mean(field: Callable[[BenchResult], float]) -> float:
        return sum(field(p) * p.size_samples for p in parts) / samples if samples else 0.0

    return BenchResult(
        ruleset=first.ruleset,
        ruleset_version=first.ruleset_version,
        players=first.players,
        games=sum(p.games for p in parts),
        decisions=sum(p.decisions for p in parts),
        chance=sum(p.chance for p in parts),
        decision_seconds=sum(p.decision_seconds for p in parts),
        chance_seconds=sum(p.chance_seconds for p in parts),
        seconds=sum(p.seconds for p in parts),
        size_samples=samples,
        pickle_bytes=mean(lambda p: p.pickle_bytes),
        json_bytes=mean(lambda p: p.json_bytes),
    )


def peer_bars(peer: dict[int, list[int | float]], version: str | None) -> list[BenchResult]:
    """The peer's figures in the shape of serenissima's, to draw them beside each other."""
    if version is None:
        return []
    return [
        BenchResult(
            ruleset=PEER,
            ruleset_version=version,
            players=players,
            games=int(games),
            decisions=int(decisions),
            chance=0,
            decision_seconds=float(spent),
            chance_seconds=0.0,
            seconds=float(spent),
        )
        for players, (decisions, spent, games) in peer.items()
    ]


def main(argv: list[str] | None = None) -> int:
    """Run the comparison and print it; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[4], metavar="N")
    parser.add_argument("--seconds", type=float, default=30.0, help="the whole run's budget")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of interleaved slices")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", action="append", help="an edition (default: all installed)")
    parser.add_argument("--out", type=Path, help="write the figures as JSON to this file")
    parser.add_argument("--svg", type=Path, help="draw decisions per second as SVG to this file")
    args = parser.parse_args(argv)

    names = args.ruleset or serenissima.available_rulesets()
    rulesets = [serenissima.load_ruleset(name) for name in names]
    version = peer_version()
    contenders: list[tuple[str, int]] = [
        (rules.id, n) for n in args.players for rules in rulesets if n in rules.info.players
    ]
    if version is not None:
        contenders += [(PEER, n) for n in args.players]
    else:
        print(f"{PEER} is not installed: measuring serenissima alone", file=sys.stderr)
    slice_seconds = args.seconds / (args.rounds * len(contenders))
    by_name = {rules.id: rules for rules in rulesets}
    ours: dict[tuple[str, int], list[BenchResult]] = {}
    peer: dict[int, list[int | float]] = {n: [0, 0.0, 0] for n in args.players}
    started = time.perf_counter()
    for round_ in range(args.rounds):
        shift = round_ % len(contenders)
        for name, players in contenders[shift:] + contenders[:shift]:
            if name == PEER:
                decisions, spent, games = run_peer(players, slice_seconds, args.seed + round_)
                total = peer[players]
                total[0] += decisions
                total[1] += spent
                total[2] += games
            else:
                result = run_bench(
                    by_name[name], players, seconds=slice_seconds, seed=args.seed + round_
                )
                ours.setdefault((name, players), []).append(result)
        elapsed = time.perf_counter() - started
        left = elapsed / (round_ + 1) * (args.rounds - round_ - 1)
        print(
            f"round {round_ + 1}/{args.rounds} done in {elapsed:.0f} s, about {left:.0f} s left",
            file=sys.stderr,
        )

    results = [merge(parts) for parts in ours.values()]
    print(format_bench_table(results))
    peers = peer_bars(peer, version)
    if peers:
        print(f"\n{PEER} {version}, random players, decisions per second (play_tick):")
    for other in peers:
        rate = other.decisions_per_second
        print(f"  {other.players} players: {rate:,.0f} /s over {other.games} games")
        for result in results:
            if result.players == other.players and rate:
                ratio = result.decisions_per_second / rate
                print(f"  {result.ruleset}, {other.players} players: {ratio:.2f}x {PEER}")
    data = {
        "date": datetime.date.today().isoformat(),
        "machine": machine(),
        "serenissima": serenissima.__version__,
        "seconds": args.seconds,
        "rounds": args.rounds,
        "seed": args.seed,
        "command": "python benchmarks/side_by_side.py "
        + " ".join(
            [
                "--players",
                *map(str, args.players),
                "--seconds",
                f"{args.seconds:g}",
                "--rounds",
                str(args.rounds),
            ]
        ),
        "results": [bench_data(result) for result in results],
        "peer": (
            {"name": PEER, "version": version, "results": [bench_data(r) for r in peers]}
            if version
            else None
        ),
    }
    if args.out is not None:
        args.out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr)
    if args.svg is not None:
        args.svg.write_text(bench_svg(results + peers) + "\n", encoding="utf-8")
        print(f"wrote {args.svg}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
