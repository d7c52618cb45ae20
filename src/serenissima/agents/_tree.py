"""The tree of the search bot and one decision's search (see :mod:`.ismcts`).

:class:`Search` holds the tree of one decision: nodes keyed by the actions
played from the root (chance outcomes included), whatever the state drawn,
each with its visits, its availability and every seat's total value.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Final, NamedTuple

from serenissima.agents._prior import Prior, unseen_by_next
from serenissima.engine.core import CHANCE, TERMINAL, Action, Observation, State
from serenissima.engine.errors import ArgumentValueError

__all__ = ["DEFAULT_WIDTH", "DENIAL", "Search", "Settings"]

if TYPE_CHECKING:
    from fractions import Fraction

    from serenissima.engine.ruleset import Ruleset
    from serenissima.engine.value_model import ValueModel

_CANDIDATES: Final[int] = 3
"""The actions a heuristic rollout tries at each decision, drawn uniformly."""


DENIAL: Final[float] = 0.001
"""How much of the other seats' mean estimate a seat's value loses when ``rival`` is 0, by default.

Just enough to break ties against the others, as the greedy bot breaks its
ties (see :mod:`.greedy`): a refused passage or a blockade that costs the seat
nothing but costs a rival is then worth taking. Measured against three greedy
bots in 48 four-seat classic games (300 iterations a decision), the search
seat's mean score rose from 19.6 to 22.9 and its win share from 8.3% to 24.0%;
a larger share played worse (21.5 at 0.02, 20.1 at 0.1).
"""


DEFAULT_WIDTH: Final[int] = 6
"""The root actions greedy rollouts compare: the best by their one-decision value.

Six, each played on 16 drawn states (96 iterations), gained 2.8 points a game
on the greedy bot in 96 four-seat classic games (see the bots page).
"""


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
    denial: float = DENIAL
    siblings: bool = False
    """Scale values among an edge's siblings rather than by the range seen in the whole search."""
    width: int = DEFAULT_WIDTH  # the root actions greedy rollouts compare (see ._rollouts)
    whole_turn: bool = False  # greedy rollouts end with the turn rather than the stage
    model: ValueModel | None = None
    """The learned evaluation that scores states instead of the heuristic, if any."""
    kinds: frozenset[str] | None = None  # the decision kinds searched (None: every kind)


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
        if seen.seat is None:
            raise ArgumentValueError("a search decides for a seat, not from a spectator's view")
        self.seen = seen
        self.seat: int = seen.seat
        """The seat that searches."""
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
        """One set of answer edges for all root edges, if the seat answering cannot tell them apart.

        See :func:`~serenissima.agents._prior.unseen_by_next`; checked on one
        state drawn from the seat's view. Each root edge keeps its own visits and values.
        """
        if len(self.offered) < 2:
            return None
        state = self.sample(self.rules, self.seen, self.rng)
        return {} if unseen_by_next(self.rules, state, self.offered, self.seat) else None

    def run(self) -> Action:
        """Search within the budget; the root's most visited offered action (ties: best mean)."""
        settings = self.settings
        self.shared = self.hidden_answer()
        if settings.prior:
            self.seed_root(settings.prior)
        self.spend(self.iterate, settings.iterations or 0)
        children = self.root.children
        best: Action | None = None
        key = (-1, -math.inf)
        seat = self.seat
        for action in self.offered:
            child = children.get(action)
            if child is None:
                continue
            mine = (child.visits, child.totals[seat] / child.visits if child.visits else 0.0)
            if mine > key:
                best, key = action, mine
        return best if best is not None else self.offered[0]

    def spend(self, work: Callable[[], None], times: int) -> None:
        """Call ``work`` ``times`` times, or until the budget's seconds are spent (at least once).

        With both budgets, whichever is spent first ends the search.
        """
        seconds = self.settings.seconds
        if seconds is None:
            for _ in range(times):
                work()
            return
        deadline = time.perf_counter() + seconds
        limit = times if self.settings.iterations is not None else None
        done = 0
        while True:
            work()
            done += 1
            if done == limit or time.perf_counter() >= deadline:
                break

    def seed_root(self, weight: int) -> None:
        """Give each root edge ``weight`` visits of its one-decision value (see :mod:`._prior`)."""
        prior = Prior(self.rules, self.seat, self.players, self.values)
        answers = self.shared is None
        for action, values in prior.root_values(self.seen, self.offered, self.rng, answers).items():
            child = self.root.children[action] = _Node(self.players, values)
            if self.shared is not None:
                child.children = self.shared
            child.visits = weight
            child.totals = [weight * v for v in values]
        self.root.visits = weight * len(self.offered)

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
        """The edge of highest UCB1 for ``actor``, its values scaled to 0..1 (:meth:`scaling`).

        An edge's value is its mean, mixed with its implicit minimax value
        in the share ``minimax``.
        """
        mix = self.settings.minimax
        values = [
            (1.0 - mix) * child.totals[actor] / child.visits + mix * child.best[actor]
            for _, child in tried
        ]
        low, scale = self.scaling(values)
        c = self.settings.exploration
        best, best_score = tried[0], -math.inf
        log, sqrt = math.log, math.sqrt
        for pair, value in zip(tried, values, strict=True):
            child = pair[1]
            score = (value - low) * scale + c * sqrt(log(child.avail) / child.visits)
            if score > best_score:
                best, best_score = pair, score
        return best

    def scaling(self, values: list[float]) -> tuple[float, float]:
        """The low end and the factor that scale ``values`` (the edges compared) to 0..1.

        By the range of every seat's values seen in the search, or, with
        ``siblings``, by the range of ``values`` themselves (the search's when
        empty), so that the exploration term weighs against the differences
        between one seat's edges rather than between seats.
        """
        low, high = self.low, self.high
        if self.settings.siblings and values:
            low, high = min(values), max(values)
        return low, 1.0 / (high - low) if high > low else 0.0

    def rollout(self, state: State) -> list[float]:
        """Play on from ``state`` for ``depth`` actions; each seat's value at the end."""
        rules, rng, step, legal_of = self.rules, self.rng, self.step, self.legal
        evaluate = self.evaluate
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
                best_value, best_state = -math.inf, state
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
        """Each seat's value of ``state``: its estimate less the best of the others'.

        With a learned evaluation, the estimates are the seats' chances of winning.
        """
        model = self.settings.model
        if model is not None:
            return self.rewards(model.win_shares(self.rules, state))
        return self.rewards([self.evaluate(self.rules, state, s) for s in range(self.players)])

    def rewards(self, estimates: list[float]) -> list[float]:
        """Each seat's estimate less the best of the others'; the search's range widened.

        With ``rival`` 0, less ``denial`` times the others' mean instead.
        """
        rival = self.settings.rival
        if rival:
            top = max(estimates)
            first = estimates.index(top)
            second = max((v for s, v in enumerate(estimates) if s != first), default=top)
            values = [v - rival * (second if s == first else top) for s, v in enumerate(estimates)]
        elif len(estimates) > 1 and self.settings.denial:
            total = sum(estimates)
            share = self.settings.denial / (len(estimates) - 1)
            values = [v - share * (total - v) for v in estimates]
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
