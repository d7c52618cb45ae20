"""How the two agents of a ladder's pairing share the seats of a game, and which pairs play.

:func:`seat_pattern` gives, for game ``i`` of a pairing, which of the two
agents holds each seat, in one of the :data:`SEATINGS`: ``alternate``, where
each agent holds every seat equally often, or ``one``, where one agent sits
alone among the other's seats, each agent at every seat in turn.

Example:
    >>> from serenissima.analysis.ladder.seating import seat_pattern
    >>> seat_pattern(4, 0, seating="one"), seat_pattern(4, 1, seating="one")
    ((0, 1, 1, 1), (1, 0, 0, 0))
"""

from __future__ import annotations

import itertools
from typing import Final

from serenissima.engine.errors import ArgumentValueError

__all__ = ["PAIRINGS", "SEATINGS", "check_seating", "pairs_of", "seat_pattern"]

SEATINGS: Final = ("alternate", "one")
"""The ways the two agents of a pairing share the seats (see :func:`seat_pattern`)."""

PAIRINGS: Final = ("all", "chain")
"""Which pairs of agents a ladder plays: every pair, or each agent against the next
(see :func:`pairs_of`)."""


def check_seating(seating: str) -> str:
    """Return a ladder's seating, checked: one of :data:`SEATINGS`.

    Args:
        seating: ``alternate`` or ``one``.

    Returns:
        The seating.

    Raises:
        ArgumentValueError: Another value.

    Example:
        >>> from serenissima.analysis.ladder.seating import check_seating
        >>> check_seating("one")
        'one'
    """
    if not isinstance(seating, str) or seating not in SEATINGS:
        raise ArgumentValueError(f"seating must be one of {', '.join(SEATINGS)}, not {seating!r}")
    return seating


def seat_pattern(players: int, index: int, *, seating: str = "alternate") -> tuple[int, ...]:
    """Return which agent of a pairing holds each seat in game ``index``: 0 or 1.

    With the ``alternate`` seating, the first agent holds the even places of a
    base row and the second the odd ones (``0 1``, ``0 1 0``, ``0 1 0 1``); the
    row is turned by ``(index // 2) mod players`` places, and the two agents
    swap in every odd game. Over any ``2 * players`` games in a row each agent
    holds every seat ``players`` times, and as many seats in all as the other.

    With the ``one`` seating, one seat holds one agent and every other seat
    the other: the first agent is alone in the even games and the second in
    the odd ones, at seat ``(index // 2) mod players``. Over any
    ``2 * players`` games in a row each agent is alone at every seat exactly
    once. At two seats both seatings give the same games.

    Args:
        players: The number of seats, at least 2.
        index: The game's index in the pairing, from 0.
        seating: ``alternate`` or ``one`` (:data:`SEATINGS`).

    Returns:
        For each seat, 0 for the pairing's first agent and 1 for its second.

    Raises:
        ArgumentValueError: Fewer than two seats, a negative index or an unknown seating.

    Example:
        >>> from serenissima.analysis.ladder.seating import seat_pattern
        >>> [seat_pattern(3, i) for i in range(4)]
        [(0, 1, 0), (1, 0, 1), (1, 0, 0), (0, 1, 1)]
        >>> [seat_pattern(3, i, seating="one") for i in range(4)]
        [(0, 1, 1), (1, 0, 0), (1, 0, 1), (0, 1, 0)]
    """
    check_seating(seating)
    if players < 2 or index < 0:
        raise ArgumentValueError(f"no seating for {players} players and game {index}")
    turn, swap = (index // 2) % players, index % 2
    if seating == "one":
        return tuple(int(seat != turn) ^ swap for seat in range(players))
    return tuple(((seat + turn) % players) % 2 ^ swap for seat in range(players))


def pairs_of(agents: int, pairings: str) -> list[tuple[int, int]]:
    """The pairs of agents (by position) that play, for a choice of :data:`PAIRINGS`.

    Raises:
        ArgumentValueError: ``pairings`` is not one of :data:`PAIRINGS`.

    Example:
        >>> from serenissima.analysis.ladder.seating import pairs_of
        >>> pairs_of(3, "all"), pairs_of(3, "chain")
        ([(0, 1), (0, 2), (1, 2)], [(0, 1), (1, 2)])
    """
    if pairings == "all":
        return list(itertools.combinations(range(agents), 2))
    if pairings == "chain":
        return [(i, i + 1) for i in range(agents - 1)]
    raise ArgumentValueError(f"pairings must be one of {', '.join(PAIRINGS)}, not {pairings!r}")
