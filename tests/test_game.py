"""The Game driver: chance, history, undo, records."""

from __future__ import annotations

import random
import sys
from collections import Counter
from fractions import Fraction

import pytest

import toy
from serenissima.engine.core import CHANCE, TERMINAL, Action
from serenissima.engine.errors import (
    ActionParseError,
    IllegalActionError,
    RecordError,
    SerenissimaError,
)
from serenissima.engine.ruleset import Ruleset
from serenissima.records.game import Game, sample_outcome
from serenissima.records.record import GameRecord
from serenissima.records.replay import replay


@pytest.fixture
def rules(monkeypatch: pytest.MonkeyPatch) -> Ruleset:
    rules = toy.make_rules()
    monkeypatch.setitem(sys.modules, "serenissima.engine.registry", toy.fake_registry(rules))
    return rules


def _finish(game: Game, choose: int = 0) -> None:
    """Play to the end: seats roll (or pick ``choose``), chance by the generator."""
    while not game.is_over():
        game.advance()
        if not game.is_over():
            actions = game.legal_actions()
            game.play(actions[min(choose, len(actions) - 1)])


def test_new_game_starts_at_the_set_up_chance_node(rules: Ruleset) -> None:
    game = Game(rules, 3, seed=1)
    assert game.to_act == CHANCE
    assert game.history == ()
    assert game.events == ()
    assert game.state == rules.new_game(3)
    assert game.decision().kind == "die"


def test_advance_resolves_chance_until_a_seat_acts(rules: Ruleset) -> None:
    game = Game(rules, 3, seed=1)
    events = game.advance()
    assert game.to_act in (0, 1, 2)
    assert len(game.history) == 1
    assert isinstance(game.history[0], toy.First)
    assert events == (toy.Started(game.to_act),)
    assert game.advance() == ()  # nothing pending


def test_play_accepts_actions_and_text(rules: Ruleset) -> None:
    game = Game(rules, 2, seed=1)
    game.play("first 1")
    assert game.to_act == 1
    assert game.play(toy.Roll()) == ()
    assert game.to_act == CHANCE
    events = game.play("die 5")  # a die read off the table
    assert events == (toy.Moved(1, 5, 5),)
    assert game.history == (toy.First(1), toy.Roll(), toy.Face(5))
    assert game.events == (toy.Started(1), toy.Moved(1, 5, 5))


def test_play_refuses_bad_text_and_illegal_actions_without_change(rules: Ruleset) -> None:
    game = Game(rules, 2, seed=1)
    game.play("first 0")
    before = (game.state, game.history)
    with pytest.raises(ActionParseError):
        game.play("jump")
    with pytest.raises(IllegalActionError) as info:
        game.play("die 3")
    assert info.value.rule_id == "T-TURN"
    assert (game.state, game.history) == before


def test_resolve_chance_outside_a_chance_node(rules: Ruleset) -> None:
    game = Game(rules, 2, seed=1)
    game.advance()
    with pytest.raises(SerenissimaError, match="must decide"):
        game.resolve_chance()
    _finish(game)
    with pytest.raises(SerenissimaError, match="game is over"):
        game.resolve_chance()


def test_same_seed_same_game(rules: Ruleset) -> None:
    a, b, c = Game(rules, 4, seed=9), Game(rules, 4, seed=9), Game(rules, 4, seed=10)
    for game in (a, b, c):
        _finish(game)
    assert a.history == b.history
    assert a.state == b.state
    assert a.history != c.history


def test_standings_and_observe(rules: Ruleset) -> None:
    game = Game(rules, 2, seed=3)
    _finish(game)
    assert game.is_over()
    standings = game.standings()
    assert standings.final
    assert standings.entries[0].score >= 10
    observation = game.observe(1)
    assert isinstance(observation, toy.RaceObservation)
    assert observation.seat == 1


# Undo


def test_undo_returns_to_the_last_decision_of_a_seat(rules: Ruleset) -> None:
    game = Game(rules, 2, seed=5)
    game.advance()
    first = game.to_act
    game.play("roll")
    game.advance()  # the die of the first seat
    second = game.to_act
    before_second = (game.state, game.history, game.events)
    game.play("roll")
    game.advance()  # the die of the second seat
    assert len(game.history) == 5
    die = game.history[-1]
    assert isinstance(die, toy.Face)
    assert game.undo() == (toy.Roll(), die)
    assert game.to_act == second != first
    assert (game.state, game.history, game.events) == before_second


def test_undo_keeps_chance_outcomes_before_the_decision(rules: Ruleset) -> None:
    game = Game(rules, 2, seed=5)
    game.advance()  # the first player
    game.play("stop")
    game.undo()
    assert len(game.history) == 1
    assert isinstance(game.history[0], toy.First)
    assert game.to_act >= 0


def test_undo_of_a_decision_awaiting_its_die(rules: Ruleset) -> None:
    game = Game(rules, 2, seed=5)
    game.advance()
    seat = game.to_act
    game.play("roll")
    assert game.to_act == CHANCE
    assert game.undo() == (toy.Roll(),)
    assert game.to_act == seat


def test_undo_several_decisions(rules: Ruleset) -> None:
    game = Game(rules, 3, seed=2)
    game.advance()
    start = game.state
    for _ in range(3):
        game.play("roll")
        game.advance()
    assert not game.is_over()
    removed = game.undo(3)
    assert len(removed) == 6
    assert game.state == start


def test_undo_rewinds_the_generator(rules: Ruleset) -> None:
    game = Game(rules, 2, seed=11)
    game.advance()
    game.play("roll")
    game.advance()
    first_die = game.history[-1]
    game.undo()
    game.play("roll")
    game.advance()
    assert game.history[-1] == first_die


def test_undo_at_the_start_changes_nothing(rules: Ruleset) -> None:
    game = Game(rules, 2, seed=1)
    with pytest.raises(SerenissimaError, match="made 0 so far"):
        game.undo()
    game.advance()  # chance outcomes alone cannot be undone
    state = game.state
    with pytest.raises(SerenissimaError, match="cannot undo 1 decision"):
        game.undo()
    assert game.state == state
    assert len(game.history) == 1


def test_undo_more_than_was_played_changes_nothing(rules: Ruleset) -> None:
    game = Game(rules, 2, seed=1)
    game.advance()
    game.play("roll")
    game.advance()
    history = game.history
    with pytest.raises(SerenissimaError, match="cannot undo 2 decision"):
        game.undo(2)
    with pytest.raises(SerenissimaError, match="at least one"):
        game.undo(0)
    assert game.history == history


# Records


def test_record_replays_to_the_same_state(rules: Ruleset) -> None:
    game = Game(rules, 3, options={"die": "d4"}, seed=4)
    _finish(game)
    record = game.record({"table": "2"})
    assert record.options == (("die", "d4"),)
    assert record.actions == tuple(str(a) for a in game.history)
    assert record.result is not None
    assert record.result[0].rank == 1
    assert replay(GameRecord.from_json(record.to_json())) == game.state


def test_record_of_an_unfinished_game(rules: Ruleset) -> None:
    game = Game(rules, 2, seed=4)
    game.advance()
    record = game.record()
    assert record.result is None
    assert replay(record) == game.state


def test_from_record_rebuilds_history_and_undo(rules: Ruleset) -> None:
    game = Game(rules, 2, seed=8)
    _finish(game, choose=0)
    copy = Game.from_record(game.record())
    assert copy.state == game.state
    assert copy.history == game.history
    assert copy.events == game.events
    copy.undo()
    game.undo()
    assert copy.state == game.state


def test_from_record_refuses_a_bad_record(rules: Ruleset) -> None:
    game = Game(rules, 2, seed=8)
    _finish(game)
    data = game.record().to_data()
    data["actions"][-1] = "die 9"
    with pytest.raises(RecordError, match=r"actions\[\d+\]: 'die 9' is illegal"):
        Game.from_record(GameRecord.from_data(data))


def test_repr_says_who_acts(rules: Ruleset) -> None:
    game = Game(rules, 2, seed=1)
    assert repr(game) == "<Game 'toy': 2 players, 0 actions, chance to resolve>"
    game.advance()
    assert f"seat {game.to_act} to act" in repr(game)


# Sampling


def test_sampling_is_exact_over_the_common_denominator() -> None:
    outcomes: list[tuple[Action, Fraction]] = [
        (toy.Face(1), Fraction(1, 2)),
        (toy.Face(2), Fraction(1, 3)),
        (toy.Face(3), Fraction(1, 6)),
        (toy.Face(4), Fraction(0)),
    ]

    class Counting(random.Random):
        """Hands out 0, 1, 2... so every integer below the scale is drawn once."""

        def __init__(self) -> None:
            super().__init__(0)
            self.next = 0
            self.asked: set[int] = set()

        def randrange(self, stop: int) -> int:  # type: ignore[override]
            self.asked.add(stop)
            value, self.next = self.next % stop, self.next + 1
            return value

    rng = Counting()
    counts = Counter(sample_outcome(outcomes, rng) for _ in range(6))
    assert rng.asked == {6}
    assert counts == {toy.Face(1): 3, toy.Face(2): 2, toy.Face(3): 1}


def test_sampling_is_deterministic_for_a_seed() -> None:
    outcomes = [(toy.Face(v), Fraction(1, 6)) for v in range(1, 7)]
    a = [sample_outcome(outcomes, random.Random(3)) for _ in range(5)]
    b = [sample_outcome(outcomes, random.Random(3)) for _ in range(5)]
    assert a == b


@pytest.mark.parametrize(
    "outcomes",
    [
        [],
        [(toy.Face(1), Fraction(1, 2))],
        [(toy.Face(1), Fraction(3, 2)), (toy.Face(2), Fraction(-1, 2))],
    ],
)
def test_sampling_refuses_probabilities_that_do_not_add_up(
    outcomes: list[tuple[Action, Fraction]],
) -> None:
    with pytest.raises(SerenissimaError, match=r"no outcomes|add up to 1"):
        sample_outcome(outcomes, random.Random(0))


def test_terminal_constant_is_reached(rules: Ruleset) -> None:
    game = Game(rules, 2, options={"may_stop": False}, seed=6)
    _finish(game, choose=1)
    assert game.to_act == TERMINAL
    assert all(str(a) != "stop" for a in game.history)
