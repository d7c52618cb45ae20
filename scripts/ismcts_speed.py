"""Measure the search bot's iterations per second, edition by edition, with and without rollouts.

For every installed edition (or those named with ``--ruleset``) the script
collects ``--positions`` decisions with a choice from a 4-player game played
by honest greedy bots (seeded with ``--seed``), then times an
:class:`~serenissima.agents.ISMCTSAgent` of ``--iterations`` iterations
deciding each of them: without a rollout (the search bot's default,
``"rollout": "none"``), then with each rollout policy of the tree
three actions long (``depth=3``, the two-seat default of earlier versions). The
figure is the iterations searched divided by the seconds spent, over all the
positions.

The JSON file (``--out``) holds one object::

    {
      "iterations": 300, "positions": 20, "seed": 0,
      "python": "3.12.3", "machine": "x86_64",
      "results": [
        {"ruleset": "classic", "rollout": "none", "depth": 0,
         "iterations_per_second": 4210.7, "seconds": 1.43},
        {"ruleset": "classic", "rollout": "heuristic", "depth": 3,
         "iterations_per_second": 1750.5, "seconds": 3.43},
        ...
      ]
    }

Run it from the repository's root, on an otherwise idle machine::

    python scripts/ismcts_speed.py
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path
from typing import Any

import serenissima as ser
from serenissima.agents import GreedyAgent, ISMCTSAgent, choice_states
from serenissima.agents.ismcts import ROLLOUTS


def positions(rules: ser.Ruleset, count: int, seed: int) -> list[ser.State]:
    """``count`` decisions with a choice, spread over a 4-player game of honest greedy bots."""
    return choice_states(rules, 4, [GreedyAgent(seed + s) for s in range(4)], seed, count)


ROLLOUT_DEPTH = 3
"""The length of the rollouts timed, in actions."""

SETTINGS: tuple[tuple[str, int], ...] = (
    ("none", 0),
    *((rollout, ROLLOUT_DEPTH) for rollout in ROLLOUTS if not rollout.startswith("greedy")),
)
"""What is timed: no rollout (the default), then every rollout policy of the tree,
:data:`ROLLOUT_DEPTH` actions long. Greedy rollouts, which
play to the end of a stage instead, are timed per decision by ``ismcts_strength.py``."""


def measure(rules: ser.Ruleset, states: list[ser.State], iterations: int) -> list[dict[str, Any]]:
    """Time the search on ``states`` without a rollout and with each rollout policy."""
    results = []
    for rollout, depth in SETTINGS:
        policy = rollout if rollout in ROLLOUTS else ROLLOUTS[0]  # unused without a rollout
        # the tree on every decision, whatever the ruleset's search hints say
        agent = ISMCTSAgent(seed=1, iterations=iterations, rollout=policy, depth=depth, hints=False)
        start = time.perf_counter()
        for state in states:
            agent.act(rules, state)
        seconds = time.perf_counter() - start
        results.append(
            {
                "ruleset": rules.id,
                "rollout": rollout,
                "depth": depth,
                "iterations_per_second": round(iterations * len(states) / seconds, 1),
                "seconds": round(seconds, 3),
            }
        )
    return results


def main(argv: list[str] | None = None) -> int:
    """Run the measurement and write the JSON file; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=300, help="per decision (300)")
    parser.add_argument("--positions", type=int, default=20, help="decisions timed (20)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the game played (0)")
    parser.add_argument(
        "--ruleset", action="append", help="an edition to measure (repeat; default: all)"
    )
    parser.add_argument(
        "--out", type=Path, default=Path("docs/data/ismcts_speed.json"), help="the JSON file"
    )
    args = parser.parse_args(argv)
    results = []
    for name in args.ruleset or list(ser.available_rulesets()):
        rules = ser.load_ruleset(name)
        results.extend(measure(rules, positions(rules, args.positions, args.seed), args.iterations))
    data = {
        "iterations": args.iterations,
        "positions": args.positions,
        "seed": args.seed,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "results": results,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    for row in results:
        sys.stdout.write(
            f"{row['ruleset']:<10} {row['rollout']:<10} {row['iterations_per_second']:>9.0f} it/s\n"
        )
    sys.stdout.write(f"written to {args.out}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
