"""The convenience driver: a game in progress, with chance, history and undo.

:class:`Game` holds a ruleset, the current state, a seeded random generator
that resolves chance nodes, the actions applied so far and their events. It
is the object a front end or a notebook keeps; the ruleset's pure functions
stay available for search and bots.

Example:
    >>> from serenissima import Game, load_ruleset
    >>> game = Game(load_ruleset("modern"), players=4, seed=7)
    >>> [str(event) for event in game.advance()]
    ['seat 2 is the first player']
    >>> game.play(game.legal_actions()[0])  # picking a galley causes no event
    ()
    >>> [str(action) for action in game.undo()]
    ['galley 1']
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from serenissima.engine.chance import sample_outcome
from serenissima.engine.core import (
    CHANCE,
    TERMINAL,
    Action,
    Decision,
    Event,
    Observation,
    Standings,
)
from serenissima.engine.errors import (
    ArgumentTypeError,
    ArgumentValueError,
    StateError,
)
from serenissima.engine.ruleset import Ruleset
from serenissima.records.record import GameRecord
from serenissima.records.replay import check_result, record_ruleset, replay_steps

if TYPE_CHECKING:
    from serenissima.engine.core import State

__all__ = ["Game"]


@attrs.frozen(slots=True)
class _Frame:
    """One applied action: what it was, what it led to, and how to take it back."""

    action: Action
    state: State
    events: tuple[Event, ...]
    by_seat: bool
    """True for a seat's decision, False for a chance outcome."""
    rng_state: Any
    """The generator's state before it drew this outcome, or None if it did not draw."""


class Game:
    """A game in progress: a ruleset, a state, a seeded chance generator, history and undo.

    Args:
        rules: The ruleset.
        players: The number of seats.
        options: Rule options by name; missing ones take their defaults.
        seed: Seed of the generator that resolves chance nodes (``None``: unpredictable).

    Raises:
        OptionError: An unsupported player count or a bad option.
        ArgumentTypeError: ``rules`` is not a ruleset, or ``seed`` not an int or ``None``.

    Example:
        >>> from serenissima import Game, load_ruleset
        >>> game = Game(load_ruleset("modern"), players=4, seed=1)
        >>> while not game.is_over():
        ...     _ = game.advance()
        ...     if not game.is_over():
        ...         _ = game.play(game.legal_actions()[0])
        >>> game.standings().final, game.record().result is not None
        (True, True)
    """

    __slots__ = ("_frames", "_initial", "_options", "_players", "_rng", "_rules", "_seed")

    def __init__(
        self,
        rules: Ruleset,
        players: int,
        options: Mapping[str, object] | None = None,
        seed: int | None = None,
    ) -> None:
        if not isinstance(rules, Ruleset):
            raise ArgumentTypeError("rules", "a Ruleset (see load_ruleset)", rules)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ArgumentTypeError("seed", "an int or None", seed)
        self._initial = rules.new_game(players, options)  # checks players and options first
        self._rules = rules
        self._players = players
        self._options: dict[str, object] = dict(options or {})
        self._seed = seed
        self._rng = random.Random(seed)
        self._frames: list[_Frame] = []

    def __repr__(self) -> str:
        to_act = self.to_act
        who = {CHANCE: "chance to resolve", TERMINAL: "over"}.get(to_act, f"seat {to_act} to act")
        return (
            f"<Game {self._rules.id!r}: {self._players} players, "
            f"{len(self._frames)} actions, {who}>"
        )

    @property
    def rules(self) -> Ruleset:
        """The ruleset."""
        return self._rules

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._players

    @property
    def options(self) -> Mapping[str, object]:
        """The options the game was created with (defaults not filled in)."""
        return dict(self._options)

    @property
    def seed(self) -> int | None:
        """The seed of the chance generator."""
        return self._seed

    @property
    def state(self) -> State:
        """The current state."""
        return self._frames[-1].state if self._frames else self._initial

    @property
    def to_act(self) -> int:
        """Who acts next: a seat, ``CHANCE`` or ``TERMINAL`` (as ``State.to_act``)."""
        return self.state.to_act

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied so far, chance outcomes included, oldest first."""
        return tuple(frame.action for frame in self._frames)

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, oldest first."""
        return tuple(event for frame in self._frames for event in frame.events)

    def legal_actions(self) -> tuple[Action, ...]:
        """Return the legal actions of the one who acts (chance outcomes at chance nodes)."""
        return self._rules.legal_actions(self.state)

    def decision(self) -> Decision:
        """Describe the current decision point: who decides what."""
        return self._rules.decision(self.state)

    def play(self, action: Action | str) -> tuple[Event, ...]:
        """Apply an action of the one who acts, or a chance outcome read off real dice.

        Args:
            action: The action, or its text form (read with ``rules.parse_action``).

        Returns:
            The events the action caused.

        Raises:
            ActionParseError: The text spells no action.
            IllegalActionError: The action is not legal now; nothing changes.
        """
        state = self.state
        if isinstance(action, str):
            action = self._rules.parse_action(state, action)
        new, events = self._rules.step(state, action)
        self._frames.append(_Frame(action, new, events, state.to_act >= 0, None))
        return events

    def resolve_chance(self) -> tuple[Event, ...]:
        """Resolve the current chance node with the game's generator.

        Returns:
            The events the drawn outcome caused.

        Raises:
            SerenissimaError: The current state is not a chance node.
        """
        state = self.state
        if state.to_act != CHANCE:
            raise StateError(f"no chance node to resolve: {self._whose_turn(state)}")
        before = self._rng.getstate()
        action = sample_outcome(self._rules.chance_outcomes(state), self._rng)
        new, events = self._rules.step(state, action)
        self._frames.append(_Frame(action, new, events, False, before))
        return events

    def advance(self) -> tuple[Event, ...]:
        """Resolve chance nodes until a seat must decide or the game is over.

        Returns:
            The events of every outcome drawn (none if no chance node was pending).
        """
        events: list[Event] = []
        while self.state.to_act == CHANCE:
            events.extend(self.resolve_chance())
        return tuple(events)

    def undo(self, n: int = 1) -> tuple[Action, ...]:
        """Take back the last ``n`` decisions of the seats.

        One step of undo removes the last action a seat chose together with
        every chance outcome applied after it, so the game returns to the
        moment that seat had to decide. Chance outcomes applied before that
        decision stay. The chance generator is rewound as well: the game is
        exactly as it was at that moment, and playing the same actions again
        draws the same outcomes.

        Args:
            n: How many seat decisions to take back.

        Returns:
            The actions removed, oldest first.

        Raises:
            SerenissimaError: ``n`` is below 1, or fewer than ``n`` seat decisions
                were made; nothing changes.
        """
        if isinstance(n, bool) or not isinstance(n, int):
            raise ArgumentTypeError("n", "the number of decisions to take back, an int", n)
        if n < 1:
            raise ArgumentValueError(f"undo takes back at least one decision, not {n}")
        decisions = [i for i, frame in enumerate(self._frames) if frame.by_seat]
        if len(decisions) < n:
            made = len(decisions)
            raise ArgumentValueError(
                f"cannot undo {n} decision(s): the seats have made {made} so far"
            )
        cut = decisions[-n]
        removed = self._frames[cut:]
        drawn = [frame.rng_state for frame in removed if frame.rng_state is not None]
        if drawn:
            self._rng.setstate(drawn[0])
        del self._frames[cut:]
        return tuple(frame.action for frame in removed)

    def is_over(self) -> bool:
        """Return whether the game has ended."""
        return self._rules.is_over(self.state)

    def standings(self) -> Standings:
        """Return the standings (provisional before the end)."""
        return self._rules.standings(self.state)

    def observe(self, seat: int | None) -> Observation:
        """Return what ``seat`` may see of the current state (``None``: a spectator)."""
        return self._rules.observe(self.state, seat)

    def record(
        self, metadata: Mapping[str, str] | None = None, *, agents: Sequence[str] | None = None
    ) -> GameRecord:
        """Return the game's record (with its result once the game is over).

        It keeps the digests of the states and, when one seeded generator drew
        every chance outcome from the start, its seed (not when an outcome was
        typed in with :meth:`play`, or came from the record of :meth:`from_record`).

        Args:
            metadata: Free text to keep with the record (players' names, date...).
            agents: The kind of each seat (``"human"``, ``"greedy"``...), if known.

        Returns:
            The record; :meth:`from_record` or :func:`serenissima.records.replay.replay` replay it.

        Raises:
            ArgumentTypeError: ``metadata`` or ``agents`` is not of the types above.
            ArgumentValueError: ``agents`` does not name one kind per seat.

        Examples:
            >>> from serenissima import Game, load_ruleset
            >>> game = Game(load_ruleset("modern"), players=2, seed=4)
            >>> _ = game.advance()
            >>> record = game.record(agents=["human", "greedy"])
            >>> record.seed, record.agents, len(record.digests) == len(record.actions)
            (4, ('human', 'greedy'), True)
        """
        standings = self.standings() if self.is_over() else None
        drawn = all(frame.by_seat or frame.rng_state is not None for frame in self._frames)
        return GameRecord.create(
            self._rules,
            self._players,
            self._options,
            self.history,
            standings,
            metadata,
            seed=self._seed if drawn else None,
            agents=agents,
            states=[frame.state for frame in self._frames],
        )

    @classmethod
    def from_record(
        cls,
        record: GameRecord,
        rules: Ruleset | None = None,
        seed: int | None = None,
        *,
        allow_folder: bool = False,
    ) -> Game:
        """Rebuild a game from its record, with its full history (so undo works).

        Args:
            record: The record.
            rules: The ruleset to use; loaded by the record's ruleset name when ``None``.
            seed: Seed of the generator for the chance nodes still to come.
            allow_folder: Let the record's ruleset name a folder (see
                :func:`serenissima.records.replay.record_ruleset`).

        Returns:
            The game, at the state after the record's last action.

        Raises:
            RecordError: The record does not replay, or parts from its digests
                (see :func:`serenissima.records.replay.replay`).

        Examples:
            >>> from serenissima import Game, load_ruleset
            >>> game = Game(load_ruleset("modern"), players=2, seed=3)
            >>> _ = game.advance()  # the first player drawn with seed 3
            >>> again = Game.from_record(game.record(), seed=8)
            >>> again.state == game.state, again.record().seed  # two seeds drew its dice
            (True, None)
        """
        rules = record_ruleset(record, rules, allow_folder=allow_folder)
        steps = list(replay_steps(record, rules))
        game = cls(rules, record.players, dict(record.options), seed)
        for step in steps:
            by_seat = game.state.to_act >= 0
            game._frames.append(_Frame(step.action, step.state, step.events, by_seat, None))
        check_result(record, rules, game.state)
        return game

    @staticmethod
    def _whose_turn(state: State) -> str:
        if state.to_act == TERMINAL:
            return "the game is over"
        return f"seat {state.to_act} must decide"
