"""The search bot: legal, reproducible and sound choices, and its budget by name."""

from __future__ import annotations

import random
import time
from typing import Any

import attrs
import pytest

import toy
from serenissima.agents import (
    AGENT_KINDS,
    Agent,
    GreedyAgent,
    ISMCTSAgent,
    RandomAgent,
    is_agent_kind,
    make_agent,
    play_game,
)
from serenissima.agents._tree import Search, Settings, _Node
from serenissima.agents.ismcts import DEFAULT_ITERATIONS, DENIAL, MAX_ITERATIONS
from serenissima.engine.core import CHANCE, TERMINAL, State
from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError, StateError
from serenissima.engine.registry import load_ruleset
from serenissima.engine.ruleset import Ruleset
from serenissima.records.game import sample_outcome

RULES = {name: load_ruleset(name) for name in ("classic", "modern")}


def positions(rules: Ruleset, players: int, seed: int, count: int) -> list[State]:
    """``count`` decisions with a choice, spread over a game of random play."""
    rng = random.Random(seed)
    state = rules.new_game(players)
    found = []
    while state.to_act != TERMINAL:
        if state.to_act == CHANCE:
            action = sample_outcome(rules.chance_outcomes(state), rng)
        else:
            actions = rules.legal_actions(state)
            if len(actions) > 1:
                found.append(state)
            action = rng.choice(actions)
        state = rules.apply_unchecked(state, action)
    step = max(1, len(found) // count)
    return found[::step][:count]


def _started(rules: Ruleset, **changes: object) -> toy.RaceState:
    state = rules.apply(rules.new_game(2), toy.First(0))
    assert isinstance(state, toy.RaceState)
    return attrs.evolve(state, **changes)


SETTINGS = [
    {"rollout": "random"},
    {"rollout": "heuristic"},
    {"depth": 0, "prior": 0},
    {"minimax": 0.0, "exploration": 0.0},
    {"minimax": 1.0},
    {"rollout": "greedy", "width": 3},
]


@pytest.mark.parametrize("name", sorted(RULES))
@pytest.mark.parametrize("settings", SETTINGS, ids=str)
def test_choices_are_legal_and_reproducible(name: str, settings: dict[str, Any]) -> None:
    rules = RULES[name]
    for state in positions(rules, 3, 4, 5):
        first = ISMCTSAgent(seed=3, iterations=30, **settings).act(rules, state)
        assert first in rules.legal_actions(state)
        assert ISMCTSAgent(seed=3, iterations=30, **settings).act(rules, state) == first


def test_a_sure_win_is_taken_on_the_toy_race() -> None:
    rules = toy.make_rules()
    # seat 0 is one square from the target: any roll wins; stopping lets seat 1 race on
    state = _started(rules, positions=(9, 6))
    for seed in range(5):
        assert ISMCTSAgent(seed=seed, iterations=60).act(rules, state) == toy.Roll()
    # far ahead of a seat that has stopped, rolling risks nothing and wins sooner
    ahead = _started(rules, positions=(5, 0), stopped=(False, True))
    assert ISMCTSAgent(seed=1, iterations=60).act(rules, ahead) == toy.Roll()


def test_the_search_beats_random_play_on_the_toy_race() -> None:
    rules = toy.make_rules()
    wins = 0.0
    for seed in range(12):
        seats: list[Agent] = [ISMCTSAgent(seed, iterations=40), RandomAgent(seed)]
        if seed % 2:
            seats.reverse()
        winners = play_game(rules, 2, seats, seed=seed).standings.winners
        wins += (seed % 2 in winners) / len(winners)
    assert wins >= 8


def test_one_legal_action_costs_no_search() -> None:
    rules = toy.make_rules()
    only_roll = _started(rules, may_stop=False)
    assert ISMCTSAgent(seed=1, iterations=1).act(rules, only_roll) == toy.Roll()


def test_a_time_budget_gives_a_legal_choice() -> None:
    rules = RULES["modern"]
    state = positions(rules, 4, 9, 3)[-1]
    agent = ISMCTSAgent(seed=2, seconds=0.05)
    assert agent.act(rules, state) in rules.legal_actions(state)
    assert repr(agent) == "ISMCTSAgent(seed=2, seconds=0.05)"


def test_with_both_budgets_the_first_spent_ends_the_search() -> None:
    rules = RULES["modern"]
    state = positions(rules, 4, 9, 3)[-1]
    by_count = ISMCTSAgent(seed=3, iterations=40).act(rules, state)
    assert ISMCTSAgent(seed=3, iterations=40, seconds=3600.0).act(rules, state) == by_count
    started = time.perf_counter()
    endless = ISMCTSAgent(seed=3, iterations=MAX_ITERATIONS, seconds=0.05)
    assert endless.act(rules, state) in rules.legal_actions(state)
    assert time.perf_counter() - started < 60  # the clock ended it, not a billion iterations


def test_no_search_where_no_seat_decides() -> None:
    rules = toy.make_rules()
    with pytest.raises(StateError, match="no seat decides"):
        ISMCTSAgent(seed=1).act(rules, rules.new_game(2))  # chance picks the first player
    over = rules.apply(rules.apply(_started(rules), toy.Stop()), toy.Stop())
    with pytest.raises(StateError, match="no seat decides"):
        ISMCTSAgent(seed=1).act(rules, over)


@pytest.mark.parametrize(
    ("settings", "error"),
    [
        ({"iterations": 10, "seconds": 0}, ArgumentValueError),
        ({"iterations": 0}, ArgumentValueError),
        ({"iterations": 2.5}, ArgumentTypeError),
        ({"iterations": True}, ArgumentTypeError),
        ({"seconds": 0}, ArgumentValueError),
        ({"seconds": -1.0}, ArgumentValueError),
        ({"seconds": float("inf")}, ArgumentValueError),
        ({"seconds": "1"}, ArgumentTypeError),
        ({"exploration": -0.1}, ArgumentValueError),
        ({"exploration": "high"}, ArgumentTypeError),
        ({"depth": -1}, ArgumentValueError),
        ({"rollout": "clever"}, ArgumentValueError),
        ({"scale": "wide"}, ArgumentValueError),
        ({"scale": 1}, ArgumentValueError),
        ({"horizon": "game"}, ArgumentValueError),
        ({"prior": -1}, ArgumentValueError),
        ({"minimax": 1.5}, ArgumentValueError),
        ({"minimax": "half"}, ArgumentTypeError),
        ({"rival": -0.5}, ArgumentValueError),
        ({"rival": True}, ArgumentTypeError),
        ({"denial": 2.0}, ArgumentValueError),
        ({"denial": "much"}, ArgumentTypeError),
        ({"evaluator": "oracle"}, ArgumentValueError),
    ],
)
def test_bad_settings_are_refused(settings: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        ISMCTSAgent(1, **settings)  # type: ignore[arg-type]


def test_the_default_budget() -> None:
    agent = ISMCTSAgent(5)
    assert (agent.iterations, agent.seconds) == (DEFAULT_ITERATIONS, None)
    assert isinstance(agent, Agent)


@pytest.mark.parametrize("name", sorted(RULES))
@pytest.mark.parametrize(
    ("players", "given", "expected"),
    [
        (2, {}, (0.5, 1.0)),
        (4, {}, (0.5, 0.0)),
        (3, {}, (0.5, 0.0)),
        (4, {"minimax": 0.25, "rival": 0.75}, (0.25, 0.75)),
        (2, {"minimax": 0.0, "rival": 0.0}, (0.0, 0.0)),
    ],
)
def test_minimax_and_rival_default_by_the_number_of_seats(
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    players: int,
    given: dict[str, float],
    expected: tuple[float, float],
) -> None:
    """Two seats play against the other seat, more seats each for itself; half minimax at any."""
    seen: list[Settings] = []

    class Recorder:
        def __init__(self, settings: Settings, *args: object) -> None:
            seen.append(settings)
            self.offered = args[2]

        def run(self) -> object:
            return self.offered[0]

    monkeypatch.setattr("serenissima.agents.ismcts.Search", Recorder)
    rules = RULES[name]
    state = positions(rules, players, 2, 1)[0]
    ISMCTSAgent(seed=1, iterations=5, hints=False, **given).act(rules, state)
    assert [(s.minimax, s.rival) for s in seen] == [expected]
    # No rollout at any count; UCB1 scaled by the whole search.
    assert (seen[0].depth, seen[0].siblings) == (0, False)
    seen.clear()
    ISMCTSAgent(seed=1, iterations=5, scale="siblings", depth=2, hints=False).act(rules, state)
    ISMCTSAgent(seed=1, iterations=5, depth=0, hints=False).act(rules, state)
    assert [(s.siblings, s.depth) for s in seen] == [(True, 2), (False, 0)]


def test_scaled_among_siblings_a_small_difference_outweighs_exploration() -> None:
    """Seats' estimates far apart make one seat's edges look alike on the search's whole scale."""
    rules = RULES["classic"]
    seen = rules.observe(rules.new_game(4), 0)
    tree = Settings(5, None, 0.7, 0, False, 0, 0.0, 0.0)
    choices = {}
    for siblings in (False, True):
        search = Search(tree._replace(siblings=siblings), rules, seen, (), 4, random.Random(1))
        search.rewards([9.0, 35.0, 20.0, 20.0])  # the range of the whole search: 9 to 35
        edges = []
        for mean, visits in ((30.0, 10), (30.5, 12)):
            node = _Node(4, [0.0] * 4)
            node.visits, node.avail = visits, 30
            node.totals = [mean * visits] * 4
            edges.append((rules.legal_actions(rules.new_game(4))[0], node))
        choices[siblings] = search.select(edges, 0)[1].visits
    assert choices == {False: 10, True: 12}


def test_without_a_rival_share_ties_are_broken_against_the_others() -> None:
    """With ``rival`` 0, a value is the estimate less DENIAL times the others' mean.

    Two results equal for the seat differ by what they leave the others, as
    the greedy bot's ties do; with ``rival`` above 0, the rival term alone counts.
    """
    rules = RULES["classic"]
    seen = rules.observe(rules.new_game(4), 0)
    plain = Settings(5, None, 0.7, 0, False, 0, 0.0, 0.0)
    search = Search(plain, rules, seen, (), 4, random.Random(1))
    values = search.rewards([10.0, 4.0, 6.0, 8.0])
    assert values == pytest.approx(
        [10 - DENIAL * 6, 4 - DENIAL * 8, 6 - DENIAL * 22 / 3, 8 - DENIAL * 20 / 3]
    )
    assert search.rewards([10.0, 4.0, 4.0, 4.0])[0] > search.rewards([10.0, 4.0, 4.0, 5.0])[0]
    against = Search(plain._replace(rival=1.0), rules, seen, (), 4, random.Random(1))
    assert against.rewards([10.0, 4.0, 6.0, 8.0]) == [2.0, -6.0, -4.0, -2.0]
    assert 0 < DENIAL < 0.01
    off = Search(plain._replace(denial=0.0), rules, seen, (), 4, random.Random(1))
    assert off.rewards([10.0, 4.0, 6.0, 8.0]) == [10.0, 4.0, 6.0, 8.0]


# --- by name ----------------------------------------------------------------------------


def test_the_search_bot_and_the_omniscient_greedy_bot_are_made_by_name() -> None:
    assert {"ismcts", "greedy-omniscient"} <= set(AGENT_KINDS)
    assert repr(make_agent("ismcts", 1)) == f"ISMCTSAgent(seed=1, iterations={DEFAULT_ITERATIONS})"
    by_iterations = make_agent("ismcts:200", 1)
    assert isinstance(by_iterations, ISMCTSAgent)
    assert (by_iterations.iterations, by_iterations.seconds) == (200, None)
    by_time = make_agent("ismcts:0.5s", 1)
    assert isinstance(by_time, ISMCTSAgent)
    assert (by_time.iterations, by_time.seconds) == (None, 0.5)
    keyword = make_agent("ismcts", 1, iterations=50)
    assert isinstance(keyword, ISMCTSAgent)
    assert keyword.iterations == 50
    omniscient = make_agent("greedy-omniscient", 4)
    assert isinstance(omniscient, GreedyAgent)
    assert omniscient.omniscient
    honest = make_agent("greedy", 4)
    assert isinstance(honest, GreedyAgent)
    assert not honest.omniscient


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("ismcts:", "bad budget"),
        ("ismcts:0", "bad budget"),
        ("ismcts:-3", "bad budget"),
        ("ismcts:1.5", "bad budget"),
        ("ismcts:lots", "bad budget"),
        ("ismcts:0s", "bad budget"),
        ("ismcts:-1s", "bad budget"),
        ("ismcts:infs", "bad budget"),
        ("ismcts:nans", "bad budget"),
        ("greedy:3", "takes no budget"),
        ("clever:3", "unknown agent"),
        ("ismcts-fast", "unknown agent"),
    ],
)
def test_bad_kinds_are_refused_in_one_sentence(kind: str, message: str) -> None:
    assert not is_agent_kind(kind)
    with pytest.raises(ArgumentValueError, match=message) as caught:
        make_agent(kind, 1)
    assert isinstance(caught.value, ValueError)
    assert "\n" not in str(caught.value)


def test_a_budget_is_given_once_and_only_to_the_search_bot() -> None:
    with pytest.raises(ArgumentValueError, match="budget already"):
        make_agent("ismcts:20", 1, iterations=30)
    with pytest.raises(ArgumentValueError, match="takes no budget"):
        make_agent("greedy", 1, seconds=1.0)
    both = make_agent("ismcts", 1, iterations=3, seconds=1.0)
    assert repr(both) == "ISMCTSAgent(seed=1, iterations=3, seconds=1.0)"


def test_kind_texts_are_recognised() -> None:
    for kind in (*AGENT_KINDS, "ismcts:1", "ismcts:250", "ismcts:0.5s", "ismcts:2s"):
        assert is_agent_kind(kind), kind
    assert not is_agent_kind(None)
    assert not is_agent_kind("")
    assert not is_agent_kind("Greedy")


def _first_bid(rules: Ruleset, players: int) -> State:
    """The first classic state where a seat bids with other seats still to bid after it."""
    rng = random.Random(3)
    state = rules.new_game(players)
    while True:
        if state.to_act == CHANCE:
            state = rules.apply_unchecked(state, sample_outcome(rules.chance_outcomes(state), rng))
            continue
        if rules.decision(state).kind == "bid":
            return state
        state = rules.apply_unchecked(state, rng.choice(rules.legal_actions(state)))


def _search(rules: Ruleset, state: State) -> Search:
    settings = Settings(10, None, 0.7, 3, False, 10, 0.5, 1.0)
    seen = rules.observe(state, state.to_act)
    offered = rules.legal_actions(state)
    return Search(settings, rules, seen, offered, state.players, random.Random(1))


def test_a_secret_bid_is_answered_by_one_tree_whatever_it_is() -> None:
    rules = RULES["classic"]
    state = _first_bid(rules, 3)
    search = _search(rules, state)
    search.run()
    children = list(search.root.children.values())
    assert len(children) == len(rules.legal_actions(state)) > 1
    # the next bidder cannot see the bid, so every bid's answers are one set of edges
    assert search.shared is not None
    assert search.shared
    assert all(child.children is search.shared for child in children)
    # each bid keeps its own statistics
    assert len({id(child) for child in children}) == len(children)


def test_an_open_action_is_answered_by_its_own_tree() -> None:
    rules = RULES["modern"]
    state = positions(rules, 3, 2, 1)[0]
    search = _search(rules, state)
    search.run()
    assert search.shared is None
    trees = [child.children for child in search.root.children.values() if child.children]
    assert len({id(tree) for tree in trees}) == len(trees)
