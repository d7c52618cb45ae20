"""Positions of self-play games with each seat's final result, for fitting a value model.

:func:`collect_positions` plays one game (a :class:`PositionsTask`: a ruleset,
the agent kind at every seat, the batch seed and the game's index) and keeps
about one decision in ``every`` (the game is :func:`~serenissima.agents.play_game`'s,
with the same seeds): at each kept decision, a full state is drawn
from what the seat to act may see (``sample_state`` of its observation), so
that what is recorded is what the search bot would evaluate there, and each
seat's :data:`~serenissima.engine.value_model.VALUE_FEATURES` of it are kept
with the share of the win each seat ends with. With ``explore`` above 0, each
decision is played uniformly at random with that chance instead of by the
agent, so that the positions also show where moves the agent would not make
lead: a model fitted to its own play alone cannot tell that a move it never
saw is bad, and a search reading it seeks such moves out. Every seed derives from the
batch seed and the game's index (:func:`~serenissima.analysis.run.games.game_seeds`),
so the positions are the same on any backend and any number of workers.

Example:
    >>> from serenissima.analysis.run.games import RulesetRef
    >>> task = PositionsTask(RulesetRef.of("modern"), 2, "greedy", seed=1, index=0, every=20)
    >>> positions = collect_positions(task)
    >>> all(len(p.features) == 2 and sum(p.shares) == 1.0 for p in positions)
    True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

import attrs

from serenissima.agents import Agent, make_agent, play_game
from serenissima.analysis.run.games import RulesetRef, game_seeds
from serenissima.engine.core import Action, State
from serenissima.engine.errors import ArgumentValueError
from serenissima.engine.value_model import Paced, value_features

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__ = ["Position", "PositionsTask", "collect_positions"]


@attrs.frozen
class Position:
    """One kept decision of a game: each seat's features, and how the game ended.

    Attributes:
        game: The game's index in its batch (the held-out games are chosen by it).
        progress: The share of the game played (the engine's ``progress``).
        features: Each seat's :data:`~serenissima.engine.value_model.VALUE_FEATURES`.
        shares: Each seat's share of the final win (``1/k`` for a win shared by ``k``).

    Example:
        >>> Position(0, 0.5, ((20.0, 10.0, 12.0, 6.0), (18.0, 9.0, 15.0, 7.5)), (0.0, 1.0)).shares
        (0.0, 1.0)
    """

    game: int
    progress: float
    features: tuple[tuple[float, ...], ...]
    shares: tuple[float, ...]


@attrs.frozen
class PositionsTask:
    """One game of a batch that :func:`collect_positions` plays and keeps positions of.

    Attributes:
        ref: The ruleset.
        players: The number of seats.
        agent: The agent kind at every seat (see :func:`~serenissima.agents.make_agent`).
        seed: The batch seed.
        index: The game's index in the batch.
        every: About one decision in this many is kept (at least 1).
        explore: The chance that a decision is played uniformly at random
            rather than by the agent (0 to 1).

    Example:
        >>> from serenissima.analysis.run.games import RulesetRef
        >>> PositionsTask(RulesetRef.of("classic"), 3, "greedy", seed=1, index=4, every=8).index
        4
    """

    ref: RulesetRef
    players: int
    agent: str
    seed: int
    index: int
    every: int = 8
    explore: float = 0.0


def collect_positions(task: PositionsTask) -> tuple[Position, ...]:
    """Play the game of ``task``; return the positions kept, in playing order.

    Raises:
        ArgumentValueError: ``every`` below 1, or ``explore`` outside 0 to 1.
        RulesetError: The ruleset's engine does not say how far a game has gone.

    Example:
        >>> from serenissima.analysis.run.games import RulesetRef
        >>> task = PositionsTask(RulesetRef.of("classic"), 2, "greedy", seed=3, index=1, every=50)
        >>> collect_positions(task) == collect_positions(task)
        True
    """
    if task.every < 1:
        raise ArgumentValueError(f"every must be at least 1, got {task.every}")
    if not 0.0 <= task.explore <= 1.0:
        raise ArgumentValueError(f"explore must be from 0 to 1, got {task.explore}")
    rules = task.ref.load()
    seeds = game_seeds(task.seed, task.index, task.players)
    views = random.Random(seeds.game)
    kept: list[tuple[float, tuple[tuple[float, ...], ...]]] = []

    def keep(state: State) -> None:
        """Keep about one decision in ``every``, as the seat to act may see it."""
        if views.random() * task.every < 1.0:
            drawn = rules.sample_state(rules.observe(state, state.to_act), views)
            rows = tuple(value_features(rules, drawn))  # raises without the engine's progress
            kept.append((cast(Paced, rules.engine).progress(rules, drawn), rows))

    agents = [
        _Keeping(make_agent(task.agent, seed), keep, task.explore, random.Random(f"explore {seed}"))
        for seed in seeds.seats
    ]
    winners = play_game(rules, task.players, agents, seeds.chance).standings.winners
    shares = tuple(1.0 / len(winners) if s in winners else 0.0 for s in range(task.players))
    return tuple(Position(task.index, played, rows, shares) for played, rows in kept)


class _Keeping:
    """An agent that hands each state it is asked about to ``keep``, then lets ``agent`` act.

    With chance ``explore``, it plays a legal action drawn uniformly instead.
    """

    __slots__ = ("agent", "explore", "keep", "rng")

    def __init__(
        self, agent: Agent, keep: Callable[[State], None], explore: float, rng: random.Random
    ) -> None:
        self.agent, self.keep, self.explore, self.rng = agent, keep, explore, rng

    def act(self, rules: Ruleset, state: State) -> Action:
        """Keep ``state``, then return the agent's action (or, exploring, one drawn)."""
        self.keep(state)
        if self.explore and self.rng.random() < self.explore:
            legal = rules.legal_actions(state)
            return legal[self.rng.randrange(len(legal))]
        return self.agent.act(rules, state)
