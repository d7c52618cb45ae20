"""What an agent is, and the baseline agent: uniformly random choices.

An agent is anything with an ``act(rules, state)`` method that returns one of
``rules.legal_actions(state)``: the :class:`Agent` protocol says so, and any
object with a fitting method is one, without inheriting from it.
:class:`RandomAgent` picks uniformly among the legal actions, from its own
seeded generator; it is the baseline the other agents are measured against.
The other agents live in modules of their own beside this one
(:mod:`~serenissima.agents.greedy`), and :mod:`~serenissima.agents.kinds`
makes them by name.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from serenissima.engine.core import Action, State
from serenissima.engine.errors import StateError

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__ = ["Agent", "RandomAgent"]


@runtime_checkable
class Agent(Protocol):
    """Something that decides for the seat to act.

    Any object with a fitting ``act`` method is an agent; it need not inherit
    from this class.

    Example:
        >>> from serenissima.agents import GreedyAgent
        >>> class FirstChoice:
        ...     def act(self, rules, state):
        ...         return rules.legal_actions(state)[0]
        >>> isinstance(FirstChoice(), Agent), isinstance(GreedyAgent(1), Agent)
        (True, True)
    """

    def act(self, rules: Ruleset, state: State) -> Action:
        """Return one of ``rules.legal_actions(state)`` for the seat ``state.to_act``.

        Args:
            rules: The ruleset.
            state: A state in which a seat (not chance) must decide.

        Returns:
            The chosen action.
        """
        ...


class RandomAgent:
    """An agent that picks uniformly among the legal actions.

    Args:
        seed: Seed of the agent's own generator (``None``: unpredictable).

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> state = rules.new_game(2)
        >>> while state.to_act == ser.CHANCE:
        ...     state = rules.apply(state, rules.chance_outcomes(state)[0][0])
        >>> RandomAgent(seed=3).act(rules, state) in rules.legal_actions(state)
        True
    """

    __slots__ = ("_rng", "seed")

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"RandomAgent(seed={self.seed!r})"

    def act(self, rules: Ruleset, state: State) -> Action:
        """Return a legal action chosen uniformly at random.

        Args:
            rules: The ruleset.
            state: A state in which a seat must decide.

        Returns:
            The chosen action.

        Raises:
            StateError: No seat decides in this state (chance does, or the
                game is over), or the state offers no legal action.
        """
        actions = rules.legal_actions(state)
        if state.to_act < 0:
            raise StateError("no seat decides in this state")
        if not actions:
            raise StateError(f"seat {state.to_act} has no legal action to choose from")
        return actions[self._rng.randrange(len(actions))]
