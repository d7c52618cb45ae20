"""Serenissima for reinforcement learning: PettingZoo and Gymnasium environments.

Install the extra first: ``pip install "serenissima[rl]"`` (pettingzoo,
gymnasium and numpy). A PettingZoo AEC environment has every seat act; a
Gymnasium environment has one seat learn against agents, and a Gymnasium
vector environment steps several such games at once. They all speak the ruleset's fixed action
index space (``Ruleset.num_actions``, ``index_action``, ``legal_mask``) and
its observation vectors (``Ruleset.observation_vector``), for any installed
ruleset, player count and options. With ``actions="factored"``, an action is
one value per head of the factored space instead (``Ruleset.factored_space``),
for policies that choose the action class, then its fields.

Example:
    >>> from serenissima.env import aec_env
    >>> env = aec_env("classic", players=3)
    >>> env.reset(seed=1)
    >>> env.agent_selection in env.possible_agents
    True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as missing:  # pragma: no cover - the extra is installed in CI
    raise ImportError(
        f"serenissima.env needs the rl extra ({missing.name} is missing): "
        'pip install "serenissima[rl]"'
    ) from missing

from serenissima.engine.rewards import REWARDS, final_rewards
from serenissima.engine.ruleset import Ruleset
from serenissima.env._aec import SerenissimaAEC
from serenissima.env._gym import SerenissimaGym
from serenissima.env._table import Opponent
from serenissima.env._vector import SerenissimaVectorEnv

__all__ = [
    "REWARDS",
    "Opponent",
    "SerenissimaAEC",
    "SerenissimaGym",
    "SerenissimaVectorEnv",
    "aec_env",
    "final_rewards",
    "gym_env",
    "vector_env",
]


def aec_env(
    ruleset: str | Ruleset = "modern",
    players: int = 4,
    options: Mapping[str, object] | None = None,
    reward: str = "win",
    render_mode: str | None = None,
    actions: str = "flat",
    *,
    copy: bool = True,
) -> SerenissimaAEC:
    """A PettingZoo AEC environment of ``ruleset`` (see :class:`SerenissimaAEC`).

    ``actions="factored"`` makes an action one value per head of the ruleset's
    factored space (``Ruleset.factored_space``) instead of one flat index.
    ``copy=False`` hands out the environment's own read-only observation and
    action mask, rewritten by the next view or step, instead of new ones each view.

    Example:
        >>> env = aec_env("modern", players=2, reward="rank")
        >>> env.possible_agents, int(env.action_space("seat_0").n) == env.rules.num_actions(2)
        (['seat_0', 'seat_1'], True)
        >>> aec_env("modern", players=2, actions="factored").action_space("seat_0")
        MultiDiscrete([25 34 34 15])
    """
    return SerenissimaAEC(ruleset, players, options, reward, render_mode, actions, copy)


def gym_env(
    ruleset: str | Ruleset = "modern",
    players: int = 4,
    seat: int = 0,
    opponents: Opponent | Sequence[Opponent] = "random",
    options: Mapping[str, object] | None = None,
    reward: str = "win",
    render_mode: str | None = None,
    illegal: str = "raise",
    illegal_reward: float = -1.0,
    actions: str = "flat",
    flatten: bool = False,
) -> SerenissimaGym:
    """A Gymnasium environment of ``ruleset`` for one seat (see :class:`SerenissimaGym`).

    ``actions="factored"`` makes an action one value per head of the ruleset's
    factored space, as for :func:`aec_env`. ``flatten=True`` makes the
    observation the vector alone, every number scaled into 0..1 by its
    block's bound, with the mask in ``info`` and :meth:`~SerenissimaGym.action_masks`.

    Example:
        >>> env = gym_env("modern", players=3, seat=2, opponents=["greedy", "random"])
        >>> observation, info = env.reset(seed=0)
        >>> sorted(observation)
        ['action_mask', 'observation']
        >>> flat = gym_env("classic", players=2, flatten=True)
        >>> observation, info = flat.reset(seed=0)
        >>> observation.shape == flat.observation_space.shape, float(observation.max()) <= 1.0
        (True, True)
    """
    return SerenissimaGym(
        ruleset,
        players,
        seat,
        opponents,
        options,
        reward,
        render_mode,
        illegal,
        illegal_reward,
        actions,
        flatten,
    )


def vector_env(
    ruleset: str | Ruleset = "modern",
    n: int = 8,
    players: int = 2,
    seat: int = 0,
    opponents: Opponent | Sequence[Opponent] = "random",
    options: Mapping[str, object] | None = None,
    reward: str = "win",
    seed: int | None = None,
    copy: bool = True,
    actions: str = "flat",
) -> SerenissimaVectorEnv:
    """A Gymnasium vector environment of ``n`` games of ``ruleset`` for one seat.

    See :class:`SerenissimaVectorEnv`: the games are stepped in this process,
    and one that ends is reset on the next step. ``actions="factored"`` makes
    an action one value per head of the ruleset's factored space, as for
    :func:`aec_env`.

    Example:
        >>> envs = vector_env("classic", n=4, players=2, opponents="greedy", seed=1)
        >>> observations, infos = envs.reset()
        >>> observations["observation"].shape[0], envs.action_masks().shape[0]
        (4, 4)
    """
    return SerenissimaVectorEnv(
        ruleset, n, players, seat, opponents, options, reward, seed, copy, actions
    )
