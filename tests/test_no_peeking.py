"""Honest bots decide from what their seat may see: hidden values never change their choice.

Two states that differ only in what the deciding seat may not see (the other
seats' purses, the bids they made that are not yet revealed) must get the same
choice from a search bot or an honest greedy bot with the same seed. The
omniscient greedy bot, which looks ahead on the true state, does react to such
a difference somewhere, so the comparison can fail.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from classic.scenario import G, P, play, position
from serenissima.agents import Agent, GreedyAgent, ISMCTSAgent
from serenissima.engine.core import CHANCE, TERMINAL, State
from serenissima.engine.registry import load_ruleset
from serenissima.engine.ruleset import Ruleset
from serenissima.records.game import sample_outcome
from serenissima_rulesets.classic.phases import Bidding, Negotiating
from serenissima_rulesets.classic.state import ClassicState

RULES = {name: load_ruleset(name) for name in ("classic", "modern")}
OPTIONS: dict[str, dict[str, object]] = {"classic": {}, "modern": {"money_visibility": "hidden"}}


def disguised(state: State, seat: int) -> State:
    """``state`` with the other seats' purses and unrevealed bids changed, their reckoning kept.

    Each other purse is halved (to the coin), or given a coin if it holds less than two.
    """
    ducats: tuple[int, ...] = getattr(state, "ducats")  # noqa: B009
    unit = state.options.money_unit if isinstance(state, ClassicState) else 1
    changed = tuple(
        d if s == seat else (d // (2 * unit) * unit if d >= 2 * unit else d + unit)
        for s, d in enumerate(ducats)
    )
    changes: dict[str, Any] = {"ducats": changed}
    if isinstance(state, ClassicState):
        changes["treasury"] = state.treasury + sum(ducats) - sum(changed)
        if isinstance(state.phase, Bidding):
            changes["bids"] = tuple(
                b if s == seat or b is None else b + unit for s, b in enumerate(state.bids)
            )
    return attrs.evolve(state, **changes)  # type: ignore[misc]


def decisions(name: str, players: int, seed: int, every: int) -> list[State]:
    """Every ``every``-th decision with a choice of a game played by (omniscient) greedy bots.

    And every bid made after another one, and every price named by a seller
    (whose buyer's answer depends on the buyer's purse).
    """
    rules = RULES[name]
    rng = random.Random(seed)
    bots = [GreedyAgent(seed + s, omniscient=True) for s in range(players)]
    state = rules.new_game(players, OPTIONS[name])
    found: list[State] = []
    count = 0
    while state.to_act != TERMINAL:
        if state.to_act == CHANCE:
            action = sample_outcome(rules.chance_outcomes(state), rng)
        else:
            if len(rules.legal_actions(state)) > 1:
                count += 1
                if _secret(state) or count % every == 0:
                    found.append(state)
            action = bots[state.to_act].act(rules, state)
        state = rules.apply_unchecked(state, action)
    return found


def _secret(state: State) -> bool:
    """Whether ``state`` is a bid made after another or a seller naming a price (classic)."""
    if not isinstance(state, ClassicState):
        return False
    phase = state.phase
    if isinstance(phase, Negotiating):
        return phase.deal.stage == "offer"
    return isinstance(phase, Bidding) and any(b is not None for b in state.bids)


def _spread(states: list[State], most: int) -> list[State]:
    """At most ``most`` of ``states``, evenly spread."""
    step = max(1, -(-len(states) // most))
    return states[::step]


CLASSIC = decisions("classic", 4, 8, 60)
POSITIONS = {
    "classic": _spread(CLASSIC, 40),
    "modern": _spread(decisions("modern", 3, 7, 25), 20),
}

BOTS: dict[str, Callable[[], Agent]] = {
    "ismcts": lambda: ISMCTSAgent(seed=11, iterations=24, depth=4),
    "ismcts-greedy-rollouts": lambda: ISMCTSAgent(seed=11, iterations=6, rollout="greedy", width=3),
    "greedy": lambda: GreedyAgent(seed=11),
}


def test_the_positions_include_bids_made_in_secret() -> None:
    secret = [
        s
        for s in POSITIONS["classic"]
        if isinstance(s, ClassicState)
        and isinstance(s.phase, Bidding)
        and any(b is not None for b in s.bids)
    ]
    assert len(secret) >= 8
    assert len(POSITIONS["modern"]) >= 10


@pytest.mark.parametrize("bot", sorted(BOTS))
@pytest.mark.parametrize("name", sorted(RULES))
def test_what_the_seat_may_not_see_changes_no_choice(name: str, bot: str) -> None:
    rules: Ruleset = RULES[name]
    for state in POSITIONS[name]:
        seat = state.to_act
        other = disguised(state, seat)
        assert other != state
        assert rules.observe(other, seat) == rules.observe(state, seat)
        assert rules.legal_actions(other) == rules.legal_actions(state)
        assert BOTS[bot]().act(rules, other) == BOTS[bot]().act(rules, state), (bot, state)


def test_the_omniscient_greedy_bot_does_peek() -> None:
    # Seat 0's galley at Ragusa, seat 1's port, asks a price for one piece of wood. The seller
    # foresees the buyer's answer, which depends on the buyer's purse: 400 ducats, or 200.
    rules = RULES["classic"]
    start = position(4, phase=2, galleys=[G(1, 0, "ragusa", 1)], ports={"ragusa": P(1, 1)})
    asked = play(attrs.evolve(start, ducats=(400, *start.ducats[1:])), "ask ragusa 1")
    assert asked.to_act == 1
    poorer = disguised(asked, 1)
    assert rules.observe(poorer, 1) == rules.observe(asked, 1)
    omniscient = GreedyAgent(11, omniscient=True)
    assert omniscient.act(rules, asked) != omniscient.act(rules, poorer)
    assert GreedyAgent(11).act(rules, asked) == GreedyAgent(11).act(rules, poorer)
