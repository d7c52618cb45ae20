"""Throughput: checked decisions per second, whole random games per second, state size.

Each decision of the benchmark is what a simple bot pays for: ``legal_actions``
of the seat to act, a uniform pick, and a checked ``apply``. Chance nodes are
resolved with a seeded generator and timed and counted apart, so the figure
measures the rules, not the dice. Every :data:`SAMPLE_EVERY`-th decision, out of
the timed stretch, the state is also pickled and written as JSON to measure
what a state costs to keep (search bots hold many) and to send.

:mod:`~serenissima.analysis.bench.report` turns the measurements into a table
and a chart.

Example:
    >>> from serenissima import load_ruleset
    >>> from serenissima.analysis.bench.throughput import run_bench
    >>> from serenissima.analysis.bench.report import format_bench
    >>> print(format_bench(run_bench(load_ruleset("modern"), 4, games=2)))
    Ruleset modern 1.0.0, 4 players: 2 random games in ...
"""

from __future__ import annotations

import pickle
import random
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Final

import attrs

from serenissima.agents import DEFAULT_MAX_DECISIONS
from serenissima.engine.chance import sample_outcome
from serenissima.engine.core import CHANCE, TERMINAL
from serenissima.engine.errors import ArgumentValueError
from serenissima.records.serialize import to_json

if TYPE_CHECKING:
    from serenissima.engine.core import State
    from serenissima.engine.ruleset import Ruleset

__all__ = ["SAMPLE_EVERY", "BenchResult", "run_bench", "state_size"]

SAMPLE_EVERY: Final[int] = 50
"""One state in this many decisions is measured for its size (untimed)."""


@attrs.frozen(slots=True)
class BenchResult:
    """The measurements of one benchmark run.

    Attributes:
        ruleset: The ruleset's registry name.
        ruleset_version: The version of the ruleset data.
        players: The number of seats.
        games: Whole games played.
        decisions: Seat decisions made.
        chance: Chance nodes resolved.
        decision_seconds: Time spent in decisions (``legal_actions`` and ``apply``).
        chance_seconds: Time spent resolving chance nodes.
        seconds: Wall time of the run (new games, size samples and bookkeeping included).
        size_samples: States measured for their size.
        pickle_bytes: Mean size of a state pickled with the highest protocol.
        json_bytes: Mean size of a state as compact JSON (UTF-8).

    Examples:
        >>> from serenissima import load_ruleset
        >>> from serenissima.analysis.bench.throughput import run_bench
        >>> result = run_bench(load_ruleset("classic"), 2, games=1, seed=3)
        >>> result.games, result.decisions > 0, result.decisions_per_second > 0
        (1, True, True)
    """

    ruleset: str
    ruleset_version: str
    players: int
    games: int
    decisions: int
    chance: int
    decision_seconds: float
    chance_seconds: float
    seconds: float
    size_samples: int = 0
    pickle_bytes: float = 0.0
    json_bytes: float = 0.0

    @property
    def decisions_per_second(self) -> float:
        """Seat decisions per second of decision time."""
        return _rate(self.decisions, self.decision_seconds)

    @property
    def chance_per_second(self) -> float:
        """Chance nodes resolved per second of chance time."""
        return _rate(self.chance, self.chance_seconds)

    @property
    def games_per_second(self) -> float:
        """Whole games per second of wall time."""
        return _rate(self.games, self.seconds)

    @property
    def microseconds_per_decision(self) -> float:
        """The mean cost of one decision (``legal_actions`` and a checked ``apply``)."""
        return 1e6 * self.decision_seconds / self.decisions if self.decisions else 0.0


def _rate(count: int, seconds: float) -> float:
    return count / seconds if seconds > 0 else 0.0


def run_bench(
    rules: Ruleset,
    players: int,
    *,
    seconds: float | None = None,
    games: int | None = None,
    seed: int = 0,
    options: Mapping[str, object] | None = None,
    progress: Callable[[float], None] | None = None,
) -> BenchResult:
    """Play random games for a time budget or a number of games, and time them.

    Games are always played to their end; with a time budget, no new game
    starts once the budget is spent (so at least one game is played).

    Args:
        rules: The ruleset.
        players: The number of seats.
        seconds: The time budget; give it or ``games``, not both.
        games: The number of games; give it or ``seconds``, not both.
        seed: Seed of the generator that picks actions and resolves chance.
        options: Rule options by name.
        progress: Called after each game with the fraction of the budget spent (0..1).

    Returns:
        The measurements.

    Raises:
        OptionError: An unsupported player count or a bad option.
        SerenissimaError: Both or neither budget given, a budget below its minimum,
            or a game that does not finish within ``DEFAULT_MAX_DECISIONS`` decisions.

    Examples:
        >>> from serenissima import load_ruleset
        >>> from serenissima.analysis.bench.throughput import run_bench
        >>> run_bench(load_ruleset("modern"), 3, games=2).games
        2
    """
    if (seconds is None) == (games is None):
        raise ArgumentValueError("give the benchmark a budget in seconds or in games, not both")
    if games is not None and games < 1:
        raise ArgumentValueError(f"a benchmark needs at least one game, not {games}")
    if seconds is not None and seconds <= 0:
        raise ArgumentValueError(f"a benchmark needs a positive time budget, not {seconds}")
    rng = random.Random(seed)
    clock = time.perf_counter
    played = decisions = chance = 0
    decision_time = chance_time = 0.0
    sizes: list[tuple[int, int]] = []
    start = clock()
    while True:
        state = rules.new_game(players, options)
        limit = decisions + DEFAULT_MAX_DECISIONS
        while state.to_act != TERMINAL:
            if state.to_act == CHANCE:
                t0 = clock()
                outcome = sample_outcome(rules.chance_outcomes(state), rng)
                state = rules.apply(state, outcome)
                chance_time += clock() - t0
                chance += 1
            else:
                if decisions >= limit:
                    raise ArgumentValueError(
                        f"game did not finish within {DEFAULT_MAX_DECISIONS} decisions"
                    )
                if decisions % SAMPLE_EVERY == 0:
                    sizes.append(state_size(rules, state))
                t0 = clock()
                actions = rules.legal_actions(state)
                state = rules.apply(state, actions[rng.randrange(len(actions))])
                decision_time += clock() - t0
                decisions += 1
        played += 1
        elapsed = clock() - start
        done = played / games if games is not None else elapsed / (seconds or 1.0)
        if progress is not None:
            progress(min(done, 1.0))
        if done >= 1.0:
            break
    return BenchResult(
        ruleset=rules.id,
        ruleset_version=rules.info.version,
        players=players,
        games=played,
        decisions=decisions,
        chance=chance,
        decision_seconds=decision_time,
        chance_seconds=chance_time,
        seconds=clock() - start,
        size_samples=len(sizes),
        pickle_bytes=sum(p for p, _ in sizes) / len(sizes) if sizes else 0.0,
        json_bytes=sum(j for _, j in sizes) / len(sizes) if sizes else 0.0,
    )


def state_size(rules: Ruleset, state: State) -> tuple[int, int]:
    """Return the bytes of ``state`` pickled (highest protocol) and as compact JSON.

    Examples:
        >>> from serenissima import load_ruleset
        >>> from serenissima.analysis.bench.throughput import state_size
        >>> rules = load_ruleset("classic")
        >>> pickled, text = state_size(rules, rules.new_game(players=4))
        >>> 0 < pickled < text
        True
    """
    pickled = len(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    return pickled, len(to_json(rules, state).encode())
