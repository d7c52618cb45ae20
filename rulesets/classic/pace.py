"""How far a classic game has gone, for the learned evaluation (see ``values.json``).

A round is six equal parts: the bids and the turn order, the purchases, the
movement, the battles, the landings and the sales (C-BID to C-SALE); a game is
its rounds (C-SETUP-1).
"""

from __future__ import annotations

from .state import (
    Bidding,
    Choosing,
    ClassicState,
    Fighting,
    GameOver,
    Landing,
    Moving,
    Negotiating,
    Permission,
    Purchasing,
    Rolling,
    RollingOff,
    Selling,
    Spoils,
)

__all__ = ["progress"]


def progress(state: ClassicState) -> float:
    """The share of the game played: the rounds over, and the phases of this one, of all.

    Each of a round's phases counts for an equal part of it (the bids and the
    turn order, purchases, movement, battles, landings, sales); the set-up is 0
    and a game over is 1.

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("classic")
        >>> progress(rules.new_game(2))
        0.0
    """
    if isinstance(state.phase, GameOver):
        return 1.0
    if state.turn == 0:
        return 0.0
    phase = state.phase
    if isinstance(phase, Permission):
        phase = phase.moving
    step = _STEPS.get(type(phase), 0)
    return min(1.0, (state.turn - 1 + step / _PARTS) / state.rounds)


_STEPS: dict[type, int] = {
    Bidding: 0,
    RollingOff: 0,
    Choosing: 0,
    Purchasing: 1,
    Negotiating: 1,
    Moving: 2,
    Fighting: 3,
    Rolling: 3,
    Spoils: 3,
    Landing: 4,
    Selling: 5,
}
"""Where each phase stands in a round: the part of it that has begun, from 0."""

_PARTS = 1 + max(_STEPS.values())
"""The parts of a round, one per phase of its turn order (six)."""
