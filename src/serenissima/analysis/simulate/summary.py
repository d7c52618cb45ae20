"""What a batch of games leaves: the summary of its games' figures.

:class:`SimulationSummary` is the whole batch, as
:func:`~serenissima.analysis.simulate.batch.simulate` makes it from each game's
:class:`~serenissima.analysis.run.outcome.GameStats`: game length, chance nodes,
the winner's margin, shared wins, and by seat the win rate and the mean score
with the mean of every figure the edition's standings give with it: the parts
of the score, then what they show beside it (ducats, then ports and galleys,
in the modern edition; capital, ports, full ports and ducats, then ducats
held, in the classic one). Means come with their standard deviation and a 95%
interval, win rates with a 95% Wilson interval (see
:mod:`serenissima.analysis.stats.intervals`); both turn into JSON-ready data. A summary
also carries notes (:class:`Note`): one sentence on each figure that would
surprise a reader, such as the low scores of random seats (see
:mod:`serenissima.analysis.simulate.notes`).
"""

from __future__ import annotations

import math
from typing import Any, Final

import attrs

from serenissima.analysis.run.outcome import GameStats
from serenissima.analysis.stats.intervals import Interval, Moments, wilson_interval
from serenissima.engine.errors import ArgumentValueError

__all__ = ["QUANTITIES", "Note", "SimulationSummary"]

QUANTITIES: Final[tuple[str, ...]] = ("decisions", "chance", "turns", "margin")
"""The per-game quantities a summary keeps the mean, spread and range of."""


@attrs.frozen(slots=True)
class Note:
    """One sentence on what a figure of a summary means, where it would surprise.

    Attributes:
        key: A stable name of the case (see :mod:`serenissima.analysis.simulate.notes`),
            such as ``"random_seats"``.
        text: The sentence, for a reader.

    Example:
        >>> from serenissima.analysis.simulate.summary import Note
        >>> Note("shared_wins", "Several seats shared the win.").key
        'shared_wins'
    """

    key: str
    text: str


@attrs.frozen(slots=True)
class SimulationSummary:
    """What happened in a batch of games.

    Attributes:
        ruleset: The ruleset's registry name.
        ruleset_version: The version of the ruleset data.
        players: The number of seats.
        games: The number of games played.
        seed: The seed the games were derived from.
        options: The options given, as sorted ``(name, value)`` pairs.
        mean_decisions: Mean number of seat decisions per game.
        min_decisions: Fewest decisions in a game.
        max_decisions: Most decisions in a game.
        mean_chance: Mean number of chance nodes per game.
        mean_turns: Mean game turn (modern) or round (classic) reached at the end.
        win_rate: Share of the games won by each seat; a win shared by ``k``
            seats counts ``1/k`` for each of them.
        mean_score: Mean final score of each seat.
        decisions_per_second: Seat decisions per second of wall time (chance included in the time).
        seconds: Wall time of the whole batch.
        min_turns: Lowest turn or round reached at the end of a game.
        max_turns: Highest turn or round reached at the end of a game.
        turn_word: What the edition calls its turns (the ruleset's ``info.turn_word``).
        shared_wins: Share of the games won by several seats together.
        seat_names: Each seat's nation when the edition gives seats one, else empty.
        parts: The names of the figures of the standings' breakdown, in order: the
            parts of the score, then those shown beside it (see
            :func:`~serenissima.analysis.simulate.notes.score_parts`).
        mean_parts: For each seat, the mean of each part, in the order of ``parts``.
        seats: Each seat's agent kind.
        sd_decisions: Standard deviation of the decisions per game.
        sd_chance: Standard deviation of the chance nodes per game.
        min_chance: Fewest chance nodes in a game.
        max_chance: Most chance nodes in a game.
        sd_turns: Standard deviation of the turn or round reached.
        mean_margin: Mean winner margin (see
            :attr:`~serenissima.analysis.run.outcome.GameStats.margin`), in ``score_unit``.
        sd_margin: Standard deviation of the winner margin.
        min_margin: Smallest winner margin of a game.
        max_margin: Largest winner margin of a game.
        score_unit: What the score counts (the ruleset's ``info.score_unit``).
        notes: What the figures mean where they would surprise, one sentence per
            case that holds (see :func:`~serenissima.analysis.simulate.notes.summary_notes`).
        rows: Every game's record, in order, when asked for (``keep_games``); else empty.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.analysis.simulate.batch import simulate
        >>> summary = simulate(ser.load_ruleset("modern"), 4, games=2, seed=1)
        >>> summary.score_unit, summary.turn_word
        ('ducats', 'turns')
        >>> interval = summary.win_intervals[0]
        >>> interval.low <= summary.win_rate[0] <= interval.high
        True
    """

    ruleset: str
    ruleset_version: str
    players: int
    games: int
    seed: int
    options: tuple[tuple[str, str], ...]
    mean_decisions: float
    min_decisions: int
    max_decisions: int
    mean_chance: float
    mean_turns: float
    win_rate: tuple[float, ...]
    mean_score: tuple[float, ...]
    decisions_per_second: float
    seconds: float
    min_turns: int = 0
    max_turns: int = 0
    turn_word: str = "turns"
    shared_wins: float = 0.0
    seat_names: tuple[str, ...] = ()
    parts: tuple[str, ...] = ()
    mean_parts: tuple[tuple[float, ...], ...] = ()
    seats: tuple[str, ...] = ()
    sd_decisions: float = 0.0
    sd_chance: float = 0.0
    min_chance: int = 0
    max_chance: int = 0
    sd_turns: float = 0.0
    mean_margin: float = 0.0
    sd_margin: float = 0.0
    min_margin: int = 0
    max_margin: int = 0
    score_unit: str = "points"
    notes: tuple[Note, ...] = ()
    rows: tuple[GameStats, ...] = attrs.field(default=(), repr=False)

    def moments(self, quantity: str) -> Moments:
        """Return the mean, spread and range of a per-game quantity.

        Args:
            quantity: One of :data:`QUANTITIES`.

        Returns:
            The moments over the batch's games.

        Raises:
            SerenissimaError: ``quantity`` is not one of them.
        """
        if quantity not in QUANTITIES:
            raise ArgumentValueError(
                f"unknown quantity {quantity!r}; expected one of {', '.join(QUANTITIES)}"
            )
        mean, sd, low, high = {
            "decisions": (
                self.mean_decisions,
                self.sd_decisions,
                self.min_decisions,
                self.max_decisions,
            ),
            "chance": (self.mean_chance, self.sd_chance, self.min_chance, self.max_chance),
            "turns": (self.mean_turns, self.sd_turns, self.min_turns, self.max_turns),
            "margin": (self.mean_margin, self.sd_margin, self.min_margin, self.max_margin),
        }[quantity]
        return Moments(self.games, mean, sd * sd * (self.games - 1), low, high)

    def interval(self, quantity: str) -> Interval:
        """Return the 95% interval of the mean of a per-game quantity.

        Args:
            quantity: One of :data:`QUANTITIES`.

        Returns:
            The normal-approximation interval (see
            :func:`~serenissima.analysis.stats.intervals.mean_interval`).

        Raises:
            SerenissimaError: ``quantity`` is not one of them.
        """
        return self.moments(quantity).interval()

    @property
    def win_intervals(self) -> tuple[Interval, ...]:
        """The 95% Wilson interval of each seat's win rate.

        A shared win counts ``1/k`` to each of its ``k`` winners, and the
        interval treats a seat's total as a count of whole wins out of
        :attr:`games`: a little wider than the shares need, never narrower.
        """
        return tuple(_wilson(rate, self.games) for rate in self.win_rate)

    @property
    def shared_interval(self) -> Interval:
        """The 95% Wilson interval of the share of shared wins."""
        return _wilson(self.shared_wins, self.games)

    def to_dict(self, *, per_game: bool = False) -> dict[str, Any]:
        """Return the summary as JSON-ready data, with its intervals.

        Args:
            per_game: Also give every game's record under ``"per_game"``
                (those kept by ``keep_games``).

        Returns:
            The fields (tuples as lists, each note as ``{"key": ..., "text": ...}``),
            plus ``"intervals"``: the 95% interval
            of each of :data:`QUANTITIES`, of ``"shared_wins"`` and of each
            seat's ``"win_rate"``, as ``[low, high]`` (``null`` for an
            infinite end).
        """
        data = attrs.asdict(self, filter=lambda a, _: a.name != "rows")
        intervals: dict[str, Any] = {q: interval_json(self.interval(q)) for q in QUANTITIES}
        intervals["shared_wins"] = interval_json(self.shared_interval)
        intervals["win_rate"] = [interval_json(i) for i in self.win_intervals]
        data["intervals"] = intervals
        if per_game:
            data["per_game"] = [attrs.asdict(row) for row in self.rows]
        return data


def _wilson(rate: float, games: int) -> Interval:
    return wilson_interval(min(max(rate * games, 0.0), float(games)), games)


def interval_json(interval: Interval) -> list[float | None]:
    """Return an interval as JSON-ready ``[low, high]``, with ``None`` for an infinite end.

    The summaries' and the comparisons' ``to_dict`` share it; it is not part of the API.
    """
    return [v if math.isfinite(v) else None for v in (interval.low, interval.high)]
