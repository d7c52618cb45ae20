"""The search bot plays for the seat it decides for, from either seat.

A search that read a value from the wrong seat, with the wrong sign, or broke
ties by seat number would play well from one seat and badly from the other.
In the toy race, a seat far behind must roll (stopping loses for sure), and a
seat that is ahead of a rival who has stopped loses nothing by stopping; each
position is tried from seat 0 and, mirrored, from seat 1.
"""

from __future__ import annotations

import attrs
import pytest

import toy
from serenissima.agents import ISMCTSAgent
from serenissima.engine.core import State
from serenissima.engine.errors import ArgumentValueError

RULES = toy.make_rules()


def position(seat: int, mine: int, theirs: int, they_stopped: bool = False) -> State:
    """``seat`` to act at ``mine``, the other seat at ``theirs``."""
    start = RULES.new_game(2)
    positions = (mine, theirs) if seat == 0 else (theirs, mine)
    stopped = (False, they_stopped) if seat == 0 else (they_stopped, False)
    return attrs.evolve(start, to_act=seat, positions=positions, stopped=stopped, turn=3)


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize(
    "settings",
    [
        {},
        {"depth": 0},
        {"rollout": "greedy"},
        {"rollout": "greedy-tree"},
        {"minimax": 0.0, "rival": 0.0},
        {"scale": "siblings"},
    ],
    ids=["default", "no-rollout", "greedy-rollouts", "greedy-tree", "own-estimate", "siblings"],
)
def test_a_seat_far_behind_rolls_from_either_seat(seat: int, settings: dict[str, object]) -> None:
    state = position(seat, mine=2, theirs=RULES.params.target - 2)
    for seed in range(4):
        agent = ISMCTSAgent(seed=seed, iterations=60, **settings)  # type: ignore[arg-type]
        assert str(agent.act(RULES, state)) == "roll", (seat, seed, settings)


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("rollout", [None, "greedy-tree"], ids=["default", "greedy-tree"])
def test_the_choice_is_the_same_from_each_seat_of_a_mirrored_position(
    seat: int, rollout: str | None
) -> None:
    """Same seed, mirrored position: the same action, whichever seat decides."""
    for mine, theirs in ((3, 5), (6, 2), (4, 4)):
        here = ISMCTSAgent(seed=7, iterations=80, rollout=rollout).act(
            RULES, position(seat, mine, theirs)
        )
        there = ISMCTSAgent(seed=7, iterations=80, rollout=rollout).act(
            RULES, position(1 - seat, mine, theirs)
        )
        assert here == there, (mine, theirs)


def test_a_ruleset_without_a_learned_evaluation_refuses_the_learned_search() -> None:
    agent = ISMCTSAgent(seed=1, iterations=10, evaluator="learned")
    with pytest.raises(ArgumentValueError, match="no value model"):
        agent.act(RULES, position(0, 2, 5))
