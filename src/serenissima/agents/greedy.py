"""The greedy agent: one decision of lookahead on the edition's heuristic.

:class:`GreedyAgent` applies each legal action and picks the one whose result
the edition's heuristic (``Ruleset.evaluate``) values most for the seat that
decides: the exact expectation over a chance node the action leads to, the
other seat's greedy answer in a negotiation, and, among equals, the result the
other seats value least. Ties left are broken by its own seeded generator.
By default it looks ahead on states drawn from what its seat may see
(``Ruleset.sample_state``); ``omniscient=True`` looks ahead on the true state.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from serenissima.engine.core import CHANCE, Action, State
from serenissima.engine.errors import ArgumentValueError, StateError

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__ = ["DEFAULT_MAX_OUTCOMES", "DEFAULT_SAMPLES", "GreedyAgent"]

DEFAULT_MAX_OUTCOMES: Final[int] = 64
"""The default number of chance outcomes :class:`GreedyAgent` averages over at most."""

_TIE: Final[float] = 1e-9
"""Values closer than this count as equal when :class:`GreedyAgent` compares actions."""


_Valued = tuple[float, list[tuple[State, float]]]
"""An action's value for the seat that decides, and the weighted states it was scored on."""

_MAX_REPLIES: Final[int] = 32
"""The default bound on the answers :class:`GreedyAgent` looks ahead to in a negotiation."""

DEFAULT_SAMPLES: Final[int] = 16
"""The states an honest :class:`GreedyAgent` draws from its seat's view for one decision."""


class GreedyAgent:
    """An agent that looks one decision ahead: one-ply expectimax on the edition's heuristic.

    For each legal action the agent applies it and scores the result with
    ``rules.evaluate(result, seat)``, the edition's estimate of the final score
    of the seat that decides. When the action leads to a chance node (a die
    roll, a card), the value is the exact expectation over that node's
    outcomes, each outcome's state scored as it stands (a chance node reached
    after that is not expanded).

    Two refinements see what a single ply cannot:

    - **negotiations**: when the action hands a decision of the same kind
      (``rules.decision(...).kind``) to another seat, as an offer hands the
      answer to the buyer, and that seat has at most ``max_replies`` legal
      actions, the agent assumes the other seat answers greedily for itself
      (one ply, its best answers equally likely) and values the answers'
      results for its own seat;
    - **denial**: among actions of equal value (within ``1e-9``), it prefers
      those whose results the other seats value least, added together, as a
      blockade or a refused passage denies a rival. Only differences between
      the results count, so a rival's secret purse, the same in all of them,
      changes nothing.

    Remaining ties are broken by the agent's own seeded generator, so a seed
    always gives the same choices.

    What it knows: the editions' estimates read only what the deciding seat
    may see, and by default the lookahead does too. It is done on ``samples``
    full states drawn from the seat's observation (``rules.sample_state``),
    not on the true state, each action's value the mean over the draws that
    differ, weighted by how often each was drawn. Where the seat can tell the
    true state from nothing else (every purse can be reckoned from the public
    payments, so in the shipped editions only the classic bids not yet
    revealed are drawn), all draws are the same state and the lookahead is
    done once; sixteen draws average a secret bid's consequences well enough
    at a sixteenth of a bid's cost each. With ``omniscient=True`` the
    lookahead is done on the true state: the result of an action can then show
    the bot something a person would learn only once the action is taken (the
    last secret bid reveals every bid), and a rival's modelled answer in a
    negotiation is chosen among that rival's legal answers, which depend on
    its true purse. The omniscient bot is for measuring what that knowledge
    is worth, not a referee-blind opponent.

    Cost: one decision costs one ``apply_unchecked`` and one ``evaluate`` per
    legal action, plus one of each per outcome of every chance node reached,
    plus, in a negotiation, two ``evaluate`` per answer of the other seat, and
    for tied actions one ``evaluate`` per other seat. A chance node with more
    than ``max_outcomes`` outcomes is averaged over its ``max_outcomes`` most
    likely ones, weighted as they are. All that is paid once per distinct
    state drawn, besides the ``samples`` draws themselves. A decision with a
    single legal action costs nothing.

    Args:
        seed: Seed of the generator that breaks ties (``None``: unpredictable).
        max_outcomes: The most chance outcomes averaged over for one action.
        max_replies: The most answers of another seat looked ahead to in a
            negotiation (32 by default; 0: never look ahead).
        omniscient: Look ahead on the true state instead of states drawn
            from the seat's view.
        samples: The states drawn from the seat's view for one decision.

    Raises:
        SerenissimaError: ``max_outcomes`` or ``samples`` is less than 1, or
            ``max_replies`` is negative.

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> state = rules.new_game(2)
        >>> while state.to_act == ser.CHANCE:
        ...     state = rules.apply(state, rules.chance_outcomes(state)[0][0])
        >>> agent = GreedyAgent(seed=1)
        >>> agent.act(rules, state) in rules.legal_actions(state)
        True
    """

    __slots__ = ("_rng", "max_outcomes", "max_replies", "omniscient", "samples", "seed")

    def __init__(
        self,
        seed: int | None = None,
        max_outcomes: int = DEFAULT_MAX_OUTCOMES,
        max_replies: int = _MAX_REPLIES,
        omniscient: bool = False,
        samples: int = DEFAULT_SAMPLES,
    ) -> None:
        if max_outcomes < 1:
            raise ArgumentValueError(f"max_outcomes must be at least 1, got {max_outcomes!r}")
        if max_replies < 0:
            raise ArgumentValueError(f"max_replies must not be negative, got {max_replies!r}")
        if samples < 1:
            raise ArgumentValueError(f"samples must be at least 1, got {samples!r}")
        self.seed = seed
        self.max_outcomes = max_outcomes
        self.max_replies = max_replies
        self.omniscient = omniscient
        self.samples = samples
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        if self.omniscient:
            return f"GreedyAgent(seed={self.seed!r}, omniscient=True)"
        return f"GreedyAgent(seed={self.seed!r})"

    def values(self, rules: Ruleset, state: State) -> tuple[tuple[Action, float], ...]:
        """Value every legal action for the seat that decides, as :meth:`act` does.

        Args:
            rules: The ruleset.
            state: A state in which a seat must decide.

        Returns:
            Each legal action with its value, in the order of ``rules.legal_actions``.

        Raises:
            SerenissimaError: No seat decides in ``state``, or it offers no legal action.

        Example:
            >>> import serenissima as ser
            >>> rules = ser.load_ruleset("modern")
            >>> state = rules.new_game(2)
            >>> while state.to_act == ser.CHANCE:
            ...     state = rules.apply(state, rules.chance_outcomes(state)[0][0])
            >>> values = GreedyAgent(seed=1).values(rules, state)
            >>> [action for action, _ in values] == list(rules.legal_actions(state))
            True
        """
        seat = state.to_act
        if seat < 0:
            raise StateError("no seat decides in this state")
        actions = rules.legal_actions(state)
        if not actions:
            raise StateError(f"seat {seat} has no legal action to choose from")
        valued = self._lookahead(rules, state, actions)
        return tuple((a, _weighted(valued[a], lambda v: v[0])) for a in actions)

    def act(self, rules: Ruleset, state: State) -> Action:
        """Return the legal action of highest value, ties broken as the class describes.

        Args:
            rules: The ruleset.
            state: A state in which a seat must decide.

        Returns:
            The chosen action.

        Raises:
            StateError: No seat decides in this state (chance does, or the
                game is over), or the state offers no legal action.
        """
        actions = rules.legal_actions(state)
        if state.to_act < 0:
            raise StateError("no seat decides in this state")
        if not actions:
            raise StateError(f"seat {state.to_act} has no legal action to choose from")
        if len(actions) == 1:
            return actions[0]
        seat = state.to_act
        valued = self._lookahead(rules, state, actions)
        best = _best(actions, lambda a: _weighted(valued[a], lambda v: v[0]))
        if len(best) > 1:
            others = [s for s in range(state.players) if s != seat]

            def denied(a: Action) -> float:
                return -_weighted(valued[a], lambda v: sum(_mean(rules, v[1], s) for s in others))

            best = _best(best, denied)
        return best[0] if len(best) == 1 else best[self._rng.randrange(len(best))]

    def _draws(self, rules: Ruleset, state: State) -> list[tuple[State, float]]:
        """The states to look ahead on, with their weights: the true one, or those drawn."""
        if self.omniscient:
            return [(state, 1.0)]
        seen = rules.observe(state, state.to_act)
        draws: list[list[Any]] = []
        for _ in range(self.samples):
            drawn = rules.sample_state(seen, self._rng)
            for entry in draws:
                if entry[0] == drawn:
                    entry[1] += 1
                    break
            else:
                draws.append([drawn, 1])
        return [(drawn, count / self.samples) for drawn, count in draws]

    def _lookahead(
        self, rules: Ruleset, state: State, actions: tuple[Action, ...]
    ) -> dict[Action, list[tuple[float, _Valued]]]:
        """Each action's weighted valuations, one per state drawn (see :meth:`_valued`)."""
        seat = state.to_act
        valued: dict[Action, list[tuple[float, _Valued]]] = {a: [] for a in actions}
        for drawn, weight in self._draws(rules, state):
            results = {action: rules.apply_unchecked(drawn, action) for action in actions}
            kind = self._answered_kind(rules, drawn, results)
            for a in actions:
                valued[a].append((weight, self._valued(rules, results[a], seat, kind)))
        return valued

    def _valued(self, rules: Ruleset, result: State, seat: int, kind: str | None) -> _Valued:
        """The value of ``result`` for ``seat``, and the weighted states it was scored on."""
        answered = self._answered(rules, result, seat, kind)
        if answered is not None:
            return answered, [(result, 1.0)]
        leaves = self._leaves(rules, result)
        return _mean(rules, leaves, seat), leaves

    def _answered_kind(
        self, rules: Ruleset, state: State, results: Mapping[Action, State]
    ) -> str | None:
        """The kind of decision whose answers are looked ahead to from ``state``, if any.

        ``None`` when looking ahead is off, or when the other seat that decides
        next sees the same thing whichever action is taken (a secret bid, say),
        so that it cannot be answering the action.
        """
        if not self.max_replies:
            return None
        seat, kind = state.to_act, rules.decision(state).kind
        handed = [
            r for r in results.values() if 0 <= r.to_act != seat and rules.decision(r).kind == kind
        ][:2]
        if len(handed) == 2 and handed[0].to_act == handed[1].to_act:
            other = handed[0].to_act
            if rules.observe(handed[0], other) == rules.observe(handed[1], other):
                return None
        return kind

    def _answered(self, rules: Ruleset, result: State, seat: int, kind: str | None) -> float | None:
        """The value of ``result`` after the other seat's greedy answer, when it is a negotiation.

        ``None`` when ``result`` is not another seat's decision of the kind
        ``kind``, or that seat has one answer only or more than ``max_replies``.
        """
        other = result.to_act
        if kind is None or not 0 <= other != seat:
            return None
        replies = rules.legal_actions(result)
        if not 1 < len(replies) <= self.max_replies or rules.decision(result).kind != kind:
            return None
        after = {r: self._leaves(rules, rules.apply_unchecked(result, r)) for r in replies}
        answers = _best(replies, lambda r: _mean(rules, after[r], other))
        return sum(_mean(rules, after[r], seat) for r in answers) / len(answers)

    def _leaves(self, rules: Ruleset, result: State) -> list[tuple[State, float]]:
        """The states to score after reaching ``result``, with their weights.

        ``result`` itself, or the outcomes of the chance node it is (the
        ``max_outcomes`` most likely ones).
        """
        if result.to_act != CHANCE:
            return [(result, 1.0)]
        outcomes: Sequence[tuple[Action, Fraction]] = rules.chance_outcomes(result)
        if len(outcomes) > self.max_outcomes:
            outcomes = sorted(outcomes, key=lambda o: o[1], reverse=True)[: self.max_outcomes]
        return [(rules.apply_unchecked(result, o), float(p)) for o, p in outcomes]


def _weighted(valuations: list[tuple[float, _Valued]], part: Callable[[_Valued], float]) -> float:
    """The mean of ``part`` of the valuations, by their weights (which add up to 1)."""
    if len(valuations) == 1:
        return part(valuations[0][1])
    return sum(weight * part(v) for weight, v in valuations)


def _mean(rules: Ruleset, leaves: list[tuple[State, float]], seat: int) -> float:
    """The weighted mean of ``seat``'s estimates of ``leaves``."""
    if len(leaves) == 1:
        return rules.evaluate(leaves[0][0], seat)
    total = weight = 0.0
    for leaf, p in leaves:
        total += p * rules.evaluate(leaf, seat)
        weight += p
    return total / weight


def _best(actions: Sequence[Action], value: Callable[[Action], float]) -> list[Action]:
    """The actions of highest ``value``, equal within ``1e-9``, in their order."""
    best: list[Action] = []
    best_value = -math.inf
    for action in actions:
        v = value(action)
        if v > best_value + _TIE:
            best, best_value = [action], v
        elif v >= best_value - _TIE:
            best.append(action)
    return best
