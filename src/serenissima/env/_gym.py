"""A Gymnasium environment: one seat learns, the other seats are played by agents."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt

from serenissima.agents.base import Agent
from serenissima.agents.kinds import make_agent
from serenissima.engine.chance import sample_outcome
from serenissima.engine.core import CHANCE, TERMINAL, State
from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError, IllegalActionError
from serenissima.engine.factored import FactoredChoices
from serenissima.engine.rewards import check_reward, final_rewards
from serenissima.engine.ruleset import Ruleset
from serenissima.env._spaces import Spaces, ruleset_of

__all__ = ["SerenissimaGym"]

Opponent = str | Agent
"""An agent kind (``"random"``, ``"greedy"``, ``"ismcts:200"``...) or any agent."""


class SerenissimaGym(gymnasium.Env[dict[str, Any], np.int64]):
    """A game of Serenissima for one learning seat; the other seats are played by agents.

    The observation is the dict of :class:`~serenissima.env.SerenissimaAEC`:
    the seat's view as a float32 vector and the int8 mask of its legal action
    indexes; ``info["action_mask"]`` holds the mask too and ``info["legal"]``
    the legal indexes. The action is an index of the ruleset's action space.
    Between two of the seat's decisions, the opponents act and chance is
    resolved by the environment's generator. The reward is 0 until the game
    ends, then the seat's reward as ``reward`` says.

    Args:
        ruleset: A ruleset name or a loaded ruleset.
        players: The number of seats.
        seat: The learning seat.
        opponents: One opponent for every other seat, or a list of them in
            seat order (the learning seat skipped): agent kinds, made with
            seeds drawn from ``reset``'s seed, or agents.
        options: Rule options by name.
        reward: One of :data:`~serenissima.env.REWARDS`.
        render_mode: ``"ansi"`` or ``None``.
        illegal: What an illegal or out-of-range index does: ``"raise"`` its
            typed error (``IllegalActionError`` naming the rule,
            ``ArgumentValueError`` naming the bound), the game unchanged; or
            ``"penalty"``: the game unchanged too, the step rewarded
            ``illegal_reward``, not ended, with the error's message in
            ``info["illegal"]``, for trainers that sample without the mask
            (Gymnasium's ``check_env`` does).
        illegal_reward: The reward of an illegal index with ``"penalty"``.
        actions: ``"flat"`` (an index) or ``"factored"``: one value per head
            of the ruleset's factored space (``MultiDiscrete``), as for
            :class:`~serenissima.env.SerenissimaAEC`; the ``"action_mask"``
            then covers the family head, :meth:`head_mask` gives the next
            head's, and ``info["legal_factored"]`` holds the legal head values.

    Example:
        >>> from serenissima.env import gym_env
        >>> env = gym_env("classic", players=2, seat=1, opponents="random")
        >>> observation, info = env.reset(seed=5)
        >>> observation, reward, terminated, truncated, info = env.step(info["legal"][0])
        >>> terminated or int(observation["action_mask"].sum()) == len(info["legal"])
        True
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 - as Gymnasium has it

    def __init__(
        self,
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
    ) -> None:
        self.rules = ruleset_of(ruleset)
        if illegal not in ("raise", "penalty"):
            raise ArgumentValueError(f"illegal must be raise or penalty, not {illegal!r}")
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.reward = check_reward(reward)
        self.players = players
        self.options = dict(options or {})
        self._spaces = Spaces(self.rules, players, self.options, actions)
        self.actions = actions
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ArgumentTypeError("seat", "a seat number, an int", seat)
        if not 0 <= seat < players:
            raise ArgumentValueError(f"seat must be from 0 to {players - 1}, not {seat!r}")
        if render_mode not in (None, "ansi"):
            raise ArgumentValueError(f"render_mode must be ansi or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.seat = seat
        given = (
            [opponents] * (players - 1)
            if isinstance(opponents, str) or not isinstance(opponents, Sequence)
            else list(opponents)
        )
        if len(given) != players - 1:
            raise ArgumentValueError(f"give one opponent or {players - 1}, not {len(given)}")
        for opponent in given:
            if isinstance(opponent, str):
                make_agent(opponent, 0)  # an unknown kind fails here, before any game
            elif not callable(getattr(opponent, "act", None)):
                raise ArgumentTypeError("opponents", "agent kinds or agents", opponent)
        self._given = given
        self._opponents: dict[int, Agent] = {}
        self.action_space = self._spaces.action
        self.observation_space = self._spaces.observation
        self._chance = random.Random()
        self.game_state: State = self._spaces.start
        self._legal: tuple[int, ...] = ()
        self._choices: FactoredChoices | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Start a new game and play on to the learning seat's first decision."""
        super().reset(seed=seed)
        draw = random.Random(int(self.np_random.integers(2**63)))
        self._chance.seed(draw.getrandbits(64))
        others = [s for s in range(self.players) if s != self.seat]
        self._opponents = {
            s: make_agent(o, draw.getrandbits(32)) if isinstance(o, str) else o
            for s, o in zip(others, self._given, strict=True)
        }
        self.game_state = self._play_on(self.rules.new_game(self.players, self.options))
        observation = self._observation()
        return observation, self._info(observation)

    def _play_on(self, state: State) -> State:
        """Resolve chance and the opponents' decisions until the seat decides or the game ends."""
        rules = self.rules
        while state.to_act != TERMINAL and state.to_act != self.seat:
            if state.to_act == CHANCE:
                outcome = sample_outcome(rules.chance_outcomes(state), self._chance)
                state = rules.apply_unchecked(state, outcome)
            else:
                state = rules.apply(state, self._opponents[state.to_act].act(rules, state))
        self._legal = () if state.to_act == TERMINAL else rules.legal_indices(state)
        self._choices = None if state.to_act == TERMINAL else self._spaces.choices(self._legal)
        return state

    def _observation(self) -> dict[str, Any]:
        return self._spaces.observe(self.game_state, self.seat, self._legal, self._choices)

    def head_mask(self, prefix: Sequence[int] = ()) -> Any:
        """The int8 mask of the seat's next head, after the head values ``prefix``.

        Raises:
            StateError: The game is over, or the actions are flat indexes.
            ArgumentValueError: The prefix holds every head, or leaves the
                legal actions (the message names the head).

        Example:
            >>> from serenissima.env import gym_env
            >>> env = gym_env("modern", players=2, actions="factored")
            >>> observation, info = env.reset(seed=4)
            >>> (env.head_mask() == observation["action_mask"]).all()
            np.True_
        """
        return self._spaces.head_mask(self.game_state, self._choices, prefix)

    def _info(self, observation: dict[str, Any]) -> dict[str, Any]:
        info: dict[str, Any] = {"legal": self._legal, "action_mask": observation["action_mask"]}
        if self._choices is not None:
            info["legal_factored"] = self._choices.legal
        if self.game_state.to_act == TERMINAL:
            info["standings"] = self.rules.standings(self.game_state)
        return info

    def step(
        self, action: np.int64 | int | Sequence[int] | npt.NDArray[np.integer[Any]]
    ) -> tuple[dict[str, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the action at index ``action``, then the others until the seat decides again.

        With factored actions, ``action`` holds one value per head.
        """
        if self.game_state.to_act == TERMINAL:
            raise ArgumentValueError("the game is over: call reset")
        try:
            factored = self._spaces.factored is not None
            index = self._spaces.index(action) if factored else int(action)  # type: ignore[arg-type]
            chosen = self.rules.index_action(self.game_state, index)
            state = self.rules.apply(self.game_state, chosen)
        except (IllegalActionError, ArgumentValueError) as error:  # the game is unchanged
            if self.illegal == "raise":
                raise
            observation = self._observation()
            info = {**self._info(observation), "illegal": str(error)}
            return observation, self.illegal_reward, False, False, info
        self.game_state = self._play_on(state)
        over = self.game_state.to_act == TERMINAL
        reward = 0.0
        if over:
            standings = self.rules.standings(self.game_state)
            reward = final_rewards(standings, self.players, self.reward)[self.seat]
        observation = self._observation()
        return observation, reward, over, False, self._info(observation)

    def render(self) -> str | None:
        """The board as the learning seat sees it, as text."""
        return self.rules.render(self.game_state, self.seat)
