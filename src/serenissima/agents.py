"""Agents that choose actions, and a fast loop that plays a whole game with them.

An agent is anything with an ``act(rules, state)`` method that returns one of
``rules.legal_actions(state)``. :func:`play_game` seats one agent per seat,
resolves chance nodes with its own seeded generator, and plays to the end.

Two agents come with the library: :class:`RandomAgent` picks uniformly, and
:class:`GreedyAgent` looks one decision ahead and picks the action whose
result the edition's heuristic (``Ruleset.evaluate``) values most.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Final, Protocol, runtime_checkable

import attrs

from serenissima.core import CHANCE, TERMINAL, Action, Standings, State
from serenissima.errors import SerenissimaError
from serenissima.game import sample_outcome

if TYPE_CHECKING:
    from serenissima.ruleset import Ruleset

__all__ = [
    "AGENT_KINDS",
    "DEFAULT_MAX_DECISIONS",
    "DEFAULT_MAX_OUTCOMES",
    "Agent",
    "GameResult",
    "GreedyAgent",
    "RandomAgent",
    "make_agent",
    "play_game",
]

DEFAULT_MAX_DECISIONS: Final[int] = 100_000
"""The default bound on the decisions of one game in :func:`play_game`."""


@runtime_checkable
class Agent(Protocol):
    """Something that decides for the seat to act.

    Any object with a fitting ``act`` method is an agent; it need not inherit
    from this class.

    Example:
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
            SerenissimaError: The state offers no legal action.
        """
        actions = rules.legal_actions(state)
        if not actions:
            raise SerenissimaError(f"seat {state.to_act} has no legal action to choose from")
        return actions[self._rng.randrange(len(actions))]


DEFAULT_MAX_OUTCOMES: Final[int] = 64
"""The default number of chance outcomes :class:`GreedyAgent` averages over at most."""

_TIE: Final[float] = 1e-9
"""Values closer than this count as equal when :class:`GreedyAgent` compares actions."""


class GreedyAgent:
    """An agent that looks one decision ahead: one-ply expectimax on the edition's heuristic.

    For each legal action the agent applies it and scores the result with
    ``rules.evaluate(result, seat)``, the edition's estimate of the final score
    of the seat that decides. When the action leads to a chance node (a die
    roll, a card), the value is the exact expectation over that node's
    outcomes, each outcome's state scored as it stands (a chance node reached
    after that is not expanded). The best value wins; actions whose values are
    equal (within ``1e-9``) are broken by the agent's own seeded generator, so
    a seed always gives the same choices.

    Cost: one decision costs one ``apply_unchecked`` and one ``evaluate`` per
    legal action, plus one of each per outcome of every chance node reached.
    A chance node with more than ``max_outcomes`` outcomes is averaged over
    its ``max_outcomes`` most likely ones, weighted as they are. A decision
    with a single legal action costs nothing.

    Args:
        seed: Seed of the generator that breaks ties (``None``: unpredictable).
        max_outcomes: The most chance outcomes averaged over for one action.

    Raises:
        SerenissimaError: ``max_outcomes`` is less than 1.

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> state = rules.new_game(2)
        >>> while state.to_act == ser.CHANCE:
        ...     state = rules.apply(state, rules.chance_outcomes(state)[0][0])
        >>> agent = GreedyAgent(seed=1)
        >>> agent.act(rules, state) in rules.legal_actions(state)
        True
    """

    __slots__ = ("_rng", "max_outcomes", "seed")

    def __init__(self, seed: int | None = None, max_outcomes: int = DEFAULT_MAX_OUTCOMES) -> None:
        if max_outcomes < 1:
            raise SerenissimaError(f"max_outcomes must be at least 1, got {max_outcomes!r}")
        self.seed = seed
        self.max_outcomes = max_outcomes
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"GreedyAgent(seed={self.seed!r})"

    def values(self, rules: Ruleset, state: State) -> tuple[tuple[Action, float], ...]:
        """Value every legal action for the seat that decides, as :meth:`act` does.

        Args:
            rules: The ruleset.
            state: A state in which a seat must decide.

        Returns:
            Each legal action with its value, in the order of ``rules.legal_actions``.

        Raises:
            SerenissimaError: No seat decides in ``state``, or it offers no legal action.

        Example:
            >>> import serenissima as ser
            >>> rules = ser.load_ruleset("modern")
            >>> state = rules.new_game(2)
            >>> while state.to_act == ser.CHANCE:
            ...     state = rules.apply(state, rules.chance_outcomes(state)[0][0])
            >>> values = GreedyAgent(seed=1).values(rules, state)
            >>> [action for action, _ in values] == list(rules.legal_actions(state))
            True
        """
        seat = state.to_act
        if seat < 0:
            raise SerenissimaError("no seat decides in this state")
        actions = rules.legal_actions(state)
        if not actions:
            raise SerenissimaError(f"seat {seat} has no legal action to choose from")
        return tuple((action, self._value(rules, state, action, seat)) for action in actions)

    def act(self, rules: Ruleset, state: State) -> Action:
        """Return the legal action of highest value, ties broken by the agent's generator.

        Args:
            rules: The ruleset.
            state: A state in which a seat must decide.

        Returns:
            The chosen action.

        Raises:
            SerenissimaError: The state offers no legal action.
        """
        actions = rules.legal_actions(state)
        if not actions:
            raise SerenissimaError(f"seat {state.to_act} has no legal action to choose from")
        if len(actions) == 1:
            return actions[0]
        seat = state.to_act
        best: list[Action] = []
        best_value = -math.inf
        for action in actions:
            value = self._value(rules, state, action, seat)
            if value > best_value + _TIE:
                best, best_value = [action], value
            elif value >= best_value - _TIE:
                best.append(action)
        return best[0] if len(best) == 1 else best[self._rng.randrange(len(best))]

    def _value(self, rules: Ruleset, state: State, action: Action, seat: int) -> float:
        result = rules.apply_unchecked(state, action)
        if result.to_act != CHANCE:
            return rules.evaluate(result, seat)
        outcomes: Sequence[tuple[Action, Fraction]] = rules.chance_outcomes(result)
        if len(outcomes) > self.max_outcomes:
            outcomes = sorted(outcomes, key=lambda o: o[1], reverse=True)[: self.max_outcomes]
        total = weight = 0.0
        for outcome, probability in outcomes:
            p = float(probability)
            total += p * rules.evaluate(rules.apply_unchecked(result, outcome), seat)
            weight += p
        return total / weight


AGENT_KINDS: Final[tuple[str, ...]] = ("random", "greedy")
"""The names :func:`make_agent` knows, for command lines and configuration files."""


def make_agent(kind: str, seed: int | None = None) -> Agent:
    """Make an agent by name.

    Args:
        kind: One of :data:`AGENT_KINDS`: ``"random"`` (:class:`RandomAgent`) or
            ``"greedy"`` (:class:`GreedyAgent`).
        seed: Seed of the agent's own generator.

    Returns:
        A new agent.

    Raises:
        SerenissimaError: ``kind`` names no agent.

    Example:
        >>> make_agent("random", seed=2)
        RandomAgent(seed=2)
        >>> make_agent("greedy", seed=2)
        GreedyAgent(seed=2)
    """
    if kind == "random":
        return RandomAgent(seed)
    if kind == "greedy":
        return GreedyAgent(seed)
    raise SerenissimaError(f"unknown agent {kind!r}; expected one of {', '.join(AGENT_KINDS)}")


@attrs.frozen(slots=True)
class GameResult:
    """The outcome of one game played by :func:`play_game`.

    Attributes:
        state: The final state.
        standings: The final standings.
        decisions: The number of decisions the seats made.
        chance: The number of chance nodes resolved.
        turns: The game turn reached (``state.turn`` when the edition has it, else 0).

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("classic")
        >>> result = play_game(rules, 2, RandomAgent(3), seed=3)
        >>> result.turns == result.state.rounds, result.decisions > 0
        (True, True)
    """

    state: State
    standings: Standings
    decisions: int
    chance: int
    turns: int


def play_game(
    rules: Ruleset,
    players: int,
    agents: Agent | Sequence[Agent],
    seed: int | None,
    options: Mapping[str, object] | None = None,
    max_decisions: int = DEFAULT_MAX_DECISIONS,
) -> GameResult:
    """Play one game to the end with the given agents.

    Chance nodes are resolved with a generator seeded with ``seed``; actions
    are applied without checking (``rules.apply_unchecked``), so every agent
    must return one of the legal actions it is offered.

    Args:
        rules: The ruleset.
        players: The number of seats.
        agents: One agent per seat, or one agent that plays every seat.
        seed: Seed of the chance generator.
        options: Rule options by name.
        max_decisions: Give up after this many decisions.

    Returns:
        The final state, standings and counts.

    Raises:
        OptionError: An unsupported player count or a bad option.
        SerenissimaError: The number of agents does not match the seats, or the
            game did not finish within ``max_decisions`` decisions.

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> result = play_game(rules, 4, RandomAgent(1), seed=1)
        >>> rules.is_over(result.state) and result.standings.final
        True
        >>> result == play_game(rules, 4, RandomAgent(1), seed=1)
        True
    """
    seats = _seat_agents(agents, players)
    rng = random.Random(seed)
    state = rules.new_game(players, options)
    decisions = chance = 0
    while True:
        to_act = state.to_act
        if to_act == TERMINAL:
            break
        if to_act == CHANCE:
            action = sample_outcome(rules.chance_outcomes(state), rng)
            chance += 1
        else:
            if decisions >= max_decisions:
                raise SerenissimaError(f"game did not finish within {max_decisions} decisions")
            action = seats[to_act].act(rules, state)
            decisions += 1
        state = rules.apply_unchecked(state, action)
    return GameResult(state, rules.standings(state), decisions, chance, state.turn)


def _seat_agents(agents: Agent | Sequence[Agent], players: int) -> tuple[Agent, ...]:
    if isinstance(agents, Sequence):
        if len(agents) != players:
            raise SerenissimaError(f"expected one agent per seat ({players}), got {len(agents)}")
        return tuple(agents)
    return (agents,) * players
