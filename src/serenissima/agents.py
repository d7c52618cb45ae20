"""Agents that choose actions, and a fast loop that plays a whole game with them.

An agent is anything with an ``act(rules, state)`` method that returns one of
``rules.legal_actions(state)``. :func:`play_game` seats one agent per seat,
resolves chance nodes with its own seeded generator, and plays to the end.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
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
    "Agent",
    "GameResult",
    "RandomAgent",
    "make_agent",
    "play_game",
]

DEFAULT_MAX_DECISIONS: Final[int] = 100_000
"""The default bound on the decisions of one game in :func:`play_game`."""


@runtime_checkable
class Agent(Protocol):
    """Something that decides for the seat to act."""

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
        >>> agent = RandomAgent(seed=3)
        >>> action = agent.act(rules, state)  # doctest: +SKIP
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


AGENT_KINDS: Final[tuple[str, ...]] = ("random",)
"""The names :func:`make_agent` knows, for command lines and configuration files."""


def make_agent(kind: str, seed: int | None = None) -> Agent:
    """Make an agent by name.

    Args:
        kind: One of :data:`AGENT_KINDS`.
        seed: Seed of the agent's own generator.

    Returns:
        A new agent.

    Raises:
        SerenissimaError: ``kind`` names no agent.

    Example:
        >>> make_agent("random", seed=2)
        RandomAgent(seed=2)
    """
    if kind == "random":
        return RandomAgent(seed)
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
        >>> result = play_game(rules, 4, RandomAgent(1), seed=1)  # doctest: +SKIP
        >>> result.standings.winners  # doctest: +SKIP
        (2,)
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
