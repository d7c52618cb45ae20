"""Play whole games through the PettingZoo AEC environment with masked random actions.

    python examples/pettingzoo_random.py                       # modern, 4 players
    python examples/pettingzoo_random.py --ruleset classic --players 2 --games 3

Needs the ``rl`` extra: ``pip install "serenissima[rl]"``.
"""

from __future__ import annotations

import argparse

import numpy as np

from serenissima.env import aec_env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="modern")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    env = aec_env(args.ruleset, players=args.players, reward="rank")
    rng = np.random.default_rng(args.seed)
    for game in range(args.games):
        env.reset(seed=args.seed + game)
        steps = 0
        rewards = {}
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                rewards[agent] = reward
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        shown = ", ".join(f"{agent} {value:+.2f}" for agent, value in rewards.items())
        print(f"game {game}: {steps} decisions; rewards {shown}")
    print("PettingZoo games played:", args.games)


if __name__ == "__main__":
    main()
