"""Measure the search bot against honest greedy bots, edition by edition.

For every installed edition (or those named with ``--ruleset``) the script
plays ``--games`` games at ``--players`` seats: one
:class:`~serenissima.agents.ISMCTSAgent` seat against honest greedy seats
(:class:`~serenissima.agents.GreedyAgent`, deciding from their seats' views).
Game ``i`` seats the search bot at seat ``i % players``, so every seat gets its
turn, and resolves chance with seed ``seed + i``; every bot is seeded from
``seed + i`` too, so with an iteration budget a run is reproducible.

With ``--search-kinds`` the search seat searches only the decisions of the
kinds named (``rules.decision(state).kind``, such as ``battles``) and takes
the greedy bot's choice at the others, seeded as a greedy bot in its seat
would be; ``--search-kinds none`` makes it a greedy bot throughout, the
baseline the other runs are read against (same seeds, same seat). That shows
where the search gains or loses against one decision of lookahead.

The search bot takes the settings not given from the ruleset's search hints
(``rules.info.search``: in the classic edition, greedy rollouts on the board and
the greedy bot's choice at the bids and the trade); ``--no-hints`` ignores them,
as the figures measured before the hints existed did.

Every game is played a second time with a greedy bot in the search seat (the
same seeds, so the same dice and deals until the play differs): the
*baseline*. Its seat's score and win share are what one decision of lookahead
makes of that seat in those games, and ``score_gain`` is the mean of the
search seat's score less the baseline's, game by game, with a 95% normal
interval. Read the search bot against its baseline, not against the greedy
seats' mean: with a few dozen games, which seat the search bot holds and the
dice it meets move a seat's mean score by a point or two even between
identical bots.

A win shared by ``k`` seats counts ``1/k`` for each of them. The search bot's
win share is its total over the games divided by the games, with Wilson's 95%
score interval; a seat no better than the others would have ``1/players``.

The JSON file (``--out``) holds one object::

    {
      "players": 4, "games": 40, "seed": 0, "budget": "ismcts:300",
      "search_kinds": null,         # or the kinds searched, [] for none
      "settings": {"exploration": 0.7, "depth": 8, "rollout": "heuristic", "hints": true},
      "editions": [
        {
          "ruleset": "modern", "games": 40, "players": 4, "fair_share": 0.25,
          "ismcts_win_share": 0.45, "ismcts_win_low": 0.31, "ismcts_win_high": 0.60,
          "greedy_win_share": 0.18,     # the mean share of one greedy seat
          "ismcts_mean_score": 24.1, "greedy_mean_score": 19.3,
          "baseline_win_share": 0.27,   # a greedy bot in the search seat, same seeds
          "baseline_mean_score": 20.2,
          "score_gain": 3.9, "score_gain_low": 1.2, "score_gain_high": 6.6,
          "ismcts_decisions": 120.5,    # mean decisions with a choice per game, searched or not
          "seconds_per_decision": 0.31, # mean search time of those decisions
          "seconds_per_game": 40.2,
          "seconds_by_kind": {          # the same decisions, kind by kind
            "movement": {"decisions": 410, "mean": 0.52, "longest": 0.98}, ...
          }
        }
      ]
    }

Run it from the repository's root (it takes a while: every searched decision
spends its whole budget)::

    python scripts/ismcts_strength.py --games 40 --budget ismcts:300
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple

import attrs

import serenissima as ser
from serenissima.agents import Agent, GreedyAgent, ISMCTSAgent, make_agent, play_game
from serenissima.agents.ismcts import (
    DEFAULT_EXPLORATION,
    DEFAULT_PRIOR,
    DENIAL,
)
from serenissima.analysis.stats.intervals import Moments, wilson_interval


class _Timed:
    """An agent that counts and times the decisions of another one that have a choice.

    ``by_kind`` holds each kind's decisions, their seconds and the longest of them.
    """

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.decisions = 0
        self.seconds = 0.0
        self.by_kind: dict[str, tuple[int, float, float]] = {}

    def act(self, rules: ser.Ruleset, state: ser.State) -> ser.Action:
        if len(rules.legal_actions(state)) < 2:
            return self.agent.act(rules, state)
        start = time.perf_counter()
        action = self.agent.act(rules, state)
        spent = time.perf_counter() - start
        self.seconds += spent
        self.decisions += 1
        kind = rules.decision(state).kind
        count, total, longest = self.by_kind.get(kind, (0, 0.0, 0.0))
        self.by_kind[kind] = (count + 1, total + spent, max(longest, spent))
        return action


class _Kinds:
    """An agent that searches the decisions of some kinds and decides the others greedily."""

    def __init__(self, search: Agent, greedy: Agent, kinds: frozenset[str]) -> None:
        self.search = search
        self.greedy = greedy
        self.kinds = kinds

    def act(self, rules: ser.Ruleset, state: ser.State) -> ser.Action:
        if rules.decision(state).kind in self.kinds:
            return self.search.act(rules, state)
        return self.greedy.act(rules, state)


def _search_bot(
    budget: str,
    seed: int,
    settings: dict[str, Any],
    kinds: frozenset[str] | None = None,
    greedy_seed: int = 0,
) -> Agent:
    agent = make_agent(budget, seed)
    assert isinstance(agent, ISMCTSAgent)
    search = ISMCTSAgent(seed, iterations=agent.iterations, seconds=agent.seconds, **settings)
    if kinds is None:
        return search
    return _Kinds(search, GreedyAgent(greedy_seed), kinds)


class _Game(NamedTuple):
    """What one game and its baseline gave the search seat and the others."""

    winners: tuple[int, ...]
    seat: int
    mine: float
    others: float
    my_score: float
    other_score: float
    base_score: float
    base_share: float
    decisions: int
    seconds: float
    by_kind: dict[str, tuple[int, float, float]]


_RULES: dict[str, ser.Ruleset] = {}


def _play(
    ruleset: str,
    players: int,
    index: int,
    seed: int,
    budget: str,
    settings: dict[str, Any],
    kinds: frozenset[str] | None,
) -> _Game:
    """Play game ``index`` and its baseline (in a worker process, or here)."""
    rules = _RULES.get(ruleset) or _RULES.setdefault(ruleset, ser.load_ruleset(ruleset))
    game_seed = seed + index
    seat = index % players
    searcher = _Timed(_search_bot(budget, game_seed, settings, kinds, game_seed + seat))
    agents: list[Agent] = [
        searcher if s == seat else GreedyAgent(game_seed + s) for s in range(players)
    ]
    final = play_game(rules, players, agents, seed=game_seed).standings
    results = [_seat_result(final, s) for s in range(players)]
    score, share = results.pop(seat)
    other_score = sum(r[0] for r in results)
    others = sum(r[1] for r in results)
    greedy = [GreedyAgent(game_seed + s) for s in range(players)]
    base_score, base_share = _seat_result(
        play_game(rules, players, greedy, seed=game_seed).standings, seat
    )
    return _Game(
        final.winners,
        seat,
        share,
        others,
        score,
        other_score,
        base_score,
        base_share,
        searcher.decisions,
        searcher.seconds,
        searcher.by_kind,
    )


def measure(
    rules: ser.Ruleset,
    players: int,
    games: int,
    seed: int,
    budget: str,
    settings: dict[str, Any],
    progress: bool = False,
    kinds: frozenset[str] | None = None,
    jobs: int = 1,
) -> dict[str, Any]:
    """Play the games of one edition and summarise them (see the module's docstring).

    With ``jobs`` above 1 the games are played in that many worker processes;
    every game is seeded by its index alone, so the figures are the same.
    """
    mine = others = baseline_share = 0.0
    my_score = other_score = baseline_score = 0.0
    gain = Moments()
    decisions = 0
    seconds = 0.0
    by_kind: dict[str, tuple[int, float, float]] = {}
    start = time.perf_counter()
    args = [(rules.id, players, i, seed, budget, settings, kinds) for i in range(games)]
    with contextlib.ExitStack() as stack:
        if jobs > 1:
            pool = stack.enter_context(ProcessPoolExecutor(max_workers=jobs))
            results: Iterator[_Game] = pool.map(_play, *zip(*args, strict=True))
        else:
            results = (_play(*a) for a in args)
        for i, game in enumerate(results):
            mine += game.mine
            others += game.others
            my_score += game.my_score
            other_score += game.other_score
            decisions += game.decisions
            seconds += game.seconds
            for kind, (count, total, longest) in game.by_kind.items():
                was = by_kind.get(kind, (0, 0.0, 0.0))
                by_kind[kind] = (was[0] + count, was[1] + total, max(was[2], longest))
            baseline_score += game.base_score
            baseline_share += game.base_share
            gain = gain.add(game.my_score - game.base_score)
            if progress:
                sys.stderr.write(
                    f"{rules.id} game {i + 1}/{games}: winners {game.winners}, "
                    f"search seat {game.seat}, share so far {mine / (i + 1):.3f}\n"
                )
    low, high = attrs.astuple(wilson_interval(mine, games))
    gain_low, gain_high = (v if math.isfinite(v) else None for v in attrs.astuple(gain.interval()))
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
        "baseline_win_share": round(baseline_share / games, 4),
        "baseline_mean_score": round(baseline_score / games, 2),
        "score_gain": round(gain.mean, 2),
        "score_gain_low": None if gain_low is None else round(gain_low, 2),
        "score_gain_high": None if gain_high is None else round(gain_high, 2),
        "ismcts_decisions": round(decisions / games, 1),
        "seconds_per_decision": round(seconds / max(decisions, 1), 4),
        "seconds_per_game": round((time.perf_counter() - start) / games, 2),
        "seconds_by_kind": {
            kind: {
                "decisions": count,
                "mean": round(total / count, 4),
                "longest": round(longest, 4),
            }
            for kind, (count, total, longest) in sorted(by_kind.items())
        },
    }


def _seat_result(standings: ser.Standings, seat: int) -> tuple[float, float]:
    """The score of ``seat`` and its share of the win (``1/k`` of a win shared by ``k``)."""
    winners = standings.winners
    score = next(entry.score for entry in standings.entries if entry.seat == seat)
    return float(score), (1 / len(winners) if seat in winners else 0.0)


def table(entries: list[dict[str, Any]]) -> str:
    """Format the editions' entries as a readable table.

    Example:
        >>> print(table([]).splitlines()[0].split()[:3])
        ['edition', 'games', 'ismcts']
    """
    head = (
        f"{'edition':<10} {'games':>5} {'ismcts wins':>12} {'95% interval':>15} "
        f"{'baseline':>8} {'scores i/g':>12} {'gain':>6} {'95% interval':>14} {'s/decision':>11}"
    )
    lines = [head, "-" * len(head)]
    for e in entries:
        interval = f"{e['ismcts_win_low']:.2f}-{e['ismcts_win_high']:.2f}"
        scores = f"{e['ismcts_mean_score']:.1f}/{e['greedy_mean_score']:.1f}"
        low, high = e["score_gain_low"], e["score_gain_high"]
        gain = "-" if low is None else f"{low:.1f} to {high:.1f}"
        lines.append(
            f"{e['ruleset']:<10} {e['games']:>5} {e['ismcts_win_share']:>12.3f} {interval:>15} "
            f"{e['baseline_win_share']:>8.3f} {scores:>12} {e['score_gain']:>6.1f} {gain:>14} "
            f"{e['seconds_per_decision']:>11.3f}"
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
    parser.add_argument("--rollout", default=None, help="random, heuristic or greedy")
    parser.add_argument(
        "--width", type=int, default=None, help="root actions greedy rollouts compare"
    )
    parser.add_argument("--horizon", default=None, help="stage or turn (where greedy rollouts end)")
    parser.add_argument("--scale", default=None, help="tree or siblings (UCB1's scale)")
    parser.add_argument("--prior", type=int, default=None, help="visits the root's prior counts")
    parser.add_argument("--minimax", type=float, default=None, help="share of implicit minimax")
    parser.add_argument("--rival", type=float, default=None, help="weight of the best rival")
    parser.add_argument("--denial", type=float, default=None, help="weight of the others' mean")
    parser.add_argument(
        "--no-hints",
        dest="hints",
        action="store_false",
        help="ignore the ruleset's search hints (rules.info.search)",
    )
    parser.add_argument(
        "--ruleset", action="append", help="an edition to measure (repeat; default: all)"
    )
    parser.add_argument(
        "--search-kinds",
        default=None,
        help="search only decisions of these kinds (comma-separated; none: greedy throughout)",
    )
    parser.add_argument(
        "--jobs", type=int, default=1, help="worker processes (1; the figures do not change)"
    )
    parser.add_argument("--progress", action="store_true", help="say how each game ended")
    parser.add_argument(
        "--out", type=Path, default=Path("docs/data/ismcts_strength.json"), help="the JSON file"
    )
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
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
            ("scale", args.scale),
            ("prior", args.prior),
            ("denial", args.denial),
            ("minimax", args.minimax),
            ("rival", args.rival),
            ("width", args.width),
            ("horizon", args.horizon),
            ("hints", None if args.hints else False),
        )
        if value is not None
    }
    names = args.ruleset or list(ser.available_rulesets())
    kinds = None
    if args.search_kinds is not None:
        kinds = frozenset(k for k in args.search_kinds.split(",") if k and k != "none")
        known = {
            p.kind for name in names for p in ser.load_ruleset(name).engine.phases() if p.decides
        }
        if kinds - known:
            parser.error(
                f"--search-kinds: no decision of kind {', '.join(sorted(kinds - known))}"
                f" (the kinds: {', '.join(sorted(known))})"
            )
    try:
        ISMCTSAgent(0, **settings)
    except ser.SerenissimaError as error:
        parser.error(str(error))
    shown = attrs.asdict(_Settings(**settings))  # the settings in force, defaults included
    entries = []
    for name in names:
        rules = ser.load_ruleset(name)
        if args.players not in rules.info.players:
            sys.stderr.write(f"{name}: skipped, it does not play {args.players} players\n")
            continue
        entry = measure(
            rules,
            args.players,
            args.games,
            args.seed,
            args.budget,
            settings,
            args.progress,
            kinds,
            args.jobs,
        )
        entries.append(entry)
    data = {
        "players": args.players,
        "games": args.games,
        "seed": args.seed,
        "budget": args.budget,
        "search_kinds": None if kinds is None else sorted(kinds),
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
    depth: int | None = None  # None: the default for the number of seats
    rollout: str | None = None  # None: the ruleset's hint, else random
    scale: str = "tree"
    prior: int = DEFAULT_PRIOR
    minimax: float | None = None  # None: the default for the number of seats
    rival: float | None = None  # None: the default for the number of seats
    denial: float = DENIAL
    width: int | None = None  # None: the ruleset's hint, else DEFAULT_WIDTH
    horizon: str | None = None  # None: the ruleset's hint, else stage
    hints: bool = True


if __name__ == "__main__":
    sys.exit(main())
