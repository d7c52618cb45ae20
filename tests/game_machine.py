"""A hypothesis state machine that plays whole games of one ruleset.

Each edition's invariant tests subclass :class:`GameMachine`: they give the
ruleset and the games to play (player count and options), mark their checks
with ``@invariant()`` and list them in ``checks()``. The machine drives the
game: one action at a time, runs of actions, or stretches in which the seats
play as the greedy bot would, every check run after each action of a run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, precondition, rule

from serenissima.agents import GreedyAgent
from serenissima.engine.core import CHANCE, Action, Event, State
from serenissima.engine.ruleset import Ruleset

Game = tuple[int, dict[str, Any]]
"""A player count and the options of a game."""


class GameMachine(RuleBasedStateMachine):
    """Plays games of ``rules``; ``state`` is the present state, ``before`` the one before.

    ``events`` are those of the last action applied.
    """

    games: tuple[Game, ...] = ()
    """The games to play, one picked at the start and after each game's end."""

    def __init__(self, rules: Ruleset) -> None:
        super().__init__()
        self.rules = rules
        self.params = rules.params
        self.state: Any = None
        self.before: Any = None
        self.events: tuple[Event, ...] = ()

    def checks(self) -> tuple[Callable[[], None], ...]:
        """Every invariant of the subclass, to run after each action of a run."""
        raise NotImplementedError

    def check_all(self) -> None:
        for check in self.checks():
            check()

    # --- driving the game ------------------------------------------------

    def new_game(self, game: Game) -> None:
        players, options = game
        state = self.rules.new_game(players, options)
        assert isinstance(state, self.rules.engine.state_type)
        self.state, self.before, self.events = state, None, ()

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        self.new_game(data.draw(st.sampled_from(self.games), label="game"))

    def choices(self) -> tuple[Action, ...]:
        assert self.state is not None
        if self.state.to_act == CHANCE:
            return tuple(action for action, _ in self.rules.chance_outcomes(self.state))
        return self.rules.legal_actions(self.state)

    def apply(self, index: int) -> None:
        assert self.state is not None
        choices = self.choices()
        new, events = self.rules.step(self.state, choices[index % len(choices)])
        assert isinstance(new, self.rules.engine.state_type)
        self.before, self.state, self.events = self.state, new, events

    def running(self) -> bool:
        return self.state is not None and not self.rules.is_over(self.state)

    @precondition(running)
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        self.apply(data.draw(st.integers(0, len(self.choices()) - 1), label="choice"))

    @precondition(running)
    @rule(picks=st.lists(st.integers(0, 63), min_size=1, max_size=40))
    def act_many(self, picks: list[int]) -> None:
        """Several actions in a row, every invariant checked after each one."""
        for pick in picks:
            if not self.running():
                return
            self.apply(pick)
            self.check_all()

    @precondition(running)
    @rule(seed=st.integers(0, 2**16), picks=st.lists(st.integers(0, 63), min_size=1, max_size=30))
    def act_greedily(self, seed: int, picks: list[int]) -> None:
        """Greedy play: the seats choose as the greedy bot would, chance takes ``picks``.

        Good play reaches what random play rarely does (full warehouses, won
        battles, trades), so every invariant is checked there too, after each action.
        """
        bot = GreedyAgent(seed)
        for pick in picks:
            if not self.running():
                return
            state: State = self.state
            if state.to_act == CHANCE:
                self.apply(pick)
            else:
                self.apply(self.choices().index(bot.act(self.rules, state)))
            self.check_all()

    @precondition(lambda self: not self.running())
    @rule(data=st.data())
    def play_again(self, data: st.DataObject) -> None:
        self.new_game(data.draw(st.sampled_from(self.games), label="game"))
