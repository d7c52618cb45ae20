"""The greedy bot on the toy dice race: best action, ties by seed, expectation over chance."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest

import toy
from serenissima.agents import (
    AGENT_KINDS,
    Agent,
    GreedyAgent,
    RandomAgent,
    make_agent,
    play_game,
)
from serenissima.engine.core import State
from serenissima.engine.errors import SerenissimaError
from serenissima.engine.ruleset import Ruleset


class _Flat(toy.RaceEngine):
    """A race whose heuristic finds every state equally good."""

    def evaluate(self, rules: Ruleset, state: State, seat: int) -> float:
        return 0.0


class _Threshold(toy.RaceEngine):
    """A race whose heuristic only counts reaching square 8 (a non-linear value)."""

    def evaluate(self, rules: Ruleset, state: State, seat: int) -> float:
        assert isinstance(state, toy.RaceState)
        return 1.0 if state.positions[seat] >= 8 else 0.0


class _Spoiler(toy.RaceEngine):
    """A race in which only seat 1 scores, and only once seat 0 has stopped."""

    def evaluate(self, rules: Ruleset, state: State, seat: int) -> float:
        assert isinstance(state, toy.RaceState)
        return 1.0 if seat == 1 and state.stopped[0] else 0.0


class _Lead(toy.RaceEngine):
    """A two-seat race valued by the lead over the other runner."""

    def evaluate(self, rules: Ruleset, state: State, seat: int) -> float:
        assert isinstance(state, toy.RaceState)
        return float(state.positions[seat] - state.positions[1 - seat])


def _rules_with(engine: toy.RaceEngine) -> Ruleset:
    base = toy.make_rules()
    return Ruleset(base.info, base.board, base.options, base.params, engine)


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return toy.make_rules()


def _started(rules: Ruleset, players: int = 2, **changes: object) -> toy.RaceState:
    state = rules.apply(rules.new_game(players), toy.First(0))
    assert isinstance(state, toy.RaceState)
    return attrs.evolve(state, **changes)


def test_greedy_is_an_agent_made_by_name() -> None:
    assert "greedy" in AGENT_KINDS
    agent = make_agent("greedy", seed=4)
    assert isinstance(agent, GreedyAgent)
    assert isinstance(agent, Agent)
    assert agent.seed == 4
    assert repr(agent) == "GreedyAgent(seed=4)"
    with pytest.raises(SerenissimaError, match="unknown agent"):
        make_agent("clever")


def test_bad_outcome_cap_is_refused() -> None:
    with pytest.raises(SerenissimaError, match="max_outcomes"):
        GreedyAgent(1, max_outcomes=0)


def test_bad_reply_cap_is_refused() -> None:
    with pytest.raises(SerenissimaError, match="max_replies"):
        GreedyAgent(1, max_replies=-1)


def test_greedy_picks_the_action_of_highest_value(rules: Ruleset) -> None:
    # Rolling moves forward 3.5 squares on average; stopping moves nothing.
    state = _started(rules, positions=(4, 0))
    agent = GreedyAgent(seed=1)
    values = dict(agent.values(rules, state))
    assert values[toy.Stop()] == 4.0
    assert values[toy.Roll()] == pytest.approx(4 + Fraction(7, 2))
    assert all(agent.act(rules, state) == toy.Roll() for _ in range(20))


def test_values_are_exact_expectations_over_one_chance_node() -> None:
    rules = _rules_with(_Threshold())
    state = _started(rules, positions=(5, 0))
    values = dict(GreedyAgent(seed=1).values(rules, state))
    assert values[toy.Roll()] == pytest.approx(4 / 6)  # faces 3..6 of a d6 reach square 8
    assert values[toy.Stop()] == 0.0
    far = _started(rules, positions=(1, 0))
    assert dict(GreedyAgent(seed=1).values(rules, far))[toy.Roll()] == 0.0


def test_outcome_cap_keeps_the_most_likely_outcomes() -> None:
    rules = _rules_with(_Threshold())
    state = _started(rules, positions=(5, 0))
    capped = dict(GreedyAgent(seed=1, max_outcomes=2).values(rules, state))
    # Every face is as likely, so the first two (faces 1 and 2) are kept: neither reaches 8.
    assert capped[toy.Roll()] == 0.0


def test_equal_values_leave_the_choice_to_the_seed() -> None:
    rules = _rules_with(_Threshold())
    state = _started(rules, positions=(8, 0))
    # Already at 8: both keep the value 1, so the choice is a tie broken by the seed.
    picks = {GreedyAgent(seed=s).act(rules, state) for s in range(20)}
    assert picks == {toy.Roll(), toy.Stop()}


def test_ties_are_broken_by_the_seed() -> None:
    rules = _rules_with(_Flat())
    state = _started(rules)

    def choices(seed: int) -> list[object]:
        agent = GreedyAgent(seed=seed)
        return [agent.act(rules, state) for _ in range(30)]

    assert choices(5) == choices(5)
    assert set(choices(5)) == {toy.Roll(), toy.Stop()}
    assert choices(5) != choices(6)


def test_greedy_without_a_choice(rules: Ruleset) -> None:
    over = rules.apply(rules.apply(_started(rules), toy.Stop()), toy.Stop())
    with pytest.raises(SerenissimaError, match="no seat decides"):
        GreedyAgent(1).act(rules, over)
    with pytest.raises(SerenissimaError, match="no seat decides"):
        GreedyAgent(1).values(rules, over)
    only_roll = _started(rules, may_stop=False)
    assert GreedyAgent(1).act(rules, only_roll) == toy.Roll()


def test_greedy_plays_whole_games_and_beats_a_stopper(rules: Ruleset) -> None:
    wins = 0
    for seed in range(30):
        result = play_game(rules, 2, [GreedyAgent(seed), RandomAgent(seed)], seed=seed)
        assert rules.is_over(result.state)
        wins += 0 in result.standings.winners
    assert wins >= 20


def test_equal_values_prefer_what_the_others_value_least() -> None:
    rules = _rules_with(_Spoiler())
    state = _started(rules)
    values = dict(GreedyAgent(seed=1).values(rules, state))
    assert values[toy.Roll()] == values[toy.Stop()] == 0.0
    # Stopping would hand seat 1 its point: every seed rolls.
    assert {GreedyAgent(seed=s).act(rules, state) for s in range(20)} == {toy.Roll()}


def test_a_decision_handed_to_another_seat_is_valued_by_its_greedy_answer() -> None:
    rules = _rules_with(_Lead())
    state = _started(rules, positions=(4, 2))
    # After a stop, seat 1 decides the same kind of thing: it rolls, gaining 3.5 on average.
    ahead = dict(GreedyAgent(seed=1).values(rules, state))
    assert ahead[toy.Stop()] == pytest.approx(4 - (2 + 3.5))
    assert ahead[toy.Roll()] == pytest.approx(4 + 3.5 - 2)
    one_ply = dict(GreedyAgent(seed=1, max_replies=0).values(rules, state))
    assert one_ply[toy.Stop()] == 2.0
    capped = dict(GreedyAgent(seed=1, max_replies=1).values(rules, state))
    assert capped[toy.Stop()] == 2.0  # seat 1 has two answers, more than the cap
