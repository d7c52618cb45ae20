"""A batch's games added up, in the order of their index, into its summary.

Games may finish in any order (on several cores, or read back from a
journal), but a sum of floating-point numbers depends on the order of its
terms: :class:`Tally` therefore holds each game until every game before it
has come, and adds them in index order. The summary of a batch is the same
however its games were run.

Example:
    >>> import serenissima as ser
    >>> from serenissima.analysis.run.games import RulesetRef, GameTask, play_task
    >>> from serenissima.analysis.simulate.tally import Tally
    >>> rules = ser.load_ruleset("modern")
    >>> tally = Tally(rules, 2, games=3, seed=1, seats=("random", "random"))
    >>> for index in (2, 0, 1):  # in any order
    ...     task = GameTask(RulesetRef.of(rules), 2, ("random", "random"), 1, index)
    ...     tally.add(play_task(task))
    >>> tally.done, tally.summary(seconds=1.0).games
    (3, 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

import attrs

from serenissima.analysis.run.outcome import GameOutcome, GameStats
from serenissima.analysis.simulate.notes import summary_notes
from serenissima.analysis.simulate.summary import QUANTITIES, SimulationSummary
from serenissima.analysis.stats.intervals import Moments
from serenissima.engine.errors import ArgumentValueError

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__ = ["Tally"]


class Tally:
    """The running totals of one batch; games are added in any order, counted in index order.

    Args:
        rules: The batch's ruleset.
        players: The number of seats.
        games: The number of games of the batch; a game of a higher index is refused.
        seed: The batch seed.
        seats: Each seat's agent kind.
        options: The rule options.
        keep_games: Keep every game's statistics for the summary's ``rows``.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.analysis.run.games import play_one
        >>> from serenissima.analysis.simulate.tally import Tally
        >>> rules = ser.load_ruleset("classic")
        >>> tally = Tally(rules, 2, games=2, seed=7, seats=("random", "random"))
        >>> tally.add(play_one(rules, 2, ("random", "random"), 7, 1, None))
        >>> tally.done, tally.complete  # game 1 waits for game 0
        (1, False)
        >>> tally.add(play_one(rules, 2, ("random", "random"), 7, 0, None))
        >>> tally.complete, tally.summary(seconds=0.5).games
        (True, 2)
    """

    def __init__(
        self,
        rules: Ruleset,
        players: int,
        games: int,
        seed: int,
        seats: tuple[str, ...],
        options: Mapping[str, object] | None = None,
        *,
        keep_games: bool = False,
    ) -> None:
        self._rules = rules
        self._players = players
        self._games = games
        self._seed = seed
        self._seats = seats
        self._options = dict(options or {})
        self._keep = keep_games
        self._waiting: dict[int, GameOutcome] = {}
        self._next = 0
        self._wins = [Fraction(0)] * players
        self._scores = [0] * players
        self._parts: dict[str, list[int]] = {}
        self._moments = dict.fromkeys(QUANTITIES, Moments())
        self._shared = 0
        self._names: tuple[str, ...] = ()
        self._rows: list[GameStats] = []
        self._played = 0
        self._decisions = 0

    @property
    def games(self) -> int:
        """The number of games of the batch."""
        return self._games

    @property
    def done(self) -> int:
        """The number of games received so far."""
        return self._next + len(self._waiting)

    @property
    def complete(self) -> bool:
        """True when every game of the batch has been received."""
        return self._next == self._games

    def has(self, index: int) -> bool:
        """Return True when game ``index`` has been received."""
        return index < self._next or index in self._waiting

    def add(self, outcome: GameOutcome, *, played: bool = True) -> None:
        """Receive a game; it is counted once every game before it has been.

        Args:
            outcome: The game.
            played: False for a game read back from a journal rather than
                played in this run (it is not counted in the run's speed).

        Raises:
            ArgumentValueError: A game outside the batch, or one received twice.
        """
        index = outcome.stats.index
        if not 0 <= index < self._games:
            raise ArgumentValueError(f"game {index} is not one of the batch's {self._games}")
        if self.has(index):
            raise ArgumentValueError(f"game {index} was received twice")
        if played:
            self._played += 1
            self._decisions += outcome.stats.decisions
        self._waiting[index] = outcome
        while self._next in self._waiting:
            self._count(self._waiting.pop(self._next))
            self._next += 1

    def _count(self, outcome: GameOutcome) -> None:
        stats = outcome.stats
        for quantity in QUANTITIES:
            self._moments[quantity] = self._moments[quantity].add(getattr(stats, quantity))
        self._shared += stats.shared
        for seat in stats.winners:
            self._wins[seat] += Fraction(1, len(stats.winners))
        for seat, score in enumerate(stats.scores):
            self._scores[seat] += score
        for name, values in outcome.parts:
            totals = self._parts.setdefault(name, [0] * self._players)
            for seat, value in enumerate(values):
                totals[seat] += value
        self._names = outcome.seat_names
        if self._keep:
            self._rows.append(stats)

    def summary(self, seconds: float) -> SimulationSummary:
        """Return the batch's summary, with the notes of the cases that hold.

        Args:
            seconds: The wall time of the games played in this run; the speed
                is their decisions over it (the games read from a journal are
                not counted).

        Raises:
            ArgumentValueError: A game of the batch has not been received.
        """
        if not self.complete:
            raise ArgumentValueError(
                f"game {self._next} of the batch's {self._games} has not been received"
            )
        rules, games, players = self._rules, self._games, self._players
        moments = self._moments
        decisions, chance = moments["decisions"], moments["chance"]
        turns, margin = moments["turns"], moments["margin"]
        summary = SimulationSummary(
            ruleset=rules.id,
            ruleset_version=rules.info.version,
            players=players,
            games=games,
            seed=self._seed,
            options=tuple(sorted((str(k), _show(v)) for k, v in self._options.items())),
            mean_decisions=decisions.mean,
            min_decisions=int(decisions.minimum),
            max_decisions=int(decisions.maximum),
            mean_chance=chance.mean,
            mean_turns=turns.mean,
            win_rate=tuple(float(w / games) for w in self._wins),
            mean_score=tuple(s / games for s in self._scores),
            decisions_per_second=self._decisions / seconds if seconds > 0 else 0.0,
            seconds=seconds,
            min_turns=int(turns.minimum),
            max_turns=int(turns.maximum),
            turn_word=rules.info.turn_word,
            shared_wins=self._shared / games,
            seat_names=self._names,
            parts=tuple(self._parts),
            mean_parts=tuple(
                tuple(totals[seat] / games for totals in self._parts.values())
                for seat in range(players)
            ),
            seats=self._seats,
            sd_decisions=decisions.sd,
            sd_chance=chance.sd,
            min_chance=int(chance.minimum),
            max_chance=int(chance.maximum),
            sd_turns=turns.sd,
            mean_margin=margin.mean,
            sd_margin=margin.sd,
            min_margin=int(margin.minimum),
            max_margin=int(margin.maximum),
            score_unit=rules.info.score_unit,
            rows=tuple(self._rows),
        )
        return attrs.evolve(summary, notes=summary_notes(summary))


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value)
    return str(value)
