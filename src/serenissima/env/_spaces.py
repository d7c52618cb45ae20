"""What both environments share: the ruleset by name, the spaces and a seat's observation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from serenissima.engine.arrays import Observer
from serenissima.engine.core import State
from serenissima.engine.errors import ArgumentTypeError
from serenissima.engine.registry import load_ruleset
from serenissima.engine.ruleset import Ruleset

__all__ = ["Spaces", "ruleset_of"]


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
    """

    __slots__ = ("action", "length", "observation", "observer", "rules", "size", "start")

    def __init__(self, rules: Ruleset, players: int, options: Mapping[str, object]) -> None:
        self.rules = rules
        self.start = rules.new_game(players, options)
        self.observer = Observer(rules, players, options)
        self.size = self.observer.num_actions
        self.length = length = self.observer.size
        self.action = spaces.Discrete(self.size)
        self.observation = spaces.Dict(
            {
                "observation": spaces.Box(0.0, np.inf, (length,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.size,), np.int8),
            }
        )

    def observe(self, state: State, seat: int, legal: tuple[int, ...]) -> dict[str, Any]:
        """The seat's view as float32 numbers, and the int8 mask of the indexes ``legal``."""
        observer = self.observer
        return {"observation": observer.vector(state, seat), "action_mask": observer.mask(legal)}

    def observe_into(
        self,
        state: State,
        seat: int,
        legal: Sequence[int],
        observation_out: npt.NDArray[np.float32],
        mask_out: npt.NDArray[np.int8],
        *,
        previous: Sequence[int] | None = None,
    ) -> None:
        """Write the seat's view into ``observation_out``, the mask of ``legal`` into ``mask_out``.

        Both are rows made beforehand (of a batch, say). Only the mask's
        entries that must change are written: those of ``previous``, the
        indexes last written into that row, are cleared, then those of
        ``legal`` set; without ``previous`` the whole row is cleared first.
        """
        observer = self.observer
        observer.vector(state, seat, out=observation_out)
        observer.mask(legal, out=mask_out, previous=previous)
