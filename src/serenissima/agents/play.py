"""The fast loop that plays a whole game with agents, and what it returns.

:func:`play_game` seats one agent per seat (or one agent for every seat),
resolves chance nodes with its own seeded generator, applies the actions
without checking them, and plays to the end; :class:`GameResult` holds the
final state, the standings and the counts of decisions and chance nodes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Final

import attrs

from serenissima.engine.core import CHANCE, TERMINAL, Standings, State
from serenissima.engine.errors import ArgumentValueError
from serenissima.records.game import sample_outcome

if TYPE_CHECKING:
    from serenissima.agents.base import Agent
    from serenissima.engine.ruleset import Ruleset

__all__ = ["DEFAULT_MAX_DECISIONS", "GameResult", "play_game"]

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


def _seat_agents(agents: Agent | Sequence[Agent], players: int) -> tuple[Agent, ...]:
    if isinstance(agents, Sequence):
        if len(agents) != players:
            raise ArgumentValueError(f"expected one agent per seat ({players}), got {len(agents)}")
        return tuple(agents)
    return (agents,) * players
