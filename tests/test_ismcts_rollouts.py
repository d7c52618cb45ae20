"""The search bot's greedy rollouts to the end of a stage, and its search limited by kind."""

from __future__ import annotations

import random

import pytest

from serenissima.agents import GreedyAgent, ISMCTSAgent
from serenissima.agents._prior import Prior
from serenissima.agents._rollouts import RolloutSearch, line_end, stage_of
from serenissima.agents._tree import Settings
from serenissima.engine.chance import sample_outcome
from serenissima.engine.core import CHANCE, TERMINAL, State
from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError
from serenissima.engine.registry import load_ruleset
from serenissima.engine.ruleset import Ruleset

RULES = {name: load_ruleset(name) for name in ("classic", "modern")}


def greedy_game(rules: Ruleset, players: int, seed: int) -> list[State]:
    """Every state of a game of greedy bots, in order."""
    rng = random.Random(seed)
    seats = [GreedyAgent(seed + seat, samples=1) for seat in range(players)]
    state = rules.new_game(players)
    states = [state]
    while state.to_act != TERMINAL:
        if state.to_act == CHANCE:
            action = sample_outcome(rules.chance_outcomes(state), rng)
        else:
            action = seats[state.to_act].act(rules, state)
        state = rules.apply_unchecked(state, action)
        states.append(state)
    return states


CLASSIC = greedy_game(RULES["classic"], 3, 2)


def by_kind(kind: str) -> list[State]:
    rules = RULES["classic"]
    found = [s for s in CLASSIC if s.to_act >= 0 and rules.decision(s).kind == kind]
    assert len(found) >= 6, kind
    return found


def test_a_stage_is_a_round_and_a_rule_section() -> None:
    rules = RULES["classic"]
    sections: dict[str, set[str]] = {}
    for state in CLASSIC[:-1]:
        turn, section = stage_of(rules, state)
        assert turn == state.turn
        sections.setdefault(rules.decision(state).kind, set()).add(section)
    # the movement and a request for passage during it are one stage, the battles the next
    assert sections["movement"] == sections["passage"] == {"C-MOVE"}
    assert sections["battles"] == sections["battle-dice"] == {"C-BAT"}
    assert sections["bid"] == {"C-BID"}
    assert len({section for found in sections.values() for section in found}) >= 6


def line_ends(state: State, whole_turn: bool) -> list[State]:
    """Where one greedy line from ``state`` ends, for a search of ``state``'s decision."""
    rules = RULES["classic"]
    seen = rules.observe(state, state.to_act)
    settings = Settings(6, None, 0.7, 0, False, 0, 0.0, 0.0, whole_turn=whole_turn)
    search = RolloutSearch(
        settings,
        rules,
        seen,
        rules.legal_actions(state),
        state.players,
        random.Random(1),
    )
    ends: list[State] = []
    values = search.values

    def record(end: State) -> list[float]:
        ends.append(end)
        return values(end)

    search.values = record  # type: ignore[method-assign]
    search.play_out(state, line_end(rules, state, whole_turn), 5)
    return ends


def test_a_rollout_stops_at_the_first_state_of_another_stage() -> None:
    rules = RULES["classic"]
    state = by_kind("movement")[3]
    (end,) = line_ends(state, whole_turn=False)
    assert end.turn == state.turn
    assert stage_of(rules, end) != stage_of(rules, state)
    assert rules.decision(end).kind in ("battles", "landing", "battle-dice")


def test_a_rollout_to_the_end_of_the_turn_plays_the_rest_of_the_round() -> None:
    rules = RULES["classic"]
    last = max(state.turn for state in CLASSIC)
    for state in by_kind("movement")[3:] + by_kind("battles"):
        (end,) = line_ends(state, whole_turn=True)
        if state.turn == last:  # the last round's line ends with the game
            assert end.to_act == TERMINAL
            continue
        # the line ran through the landings and the sales into the next round's bids
        assert end.turn == state.turn + 1
        assert rules.decision(end).kind == "bid"
        assert line_end(rules, end, True) == (state.turn + 1, "")


def test_one_candidate_is_the_best_action_one_decision_ahead() -> None:
    rules = RULES["classic"]
    for state in by_kind("movement")[:4] + by_kind("purchases")[:2]:
        seat = state.to_act
        offered = rules.legal_actions(state)
        search = RolloutSearch(
            Settings(1, None, 0.7, 0, False, 0, 0.0, 0.0),
            rules,
            rules.observe(state, seat),
            offered,
            state.players,
            random.Random(0),
        )
        values = Prior(rules, seat, state.players, search.values).root_values(
            rules.observe(state, seat), offered, random.Random(4), True
        )
        best = max(values[a][seat] for a in offered)
        agent = ISMCTSAgent(seed=4, iterations=10, rollout="greedy", width=1)
        assert values[agent.act(rules, state)][seat] == best


@pytest.mark.parametrize("name", sorted(RULES))
def test_greedy_rollouts_choose_among_the_best_and_repeat_with_a_seed(name: str) -> None:
    rules = RULES[name]
    players = 4 if name == "classic" else 3
    game = greedy_game(rules, players, 6)
    states = [s for s in game if s.to_act >= 0 and len(rules.legal_actions(s)) > 1]
    for state in states[5 : len(states) : max(1, len(states) // 6)]:
        first = ISMCTSAgent(seed=2, iterations=8, rollout="greedy", width=2).act(rules, state)
        assert first in rules.legal_actions(state)
        again = ISMCTSAgent(seed=2, iterations=8, rollout="greedy", width=2).act(rules, state)
        assert again == first


def test_decisions_of_kinds_not_searched_take_the_greedy_choice() -> None:
    rules = RULES["classic"]
    for state in by_kind("purchases")[:5]:
        searched = ISMCTSAgent(seed=9, iterations=20, kinds={"movement"}).act(rules, state)
        assert searched == GreedyAgent(9).act(rules, state)
    state = by_kind("movement")[0]
    only = ISMCTSAgent(seed=9, iterations=20, rollout="greedy", kinds=["movement"])
    assert only.act(rules, state) in rules.legal_actions(state)


@pytest.mark.parametrize(
    ("settings", "error", "message"),
    [
        ({"kinds": "movement"}, ArgumentTypeError, "a collection of decision kinds"),
        ({"kinds": [1]}, ArgumentTypeError, "a collection of decision kinds"),
        ({"width": 0}, ArgumentValueError, "width must be at least 1"),
        ({"rollout": "smart"}, ArgumentValueError, "random, heuristic, greedy"),
    ],
)
def test_bad_settings_are_refused(settings: dict[str, object], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        ISMCTSAgent(seed=1, **settings)  # type: ignore[arg-type]


def test_a_kind_the_ruleset_never_asks_for_is_refused_when_it_acts() -> None:
    rules = RULES["modern"]
    state = next(
        s for s in greedy_game(rules, 3, 1) if s.to_act >= 0 and len(rules.legal_actions(s)) > 1
    )
    agent = ISMCTSAgent(seed=1, kinds={"movement", "bid"})
    with pytest.raises(ArgumentValueError, match="no decision of kind bid in modern"):
        agent.act(rules, state)
    # a chance kind names no decision either
    dice = ISMCTSAgent(seed=1, kinds={"movement", "battle-dice"})
    with pytest.raises(ArgumentValueError, match="no decision of kind battle-dice in classic"):
        dice.act(
            RULES["classic"],
            next(
                s
                for s in greedy_game(RULES["classic"], 2, 1)
                if s.to_act >= 0 and len(RULES["classic"].legal_actions(s)) > 1
            ),
        )
