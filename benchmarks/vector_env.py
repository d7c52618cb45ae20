"""Time the Gymnasium vector environment: its games' steps per second, by number of games.

Each contender is ``serenissima.env.vector_env(ruleset, n=N, players=P)``:
the learning seat against random agents, its pick uniform among the legal
actions, made in numpy from ``action_masks()`` for the ``N`` games at once,
as a learner's loop would make it from its policy. A contender's figure is
its games' steps (``N`` for each step of the vector environment, the steps
that reset a finished game included) divided by the time the loop took:
reading the masks, picking and stepping, which plays the other seats and
chance and writes the batched observations. The share of that time spent in
``step`` itself is given too. Making the environment is left out.

The run is split into ``--rounds`` rounds that give every contender an equal
slice of time in an order that rotates, so a machine that changes speed
affects all alike; figures of one run compare with each other, not with
another run's.

Usage::

    python benchmarks/vector_env.py                           # 2 players, N = 1, 16, 64, 60 s
    python benchmarks/vector_env.py --seconds 240 --out docs/data/vector-env.json

Needs the ``rl`` extra.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

import serenissima
from serenissima.env import SerenissimaVectorEnv, vector_env

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rounds import interleave, save  # what the benchmark scripts share

SIZES = (1, 16, 64)
"""The numbers of games timed by default."""

Tally = list[float]
"""Games' steps, the loop's seconds, the seconds in ``step``, games finished."""


def pick(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniform legal index for each row of ``masks``; 0 for a row with none."""
    rows, width = masks.shape
    row, column = np.divmod(np.flatnonzero(masks), width)  # faster than a 2-d nonzero
    if not len(column):
        return np.zeros(rows, np.int64)
    counts = np.bincount(row, minlength=rows)
    starts = np.cumsum(counts) - counts
    at = np.minimum(starts + (rng.random(rows) * counts).astype(np.int64), len(column) - 1)
    return np.where(counts > 0, column[at], 0).astype(np.int64)


def play(envs: SerenissimaVectorEnv, seconds: float, rng: np.random.Generator) -> Tally:
    """Step ``envs`` with random legal picks until ``seconds`` are spent (one step at least)."""
    clock = time.perf_counter
    steps = 0
    stepping = finished = 0.0
    start = clock()
    while steps == 0 or clock() - start < seconds:
        actions = pick(envs.action_masks(), rng)
        before = clock()
        _, _, terminations, _, _ = envs.step(actions)
        stepping += clock() - before
        finished += int(terminations.sum())
        steps += 1
    return [steps * envs.num_envs, clock() - start, stepping, finished]


def main(argv: list[str] | None = None) -> int:
    """Run the measurement, print the table and write the figures; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), metavar="N")
    parser.add_argument("--seconds", type=float, default=60.0, help="the whole run's budget")
    parser.add_argument("--rounds", type=int, default=4, help="rounds of interleaved slices")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", action="append", help="an edition (default: all installed)")
    parser.add_argument("--out", type=Path, help="write the figures as JSON to this file")
    args = parser.parse_args(argv)

    names = args.ruleset or serenissima.available_rulesets()
    slices = [(name, n) for name in names for n in args.sizes]
    envs: dict[tuple[str, int], SerenissimaVectorEnv] = {}
    for name, n in slices:
        envs[(name, n)] = vector_env(name, n=n, players=args.players, seed=args.seed)
        envs[(name, n)].reset()
    rng = np.random.default_rng(args.seed)

    def measure(key: tuple[str, int], seconds: float, round_: int) -> Tally:
        return play(envs[key], seconds, rng)

    totals = interleave(slices, args.rounds, args.seconds, measure)

    rows: list[dict[str, Any]] = []
    for (name, n), (steps, seconds, stepping, finished) in totals.items():
        rows.append(
            {
                "ruleset": name,
                "players": args.players,
                "games": n,
                "steps": int(steps),
                "finished": int(finished),
                "seconds": round(seconds, 3),
                "steps_per_second": round(steps / seconds, 1),
                "step_share": round(stepping / seconds, 4),
            }
        )
    print(f"{'ruleset':8} {'games':>5} {'steps':>8} {'steps/s':>9} {'in step':>8}")
    for row in rows:
        print(
            f"{row['ruleset']:8} {row['games']:>5} {row['steps']:>8,} "
            f"{row['steps_per_second']:>9,.0f} {row['step_share']:>8.0%}"
        )
    figures = {"seconds": args.seconds, "rounds": args.rounds, "seed": args.seed}
    options = {
        "--players": args.players,
        "--sizes": args.sizes,
        "--seconds": f"{args.seconds:g}",
        "--rounds": args.rounds,
    }
    save(args.out, "vector_env.py", options, {**figures, "results": rows}, ("gymnasium", "numpy"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
