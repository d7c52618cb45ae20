"""Several Gymnasium games stepped together, each seat 0's pick made in NumPy from the masks.

    python examples/gymnasium_vector.py                        # modern, 8 games, 2 players
    python examples/gymnasium_vector.py --ruleset classic --games 4 --steps 300

Needs the ``rl`` extra: ``pip install "serenissima[rl]"``.
"""

from __future__ import annotations

import argparse

import numpy as np

from serenissima.env import vector_env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="modern")
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    envs = vector_env(
        args.ruleset, n=args.games, players=args.players, opponents=args.opponents, seed=args.seed
    )
    observations, _ = envs.reset()
    print(
        f"{envs.num_envs} games: observations {observations['observation'].shape}, "
        f"masks {observations['action_mask'].shape}, actions {envs.action_space}"
    )
    rng = np.random.default_rng(args.seed)
    finished, won = 0, 0.0
    for _ in range(args.steps):
        masks = envs.action_masks()
        scores = np.where(masks, rng.random(masks.shape), -1.0)
        actions = scores.argmax(axis=1)  # a random legal index a game; 0 where none is legal
        observations, rewards, terminations, _, _ = envs.step(actions)
        finished += int(terminations.sum())
        won += float(rewards[terminations].sum())
    print(f"after {args.steps} steps: {finished} games finished, seat 0 won {won:g} of them")


if __name__ == "__main__":
    main()
