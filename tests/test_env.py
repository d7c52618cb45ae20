"""serenissima.env: the PettingZoo AEC environment and the Gymnasium one (extra ``rl``)."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import serenissima as ser
from serenissima.agents import GreedyAgent
from serenissima.engine.core import Standing, Standings
from serenissima.env import REWARDS, aec_env, final_rewards, gym_env

EDITIONS = ("classic", "modern")
COUNTS = (2, 3, 4)


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # the checkers warn that a dict observation is not one array, as for PettingZoo's own games
    warnings.filterwarnings("ignore", module="pettingzoo")
    warnings.filterwarnings("ignore", module="gymnasium")


@pytest.mark.parametrize("name", EDITIONS)
@pytest.mark.parametrize("players", COUNTS)
def test_the_aec_environment_passes_pettingzoo_s_api_and_seed_tests(
    name: str, players: int
) -> None:
    api_test(aec_env(name, players=players), num_cycles=300)
    seed_test(lambda: aec_env(name, players=players), num_cycles=200)


@pytest.mark.parametrize("name", EDITIONS)
@pytest.mark.parametrize("players", COUNTS)
def test_the_gym_environment_passes_gymnasium_s_checker(name: str, players: int) -> None:
    env = gym_env(name, players=players, seat=players - 1, opponents="random", illegal="penalty")
    check_env(env, skip_render_check=True)


def play_aec(
    name: str, players: int, seed: int, reward: str = "win"
) -> tuple[dict[str, float], int]:
    """A whole game with masked random actions; each seat's rewards and the steps taken."""
    env = aec_env(name, players=players, reward=reward)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        observation, reward_now, terminated, truncated, info = env.last()
        totals[agent] += reward_now
        if terminated or truncated:
            assert "standings" in info
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert tuple(legal) == tuple(sorted(info["legal"]))
        env.step(int(rng.choice(legal)))
        steps += 1
    return totals, steps


@pytest.mark.parametrize("name", EDITIONS)
def test_a_whole_game_ends_with_the_standings_rewards(name: str) -> None:
    totals, steps = play_aec(name, 3, 11, "zero-sum")
    assert steps > 10
    assert sum(totals.values()) == pytest.approx(0.0)
    wins, _ = play_aec(name, 3, 11, "win")
    assert sum(wins.values()) == pytest.approx(1.0)
    assert play_aec(name, 3, 11, "win") == (wins, steps)  # the same seed, the same game


def test_the_environment_refuses_bad_input_and_stays_as_it_was() -> None:
    env = aec_env("classic", players=2)
    env.reset(seed=2)
    before, selected = env.game_state, env.agent_selection
    size = env.rules.num_actions(2)
    with pytest.raises(ser.ArgumentValueError, match=rf"outside the space 0\.\.{size - 1}"):
        env.step(size)
    legal = set(env.infos[selected]["legal"])
    illegal = next(i for i in range(size) if i not in legal and _decodes(env, i))
    with pytest.raises(ser.IllegalActionError) as raised:
        env.step(illegal)
    assert raised.value.rule_id
    with pytest.raises(ser.StateError, match="must act"):
        env.step(None)
    assert env.game_state is before
    assert env.agent_selection == selected
    with pytest.raises(ser.ArgumentValueError, match="is none of"):
        env.observe("seat_9")
    with pytest.raises(ser.ArgumentValueError, match="reward must be one of"):
        aec_env("classic", players=2, reward="money")
    with pytest.raises(ser.OptionError):
        aec_env("classic", players=5)


def _decodes(env: object, index: int) -> bool:
    try:
        env.action_of(index)  # type: ignore[attr-defined]
    except ser.ArgumentValueError:
        return False
    return True


def test_only_the_seat_to_act_has_a_mask() -> None:
    env = aec_env("modern", players=3)
    env.reset(seed=4)
    for agent in env.possible_agents:
        mask = env.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == env.agent_selection)


@pytest.mark.parametrize("name", EDITIONS)
def test_the_mask_handed_out_is_read_only_and_rewritten_where_the_legal_actions_change(
    name: str,
) -> None:
    # with copy=False, one array per environment, cleared only where the last legal
    # indexes were: it must still hold exactly the legal indexes of every decision
    env = aec_env(name, players=2, copy=False)
    env.reset(seed=5)
    rng = random.Random(5)
    masks = set()
    for agent in env.agent_iter():
        observation, _, terminated, truncated, info = env.last()
        mask = observation["action_mask"]
        assert not mask.flags.writeable
        with pytest.raises(ValueError, match="read-only"):
            mask[0] = 1
        if terminated or truncated:
            assert not mask.any()
            env.step(None)
            continue
        masks.add(id(mask.base))
        assert np.flatnonzero(mask).tolist() == sorted(info["legal"])
        other = env.possible_agents[1 - env.possible_agents.index(agent)]
        assert not env.observe(other)["action_mask"].any()
        env.step(rng.choice(info["legal"]))
    assert len(masks) == 1


@pytest.mark.parametrize("name", EDITIONS)
def test_the_observation_handed_out_without_copies_is_read_only_and_each_views_own(
    name: str,
) -> None:
    # with copy=False, one read-only array that every view rewrites: it must hold the
    # view asked for last, from whichever seat, equal to the copy a copying env hands out
    env = aec_env(name, players=2, copy=False)
    twin = aec_env(name, players=2)
    env.reset(seed=7)
    twin.reset(seed=7)
    rng = random.Random(7)
    for agent in env.agent_iter(max_iter=120):
        observation, _, terminated, truncated, info = env.last()
        vector = observation["observation"]
        assert not vector.flags.writeable
        with pytest.raises(ValueError, match="read-only"):
            vector[0] = 1.0
        for seat in (*env.possible_agents, agent):
            seen = env.observe(seat)["observation"]
            assert np.array_equal(seen, twin.observe(seat)["observation"]), seat
        if terminated or truncated:
            env.step(None)
            twin.step(None)
            continue
        action = rng.choice(info["legal"])
        env.step(action)
        twin.step(action)


@pytest.mark.parametrize("name", EDITIONS)
def test_by_default_every_view_hands_out_a_mask_of_its_own(name: str) -> None:
    env = aec_env(name, players=2)
    env.reset(seed=6)
    rng = random.Random(6)
    kept: list[tuple[np.ndarray, list[int]]] = []
    for _ in env.agent_iter(max_iter=40):
        observation, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        mask = observation["action_mask"]
        mask[0] = mask[0]  # a learner's own array: writable
        kept.append((mask, sorted(info["legal"])))
        env.step(rng.choice(info["legal"]))
    assert len({id(mask) for mask, _ in kept}) == len(kept)
    for mask, legal in kept:  # each still holds its own decision's legal indexes
        assert np.flatnonzero(mask).tolist() == legal


def test_the_gym_seat_plays_against_the_agents_given() -> None:
    env = gym_env("modern", players=3, seat=1, opponents=["greedy", GreedyAgent(3)])
    _, info = env.reset(seed=8)
    assert env.game_state.to_act == 1
    rng = random.Random(8)
    over = False
    steps = 0
    while not over:
        _observation, reward, over, truncated, info = env.step(rng.choice(info["legal"]))
        steps += 1
        assert not truncated
    assert reward in (0.0, 0.5, 1.0, 1 / 3)
    assert info["standings"].final
    with pytest.raises(ser.ArgumentValueError, match="game is over"):
        env.step(0)
    assert steps > 5


@pytest.mark.parametrize("name", EDITIONS)
def test_the_gym_action_masks_are_the_legal_actions_and_the_observation_s_mask(name: str) -> None:
    env = gym_env(name, players=2, seat=1, opponents="random")
    observation, info = env.reset(seed=6)
    rng = np.random.default_rng(6)
    over, steps = False, 0
    while not over:
        masks = env.action_masks()
        assert masks.dtype == np.bool_
        assert masks.shape == (env.rules.num_actions(2),)
        assert tuple(np.flatnonzero(masks)) == tuple(sorted(info["legal"]))
        assert np.array_equal(masks, observation["action_mask"].astype(bool))
        masks[:] = False  # a new array at every call: changing it changes nothing
        assert env.action_masks().any()
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        observation, _, over, _, info = env.step(action)
        steps += 1
    assert steps > 5
    assert not env.action_masks().any()  # the game is over: nothing is legal
    assert not observation["action_mask"].any()


def test_the_gym_environment_refuses_bad_settings_before_any_game() -> None:
    with pytest.raises(ser.ArgumentValueError, match="ismcts"):
        gym_env("modern", players=2, opponents="genius")
    with pytest.raises(ser.ArgumentValueError, match="seat must be from 0 to 1"):
        gym_env("modern", players=2, seat=2)
    with pytest.raises(ser.ArgumentValueError, match="give one opponent or 2"):
        gym_env("modern", players=3, opponents=["random"])
    with pytest.raises(ser.ArgumentValueError, match="illegal must be"):
        gym_env("modern", players=2, illegal="ignore")


def test_an_illegal_gym_index_raises_or_is_penalised() -> None:
    strict = gym_env("classic", players=2)
    _, info = strict.reset(seed=1)
    state = strict.game_state
    illegal = next(i for i in range(100) if i not in info["legal"])
    with pytest.raises((ser.IllegalActionError, ser.ArgumentValueError)):
        strict.step(illegal)
    assert strict.game_state is state
    lenient = gym_env("classic", players=2, illegal="penalty", illegal_reward=-0.5)
    _, info = lenient.reset(seed=1)
    before = lenient.game_state
    _, reward, over, _, info = lenient.step(illegal)
    assert (reward, over) == (-0.5, False)
    assert "illegal" in info
    assert lenient.game_state is before


def test_final_rewards_in_every_form() -> None:
    table = Standings(
        (
            Standing(2, 1, 30, ()),
            Standing(0, 2, 20, ()),
            Standing(1, 2, 20, ()),
            Standing(3, 4, 5, ()),
        ),
        True,
    )
    assert final_rewards(table, 4, "win") == [0.0, 0.0, 1.0, 0.0]
    assert final_rewards(table, 4, "zero-sum") == pytest.approx([-1 / 3, -1 / 3, 1.0, -1 / 3])
    assert final_rewards(table, 4, "rank") == pytest.approx([0.0, 0.0, 1.0, -1.0])
    assert final_rewards(table, 4, "score") == [20.0, 20.0, 30.0, 5.0]
    shared = Standings((Standing(0, 1, 9, ()), Standing(1, 1, 9, ())), True)
    assert final_rewards(shared, 2, "zero-sum") == [0.0, 0.0]
    assert final_rewards(shared, 2, "win") == [0.5, 0.5]
    assert set(REWARDS) == {"win", "zero-sum", "rank", "score"}
