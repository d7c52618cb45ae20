"""The search bot's tree of greedy lines: a tree over the searched decisions of a stage.

:class:`LineTreeSearch` is the search of one decision when
:class:`~serenissima.agents.ismcts.ISMCTSAgent` has ``rollout="greedy-tree"``.
Like greedy rollouts (:mod:`._rollouts`) it keeps the root's ``width`` best
actions by their one-decision value and scores every iteration where a
greedy line leaves the stage or turn of the root decision, so that every
leaf is valued at the same point of the game. Unlike them it grows a tree
below the root, over the decisions of the searched kinds that come before
the line ends (the seat's next galley, the answer of the other seats), so
that more iterations look at more of the answers rather than at the same
lines on more drawn states:

- an iteration draws a state from the seat's view, then from the root down
  picks, at each decision of a searched kind, the edge of highest UCB1 for
  the seat that acts there among the node's **open** edges; once it adds an
  edge it plays on as the greedy bot (on the drawn state) to the line's end;
- decisions of other kinds are the greedy bot's, and chance is drawn with
  its probabilities, without nodes (one node stands for the actions taken so
  far, whatever the draws);
- a node below the root opens its edges one by one as it is visited,
  ``1 + floor(WIDENING * sqrt(visits))`` of them (progressive widening), the
  greedy bot's choice first and the other legal actions after it in an order
  drawn once; so with few iterations the tree is the greedy line itself, and
  more iterations try more answers.

UCB1 reads values scaled by the range seen in the whole search, or, with
``scale="siblings"``, by the range of the edges it compares (see
:class:`~serenissima.agents.ismcts.ISMCTSAgent`). The action played is the
root's most visited one (ties: the better mean).

As with greedy rollouts, the answers below the root are chosen on the drawn
state, and a node stands for the actions before it: another seat's answer may
thus depend on an action it could not see (a secret bid). The classic hints
search no such decision; a search of one should keep the tree (the default).
"""

from __future__ import annotations

import math
import random
from typing import Final

from serenissima.agents._rollouts import _drawn, line_end, root_candidates
from serenissima.agents._tree import Search
from serenissima.agents.greedy import GreedyAgent
from serenissima.engine.core import CHANCE, TERMINAL, Action, State

__all__ = ["WIDENING", "LineTreeSearch"]

WIDENING: Final[float] = 1.0
"""How fast a node below the root opens its edges: ``1 + floor(WIDENING * sqrt(visits))``."""


class _Line:
    """A node: its children by action, the order it opens them in, visits and values."""

    __slots__ = ("children", "order", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Action, _Line] = {}
        self.order: list[Action] | None = None
        self.totals = [0.0] * players
        self.visits = 0


class LineTreeSearch(Search):
    """One decision's tree over the searched decisions of a stage (see the module)."""

    def run(self) -> Action:
        """The most visited of the root's best actions (ties: the better mean)."""
        seat, players = self.seat, self.players
        self.candidates, values = root_candidates(self)
        if len(self.candidates) == 1:
            return self.candidates[0]
        top = self.top = _Line(players)
        weight = self.settings.prior
        for action in self.candidates:
            child = top.children[action] = _Line(players)
            child.visits = weight
            child.totals = [weight * v for v in values[action]]
        top.visits = weight * len(self.candidates)
        top.order = list(self.candidates)
        self.spend(self.line, self.settings.iterations or 0)
        children = top.children

        def key(action: Action) -> tuple[int, float]:
            child = children[action]
            return child.visits, child.totals[seat] / child.visits if child.visits else 0.0

        return max(self.candidates, key=key)

    def line(self) -> None:
        """One iteration: draw a state, walk the tree, add one edge, play the line out, back up."""
        rules, rng, step, whole_turn = self.rules, self.rng, self.step, self.settings.whole_turn
        decision = rules.engine.decision
        kinds = self.settings.kinds
        state = self.sample(rules, self.seen, rng)
        stage = line_end(rules, state, whole_turn)
        seed = rng.getrandbits(64)
        chance = random.Random(seed)
        greedy = GreedyAgent(seed, omniscient=True)
        node = self.top
        path = [node]
        root, added = True, False
        while state.to_act != TERMINAL and line_end(rules, state, whole_turn) == stage:
            actor = state.to_act
            if actor == CHANCE:
                action = _drawn(self.outcomes(rules, state), chance)
            elif added or (
                not root and kinds is not None and decision(rules, state).kind not in kinds
            ):
                action = greedy.act(rules, state)
            else:
                legal = self.candidates if root else self.legal(rules, state)
                root = False
                if len(legal) == 1:
                    action = legal[0]
                else:
                    action, node, added = self._choose(node, actor, legal, state, greedy)
                    path.append(node)
            state = step(rules, state, action)[0]
        values = self.values(state)
        players = self.players
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for s in range(players):
                totals[s] += values[s]

    def _choose(
        self,
        node: _Line,
        actor: int,
        legal: tuple[Action, ...] | list[Action],
        state: State,
        greedy: GreedyAgent,
    ) -> tuple[Action, _Line, bool]:
        """The edge taken from ``node``: a new one while it may open more, else UCB1's best.

        Returns the action, its child and whether the child was added now.
        """
        order = node.order
        if order is None:  # the greedy bot's choice first, the rest in an order drawn once
            first = greedy.act(self.rules, state)
            rest = [a for a in legal if a != first]
            self.rng.shuffle(rest)
            order = node.order = [first, *rest]
        else:  # another drawn state may offer actions the first did not
            known = set(order)
            new = [a for a in legal if a not in known]
            if new:
                self.rng.shuffle(new)
                order.extend(new)
        present = set(legal)
        open_ = [a for a in order if a in present]
        if node is not self.top:
            open_ = open_[: 1 + int(WIDENING * math.sqrt(node.visits))]
        children = node.children
        for action in open_:
            child = children.get(action)
            if child is None:
                child = children[action] = _Line(self.players)
                return action, child, True
        visited = [children[a] for a in open_ if children[a].visits]
        means = [child.totals[actor] / child.visits for child in visited]
        low, scale = self.scaling(means)
        top = 1.0 if scale else 0.0  # an edge not yet visited counts as the best seen
        c = self.settings.exploration
        log_visits = math.log(max(2, node.visits))
        best, best_score = open_[0], -math.inf
        for action in open_:  # unvisited only at the root with no prior (prior=0)
            child = children[action]
            value = (child.totals[actor] / child.visits - low) * scale if child.visits else top
            score = value + c * math.sqrt(log_visits / max(1, child.visits))
            if score > best_score:
                best, best_score = action, score
        return best, children[best], False
