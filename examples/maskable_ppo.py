"""sb3-contrib's MaskablePPO learns the modern edition's seat against the random bot, by masks.

    python examples/maskable_ppo.py                            # 100,000 steps: about 6 minutes
    python examples/maskable_ppo.py --steps 20000 --eval-games 200

Needs the ``rl`` extra and sb3-contrib, which brings PyTorch:
``pip install "serenissima[rl]" sb3-contrib``.

The environment is ``gym_env("modern", players=2, opponents="random",
reward="rank")`` with flat action indexes: its dict observation is read by
the ``MultiInputPolicy``, and its ``action_masks()`` method is what
``MaskablePPO`` asks an environment for, so the policy gives no probability to
an illegal index. Two such environments, the learner at seat 0 in one and at
seat 1 in the other, are stepped together. The untrained model, then the
trained one, play the same ``--eval-games`` fresh games against the random bot,
seats alternated, each action drawn from the policy under the mask
(``--deterministic`` takes the most likely one); each win share is printed with
its 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv

from serenissima.analysis.stats.intervals import wilson_interval
from serenissima.env import SerenissimaGym, gym_env


def environment(seat: int) -> SerenissimaGym:
    return gym_env("modern", players=2, seat=seat, opponents="random", reward="rank")


def evaluate(model: Any, games: int, seed: int, deterministic: bool) -> float:
    """The model's share of the wins over ``games`` fresh games, its seat alternated."""
    envs = [environment(0), environment(1)]
    rng = np.random.default_rng([seed, 1])
    wins = 0.0
    for game in range(games):
        env = envs[game % 2]
        observation, info = env.reset(seed=int(rng.integers(2**62, 2**63)))
        done = False
        while not done:
            action, _ = model.predict(
                observation, action_masks=env.action_masks(), deterministic=deterministic
            )
            observation, _, done, _, info = env.step(int(action))
        winners = info["standings"].winners
        wins += (env.seat in winners) / len(winners)
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=100_000, help="the learner's decisions")
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--deterministic", action="store_true")
    args = parser.parse_args()
    envs = DummyVecEnv([lambda: environment(0), lambda: environment(1)])
    envs.seed(args.seed)
    torch.set_num_threads(1)  # a small network: threads cost more than they give
    model = MaskablePPO(
        "MultiInputPolicy", envs, n_steps=512, batch_size=256, n_epochs=4, seed=args.seed
    )
    untrained = evaluate(model, args.eval_games, args.seed, args.deterministic)
    started = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    seconds = time.perf_counter() - started
    trained = evaluate(model, args.eval_games, args.seed, args.deterministic)
    print(f"trained on {args.steps:,} decisions in {seconds:.0f} s")
    for label, wins in (("untrained", untrained), ("trained", trained)):
        interval = wilson_interval(wins, args.eval_games)
        print(
            f"{label}, against the random bot: win share {wins / args.eval_games:.1%} over "
            f"{args.eval_games} games (95% interval {interval.low:.1%} to {interval.high:.1%})"
        )


if __name__ == "__main__":
    main()
