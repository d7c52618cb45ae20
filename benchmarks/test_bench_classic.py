"""Throughput of the classic edition, with pytest-benchmark.

Run with ``python -m pytest benchmarks`` (the normal test command does not
collect this folder). Each round replays the same seeded play, so rounds are
comparable; ``extra_info`` gives the decisions per round to turn the timings
into decisions per second. The tests are grouped as ``classic`` in the
report, apart from the modern edition's.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from serenissima.agents import RandomAgent, play_game
from serenissima.engine.core import CHANCE, TERMINAL, State
from serenissima.engine.errors import SerenissimaError
from serenissima.engine.ruleset import Ruleset
from serenissima.records.game import sample_outcome

try:
    from serenissima.engine.registry import load_ruleset

    RULES: Ruleset = load_ruleset("classic")
except (ImportError, SerenissimaError) as exc:  # the edition is optional for the benchmarks
    pytest.skip(f"the classic ruleset cannot be loaded: {exc}", allow_module_level=True)

PLAYERS = 4
WARM_UP = 60  # decisions played before the measured stretch starts (round 2)
STRETCH = 100  # decisions measured per benchmark round


def _run(rules: Ruleset, state: State, rng: random.Random, decisions: int) -> tuple[State, int]:
    """Play up to ``decisions`` random decisions (legal_actions + checked apply)."""
    made = 0
    while made < decisions and state.to_act != TERMINAL:
        if state.to_act == CHANCE:
            state = rules.apply(state, sample_outcome(rules.chance_outcomes(state), rng))
            continue
        actions = rules.legal_actions(state)
        state = rules.apply(state, actions[rng.randrange(len(actions))])
        made += 1
    return state, made


@pytest.fixture(scope="module")
def mid_game() -> State:
    state, made = _run(RULES, RULES.new_game(PLAYERS), random.Random(1), WARM_UP)
    assert made == WARM_UP, "the seeded warm-up game ended early"
    return state


@pytest.mark.benchmark(group="classic")
def test_decisions_from_a_mid_game_state(benchmark: Any, mid_game: State) -> None:
    def stretch() -> int:
        return _run(RULES, mid_game, random.Random(2), STRETCH)[1]

    made = benchmark(stretch)
    benchmark.extra_info["decisions_per_round"] = made
    assert made > 0


@pytest.mark.benchmark(group="classic")
def test_one_full_random_game(benchmark: Any) -> None:
    def game() -> int:
        return play_game(RULES, PLAYERS, RandomAgent(3), seed=3).decisions

    decisions = benchmark(game)
    benchmark.extra_info["decisions_per_round"] = decisions
    assert decisions > 0
