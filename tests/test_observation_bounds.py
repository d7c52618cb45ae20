"""Every number of an observation vector lies from 0 to its block's bound (Layout.highs)."""

from __future__ import annotations

import random

import pytest

import serenissima as ser
from serenissima.agents import make_agent
from serenissima.engine.chance import sample_outcome
from serenissima.engine.core import CHANCE, TERMINAL


@pytest.mark.parametrize("edition", ["classic", "modern"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_number_of_whole_games_lies_within_its_bound(edition: str, players: int) -> None:
    rules = ser.load_ruleset(edition)
    layout = rules.observation_layout(players)
    highs = layout.highs()
    names = [block.name for block in layout.blocks for _ in range(block.size)]
    rng = random.Random(players)
    for game in range(4):  # random and greedy seats: greedy games reach richer positions
        kind = "greedy" if game % 2 else "random"
        agents = [make_agent(kind, seed=game * 10 + seat) for seat in range(players)]
        state = rules.new_game(players)
        while True:
            for seat in (*range(players), None):
                vector = rules.observation_vector(rules.observe(state, seat))
                for at, (value, high) in enumerate(zip(vector, highs, strict=True)):
                    assert 0.0 <= value <= high, (names[at], value, high)
            if state.to_act == TERMINAL:
                break
            if state.to_act == CHANCE:
                outcome = sample_outcome(rules.chance_outcomes(state), rng)
                state = rules.apply(state, outcome)
            else:
                state = rules.apply(state, agents[state.to_act].act(rules, state))


def test_bounds_above_one_come_from_the_data() -> None:
    classic = ser.load_ruleset("classic").observation_layout(4)
    # classic purses are bounded by all the ducats the game can pay out (about 60 purses)
    assert 30 < classic.block("ducats").high < 100
    assert classic.block("reckoned").high == classic.block("ducats").high
    assert classic.block("seat").high == 1.0
    modern = ser.load_ruleset("modern").observation_layout(2)
    assert modern.block("ducats").high == 100.0  # a cap: the rules bound no modern purse
