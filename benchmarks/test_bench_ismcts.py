"""Speed of the search bot, with pytest-benchmark, for every installed edition.

Run with ``python -m pytest benchmarks``. Each round decides the same few
positions of a seeded 4-player game of honest greedy bots with a fixed number
of iterations per decision, so rounds are comparable; ``extra_info`` records
the iterations of a round and the iterations per second of the fastest round.
The tests are grouped as ``ismcts``; ``scripts/ismcts_speed.py`` writes the
figure of the bots page.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from serenissima.agents import GreedyAgent, ISMCTSAgent
from serenissima.agents.ismcts import ROLLOUTS
from serenissima.engine.core import CHANCE, TERMINAL, State
from serenissima.engine.registry import available_rulesets, load_ruleset
from serenissima.engine.ruleset import Ruleset
from serenissima.records.game import sample_outcome

ITERATIONS = 200
POSITIONS = 5


def _positions(rules: Ruleset, count: int, seed: int) -> list[State]:
    """``count`` decisions with a choice, spread over a game of honest greedy bots."""
    rng = random.Random(seed)
    bots = [GreedyAgent(seed + s) for s in range(4)]
    state = rules.new_game(4)
    found = []
    while state.to_act != TERMINAL:
        if state.to_act == CHANCE:
            action = sample_outcome(rules.chance_outcomes(state), rng)
        else:
            if len(rules.legal_actions(state)) > 1:
                found.append(state)
            action = bots[state.to_act].act(rules, state)
        state = rules.apply_unchecked(state, action)
    step = max(1, len(found) // count)
    return found[::step][:count]


@pytest.mark.benchmark(group="ismcts")
@pytest.mark.parametrize("rollout", ROLLOUTS)
@pytest.mark.parametrize("name", available_rulesets())
def test_search_iterations(benchmark: Any, name: str, rollout: str) -> None:
    rules = load_ruleset(name)
    states = _positions(rules, POSITIONS, 2)

    def search() -> int:
        agent = ISMCTSAgent(seed=1, iterations=ITERATIONS, rollout=rollout)
        for state in states:
            agent.act(rules, state)
        return ITERATIONS * len(states)

    iterations = benchmark.pedantic(search, rounds=3, iterations=1)
    benchmark.extra_info["iterations"] = iterations
    benchmark.extra_info["iterations_per_second"] = round(iterations / benchmark.stats["min"], 1)
    assert iterations == ITERATIONS * len(states)
