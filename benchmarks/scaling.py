"""Measure games per second on 1 core, 2 cores, every core and on Ray, in one run.

Every configuration plays the same batch (``--games`` random games of
``--ruleset`` at ``--players`` seats, from ``--seed``) through the runner of
``serenissima.analysis.run.runner``, and adds it up with
``serenissima.analysis.simulate.tally``: the script checks that every configuration
gives the same summary, and reports for each:

- **start-up**: the seconds until the first game came back (starting the
  worker processes, or a local Ray instance, and loading the ruleset in each);
- **games/s**: the games over the whole time, start-up included;
- **steady games/s**: the second half of the games over the time it took,
  when every worker is long at work: what a long run gets;
- **speed-up**: steady games/s over that of one core.

The configurations run ``--rounds`` times, in an order that rotates from round
to round, so that a machine whose load changes during the run affects each
alike; the figures add the rounds up. The machine's load average is kept with
the figures: on a machine shared with other work, more workers than idle cores
cannot go faster. So is whether Linux shares the CPU between sessions rather
than processes (``sched_autogroup_enabled``): then the worker processes of a
command share its session's part, while a local Ray instance runs its workers
in a session of its own.

Usage::

    python benchmarks/scaling.py                       # modern, 4 players, 2,000 games
    python benchmarks/scaling.py --games 4000 --rounds 2 \\
        --out docs/data/scaling.json --svg scaling.svg

``--out`` writes the figures with a description of the machine; the
documentation's page on running many games is built from that file.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

import attrs

import serenissima
from serenissima.analysis.bench.report import bars_svg
from serenissima.analysis.run.games import GameTask, RulesetRef, play_task
from serenissima.analysis.run.runner import Runner, Workers, default_jobs
from serenissima.analysis.simulate.summary import SimulationSummary
from serenissima.analysis.simulate.tally import Tally


def machine() -> dict[str, Any]:
    """Describe the machine the figures come from."""
    cpu = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.is_file():
        for line in cpuinfo.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    autogroup = Path("/proc/sys/kernel/sched_autogroup_enabled")
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "usable_cores": default_jobs(),
        # Linux shares the CPU between sessions, not processes, when this is on
        "autogroup": autogroup.read_text().strip() == "1" if autogroup.is_file() else None,
        "system": platform.platform(terse=True),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
    }


def configurations(cores: int, ray: bool) -> list[tuple[str, Workers]]:
    """The configurations to measure: 1 core, 2 cores, every core, Ray on every core."""
    found = [("1 core, in-process", Workers("local", 1))]
    if cores >= 2:
        label = "2 processes" + (" (all cores)" if cores == 2 else "")
        found.append((label, Workers("processes", 2)))
    if cores > 2:
        found.append((f"{cores} processes (all cores)", Workers("processes", cores)))
    if ray:
        found.append((f"Ray, local, {cores} CPUs", Workers("ray", cores)))
    return found


def measure(workers: Workers, tasks: list[GameTask], tally: Tally) -> dict[str, float]:
    """Play the tasks on the workers; return the seconds to the first game, in all, and
    those of the second half of the games (when every worker is long at work).
    """
    start = time.perf_counter()
    first = half = None
    with Runner(workers) as runner:
        for done, (_, outcome) in enumerate(runner.map(play_task, tasks), start=1):
            tally.add(outcome)
            if first is None:
                first = time.perf_counter()
            if half is None and 2 * done >= len(tasks):
                half = time.perf_counter()
        end = time.perf_counter()
    assert first is not None
    assert half is not None
    return {"startup": first - start, "seconds": end - start, "late": end - half}


def timeless(summary: SimulationSummary) -> SimulationSummary:
    """The summary without its timings, to compare configurations."""
    return attrs.evolve(summary, seconds=0.0, decisions_per_second=0.0)


def main(argv: list[str] | None = None) -> int:
    """Run the measurements and print them; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="modern")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2000, help="games per configuration")
    parser.add_argument("--rounds", type=int, default=1, help="rounds of every configuration")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-ray", action="store_true", help="leave the Ray backend out")
    parser.add_argument("--out", type=Path, help="write the figures as JSON to this file")
    parser.add_argument("--svg", type=Path, help="draw steady games per second as SVG")
    args = parser.parse_args(argv)

    ref = RulesetRef.of(args.ruleset)
    seats = ("random",) * args.players
    tasks = [GameTask(ref, args.players, seats, args.seed, i) for i in range(args.games)]
    cores = default_jobs()
    configs = configurations(cores, ray=not args.no_ray)
    totals = {label: {"startup": 0.0, "seconds": 0.0, "late": 0.0} for label, _ in configs}
    summaries: dict[str, SimulationSummary] = {}
    load_before = os.getloadavg() if hasattr(os, "getloadavg") else None
    started = time.perf_counter()
    for round_ in range(args.rounds):
        shift = round_ % len(configs)
        for label, workers in configs[shift:] + configs[:shift]:
            tally = Tally(ref.load(), args.players, args.games, args.seed, seats)
            for key, value in measure(workers, tasks, tally).items():
                totals[label][key] += value
            summary = timeless(tally.summary(1.0))
            if summaries.setdefault(label, summary) != summary:
                raise SystemExit(f"{label}: another summary in round {round_ + 1}")
            elapsed = time.perf_counter() - started
            print(
                f"round {round_ + 1}/{args.rounds}: {label} done, {elapsed:.0f} s", file=sys.stderr
            )
    load_after = os.getloadavg() if hasattr(os, "getloadavg") else None
    identical = len({repr(s) for s in summaries.values()}) == 1

    games = args.games * args.rounds
    rows = []
    for label, workers in configs:
        t = totals[label]
        late_games = games - args.rounds * ((args.games + 1) // 2)  # the second halves
        rows.append(
            {
                "label": label,
                "backend": workers.backend,
                "jobs": workers.jobs,
                "games": games,
                "seconds": round(t["seconds"], 3),
                "startup_seconds": round(t["startup"] / args.rounds, 3),
                "games_per_second": round(games / t["seconds"], 1),
                "steady_games_per_second": round(late_games / t["late"], 1) if t["late"] else 0.0,
            }
        )
    base = rows[0]["steady_games_per_second"] or 1.0
    for row in rows:
        row["speedup"] = round(row["steady_games_per_second"] / base, 2)

    print(
        f"{args.ruleset}, {args.players} players, {args.games} random games x {args.rounds} rounds"
    )
    print(f"{'configuration':<28}{'start-up':>10}{'games/s':>10}{'steady':>10}{'speed-up':>10}")
    for row in rows:
        print(
            f"{row['label']:<28}{row['startup_seconds']:>9.2f}s{row['games_per_second']:>10,.0f}"
            f"{row['steady_games_per_second']:>10,.0f}{row['speedup']:>9.2f}x"
        )
    print(f"same summary in every configuration: {'yes' if identical else 'NO'}")
    data = {
        "date": datetime.date.today().isoformat(),
        "machine": machine(),
        "load_average": {"before": load_before, "after": load_after},
        "serenissima": serenissima.__version__,
        "ruleset": ref.id,
        "ruleset_version": ref.version,
        "players": args.players,
        "games": args.games,
        "rounds": args.rounds,
        "seed": args.seed,
        "identical": identical,
        "command": f"python benchmarks/scaling.py --ruleset {args.ruleset} --players "
        f"{args.players} --games {args.games} --rounds {args.rounds}"
        + (" --no-ray" if args.no_ray else ""),
        "results": rows,
    }
    if args.out is not None:
        args.out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr)
    if args.svg is not None:
        args.svg.write_text(chart(data) + "\n", encoding="utf-8")
        print(f"wrote {args.svg}", file=sys.stderr)
    return 0 if identical else 1


def chart(data: dict[str, Any]) -> str:
    """Steady games per second by configuration, as SVG."""
    bars = [(row["label"], float(row["steady_games_per_second"])) for row in data["results"]]
    title = f"Random games per second once under way, {data['ruleset']}, {data['players']} players"
    return bars_svg(bars, title=title, unit="games/s")


if __name__ == "__main__":
    raise SystemExit(main())
