"""What both environments share: the ruleset by name, the spaces and a seat's observation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces

from serenissima.engine.arrays import Observer
from serenissima.engine.core import TERMINAL, State
from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError, StateError
from serenissima.engine.factored import FactoredChoices, FactoredSpace
from serenissima.engine.registry import load_ruleset
from serenissima.engine.ruleset import Ruleset

__all__ = ["ACTIONS", "Spaces", "ruleset_of"]

ACTIONS = ("flat", "factored")
"""How an environment's actions are given: one flat index, or one value per head."""


def ruleset_of(ruleset: str | Ruleset) -> Ruleset:
    """A loaded ruleset, or the installed one of that name."""
    if isinstance(ruleset, Ruleset):
        return ruleset
    if not isinstance(ruleset, str):
        raise ArgumentTypeError("ruleset", "a ruleset name or a Ruleset", ruleset)
    return load_ruleset(ruleset)


class Spaces:
    """The action and observation spaces of one game's seats, and their observations.

    Args:
        rules: The ruleset.
        players: The number of seats.
        options: Rule options by name.
        actions: ``"flat"``: an action is an index of the flat space, the mask
            covers it; ``"factored"``: an action is one value per head of the
            factored space (``MultiDiscrete``), the mask covers the family head.
    """

    __slots__ = (
        "action",
        "factored",
        "length",
        "mask_size",
        "observation",
        "observer",
        "rules",
        "size",
        "start",
    )

    def __init__(
        self, rules: Ruleset, players: int, options: Mapping[str, object], actions: str = "flat"
    ) -> None:
        if actions not in ACTIONS:
            raise ArgumentValueError(f"actions must be flat or factored, not {actions!r}")
        self.rules = rules
        self.start = rules.new_game(players, options)
        self.observer = Observer(rules, players, options)
        self.size = self.observer.num_actions
        self.length = length = self.observer.size
        self.factored: FactoredSpace | None = None
        self.action: spaces.Space[Any] = spaces.Discrete(self.size)
        self.mask_size = self.size
        if actions == "factored":
            self.factored = rules.factored_space(players, options)
            self.action = spaces.MultiDiscrete(list(self.factored.sizes))
            self.mask_size = self.factored.sizes[0]
        self.observation = spaces.Dict(
            {
                "observation": spaces.Box(0.0, np.inf, (length,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.mask_size,), np.int8),
            }
        )

    def choices(self, legal: tuple[int, ...]) -> FactoredChoices | None:
        """The head masks of the legal indexes ``legal``, with factored actions."""
        return None if self.factored is None else self.factored.choices(legal)

    def index(self, action: object) -> int:
        """The flat index of an action as the environment takes it (checked by the space).

        Raises:
            ArgumentTypeError, ArgumentValueError: Head values that are not
                integers or name no action (the message names the head).
        """
        if self.factored is not None:
            return self.factored.decode(action)  # type: ignore[arg-type]
        if isinstance(action, np.integer):
            return int(action)
        return action  # type: ignore[return-value]  # index_action checks it

    def observe(
        self,
        state: State,
        seat: int,
        legal: tuple[int, ...],
        choices: FactoredChoices | None = None,
    ) -> dict[str, Any]:
        """The seat's view as float32 numbers, and the int8 mask of ``legal`` (or ``choices``)."""
        observer = self.observer
        if self.factored is None:
            mask = observer.mask(legal)
        else:
            mask = np.zeros(self.mask_size, np.int8)
            if legal and choices is not None:
                mask[:] = choices.mask(())
        return {"observation": observer.vector(state, seat), "action_mask": mask}

    def head_mask(self, state: State, choices: FactoredChoices | None, prefix: object) -> Any:
        """The int8 mask of the head after ``prefix`` in ``state``, whose decision ``choices`` has.

        Raises:
            StateError: The game is over, or the actions are flat indexes.
        """
        if state.to_act == TERMINAL:
            raise StateError("the game is over: no head has a mask")
        if choices is None:
            raise StateError('head_mask needs actions="factored": these actions are flat indexes')
        return np.asarray(choices.mask(prefix), np.int8)  # type: ignore[arg-type]
