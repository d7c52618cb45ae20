"""Batches of games between agents, with paired seeds: played one by one or summarised.

This is how the editions are compared: the same number of games, the same
seed, and a table of what happened. :func:`simulate` plays a batch and returns
a :class:`~serenissima.analysis.summary.SimulationSummary` (game length,
chance nodes, the winner's margin, shared wins, and by seat the win rate and
the mean score with its parts); :func:`iter_games` plays the same games one at
a time. The summary and each game's record are defined in
:mod:`serenissima.analysis.summary`, two summaries are lined up by
:mod:`serenissima.analysis.simcompare`, and both are printed by
:mod:`serenissima.analysis.report`.

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
    :func:`iter_games` yields one :class:`~serenissima.analysis.summary.GameStats`
    per game as it is played, so that any number of games can be streamed;
    ``simulate(..., keep_games=True)`` also keeps them on the summary (a few
    hundred bytes a game).

Example:
    >>> import serenissima as ser
    >>> from serenissima.analysis.report import format_summary
    >>> from serenissima.analysis.simulate import simulate
    >>> rules = ser.load_ruleset("modern")
    >>> summary = simulate(rules, players=4, games=3, seed=1)
    >>> summary.games, summary.seats, len(summary.win_rate)
    (3, ('random', 'random', 'random', 'random'), 4)
    >>> print(format_summary(summary).splitlines()[0])
    Ruleset modern 1.0.0: 4 players, 3 random games, seed 1, options: defaults
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Final

import attrs

from serenissima.agents import GameResult, make_agent, play_game
from serenissima.analysis.notes import summary_notes
from serenissima.analysis.stats import Moments
from serenissima.analysis.summary import QUANTITIES, GameStats, SimulationSummary
from serenissima.engine.errors import ArgumentValueError

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__ = ["GameSeeds", "Progress", "game_seeds", "iter_games", "simulate"]

Progress = Callable[[int, int], None]
"""A callback told ``(games done, games in all)`` after each game."""

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


def _kinds(seats: Sequence[str] | None, players: int) -> tuple[str, ...]:
    """Each seat's agent kind, checked: one known kind per seat."""
    if seats is None:
        return (DEFAULT_AGENT,) * players
    if isinstance(seats, str):
        raise ArgumentValueError(f"seats must be a sequence of agent kinds, not the text {seats!r}")
    kinds = tuple(seats)
    if len(kinds) != players:
        raise ArgumentValueError(f"expected one agent kind per seat ({players}), got {len(kinds)}")
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
        raise ArgumentValueError(f"a simulation needs at least one game, not {games}")


# --- a batch --------------------------------------------------------------------------------


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
        keep_games: Keep every game's
            :class:`~serenissima.analysis.summary.GameStats` on the summary's ``rows``.

    Returns:
        The summary, with the notes of the cases that hold (see
        :func:`~serenissima.analysis.notes.summary_notes`).

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
    summary = SimulationSummary(
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
    return attrs.evolve(summary, notes=summary_notes(summary))


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
