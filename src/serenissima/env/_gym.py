"""A Gymnasium environment: one seat learns, the other seats are played by agents."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt

from serenissima.engine.core import State
from serenissima.engine.errors import ArgumentValueError, IllegalActionError
from serenissima.engine.factored import FactoredChoices
from serenissima.engine.rewards import check_reward
from serenissima.engine.ruleset import Ruleset
from serenissima.env._spaces import Spaces, ruleset_of
from serenissima.env._table import Opponent, Table

__all__ = ["Opponent", "SerenissimaGym"]


class SerenissimaGym(gymnasium.Env[Any, Any]):
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
        flatten: Give the observation as the vector alone, a ``Box`` from 0
            to 1: each number divided by its block's bound
            (``Layout.highs``: from the ruleset's data, or a cap where the
            rules set none, above which it is clipped), what trainers that
            take a plain ``Box`` need. The mask is then in
            ``info["action_mask"]`` and :meth:`action_masks`.

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
        flatten: bool = False,
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
        if render_mode not in (None, "ansi"):
            raise ArgumentValueError(f"render_mode must be ansi or None, not {render_mode!r}")
        self.render_mode = render_mode
        self._table = Table(
            self.rules, players, seat, opponents, self.options, self.reward, self._spaces.start
        )
        self.seat = seat
        self.action_space = self._spaces.action
        self.flatten = bool(flatten)
        self.observation_space: gymnasium.spaces.Space[Any] = self._spaces.observation
        self._scale: npt.NDArray[np.float32] | None = None
        if self.flatten:
            highs = np.asarray(self._spaces.observer.layout.highs(), np.float32)
            self._scale = (1.0 / highs).astype(np.float32)
            self.observation_space = gymnasium.spaces.Box(0.0, 1.0, highs.shape, np.float32)
        self._choices: FactoredChoices | None = None
        self._chosen_for: tuple[int, ...] | None = None

    @property
    def game_state(self) -> State:
        """The engine's state of the game (full: every seat's secrets)."""
        return self._table.state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Start a new game and play on to the learning seat's first decision."""
        super().reset(seed=seed)
        self._table.deal(self.np_random)
        observation = self._observation()
        return self._shown(observation), self._info(observation)

    def _shown(self, observation: dict[str, Any]) -> Any:
        """The observation as the env gives it: the dict, or the vector scaled into 0..1."""
        if self._scale is None:
            return observation
        vector: npt.NDArray[np.float32] = observation["observation"]
        return np.minimum(vector * self._scale, np.float32(1.0))

    def _choices_now(self) -> FactoredChoices | None:
        """The head masks of the seat's decision, with factored actions (made once a decision)."""
        legal = self._table.legal
        if self._spaces.factored is None or not legal:
            return None
        if self._chosen_for is not legal:
            self._choices, self._chosen_for = self._spaces.choices(legal), legal
        return self._choices

    def _observation(self) -> dict[str, Any]:
        table = self._table
        return self._spaces.observe(table.state, self.seat, table.legal, self._choices_now())

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
            >>> bool((env.head_mask() == observation["action_mask"]).all())
            True
        """
        return self._spaces.head_mask(self._table.state, self._choices_now(), prefix)

    def _info(self, observation: dict[str, Any]) -> dict[str, Any]:
        legal = self._table.legal
        info: dict[str, Any] = {"legal": legal, "action_mask": observation["action_mask"]}
        choices = self._choices_now()
        if choices is not None:
            info["legal_factored"] = choices.legal
        if self._table.over:
            info["standings"] = self.rules.standings(self._table.state)
        return info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learning seat's legal actions as a bool array over the action space.

        True at the legal indexes, all False once the game is over: the mask
        that sb3-contrib's ``MaskablePPO`` asks an environment for. It is a new
        array at every call.

        Example:
            >>> from serenissima.env import gym_env
            >>> env = gym_env("modern", players=2)
            >>> observation, info = env.reset(seed=1)
            >>> masks = env.action_masks()
            >>> masks.dtype, bool((masks == observation["action_mask"].astype(bool)).all())
            (dtype('bool'), True)
        """
        masks = np.zeros(self._spaces.size, np.bool_)
        if self._table.legal:
            masks[list(self._table.legal)] = True
        return masks

    def step(
        self, action: np.int64 | int | Sequence[int] | npt.NDArray[np.integer[Any]]
    ) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the action at index ``action``, then the others until the seat decides again.

        With factored actions, ``action`` holds one value per head.
        """
        table = self._table
        if table.over:
            raise ArgumentValueError("the game is over: call reset")
        try:
            factored = self._spaces.factored is not None
            index = self._spaces.index(action) if factored else int(action)  # type: ignore[arg-type]
            state = table.check(index)
        except (IllegalActionError, ArgumentValueError) as error:  # the game is unchanged
            if self.illegal == "raise":
                raise
            observation = self._observation()
            info = {**self._info(observation), "illegal": str(error)}
            return self._shown(observation), self.illegal_reward, False, False, info
        reward = table.advance(state)
        observation = self._observation()
        return self._shown(observation), reward, table.over, False, self._info(observation)

    def render(self) -> str | None:
        """The board as the learning seat sees it, as text."""
        return self.rules.render(self.game_state, self.seat)
