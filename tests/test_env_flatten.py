"""The Gymnasium env with ``flatten=True``: a bounded Box observation, the mask in the info."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import serenissima as ser
from serenissima.env import gym_env

EDITIONS = ("classic", "modern")


@pytest.mark.parametrize("name", EDITIONS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_flattened_env_passes_gymnasium_s_checker(name: str, players: int) -> None:
    env = gym_env(name, players=players, opponents="random", illegal="penalty", flatten=True)
    check_env(env, skip_render_check=True)


@pytest.mark.parametrize("name", EDITIONS)
@pytest.mark.parametrize("actions", ["flat", "factored"])
def test_a_whole_flattened_game_stays_in_its_box_and_masks_in_the_info(
    name: str, actions: str
) -> None:
    env = gym_env(name, players=2, opponents="greedy", flatten=True, actions=actions)
    rules = ser.load_ruleset(name)
    highs = np.asarray(rules.observation_layout(2).highs(), np.float32)
    assert env.observation_space.shape == highs.shape
    observation, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    over, steps = False, 0
    while not over:
        assert env.observation_space.contains(observation)
        # the vector is the seat's observation vector, each number over its bound
        seen = rules.observe(env.game_state, env.seat)
        expected = np.float32(rules.observation_vector(seen)) * np.float32(1.0 / highs)
        assert np.allclose(observation, np.minimum(expected, 1.0))
        legal = info["legal"]
        assert np.flatnonzero(env.action_masks()).tolist() == sorted(legal)
        if actions == "flat":
            assert np.flatnonzero(info["action_mask"]).tolist() == sorted(legal)
            action: object = legal[int(rng.integers(len(legal)))]
        else:
            action = info["legal_factored"][int(rng.integers(len(legal)))]
        observation, _, over, _, info = env.step(action)  # type: ignore[arg-type]
        steps += 1
    assert steps > 10
    assert "standings" in info


def test_flatten_leaves_the_default_observation_alone() -> None:
    env = gym_env("modern", players=2)
    observation, _ = env.reset(seed=1)
    assert sorted(observation) == ["action_mask", "observation"]
    assert not env.flatten
