"""Measure how much stronger the greedy bot is than the random one, edition by edition.

For every installed edition (or those named with ``--ruleset``) the script
plays three series of ``--games`` games at ``--players`` seats:

- **mixed**: one greedy seat against random seats; game ``i`` seats the greedy
  bot at seat ``i % players``, so every seat gets its turn;
- **all greedy** and **all random**: every seat played by the same kind of
  bot, to compare the length and the cost of their games.

Game ``i`` of every series resolves chance with seed ``seed + i``; each seat's
bot is seeded with ``seed + i`` too, so a run is reproducible, apart from the
seconds measured.

A win shared by ``k`` seats counts ``1/k`` for each of them. The greedy win
share is the greedy seat's total over the games, divided by the games; its
95% interval is Wilson's score interval. The random share is the mean of the
random seats' shares; a seat that is no better than the others would have
``1/players``.

The JSON file (``--out``) holds one object::

    {
      "players": 4, "games": 200, "seed": 0,
      "editions": [
        {
          "ruleset": "modern",          # the edition's ruleset id
          "games": 200,                 # games in each series
          "players": 4,
          "fair_share": 0.25,           # 1 / players
          "greedy_win_share": 0.62,     # the greedy seat's share of the wins (mixed games)
          "greedy_win_low": 0.55,       # 95% Wilson interval of that share
          "greedy_win_high": 0.68,
          "random_win_share": 0.13,     # the mean share of one random seat (mixed games)
          "greedy_mean_score": 31.2,    # mean final scores in the mixed games
          "random_mean_score": 6.5,
          "series": {                   # per series: mean decisions and seconds per game
            "mixed": {"mean_decisions": 301.0, "seconds_per_game": 0.05},
            "all_greedy": {"mean_decisions": 290.5, "seconds_per_game": 0.12},
            "all_random": {"mean_decisions": 288.8, "seconds_per_game": 0.006}
          }
        }
      ]
    }

Run it from the repository's root::

    python scripts/bot_strength.py --games 200 --players 4
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import attrs

import serenissima as ser
from serenissima.agents import Agent, GreedyAgent, RandomAgent, play_game
from serenissima.analysis.stats.intervals import wilson_interval


def _series(
    rules: ser.Ruleset, players: int, games: int, seed: int, kind: str
) -> tuple[dict[str, float], list[ser.Standings], list[int]]:
    """Play one series; return its cost, the standings and the greedy seat of each game."""
    decisions = 0
    standings: list[ser.Standings] = []
    greedy_seats: list[int] = []
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        greedy_seat = i % players if kind == "mixed" else -1
        agents: list[Agent] = []
        for seat in range(players):
            greedy = kind == "all_greedy" or seat == greedy_seat
            agents.append(GreedyAgent(game_seed) if greedy else RandomAgent(game_seed + seat))
        result = play_game(rules, players, agents, seed=game_seed)
        decisions += result.decisions
        standings.append(result.standings)
        greedy_seats.append(greedy_seat)
    seconds = time.perf_counter() - start
    cost = {
        "mean_decisions": round(decisions / games, 1),
        "seconds_per_game": round(seconds / games, 4),
    }
    return cost, standings, greedy_seats


def measure(rules: ser.Ruleset, players: int, games: int, seed: int) -> dict[str, Any]:
    """Play the three series of one edition and summarise them.

    Args:
        rules: The edition.
        players: Seats per game.
        games: Games per series.
        seed: The first game's seed.

    Returns:
        The edition's entry of the JSON file (see the module's docstring).
    """
    mixed, standings, seats = _series(rules, players, games, seed, "mixed")
    greedy_share = random_share = 0.0
    greedy_score = random_score = 0.0
    for final, greedy_seat in zip(standings, seats, strict=True):
        winners = final.winners
        for entry in final.entries:
            share = 1 / len(winners) if entry.seat in winners else 0.0
            if entry.seat == greedy_seat:
                greedy_share += share
                greedy_score += entry.score
            else:
                random_share += share
                random_score += entry.score
    low, high = attrs.astuple(wilson_interval(greedy_share, games))
    others = games * (players - 1)
    series = {"mixed": mixed}
    for kind in ("all_greedy", "all_random"):
        series[kind] = _series(rules, players, games, seed, kind)[0]
    return {
        "ruleset": rules.id,
        "games": games,
        "players": players,
        "fair_share": round(1 / players, 4),
        "greedy_win_share": round(greedy_share / games, 4),
        "greedy_win_low": round(low, 4),
        "greedy_win_high": round(high, 4),
        "random_win_share": round(random_share / others, 4),
        "greedy_mean_score": round(greedy_score / games, 2),
        "random_mean_score": round(random_score / others, 2),
        "series": series,
    }


def table(entries: list[dict[str, Any]]) -> str:
    """Format the editions' entries as a readable table.

    Example:
        >>> print(table([]).splitlines()[0].split()[:3])
        ['edition', 'games', 'greedy']
    """
    head = (
        f"{'edition':<10} {'games':>5} {'greedy wins':>12} {'95% interval':>15} "
        f"{'random':>7} {'decisions g/r':>14} {'s/game g/r':>14}"
    )
    lines = [head, "-" * len(head)]
    for e in entries:
        s = e["series"]
        interval = f"{e['greedy_win_low']:.2f}-{e['greedy_win_high']:.2f}"
        decisions = (
            f"{s['all_greedy']['mean_decisions']:.0f}/{s['all_random']['mean_decisions']:.0f}"
        )
        seconds = (
            f"{s['all_greedy']['seconds_per_game']:.3f}/{s['all_random']['seconds_per_game']:.3f}"
        )
        lines.append(
            f"{e['ruleset']:<10} {e['games']:>5} {e['greedy_win_share']:>12.3f} {interval:>15} "
            f"{e['random_win_share']:>7.3f} {decisions:>14} {seconds:>14}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the measurement and write the JSON file; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per series (200)")
    parser.add_argument("--players", type=int, default=4, help="seats per game (4)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    parser.add_argument(
        "--ruleset", action="append", help="an edition to measure (repeat; default: all)"
    )
    parser.add_argument(
        "--out", type=Path, default=Path("docs/data/bot_strength.json"), help="the JSON file"
    )
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    names = args.ruleset or list(ser.available_rulesets())
    entries = []
    for name in names:
        rules = ser.load_ruleset(name)
        if args.players not in rules.info.players:
            sys.stderr.write(f"{name}: skipped, it does not play {args.players} players\n")
            continue
        entries.append(measure(rules, args.players, args.games, args.seed))
    data = {"players": args.players, "games": args.games, "seed": args.seed, "editions": entries}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    sys.stdout.write(f"{table(entries)}\nwritten to {args.out}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
