"""Train a masked policy in NumPy alone: the modern edition, two seats, against the random bot.

    python examples/train_masked_policy.py                      # the full run: a few minutes
    python examples/train_masked_policy.py --quick              # a few seconds
    python examples/train_masked_policy.py --updates 20 --out curve.json

Needs the ``rl`` extra: ``pip install "serenissima[rl]"``; no deep-learning library.

The environment is ``gym_env("modern", players=2, opponents="random",
actions="factored")``: an action is one value per head of the factored space,
the family first, then its parts. The policy is autoregressive: each head has a
linear softmax whose input is the observation vector, a one-hot of the values
chosen at the heads before it, and a constant. A head's logits are masked by
the environment's mask for that head (the observation's ``"action_mask"`` for
the family, ``env.head_mask(prefix)`` for the others), so every action played
is legal. A head with one legal value is played without being learned: its
gradient is zero.

Training is REINFORCE with a learned baseline: each update plays
``--games-per-update`` games, the learner's seat alternating between 0 and 1,
and every decision of a game is credited with the game's final reward less a
linear value of its observation (fitted to the rewards by least squares); both
are stepped by Adam.

The reward is ``"rank"``: +1 for the first, -1 for the last, 0 each when the
game is tied. Every reward comes at the end of the game, and the modern
edition ranks the seats by their final ducats (then ports). Random seats spend
nearly all theirs: ``"score"`` (the seat's final ducats) is 0 for both seats in
nearly half the games between random players, a sparse signal that says
nothing of the opponent. ``"win"`` gives 1 or 0, a mean the baseline must learn
first; ``"rank"`` gives a signal of the same size in every game, centred on 0,
and at two seats it is ``"zero-sum"``.

Evaluation plays ``--eval-games`` fresh games (seeds the training never drew)
with the learner at seat 0 in half of them and at seat 1 in the other half,
drawing each head's value from the policy as in training (sampled decoding),
and reports the win share (a win shared by both seats counts one half) with its
95% Wilson interval. The untrained policy (all weights 0) plays the same games
as the baseline: sampled, it picks uniformly among the legal values of each
head, and wins about half its games, as the random bot does against itself.
``--greedy`` plays the most likely value of each head instead; beware that
greedy decoding of the untrained policy plays the first legal value of each
head, a hand rule that already wins about 96% of its games against the random
bot (it takes the early families, the turn's action before an investment and
``Done`` before a move, and so keeps its ducats).

Everything is drawn from one NumPy ``Generator`` seeded by ``--seed``: the
games' seeds, the learner's draws and the evaluation's seeds, so the same seed
gives the same run. ``--out`` writes the learning curve as JSON after every
update, so a stopped run keeps what it measured.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import serenissima
from serenissima.analysis.stats.intervals import wilson_interval
from serenissima.env import SerenissimaGym, gym_env

Floats = npt.NDArray[np.float64]
RULESET, PLAYERS, OPPONENT, REWARD = "modern", 2, "random", "rank"


class Adam:
    """Adam's steps for a list of arrays, which it changes in place (gradient ascent)."""

    def __init__(self, params: list[Floats], rate: float) -> None:
        self.params, self.rate, self.t = params, rate, 0
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]

    def ascend(self, grads: list[Floats]) -> None:
        self.t += 1
        b1, b2 = 0.9, 0.999
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m[:] = b1 * m + (1 - b1) * g
            v[:] = b2 * v + (1 - b2) * g * g
            p += self.rate * (m / (1 - b1**self.t)) / (np.sqrt(v / (1 - b2**self.t)) + 1e-8)


@dataclass
class Trace:
    """What one game's decisions leave for the update: the views, and each head's choices."""

    views: list[Floats] = field(default_factory=list)
    # per head: (decision number, prefix, probabilities, chosen value)
    heads: dict[int, list[tuple[int, tuple[int, ...], Floats, int]]] = field(default_factory=dict)


class Policy:
    """One linear masked softmax per head, over the view, the earlier heads' one-hots and 1."""

    def __init__(self, sizes: Sequence[int], length: int) -> None:
        self.sizes = tuple(sizes)
        self.length = length
        self.offsets = [length + sum(self.sizes[:h]) for h in range(len(self.sizes))]
        self.weights = [
            np.zeros((off + 1, size)) for off, size in zip(self.offsets, self.sizes, strict=True)
        ]
        self.value = np.zeros(length + 1)

    def act(
        self,
        env: SerenissimaGym,
        observation: dict[str, Any],
        rng: np.random.Generator,
        greedy: bool,
        trace: Trace | None,
    ) -> tuple[int, ...]:
        """The head values of one legal action, chosen head by head under the masks."""
        view = observation["observation"].astype(np.float64)
        if trace is not None:
            trace.views.append(view)
        prefix: tuple[int, ...] = ()
        for head, size in enumerate(self.sizes):
            mask = observation["action_mask"] if head == 0 else env.head_mask(prefix)
            legal = np.flatnonzero(mask)
            if len(legal) == 1:  # forced: nothing to choose, nothing to learn
                prefix += (int(legal[0]),)
                continue
            weights = self.weights[head]
            logits = view @ weights[: self.length] + weights[-1]
            for earlier, value in enumerate(prefix):
                logits += weights[self.offsets[earlier] + value]
            logits = np.where(mask.astype(bool), logits, -np.inf)
            probabilities = np.exp(logits - logits.max())
            probabilities /= probabilities.sum()
            if greedy:
                chosen = int(np.argmax(probabilities))
            else:
                chosen = int(rng.choice(size, p=probabilities))
            if trace is not None:
                trace.heads.setdefault(head, []).append(
                    (len(trace.views) - 1, prefix, probabilities, chosen)
                )
            prefix += (chosen,)
        return prefix

    def features(self, head: int, views: Floats, prefixes: list[tuple[int, ...]]) -> Floats:
        """The inputs of ``head``: the views, one-hots of the earlier heads, and 1."""
        rows = np.zeros((len(prefixes), self.offsets[head] + 1))
        rows[:, : self.length] = views
        for earlier in range(head):
            columns = [self.offsets[earlier] + prefix[earlier] for prefix in prefixes]
            rows[np.arange(len(prefixes)), columns] = 1.0
        rows[:, -1] = 1.0
        return rows

    def gradients(self, traces: list[Trace], rewards: list[float]) -> tuple[list[Floats], Floats]:
        """The policy's gradient (REINFORCE, the value as baseline) and the value's, by game."""
        views = np.array([view for trace in traces for view in trace.views])
        lengths = [len(trace.views) for trace in traces]
        returns, starts = np.repeat(rewards, lengths), np.cumsum([0, *lengths])
        inputs = np.hstack([views, np.ones((len(views), 1))])
        error = returns - inputs @ self.value
        games = len(traces)
        grads = []
        for head in range(len(self.sizes)):
            rows = [
                (starts[g] + number, prefix, probabilities, chosen)
                for g, trace in enumerate(traces)
                for number, prefix, probabilities, chosen in trace.heads.get(head, [])
            ]
            if not rows:
                grads.append(np.zeros_like(self.weights[head]))
                continue
            numbers = np.array([row[0] for row in rows])
            # d log p(chosen) / d logits = one-hot(chosen) - p, times the advantage
            scores = -np.array([row[2] for row in rows])
            scores[np.arange(len(rows)), [row[3] for row in rows]] += 1.0
            scores *= error[numbers, None]
            features = self.features(head, views[numbers], [row[1] for row in rows])
            grads.append(features.T @ scores / games)
        return grads, inputs.T @ error / games


@dataclass
class Settings:
    """A run's budget and seed."""

    updates: int = 100
    games_per_update: int = 32
    eval_games: int = 100
    seed: int = 0
    rate: float = 0.01
    greedy: bool = False


@dataclass
class Evaluation:
    """The learner's win share over fresh games against the random bot, seats alternated."""

    games: int
    wins: float
    low: float
    high: float
    decoding: str
    seconds: float

    @property
    def share(self) -> float:
        return self.wins / self.games

    def __str__(self) -> str:
        return (
            f"win share {self.share:.1%} over {self.games} games "
            f"(95% interval {self.low:.1%} to {self.high:.1%}), {self.decoding} decoding"
        )


def environments() -> list[SerenissimaGym]:
    """One environment for each seat the learner takes."""
    return [
        gym_env(RULESET, PLAYERS, seat, OPPONENT, reward=REWARD, actions="factored")
        for seat in range(PLAYERS)
    ]


def play(
    env: SerenissimaGym,
    policy: Policy,
    seed: int,
    rng: np.random.Generator,
    greedy: bool,
    trace: Trace | None,
) -> tuple[float, float]:
    """One game from ``seed``: the learner's reward and its share of the win."""
    observation, info = env.reset(seed=seed)
    done, reward = False, 0.0
    while not done:
        values = policy.act(env, observation, rng, greedy, trace)
        observation, step_reward, done, _, info = env.step(values)
        reward = float(step_reward)
    winners = info["standings"].winners
    return reward, (env.seat in winners) / len(winners)


def evaluate(policy: Policy, settings: Settings) -> Evaluation:
    """Play ``settings.eval_games`` fresh games, the learner at seat 0 then 1 by turns."""
    started = time.perf_counter()
    # streams the training never draws from; the games' seeds apart, so that every policy
    # evaluated with the settings plays the same games (training seeds are below 2**62)
    seeds = np.random.default_rng([settings.seed, 1]).integers(2**62, 2**63, settings.eval_games)
    rng = np.random.default_rng([settings.seed, 2])
    envs = environments()
    wins = 0.0
    for game, seed in enumerate(seeds):
        wins += play(envs[game % PLAYERS], policy, int(seed), rng, settings.greedy, None)[1]
    interval = wilson_interval(wins, settings.eval_games)
    return Evaluation(
        settings.eval_games,
        wins,
        interval.low,
        interval.high,
        "greedy" if settings.greedy else "sampled",
        time.perf_counter() - started,
    )


def train(
    settings: Settings, out: Path | None = None, log: bool = False
) -> tuple[Policy, dict[str, Any]]:
    """Train a policy; the learning curve, written to ``out`` after every update if given."""
    rng = np.random.default_rng(settings.seed)
    envs = environments()
    layout = envs[0].rules.observation_layout(PLAYERS)
    policy = Policy(envs[0].rules.factored_space(PLAYERS).sizes, layout.size)
    policy_steps = Adam(policy.weights, settings.rate)
    value_steps = Adam([policy.value], settings.rate)
    record: dict[str, Any] = {
        "ruleset": RULESET,
        "players": PLAYERS,
        "opponent": OPPONENT,
        "reward": REWARD,
        "settings": vars(settings).copy(),
        "serenissima": serenissima.__version__,
        "date": datetime.date.today().isoformat(),
        "curve": [],
    }
    started = time.perf_counter()
    for update in range(1, settings.updates + 1):
        traces, rewards, wins = [], [], 0.0
        for game in range(settings.games_per_update):
            trace = Trace()
            seed = int(rng.integers(2**62))
            reward, win = play(envs[game % PLAYERS], policy, seed, rng, False, trace)
            traces.append(trace)
            rewards.append(reward)
            wins += win
        grads, value_grad = policy.gradients(traces, rewards)
        policy_steps.ascend(grads)
        value_steps.ascend([value_grad])
        seconds = time.perf_counter() - started
        record["curve"].append(
            {
                "update": update,
                "games": update * settings.games_per_update,
                "seconds": round(seconds, 2),
                "win_share": wins / settings.games_per_update,
                "mean_reward": float(np.mean(rewards)),
                "decisions": int(sum(len(t.views) for t in traces)),
            }
        )
        if out is not None:
            write(out, record)
        if log:
            left = seconds / update * (settings.updates - update)
            print(
                f"update {update}/{settings.updates}: {update * settings.games_per_update} games, "
                f"win share {wins / settings.games_per_update:.0%} in this update's games; "
                f"{seconds:.0f} s, about {left:.0f} s left",
                flush=True,
            )
    record["train_seconds"] = round(time.perf_counter() - started, 2)
    return policy, record


def machine() -> dict[str, Any]:
    """The processor, its cores and the Python the run's seconds were measured with."""
    cpu = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    names = cpuinfo.read_text(errors="replace").split("model name") if cpuinfo.is_file() else []
    if len(names) > 1:
        cpu = names[1].split(":", 1)[1].split("\n", 1)[0].strip()
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
    }


def write(path: Path, record: dict[str, Any]) -> None:
    """Write ``record`` as JSON, whole: a stopped run leaves the last complete file."""
    partial = path.with_suffix(path.suffix + ".part")
    partial.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    partial.replace(path)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=Settings.updates, help="policy steps")
    parser.add_argument(
        "--games-per-update", type=int, default=Settings.games_per_update, help="games a step"
    )
    parser.add_argument(
        "--eval-games", type=int, default=Settings.eval_games, help="fresh games at the end"
    )
    parser.add_argument("--seed", type=int, default=Settings.seed, help="seeds the whole run")
    parser.add_argument("--rate", type=float, default=Settings.rate, help="Adam's step size")
    parser.add_argument(
        "--greedy", action="store_true", help="evaluate the most likely values, not samples"
    )
    parser.add_argument("--quick", action="store_true", help="a tiny budget, to try the script")
    parser.add_argument("--out", type=Path, help="write the learning curve here as JSON")
    args = parser.parse_args(argv)
    if args.quick:
        args.updates, args.games_per_update, args.eval_games = 3, 4, 10
    if min(args.updates + 1, args.games_per_update, args.eval_games) < 1 or args.rate <= 0:
        parser.error("give updates >= 0, games per update >= 1, eval games >= 1 and a rate > 0")
    settings = Settings(
        args.updates, args.games_per_update, args.eval_games, args.seed, args.rate, args.greedy
    )
    print(
        f"training on {settings.updates} updates of {settings.games_per_update} games: "
        f"{RULESET}, {PLAYERS} seats, against the {OPPONENT} bot, reward {REWARD!r}",
        flush=True,
    )
    started = time.perf_counter()
    policy, record = train(settings, args.out, log=True)
    evaluation = evaluate(policy, settings)
    untrained = evaluate(Policy(policy.sizes, policy.length), settings)  # the same games
    for key, done in (("evaluation", evaluation), ("untrained", untrained)):
        record[key] = {**asdict(done), "win_share": done.share}
    given = sys.argv[1:] if argv is None else list(argv)
    record["command"] = " ".join(["python examples/train_masked_policy.py", *given])
    record["machine"] = machine()
    record["seconds"] = round(time.perf_counter() - started, 2)
    if args.out is not None:
        write(args.out, record)
    print(f"untrained, against the {OPPONENT} bot: {untrained}")
    print(f"trained in {record['train_seconds']:.0f} s; against the {OPPONENT} bot: {evaluation}")
    return record


if __name__ == "__main__":
    main()
