"""serenissima.env.vector_env with actions="factored": one value per head a game."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import serenissima as ser
from serenissima.env import vector_env

EDITIONS = ("classic", "modern")


def _choose(envs: ser.env.SerenissimaVectorEnv, i: int, rng: np.random.Generator) -> list[int]:
    """Game ``i``'s action, head by head, each value drawn among the ones its mask allows."""
    heads = len(envs.single_action_space.nvec)
    mask = envs.action_masks()[i]
    values: list[int] = []
    while True:
        values.append(int(rng.choice(np.flatnonzero(mask))))
        if len(values) == heads:
            return values
        mask = envs.head_mask(i, values)
        if not mask.any():  # the family uses no more heads: the rest are 0
            return values + [0] * (heads - len(values))


@pytest.mark.parametrize("name", EDITIONS)
@pytest.mark.parametrize("players", [2, 4])
def test_factored_games_play_as_the_flat_games_with_the_same_seeds(name: str, players: int) -> None:
    # the same seeds and the same actions, given as head values on one side and as flat
    # indexes on the other, make the same games: observations, rewards, ends and resets
    n = 3
    factored = vector_env(name, n=n, players=players, seed=5, actions="factored")
    flat = vector_env(name, n=n, players=players, seed=5)
    space = factored.rules.factored_space(players)
    assert factored.single_action_space == gymnasium.spaces.MultiDiscrete(list(space.sizes))
    assert factored.observation_space["action_mask"].shape == (n, space.sizes[0])
    seen_f, infos_f = factored.reset()
    seen, infos = flat.reset()
    rng = np.random.default_rng(players)
    ended = 0
    for _ in range(250):
        assert np.array_equal(seen_f["observation"], seen["observation"])
        rows, indexes = [], []
        for i in range(n):
            legal = infos["legal"][i] if infos["_legal"][i] else ()
            if not legal:  # a game waiting to be reset: any action is ignored
                assert not factored.action_masks()[i].any()
                rows.append([0] * len(space.sizes))
                indexes.append(0)
                continue
            assert sorted(infos_f["legal_factored"][i]) == sorted(space.encode(k) for k in legal)
            values = _choose(factored, i, rng)
            index = space.decode(values)
            assert index in legal
            rows.append(values)
            indexes.append(index)
        seen_f, rewards_f, ends_f, _, infos_f = factored.step(np.array(rows))
        seen, rewards, ends, _, infos = flat.step(np.array(indexes))
        assert np.array_equal(rewards_f, rewards)
        assert np.array_equal(ends_f, ends)
        ended += int(ends.sum())
    assert ended >= 1  # at least one game ended and was reset on the way


def test_bad_factored_actions_name_their_game_and_head_and_move_no_game() -> None:
    envs = vector_env("classic", n=2, players=2, seed=2, actions="factored")
    _, infos = envs.reset()
    states = envs.game_states
    heads = len(envs.single_action_space.nvec)
    good = np.array([infos["legal_factored"][i][0] for i in range(2)])
    wrong = good.copy()
    wrong[1, 0] = envs.single_action_space.nvec[0]  # past the family head
    with pytest.raises(ser.ArgumentValueError, match=r"game 1: .*head"):
        envs.step(wrong)
    with pytest.raises(ser.ArgumentValueError, match=rf"shape \(2, {heads}\)"):
        envs.step(good[:, :-1])
    with pytest.raises(ser.ArgumentValueError, match=rf"shape \(2, {heads}\)"):
        envs.step(good[0])
    with pytest.raises(ser.ArgumentValueError, match="no game 2"):
        envs.head_mask(2)
    with pytest.raises(ser.ArgumentTypeError, match="game number"):
        envs.head_mask("0")  # type: ignore[arg-type]
    with pytest.raises(ser.ArgumentValueError, match="head"):
        envs.head_mask(0, [0] * heads)  # every head given: no next head
    assert all(a is b for a, b in zip(envs.game_states, states, strict=True))
    with pytest.raises(ser.StateError, match="factored"):
        vector_env("modern", n=1, players=2, seed=1).head_mask(0)
    with pytest.raises(ser.ArgumentValueError, match="flat or factored"):
        vector_env("modern", n=1, players=2, actions="heads")
    envs.step(good)  # the games go on from where they were
