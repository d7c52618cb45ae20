"""Batches of games between agents, summarised and compared.

This is how the editions are compared: the same number of games, the same
seed, and a table of what happened. :func:`simulate` plays a batch and returns
a :class:`SimulationSummary`: game length, chance nodes, the winner's margin,
shared wins, and by seat the win rate and the mean score with the mean of
every part the edition's standings break it into (ducats, ports and galleys
in the modern edition; capital, ports, full ports and ducats in the classic
one). Means come with their standard deviation and a 95% interval, win rates
with a 95% Wilson interval (see :mod:`serenissima.analysis.stats`).

Paired seeds:
    Game ``i`` of a batch draws every seed it uses from the batch seed and
    ``i`` alone (:func:`game_seeds`): one seed for the chance generator and
    one for each seat's agent. Neither the ruleset, nor its options, nor the
    player count, nor the agents' kinds change them. Two editions (or two
    option sets) simulated with the same seed therefore play game ``i`` with
    the same chance stream and the same agent generators; what differs
    between them is the rules. A batch of 200 games is also the first 200
    games of a batch of 1,000 with the same seed.

Per game:
    :func:`iter_games` yields one :class:`GameStats` per game as it is
    played, so that any number of games can be streamed; ``simulate(...,
    keep_games=True)`` also keeps them on the summary (a few hundred bytes a
    game).

Comparing:
    :func:`compare_simulations` lines two summaries up, quantity by quantity,
    and says where they differ clearly; :func:`format_comparison` prints it.

Example:
    >>> import serenissima as ser
    >>> from serenissima.analysis.simulate import format_summary, simulate
    >>> rules = ser.load_ruleset("modern")
    >>> summary = simulate(rules, players=4, games=3, seed=1)
    >>> summary.games, summary.seats, len(summary.win_rate)
    (3, ('random', 'random', 'random', 'random'), 4)
    >>> print(format_summary(summary).splitlines()[0])
    Ruleset modern 1.0.0: 4 players, 3 random games, seed 1, options: defaults
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

import attrs

from serenissima.agents import GameResult, make_agent, play_game
from serenissima.analysis.stats import (
    Interval,
    Moments,
    mean_difference,
    proportion_difference,
    wilson_interval,
)
from serenissima.engine.errors import SerenissimaError

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__ = [
    "QUANTITIES",
    "ComparisonRow",
    "GameSeeds",
    "GameStats",
    "Progress",
    "SimulationComparison",
    "SimulationSummary",
    "compare_simulations",
    "format_comparison",
    "format_summary",
    "game_seeds",
    "iter_games",
    "simulate",
]

Progress = Callable[[int, int], None]
"""A callback told ``(games done, games in all)`` after each game."""

QUANTITIES: Final[tuple[str, ...]] = ("decisions", "chance", "turns", "margin")
"""The per-game quantities a summary keeps the mean, spread and range of."""

DEFAULT_AGENT: Final = "random"
"""The agent kind of every seat when none is given."""



# --- seeds -----------------------------------------------------------------------------------


def _derive(*parts: object) -> int:
    """A 64-bit seed from the parts' text, the same on every machine and Python."""
    text = "serenissima/" + "/".join(str(part) for part in parts)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


@attrs.frozen(slots=True)
class GameSeeds:
    """The seeds of one game of a batch.

    Attributes:
        game: The game's own seed, from which the others derive.
        chance: The seed of the chance generator (``play_game``'s ``seed``).
        seats: The seed of each seat's agent.

    Example:
        >>> from serenissima.analysis.simulate import game_seeds
        >>> seeds = game_seeds(1, 0, players=2)
        >>> len(seeds.seats), seeds == game_seeds(1, 0, players=2)
        (2, True)
    """

    game: int
    chance: int
    seats: tuple[int, ...]


def game_seeds(seed: int, index: int, players: int) -> GameSeeds:
    """Return the seeds game ``index`` of a batch seeded with ``seed`` uses.

    They depend on ``seed`` and ``index`` only (and a seat's on its number):
    see "Paired seeds" above. Replaying a game of a batch takes its seeds,
    its agents' kinds and its options.

    Args:
        seed: The batch seed.
        index: The game's index in the batch, from 0.
        players: The number of seats.

    Returns:
        The seeds.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.agents import make_agent, play_game
        >>> from serenissima.analysis.simulate import game_seeds, simulate
        >>> rules = ser.load_ruleset("classic")
        >>> summary = simulate(rules, 3, games=2, seed=5, keep_games=True)
        >>> seeds = game_seeds(5, 1, 3)
        >>> agents = [make_agent("random", s) for s in seeds.seats]
        >>> result = play_game(rules, 3, agents, seeds.chance)
        >>> (result.decisions, seeds.game) == (summary.rows[1].decisions, summary.rows[1].seed)
        True
    """
    game = _derive(seed, index)
    return GameSeeds(
        game, _derive(game, "chance"), tuple(_derive(game, "seat", s) for s in range(players))
    )


# --- one game --------------------------------------------------------------------------------


@attrs.frozen(slots=True)
class GameStats:
    """What happened in one game of a batch.

    Attributes:
        index: The game's index in the batch, from 0.
        seed: The game's seed (:attr:`GameSeeds.game`).
        decisions: The number of seat decisions.
        chance: The number of chance nodes.
        turns: The turn (or round) reached at the end.
        scores: The final score of each seat, by seat.
        winners: The seats ranked first (several on a shared win).
        margin: The winner's score minus the best score of the other seats;
            0 on a shared win (and with a single seat).

    Example:
        >>> import serenissima as ser
        >>> from serenissima.analysis.simulate import simulate
        >>> summary = simulate(ser.load_ruleset("modern"), 2, games=1, seed=1, keep_games=True)
        >>> row = summary.rows[0]
        >>> row.index, len(row.scores), row.margin >= 0, row.shared == (len(row.winners) > 1)
        (0, 2, True, True)
    """

    index: int
    seed: int
    decisions: int
    chance: int
    turns: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    margin: int

    @property
    def shared(self) -> bool:
        """True when several seats share the win."""
        return len(self.winners) > 1


def _kinds(seats: Sequence[str] | None, players: int) -> tuple[str, ...]:
    """Each seat's agent kind, checked: one known kind per seat."""
    if seats is None:
        return (DEFAULT_AGENT,) * players
    if isinstance(seats, str):
        raise SerenissimaError(f"seats must be a sequence of agent kinds, not the text {seats!r}")
    kinds = tuple(seats)
    if len(kinds) != players:
        raise SerenissimaError(f"expected one agent kind per seat ({players}), got {len(kinds)}")
    for kind in dict.fromkeys(kinds):
        make_agent(kind, 0)  # raises on a name it does not know
    return kinds


def _play(
    rules: Ruleset,
    players: int,
    kinds: tuple[str, ...],
    seed: int,
    index: int,
    options: Mapping[str, object] | None,
) -> tuple[GameStats, GameResult]:
    seeds = game_seeds(seed, index, players)
    agents = [make_agent(kind, s) for kind, s in zip(kinds, seeds.seats, strict=True)]
    result = play_game(rules, players, agents, seeds.chance, options)
    scores = [0] * players
    for entry in result.standings.entries:
        scores[entry.seat] = entry.score
    winners = result.standings.winners
    margin = 0
    if len(winners) == 1 and players > 1:
        best_other = max(score for seat, score in enumerate(scores) if seat != winners[0])
        margin = scores[winners[0]] - best_other
    stats = GameStats(
        index,
        seeds.game,
        result.decisions,
        result.chance,
        result.turns,
        tuple(scores),
        winners,
        margin,
    )
    return stats, result


def iter_games(
    rules: Ruleset,
    players: int,
    games: int,
    seed: int,
    options: Mapping[str, object] | None = None,
    seats: Sequence[str] | None = None,
) -> Iterator[GameStats]:
    """Play a batch of games one at a time, yielding each game's statistics.

    The games are those :func:`simulate` plays with the same arguments.

    Args:
        rules: The ruleset.
        players: The number of seats.
        games: How many games to play (at least 1).
        seed: The seed of the batch.
        options: Rule options by name.
        seats: Each seat's agent kind (see :func:`~serenissima.agents.make_agent`);
            every seat ``"random"`` when ``None``.

    Yields:
        One record per game, in order.

    Raises:
        OptionError: An unsupported player count or a bad option.
        SerenissimaError: ``games`` is below 1, ``seats`` does not give one
            known kind per seat, or a game did not finish.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.analysis.simulate import iter_games
        >>> rules = ser.load_ruleset("modern")
        >>> [game.index for game in iter_games(rules, 2, 3, seed=1)]
        [0, 1, 2]
    """
    _check_games(games)
    kinds = _kinds(seats, players)
    for index in range(games):
        yield _play(rules, players, kinds, seed, index, options)[0]


def _check_games(games: int) -> None:
    if games < 1:
        raise SerenissimaError(f"a simulation needs at least one game, not {games}")


# --- the summary -----------------------------------------------------------------------------


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
        parts: The names of the parts of the score (the standings' breakdown), in order.
        mean_parts: For each seat, the mean of each part, in the order of ``parts``.
        seats: Each seat's agent kind.
        sd_decisions: Standard deviation of the decisions per game.
        sd_chance: Standard deviation of the chance nodes per game.
        min_chance: Fewest chance nodes in a game.
        max_chance: Most chance nodes in a game.
        sd_turns: Standard deviation of the turn or round reached.
        mean_margin: Mean winner margin (see :attr:`GameStats.margin`), in ``score_unit``.
        sd_margin: Standard deviation of the winner margin.
        min_margin: Smallest winner margin of a game.
        max_margin: Largest winner margin of a game.
        score_unit: What the score counts (the ruleset's ``info.score_unit``).
        rows: Every game's record, in order, when asked for (``keep_games``); else empty.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.analysis.simulate import simulate
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
            raise SerenissimaError(
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
            :func:`~serenissima.analysis.stats.mean_interval`).

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
            The fields (tuples as lists), plus ``"intervals"``: the 95% interval
            of each of :data:`QUANTITIES`, of ``"shared_wins"`` and of each
            seat's ``"win_rate"``, as ``[low, high]`` (``null`` for an
            infinite end).
        """
        data = attrs.asdict(self, filter=lambda a, _: a.name != "rows")
        intervals: dict[str, Any] = {q: _pair(self.interval(q)) for q in QUANTITIES}
        intervals["shared_wins"] = _pair(self.shared_interval)
        intervals["win_rate"] = [_pair(i) for i in self.win_intervals]
        data["intervals"] = intervals
        if per_game:
            data["per_game"] = [attrs.asdict(row) for row in self.rows]
        return data


def _wilson(rate: float, games: int) -> Interval:
    return wilson_interval(min(max(rate * games, 0.0), float(games)), games)


def _pair(interval: Interval) -> list[float | None]:
    return [v if math.isfinite(v) else None for v in (interval.low, interval.high)]


def simulate(
    rules: Ruleset,
    players: int,
    games: int,
    seed: int,
    options: Mapping[str, object] | None = None,
    progress: Progress | None = None,
    seats: Sequence[str] | None = None,
    *,
    keep_games: bool = False,
) -> SimulationSummary:
    """Play ``games`` games between agents and summarise them.

    Every game's seeds come from ``seed`` and the game's index alone (see
    "Paired seeds" above): the same arguments give the same games, and
    another ruleset given the same seed sees the same chance stream.

    Args:
        rules: The ruleset.
        players: The number of seats.
        games: How many games to play (at least 1).
        seed: The seed of the batch.
        options: Rule options by name.
        progress: Called after each game with ``(done, games)``.
        seats: Each seat's agent kind, by :func:`~serenissima.agents.make_agent`
            name; every seat ``"random"`` when ``None``.
        keep_games: Keep every game's :class:`GameStats` on the summary's ``rows``.

    Returns:
        The summary.

    Raises:
        OptionError: An unsupported player count or a bad option.
        SerenissimaError: ``games`` is below 1, ``seats`` does not give one
            known kind per seat, or a game did not finish.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.analysis.simulate import simulate
        >>> rules = ser.load_ruleset("classic")
        >>> summary = simulate(rules, 4, games=5, seed=1, keep_games=True)
        >>> summary.turn_word, summary.score_unit, len(summary.rows)
        ('rounds', 'wealth points', 5)
        >>> summary.mean_margin == sum(row.margin for row in summary.rows) / 5
        True
    """
    _check_games(games)
    kinds = _kinds(seats, players)
    wins = [Fraction(0)] * players
    scores = [0] * players
    parts: dict[str, list[int]] = {}  # part name -> total by seat
    moments = dict.fromkeys(QUANTITIES, Moments())
    shared = 0
    names: tuple[str, ...] = ()
    rows: list[GameStats] = []
    start = time.perf_counter()
    for index in range(games):
        stats, result = _play(rules, players, kinds, seed, index, options)
        for quantity in QUANTITIES:
            moments[quantity] = moments[quantity].add(getattr(stats, quantity))
        shared += stats.shared
        for seat in stats.winners:
            wins[seat] += Fraction(1, len(stats.winners))
        for entry in result.standings.entries:
            scores[entry.seat] += entry.score
            for name, value in entry.breakdown:
                parts.setdefault(name, [0] * players)[entry.seat] += value
        names = _seat_names(result.state, players)
        if keep_games:
            rows.append(stats)
        if progress is not None:
            progress(index + 1, games)
    seconds = time.perf_counter() - start
    decisions, chance = moments["decisions"], moments["chance"]
    turns, margin = moments["turns"], moments["margin"]
    return SimulationSummary(
        ruleset=rules.id,
        ruleset_version=rules.info.version,
        players=players,
        games=games,
        seed=seed,
        options=tuple(sorted((str(k), _show(v)) for k, v in (options or {}).items())),
        mean_decisions=decisions.mean,
        min_decisions=int(decisions.minimum),
        max_decisions=int(decisions.maximum),
        mean_chance=chance.mean,
        mean_turns=turns.mean,
        win_rate=tuple(float(w / games) for w in wins),
        mean_score=tuple(s / games for s in scores),
        decisions_per_second=decisions.mean * games / seconds if seconds > 0 else 0.0,
        seconds=seconds,
        min_turns=int(turns.minimum),
        max_turns=int(turns.maximum),
        turn_word=rules.info.turn_word,
        shared_wins=shared / games,
        seat_names=names,
        parts=tuple(parts),
        mean_parts=tuple(
            tuple(totals[seat] / games for totals in parts.values()) for seat in range(players)
        ),
        seats=kinds,
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
        rows=tuple(rows),
    )


def _seat_names(state: object, players: int) -> tuple[str, ...]:
    """The seats' nations, when the edition's state names them (the classic one does)."""
    nations = getattr(state, "nations", None)
    if isinstance(nations, tuple) and len(nations) == players:
        return tuple(str(n) for n in nations)
    return ()


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value)
    return str(value)


# --- text ------------------------------------------------------------------------------------


def _span(interval: Interval, percent: bool = False) -> str:
    """An interval as ``[low, high]``, with one decimal or as percentages."""
    if not interval.finite:
        return "n/a"
    if percent:
        return f"[{interval.low:.1%}, {interval.high:.1%}]"
    return f"[{interval.low:.1f}, {interval.high:.1f}]"


def _players_and_agents(s: SimulationSummary) -> str:
    """``4 players, 200 random games`` or ``4 players, 200 games (seats: ...)``."""
    kinds = s.seats or (DEFAULT_AGENT,) * s.players
    game_s = "game" if s.games == 1 else "games"
    if len(set(kinds)) == 1:
        return f"{s.players} players, {s.games} {kinds[0]} {game_s}"
    return f"{s.players} players, {s.games} {game_s} (seats: {', '.join(kinds)})"


def _table(rows: list[list[str]], left: Collection[int] = (0,), gap: int = 2) -> list[str]:
    """Align rows of cells: columns numbered in ``left`` to the left, the others to the right."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [
            cell.ljust(width) if i in left else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append((" " * gap).join(cells).rstrip())
    return lines


def format_summary(summary: SimulationSummary) -> str:
    """Return a summary as a plain-text report: per-game figures, then a table by seat.

    The first table gives the mean of each per-game figure with its 95%
    interval, standard deviation and range, the winner's margin in the
    edition's units, and the share of shared wins with its Wilson interval.
    The table by seat gives each seat (its nation when it has one, its agent
    when the seats differ) its win rate with the Wilson interval, its mean
    score and the mean of each part of the score; its last row averages the seats.

    Args:
        summary: The summary.

    Returns:
        Several lines of text, without a final newline.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.analysis.simulate import format_summary, simulate
        >>> summary = simulate(ser.load_ruleset("classic"), 3, games=2, seed=4)
        >>> print(format_summary(summary).splitlines()[0])
        Ruleset classic 1.0.0: 3 players, 2 random games, seed 4, options: defaults
    """
    s = summary
    options = ", ".join(f"{k}={v}" for k, v in s.options) or "defaults"
    title = f"Ruleset {s.ruleset} {s.ruleset_version}: {_players_and_agents(s)}, "
    lines = [f"{title}seed {s.seed}, options: {options}", ""]
    labels = {
        "decisions": "decisions",
        "chance": "chance nodes",
        "turns": s.turn_word,
        "margin": "winner margin",
    }
    rows = [["per game", "mean", "95% interval", "sd", "min", "max", ""]]
    for quantity in QUANTITIES:
        m = s.moments(quantity)
        unit = s.score_unit if quantity == "margin" else ""
        rows.append(
            [
                labels[quantity],
                f"{m.mean:.1f}",
                _span(m.interval()),
                f"{m.sd:.1f}",
                f"{m.minimum:.0f}",
                f"{m.maximum:.0f}",
                unit,
            ]
        )
    rows.append(["shared wins", f"{s.shared_wins:.1%}", _span(s.shared_interval, True)])
    rows[-1] += [""] * (len(rows[0]) - len(rows[-1]))
    lines += [*_table(rows, left=(0, 6)), ""]

    mixed = len(set(s.seats)) > 1
    header = ["seat", *(["agent"] if mixed else []), "win rate", "95% interval", "mean score"]
    seat_rows = [header + list(s.parts)]
    for seat in range(s.players):
        label = f"{seat}  {s.seat_names[seat]}" if s.seat_names else str(seat)
        parts = s.mean_parts[seat] if s.mean_parts else ()
        seat_rows.append(
            [
                label,
                *([s.seats[seat]] if mixed else []),
                f"{s.win_rate[seat]:.1%}",
                _span(s.win_intervals[seat], True),
                f"{s.mean_score[seat]:.1f}",
                *(f"{v:.1f}" for v in parts),
            ]
        )
    if s.players > 1:
        every = [sum(p[i] for p in s.mean_parts) / s.players for i in range(len(s.parts))]
        seat_rows.append(
            [
                "mean",
                *([""] if mixed else []),
                "",
                "",
                f"{sum(s.mean_score) / s.players:.1f}",
                *(f"{v:.1f}" for v in (every if s.mean_parts else ())),
            ]
        )
    lines += _table(seat_rows, left=(0, 1) if mixed else (0,))
    game_s = "game" if s.games == 1 else "games"
    lines += [
        "",
        f"{s.decisions_per_second:,.0f} decisions/s ({s.games} {game_s} in {s.seconds:.2f} s)",
    ]
    return "\n".join(lines)


# --- comparing two batches -------------------------------------------------------------------


@attrs.frozen(slots=True)
class ComparisonRow:
    """One quantity of two simulations side by side.

    Attributes:
        key: A stable name: one of :data:`QUANTITIES`, ``"shared_wins"`` or
            ``"win_rate[SEAT]"``.
        label: The row's label in a table.
        left: The left simulation's value (a mean, or a rate between 0 and 1).
        left_interval: Its 95% interval.
        right: The right simulation's value.
        right_interval: Its 95% interval.
        difference: The 95% interval of ``left - right``.
        differs: True when that interval leaves out 0 (a two-sided test at the
            5% level); ``None`` when the two values are in different units
            (the winner margin of editions that score differently).
        rate: True for rates (shown as percentages), False for means.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.analysis.simulate import compare_simulations, simulate
        >>> a = simulate(ser.load_ruleset("modern"), 2, games=3, seed=1)
        >>> row = compare_simulations(a, a)["shared_wins"]
        >>> row.rate, row.differs, row.left == row.right
        (True, False, True)
    """

    key: str
    label: str
    left: float
    left_interval: Interval
    right: float
    right_interval: Interval
    difference: Interval
    differs: bool | None
    rate: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Return the row as JSON-ready data (``null`` for an infinite end)."""
        return {
            "key": self.key,
            "label": self.label,
            "left": self.left,
            "left_interval": _pair(self.left_interval),
            "right": self.right,
            "right_interval": _pair(self.right_interval),
            "difference": _pair(self.difference),
            "differs": self.differs,
            "rate": self.rate,
        }


@attrs.frozen(slots=True)
class SimulationComparison:
    """Two simulations side by side, quantity by quantity.

    Attributes:
        left: The left summary.
        right: The right summary.
        rows: Decisions, turns, chance nodes, winner margin, shared wins, then
            each seat's win rate.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.analysis.simulate import compare_simulations, simulate
        >>> a = simulate(ser.load_ruleset("modern"), 2, games=3, seed=1)
        >>> b = simulate(ser.load_ruleset("modern"), 2, games=3, seed=2)
        >>> comparison = compare_simulations(a, b)
        >>> comparison.paired, [row.key for row in comparison.rows][-2:]
        (False, ['win_rate[0]', 'win_rate[1]'])
    """

    left: SimulationSummary
    right: SimulationSummary
    rows: tuple[ComparisonRow, ...]

    def __getitem__(self, key: str) -> ComparisonRow:
        for row in self.rows:
            if row.key == key:
                return row
        raise KeyError(key)

    @property
    def paired(self) -> bool:
        """True when both sides played the same games' seeds (same seed and count)."""
        return (self.left.seed, self.left.games) == (self.right.seed, self.right.games)

    @property
    def differing(self) -> tuple[ComparisonRow, ...]:
        """The rows that differ clearly."""
        return tuple(row for row in self.rows if row.differs)

    def to_dict(self, *, per_game: bool = False) -> dict[str, Any]:
        """Return both summaries and the rows as JSON-ready data.

        Args:
            per_game: Also give each side's kept game records.

        Returns:
            ``{"left": ..., "right": ..., "paired": ..., "rows": [...]}``.
        """
        return {
            "left": self.left.to_dict(per_game=per_game),
            "right": self.right.to_dict(per_game=per_game),
            "paired": self.paired,
            "rows": [row.to_dict() for row in self.rows],
        }


def _mean_row(
    key: str, label: str, a: SimulationSummary, b: SimulationSummary, comparable: bool = True
) -> ComparisonRow:
    ma, mb = a.moments(key), b.moments(key)
    difference = mean_difference(ma, mb)
    differs = (0.0 not in difference) if comparable else None
    return ComparisonRow(
        key, label, ma.mean, ma.interval(), mb.mean, mb.interval(), difference, differs
    )


def _rate_row(key: str, label: str, rate_a: float, a: int, rate_b: float, b: int) -> ComparisonRow:
    sa, sb = min(max(rate_a * a, 0.0), a), min(max(rate_b * b, 0.0), b)
    difference = proportion_difference(sa, a, sb, b)
    return ComparisonRow(
        key,
        label,
        rate_a,
        wilson_interval(sa, a),
        rate_b,
        wilson_interval(sb, b),
        difference,
        0.0 not in difference,
        rate=True,
    )


def _both(a: str, b: str) -> str:
    return a if a == b else f"{a} / {b}"


def compare_simulations(left: SimulationSummary, right: SimulationSummary) -> SimulationComparison:
    """Line two simulations up and say where they differ clearly.

    Each quantity gets both values with their 95% intervals and the 95%
    interval of the difference: Welch's for means (decisions, turns, chance
    nodes, winner margin) and Newcombe's for rates (shared wins, each seat's
    win rate), both treating the two batches as independent. A row
    ``differs`` when the interval of the difference leaves out 0. With a dozen
    rows, expect now and then one false "differs" between rulesets that play
    alike: each row is a separate test at the 5% level. Paired seeds (the same
    batch seed on both sides) make both sides meet the same chance, which
    removes one source of difference but is not used to narrow the intervals.

    Args:
        left: A summary.
        right: A summary with the same number of players.

    Returns:
        The comparison.

    Raises:
        SerenissimaError: The two summaries have different numbers of players.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.analysis.simulate import compare_simulations, simulate
        >>> a = simulate(ser.load_ruleset("modern"), 3, games=4, seed=2)
        >>> b = simulate(ser.load_ruleset("modern"), 3, games=4, seed=2)
        >>> comparison = compare_simulations(a, b)
        >>> comparison.paired, comparison.differing
        (True, ())
        >>> comparison["decisions"].left == comparison["decisions"].right
        True
    """
    if left.players != right.players:
        raise SerenissimaError(
            f"cannot compare simulations of {left.players} and {right.players} players"
        )
    a, b = left, right
    same_unit = a.score_unit == b.score_unit
    margin = f"winner margin ({a.score_unit})" if same_unit else "winner margin"
    rows = [
        _mean_row("decisions", "decisions", a, b),
        _mean_row("turns", _both(a.turn_word, b.turn_word), a, b),
        _mean_row("chance", "chance nodes", a, b),
        _mean_row("margin", margin, a, b, same_unit),
        _rate_row("shared_wins", "shared wins", a.shared_wins, a.games, b.shared_wins, b.games),
    ]
    for seat in range(a.players):
        names = [s.seat_names[seat] if s.seat_names else "-" for s in (a, b)]
        nation = "" if names == ["-", "-"] else f" {_both(names[0], names[1])}"
        rows.append(
            _rate_row(
                f"win_rate[{seat}]",
                f"win rate, seat {seat}{nation}",
                a.win_rate[seat],
                a.games,
                b.win_rate[seat],
                b.games,
            )
        )
    return SimulationComparison(left, right, tuple(rows))


def _value(value: float, rate: bool) -> str:
    return f"{value:.1%}" if rate else f"{value:.1f}"


def format_comparison(comparison: SimulationComparison) -> str:
    """Return a comparison as a plain-text table, with a line on each side and a note.

    Args:
        comparison: The comparison.

    Returns:
        Several lines of text, without a final newline.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.analysis.simulate import (
        ...     compare_simulations, format_comparison, simulate
        ... )
        >>> a = simulate(ser.load_ruleset("modern"), 4, games=3, seed=1)
        >>> b = simulate(ser.load_ruleset("classic"), 4, games=3, seed=1)
        >>> text = format_comparison(compare_simulations(a, b))
        >>> text.splitlines()[4].split()
        ['per', 'game', 'modern', '95%', 'interval', 'classic', '95%', 'interval', 'differ']
    """
    c = comparison
    lines = []
    for word, side in (("left", c.left), ("right", c.right)):
        options = ", ".join(f"{k}={v}" for k, v in side.options) or "defaults"
        lines.append(
            f"{word}: {side.ruleset} {side.ruleset_version}: {_players_and_agents(side)}, "
            f"seed {side.seed}, options: {options}"
        )
    lines += [
        "the same seeds on both sides" if c.paired else "different seeds on the two sides",
        "",
    ]
    names = (c.left.ruleset, c.right.ruleset)
    if names[0] == names[1]:
        names = ("left", "right")
    rows = [["per game", names[0], "95% interval", names[1], "95% interval", "differ"]]
    for row in c.rows:
        verdict = "-" if row.differs is None else ("yes" if row.differs else "no")
        rows.append(
            [
                row.label,
                _value(row.left, row.rate),
                _span(row.left_interval, row.rate),
                _value(row.right, row.rate),
                _span(row.right_interval, row.rate),
                verdict,
            ]
        )
    lines += _table(rows)
    lines += [
        "",
        "differ: yes when the 95% interval of the difference leaves out 0",
        "(Welch's interval for means, Newcombe's for rates).",
    ]
    if c.left.score_unit != c.right.score_unit:
        lines.append(
            f"The winner margin is in {c.left.score_unit} on the left and in "
            f"{c.right.score_unit} on the right: not compared."
        )
    return "\n".join(lines)
