"""One seat plays a Gymnasium episode against greedy bots, choosing its legal actions at random.

    python examples/gymnasium_episode.py                       # classic, 3 players
    python examples/gymnasium_episode.py --ruleset modern --opponents random

Needs the ``rl`` extra: ``pip install "serenissima[rl]"``.
"""

from __future__ import annotations

import argparse
import random

from serenissima.env import gym_env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--opponents", default="greedy")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    env = gym_env(
        args.ruleset, players=args.players, seat=0, opponents=args.opponents, reward="rank"
    )
    rng = random.Random(args.seed)
    observation, info = env.reset(seed=args.seed)
    print(
        f"observation: {observation['observation'].shape[0]} numbers; actions: {env.action_space}"
    )
    done, steps, reward = False, 0, 0.0
    while not done:
        index = rng.choice(info["legal"])
        observation, reward, done, _, info = env.step(index)
        steps += 1
    winners = info["standings"].winners
    print(f"episode over after {steps} decisions: reward {reward:+.2f}, winners {winners}")


if __name__ == "__main__":
    main()
