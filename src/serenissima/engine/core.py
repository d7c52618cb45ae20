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
    "PhaseInfo",
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

    Examples:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> state = rules.new_game(players=4)
        >>> first = rules.legal_actions(state)[0]
        >>> str(first), rules.parse_action(state, str(first)) == first
        ('first 0', True)
    """

    def text(self) -> str:
        """Return the action's text form."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()


@attrs.frozen(slots=True)
class Event:
    """Base class of every event: something that happened, for animation and logs.

    Examples:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> state = rules.new_game(players=4)
        >>> state, events = rules.step(state, rules.parse_action(state, "first 2"))
        >>> [event.describe() for event in events]
        ['seat 2 is the first player']
    """

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

    Examples:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> state = rules.new_game(players=4)
        >>> state.players, state.to_act == ser.CHANCE, state.turn
        (4, True, 0)
    """

    players: int
    to_act: int
    turn: int


@attrs.frozen(slots=True)
class Observation:
    """Base class of what one seat, or a spectator, may see of a state.

    Attributes:
        seat: The seat that observes; ``None`` for a spectator, who is shown
            only what every seat is shown.

    Examples:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("classic")
        >>> seen = rules.observe(rules.new_game(players=3), seat=1)
        >>> seen.seat, seen.ducats[1] is not None, seen.ducats[0]
        (1, True, None)
        >>> rules.observe(rules.new_game(players=3), seat=None).ducats
        (None, None, None)
    """

    seat: int | None


@attrs.frozen(slots=True)
class Decision:
    """A decision point: who decides, and what kind of decision it is.

    Attributes:
        actor: The seat that decides, :data:`CHANCE` or :data:`TERMINAL`.
        kind: A short stable name for the kind of decision, such as ``"loading"``.
        rule_id: The rule that gives this decision.
        prompt: One sentence that tells the actor what to decide.

    Examples:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> decision = rules.decision(rules.new_game(players=4))
        >>> decision.actor == ser.CHANCE, decision.kind, decision.rule_id
        (True, 'first-player', 'M-SETUP-5')
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

    Examples:
        >>> from serenissima.engine.core import Standing
        >>> entry = Standing(seat=2, rank=1, score=31, breakdown=(("ducats", 31),))
        >>> entry.rank, dict(entry.breakdown)
        (1, {'ducats': 31})
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

    Examples:
        >>> from serenissima.engine.core import Standing, Standings
        >>> standings = Standings(
        ...     (Standing(0, 1, 20, ()), Standing(2, 1, 20, ()), Standing(1, 3, 12, ())), final=True
        ... )
        >>> standings.winners
        (0, 2)
    """

    entries: tuple[Standing, ...]
    final: bool

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats ranked first (several on a shared victory)."""
        return tuple(s.seat for s in self.entries if s.rank == 1)


@attrs.frozen(slots=True)
class PhaseInfo:
    """A phase as a reader sees it: what is decided, by whom, under which rule.

    Attributes:
        name: The phase class's name, e.g. ``"Bidding"``.
        kind: The decision kind.
        rule_id: The rule that gives the decision.
        prompt: What the actor decides.
        chance: True when dice or cards decide rather than a player.
        actions: The text keywords of the actions taken in this phase, sorted.

    Examples:
        >>> from serenissima import load_ruleset
        >>> phase = load_ruleset("classic").engine.phases()[0]
        >>> phase.kind, phase.chance, phase.decides
        ('crew', False, True)
    """

    name: str
    kind: str
    rule_id: str
    prompt: str
    chance: bool
    actions: tuple[str, ...]

    @property
    def decides(self) -> bool:
        """Whether a seat decides in this phase: not chance, and some action is taken."""
        return not self.chance and bool(self.actions)
