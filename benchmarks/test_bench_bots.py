"""Cost of the greedy bot, with pytest-benchmark, for every installed edition.

Run with ``python -m pytest benchmarks``. Each round plays one whole 4-player
game in which seat 0 is greedy and the other seats random, from the same seeds,
so rounds are comparable; ``extra_info`` records the decisions of the game so
the timing reads as time per decision. The tests are grouped as ``bots``.
"""

from __future__ import annotations

from typing import Any

import pytest

from serenissima.agents import GreedyAgent, RandomAgent, play_game
from serenissima.engine.registry import available_rulesets, load_ruleset

PLAYERS = 4


@pytest.mark.benchmark(group="bots")
@pytest.mark.parametrize("name", available_rulesets())
def test_a_game_with_one_greedy_seat(benchmark: Any, name: str) -> None:
    rules = load_ruleset(name)

    def game() -> int:
        seats = [GreedyAgent(1)] + [RandomAgent(seat) for seat in range(1, PLAYERS)]
        return play_game(rules, PLAYERS, seats, seed=3).decisions

    decisions = benchmark.pedantic(game, rounds=3, iterations=1)
    benchmark.extra_info["decisions"] = decisions
    assert decisions > 0
