"""A ruleset as an OpenSpiel game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import pyspiel

from serenissima.engine.core import State
from serenissima.engine.errors import ArgumentValueError, OptionError
from serenissima.engine.rewards import check_reward
from serenissima.engine.ruleset import Ruleset
from serenissima.spiel._params import (
    DEFAULT_MAX_GAME_LENGTH,
    SPIEL_REWARDS,
    UTILITY,
    game_type,
    option_value,
    parameter_value,
)
from serenissima.spiel._state import SerenissimaObserver, SerenissimaState, Shared

__all__ = ["SerenissimaGame"]


class SerenissimaGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """A ruleset as an OpenSpiel game, for one player count, options and rewards.

    Registered for every installed ruleset as ``python_serenissima_<id>``
    when :mod:`serenissima.spiel` is imported; ``pyspiel.load_game`` builds
    it from its parameters:

    - ``players``: the number of seats (default: the most the ruleset allows);
    - ``rewards``: ``"win"`` (+1 shared among the winners), ``"zero-sum"`` or
      ``"rank"``, as in :data:`serenissima.env.REWARDS`;
    - ``max_game_length``: the decisions after which a game ends where it
      stands (:data:`DEFAULT_MAX_GAME_LENGTH`);
    - one parameter per rule option of the ruleset, by the option's name: a
      bool; an int for an option some of whose values are numbers, its
      values that are words then ``-1``, ``-2``... in the order the option
      lists them (classic's ``sailor_pool=-1`` is ``"unlimited"``), since
      OpenSpiel reads digits in a game's name as an int; otherwise a string,
      a list of ports joined by ``+``.

    Actions are the ruleset's fixed action indexes (``Ruleset.num_actions``),
    chance outcomes its outcome indexes with their exact probabilities
    (``Ruleset.chance_indices``, as floats).

    Args:
        params: The game's parameters, as above.
        rules: The ruleset (by default the one the registered class is for).

    Raises:
        OptionError: An unknown parameter, or a value an option does not take.
        ArgumentValueError: A reward OpenSpiel cannot bound, or a length below 1.

    Example:
        >>> import pyspiel
        >>> import serenissima.spiel
        >>> game = pyspiel.load_game("python_serenissima_classic(players=3,rewards=rank)")
        >>> game.num_distinct_actions() == game.rules.num_actions(3), game.min_utility()
        (True, -1.0)
    """

    RULES: ClassVar[Ruleset | None] = None
    """The ruleset of the games a registered subclass makes from parameters alone."""

    def __init__(
        self, params: Mapping[str, Any] | None = None, rules: Ruleset | None = None
    ) -> None:
        rules = rules or self.RULES
        if rules is None:
            raise ArgumentValueError("a SerenissimaGame needs a ruleset")
        given = dict(params or {})
        known = {"players", "rewards", "max_game_length", *(s.name for s in rules.options)}
        for name in given:
            if name not in known:
                takes = ", ".join(sorted(known))
                raise OptionError(name, f"unknown parameter; this game takes {takes}")
        self.rules = rules
        self.players: int = given.get("players", max(rules.info.players))
        self.reward: str = check_reward(given.get("rewards", "win"))
        if self.reward not in SPIEL_REWARDS:
            raise ArgumentValueError(
                f"rewards must be one of {', '.join(SPIEL_REWARDS)} in OpenSpiel "
                f"(it declares each game's utility bounds), not {self.reward!r}"
            )
        self.length_limit: int = given.get("max_game_length", DEFAULT_MAX_GAME_LENGTH)
        if isinstance(self.length_limit, bool) or not isinstance(self.length_limit, int):
            raise ArgumentValueError(f"max_game_length must be an int, not {self.length_limit!r}")
        if self.length_limit < 1:
            raise ArgumentValueError(f"max_game_length must be at least 1, not {self.length_limit}")
        self.options: dict[str, object] = {
            spec.name: option_value(spec, given[spec.name])
            for spec in rules.options
            if spec.name in given and given[spec.name] != parameter_value(spec, spec.default)
        }
        self.start: State = rules.new_game(self.players, self.options)
        actions, outcomes = rules.spaces_of(self.start)
        self.shared = Shared(rules, self.players, self.options, self.reward, self.length_limit)
        least, greatest, total = UTILITY[self.reward][1:]
        info = pyspiel.GameInfo(
            num_distinct_actions=actions.size,
            max_chance_outcomes=outcomes.size,
            num_players=self.players,
            min_utility=least,
            max_utility=greatest,
            utility_sum=total,
            max_game_length=self.length_limit,
        )
        super().__init__(game_type(rules, self.reward), info, given)

    def new_initial_state(self) -> SerenissimaState:
        """A new game: its set-up begins with chance."""
        return SerenissimaState(self, self.shared, self.start)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> SerenissimaObserver:
        """The observer of what one seat sees (see :class:`SerenissimaObserver`)."""
        return SerenissimaObserver(self.shared, iig_obs_type, params)
