"""Speed of the search bot, with pytest-benchmark, for every installed edition.

Run with ``python -m pytest benchmarks``. Each round decides the same few
positions of a seeded 4-player game of honest greedy bots with a fixed number
of iterations per decision, so rounds are comparable; ``extra_info`` records
the iterations of a round and the iterations per second of the fastest round.
The tests are grouped as ``ismcts``; ``scripts/ismcts_speed.py`` writes the
figure of the bots page.
"""

from __future__ import annotations

from typing import Any

import pytest

from serenissima.agents import GreedyAgent, ISMCTSAgent, choice_states
from serenissima.agents.ismcts import ROLLOUTS
from serenissima.engine.core import State
from serenissima.engine.registry import available_rulesets, load_ruleset
from serenissima.engine.ruleset import Ruleset

ITERATIONS = 200
POSITIONS = 5


def _positions(rules: Ruleset, count: int, seed: int) -> list[State]:
    """``count`` decisions with a choice, spread over a game of honest greedy bots."""
    return choice_states(rules, 4, [GreedyAgent(seed + s) for s in range(4)], seed, count)


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
    if benchmark.stats:  # None with --benchmark-disable
        benchmark.extra_info["iterations_per_second"] = round(
            iterations / benchmark.stats["min"], 1
        )
    assert iterations == ITERATIONS * len(states)
