"""A PettingZoo AEC environment over any ruleset (see :func:`serenissima.env.aec_env`)."""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from serenissima.engine.chance import sample_outcome
from serenissima.engine.core import CHANCE, TERMINAL, Action, State
from serenissima.engine.errors import ArgumentValueError, StateError
from serenissima.engine.factored import FactoredChoices
from serenissima.engine.rewards import check_reward, final_rewards
from serenissima.engine.ruleset import Ruleset
from serenissima.env._spaces import Spaces, ruleset_of

__all__ = ["SerenissimaAEC"]


class SerenissimaAEC(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """A game of Serenissima as a PettingZoo AEC environment: one seat acts at a time.

    The agents are ``"seat_0"``, ``"seat_1"``... Each observation is a dict
    with ``"observation"``, the seat's view as a float32 vector (see
    ``Ruleset.observation_vector``), and ``"action_mask"``, an int8 vector
    over the ruleset's fixed action index space with 1 at the legal actions
    of the seat to act (all 0 for the other seats). The action is an index of
    that space (``Ruleset.index_action``). Chance is resolved by the
    environment's generator, seeded by ``reset(seed=...)``, with the exact
    probabilities. The game's rewards come at its end, from the final
    standings, as ``reward`` says (:data:`~serenissima.env.REWARDS`); every
    other step rewards 0. ``infos[agent]`` holds the seat's ``"legal"`` index
    tuple (when it acts) and, at the end, the ``"standings"``.

    Each view hands out a new ``"observation"`` and a new flat
    ``"action_mask"``, which a learner may keep (in a replay buffer, say).
    With ``copy=False`` they are instead the environment's own read-only
    arrays: the observation is rewritten by the next view (of any seat), the
    seat to act's mask in place at the next step (only the indexes that
    change), the others' mask is all 0; so they must be copied to be kept.
    That saves two copies a view: a classic mask is 172,365 bytes, which
    costs more than the decision.

    An index that is out of the space or not legal raises a typed error
    (``ArgumentValueError`` naming the bound, ``IllegalActionError`` naming
    the rule) and leaves the environment as it was.

    With ``actions="factored"``, an action is one value per head of the
    ruleset's factored space (``Ruleset.factored_space``): the action space is
    ``MultiDiscrete(sizes)``, the ``"action_mask"`` covers the family head,
    :meth:`head_mask` gives the mask of each next head, and
    ``infos[agent]["legal_factored"]`` the legal head values. Head values that
    name no action raise an ``ArgumentValueError`` naming the head.

    Args:
        ruleset: A ruleset name or a loaded ruleset.
        players: The number of seats.
        options: Rule options by name.
        reward: One of :data:`~serenissima.env.REWARDS`.
        render_mode: ``"ansi"`` (``render`` returns the board as text) or
            ``"human"`` (it prints it), or ``None``.
        actions: ``"flat"`` (an index) or ``"factored"`` (a value per head).
        copy: Whether each view's observation and flat mask are new arrays (see above).

    Example:
        >>> from serenissima.env import aec_env
        >>> env = aec_env("modern", players=2)
        >>> env.reset(seed=3)
        >>> observation, reward, terminated, truncated, info = env.last()
        >>> int(observation["action_mask"].sum()) == len(info["legal"])
        True
        >>> env.step(info["legal"][0])
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        ruleset: str | Ruleset = "modern",
        players: int = 4,
        options: Mapping[str, object] | None = None,
        reward: str = "win",
        render_mode: str | None = None,
        actions: str = "flat",
        copy: bool = True,
    ) -> None:
        super().__init__()
        self.rules = ruleset_of(ruleset)
        self.reward = check_reward(reward)
        if render_mode not in (None, "ansi", "human"):
            raise ArgumentValueError(
                f"render_mode must be ansi, human or None, not {render_mode!r}"
            )
        self.render_mode = render_mode
        self.players = players
        self.options = dict(options or {})
        self._spaces = Spaces(self.rules, players, self.options, actions)
        self.actions = actions
        self.metadata = {**self.metadata, "name": f"serenissima_{self.rules.id}_v0"}
        self.possible_agents: list[str] = [f"seat_{s}" for s in range(players)]
        self.agents: list[str] = []
        self._rng = random.Random()
        self.state_: State = self._spaces.start
        self._legal: tuple[int, ...] = ()
        self._actions: tuple[Action, ...] = ()  # the legal actions of the seat to act, in order
        self._space = self.rules.spaces_of(self._spaces.start)[0]  # one game's: fixed
        # the flat masks handed out, read-only: the seat to act's, rewritten in place
        # where the legal indexes change (_mask_of says which it holds), and all 0
        self._mask = np.zeros(self._spaces.mask_size, np.int8)
        self._mask_of: tuple[int, ...] = ()
        self._masks = (_read_only(self._mask), _read_only(np.zeros_like(self._mask)))
        self.copy = copy
        self._choices: FactoredChoices | None = None
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same ``Dict`` space for every seat."""
        return self._spaces.observation

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(rules.num_actions(players, options))`` for every seat.

        With factored actions, ``MultiDiscrete`` of the factored space's head sizes.
        """
        return self._spaces.action

    @property
    def game_state(self) -> State:
        """The engine's state of the game (full: every seat's secrets)."""
        return self.state_

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` seeds the generator that resolves chance."""
        if seed is not None:
            self._rng.seed(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.state_ = self._settle(self.rules.new_game(self.players, self.options))
        self._select()

    def _settle(self, state: State) -> State:
        """Resolve chance until a seat decides or the game ends."""
        rules, rng = self.rules, self._rng
        while state.to_act == CHANCE:
            state = rules.apply_unchecked(state, sample_outcome(rules.chance_outcomes(state), rng))
        return state

    def _select(self) -> None:
        """Point ``agent_selection`` at the seat to act, or end the game."""
        state, rules, infos = self.state_, self.rules, self.infos
        infos[self.agent_selection] = {}  # the only seat whose info was not empty
        if state.to_act == TERMINAL:
            standings = rules.standings(state)
            values = final_rewards(standings, self.players, self.reward)
            for seat, agent in enumerate(self.possible_agents):
                if agent in self.rewards:
                    self.rewards[agent] = values[seat]
                    self.terminations[agent] = True
                    infos[agent] = {"standings": standings}
            self._accumulate_rewards()
            self._legal = ()
            self._actions = ()
            self._choices = None
            self.agent_selection = self.agents[0]
            return
        self._actions = actions = rules.legal_actions(state)
        self._legal = legal = self._space.indices(state, actions)
        self.agent_selection = agent = self.possible_agents[state.to_act]
        if self.actions == "flat":
            infos[agent] = {"legal": legal}
            return
        self._choices = choices = self._spaces.choices(legal)
        assert choices is not None  # factored actions
        infos[agent] = {"legal": legal, "legal_factored": choices.legal}

    def observe(self, agent: str) -> dict[str, Any]:
        """The seat's view and, for the seat to act, its mask of legal actions."""
        seat = self._seat(agent)
        state, spaces_ = self.state_, self._spaces
        if spaces_.factored is not None:
            legal = self._legal if state.to_act == seat else ()
            return spaces_.observe(state, seat, legal, self._choices)
        observer = spaces_.observer
        vector = observer.vector(state, seat) if self.copy else observer.view(state, seat)
        legal = self._legal
        if state.to_act != seat or not legal:
            mask = self._masks[1]
        else:
            if self._mask_of is not legal:
                observer.mask(legal, out=self._mask, previous=self._mask_of)
                self._mask_of = legal
            mask = self._masks[0]
        return {"observation": vector, "action_mask": mask.copy() if self.copy else mask}

    def head_mask(self, prefix: Sequence[int] = ()) -> Any:
        """The int8 mask of the next head of the seat to act, after the head values ``prefix``.

        Raises:
            StateError: The game is over, or the actions are flat indexes.
            ArgumentValueError: The prefix holds every head, or leaves the
                legal actions (the message names the head).

        Example:
            >>> from serenissima.env import aec_env
            >>> env = aec_env("classic", players=2, actions="factored")
            >>> env.reset(seed=1)
            >>> family = int(env.head_mask().argmax())
            >>> env.head_mask([family]).shape == (env.action_space("seat_0").nvec[1],)
            True
        """
        return self._spaces.head_mask(self.state_, self._choices, prefix)

    def _seat(self, agent: str) -> int:
        try:
            return self.possible_agents.index(agent)
        except ValueError:
            raise ArgumentValueError(f"{agent!r} is none of {self.possible_agents}") from None

    def action_of(self, index: int) -> Action:
        """The engine's action at ``index`` for the seat to act (checked against the space)."""
        return self.rules.index_action(self.state_, index)

    def step(self, action: int | Sequence[int] | npt.NDArray[np.integer[Any]] | None) -> None:
        """Play the action at index ``action`` for ``agent_selection``; then resolve chance.

        With factored actions, ``action`` holds one value per head.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise StateError(f"{agent} must act: None is only for a finished game")
        rules = self.rules
        index = self._spaces.index(action)
        if type(index) is int and index in self._legal:  # one of the legal actions, as listed
            state = rules.apply_unchecked(self.state_, self._actions[self._legal.index(index)])
        else:  # ArgumentValueError or IllegalActionError: nothing changed
            state = rules.apply(self.state_, rules.index_action(self.state_, index))
        self._cumulative_rewards[agent] = 0.0
        # the rewards are all 0 until the game ends, and the game goes on: nothing to clear
        if state.to_act == CHANCE:
            state = self._settle(state)
        self.state_ = state
        self._select()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The board as the spectators see it, as text (printed with ``render_mode="human"``)."""
        text = self.rules.render(self.state_)
        if self.render_mode == "human":
            sys.stdout.write(text + "\n")
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def _read_only(array: npt.NDArray[np.int8]) -> npt.NDArray[np.int8]:
    """A view of ``array`` that cannot be written through."""
    view = array.view()
    view.flags.writeable = False
    return view
