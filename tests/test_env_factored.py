"""serenissima.env with factored actions: one value per head of the factored space."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium import spaces
from gymnasium.utils.env_checker import check_env

import serenissima as ser
from serenissima.env import SerenissimaAEC, SerenissimaGym, aec_env, gym_env

EDITIONS = ("classic", "modern")


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # the checkers warn that a dict observation is not one array, as for PettingZoo's own games
    warnings.filterwarnings("ignore", module="pettingzoo")
    warnings.filterwarnings("ignore", module="gymnasium")


def by_masks(env: SerenissimaAEC | SerenissimaGym, rng: np.random.Generator) -> np.ndarray:
    """Head values chosen head by head among those the masks allow."""
    sizes = env.rules.factored_space(env.players, env.options).sizes
    prefix: list[int] = []
    while len(prefix) < len(sizes):
        mask = env.head_mask(prefix)
        assert mask.dtype == np.int8
        assert mask.shape == (sizes[len(prefix)],)
        prefix.append(int(rng.choice(np.flatnonzero(mask))))
    return np.asarray(prefix, np.int64)


def check_info(env: SerenissimaAEC | SerenissimaGym, info: dict[str, Any], mask: Any) -> None:
    """The flat legal indexes, their head values and the family mask agree."""
    factored = env.rules.factored_space(env.players, env.options)
    assert tuple(factored.decode(v) for v in info["legal_factored"]) == info["legal"]
    families = {v[0] for v in info["legal_factored"]}
    assert set(np.flatnonzero(mask)) == families
    assert (env.head_mask() == mask).all()


@pytest.mark.parametrize("name", EDITIONS)
def test_a_whole_aec_game_is_played_by_the_head_masks(name: str) -> None:
    env = aec_env(name, players=3, actions="factored")
    sizes = env.rules.factored_space(3).sizes
    assert env.action_space("seat_1") == spaces.MultiDiscrete(list(sizes))
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        assert observation in env.observation_space(agent)
        if terminated or truncated:
            assert "standings" in info
            env.step(None)
            continue
        check_info(env, info, observation["action_mask"])
        action = by_masks(env, rng)
        assert action in env.action_space(agent)
        env.step(action)
        steps += 1
    assert steps > 10
    assert sum(totals.values()) == pytest.approx(1.0)
    with pytest.raises(ser.StateError, match="the game is over"):
        env.head_mask()


@pytest.mark.parametrize("name", EDITIONS)
def test_a_whole_gym_game_is_played_by_the_head_masks(name: str) -> None:
    env = gym_env(name, players=2, seat=1, opponents="random", actions="factored")
    observation, info = env.reset(seed=8)
    rng = np.random.default_rng(8)
    terminated, steps = False, 0
    while not terminated:
        assert observation in env.observation_space
        check_info(env, info, observation["action_mask"])
        assert (info["action_mask"] == observation["action_mask"]).all()
        observation, reward, terminated, _, info = env.step(by_masks(env, rng))
        steps += 1
    assert steps > 5
    assert reward in (0.0, 1.0)
    assert "standings" in info
    assert not observation["action_mask"].any()
    with pytest.raises(ser.StateError, match="the game is over"):
        env.head_mask()


@pytest.mark.parametrize("name", EDITIONS)
def test_the_factored_gym_environment_passes_gymnasium_s_checker(name: str) -> None:
    env = gym_env(name, players=2, seat=1, illegal="penalty", actions="factored")
    check_env(env, skip_render_check=True)


@pytest.mark.parametrize("name", EDITIONS)
def test_only_the_seat_to_act_has_a_family_mask(name: str) -> None:
    env = aec_env(name, players=3, actions="factored")
    env.reset(seed=4)
    sizes = env.rules.factored_space(3).sizes
    for agent in env.possible_agents:
        observation = env.observe(agent)
        assert observation["action_mask"].shape == (sizes[0],)
        assert observation["action_mask"].dtype == np.int8
        assert observation in env.observation_space(agent)
        assert observation["action_mask"].any() == (agent == env.agent_selection)


def test_bad_head_values_are_refused_naming_the_head_and_change_nothing() -> None:
    env = aec_env("classic", players=2, actions="factored")
    env.reset(seed=2)
    before = (env.game_state, env.agent_selection, dict(env.infos[env.agent_selection]))
    legal = env.infos[env.agent_selection]["legal_factored"]
    family = legal[0][0]
    names = [row[0] for row in env.rules.factored_space(2).rows()]
    bid = names.index("Bid")
    assert bid not in {v[0] for v in legal}  # the crews are chosen first
    with pytest.raises(ser.ArgumentValueError, match="5 head value"):
        env.step([family, 0])
    with pytest.raises(ser.ArgumentValueError, match="head 'family' takes"):
        env.step([30, 0, 0, 0, 0])
    with pytest.raises(ser.ArgumentValueError, match="head 'part 3'"):
        env.step(np.asarray([family, 0, 0, 1, 0]))
    with pytest.raises(ser.ArgumentTypeError, match="head 'part 1'"):
        env.step([family, "0", 0, 0, 0])  # type: ignore[list-item]
    with pytest.raises(ser.ArgumentTypeError, match="values"):
        env.step(7)
    with pytest.raises(ser.IllegalActionError):
        env.step([bid, 0, 0, 0, 0])  # a bid of 0: an action, not a legal one
    with pytest.raises(ser.ArgumentValueError, match="head 'family': value"):
        env.head_mask([bid])
    with pytest.raises(ser.ArgumentValueError, match="at most 4 head value"):
        env.head_mask(legal[0])
    assert (env.game_state, env.agent_selection, env.infos[env.agent_selection]) == before
    env.step(np.asarray(legal[0]))  # the environment plays on
    assert env.game_state is not before[0]


def test_the_gym_environment_raises_or_penalises_bad_head_values() -> None:
    env = gym_env("modern", players=2, seat=0, actions="factored")
    env.reset(seed=1)
    state = env.game_state
    done = [row[0] for row in env.rules.factored_space(2).rows()].index("Done")
    with pytest.raises(ser.ArgumentValueError, match="head 'part 3'"):
        env.step(np.asarray([done, 0, 0, 1]))  # Done has no part
    assert env.game_state is state
    env = gym_env("modern", players=2, seat=0, actions="factored", illegal="penalty")
    env.reset(seed=1)
    state = env.game_state
    result = env.step(np.asarray([done, 0, 0, 1]))
    assert result[1] == -1.0
    assert "head 'part 3'" in result[4]["illegal"]
    assert env.game_state is state


def test_actions_must_be_flat_or_factored_and_flat_stays_the_default() -> None:
    for bad in ("Factored", "multi", None):
        with pytest.raises(ser.ArgumentValueError, match="actions must be flat or factored"):
            aec_env("modern", players=2, actions=bad)  # type: ignore[arg-type]
        with pytest.raises(ser.ArgumentValueError, match="actions must be flat or factored"):
            gym_env("modern", players=2, actions=bad)  # type: ignore[arg-type]
    env = aec_env("modern", players=2)
    env.reset(seed=1)
    assert env.action_space("seat_0") == spaces.Discrete(env.rules.num_actions(2))
    assert "legal_factored" not in env.infos[env.agent_selection]
    with pytest.raises(ser.StateError, match='actions="factored"'):
        env.head_mask()
    gym = gym_env("modern", players=2)
    _, info = gym.reset(seed=1)
    assert "legal_factored" not in info
    with pytest.raises(ser.StateError, match='actions="factored"'):
        gym.head_mask()
