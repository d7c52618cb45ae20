"""serenissima.env.vector_env: several games of one learning seat as a Gymnasium vector env."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import serenissima as ser
from serenissima.engine.arrays import Observer
from serenissima.env import SerenissimaVectorEnv, gym_env, vector_env

EDITIONS = ("classic", "modern")

Step = tuple[dict[str, Any], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]


def pick(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniform legal index a row; 0 for a row with none (a game waiting to be reset)."""
    rows = masks.shape[0]
    out = np.zeros(rows, np.int64)
    for i in range(rows):
        legal = np.flatnonzero(masks[i])
        if len(legal):
            out[i] = rng.choice(legal)
    return out


def run(envs: SerenissimaVectorEnv, seed: int, steps: int) -> list[Step]:
    """Reset with ``seed`` and play ``steps`` steps of random legal picks from the masks."""
    observations, infos = envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out: list[Step] = []
    for _ in range(steps):
        out.append(envs.step(pick(envs.action_masks(), rng)))
    return [(observations, np.zeros(0), np.zeros(0), np.zeros(0), infos), *out]


@pytest.mark.parametrize("name", EDITIONS)
def test_games_run_to_their_ends_and_are_reset_on_the_next_step(name: str) -> None:
    envs = vector_env(name, n=4, players=2, seat=1, opponents="random")
    size = envs.rules.num_actions(2)
    length = envs.rules.observation_layout(2).size
    assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert envs.single_action_space == gymnasium.spaces.Discrete(size)
    assert envs.action_space == gymnasium.spaces.MultiDiscrete([size] * 4)
    assert envs.observation_space == gymnasium.vector.utils.batch_space(
        envs.single_observation_space, 4
    )
    observations, infos = envs.reset(seed=3)
    assert observations["observation"].shape == (4, length)
    assert observations["observation"].dtype == np.float32
    assert observations["action_mask"].shape == (4, size)
    assert observations["action_mask"].dtype == np.int8
    assert infos["_legal"].all()
    rng = np.random.default_rng(3)
    ended = np.zeros(4, np.bool_)
    ends = 0
    while ends < 10:
        masks = envs.action_masks()
        assert masks.shape == (4, size)
        assert masks.dtype == np.bool_
        assert np.array_equal(masks, observations["action_mask"].astype(bool))
        for i in range(4):
            assert not ended[i] or not masks[i].any()  # nothing legal while waiting
            assert tuple(np.flatnonzero(masks[i])) == tuple(sorted(infos["legal"][i]))
        actions = pick(masks, rng)
        actions[ended] = size + 7  # ignored: those games are reset, out of the space or not
        observations, rewards, terminations, truncations, infos = envs.step(actions)
        assert observations in envs.observation_space
        for i in range(4):
            row = {key: value[i] for key, value in observations.items()}
            assert row in envs.single_observation_space
        assert rewards.dtype == np.float64
        assert rewards.shape == terminations.shape == truncations.shape == (4,)
        assert terminations.dtype == truncations.dtype == np.bool_
        assert not truncations.any()
        for i in np.flatnonzero(ended).tolist():  # reset: the new game's first decision, reward 0
            assert not terminations[i]
            assert rewards[i] == 0.0
            assert infos["legal"][i]
            assert envs.game_states[i].to_act == 1
            assert "_standings" not in infos or not infos["_standings"][i]
        for i in np.flatnonzero(terminations).tolist():
            assert infos["_standings"][i]
            assert infos["standings"][i].final
            assert rewards[i] in (0.0, 0.5, 1.0)
            assert not observations["action_mask"][i].any()
        assert np.array_equal(infos.get("_standings", np.zeros(4, bool)), terminations)
        ends += int(terminations.sum())
        ended = terminations
    assert ends >= 10


@pytest.mark.parametrize("name", EDITIONS)
def test_it_plays_what_gymnasium_s_sync_vector_env_of_gym_envs_plays(name: str) -> None:
    # Gymnasium has no checker of vector environments: its own vector env of the single
    # game's environment, with the same seeds and actions, is the reference
    ours = vector_env(name, n=4, players=2, opponents="greedy")
    theirs = gymnasium.vector.SyncVectorEnv(
        [lambda: gym_env(name, players=2, opponents="greedy") for _ in range(4)]
    )
    mine, infos = ours.reset(seed=11)
    reference, _ = theirs.reset(seed=11)
    rng = np.random.default_rng(11)
    ends = 0
    for _ in range(300):
        for key in ("observation", "action_mask"):
            assert np.array_equal(mine[key], reference[key])
        actions = pick(ours.action_masks(), rng)
        mine, rewards, terminations, truncations, infos = ours.step(actions)
        reference, their_rewards, their_ends, their_cuts, their_infos = theirs.step(actions)
        assert np.array_equal(rewards, their_rewards)
        assert np.array_equal(terminations, their_ends)
        assert np.array_equal(truncations, their_cuts)
        assert list(infos["legal"]) == list(their_infos["legal"])
        ends += int(terminations.sum())
    assert ends >= 4


@pytest.mark.parametrize("name", EDITIONS)
def test_one_game_plays_as_the_gym_environment_with_the_same_seed(name: str) -> None:
    envs = vector_env(name, n=1, players=2, seat=0)
    env = gym_env(name, players=2, seat=0)
    batch, _ = envs.reset(seed=21)
    observation, info = env.reset(seed=21)
    rng = np.random.default_rng(21)
    games = 0
    while games < 3:
        assert np.array_equal(batch["observation"][0], observation["observation"])
        assert np.array_equal(batch["action_mask"][0], observation["action_mask"])
        action = int(rng.choice(info["legal"]))
        batch, rewards, terminations, _, _ = envs.step(np.array([action]))
        observation, reward, over, _, info = env.step(action)
        assert (rewards[0], terminations[0]) == (reward, over)
        if over:
            games += 1
            assert not envs.action_masks().any()
            batch, _, _, _, _ = envs.step(np.array([0]))  # the next step resets it
            observation, info = env.reset()  # its generator goes on, as the vector's does


@pytest.mark.parametrize("name", EDITIONS)
def test_the_same_seeds_give_the_same_games(name: str) -> None:
    first = run(vector_env(name, n=4, players=2), 5, 120)
    again = run(vector_env(name, n=4, players=2), 5, 120)
    other = run(vector_env(name, n=4, players=2), 6, 120)
    assert _same(first, again)
    assert not _same(first, other)
    seeded = run(vector_env(name, n=4, players=2, seed=5), 5, 120)
    assert _same(first, seeded)
    envs = vector_env(name, n=4, players=2, seed=5)
    observations, _ = envs.reset()  # the constructor's seed: the same as reset(seed=5)
    assert np.array_equal(observations["observation"], first[0][0]["observation"])
    listed, _ = vector_env(name, n=4, players=2).reset(seed=[5, 6, 7, 8])
    assert np.array_equal(listed["observation"], first[0][0]["observation"])


def _same(one: list[Step], other: list[Step]) -> bool:
    for a, b in zip(one, other, strict=True):
        for key in ("observation", "action_mask"):
            if not np.array_equal(a[0][key], b[0][key]):
                return False
        if not all(np.array_equal(x, y) for x, y in zip(a[1:4], b[1:4], strict=True)):
            return False
    return True


def test_the_returned_arrays_are_copies_unless_copy_is_false() -> None:
    envs = vector_env("modern", n=2, players=2)
    kept, infos = envs.reset(seed=1)
    before = {key: value.copy() for key, value in kept.items()}
    masks = envs.action_masks()
    masks[:] = False
    assert envs.action_masks().any()
    after, *_ = envs.step(np.array([legal[0] for legal in infos["legal"]]))
    assert not np.array_equal(after["observation"], before["observation"])
    for key in before:
        assert np.array_equal(kept[key], before[key])
    shared = vector_env("modern", n=2, players=2, copy=False)
    kept, infos = shared.reset(seed=1)
    seen = kept["observation"].copy()
    again, *_ = shared.step(np.array([legal[0] for legal in infos["legal"]]))
    assert again["observation"] is kept["observation"]
    assert not np.array_equal(kept["observation"], seen)


def test_a_reset_mask_resets_only_the_games_it_selects() -> None:
    envs = vector_env("modern", n=3, players=2)
    _, infos = envs.reset(seed=2)
    envs.step(np.array([legal[0] for legal in infos["legal"]]))
    states = envs.game_states
    observations, infos = envs.reset(options={"reset_mask": np.array([False, True, False])})
    assert envs.game_states[0] is states[0]
    assert envs.game_states[2] is states[2]
    assert envs.game_states[1] is not states[1]
    assert list(infos["_legal"]) == [False, True, False]
    assert observations["observation"].shape[0] == 3


def test_a_bad_action_names_its_game_and_moves_no_game() -> None:
    envs = vector_env("classic", n=3, players=2)
    observations, infos = envs.reset(seed=4)
    size = envs.rules.num_actions(2)
    states = envs.game_states
    masks = envs.action_masks()
    good = np.array([legal[0] for legal in infos["legal"]])
    illegal = next(
        i
        for i in range(size)
        if not masks[2][i] and i not in infos["legal"][2] and _decodes(envs, 2, i)
    )
    with pytest.raises(ser.IllegalActionError, match=r"\(game 2, index") as raised:
        envs.step(np.array([good[0], good[1], illegal]))
    assert raised.value.rule_id
    with pytest.raises(ser.ArgumentValueError, match=rf"game 1: .*0\.\.{size - 1}"):
        envs.step(np.array([good[0], size, good[2]]))
    with pytest.raises(ser.ArgumentTypeError, match="integers"):
        envs.step(np.array([0.0, 1.0, 2.0]))
    with pytest.raises(ser.ArgumentTypeError, match="integers"):
        envs.step(np.array([True, False, True]))
    with pytest.raises(ser.ArgumentTypeError):
        envs.step([[1], [2, 3], 4])  # type: ignore[list-item]
    with pytest.raises(ser.ArgumentValueError, match=r"shape \(3,\), not \(2,\)"):
        envs.step(np.array([1, 2]))
    assert envs.game_states == states
    assert all(a is b for a, b in zip(envs.game_states, states, strict=True))
    assert np.array_equal(envs.action_masks(), masks)
    after, *_ = envs.step(good)  # the games go on from where they were
    assert after["observation"].shape == observations["observation"].shape


def _decodes(envs: SerenissimaVectorEnv, game: int, index: int) -> bool:
    try:
        envs.rules.index_action(envs.game_states[game], index)
    except ser.ArgumentValueError:
        return False
    return True


def test_bad_settings_and_bad_resets_are_refused() -> None:
    with pytest.raises(ser.ArgumentValueError, match="n must be at least 1"):
        vector_env("modern", n=0)
    with pytest.raises(ser.ArgumentTypeError, match="n: expected"):
        vector_env("modern", n=True)
    with pytest.raises(ser.ArgumentTypeError, match="n: expected"):
        vector_env("modern", n="4")  # type: ignore[arg-type]
    with pytest.raises(ser.ArgumentTypeError, match="seed"):
        vector_env("modern", seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(ser.ArgumentTypeError, match="copy"):
        vector_env("modern", copy="yes")  # type: ignore[arg-type]
    with pytest.raises(ser.ArgumentValueError, match="seat must be from 0 to 1"):
        vector_env("modern", players=2, seat=2)
    with pytest.raises(ser.ArgumentValueError, match="give one opponent or 2"):
        vector_env("modern", players=3, opponents=["random"])
    with pytest.raises(ser.ArgumentValueError, match="ismcts"):
        vector_env("modern", opponents="genius")
    with pytest.raises(ser.ArgumentValueError, match="reward must be one of"):
        vector_env("modern", reward="money")
    with pytest.raises(ser.OptionError):
        vector_env("classic", players=5)
    envs = vector_env("modern", n=2, players=2)
    with pytest.raises(ser.StateError, match="call reset"):
        envs.step(np.array([0, 0]))
    with pytest.raises(ser.StateError, match="every game once"):
        envs.reset(options={"reset_mask": np.array([True, False])})
    envs.reset(seed=1)
    states = envs.game_states
    with pytest.raises(ser.ArgumentValueError, match="one seed a game: 2, not 3"):
        envs.reset(seed=[1, 2, 3])
    with pytest.raises(ser.ArgumentTypeError, match="seed"):
        envs.reset(seed=[1, "2"])  # type: ignore[list-item]
    with pytest.raises(ser.ArgumentTypeError, match="seed"):
        envs.reset(seed="12")  # type: ignore[arg-type]
    with pytest.raises(ser.ArgumentValueError, match="only option is reset_mask"):
        envs.reset(options={"mode": 1})
    with pytest.raises(ser.ArgumentTypeError, match="reset_mask"):
        envs.reset(options={"reset_mask": [True, False]})
    with pytest.raises(ser.ArgumentValueError, match=r"shape \(2,\)"):
        envs.reset(options={"reset_mask": np.array([True])})
    with pytest.raises(ser.ArgumentValueError, match="selects no game"):
        envs.reset(options={"reset_mask": np.array([False, False])})
    assert all(a is b for a, b in zip(envs.game_states, states, strict=True))
    assert envs.render()[0] == envs.rules.render(states[0], 0)


def test_the_rows_a_game_writes_hold_its_view_and_clear_only_the_last_legal_indexes() -> None:
    # the vector env writes each game's rows through an Observer, as here
    rules = ser.load_ruleset("classic")
    observer = Observer(rules, 2)
    env = gym_env(rules, players=2)
    observation, info = env.reset(seed=9)
    vector = np.full(observer.size, -1.0, np.float32)
    mask = np.zeros(observer.num_actions, np.int8)
    mask[[5, 7]] = 1  # what an earlier write left
    observer.vector(env.game_state, 0, out=vector)
    observer.mask(info["legal"], out=mask, previous=(5, 7))
    assert np.array_equal(vector, observation["observation"])
    assert np.array_equal(mask, observation["action_mask"])
    mask[11] = 1  # not a previous index: only a whole clearing removes it
    observer.mask(info["legal"], out=mask, previous=info["legal"])
    assert mask[11] == 1
    observer.mask((), out=mask)
    assert not mask.any()
