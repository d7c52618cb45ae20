"""What each seat may see: observations, secret actions, determinizations and drawings.

A game of hidden information shows each seat only part of the state. The
engine's part is the :class:`Seeing` protocol (a part of
:class:`~serenissima.engine.ruleset.Engine`); :class:`Views`, a base class of
:class:`~serenissima.engine.ruleset.Ruleset`, gives the checked methods users
call: :meth:`~Views.observe`, :meth:`~Views.is_secret`,
:meth:`~Views.sample_state` and :meth:`~Views.render`.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING, Any, Protocol

from serenissima.engine.core import Action, Observation, State
from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError, StateError

if TYPE_CHECKING:
    from serenissima.engine.spec import RulesetInfo

__all__ = ["ACTION_EXPECTED", "Seeing", "Views", "check_seat"]

ACTION_EXPECTED = (
    "an Action of this ruleset (read text with parse_action(state, text), "
    "or play text with Game.play)"
)
"""What ``apply`` and ``step`` take: actions, never their text (like push and push_san)."""


class Seeing(Protocol):
    """What an edition's engine provides for each seat's view of a game.

    Part of :class:`~serenissima.engine.ruleset.Engine`.

    Example:
        >>> import serenissima as ser
        >>> engine = ser.load_ruleset("classic").engine
        >>> all(hasattr(engine, name) for name in ("observe", "is_secret", "sample_state"))
        True
    """

    state_type: type[State]
    observation_type: type[Observation]

    def observe(self, rules: Any, state: State, seat: int | None) -> Observation:
        """Return what ``seat`` may see of ``state``; a spectator (``None``) sees what is public."""

    def is_secret(self, rules: Any, state: State, action: Action) -> bool:
        """Whether the other seats and spectators must not learn the action (a secret bid)."""

    def sample_state(self, rules: Any, observation: Observation, rng: Random) -> State:
        """Draw, from ``observation`` alone, a full state its seat cannot tell from the true one.

        ``observe(sample_state(observation, rng), observation.seat)`` must equal
        ``observation``; what the seat cannot see is drawn with ``rng``.
        """

    def render(self, rules: Any, state: State, seen: Observation | None) -> str:
        """Draw ``state`` as text, hiding what the viewer's observation ``seen`` hides (or none)."""


def check_seat(state: State, seat: object) -> None:
    """Refuse a seat that is not an int, or not a seat of ``state``'s game.

    Raises:
        ArgumentTypeError: ``seat`` is not an int.
        StateError: No such seat in the game.

    Example:
        >>> import serenissima as ser
        >>> state = ser.load_ruleset("modern").new_game(players=2)
        >>> check_seat(state, 1)
        >>> check_seat(state, 2)
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.StateError: seat 2 is not in this 2-player game
    """
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ArgumentTypeError("seat", "a seat number, an int", seat)
    if not 0 <= seat < state.players:
        raise StateError(f"seat {seat!r} is not in this {state.players}-player game")


class Views:
    """The checked methods of a ruleset for what each seat sees (a base class of ``Ruleset``).

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("classic")
        >>> state = rules.new_game(players=3)
        >>> rules.observe(state, 0).seat
        0
    """

    __slots__ = ()
    engine: Seeing
    info: RulesetInfo

    def _own(self, state: object) -> None:
        if not isinstance(state, self.engine.state_type):
            if not isinstance(state, State):
                expected = f"a {self.engine.state_type.__name__} of the {self.info.id!r} ruleset"
                raise ArgumentTypeError("state", expected, state)
            raise StateError(
                f"{type(state).__name__} is not a state of the {self.info.id!r} ruleset "
                f"(expected {self.engine.state_type.__name__})"
            )

    def observe(self, state: State, seat: int | None) -> Observation:
        """Return what ``seat`` may see of ``state``; ``None``: a spectator, shown what all are."""
        self._own(state)
        if seat is not None:
            check_seat(state, seat)
        return self.engine.observe(self, state, seat)

    def is_secret(self, state: State, action: Action) -> bool:
        """Whether ``action``, taken in ``state``, is hidden from all but the seat that takes it.

        Such as a classic bid (C-BID-2): the other seats and spectators learn
        that the seat moved, and the events, not the action. Chance is never secret.

        Raises:
            StateError: The state is not of this ruleset.
            ArgumentTypeError: ``action`` is not an action.
        """
        self._own(state)
        if not isinstance(action, Action):
            raise ArgumentTypeError("action", ACTION_EXPECTED, action)
        if state.to_act < 0:
            return False
        return self.engine.is_secret(self, state, action)

    def sample_state(self, observation: Observation, rng: Random) -> State:
        """Draw a full state that the observing seat cannot tell from the true one.

        A determinization, for bots: built from ``observation`` alone, what the
        seat cannot see drawn with ``rng`` among the values the public record
        allows; observing it again for the same seat gives ``observation``.

        Args:
            observation: What one seat sees, from :meth:`observe`.
            rng: The generator that draws what the seat cannot see.

        Raises:
            ArgumentTypeError: ``observation`` is not an observation of this
                ruleset, or ``rng`` is not a ``random.Random``.

        Examples:
            >>> import random
            >>> import serenissima as ser
            >>> rules = ser.load_ruleset("classic")
            >>> state = rules.new_game(players=3)
            >>> seen = rules.observe(state, 1)
            >>> rules.observe(rules.sample_state(seen, random.Random(4)), 1) == seen
            True
        """
        expected = self.engine.observation_type
        if not isinstance(observation, expected):
            what = f"a {expected.__name__} of the {self.info.id!r} ruleset, from observe"
            raise ArgumentTypeError("observation", what, observation)
        if not isinstance(rng, Random):
            raise ArgumentTypeError("rng", "a random.Random", rng)
        return self.engine.sample_state(self, observation, rng)

    def render(self, state: State, seat: int | None = None, *, spectator: bool = False) -> str:
        """Draw ``state`` as text for a terminal.

        Args:
            state: A state of this ruleset.
            seat: The seat whose view to draw, or ``None`` for everything.
            spectator: Draw a spectator's view (only what is public) instead.

        Returns:
            Several lines of plain text, without a final newline.

        Raises:
            StateError: The state is not of this ruleset, or the seat is not in the game.
            ArgumentValueError: Both a seat and ``spectator``.
        """
        self._own(state)
        if seat is not None:
            check_seat(state, seat)
            if spectator:
                raise ArgumentValueError("render draws a seat's view or a spectator's, not both")
        seen = None if seat is None and not spectator else self.engine.observe(self, state, seat)
        return self.engine.render(self, state, seen)
