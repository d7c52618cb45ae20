"""Ask whether a seat's whole view predicts the winner better than the learned features do.

The learned evaluation (``values.json``) reads four numbers of each seat: the
heuristic's estimate, the score, and each of them times the share of the game
played. This probe asks whether more of what a seat sees would predict the
winner better. It plays greedy games at every seat, keeps one decision in
``--every``, and records for each seat its four features and its observation
vector (``Observer.vector``, what the learning interfaces hand out). It then
fits two models of the same kind as the shipped one (a softmax over the seats
of a linear utility, with an L2 penalty ``--penalty``, features standardised
on the training games): one on the four features, one on the four features
and the whole vector. One game in five is held out; the script prints, for
each model, the mean cross-entropy of the predicted chances and the shares
won (log loss) and how often the favourite won, and writes them to ``--out``::

    python scripts/value_probe.py --ruleset modern --players 2 --games 300 --out probe.json

Needs numpy (the ``rl`` extra).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import serenissima as ser
from serenissima.agents import GreedyAgent
from serenissima.engine.arrays import Observer
from serenissima.engine.chance import sample_outcome
from serenissima.engine.core import CHANCE, TERMINAL
from serenissima.engine.value_model import value_features

Array = npt.NDArray[np.float64]


def positions(
    ruleset: str, players: int, games: int, every: int, seed: int
) -> tuple[Array, Array, Array, npt.NDArray[np.int64]]:
    """Each kept decision's views and features, seat by seat, the shares won, and the game."""
    rules = ser.load_ruleset(ruleset)
    observer = Observer(rules, players)
    views: list[Array] = []
    features: list[Array] = []
    shares: list[Array] = []
    game_of: list[int] = []
    start = time.monotonic()
    for game in range(games):
        rng = random.Random(seed + game)
        agents = [GreedyAgent(1_000 * (seed + game) + s) for s in range(players)]
        state = rules.new_game(players)
        kept: list[tuple[Array, Array]] = []  # float64 views: the fit's precision
        decisions = 0
        while state.to_act != TERMINAL:
            if state.to_act == CHANCE:
                state = rules.apply(state, sample_outcome(rules.chance_outcomes(state), rng))
                continue
            decisions += 1
            if decisions % every == 0:
                row = np.stack([observer.vector(state, s) for s in range(players)])
                kept.append((row.astype(np.float64), np.array(value_features(rules, state))))
            state = rules.apply(state, agents[state.to_act].act(rules, state))
        won = rules.standings(state).winners
        result = np.array([1 / len(won) if s in won else 0.0 for s in range(players)])
        for view, numbers in kept:
            views.append(view)
            features.append(numbers)
            shares.append(result)
            game_of.append(game)
        spent = time.monotonic() - start
        left = spent / (game + 1) * (games - game - 1)
        sys.stderr.write(f"\r{game + 1}/{games} games, {spent:.0f} s, about {left:.0f} s left")
    sys.stderr.write("\n")
    return np.array(views), np.array(features), np.array(shares), np.array(game_of)


def fit(inputs: Array, shares: Array, train: Any, penalty: float, steps: int = 2_000) -> Array:
    """The weights of a softmax over seats of ``inputs @ w``, by full-batch Adam."""
    x, y = inputs[train], shares[train]
    weights = np.zeros(inputs.shape[-1])
    first, second = np.zeros_like(weights), np.zeros_like(weights)
    for step in range(1, steps + 1):
        predicted = _softmax(x @ weights)
        grad = ((predicted - y)[:, :, None] * x).sum(1).mean(0) + 2 * penalty * weights
        first = 0.9 * first + 0.1 * grad
        second = 0.999 * second + 0.001 * grad**2
        rate = 0.05 * np.sqrt(1 - 0.999**step) / (1 - 0.9**step)
        weights -= rate * first / (np.sqrt(second) + 1e-8)
    return weights


def _softmax(utilities: Array) -> Array:
    shifted = np.exp(utilities - utilities.max(1, keepdims=True))
    return shifted / shifted.sum(1, keepdims=True)  # type: ignore[no-any-return]


def scores(inputs: Array, shares: Array, test: Any, weights: Array) -> dict[str, float]:
    """Held-out log loss and how often the favourite won."""
    predicted = _softmax(inputs[test] @ weights)
    loss = -(shares[test] * np.log(np.clip(predicted, 1e-12, 1.0))).sum(1).mean()
    favourite = (predicted.argmax(1) == shares[test].argmax(1)).mean()
    return {"log_loss": round(float(loss), 4), "favourite_won": round(float(favourite), 4)}


def main() -> int:
    """Collect, fit both models, print and write the held-out figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="modern")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--every", type=int, default=6, help="keep one decision in N")
    parser.add_argument("--penalty", type=float, default=1e-3, help="the L2 penalty")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    views, features, shares, game_of = positions(
        args.ruleset, args.players, args.games, args.every, args.seed
    )
    train, test = game_of % 5 != 0, game_of % 5 == 0
    rows: dict[str, Any] = {
        "command": "python scripts/value_probe.py " + " ".join(sys.argv[1:]),
        "positions": len(shares),
        "held_out_positions": int(test.sum()),
    }
    for name, inputs in (
        ("features", features),
        ("features and view", np.concatenate([features, views], -1)),
    ):
        flat = inputs[train].reshape(-1, inputs.shape[-1])
        scaled = (inputs - flat.mean(0)) / (flat.std(0) + 1e-6)
        weights = fit(scaled, shares, train, args.penalty)
        rows[name] = {"inputs": int(inputs.shape[-1]), **scores(scaled, shares, test, weights)}
        sys.stdout.write(f"{name}: {rows[name]}\n")
    if args.out is not None:
        args.out.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
