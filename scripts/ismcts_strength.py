"""Measure the search bot against honest greedy bots, edition by edition.

For every installed edition (or those named with ``--ruleset``) the script
plays ``--games`` games at ``--players`` seats: one
:class:`~serenissima.agents.ISMCTSAgent` seat against honest greedy seats
(:class:`~serenissima.agents.GreedyAgent`, deciding from their seats' views).
Game ``i`` seats the search bot at seat ``i % players``, so every seat gets its
turn, and resolves chance with seed ``seed + i``; every bot is seeded from
``seed + i`` too, so with an iteration budget a run is reproducible.

A win shared by ``k`` seats counts ``1/k`` for each of them. The search bot's
win share is its total over the games divided by the games, with Wilson's 95%
score interval; a seat no better than the others would have ``1/players``.

The JSON file (``--out``) holds one object::

    {
      "players": 4, "games": 40, "seed": 0, "budget": "ismcts:300",
      "settings": {"exploration": 0.7, "depth": 8, "rollout": "heuristic"},
      "editions": [
        {
          "ruleset": "modern", "games": 40, "players": 4, "fair_share": 0.25,
          "ismcts_win_share": 0.45, "ismcts_win_low": 0.31, "ismcts_win_high": 0.60,
          "greedy_win_share": 0.18,     # the mean share of one greedy seat
          "ismcts_mean_score": 24.1, "greedy_mean_score": 19.3,
          "ismcts_decisions": 120.5,    # mean searched decisions per game (more than one action)
          "seconds_per_decision": 0.31, # mean search time of those decisions
          "seconds_per_game": 40.2
        }
      ]
    }

Run it from the repository's root (it takes a while: every searched decision
spends its whole budget)::

    python scripts/ismcts_strength.py --games 40 --budget ismcts:300
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
from serenissima.agents import Agent, GreedyAgent, ISMCTSAgent, make_agent, play_game
from serenissima.agents.ismcts import (
    DEFAULT_DEPTH,
    DEFAULT_EXPLORATION,
    DEFAULT_PRIOR,
    DENIAL,
)
from serenissima.analysis.stats import wilson_interval


class _Timed:
    """An agent that counts and times the decisions of another one that have a choice."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.decisions = 0
        self.seconds = 0.0

    def act(self, rules: ser.Ruleset, state: ser.State) -> ser.Action:
        if len(rules.legal_actions(state)) < 2:
            return self.agent.act(rules, state)
        start = time.perf_counter()
        action = self.agent.act(rules, state)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action


def _search_bot(budget: str, seed: int, settings: dict[str, Any]) -> Agent:
    agent = make_agent(budget, seed)
    assert isinstance(agent, ISMCTSAgent)
    return ISMCTSAgent(seed, iterations=agent.iterations, seconds=agent.seconds, **settings)


def measure(
    rules: ser.Ruleset,
    players: int,
    games: int,
    seed: int,
    budget: str,
    settings: dict[str, Any],
    progress: bool = False,
) -> dict[str, Any]:
    """Play the games of one edition and summarise them (see the module's docstring)."""
    mine = others = 0.0
    my_score = other_score = 0.0
    decisions = 0
    seconds = 0.0
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        seat = i % players
        searcher = _Timed(_search_bot(budget, game_seed, settings))
        agents: list[Agent] = [
            searcher if s == seat else GreedyAgent(game_seed + s) for s in range(players)
        ]
        final = play_game(rules, players, agents, seed=game_seed).standings
        winners = final.winners
        for entry in final.entries:
            share = 1 / len(winners) if entry.seat in winners else 0.0
            if entry.seat == seat:
                mine += share
                my_score += entry.score
            else:
                others += share
                other_score += entry.score
        decisions += searcher.decisions
        seconds += searcher.seconds
        if progress:
            sys.stderr.write(
                f"{rules.id} game {i + 1}/{games}: winners {winners}, search seat {seat}, "
                f"share so far {mine / (i + 1):.3f}\n"
            )
    low, high = attrs.astuple(wilson_interval(mine, games))
    rivals = games * (players - 1)
    return {
        "ruleset": rules.id,
        "games": games,
        "players": players,
        "fair_share": round(1 / players, 4),
        "ismcts_win_share": round(mine / games, 4),
        "ismcts_win_low": round(low, 4),
        "ismcts_win_high": round(high, 4),
        "greedy_win_share": round(others / rivals, 4),
        "ismcts_mean_score": round(my_score / games, 2),
        "greedy_mean_score": round(other_score / rivals, 2),
        "ismcts_decisions": round(decisions / games, 1),
        "seconds_per_decision": round(seconds / max(decisions, 1), 4),
        "seconds_per_game": round((time.perf_counter() - start) / games, 2),
    }


def table(entries: list[dict[str, Any]]) -> str:
    """Format the editions' entries as a readable table.

    Example:
        >>> print(table([]).splitlines()[0].split()[:3])
        ['edition', 'games', 'ismcts']
    """
    head = (
        f"{'edition':<10} {'games':>5} {'ismcts wins':>12} {'95% interval':>15} "
        f"{'greedy':>7} {'scores i/g':>12} {'s/decision':>11}"
    )
    lines = [head, "-" * len(head)]
    for e in entries:
        interval = f"{e['ismcts_win_low']:.2f}-{e['ismcts_win_high']:.2f}"
        scores = f"{e['ismcts_mean_score']:.1f}/{e['greedy_mean_score']:.1f}"
        lines.append(
            f"{e['ruleset']:<10} {e['games']:>5} {e['ismcts_win_share']:>12.3f} {interval:>15} "
            f"{e['greedy_win_share']:>7.3f} {scores:>12} {e['seconds_per_decision']:>11.3f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the match and write the JSON file; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per edition (40)")
    parser.add_argument("--players", type=int, default=4, help="seats per game (4)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    parser.add_argument(
        "--budget", default="ismcts:300", help="the search bot's kind and budget (ismcts:300)"
    )
    parser.add_argument("--exploration", type=float, default=None, help="UCB1's constant")
    parser.add_argument("--depth", type=int, default=None, help="rollout length in actions")
    parser.add_argument("--rollout", default=None, help="heuristic or random")
    parser.add_argument("--prior", type=int, default=None, help="visits the root's prior counts")
    parser.add_argument("--minimax", type=float, default=None, help="share of implicit minimax")
    parser.add_argument("--rival", type=float, default=None, help="weight of the best rival")
    parser.add_argument("--denial", type=float, default=None, help="weight of the others' mean")
    parser.add_argument(
        "--ruleset", action="append", help="an edition to measure (repeat; default: all)"
    )
    parser.add_argument("--progress", action="store_true", help="say how each game ended")
    parser.add_argument(
        "--out", type=Path, default=Path("docs/data/ismcts_strength.json"), help="the JSON file"
    )
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        if not isinstance(make_agent(args.budget, 0), ISMCTSAgent):
            parser.error(f"--budget: {args.budget!r} is not the search bot")
    except ser.SerenissimaError as error:
        parser.error(f"--budget: {error}")
    settings = {
        key: value
        for key, value in (
            ("exploration", args.exploration),
            ("depth", args.depth),
            ("rollout", args.rollout),
            ("prior", args.prior),
            ("denial", args.denial),
            ("minimax", args.minimax),
            ("rival", args.rival),
        )
        if value is not None
    }
    shown = attrs.asdict(_Settings(**settings))  # the settings in force, defaults included
    entries = []
    for name in args.ruleset or list(ser.available_rulesets()):
        rules = ser.load_ruleset(name)
        if args.players not in rules.info.players:
            sys.stderr.write(f"{name}: skipped, it does not play {args.players} players\n")
            continue
        entry = measure(
            rules, args.players, args.games, args.seed, args.budget, settings, args.progress
        )
        entries.append(entry)
    data = {
        "players": args.players,
        "games": args.games,
        "seed": args.seed,
        "budget": args.budget,
        "settings": shown,
        "editions": entries,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    sys.stdout.write(f"{table(entries)}\nwritten to {args.out}\n")
    return 0


@attrs.frozen
class _Settings:
    """The search bot's settings, defaults filled in, for the JSON file."""

    exploration: float = DEFAULT_EXPLORATION
    depth: int = DEFAULT_DEPTH
    rollout: str = "random"
    prior: int = DEFAULT_PRIOR
    minimax: float | None = None  # None: the default for the number of seats
    rival: float | None = None  # None: the default for the number of seats
    denial: float = DENIAL


if __name__ == "__main__":
    sys.exit(main())
