"""Time the learning interfaces beside the engine itself: decisions per second, in one run.

Every contender plays whole random games of one ruleset and player count, a
seat's pick uniform among its legal actions, chance drawn with its exact
probabilities; a contender's figure is the seats' decisions divided by the
time its games took, chance and bookkeeping included, setting up a new game
left out. The contenders:

- ``engine``: the kernel as bots use it: ``legal_actions``, a pick, a
  checked ``apply`` (chance by ``chance_outcomes``);
- ``pettingzoo``: the AEC loop of ``serenissima.env.aec_env`` reading the
  legal indexes from ``info["legal"]`` (``env.last(observe=False)``), as a
  policy that needs no observation would;
- ``pettingzoo+obs``: the same loop reading each observation, the seat's
  float32 vector and its int8 action mask, the environment's own arrays
  rather than copies (``copy=False``) (what a learner's loop pays the
  environment; what its policy then does with them is its own cost: a
  policy that scanned classic's flat mask, 172,365 wide, for its ones would
  pay more than the environment does, which is what factored actions are for);
- ``openspiel``: ``legal_actions`` and ``apply_action`` on the pyspiel game
  ``python_serenissima_<id>``, chance by ``chance_outcomes``;
- ``openspiel+tensor``: the same, reading the seat's information-state
  tensor before each decision.

The overhead of an interface is how much lower its rate is than the engine's:
``1 - rate / engine rate``. The run is split into ``--rounds`` rounds that give
every contender an equal slice of time in an order that rotates, so a machine
that changes speed affects all alike; figures of one run compare with each
other, not with another run's.

Usage::

    python benchmarks/learning_interfaces.py                      # 2 and 4 players, 60 s
    python benchmarks/learning_interfaces.py --seconds 240 --out docs/data/learning.json

Needs the ``rl`` and ``spiel`` extras.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pyspiel

import serenissima
import serenissima.spiel
from serenissima.engine.core import CHANCE, TERMINAL, State
from serenissima.engine.ruleset import Ruleset
from serenissima.env import aec_env
from serenissima.records.game import sample_outcome

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rounds import interleave, save  # what the benchmark scripts share

CONTENDERS = ("engine", "pettingzoo", "pettingzoo+obs", "openspiel", "openspiel+tensor")
"""The ways of playing a game that are timed, the engine's first."""

T = TypeVar("T")

Tally = tuple[int, float, int]
"""Decisions made, the seconds their games took, games played."""


def _timed(seconds: float, setup: Callable[[int], T], play: Callable[[T], int]) -> Tally:
    """Play whole games until ``seconds`` of play are spent (at least one game).

    ``setup(i)`` makes game ``i``, untimed; ``play`` plays it to its end, timed,
    and returns the decisions made.
    """
    clock = time.perf_counter
    decisions = games = 0
    spent = 0.0
    while games == 0 or spent < seconds:
        game = setup(games)
        start = clock()
        decisions += play(game)
        spent += clock() - start
        games += 1
    return decisions, spent, games


def play_engine(rules: Ruleset, players: int, seconds: float, seed: int) -> Tally:
    """The kernel: ``legal_actions``, a uniform pick and a checked ``apply``."""
    rng = random.Random(seed)

    def play(state: State) -> int:
        decisions = 0
        while state.to_act != TERMINAL:
            if state.to_act == CHANCE:
                state = rules.apply(state, sample_outcome(rules.chance_outcomes(state), rng))
            else:
                state = rules.apply(state, rng.choice(rules.legal_actions(state)))
                decisions += 1
        return decisions

    return _timed(seconds, lambda _: rules.new_game(players), play)


def play_pettingzoo(
    rules: Ruleset, players: int, seconds: float, seed: int, observe: bool = False
) -> Tally:
    """The AEC loop, the legal indexes read from ``info`` or from each observation's mask."""
    rng = random.Random(seed)
    env = aec_env(rules, players=players, copy=False)

    def play(_: None) -> int:
        decisions = 0
        for _agent in env.agent_iter():
            _, _, terminated, truncated, info = env.last(observe=observe)
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(info["legal"]))
            decisions += 1
        return decisions

    return _timed(seconds, lambda i: env.reset(seed=seed + i), play)


def play_openspiel(
    rules: Ruleset, players: int, seconds: float, seed: int, tensor: bool = False
) -> Tally:
    """``legal_actions`` and ``apply_action`` on the pyspiel game (and the seat's tensor)."""
    rng = random.Random(seed)
    game = pyspiel.load_game(serenissima.spiel.register(rules), {"players": players})

    def play(state: Any) -> int:
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            if tensor:
                state.information_state_tensor()
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
        return decisions

    return _timed(seconds, lambda _: game.new_initial_state(), play)


PLAYERS: dict[str, Callable[[Ruleset, int, float, int], Tally]] = {
    "engine": play_engine,
    "pettingzoo": play_pettingzoo,
    "pettingzoo+obs": lambda r, n, s, seed: play_pettingzoo(r, n, s, seed, observe=True),
    "openspiel": play_openspiel,
    "openspiel+tensor": lambda r, n, s, seed: play_openspiel(r, n, s, seed, tensor=True),
}


def main(argv: list[str] | None = None) -> int:
    """Run the measurement, print the table and write the figures; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4], metavar="N")
    parser.add_argument("--seconds", type=float, default=60.0, help="the whole run's budget")
    parser.add_argument("--rounds", type=int, default=4, help="rounds of interleaved slices")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", action="append", help="an edition (default: all installed)")
    parser.add_argument("--out", type=Path, help="write the figures as JSON to this file")
    args = parser.parse_args(argv)

    names = args.ruleset or serenissima.available_rulesets()
    rulesets = {name: serenissima.load_ruleset(name) for name in names}
    slices = [
        (name, players, contender)
        for name, rules in rulesets.items()
        for players in args.players
        if players in rules.info.players
        for contender in CONTENDERS
    ]

    def measure(key: tuple[str, int, str], seconds: float, round_: int) -> Tally:
        name, players, contender = key
        return PLAYERS[contender](rulesets[name], players, seconds, args.seed + round_)

    totals = interleave(slices, args.rounds, args.seconds, measure, rotate=len(CONTENDERS))

    rows: list[dict[str, Any]] = []
    for (name, players, contender), (count, seconds, played) in totals.items():
        engine = totals[(name, players, "engine")]
        rate = count / seconds
        base = engine[0] / engine[1]
        rows.append(
            {
                "ruleset": name,
                "players": players,
                "interface": contender,
                "games": int(played),
                "decisions": int(count),
                "seconds": round(seconds, 3),
                "decisions_per_second": round(rate, 1),
                "overhead": round(1 - rate / base, 4),
            }
        )
    print(f"{'ruleset':8} {'players':>7} {'interface':17} {'decisions/s':>12} {'overhead':>9}")
    for row in rows:
        print(
            f"{row['ruleset']:8} {row['players']:>7} {row['interface']:17} "
            f"{row['decisions_per_second']:>12,.0f} {row['overhead']:>9.1%}"
        )
    figures = {"seconds": args.seconds, "rounds": args.rounds, "seed": args.seed}
    options = {"--players": args.players, "--seconds": f"{args.seconds:g}", "--rounds": args.rounds}
    save(
        args.out,
        "learning_interfaces.py",
        options,
        {**figures, "results": rows},
        ("pettingzoo", "open_spiel"),
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
