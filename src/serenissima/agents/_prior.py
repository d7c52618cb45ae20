"""What the search bot knows of the root's actions before it searches (see :mod:`.ismcts`).

:class:`Prior` values each legal action of the root one decision ahead, as the
greedy bot values it: over a few states drawn from the seat's view, expected
over a chance node the action leads to, and after the reply of the seat the
action hands a negotiation to. :func:`unseen_by_next` says whether the seat
that decides next can tell the root's actions apart at all.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from serenissima.engine.core import CHANCE, Action, Observation, State

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__ = ["DRAWS", "MAX_OUTCOMES", "MAX_REPLIES", "Prior", "unseen_by_next"]

DRAWS: Final[int] = 8
"""The states drawn from the seat's view to value the root's actions."""

MAX_OUTCOMES: Final[int] = 64
"""The most likely chance outcomes a root action's value is expected over."""

MAX_REPLIES: Final[int] = 32
"""The most replies of another seat a root action's value looks ahead to in a negotiation."""

_TIE: Final[float] = 1e-9
"""Values closer than this are equal when the reply of another seat is chosen."""


def unseen_by_next(rules: Ruleset, state: State, offered: tuple[Action, ...], seat: int) -> bool:
    """Whether the seat deciding after ``seat`` sees the same whichever action ``seat`` takes.

    True when every offered action hands the decision to the same other seat
    and that seat's observation is the same after each (a secret bid, say):
    its answer cannot depend on the action taken.
    """
    engine = rules.engine
    results = [engine.step(rules, state, action)[0] for action in offered]
    other = results[0].to_act
    if other < 0 or other == seat or any(r.to_act != other for r in results):
        return False
    seen = engine.observe(rules, results[0], other)
    return all(engine.observe(rules, r, other) == seen for r in results[1:])


class Prior:
    """Values of states for every seat, one decision ahead, as the search scores them.

    Args:
        rules: The ruleset.
        seat: The seat the search decides for.
        players: The number of seats.
        values: Each seat's value of a state, as the search backs it up.
    """

    def __init__(
        self,
        rules: Ruleset,
        seat: int,
        players: int,
        values: Callable[[State], list[float]],
    ) -> None:
        self.rules = rules
        self.seat = seat
        self.players = players
        self.values = values
        self.step = rules.engine.step

    def root_values(
        self,
        seen: Observation,
        offered: tuple[Action, ...],
        rng: random.Random,
        answers: bool,
    ) -> dict[Action, list[float]]:
        """Each offered action's value for every seat: the mean over :data:`DRAWS` drawn states.

        A state drawn twice is looked at once and weighs twice. With
        ``answers``, an action that hands another seat a decision of the same
        kind is valued after that seat's best reply (:meth:`answered`).
        """
        rules, engine = self.rules, self.rules.engine
        drawn_states: list[State] = []
        counts: list[int] = []
        for _ in range(DRAWS):
            drawn = engine.sample_state(rules, seen, rng)
            for i, known in enumerate(drawn_states):
                if known == drawn:
                    counts[i] += 1
                    break
            else:
                drawn_states.append(drawn)
                counts.append(1)
        sums = {action: [0.0] * self.players for action in offered}
        for drawn, count in zip(drawn_states, counts, strict=True):
            kind = engine.decision(rules, drawn).kind if answers else None
            for action in offered:
                after = self.step(rules, drawn, action)[0]
                values = (kind and self.answered(after, kind)) or self.expected(after)
                total = sums[action]
                for s in range(self.players):
                    total[s] += count * values[s]
        return {action: [v / DRAWS for v in sums[action]] for action in offered}

    def answered(self, state: State, kind: str) -> list[float] | None:
        """Each seat's value after the reply of the seat ``state`` hands a decision of ``kind``.

        That seat is taken to reply with what is best for it, one decision
        ahead, as the greedy bot assumes (its best replies equally likely);
        ``None`` if ``state`` is no such decision, or the seat has one reply
        only or more than :data:`MAX_REPLIES`.
        """
        other = state.to_act
        if not 0 <= other != self.seat:
            return None
        rules = self.rules
        if rules.engine.decision(rules, state).kind != kind:
            return None
        replies = rules.engine.legal_actions(rules, state)
        if not 1 < len(replies) <= MAX_REPLIES:
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
        """Each seat's value of ``state``, expected over its outcomes if chance acts there.

        Over the :data:`MAX_OUTCOMES` most likely outcomes, weighted as they are.
        """
        if state.to_act != CHANCE:
            return self.values(state)
        outcomes = self.rules.engine.chance_outcomes(self.rules, state)
        if len(outcomes) > MAX_OUTCOMES:
            outcomes = tuple(sorted(outcomes, key=lambda o: o[1], reverse=True)[:MAX_OUTCOMES])
        totals = [0.0] * self.players
        mass = 0.0
        for action, p in outcomes:
            weight = float(p)
            values = self.values(self.step(self.rules, state, action)[0])
            for s in range(self.players):
                totals[s] += weight * values[s]
            mass += weight
        return [t / mass for t in totals]
