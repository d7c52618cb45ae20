"""The vocabulary shared by every ruleset: seats, actions, events, decisions.

A state says who acts next through :attr:`State.to_act`: a seat number
(0-based, in seating order), :data:`CHANCE` when dice or cards decide, or
:data:`TERMINAL` once the game is over.
"""

from __future__ import annotations

from typing import Final

import attrs

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "Decision",
    "Event",
    "Observation",
    "Standing",
    "Standings",
    "State",
]

CHANCE: Final[int] = -1
"""The value of :attr:`State.to_act` at a chance node."""

TERMINAL: Final[int] = -2
"""The value of :attr:`State.to_act` once the game is over."""


@attrs.frozen(slots=True)
class Action:
    """Base class of every action, chance outcomes included.

    Each action has a stable short text form, returned by :meth:`text` and by
    ``str(action)``, that the ruleset's ``parse_action`` reads back.
    """

    def text(self) -> str:
        """Return the action's text form."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()


@attrs.frozen(slots=True)
class Event:
    """Base class of every event: something that happened, for animation and logs."""

    def describe(self) -> str:
        """Return one English sentence saying what happened."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.describe()


@attrs.frozen(slots=True)
class State:
    """Base class of every game state.

    States are immutable values: applying an action returns a new state.

    Attributes:
        players: The number of seats.
        to_act: The seat that decides next, :data:`CHANCE` or :data:`TERMINAL`.
        turn: The game turn (modern) or round (classic); 0 during set-up.
    """

    players: int
    to_act: int
    turn: int


@attrs.frozen(slots=True)
class Observation:
    """Base class of what one seat may see of a state.

    Attributes:
        seat: The seat that observes.
    """

    seat: int


@attrs.frozen(slots=True)
class Decision:
    """A decision point: who decides, and what kind of decision it is.

    Attributes:
        actor: The seat that decides, :data:`CHANCE` or :data:`TERMINAL`.
        kind: A short stable name for the kind of decision, such as ``"loading"``.
        rule_id: The rule that gives this decision.
        prompt: One sentence that tells the actor what to decide.
    """

    actor: int
    kind: str
    rule_id: str
    prompt: str


@attrs.frozen(slots=True)
class Standing:
    """One seat's place in the standings.

    Attributes:
        seat: The seat.
        rank: 1 for the winner(s); tied seats share a rank.
        score: The score the edition ranks by (ducats, or wealth points).
        breakdown: Named parts of the score and tie-breaks, in display order.
    """

    seat: int
    rank: int
    score: int
    breakdown: tuple[tuple[str, int], ...]


@attrs.frozen(slots=True)
class Standings:
    """The ranking of every seat, best first.

    Attributes:
        entries: One :class:`Standing` per seat, sorted by rank then seat.
        final: True once the game is over; before that a provisional ranking.
    """

    entries: tuple[Standing, ...]
    final: bool

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats ranked first (several on a shared victory)."""
        return tuple(s.seat for s in self.entries if s.rank == 1)
