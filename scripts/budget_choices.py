"""Where two budgets of the search bot choose differently, decision kind by decision kind.

When a larger budget does not beat a smaller one, the first question is where
their choices part. The script plays ``--games`` games of ``--smaller`` at
every seat (seeded with ``--seed``), keeps ``--positions`` decisions with a
choice from each, and asks three fresh bots for each decision: ``--smaller``,
``--larger``, and ``--larger`` again with another seed. It reports, by decision
kind, how often the larger budget chose otherwise than the smaller, and how
often it chose otherwise than itself with another seed: choices that part as
often between two seeds of one budget as between the budgets are noise the
larger budget has not settled.

Each position's result is appended to ``--out`` (JSON Lines) as it lands, and
a run given the same file again skips the positions it holds; the table is
printed at the end::

    python scripts/budget_choices.py --ruleset modern --larger ismcts-learned:100 --out c.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import serenissima as ser
from serenissima.agents import choice_states, make_agent


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--smaller", default="ismcts-learned:25")
    parser.add_argument("--larger", default="ismcts-learned:100")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--positions", type=int, default=40, help="decisions kept per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    return parser


def _held(path: Path) -> set[tuple[int, int]]:
    if not path.is_file():
        return set()
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return {(row["game"], row["position"]) for row in rows}


def run() -> int:
    """Ask both budgets at every kept decision, then print the table by decision kind."""
    args = _parser().parse_args()
    rules = ser.load_ruleset(args.ruleset)
    held = _held(args.out)
    start, done, total = time.monotonic(), 0, args.games * args.positions
    for game in range(args.games):
        seed = args.seed * 1_000 + game
        agents = [make_agent(args.smaller, seed=seed * 10 + s) for s in range(args.players)]
        states = choice_states(rules, args.players, agents, seed, args.positions)
        for position, state in enumerate(states):
            done += 1
            if (game, position) in held:
                continue
            seed_of = seed * 1_000 + position
            choices = [
                make_agent(kind, seed=seed_of + extra).act(rules, state)
                for kind, extra in ((args.smaller, 0), (args.larger, 0), (args.larger, 1))
            ]
            row = {
                "game": game,
                "position": position,
                "kind": rules.decision(state).kind,
                "choices": len(rules.legal_actions(state)),
                "smaller": str(choices[0]),
                "larger": str(choices[1]),
                "larger_again": str(choices[2]),
            }
            with args.out.open("a", encoding="utf-8") as out:
                out.write(json.dumps(row) + "\n")
            spent = time.monotonic() - start
            sys.stderr.write(f"\r{done}/{total} positions, {spent:.0f} s")
    sys.stderr.write("\n")
    sys.stdout.write(table(args.out) + "\n")
    return 0


def table(path: Path) -> str:
    """The Markdown table of a results file: by decision kind, how often the choices part."""
    rows: list[dict[str, Any]] = [
        json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
    ]
    kinds: Counter[str] = Counter(row["kind"] for row in rows)
    lines = [
        "| decision kind | positions | larger v smaller: parted | larger v itself: parted |",
        "|:--|--:|--:|--:|",
    ]
    for kind, count in sorted(kinds.items(), key=lambda item: -item[1]):
        mine = [row for row in rows if row["kind"] == kind]
        apart = sum(row["smaller"] != row["larger"] for row in mine)
        noise = sum(row["larger"] != row["larger_again"] for row in mine)
        lines.append(f"| {kind} | {count} | {apart / count:.0%} | {noise / count:.0%} |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(run())
