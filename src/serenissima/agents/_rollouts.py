"""The search bot's greedy rollouts: the root's best actions played out to the end of a stage.

:class:`RolloutSearch` is the search of one decision when
:class:`~serenissima.agents.ismcts.ISMCTSAgent` has ``rollout="greedy"``.
It keeps the root's ``width`` best actions by their one-decision value and
compares them by playing each on the same drawn states, every seat deciding
as the greedy bot would, until play leaves the stage of the game the root
decision belongs to, or its turn (``horizon="turn"``). Every line is scored
at the same point of the game, so the heuristic's drift along a line (an
estimate that rises with the seat's own purchases, falls as the others land)
weighs the same on each.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from serenissima.agents._prior import Prior
from serenissima.agents._tree import Search
from serenissima.agents.greedy import GreedyAgent
from serenissima.engine.core import CHANCE, TERMINAL, Action, State

if TYPE_CHECKING:
    from fractions import Fraction

    from serenissima.engine.ruleset import Ruleset

__all__ = ["RolloutSearch", "line_end", "root_candidates", "stage_of"]


def stage_of(rules: Ruleset, state: State) -> tuple[int, str]:
    """The stage of the game ``state`` is in: its turn and its decision's rule section.

    The section is the decision's rule ID without its last number, so that
    the classic movement (``C-MOVE-1``) and a request for passage during it
    (``C-MOVE-3``) are one stage, and the battles after it (``C-BAT-1``)
    another.

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("classic")
        >>> stage_of(rules, rules.new_game(2))
        (0, 'C-SETUP')
    """
    rule_id = rules.engine.decision(rules, state).rule_id
    return state.turn, rule_id.rpartition("-")[0] or rule_id


def line_end(rules: Ruleset, state: State, whole_turn: bool) -> tuple[int, str]:
    """What a greedy line plays on while it stays the same: the stage, or only the turn.

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("classic")
        >>> line_end(rules, rules.new_game(2), True)
        (0, '')
    """
    return (state.turn, "") if whole_turn else stage_of(rules, state)


class RolloutSearch(Search):
    """One decision's search by greedy rollouts to the end of the stage or turn (see the module)."""

    def run(self) -> Action:
        """The candidate whose lines scored best for the seat (ties: the better prior)."""
        candidates, _ = root_candidates(self)
        if len(candidates) == 1:
            return candidates[0]
        totals = [0.0] * len(candidates)
        draws = max(1, (self.settings.iterations or 0) // len(candidates))
        self.spend(lambda: self.compare(candidates, totals), draws)
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def compare(self, candidates: list[Action], totals: list[float]) -> None:
        """Play every candidate on one drawn state with the same chance; add each one's value."""
        rules = self.rules
        drawn = self.sample(rules, self.seen, self.rng)
        stage = line_end(rules, drawn, self.settings.whole_turn)
        seed = self.rng.getrandbits(64)
        for i, action in enumerate(candidates):
            totals[i] += self.play_out(self.step(rules, drawn, action)[0], stage, seed)

    def play_out(self, state: State, stage: tuple[int, str], seed: int) -> float:
        """The seat's value once greedy play from ``state`` has left ``stage`` (a line's end)."""
        rules = self.rules
        chance = random.Random(seed)
        greedy = GreedyAgent(seed, omniscient=True)
        step = self.step
        whole_turn = self.settings.whole_turn
        while state.to_act != TERMINAL and line_end(rules, state, whole_turn) == stage:
            if state.to_act == CHANCE:
                action = _drawn(rules.engine.chance_outcomes(rules, state), chance)
            else:
                action = greedy.act(rules, state)
            state = step(rules, state, action)[0]
        return self.values(state)[self.seat]


def root_candidates(search: Search) -> tuple[list[Action], dict[Action, list[float]]]:
    """The root's ``width`` best actions by the prior's one-decision value, and every value."""
    seat = search.seat
    prior = Prior(search.rules, seat, search.players, search.values)
    values = prior.root_values(search.seen, search.offered, search.rng, True)
    ranked = sorted(search.offered, key=lambda action: values[action][seat], reverse=True)
    return ranked[: search.settings.width], values


def _drawn(outcomes: tuple[tuple[Action, Fraction], ...], rng: random.Random) -> Action:
    """An outcome drawn with its probability."""
    r = rng.random() * math.fsum(float(p) for _, p in outcomes)
    for action, p in outcomes:
        r -= float(p)
        if r < 0.0:
            return action
    return outcomes[-1][0]
