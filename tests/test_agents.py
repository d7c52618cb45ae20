"""Agents and the fast game loop."""

from __future__ import annotations

import pytest

import toy
from serenissima.agents import Agent, GameResult, RandomAgent, play_game
from serenissima.engine.core import Action, State
from serenissima.engine.errors import OptionError, SerenissimaError
from serenissima.engine.ruleset import Ruleset
from serenissima.records.game import Game


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return toy.make_rules()


class AlwaysRoll:
    """Never stops: the race then ends only when someone reaches the target."""

    def act(self, rules: Ruleset, state: State) -> Action:
        return toy.Roll()


class AlwaysStop:
    def act(self, rules: Ruleset, state: State) -> Action:
        return toy.Stop()


def test_agents_satisfy_the_protocol() -> None:
    assert isinstance(RandomAgent(1), Agent)
    assert isinstance(AlwaysRoll(), Agent)
    assert repr(RandomAgent(7)) == "RandomAgent(seed=7)"


def test_random_agent_picks_only_legal_actions_and_all_of_them(rules: Ruleset) -> None:
    state = rules.apply(rules.new_game(2), toy.First(0))
    agent = RandomAgent(seed=1)
    picks = {agent.act(rules, state) for _ in range(50)}
    assert picks == set(rules.legal_actions(state))


def test_random_agent_without_a_choice(rules: Ruleset) -> None:
    state = rules.apply(rules.new_game(2), toy.First(0))
    over = rules.apply(rules.apply(state, toy.Stop()), toy.Stop())
    with pytest.raises(SerenissimaError, match="no seat decides"):
        RandomAgent(1).act(rules, over)


def test_play_game_runs_to_the_end(rules: Ruleset) -> None:
    result = play_game(rules, 4, RandomAgent(3), seed=3)
    assert isinstance(result, GameResult)
    assert rules.is_over(result.state)
    assert result.standings == rules.standings(result.state)
    assert result.standings.final
    assert result.decisions >= 1
    assert result.chance >= 1  # at least the first player
    assert result.turns == result.state.turn >= 1  # type: ignore[attr-defined]


def test_play_game_is_deterministic(rules: Ruleset) -> None:
    def run(seed: int) -> GameResult:
        return play_game(rules, 3, [RandomAgent(seed + s) for s in range(3)], seed=seed)

    assert run(5) == run(5)
    assert run(5).state != run(6).state


def test_play_game_agrees_with_the_checked_driver(rules: Ruleset) -> None:
    """The unchecked fast loop reaches the state the checked Game reaches on the same choices."""
    result = play_game(rules, 2, AlwaysRoll(), seed=12)
    game = Game(rules, 2, seed=12)
    while not game.is_over():
        game.advance()
        if not game.is_over():
            game.play(toy.Roll())
    assert game.state == result.state
    assert sum(1 for _ in game.history) == result.decisions + result.chance


def test_everyone_stops_and_shares_the_win(rules: Ruleset) -> None:
    result = play_game(rules, 3, AlwaysStop(), seed=1)
    assert result.decisions == 3
    assert result.chance == 1
    assert result.standings.winners == (0, 1, 2)


def test_play_game_gives_up_after_max_decisions(rules: Ruleset) -> None:
    with pytest.raises(SerenissimaError, match="did not finish within 2 decisions"):
        play_game(rules, 4, AlwaysRoll(), seed=1, max_decisions=2)


def test_play_game_needs_one_agent_per_seat(rules: Ruleset) -> None:
    with pytest.raises(SerenissimaError, match=r"one agent per seat \(3\), got 2"):
        play_game(rules, 3, [AlwaysRoll(), AlwaysRoll()], seed=1)


def test_play_game_checks_options(rules: Ruleset) -> None:
    with pytest.raises(OptionError):
        play_game(rules, 2, AlwaysRoll(), seed=1, options={"die": "d100"})
    with pytest.raises(OptionError):
        play_game(rules, 7, AlwaysRoll(), seed=1)
