"""The search bot's tree of greedy lines (``rollout="greedy-tree"``)."""

from __future__ import annotations

import math
import random

import pytest
from tests.test_ismcts_rollouts import by_kind, greedy_game

from serenissima.agents import ISMCTSAgent
from serenissima.agents._lines import WIDENING, LineTreeSearch, _Line
from serenissima.agents._rollouts import line_end
from serenissima.agents._tree import Settings
from serenissima.engine.core import TERMINAL, Action, State
from serenissima.engine.registry import load_ruleset
from serenissima.engine.ruleset import Ruleset

RULES = {name: load_ruleset(name) for name in ("classic", "modern")}
SEARCHED = frozenset({"movement", "passage", "battles", "spoils"})


class Recording(LineTreeSearch):
    """The tree of greedy lines, keeping the kind of every decision it branched on."""

    def __init__(self, *args: object) -> None:
        super().__init__(*args)  # type: ignore[arg-type]
        self.branched: list[str] = []

    def _choose(
        self,
        node: _Line,
        actor: int,
        legal: tuple[Action, ...] | list[Action],
        state: State,
        greedy: object,
    ) -> tuple[Action, _Line, bool]:
        if node is not self.top:
            self.branched.append(self.rules.decision(state).kind)
        return super()._choose(node, actor, legal, state, greedy)  # type: ignore[arg-type]


def search(rules: Ruleset, state: State, iterations: int, seed: int = 1) -> Recording:
    settings = Settings(
        iterations, None, 0.7, 0, False, 10, 0.5, 1.0, whole_turn=True, kinds=SEARCHED
    )
    seen = rules.observe(state, state.to_act)
    offered = rules.legal_actions(state)
    return Recording(settings, rules, seen, offered, state.players, random.Random(seed))


def nodes(node: _Line) -> list[_Line]:
    found = [node]
    for child in node.children.values():
        found += nodes(child)
    return found


def depth(node: _Line) -> int:
    return 1 + max((depth(child) for child in node.children.values()), default=0)


@pytest.mark.parametrize("name", sorted(RULES))
def test_the_tree_chooses_a_legal_action_and_repeats_with_a_seed(name: str) -> None:
    rules = RULES[name]
    players = 2 if name == "classic" else 3
    game = greedy_game(rules, players, 3)
    states = [s for s in game if s.to_act >= 0 and len(rules.legal_actions(s)) > 1]
    for state in states[4 : len(states) : max(1, len(states) // 5)]:
        agent = ISMCTSAgent(seed=5, iterations=12, rollout="greedy-tree", width=3)
        first = agent.act(rules, state)
        assert first in rules.legal_actions(state)
        again = ISMCTSAgent(seed=5, iterations=12, rollout="greedy-tree", width=3)
        assert again.act(rules, state) == first


def test_more_iterations_grow_the_tree_below_the_root_at_searched_decisions_only() -> None:
    rules = RULES["classic"]
    game = greedy_game(rules, 2, 4)
    movements = [
        s
        for s in game
        if s.to_act >= 0
        and rules.decision(s).kind == "movement"
        and len(rules.legal_actions(s)) > 2
    ]
    small, large = 0, 0
    for position in movements[2:5]:
        few = search(rules, position, 8)
        few.run()
        many = search(rules, position, 120)
        many.run()
        small += len(nodes(few.top))
        large += len(nodes(many.top))
        assert depth(many.top) >= depth(few.top)
        assert many.branched
        assert set(many.branched) <= SEARCHED
        # every node opened at most 1 + floor(WIDENING * sqrt(visits)) answers
        for node in nodes(many.top)[1:]:
            assert len(node.children) <= 1 + math.floor(WIDENING * math.sqrt(node.visits))
    assert large > small


def test_the_root_keeps_only_its_best_actions_and_every_iteration_visits_one() -> None:
    rules = RULES["classic"]
    for position in by_kind("movement")[1:3]:
        tree = search(rules, position, 30)
        tree.settings = tree.settings._replace(width=2)
        chosen = tree.run()
        assert set(tree.top.children) == set(tree.candidates)
        assert chosen in tree.candidates
        assert len(tree.candidates) <= 2
        assert tree.top.visits == 10 * len(tree.candidates) + 30


def test_every_line_is_scored_where_it_leaves_the_root_decisions_turn() -> None:
    rules = RULES["classic"]
    position = by_kind("movement")[2]
    tree = search(rules, position, 4)
    tree.run()
    stage = line_end(rules, position, True)
    scored: list[State] = []
    values = tree.values

    def record(state: State) -> list[float]:
        scored.append(state)
        return values(state)

    tree.values = record  # type: ignore[method-assign]
    for _ in range(6):
        tree.line()
    assert len(scored) == 6
    for end in scored:
        assert end.to_act == TERMINAL or line_end(rules, end, True) != stage


def test_without_a_prior_the_root_actions_not_yet_tried_are_tried_first() -> None:
    rules = RULES["classic"]
    for position in by_kind("movement")[1:3]:
        agent = ISMCTSAgent(seed=2, iterations=3, rollout="greedy-tree", prior=0)
        assert agent.act(rules, position) in rules.legal_actions(position)
        tree = search(rules, position, 2)
        tree.settings = tree.settings._replace(prior=0)
        tree.run()
        assert sum(child.visits for child in tree.top.children.values()) == 2


def test_scaled_among_siblings_the_better_answer_outweighs_exploration() -> None:
    """The seats' margins far apart make two close answers look alike on the search's scale.

    Scaled by the whole search's range (9 to 35), the edge tried less wins on
    exploration; scaled by the two edges compared, the better one does.
    """
    rules = RULES["classic"]
    position = by_kind("movement")[1]
    legal = rules.legal_actions(position)
    chosen = {}
    for siblings in (False, True):
        tree = search(rules, position, 1)
        tree.settings = tree.settings._replace(siblings=siblings)
        tree.top = _Line(tree.players)
        tree.rewards([9.0, 35.0])
        node = _Line(tree.players)
        node.visits = 100  # wide enough to open both edges, and no more
        node.order = list(legal[:2])
        for action, (mean, visits) in zip(legal[:2], ((30.0, 10), (30.5, 12)), strict=True):
            child = node.children[action] = _Line(tree.players)
            child.visits, child.totals = visits, [mean * visits] * tree.players
        action, _, added = tree._choose(node, 0, legal[:2], position, None)  # type: ignore[arg-type]
        assert not added
        chosen[siblings] = legal.index(action)
    assert chosen == {False: 0, True: 1}
