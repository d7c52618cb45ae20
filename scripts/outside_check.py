"""Check a ladder's figure with a plain loop over the public API and seeds of its own.

The ladder (``serenissima ladder``) plays its games through the analysis runner,
with seeds derived from its batch seed. This script plays the same pairing as a
user would, with nothing but ``load_ruleset``, ``new_game``, ``chance_outcomes``,
``apply``, ``make_agent`` and ``standings``: chance drawn with its probabilities
from a generator of the script's own, the agents seeded from another, the two
agents changing seats every game. It prints each agent's win share from each
seat and in all, with 95% Wilson intervals, and, given the ladder's JSON file,
whether the ladder's figure lies inside the plain loop's interval and the
other way round. Each game's result is appended to ``--out`` (JSON Lines) as it
ends, so a stopped run keeps its games and a new run with the same file goes on
from them::

    python scripts/outside_check.py --ruleset classic --agents greedy,ismcts:100 --games 40
    python scripts/outside_check.py --ladder docs/data/ladder.json --agents greedy,ismcts:100
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import serenissima as ser
from serenissima.analysis.stats.intervals import wilson_interval


def play(rules: ser.Ruleset, kinds: list[str], first: int, seed: int) -> list[float]:
    """One game, ``kinds[first]`` at seat 0; each agent's share of the win, by kind order."""
    chance = random.Random(seed)
    seats = [kinds[first], kinds[1 - first]]
    agents = [ser.make_agent(kind, seed * 2 + seat + 1) for seat, kind in enumerate(seats)]
    state = rules.new_game(2)
    while state.to_act != ser.TERMINAL:
        if state.to_act == ser.CHANCE:
            outcomes = rules.chance_outcomes(state)
            actions = [action for action, _ in outcomes]
            action = chance.choices(actions, weights=[float(p) for _, p in outcomes])[0]
        else:
            action = agents[state.to_act].act(rules, state)
        state = rules.apply(state, action)
    winners = rules.standings(state).winners
    by_seat = [1 / len(winners) if seat in winners else 0.0 for seat in range(2)]
    return [by_seat[0], by_seat[1]] if first == 0 else [by_seat[1], by_seat[0]]


def main() -> int:
    """Play the games (those ``--out`` lacks), then print the shares and the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--agents", default="greedy,ismcts:100")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--out", type=Path, default=Path("outside-check.jsonl"))
    parser.add_argument("--ladder", type=Path, default=None, help="a ladder's JSON file")
    args = parser.parse_args()
    kinds = args.agents.split(",")
    if len(kinds) != 2:
        parser.error("--agents: two agent kinds")
    rules = ser.load_ruleset(args.ruleset)
    done = []
    if args.out.exists():
        done = [json.loads(line) for line in args.out.read_text().splitlines() if line.strip()]
        done = [g for g in done if g["agents"] == kinds and g["ruleset"] == args.ruleset]
    start = time.perf_counter()
    first_game = len(done)
    with args.out.open("a") as out:
        for game in range(len(done), args.games):
            first = game % 2
            shares = play(rules, kinds, first, args.seed + game)
            row = {"ruleset": args.ruleset, "agents": kinds, "game": game, "first": first}
            done.append({**row, "shares": shares})
            out.write(json.dumps(done[-1]) + "\n")
            out.flush()
            elapsed = time.perf_counter() - start
            played = game + 1 - first_game
            left = elapsed / played * (args.games - game - 1)
            sys.stderr.write(
                f"game {game + 1}/{args.games}, {elapsed:.0f}s, about {left:.0f}s left\n"
            )
    report(kinds, done, args)
    return 0


def report(kinds: list[str], games: list[dict[str, object]], args: argparse.Namespace) -> None:
    """Print each agent's share by seat and in all; compare with the ladder's figure."""
    say = sys.stdout.write
    for side, kind in enumerate(kinds):
        for seat in (0, 1):
            held = [g for g in games if (g["first"] == side) == (seat == 0)]
            wins = sum(g["shares"][side] for g in held)  # type: ignore[index]
            found = wilson_interval(wins, len(held)) if held else None
            low, high = (found.low, found.high) if found else (0.0, 1.0)
            say(f"{kind} from seat {seat}: {wins:g}/{len(held)} ({low:.0%}-{high:.0%})\n")
    wins = sum(g["shares"][1] for g in games)  # type: ignore[index]
    interval = wilson_interval(wins, len(games))
    say(
        f"{kinds[1]} against {kinds[0]}: {wins / len(games):.1%} "
        f"({interval.low:.1%}-{interval.high:.1%}), {len(games)} games\n"
    )
    if args.ladder is None:
        return
    for ladder in json.loads(args.ladder.read_text())["ladders"]:
        if ladder["ruleset"] != args.ruleset or ladder["players"] != 2:
            continue
        for pairing in ladder["pairings"]:
            pair = pairing["agents"]
            if sorted(pair) != sorted(kinds):
                continue
            share = pairing["share"] if pair[0] == kinds[1] else 1 - pairing["share"]
            low, high = (
                pairing["interval"]
                if pair[0] == kinds[1]
                else (1 - pairing["interval"][1], 1 - pairing["interval"][0])
            )
            inside = interval.low <= share <= interval.high
            overlap = interval.low <= high and low <= interval.high
            say(
                f"ladder: {share:.1%} ({low:.1%}-{high:.1%}), {pairing['games']} games; "
                f"inside the plain loop's interval: {'yes' if inside else 'no'}; "
                f"the intervals overlap: {'yes' if overlap else 'no'}\n"
            )


if __name__ == "__main__":
    sys.exit(main())
