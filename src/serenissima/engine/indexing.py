"""The index spaces of a ruleset: methods ``Ruleset`` gets.

A learning library sees each decision as a choice among ``0..n-1`` with a
mask of the legal indexes (and each seat's view as a vector of numbers:
:mod:`serenissima.engine.vectors`); this module gives a
:class:`Ruleset <serenissima.engine.ruleset.Ruleset>` the first (see
:mod:`serenissima.engine.spaces` for how a space is laid out). A space depends on the
player count and the rule options only, never on the state of play: the same
index is the same kind of action in every state of a game.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

from serenissima.engine.core import CHANCE, TERMINAL, Action, Observation, State
from serenissima.engine.errors import StateError
from serenissima.engine.factored import FactoredChoices, FactoredSpace
from serenissima.engine.spaces import Family, IndexSpace
from serenissima.engine.vectors import Encoding, Vectors

__all__ = ["Indexing", "Learnable"]


@runtime_checkable
class Learnable(Encoding, Protocol):
    """What an edition's engine provides for the index spaces and the observation vectors.

    Part of :class:`~serenissima.engine.ruleset.Engine`.

    Example:
        >>> import serenissima as ser
        >>> isinstance(ser.load_ruleset("modern").engine, Learnable)
        True
    """

    def index_families(
        self, rules: Any, state: State
    ) -> tuple[tuple[Family, ...], tuple[Family, ...]]:
        """The families of the action and outcome index spaces, from players and options only."""
        ...


class Indexing(Vectors):
    """The index-space methods of a ruleset (a base class of ``Ruleset``).

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> state = rules.new_game(players=2)
        >>> rules.chance_indices(state)[:2]
        ((0, Fraction(1, 5)), (1, Fraction(1, 5)))
    """

    __slots__ = ("_factored", "_indexed", "_last_spaces", "_spaces")
    engine: Learnable

    def _start_indexing(self) -> None:
        """Make the tables the methods fill as they are asked (called by ``Ruleset``)."""
        self._spaces: dict[Hashable, tuple[IndexSpace, IndexSpace]] = {}
        # one-item lists: the last answers remembered by spaces_of and legal_indices
        self._last_spaces: list[
            tuple[int, object, tuple[IndexSpace, IndexSpace]] | tuple[None, None, None]
        ] = [(None, None, None)]
        self._indexed: list[tuple[State | None, tuple[int, ...], tuple[Action, ...]]] = [
            (None, (), ())
        ]
        # the factored space of each action space, by the flat space's identity
        self._factored: dict[int, tuple[IndexSpace, FactoredSpace]] = {}

    # provided by Ruleset
    def _own(self, state: object) -> None:
        raise NotImplementedError

    def observe(self, state: State, seat: int | None) -> Observation:
        """What a seat sees (see ``Ruleset.observe``)."""
        raise NotImplementedError

    def new_game(self, players: int, options: Mapping[str, object] | None = None) -> State:
        """Start a game (see ``Ruleset.new_game``)."""
        raise NotImplementedError

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        """The legal actions (see ``Ruleset.legal_actions``)."""
        raise NotImplementedError

    def chance_outcomes(self, state: State) -> tuple[tuple[Action, Fraction], ...]:
        """The chance outcomes (see ``Ruleset.chance_outcomes``)."""
        raise NotImplementedError

    def spaces_of(self, state: State) -> tuple[IndexSpace, IndexSpace]:
        """The action and the chance-outcome index spaces of ``state``'s game.

        They depend on its player count and rule options only.
        """
        options = getattr(state, "options", None)
        last = self._last_spaces[0]
        if last[1] is options and last[0] == state.players and options is not None:
            self._own(state)
            return last[2]
        self._own(state)
        key = (state.players, options)
        found = self._spaces.get(key)
        if found is None:
            actions, outcomes = self.engine.index_families(self, state)
            found = self._spaces[key] = (
                IndexSpace(actions, "action"),
                IndexSpace(outcomes, "chance outcome"),
            )
        self._last_spaces[0] = (state.players, options, found)
        return found

    def action_space(self, players: int, options: Mapping[str, object] | None = None) -> IndexSpace:
        """The action index space of games of ``players`` seats with ``options``.

        Args:
            players: The number of seats.
            options: Rule options by name; missing ones take their defaults.

        Raises:
            OptionError: An unsupported player count or a bad option.

        Example:
            >>> import serenissima as ser
            >>> rules = ser.load_ruleset("modern")
            >>> space = rules.action_space(4)
            >>> space.size == rules.num_actions(4), space.rows()[0][:3]
            (True, ('PickGalley', 0, 15))
        """
        return self.spaces_of(self.new_game(players, options))[0]

    def factored_space(
        self, players: int, options: Mapping[str, object] | None = None
    ) -> FactoredSpace:
        """The action space of such a game as heads: the family, then its fields' parts.

        See :mod:`serenissima.engine.factored`; the flat :meth:`action_space` stays the
        default everywhere.

        Raises:
            OptionError: An unsupported player count or a bad option.

        Example:
            >>> import serenissima as ser
            >>> rules = ser.load_ruleset("modern")
            >>> rules.factored_space(2).sizes
            (25, 34, 34, 15)
        """
        return self._factored_of(self.action_space(players, options))

    def _factored_of(self, space: IndexSpace) -> FactoredSpace:
        found = self._factored.get(id(space))
        if found is None or found[0] is not space:
            found = self._factored[id(space)] = (space, FactoredSpace(space))
        return found[1]

    def factored_choices(self, state: State) -> FactoredChoices:
        """The legal actions of the seat that decides as head values, with their masks.

        Raises:
            StateError: No seat decides: the game is over, or chance acts.

        Example:
            >>> import serenissima as ser
            >>> rules = ser.load_ruleset("classic")
            >>> state = rules.new_game(players=2)
            >>> choices = rules.factored_choices(state)
            >>> [choices.complete(values) for values in choices.legal] == list(
            ...     rules.legal_indices(state)
            ... )
            True
        """
        legal = self.legal_indices(state)
        return self._factored_of(self.spaces_of(state)[0]).choices(legal)

    def outcome_space(
        self, players: int, options: Mapping[str, object] | None = None
    ) -> IndexSpace:
        """The index space of the chance outcomes, apart from the actions'.

        See :meth:`action_space`.
        """
        return self.spaces_of(self.new_game(players, options))[1]

    def num_actions(self, players: int, options: Mapping[str, object] | None = None) -> int:
        """How many indexes the actions of such a game take: every mask has this length.

        Example:
            >>> import serenissima as ser
            >>> ser.load_ruleset("classic").num_actions(2) > 1000
            True
        """
        return self.action_space(players, options).size

    def num_outcomes(self, players: int, options: Mapping[str, object] | None = None) -> int:
        """How many indexes the chance outcomes of such a game take."""
        return self.outcome_space(players, options).size

    def action_index(self, state: State, action: Action) -> int:
        """The index of ``action`` (a seat's action) in ``state``'s game.

        Legality is not checked: any action the space holds has an index.

        Raises:
            StateError: The state is not of this ruleset.
            ArgumentValueError: The action is outside the space (another
                ruleset's, or an amount above the space's bound, which the
                message names).

        Example:
            >>> import serenissima as ser
            >>> rules = ser.load_ruleset("classic")
            >>> state = rules.new_game(players=2)
            >>> action = rules.legal_actions(state)[0]
            >>> rules.index_action(state, rules.action_index(state, action)) == action
            True
        """
        return self.spaces_of(state)[0].index(state, action)

    def index_action(self, state: State, index: int) -> Action:
        """The action at ``index`` in ``state`` (which may not be legal there).

        Raises:
            StateError: The state is not of this ruleset.
            ArgumentTypeError: ``index`` is not an int.
            ArgumentValueError: ``index`` is outside ``0..num_actions-1``, or
                names a galley slot that holds no galley in ``state``.
        """
        known = self._indexed[0]
        if known[0] is state and type(index) is int:
            # one of the legal indexes just listed: the very action legal_actions gave
            try:
                return known[2][known[1].index(index)]
            except ValueError:
                pass
        return self.spaces_of(state)[0].action(state, index)

    def legal_indices(self, state: State) -> tuple[int, ...]:
        """The indexes of the legal actions of the seat that decides.

        In the order of ``legal_actions``. The last answer is remembered for
        the state it was computed for, and ``index_action`` on that state
        returns the very actions ``legal_actions`` gave.

        Raises:
            StateError: No seat decides: the game is over, or chance acts
                (see :meth:`chance_indices`).
        """
        known = self._indexed[0]
        if known[0] is state:
            return known[1]
        self._own(state)
        _deciding(state)
        actions = self.legal_actions(state)
        indices = self.spaces_of(state)[0].indices(state, actions)
        self._indexed[0] = (state, indices, actions)
        return indices

    def legal_mask(self, state: State) -> bytes:
        """One byte per action index, 1 where the action is legal: the mask learning APIs take.

        Raises:
            StateError: No seat decides: the game is over, or chance acts.

        Example:
            >>> import serenissima as ser
            >>> rules = ser.load_ruleset("classic")
            >>> state = rules.new_game(players=2)
            >>> mask = rules.legal_mask(state)
            >>> len(mask) == rules.num_actions(2), sum(mask) == len(rules.legal_actions(state))
            (True, True)
        """
        indices = self.legal_indices(state)
        mask = bytearray(self.spaces_of(state)[0].size)
        for index in indices:
            mask[index] = 1
        return bytes(mask)

    def outcome_index(self, state: State, outcome: Action) -> int:
        """The index of a chance outcome in the outcome space of ``state``'s game."""
        return self.spaces_of(state)[1].index(state, outcome)

    def index_outcome(self, state: State, index: int) -> Action:
        """The chance outcome at ``index`` (which may not be possible in ``state``)."""
        return self.spaces_of(state)[1].action(state, index)

    def chance_indices(self, state: State) -> tuple[tuple[int, Fraction], ...]:
        """The outcomes of the chance node ``state`` as indexes, with their exact probabilities.

        Raises:
            StateError: ``state`` is no chance node.

        Example:
            >>> import serenissima as ser
            >>> rules = ser.load_ruleset("modern")
            >>> state = rules.new_game(players=3)
            >>> sum(p for _, p in rules.chance_indices(state))
            Fraction(1, 1)
        """
        self._own(state)
        if state.to_act != CHANCE:
            raise StateError("chance does not act in this state: it has no outcomes to index")
        outcomes = self.chance_outcomes(state)
        indices = self.spaces_of(state)[1].indices(state, [o for o, _ in outcomes])
        return tuple(zip(indices, [p for _, p in outcomes], strict=True))


def _deciding(state: State) -> None:
    """Refuse a state in which no seat decides."""
    if state.to_act == TERMINAL:
        raise StateError("the game is over: no seat has legal actions to mask")
    if state.to_act == CHANCE:
        raise StateError("chance acts in this state: use chance_indices for its outcomes")
