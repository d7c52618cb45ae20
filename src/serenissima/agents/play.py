"""The fast loop that plays a whole game with agents, and what it returns.

:func:`play_game` seats one agent per seat (or one agent for every seat),
resolves chance nodes with its own seeded generator, applies the actions
without checking them, and plays to the end; :class:`GameResult` holds the
final state, the standings and the counts of decisions and chance nodes.
:func:`choice_states` keeps positions from such a game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Final

import attrs

from serenissima.engine.chance import sample_outcome
from serenissima.engine.core import CHANCE, TERMINAL, Action, Standings, State
from serenissima.engine.errors import ArgumentValueError

if TYPE_CHECKING:
    from serenissima.agents.base import Agent
    from serenissima.engine.ruleset import Ruleset

__all__ = ["DEFAULT_MAX_DECISIONS", "GameResult", "choice_states", "play_game"]

DEFAULT_MAX_DECISIONS: Final[int] = 100_000
"""The default bound on the decisions of one game in :func:`play_game`."""


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
        >>> from serenissima.agents import RandomAgent
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
        >>> from serenissima.agents import RandomAgent
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
                raise ArgumentValueError(f"game did not finish within {max_decisions} decisions")
            action = seats[to_act].act(rules, state)
            decisions += 1
        state = rules.apply_unchecked(state, action)
    return GameResult(state, rules.standings(state), decisions, chance, state.turn)


def choice_states(
    rules: Ruleset,
    players: int,
    agents: Agent | Sequence[Agent],
    seed: int | None,
    count: int,
) -> list[State]:
    """Return ``count`` states where a seat has a choice, spread over one game the agents play.

    The game is :func:`play_game`'s with the same arguments; of the states in
    which the seat to act had more than one legal action, every ``k``-th is
    kept, ``k`` chosen so that they span the game. Benchmarks and searches
    use them as positions from real play.

    Args:
        rules: The ruleset.
        players: The number of seats.
        agents: One agent per seat, or one agent that plays every seat.
        seed: Seed of the chance generator.
        count: The most states to return.

    Returns:
        At most ``count`` states, in the order they were reached.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.agents import RandomAgent
        >>> rules = ser.load_ruleset("modern")
        >>> states = choice_states(rules, 3, RandomAgent(1), seed=1, count=5)
        >>> len(states), all(len(rules.legal_actions(s)) > 1 for s in states)
        (5, True)
    """
    found: list[State] = []
    seats = [_Recording(agent, found) for agent in _seat_agents(agents, players)]
    play_game(rules, players, seats, seed)
    step = max(1, len(found) // max(1, count))
    return found[::step][:count]


class _Recording:
    """An agent that keeps the states in which another one had a choice, then lets it act."""

    __slots__ = ("agent", "found")

    def __init__(self, agent: Agent, found: list[State]) -> None:
        self.agent = agent
        self.found = found

    def act(self, rules: Ruleset, state: State) -> Action:
        if len(rules.legal_actions(state)) > 1:
            self.found.append(state)
        return self.agent.act(rules, state)


def _seat_agents(agents: Agent | Sequence[Agent], players: int) -> tuple[Agent, ...]:
    if isinstance(agents, Sequence):
        if len(agents) != players:
            raise ArgumentValueError(f"expected one agent per seat ({players}), got {len(agents)}")
        return tuple(agents)
    return (agents,) * players
