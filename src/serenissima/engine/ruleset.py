"""A loaded ruleset: the public entry point for playing an edition.

A :class:`Ruleset` joins a declaration (board, numbers, options: the TOML files) with
the edition's logic (an :class:`Engine`). Every method is pure: states in, states out.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any, Protocol

from serenissima.engine.core import (
    CHANCE,
    TERMINAL,
    Action,
    Decision,
    Event,
    Observation,
    PhaseInfo,
    Standings,
    State,
)
from serenissima.engine.errors import (
    ArgumentTypeError,
    IllegalActionError,
    OptionError,
    SerenissimaError,
)
from serenissima.engine.indexing import Indexing, Learnable
from serenissima.engine.option_values import OptionValue, resolve_options
from serenissima.engine.options import OptionSchema
from serenissima.engine.spec import OptionSpec, RulesetInfo
from serenissima.engine.views import ACTION_EXPECTED, Seeing, Views, check_seat

if TYPE_CHECKING:
    from serenissima.engine.board import Board
    from serenissima.engine.flow import FlowSpec
    from serenissima.engine.value_model import ValueModel

__all__ = ["Engine", "OptionValue", "Ruleset", "resolve_options"]


class Engine(Learnable, Seeing, Protocol):
    """The logic of an edition, as a ruleset's Python module provides it.

    The kernel calls these methods; users call the :class:`Ruleset` methods of
    the same names, which check their input first.

    Examples:
        >>> import serenissima as ser
        >>> engine = ser.load_ruleset("classic").engine
        >>> engine.edition, engine.state_type.__name__
        ('classic', 'ClassicState')
        >>> [phase.kind for phase in engine.phases()][:3]
        ['crew', ...]
    """

    edition: str
    state_type: type[State]
    action_types: tuple[type[Action], ...]
    event_types: tuple[type[Event], ...]
    observation_type: type[Observation]
    unions: tuple[Any, ...]
    """The union types used as field types in states, for JSON tagged unions."""
    option_schema: OptionSchema[Any]
    """The rule options the code reads and the values it understands (see :func:`option_schema
    <serenissima.engine.options.option_schema>`); ``options.toml`` is checked against it."""

    def load_params(self, files: Any, board: Board) -> Any:
        """Read the edition's own files into its typed parameter classes."""

    def new_game(self, rules: Ruleset, players: int, options: Mapping[str, OptionValue]) -> State:
        """Return the state before the first decision of a new game."""

    def legal_actions(self, rules: Ruleset, state: State) -> tuple[Action, ...]:
        """Return the actions of the seat to act (chance outcomes at chance nodes)."""

    def chance_outcomes(self, rules: Ruleset, state: State) -> tuple[tuple[Action, Fraction], ...]:
        """Return the outcomes of a chance node with their probabilities."""

    def step(self, rules: Ruleset, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        """Apply an action already known to be legal."""

    def explain(self, rules: Ruleset, state: State, action: Action) -> IllegalActionError:
        """Return the error that says why ``action`` is illegal in ``state``."""

    def label(self, rules: Ruleset, state: State, action: Action) -> str:
        """Say ``action``, a legal action or chance outcome of ``state``, in plain English."""

    def decision(self, rules: Ruleset, state: State) -> Decision:
        """Describe the decision point of ``state``."""

    def standings(self, rules: Ruleset, state: State) -> Standings:
        """Rank the seats, with the breakdown of each score."""

    def parse_action(self, rules: Ruleset, state: State, text: str) -> Action:
        """Read an action's text form in the context of ``state``."""

    def phases(self) -> tuple[PhaseInfo, ...]:
        """Describe the edition's turn structure, phase by phase, in playing order."""

    def evaluate(self, rules: Ruleset, state: State, seat: int) -> float:
        """Estimate how good ``state`` is for ``seat``, in the units of the final score."""


class Ruleset(Views, Indexing):
    """An edition's declaration joined with its logic.

    Obtain one with :func:`serenissima.load_ruleset`. Every method that takes
    a state raises :class:`~serenissima.engine.errors.StateError` when the state is
    not one of this ruleset's edition.

    Attributes:
        info: Identity and version.
        board: The board.
        options: The declared rule options.
        params: The edition's own typed parameters (numbers, tables, decks).
        engine: The edition's logic.
        values: Its learned evaluation, if it ships one (see :mod:`.value_model`).
        flow: Its order of play, as ``flow.toml`` declares it (see :mod:`.flow`), or ``None``.

    Examples:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> state = rules.new_game(players=4)
        >>> rules.decision(state).kind
        'first-player'
        >>> state = rules.apply(state, rules.legal_actions(state)[0])
        >>> rules.decision(state).prompt
        'Pick a galley number.'
    """

    __slots__ = ("_cache", "board", "engine", "flow", "info", "options", "params", "values")
    engine: Engine

    def __init__(
        self,
        info: RulesetInfo,
        board: Board,
        options: tuple[OptionSpec, ...],
        params: Any,
        engine: Engine,
        values: ValueModel | None = None,
        flow: FlowSpec | None = None,
    ) -> None:
        self.info, self.board, self.options, self.params = info, board, options, params
        self.engine, self.values, self.flow = engine, values, flow
        self._cache: tuple[State | None, tuple[Action, ...]] = (None, ())
        self._start_indexing()
        self._start_vectors()

    def __repr__(self) -> str:
        return f"<Ruleset {self.info.id!r} version {self.info.version}>"

    @property
    def id(self) -> str:
        """The ruleset's registry name."""
        return self.info.id

    def new_game(self, players: int, options: Mapping[str, object] | None = None) -> State:
        """Start a game.

        Set-up choices (and set-up chance, such as the first player) are the
        first decision points of the returned state.

        Args:
            players: The number of seats.
            options: Rule options by name; missing ones take their defaults.

        Raises:
            OptionError: An unsupported player count or a bad option.
        """
        if isinstance(players, bool) or not isinstance(players, int):
            raise ArgumentTypeError("players", "the number of seats, an int", players)
        if options is not None and not isinstance(options, Mapping):
            raise ArgumentTypeError("options", "a mapping of option names to values", options)
        if players not in self.info.players:
            counts = ", ".join(str(n) for n in self.info.players)
            raise OptionError("players", f"this ruleset is for {counts} players, not {players!r}")
        return self.engine.new_game(self, players, resolve_options(self.options, players, options))

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        """Return every legal action of the one who acts (chance outcomes at chance nodes).

        The last answer is remembered for the state it was computed for, so
        that ``apply`` right after ``legal_actions`` does not compute it twice.
        """
        cache = self._cache
        if cache[0] is state:
            return cache[1]
        engine = self.engine
        if type(state) is not engine.state_type:  # _own's check, without the call in play
            self._own(state)
        actions = engine.legal_actions(self, state)
        self._cache = (state, actions)
        return actions

    def is_legal(self, state: State, action: Action) -> bool:
        """Return whether ``action`` may be applied to ``state``."""
        return action in self.legal_actions(state)

    def chance_outcomes(self, state: State) -> tuple[tuple[Action, Fraction], ...]:
        """Return the outcomes of a chance node and their exact probabilities.

        Returns an empty tuple when the state is not a chance node.
        """
        self._own(state)
        if state.to_act != CHANCE:
            return ()
        return self.engine.chance_outcomes(self, state)

    def apply(self, state: State, action: Action) -> State:
        """Apply a legal action and return the new state.

        Raises:
            IllegalActionError: The action is not legal; ``state`` is unchanged.
        """
        # what step does, without its call: every game loop applies through here
        cache = self._cache
        actions = cache[1] if cache[0] is state else self.legal_actions(state)
        if not any(map(is_, actions, repeat(action))) and action not in actions:
            raise self._refusal(state, action)
        return self.engine.step(self, state, action)[0]

    def step(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        """Apply a legal action; return the new state and the events it caused.

        Raises:
            IllegalActionError: The action is not legal; ``state`` is unchanged.
        """
        cache = self._cache  # legal_actions(state), without the call when it was just asked
        actions = cache[1] if cache[0] is state else self.legal_actions(state)
        # a bot hands back one of the listed actions itself: find it by identity first
        # (C-speed, no __eq__ calls), then by equality (a parsed or rebuilt action)
        if not any(map(is_, actions, repeat(action))) and action not in actions:
            raise self._refusal(state, action)
        return self.engine.step(self, state, action)

    def _refusal(self, state: State, action: object) -> SerenissimaError:
        """The error for ``action``, which is not one of the legal actions of ``state``."""
        if not isinstance(action, self.engine.action_types):
            return ArgumentTypeError("action", ACTION_EXPECTED, action)
        return self.engine.explain(self, state, action)

    def apply_unchecked(self, state: State, action: Action) -> State:
        """Apply an action without checking it: for bots that picked it from ``legal_actions``.

        An action that is not legal gives an undefined result.
        """
        self._own(state)
        if not isinstance(action, Action):
            raise ArgumentTypeError("action", ACTION_EXPECTED, action)
        return self.engine.step(self, state, action)[0]

    def label(self, state: State, action: Action) -> str:
        """Say ``action``, a legal action or chance outcome of ``state``, in plain English.

        The text form (``str(action)``) is short and exact, for typing and for
        records; the label is for people: ``sailor venice>2`` is "Move 1 sailor
        from Venice to galley 2".

        Example:
            >>> import serenissima as ser
            >>> rules = ser.load_ruleset("classic")
            >>> state = rules.new_game(players=2)
            >>> rules.label(state, rules.parse_action(state, "buy 2 venice"))
            'Buy 1 textiles at Venice onto galley 2'
        """
        self._own(state)
        if not isinstance(action, self.engine.action_types):
            raise ArgumentTypeError("action", ACTION_EXPECTED, action)
        return self.engine.label(self, state, action)

    def decision(self, state: State) -> Decision:
        """Describe the decision point of ``state``: who decides what."""
        self._own(state)
        return self.engine.decision(self, state)

    def is_over(self, state: State) -> bool:
        """Return whether the game has ended."""
        self._own(state)
        return state.to_act == TERMINAL

    def standings(self, state: State) -> Standings:
        """Rank the seats with the breakdown of their scores (provisional before the end)."""
        self._own(state)
        return self.engine.standings(self, state)

    def evaluate(self, state: State, seat: int) -> float:
        """Estimate how good ``state`` is for ``seat``: the heuristic of the greedy bot.

        The estimate is in the units of the final score (ducats, or wealth
        points), so that it equals the seat's score once the game is over.

        Raises:
            StateError: The state is not of this ruleset, or the seat is not in the game.
        """
        self._own(state)
        check_seat(state, seat)
        return self.engine.evaluate(self, state, seat)

    def parse_action(self, state: State, text: str) -> Action:
        """Read an action's text form, such as ``"move algiers"``.

        Raises:
            ActionParseError: The text spells no action of this ruleset.
        """
        self._own(state)
        if not isinstance(text, str):
            raise ArgumentTypeError("text", "an action's text form, a str", text)
        return self.engine.parse_action(self, state, text)
