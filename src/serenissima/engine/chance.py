"""Chance, drawn exactly: one outcome of a chance node from a seeded generator.

Every driver of games (the :class:`~serenissima.records.game.Game`, the bots'
fast loop, the learning environments, the server, the conformance kit) draws
chance outcomes the same way, so that one seed gives one game everywhere.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction

from serenissima.engine.core import Action
from serenissima.engine.errors import ArgumentValueError

__all__ = ["sample_outcome"]


def sample_outcome(outcomes: Sequence[tuple[Action, Fraction]], rng: random.Random) -> Action:
    """Pick one outcome of a chance node, exactly with the given probabilities.

    The probabilities are scaled to integers over their common denominator
    and one integer below it is drawn, so no floating-point rounding biases
    the pick, and a seeded generator always gives the same outcome.

    Args:
        outcomes: The outcomes and their probabilities, as ``Ruleset.chance_outcomes`` gives them.
        rng: The random generator to draw from.

    Returns:
        The chosen outcome.

    Raises:
        SerenissimaError: There are no outcomes, or their probabilities are
            negative or do not add up to 1.

    Example:
        >>> import random
        >>> from fractions import Fraction
        >>> from serenissima import load_ruleset
        >>> from serenissima.engine.chance import sample_outcome
        >>> rules = load_ruleset("modern")
        >>> outcomes = rules.chance_outcomes(rules.new_game(players=4))
        >>> [(str(action), str(p)) for action, p in outcomes][:2]
        [('first 0', '1/4'), ('first 1', '1/4')]
        >>> str(sample_outcome(outcomes, random.Random(1)))
        'first 1'
    """
    if not outcomes:
        raise ArgumentValueError("a chance node has no outcomes")
    scale = math.lcm(*(p.denominator for _, p in outcomes))
    weights = [p.numerator * (scale // p.denominator) for _, p in outcomes]
    if any(w < 0 for w in weights) or sum(weights) != scale:
        total = sum((p for _, p in outcomes), Fraction(0))
        raise ArgumentValueError(f"chance probabilities must add up to 1, not {total}")
    pick = rng.randrange(scale)
    for (action, _), weight in zip(outcomes, weights, strict=True):
        if pick < weight:
            return action
        pick -= weight
    raise AssertionError("unreachable: the weights add up to the scale")  # pragma: no cover
