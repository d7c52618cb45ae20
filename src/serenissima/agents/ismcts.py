"""The search bot: single-observer information-set Monte Carlo tree search.

:class:`ISMCTSAgent` decides from what its seat may see (Cowling, Powley and
Whitehouse, 2012). Each iteration draws a full state from the seat's
observation (``Ruleset.sample_state``), walks down one tree whose edges are
actions, adds one node, plays a short rollout and scores its end with the
edition's heuristic (``Ruleset.evaluate``) for every seat; each seat picks
its own best edges on the way down. The action played is the root's most
visited one.
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING, Final

from serenissima.engine.core import CHANCE, TERMINAL, Action, Observation, State
from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError, StateError

if TYPE_CHECKING:
    from fractions import Fraction

    from serenissima.engine.ruleset import Ruleset

__all__ = [
    "DEFAULT_DEPTH",
    "DEFAULT_EXPLORATION",
    "DEFAULT_ITERATIONS",
    "ROLLOUTS",
    "ISMCTSAgent",
]

DEFAULT_ITERATIONS: Final[int] = 500
"""The iterations of one decision when neither ``iterations`` nor ``seconds`` is given."""

DEFAULT_EXPLORATION: Final[float] = 0.7
"""The exploration constant of UCB1, for values scaled to 0..1."""

DEFAULT_DEPTH: Final[int] = 8
"""The actions (chance outcomes included) a rollout plays before the heuristic scores it."""

ROLLOUTS: Final[tuple[str, ...]] = ("heuristic", "random")
"""How a rollout picks actions: the best of a few by the heuristic, or uniformly."""

_CANDIDATES: Final[int] = 3
"""The actions a heuristic rollout tries at each decision, drawn uniformly."""


class _Node:
    """A node of the tree: the actions played so far from the root, whatever the state drawn."""

    __slots__ = ("avail", "children", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 1  # times the edge into it could have been taken
        self.totals = [0.0] * players


class ISMCTSAgent:
    """An agent that searches a tree of actions over states drawn from what its seat sees.

    Each iteration:

    1. **determinize**: draw a full state from the seat's observation with
       ``rules.sample_state``, so hidden values (a classic bid not yet
       revealed) take values the public record allows; the true state is
       never read beyond its observation and the seat's legal actions;
    2. **select**: from the root, while every legal action of the drawn state
       has an edge, follow the edge of highest UCB1 for the seat that acts
       there: its mean value plus ``exploration * sqrt(ln(a) / n)``, ``n`` the
       edge's visits and ``a`` the times it was available (legal) when its
       parent was visited, since the legal actions vary between drawn states.
       At a chance node the outcome is drawn with its exact probability;
    3. **expand**: add the edge of one untried legal action, drawn uniformly
       (or the chance outcome drawn, if new);
    4. **roll out**: play up to ``depth`` more actions, chance outcomes drawn
       with their probabilities, then score the state with ``rules.evaluate``
       for every seat (at the end of the game, the final scores);
    5. **back up**: add each seat's value to every node on the path. A seat's
       value is its estimate less the best estimate of the other seats, so
       that each seat plays to win; values are scaled to 0..1 by the lowest
       and highest seen in the search.

    The action played is the root's most visited one (ties: the higher mean).

    Rollouts ``"heuristic"`` (the default) pick, at each decision, the best of
    three legal actions drawn uniformly, as the edition's heuristic values them
    for the seat that decides; ``"random"`` rollouts pick uniformly.

    The budget is ``iterations`` per decision, or ``seconds`` of search per
    decision; with an iteration budget the choices depend only on the seed.
    A decision with a single legal action costs nothing.

    Args:
        seed: Seed of the agent's generator (``None``: unpredictable).
        iterations: Iterations per decision (default :data:`DEFAULT_ITERATIONS`).
        seconds: Seconds of search per decision, instead of ``iterations``.
        exploration: The exploration constant of UCB1 (0 or more).
        depth: The rollout's length in actions (0 or more).
        rollout: One of :data:`ROLLOUTS`.

    Raises:
        ArgumentTypeError: A budget or setting of the wrong type.
        ArgumentValueError: Both budgets, a budget below 1 iteration or not
            above 0 seconds, a negative setting, or an unknown rollout.

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> state = rules.new_game(3)
        >>> while state.to_act == ser.CHANCE:
        ...     state = rules.apply(state, rules.chance_outcomes(state)[0][0])
        >>> agent = ISMCTSAgent(seed=1, iterations=50)
        >>> agent.act(rules, state) in rules.legal_actions(state)
        True
        >>> agent
        ISMCTSAgent(seed=1, iterations=50)
    """

    __slots__ = ("_rng", "depth", "exploration", "iterations", "rollout", "seconds", "seed")

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        depth: int = DEFAULT_DEPTH,
        rollout: str = "heuristic",
    ) -> None:
        if iterations is not None and seconds is not None:
            raise ArgumentValueError("give iterations or seconds as the budget, not both")
        if iterations is not None:
            _check_int("iterations", iterations, 1)
        if seconds is not None:
            if isinstance(seconds, bool) or not isinstance(seconds, int | float):
                raise ArgumentTypeError("seconds", "a number of seconds", seconds)
            if not 0 < seconds < math.inf:
                raise ArgumentValueError(f"seconds must be above 0, got {seconds!r}")
        elif iterations is None:
            iterations = DEFAULT_ITERATIONS
        if isinstance(exploration, bool) or not isinstance(exploration, int | float):
            raise ArgumentTypeError("exploration", "a number", exploration)
        if not 0 <= exploration < math.inf:
            raise ArgumentValueError(f"exploration must be 0 or more, got {exploration!r}")
        _check_int("depth", depth, 0)
        if rollout not in ROLLOUTS:
            raise ArgumentValueError(
                f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}"
            )
        self.seed = seed
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = float(exploration)
        self.depth = depth
        self.rollout = rollout
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        budget = f"seconds={self.seconds!r}" if self.seconds else f"iterations={self.iterations!r}"
        return f"ISMCTSAgent(seed={self.seed!r}, {budget})"

    def act(self, rules: Ruleset, state: State) -> Action:
        """Search from what the seat to act may see of ``state``; return the action chosen.

        Args:
            rules: The ruleset.
            state: A state in which a seat must decide.

        Returns:
            One of ``rules.legal_actions(state)``.

        Raises:
            StateError: No seat decides in this state, or it offers no legal action.
        """
        offered = rules.legal_actions(state)
        seat = state.to_act
        if seat < 0:
            raise StateError("no seat decides in this state")
        if not offered:
            raise StateError(f"seat {seat} has no legal action to choose from")
        if len(offered) == 1:
            return offered[0]
        seen = rules.observe(state, seat)
        return _Search(self, rules, seen, offered, state.players).run()


def _check_int(name: str, value: object, least: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(name, "an int", value)
    if value < least:
        raise ArgumentValueError(f"{name} must be at least {least}, got {value!r}")


class _Search:
    """One decision's search: the tree, the generator and the engine's methods at hand."""

    def __init__(
        self,
        agent: ISMCTSAgent,
        rules: Ruleset,
        seen: Observation,
        offered: tuple[Action, ...],
        players: int,
    ) -> None:
        engine = rules.engine
        self.agent = agent
        self.rules = rules
        self.seen = seen
        self.offered = offered
        self.offered_set = frozenset(offered)
        self.rng = agent._rng
        self.players = players
        self.root = _Node(self.players)
        self.sample = engine.sample_state
        self.legal = engine.legal_actions
        self.outcomes = engine.chance_outcomes
        self.step = engine.step
        self.evaluate = engine.evaluate
        self.low = math.inf
        self.high = -math.inf
        self.chance_cache: dict[int, tuple[object, tuple[Action, ...], list[float]]] = {}

    def run(self) -> Action:
        agent = self.agent
        if agent.seconds is not None:
            deadline = time.perf_counter() + agent.seconds
            while True:
                self.iterate()
                if time.perf_counter() >= deadline:
                    break
        else:
            for _ in range(agent.iterations or 0):
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
        rules, rng, step, players = self.rules, self.rng, self.step, self.players
        state = self.sample(rules, self.seen, rng)
        node = self.root
        path = [node]
        root = True
        while True:
            actor = state.to_act
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                action = self.draw(state)
                state = step(rules, state, action)[0]
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node(players)
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
                child = children[action] = _Node(players)
                state = step(rules, state, action)[0]
                path.append(child)
                break
            action, node = self.select(tried, actor)
            state = step(rules, state, action)[0]
            path.append(node)
        values = self.rollout(state)
        for node in path:
            node.visits += 1
            totals = node.totals
            for s in range(players):
                totals[s] += values[s]

    def select(self, tried: list[tuple[Action, _Node]], actor: int) -> tuple[Action, _Node]:
        """The edge of highest UCB1 for ``actor``, its values scaled to 0..1."""
        low, high = self.low, self.high
        scale = 1.0 / (high - low) if high > low else 0.0
        c = self.agent.exploration
        best = tried[0]
        best_score = -math.inf
        log, sqrt = math.log, math.sqrt
        for pair in tried:
            child = pair[1]
            visits = child.visits
            mean = (child.totals[actor] / visits - low) * scale
            score = mean + c * sqrt(log(child.avail) / visits)
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
        heuristic = self.agent.rollout == "heuristic"
        for _ in range(self.agent.depth):
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
        estimates = [evaluate(rules, state, s) for s in range(self.players)]
        return self.rewards(estimates)

    def rewards(self, estimates: list[float]) -> list[float]:
        """Each seat's estimate less the best of the others'; the search's range widened."""
        top = max(estimates)
        first = estimates.index(top)
        second = max((v for s, v in enumerate(estimates) if s != first), default=top)
        values = [v - (second if s == first else top) for s, v in enumerate(estimates)]
        low, high = min(values), max(values)
        if low < self.low:
            self.low = low
        if high > self.high:
            self.high = high
        return values


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
