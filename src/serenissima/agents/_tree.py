"""The tree of the search bot and one decision's search (see :mod:`.ismcts`).

:class:`Search` holds the tree of one decision: nodes keyed by the actions
played from the root (chance outcomes included), whatever the state drawn,
each with its visits, its availability and every seat's total value.
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING, Final, NamedTuple

from serenissima.engine.core import CHANCE, TERMINAL, Action, Observation, State

__all__ = ["Search", "Settings"]

if TYPE_CHECKING:
    from fractions import Fraction

    from serenissima.engine.ruleset import Ruleset

_CANDIDATES: Final[int] = 3
"""The actions a heuristic rollout tries at each decision, drawn uniformly."""

_PRIOR_DRAWS: Final[int] = 8
"""The states drawn from the seat's view to value the root's actions before the search."""

_PRIOR_OUTCOMES: Final[int] = 64
"""The most likely chance outcomes a root action's value is expected over."""

_MAX_REPLIES: Final[int] = 32
"""The most answers of another seat a root action's value looks ahead to in a negotiation."""

_TIE: Final[float] = 1e-9
"""Values closer than this are equal when the answer of another seat is chosen."""


class Settings(NamedTuple):
    """The settings of one search, as :class:`~serenissima.agents.ismcts.ISMCTSAgent` has them."""

    iterations: int | None
    seconds: float | None
    exploration: float
    depth: int
    heuristic: bool
    prior: int
    minimax: float
    rival: float


class _Node:
    """A node of the tree: the actions played so far from the root, whatever the state drawn.

    Besides the visits and every seat's total value, a node keeps ``best``,
    every seat's value where play goes from it if each seat takes its best
    edge by the heuristic (the implicit minimax value), and ``actor``, the
    seat that acted there when last visited (``CHANCE`` at a chance node).
    """

    __slots__ = ("actor", "avail", "best", "children", "totals", "visits")

    def __init__(self, players: int, best: list[float]) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 1  # times the edge into it could have been taken
        self.totals = [0.0] * players
        self.best = best
        self.actor = TERMINAL


class Search:
    """One decision's search: the tree, the generator and the engine's methods at hand."""

    def __init__(
        self,
        settings: Settings,
        rules: Ruleset,
        seen: Observation,
        offered: tuple[Action, ...],
        players: int,
        rng: random.Random,
    ) -> None:
        engine = rules.engine
        self.settings = settings
        self.rules = rules
        self.seen = seen
        self.offered = offered
        self.offered_set = frozenset(offered)
        self.rng = rng
        self.players = players
        self.zeros = [0.0] * players
        self.root = _Node(players, self.zeros)
        self.sample = engine.sample_state
        self.legal = engine.legal_actions
        self.outcomes = engine.chance_outcomes
        self.step = engine.step
        self.evaluate = engine.evaluate
        self.low = math.inf
        self.high = -math.inf
        self.chance_cache: dict[int, tuple[object, tuple[Action, ...], list[float]]] = {}
        self.shared: dict[Action, _Node] | None = None

    def hidden_answer(self) -> dict[Action, _Node] | None:
        """One tree of answers for all root actions, if the seat answering cannot tell them apart.

        When every offered action hands the decision to the same other seat
        and that seat sees the same thing whichever was taken (a secret bid,
        say), its answer cannot depend on the action. The root's edges then
        share one set of children, so that the search does not let the other
        seat answer an action it cannot see; each edge keeps its own visits and
        values. Checked on one state drawn from the seat's view.
        """
        if len(self.offered) < 2:
            return None
        rules, step = self.rules, self.step
        state = self.sample(rules, self.seen, self.rng)
        results = [step(rules, state, action)[0] for action in self.offered]
        other = results[0].to_act
        if other < 0 or other == self.seen.seat or any(r.to_act != other for r in results):
            return None
        observe = rules.engine.observe
        seen = observe(rules, results[0], other)
        if any(observe(rules, r, other) != seen for r in results[1:]):
            return None
        return {}

    def run(self) -> Action:
        """Search within the budget; the root's most visited offered action (ties: best mean)."""
        settings = self.settings
        self.shared = self.hidden_answer()
        if settings.prior:
            self.seed_root(settings.prior)
        if settings.seconds is not None:
            deadline = time.perf_counter() + settings.seconds
            while True:
                self.iterate()
                if time.perf_counter() >= deadline:
                    break
        else:
            for _ in range(settings.iterations or 0):
                self.iterate()
        children = self.root.children
        best: Action | None = None
        key = (-1, -math.inf)
        seat = self.seen.seat
        for action in self.offered:
            child = children.get(action)
            if child is None:
                continue
            mine = (child.visits, child.totals[seat] / child.visits if child.visits else 0.0)
            if mine > key:
                best, key = action, mine
        return best if best is not None else self.offered[0]

    def seed_root(self, weight: int) -> None:
        """Give each root edge ``weight`` visits of its one-decision value.

        The value is the mean over :data:`_PRIOR_DRAWS` states drawn from the
        seat's view (the same state drawn twice is looked at once, weighted
        twice), and where the action leads to a chance node, the exact
        expectation over its outcomes (the :data:`_PRIOR_OUTCOMES` most likely).
        """
        rules, step, players = self.rules, self.step, self.players
        drawn_states: list[State] = []
        counts: list[int] = []
        for _ in range(_PRIOR_DRAWS):
            drawn = self.sample(rules, self.seen, self.rng)
            for i, known in enumerate(drawn_states):
                if known == drawn:
                    counts[i] += 1
                    break
            else:
                drawn_states.append(drawn)
                counts.append(1)
        sums = {action: [0.0] * players for action in self.offered}
        for drawn, count in zip(drawn_states, counts, strict=True):
            kind = None if self.shared is not None else rules.engine.decision(rules, drawn).kind
            for action in self.offered:
                after = step(rules, drawn, action)[0]
                values = (kind and self.answered(after, kind)) or self.expected(after)
                total = sums[action]
                for s in range(players):
                    total[s] += count * values[s]
        for action in self.offered:
            values = [v / _PRIOR_DRAWS for v in sums[action]]
            child = self.root.children[action] = _Node(players, values)
            if self.shared is not None:
                child.children = self.shared
            child.visits = weight
            child.totals = [weight * v for v in values]
        self.root.visits = weight * len(self.offered)

    def answered(self, state: State, kind: str) -> list[float] | None:
        """Each seat's value after the answer of the seat ``state`` hands a decision of ``kind``.

        When an action hands another seat a decision of the same kind (an
        offer hands the buyer its answer), that seat is taken to answer with
        what is best for it, one decision ahead, as the greedy bot assumes;
        ``None`` if ``state`` is no such decision, or the seat has one answer
        only or more than :data:`_MAX_REPLIES`.
        """
        other = state.to_act
        if not 0 <= other != self.seen.seat:
            return None
        rules = self.rules
        if rules.engine.decision(rules, state).kind != kind:
            return None
        replies = self.legal(rules, state)
        if not 1 < len(replies) <= _MAX_REPLIES:
            return None
        best: list[list[float]] = []
        top = -math.inf
        for reply in replies:
            values = self.expected(self.step(rules, state, reply)[0])
            if values[other] > top + _TIE:
                best, top = [values], values[other]
            elif values[other] >= top - _TIE:
                best.append(values)
        return [sum(v[s] for v in best) / len(best) for s in range(self.players)]

    def expected(self, state: State) -> list[float]:
        """Each seat's value of ``state``, expected over its outcomes if chance acts there."""
        if state.to_act != CHANCE:
            return self.values(state)
        outcomes = self.outcomes(self.rules, state)
        if len(outcomes) > _PRIOR_OUTCOMES:
            outcomes = tuple(sorted(outcomes, key=lambda o: o[1], reverse=True)[:_PRIOR_OUTCOMES])
        totals = [0.0] * self.players
        mass = 0.0
        for action, p in outcomes:
            weight = float(p)
            values = self.values(self.step(self.rules, state, action)[0])
            for s in range(self.players):
                totals[s] += weight * values[s]
            mass += weight
        return [t / mass for t in totals]

    def draw(self, state: State) -> Action:
        """A chance outcome of ``state``, drawn with its probability."""
        outcomes = self.outcomes(self.rules, state)
        entry = self.chance_cache.get(id(outcomes))
        if entry is None or entry[0] is not outcomes:
            entry = (outcomes, *_cumulative(outcomes))
            self.chance_cache[id(outcomes)] = entry
        _, actions, cumulative = entry
        r = self.rng.random() * cumulative[-1]
        low, high = 0, len(cumulative) - 1
        while low < high:
            mid = (low + high) // 2
            if cumulative[mid] > r:
                high = mid
            else:
                low = mid + 1
        return actions[low]

    def iterate(self) -> None:
        """One iteration: draw a state, select, expand one node, roll out, back up."""
        rules, rng, step, players = self.rules, self.rng, self.step, self.players
        state = self.sample(rules, self.seen, rng)
        node = self.root
        path = [node]
        root = True
        while True:
            actor = state.to_act
            if actor == TERMINAL:
                break
            node.actor = actor
            if actor == CHANCE:
                action = self.draw(state)
                state = step(rules, state, action)[0]
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node(players, self.leaf(state))
                    path.append(child)
                    break
                node = child
                path.append(node)
                continue
            legal = self.legal(rules, state)
            if root:
                root = False
                legal = tuple(a for a in legal if a in self.offered_set) or self.offered
            children = node.children
            untried = []
            tried = []
            for action in legal:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.avail += 1
                    tried.append((action, child))
            if untried:
                action = untried[rng.randrange(len(untried))]
                state = step(rules, state, action)[0]
                child = children[action] = _Node(players, self.leaf(state))
                if node is self.root and self.shared is not None:
                    child.children = self.shared
                path.append(child)
                break
            action, node = self.select(tried, actor)
            state = step(rules, state, action)[0]
            path.append(node)
        values = self.rollout(state) if self.settings.depth else path[-1].best
        for node in path:
            node.visits += 1
            totals = node.totals
            for s in range(players):
                totals[s] += values[s]
        if self.settings.minimax:
            for node in reversed(path[:-1]):
                node.best = _backed_up(node)

    def select(self, tried: list[tuple[Action, _Node]], actor: int) -> tuple[Action, _Node]:
        """The edge of highest UCB1 for ``actor``, its values scaled to 0..1.

        An edge's value is its mean, mixed with its implicit minimax value
        in the share ``minimax``.
        """
        low, high = self.low, self.high
        scale = 1.0 / (high - low) if high > low else 0.0
        c = self.settings.exploration
        mix = self.settings.minimax
        best = tried[0]
        best_score = -math.inf
        log, sqrt = math.log, math.sqrt
        for pair in tried:
            child = pair[1]
            visits = child.visits
            value = (1.0 - mix) * child.totals[actor] / visits + mix * child.best[actor]
            score = (value - low) * scale + c * sqrt(log(child.avail) / visits)
            if score > best_score:
                best, best_score = pair, score
        return best

    def rollout(self, state: State) -> list[float]:
        """Play on from ``state`` for ``depth`` actions; each seat's value at the end."""
        rules, rng, step, legal_of, evaluate = (
            self.rules,
            self.rng,
            self.step,
            self.legal,
            self.evaluate,
        )
        heuristic = self.settings.heuristic
        for _ in range(self.settings.depth):
            actor = state.to_act
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                state = step(rules, state, self.draw(state))[0]
                continue
            legal = legal_of(rules, state)
            if heuristic and len(legal) > 1:
                best_value = -math.inf
                best_state = state
                for _ in range(_CANDIDATES):
                    after = step(rules, state, legal[rng.randrange(len(legal))])[0]
                    value = evaluate(rules, after, actor)
                    if value > best_value:
                        best_value, best_state = value, after
                state = best_state
            else:
                state = step(rules, state, legal[rng.randrange(len(legal))])[0]
        return self.values(state)

    def leaf(self, state: State) -> list[float]:
        """A new node's own values: needed for its implicit minimax value, or as its leaf value."""
        if self.settings.minimax or not self.settings.depth:
            return self.values(state)
        return self.zeros

    def values(self, state: State) -> list[float]:
        """Each seat's value of ``state``: its estimate less the best of the others'."""
        return self.rewards([self.evaluate(self.rules, state, s) for s in range(self.players)])

    def rewards(self, estimates: list[float]) -> list[float]:
        """Each seat's estimate less the best of the others'; the search's range widened."""
        rival = self.settings.rival
        if rival:
            top = max(estimates)
            first = estimates.index(top)
            second = max((v for s, v in enumerate(estimates) if s != first), default=top)
            values = [v - rival * (second if s == first else top) for s, v in enumerate(estimates)]
        else:
            values = estimates
        low, high = min(values), max(values)
        if low < self.low:
            self.low = low
        if high > self.high:
            self.high = high
        return values


def _backed_up(node: _Node) -> list[float]:
    """The implicit minimax value of ``node``: its best child's for the seat acting there.

    At a chance node, the children's values averaged by their visits.
    """
    children = node.children.values()
    if node.actor == CHANCE:
        total = sum(child.visits for child in children)
        if not total:
            return node.best
        return [
            sum(child.visits * child.best[s] for child in children) / total
            for s in range(len(node.best))
        ]
    actor = node.actor
    if actor < 0 or not node.children:
        return node.best
    return max(children, key=lambda child: child.best[actor]).best


def _cumulative(
    outcomes: tuple[tuple[Action, Fraction], ...],
) -> tuple[tuple[Action, ...], list[float]]:
    """The outcomes' actions and their running total of probabilities, as floats."""
    total = 0.0
    cumulative = []
    for _, p in outcomes:
        total += float(p)
        cumulative.append(total)
    return tuple(a for a, _ in outcomes), cumulative
