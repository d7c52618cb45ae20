"""Several games for one learning seat stepped together, as Gymnasium's vector API has them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from serenissima.engine.arrays import Observer
from serenissima.engine.core import State
from serenissima.engine.errors import (
    ArgumentTypeError,
    ArgumentValueError,
    IllegalActionError,
    StateError,
)
from serenissima.engine.factored import FactoredChoices
from serenissima.engine.rewards import check_reward
from serenissima.engine.ruleset import Ruleset
from serenissima.env._resets import game_seeds, reset_mask
from serenissima.env._spaces import Spaces, ruleset_of
from serenissima.env._table import Opponent, Table

__all__ = ["SerenissimaVectorEnv"]

Actions = npt.NDArray[np.int64]
Observations = dict[str, npt.NDArray[Any]]


class SerenissimaVectorEnv(VectorEnv[Observations, Actions, npt.NDArray[Any]]):
    """``n`` games for one learning seat, stepped together in one process.

    Each game is what :class:`~serenissima.env.SerenissimaGym` plays: the
    learning seat decides, agents play the other seats and chance is drawn by
    the game's own generator. The spaces are Gymnasium's batches of the
    single game's: ``single_observation_space`` is the ``Dict`` of the seat's
    float32 vector and int8 action mask, ``observation_space`` its batch (a
    ``Dict`` of an ``(n, L)`` float32 box and an ``(n, A)`` int8 box);
    ``single_action_space`` is ``Discrete(A)`` over the ruleset's action
    indexes and ``action_space`` its ``MultiDiscrete`` batch. ``step`` takes
    one index a game and returns the batched observations, the rewards
    (float64), the terminations and the truncations (bool: a game is never
    truncated) as arrays of ``n``, and the infos as a dict of arrays:
    ``infos["legal"][i]`` holds game ``i``'s legal indexes (a tuple) and
    ``infos["standings"][i]`` its final standings once it is over (where
    ``infos["_standings"][i]`` is True). :meth:`action_masks` gives the masks
    as an ``(n, A)`` bool array.

    A game that ends is reset on the next step, Gymnasium's default
    (``AutoresetMode.NEXT_STEP``, in ``metadata["autoreset_mode"]``): that
    step ignores its action and returns the new game's first observation,
    reward 0, not terminated, with the infos of a reset. Between the two, its
    mask is all zero.

    Seeding: ``reset(seed=s)`` seeds game ``i``'s generator with ``s + i``,
    ``reset(seed=[s0, s1, ...])`` with one seed a game (``None`` keeps that
    game's generator), ``reset()`` keeps every generator going; the games that
    are reset on their own draw from their generator too. The same seeds give
    the same games, step for step, given the same actions; game ``i`` is the
    game of a ``SerenissimaGym`` reset with game ``i``'s seed.
    ``options={"reset_mask": mask}`` resets only the games where the bool
    array ``mask`` is True, as Gymnasium's own vector environments do.

    The observations are written into arrays made once; with ``copy=True``
    ``reset`` and ``step`` return copies of them, which a learner may keep in
    a buffer; with ``copy=False`` they return the arrays themselves, which
    the next ``reset`` or ``step`` overwrites. The rewards, terminations and
    truncations are always new arrays.

    An index that is out of the space or not legal in any game raises the
    typed error naming that game (``ArgumentValueError`` naming the bound,
    ``IllegalActionError`` naming the rule), and no game moves.

    Args:
        ruleset: A ruleset name or a loaded ruleset.
        n: The number of games.
        players: The number of seats.
        seat: The learning seat.
        opponents: One opponent for every other seat, or a list of them in
            seat order (the learning seat skipped): agent kinds, made for each
            game with seeds drawn from its generator, or agents, which all the
            games share.
        options: Rule options by name.
        reward: One of :data:`~serenissima.env.REWARDS`.
        seed: Seeds the games' generators as ``reset(seed=seed)`` would, so
            that the first ``reset()`` plays the same games; ``None`` leaves
            them to be seeded from the system's entropy.
        copy: Whether ``reset`` and ``step`` return copies of the observations.
        actions: ``"flat"`` (one index a game) or ``"factored"``: one value per
            head of the ruleset's factored space a game (``single_action_space``
            is then a ``MultiDiscrete`` of the head sizes, and ``step`` takes an
            ``(n, heads)`` integer array); the masks then cover the family
            head, :meth:`head_mask` gives each next head's for one game, and
            ``infos["legal_factored"][i]`` holds game ``i``'s legal head values.

    Example:
        >>> import numpy as np
        >>> from serenissima.env import vector_env
        >>> envs = vector_env("modern", n=3, players=2)
        >>> observations, infos = envs.reset(seed=7)
        >>> observations["action_mask"].shape == (3, envs.single_action_space.n)
        True
        >>> actions = np.array([legal[0] for legal in infos["legal"]])
        >>> observations, rewards, terminations, truncations, infos = envs.step(actions)
        >>> rewards.shape, terminations.dtype
        ((3,), dtype('bool'))
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - as Gymnasium has it
        "render_modes": ["ansi"],
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }

    def __init__(
        self,
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
    ) -> None:
        self.rules = ruleset_of(ruleset)
        if isinstance(n, bool) or not isinstance(n, int):
            raise ArgumentTypeError("n", "a number of games, an int", n)
        if n < 1:
            raise ArgumentValueError(f"n must be at least 1, not {n}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ArgumentTypeError("seed", "an int or None", seed)
        if not isinstance(copy, bool):
            raise ArgumentTypeError("copy", "a bool", copy)
        self.copy = copy
        self.reward = check_reward(reward)
        self.players = players
        self.options = dict(options or {})
        self._spaces = spaces_ = Spaces(self.rules, players, self.options, actions)
        self.actions = actions
        self._tables = [
            Table(self.rules, players, seat, opponents, self.options, self.reward, spaces_.start)
            for _ in range(n)
        ]
        # one observer a game: each keeps its game's last view, so a game's next view
        # rewrites only the parts that changed in that game
        self._observers = [Observer(self.rules, players, self.options) for _ in range(n)]
        self.seat = seat
        self.num_envs = n
        self.render_mode = "ansi"
        self.single_action_space = spaces_.action
        self.action_space = batch_space(spaces_.action, n)
        self.single_observation_space = spaces_.observation
        self.observation_space = batch_space(spaces_.observation, n)
        self._observations = np.zeros((n, spaces_.length), np.float32)
        self._masks = np.zeros((n, spaces_.mask_size), np.int8)
        self._written: list[tuple[int, ...]] = [()] * n
        self._choices: list[FactoredChoices | None] = [None] * n
        self._rewards = np.zeros(n, np.float64)
        self._terminations = np.zeros(n, np.bool_)
        self._truncations = np.zeros(n, np.bool_)
        self._autoreset = np.zeros(n, np.bool_)
        self._generators: list[np.random.Generator | None] = [
            None if seed is None else seeding.np_random(seed + i)[0] for i in range(n)
        ]
        self._started = False

    @property
    def game_states(self) -> tuple[State, ...]:
        """The engine's state of each game (full: every seat's secrets)."""
        return tuple(table.state for table in self._tables)

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Observations, dict[str, Any]]:
        """Start new games and play each on to the learning seat's first decision.

        Args:
            seed: ``None``, an int (game ``i`` seeded with ``seed + i``) or one
                int or ``None`` a game.
            options: ``None``, or ``{"reset_mask": mask}`` to reset only the
                games where the bool array ``mask`` of ``n`` is True.

        Returns:
            The batched observations and the infos of the games reset.

        Raises:
            ArgumentTypeError: If a seed or the mask is of the wrong type.
            ArgumentValueError: If there are not ``n`` seeds, the mask has the
                wrong shape or selects no game, or an option is unknown.
            StateError: If a mask is given before the first full reset.
        """
        seeds = game_seeds(seed, self.num_envs)
        chosen = reset_mask(options, self.num_envs, self._started)
        infos: dict[str, Any] = {}
        for i in np.flatnonzero(chosen):
            if seeds[i] is not None:
                self._generators[i] = seeding.np_random(seeds[i])[0]
            infos = self._deal(int(i), infos)
        self._terminations[chosen] = False
        self._truncations[chosen] = False
        self._autoreset[chosen] = False
        self._started = True
        return self._batch(), infos

    def _deal(self, i: int, infos: dict[str, Any]) -> dict[str, Any]:
        """Start game ``i`` anew, write its observation and add its infos."""
        generator = self._generators[i]
        if generator is None:
            generator = self._generators[i] = seeding.np_random(None)[0]
        self._tables[i].deal(generator)
        return self._write(i, infos)

    def _write(self, i: int, infos: dict[str, Any]) -> dict[str, Any]:
        """Write game ``i``'s observation into its rows and add its infos."""
        table, observer = self._tables[i], self._observers[i]
        observer.vector(table.state, self.seat, out=self._observations[i])
        info: dict[str, Any] = {"legal": table.legal}
        if self._spaces.factored is None:
            observer.mask(table.legal, out=self._masks[i], previous=self._written[i])
            self._written[i] = table.legal
        else:
            choices = self._choices[i] = self._spaces.choices(table.legal) if table.legal else None
            self._masks[i] = 0 if choices is None else choices.mask(())
            info["legal_factored"] = () if choices is None else choices.legal
        if table.over:
            info["standings"] = self.rules.standings(table.state)
        return self._add_info(infos, info, i)

    def _batch(self) -> Observations:
        observations, masks = self._observations, self._masks
        if self.copy:
            observations, masks = observations.copy(), masks.copy()
        return {"observation": observations, "action_mask": masks}

    def step(
        self, actions: Actions | Sequence[int]
    ) -> tuple[
        Observations,
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Play each game's index, then its other seats until the learning seat decides again.

        A game that ended at the last step is reset instead and its index
        ignored. Every index is checked before any game moves.

        Args:
            actions: One action index a game (an integer array of ``n``).

        Returns:
            The batched observations, rewards, terminations, truncations and infos.

        Raises:
            ArgumentTypeError: If ``actions`` are not integers.
            ArgumentValueError: If there are not ``n`` of them, or one is out of
                the space (the message names the game).
            IllegalActionError: If an action is not legal (the message names the
                game and the rule).
            StateError: If no ``reset`` came first.
        """
        if not self._started:
            raise StateError("call reset before step")
        indexes = self._indexes(actions)
        tables = self._tables
        moved: list[State | None] = [None] * self.num_envs
        for i, table in enumerate(tables):
            if self._autoreset[i]:
                continue
            try:
                moved[i] = table.check(indexes[i])
            except IllegalActionError as error:
                raise IllegalActionError(
                    error.action, error.rule_id, f"{error.reason} (game {i}, index {indexes[i]})"
                ) from error
            except ArgumentValueError as error:
                raise ArgumentValueError(f"game {i}: {error}") from error
        infos: dict[str, Any] = {}
        for i, table in enumerate(tables):
            state = moved[i]
            if state is None:
                self._rewards[i] = 0.0
                self._terminations[i] = False
                infos = self._deal(i, infos)
            else:
                self._rewards[i] = table.advance(state)
                self._terminations[i] = table.over
                infos = self._write(i, infos)
        self._autoreset = self._terminations | self._truncations
        return (
            self._batch(),
            self._rewards.copy(),
            self._terminations.copy(),
            self._truncations.copy(),
            infos,
        )

    def _indexes(self, actions: Actions | Sequence[int]) -> list[int]:
        """The actions as ``n`` flat indexes (from one row of head values a game, if factored)."""
        try:
            array = np.asarray(actions)
        except (TypeError, ValueError):  # ragged sequences
            raise ArgumentTypeError("actions", "an array of action indexes", actions) from None
        if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
            raise ArgumentTypeError("actions", "an array of action indexes (integers)", actions)
        factored = self._spaces.factored
        shape = (self.num_envs,) if factored is None else (self.num_envs, len(factored.sizes))
        if array.shape != shape:
            raise ArgumentValueError(f"actions must have the shape {shape}, not {array.shape}")
        if factored is None:
            return [int(index) for index in array]
        indexes = []
        for i, row in enumerate(array):
            if self._autoreset[i]:  # ignored: the game is reset
                indexes.append(-1)
                continue
            try:
                indexes.append(factored.decode(row))
            except ArgumentValueError as error:
                raise ArgumentValueError(f"game {i}: {error}") from error
        return indexes

    def head_mask(self, i: int, prefix: Sequence[int] = ()) -> npt.NDArray[np.int8]:
        """The int8 mask of game ``i``'s next head, after the head values ``prefix``.

        With ``actions="factored"``: an observation's ``action_mask`` row is
        the family head's mask; this gives the mask of each head after it, as
        the values chosen before it narrow the legal actions.

        Raises:
            ArgumentValueError: No game ``i``, or the prefix holds every head or
                leaves the legal actions (the message names the head).
            StateError: The actions are flat indexes, or game ``i`` is over.

        Example:
            >>> from serenissima.env import vector_env
            >>> envs = vector_env("modern", n=2, players=2, seed=4, actions="factored")
            >>> observations, infos = envs.reset()
            >>> family = int(observations["action_mask"][1].argmax())
            >>> envs.head_mask(1, [family]).shape == (envs.single_action_space.nvec[1],)
            True
        """
        if isinstance(i, bool) or not isinstance(i, int | np.integer):
            raise ArgumentTypeError("i", "a game number, an int", i)
        if not 0 <= i < self.num_envs:
            raise ArgumentValueError(f"there is no game {i} of {self.num_envs}")
        table = self._tables[int(i)]
        mask: npt.NDArray[np.int8] = self._spaces.head_mask(
            table.state, self._choices[int(i)], prefix
        )
        return mask

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learning seat's legal actions in every game, an ``(n, A)`` bool array.

        Row ``i`` is True at game ``i``'s legal indexes, all False while the
        game waits to be reset. It is a new array at every call. With factored
        actions, ``A`` is the family head's size (see :meth:`head_mask`).

        Example:
            >>> from serenissima.env import vector_env
            >>> envs = vector_env("classic", n=2, players=2, seed=3)
            >>> observations, infos = envs.reset()
            >>> masks = envs.action_masks()
            >>> masks.shape == (2, envs.single_action_space.n), masks.dtype
            (True, dtype('bool'))
            >>> [int(row.sum()) for row in masks] == [len(legal) for legal in infos["legal"]]
            True
        """
        return self._masks.view(np.bool_).copy()  # the rows hold only 0 and 1

    def render(self) -> tuple[str, ...]:
        """Each board as the learning seat sees it, as text."""
        return tuple(self.rules.render(table.state, self.seat) for table in self._tables)
