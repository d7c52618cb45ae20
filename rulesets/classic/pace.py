"""How far a classic game has gone: the share played, and where the round stands for a seat.

:func:`progress` is the share of the game played, for the learned evaluation (see
``values.json``); :func:`turn_done`, :func:`moves_now`, :func:`rounds_after` and
:func:`selling_done` say what is left of the round for a seat or a galley (the
heuristic's clock, :mod:`.heuristic`).

A round is six equal parts: the bids and the turn order, the purchases, the
movement, the battles, the landings and the sales (C-BID to C-SALE); a game is
its rounds (C-SETUP-1).
"""

from __future__ import annotations

from collections.abc import Sequence

from .phases import (
    Bidding,
    Choosing,
    Crewing,
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
from .state import ClassicState, Galley

__all__ = ["moves_now", "moves_of", "progress", "rounds_after", "selling_done", "turn_done"]


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


_BEFORE_MOVING = (Crewing, Bidding, RollingOff, Choosing, Purchasing, Negotiating)


def turn_done(state: ClassicState, seat: int, phase_type: type[Moving | Landing | Selling]) -> bool:
    """Whether ``seat`` has had its turn of the phase ``phase_type``, now under way."""
    phase = state.phase
    if isinstance(phase, Permission):
        phase = phase.moving
    if not isinstance(phase, phase_type) or seat not in state.order:
        return False
    return state.order.index(seat) < phase.index


def moves_now(state: ClassicState, galley: Galley) -> int:
    """Sea areas ``galley`` may still cross this round (see :func:`moves_of`)."""
    return moves_of(state, (galley,))[0]


def moves_of(state: ClassicState, galleys: Sequence[Galley]) -> list[int]:
    """Sea areas each of ``galleys`` may still cross this round, the phase looked at once.

    Before the movement every galley may cross as many areas as it has
    sailors, after it none; during it, a galley whose owner has moved may
    cross none, one whose owner is still to move all, and the mover's galley
    under way what its sailors have left.

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("classic")
        >>> state = rules.new_game(2)
        >>> moves_of(state, state.galleys) == [g.sailors for g in state.galleys]  # before moving
        True
    """
    phase = state.phase
    if isinstance(phase, _BEFORE_MOVING):
        return [galley.sailors for galley in galleys]
    moving = phase.moving if isinstance(phase, Permission) else phase
    if not isinstance(moving, Moving):
        return [0] * len(galleys)
    order, index = state.order, moving.index
    mover = order[index]
    out: list[int] = []
    for galley in galleys:
        owner = galley.owner
        if owner != mover:  # another seat's galley: its turn is over, or yet to come
            out.append(0 if owner in order and order.index(owner) < index else galley.sailors)
        elif galley.id in moving.done:
            out.append(0)
        elif galley.id == moving.galley:
            out.append(max(0, galley.sailors - moving.steps))
        else:
            out.append(galley.sailors)
    return out


def rounds_after(state: ClassicState) -> int:
    """Whole rounds still to come after the current one."""
    return max(0, state.rounds - max(state.turn, 1)) + (1 if state.turn == 0 else 0)


def selling_done(state: ClassicState, seat: int) -> bool:
    """Whether ``seat`` has had its phase-6 turn this round (its sales and income)."""
    return turn_done(state, seat, Selling)
