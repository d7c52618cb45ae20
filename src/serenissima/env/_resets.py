"""Which games a vector environment's ``reset`` deals anew, and with which seeds."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError, StateError

__all__ = ["game_seeds", "reset_mask"]


def game_seeds(seed: object, n: int) -> list[int | None]:
    """One seed or None a game, from what ``reset`` was given.

    Raises:
        ArgumentTypeError: A seed that is not an int or None.
        ArgumentValueError: Not one seed a game.
    """
    if seed is None:
        return [None] * n
    if isinstance(seed, int | np.integer) and not isinstance(seed, bool):
        return [int(seed) + i for i in range(n)]
    if isinstance(seed, str) or not isinstance(seed, Sequence):
        raise ArgumentTypeError("seed", "an int, a list of ints or None", seed)
    seeds = list(seed)
    if len(seeds) != n:
        raise ArgumentValueError(f"give one seed a game: {n}, not {len(seeds)}")
    for one in seeds:
        if one is not None and (isinstance(one, bool) or not isinstance(one, int | np.integer)):
            raise ArgumentTypeError("seed", "ints or None", one)
    return [None if one is None else int(one) for one in seeds]


def reset_mask(options: object, n: int, started: bool) -> npt.NDArray[np.bool_]:
    """Which of ``n`` games ``reset`` starts anew, from its options.

    Raises:
        ArgumentTypeError: Options that are not a dict, or a mask that is not bools.
        ArgumentValueError: An unknown option, or a mask of the wrong shape or
            that selects no game.
        StateError: A mask before every game was reset once.
    """
    if not options:
        return np.ones(n, np.bool_)
    if not isinstance(options, dict):
        raise ArgumentTypeError("options", "a dict or None", options)
    unknown = sorted(set(options) - {"reset_mask"})
    if unknown:
        raise ArgumentValueError(f"the only option is reset_mask, not {unknown}")
    mask = options["reset_mask"]
    if not isinstance(mask, np.ndarray) or mask.dtype != np.bool_:
        raise ArgumentTypeError("reset_mask", "a numpy array of bools", mask)
    if mask.shape != (n,):
        raise ArgumentValueError(f"reset_mask must have the shape ({n},), not {mask.shape}")
    if not mask.any():
        raise ArgumentValueError("reset_mask selects no game")
    if not started:
        raise StateError("reset every game once before resetting some")
    return mask
