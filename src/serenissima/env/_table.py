"""One game for a learning seat: agents play the other seats and a generator draws chance."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import numpy as np

from serenissima.agents.base import Agent
from serenissima.agents.kinds import make_agent
from serenissima.engine.chance import sample_outcome
from serenissima.engine.core import CHANCE, TERMINAL, State
from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError
from serenissima.engine.rewards import final_rewards
from serenissima.engine.ruleset import Ruleset

__all__ = ["Opponent", "Table"]

Opponent = str | Agent
"""An agent kind (``"random"``, ``"greedy"``, ``"ismcts:200"``...) or any agent."""


class Table:
    """A game at which one seat learns: the agents at the other seats and the state.

    ``SerenissimaGym`` plays one table, ``SerenissimaVectorEnv`` several. The
    settings are checked here, before any game.

    Args:
        rules: The ruleset.
        players: The number of seats.
        seat: The learning seat.
        opponents: One opponent for every other seat, or a list of them in seat
            order (the learning seat skipped): agent kinds or agents.
        options: Rule options by name.
        reward: A checked kind of reward (see ``check_reward``).
        start: The state before the first game (a new game of the settings).
    """

    __slots__ = (
        "_chance",
        "_given",
        "_opponents",
        "legal",
        "options",
        "players",
        "reward",
        "rules",
        "seat",
        "state",
    )

    def __init__(
        self,
        rules: Ruleset,
        players: int,
        seat: int,
        opponents: Opponent | Sequence[Opponent],
        options: Mapping[str, object],
        reward: str,
        start: State,
    ) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ArgumentTypeError("seat", "a seat number, an int", seat)
        if not 0 <= seat < players:
            raise ArgumentValueError(f"seat must be from 0 to {players - 1}, not {seat!r}")
        given = (
            [opponents] * (players - 1)
            if isinstance(opponents, str) or not isinstance(opponents, Sequence)
            else list(opponents)
        )
        if len(given) != players - 1:
            raise ArgumentValueError(f"give one opponent or {players - 1}, not {len(given)}")
        for opponent in given:
            if isinstance(opponent, str):
                make_agent(opponent, 0)  # an unknown kind fails here, before any game
            elif not callable(getattr(opponent, "act", None)):
                raise ArgumentTypeError("opponents", "agent kinds or agents", opponent)
        self.rules = rules
        self.players = players
        self.seat = seat
        self.options = options
        self.reward = reward
        self._given: list[Opponent] = given
        self._opponents: dict[int, Agent] = {}
        self._chance = random.Random()
        self.state = start
        self.legal: tuple[int, ...] = ()

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.state.to_act == TERMINAL

    def deal(self, generator: np.random.Generator) -> None:
        """Start a new game and play on to the seat's first decision.

        The agents of the kinds given and chance are seeded from one draw of
        ``generator``.
        """
        draw = random.Random(int(generator.integers(2**63)))
        self._chance.seed(draw.getrandbits(64))
        others = [s for s in range(self.players) if s != self.seat]
        self._opponents = {
            s: make_agent(o, draw.getrandbits(32)) if isinstance(o, str) else o
            for s, o in zip(others, self._given, strict=True)
        }
        self._play_on(self.rules.new_game(self.players, self.options))

    def check(self, index: int) -> State:
        """The state after the seat plays the action at ``index``; the table is unchanged.

        Raises:
            ArgumentValueError: If the game is over or ``index`` is outside the space.
            IllegalActionError: If the action at ``index`` is not legal.
        """
        if self.state.to_act == TERMINAL:
            raise ArgumentValueError("the game is over: call reset")
        return self.rules.apply(self.state, self.rules.index_action(self.state, index))

    def advance(self, state: State) -> float:
        """Take ``state`` (from :meth:`check`) and play on; the seat's reward of the step.

        The reward is 0 until the game ends, then the seat's share of the
        final standings as the table's kind of reward says.
        """
        self._play_on(state)
        if self.state.to_act != TERMINAL:
            return 0.0
        standings = self.rules.standings(self.state)
        return final_rewards(standings, self.players, self.reward)[self.seat]

    def _play_on(self, state: State) -> None:
        """Resolve chance and the opponents' decisions until the seat decides or the game ends."""
        rules, seat = self.rules, self.seat
        while state.to_act != TERMINAL and state.to_act != seat:
            if state.to_act == CHANCE:
                outcome = sample_outcome(rules.chance_outcomes(state), self._chance)
                state = rules.apply_unchecked(state, outcome)
            else:
                state = rules.apply(state, self._opponents[state.to_act].act(rules, state))
        self.state = state
        self.legal = () if state.to_act == TERMINAL else rules.legal_indices(state)
