"""Batches of games between agents, with paired seeds: played one by one or summarised.

This is how the editions are compared: the same number of games, the same
seed, and a table of what happened. :func:`simulate` plays a batch and returns
a :class:`~serenissima.analysis.simulate.summary.SimulationSummary` (game length,
chance nodes, the winner's margin, shared wins, and by seat the win rate and
the mean score with its parts); :func:`simulate_many` plays one batch per
ruleset in one run; :func:`iter_games` plays the same games one at a time. The
summary and each game's record are defined in
:mod:`serenissima.analysis.simulate.summary`, two summaries are lined up by
:mod:`serenissima.analysis.simulate.compare`, and both are printed by
:mod:`serenissima.analysis.simulate.report`.

Paired seeds:
    Game ``i`` of a batch draws every seed it uses from the batch seed and
    ``i`` alone (:func:`~serenissima.analysis.run.games.game_seeds`): one seed
    for the chance generator and one for each seat's agent. Neither the
    ruleset, nor its options, nor the player count, nor the agents' kinds
    change them. Two editions (or two option sets) simulated with the same
    seed therefore play game ``i`` with the same chance stream and the same
    agent generators; what differs between them is the rules. A batch of 200
    games is also the first 200 games of a batch of 1,000 with the same seed.

On every core:
    With ``jobs`` above 1 (or ``None``, every core) the games run in worker
    processes, or as Ray tasks with ``backend="ray"`` (see
    :mod:`serenissima.analysis.run.runner`). Since a game depends on the batch
    seed and its index alone, and the summary adds the games up in index
    order (:class:`~serenissima.analysis.simulate.tally.Tally`), every per-game row
    and every figure of the summary are those of a run in one process; only
    the wall time and the speed differ. A worker loads the ruleset by its
    installed name or by its folder, so a ruleset built in memory runs in
    this process only.

Resuming:
    With ``journal=FILE`` each finished game is appended to a JSON Lines
    file as it finishes (see :mod:`serenissima.analysis.run.journal`); a run
    given the same arguments and the same file plays only the games the file
    lacks, and its summary is the one an uninterrupted run gives. The header
    of the file names the rulesets with their versions, the player count,
    the seats, the seed and the options: a run that differs in one of them
    is refused. The number of games may differ: the file's games of the
    batch are used, so a batch can be made longer.

Per game:
    :func:`iter_games` yields one :class:`~serenissima.analysis.run.outcome.GameStats`
    per game as it is played, so that any number of games can be streamed;
    ``simulate(..., keep_games=True)`` also keeps them on the summary (a few
    hundred bytes a game).

Example:
    >>> import serenissima as ser
    >>> from serenissima.analysis.simulate.report import format_summary
    >>> from serenissima.analysis.simulate.batch import simulate
    >>> rules = ser.load_ruleset("modern")
    >>> summary = simulate(rules, players=4, games=3, seed=1)
    >>> summary.games, summary.seats, len(summary.win_rate)
    (3, ('random', 'random', 'random', 'random'), 4)
    >>> print(format_summary(summary).splitlines()[0])
    Ruleset modern 1.0.0: 4 players, 3 random games, seed 1, options: defaults
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from serenissima.analysis.run.games import (
    GameSeeds,
    GameTask,
    RulesetRef,
    game_seeds,
    play_one,
    play_task,
    seat_kinds,
)
from serenissima.analysis.run.journal import Journal
from serenissima.analysis.run.outcome import GameOutcome
from serenissima.analysis.run.ray_backend import check_address
from serenissima.analysis.run.runner import Progress, Runner, Workers
from serenissima.analysis.simulate.tally import Tally
from serenissima.engine.errors import ArgumentValueError

if TYPE_CHECKING:
    from serenissima.analysis.run.outcome import GameStats
    from serenissima.analysis.simulate.summary import SimulationSummary
    from serenissima.engine.ruleset import Ruleset

__all__ = [
    "GameSeeds",
    "game_seeds",
    "iter_games",
    "simulate",
    "simulate_many",
]


def _check_games(games: int) -> None:
    if games < 1:
        raise ArgumentValueError(f"a simulation needs at least one game, not {games}")


def iter_games(
    rules: Ruleset,
    players: int,
    games: int,
    seed: int,
    options: Mapping[str, object] | None = None,
    seats: Sequence[str] | None = None,
) -> Iterator[GameStats]:
    """Play a batch of games one at a time in this process, yielding each game's statistics.

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
        >>> from serenissima.analysis.simulate.batch import iter_games
        >>> rules = ser.load_ruleset("modern")
        >>> [game.index for game in iter_games(rules, 2, 3, seed=1)]
        [0, 1, 2]
    """
    _check_games(games)
    kinds = seat_kinds(seats, players)
    for index in range(games):
        yield play_one(rules, players, kinds, seed, index, options).stats


def simulate(
    rules: Ruleset | str | os.PathLike[str],
    players: int,
    games: int,
    seed: int,
    options: Mapping[str, object] | None = None,
    progress: Progress | None = None,
    seats: Sequence[str] | None = None,
    *,
    keep_games: bool = False,
    jobs: int | None = 1,
    backend: str | None = None,
    address: str | None = None,
    journal: str | os.PathLike[str] | None = None,
) -> SimulationSummary:
    """Play ``games`` games between agents and summarise them.

    Every game's seeds come from ``seed`` and the game's index alone (see
    "Paired seeds" above): the same arguments give the same games, and
    another ruleset given the same seed sees the same chance stream.

    Args:
        rules: The ruleset, or an installed ruleset's name or a folder's path.
        players: The number of seats.
        games: How many games to play (at least 1).
        seed: The seed of the batch.
        options: Rule options by name.
        progress: Told ``(done, games)`` before the first game and after each.
        seats: Each seat's agent kind, by :func:`~serenissima.agents.make_agent`
            name; every seat ``"random"`` when ``None``.
        keep_games: Keep every game's
            :class:`~serenissima.analysis.run.outcome.GameStats` on the summary's ``rows``.
        jobs: Games played at once: 1 in this process, more in worker
            processes, ``None`` on every core (see "On every core" above).
        backend: ``"local"``, ``"processes"`` or ``"ray"``; ``None`` chooses by ``jobs``.
        address: With ``backend="ray"``, a running cluster's address; ``None``
            starts a local Ray instance for the run.
        journal: A file that keeps every finished game and resumes a run
            (see "Resuming" above).

    Returns:
        The summary, with the notes of the cases that hold (see
        :func:`~serenissima.analysis.simulate.notes.summary_notes`).

    Raises:
        OptionError: An unsupported player count or a bad option.
        SerenissimaError: ``games`` is below 1, ``seats`` does not give one
            known kind per seat, bad workers or journal, or a game did not finish.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.analysis.simulate.batch import simulate
        >>> rules = ser.load_ruleset("classic")
        >>> summary = simulate(rules, 4, games=5, seed=1, keep_games=True)
        >>> summary.turn_word, summary.score_unit, len(summary.rows)
        ('rounds', 'wealth points', 5)
        >>> summary.mean_margin == sum(row.margin for row in summary.rows) / 5
        True
        >>> on_two_cores = simulate("classic", 4, games=5, seed=1, keep_games=True, jobs=2)
        >>> on_two_cores.rows == summary.rows, on_two_cores.win_rate == summary.win_rate
        (True, True)
    """
    found = simulate_many(
        [rules],
        players,
        games,
        seed,
        [options],
        progress,
        seats,
        keep_games=keep_games,
        jobs=jobs,
        backend=backend,
        address=address,
        journal=journal,
    )
    return found[0]


def simulate_many(
    rulesets: Sequence[Ruleset | str | os.PathLike[str] | RulesetRef],
    players: int,
    games: int,
    seed: int,
    options: Sequence[Mapping[str, object] | None] | None = None,
    progress: Progress | None = None,
    seats: Sequence[str] | None = None,
    *,
    keep_games: bool = False,
    jobs: int | None = 1,
    backend: str | None = None,
    address: str | None = None,
    journal: str | os.PathLike[str] | None = None,
) -> list[SimulationSummary]:
    """Play a batch of ``games`` games of each ruleset in one run, and summarise each.

    The batches share the workers, the progress and the journal; each batch
    is what :func:`simulate` gives for its ruleset and options.

    Args:
        rulesets: The rulesets: installed rulesets' names, folders' paths,
            rulesets, or references that say where a ruleset was loaded from
            (:meth:`RulesetRef.of <serenissima.analysis.run.games.RulesetRef.of>`).
        players: The number of seats.
        games: How many games of each ruleset (at least 1).
        seed: The seed of every batch.
        options: Each ruleset's rule options, in the order of ``rulesets``;
            ``None`` for the defaults of all.
        progress: Told ``(done, games in all)`` before the first game and after each.
        seats: Each seat's agent kind; every seat ``"random"`` when ``None``.
        keep_games: Keep every game's statistics on the summaries' ``rows``.
        jobs: Games played at once (see :func:`simulate`).
        backend: Where they run (see :func:`simulate`).
        address: A Ray cluster's address (see :func:`simulate`).
        journal: A file that keeps every finished game and resumes a run.

    Returns:
        One summary per ruleset, in order.

    Raises:
        OptionError: An unsupported player count or a bad option.
        SerenissimaError: As :func:`simulate`; every check is made before any game.

    Example:
        >>> from serenissima.analysis.simulate.batch import simulate_many
        >>> left, right = simulate_many(["classic", "modern"], 2, games=2, seed=1)
        >>> left.ruleset, right.ruleset
        ('classic', 'modern')
    """
    _check_games(games)
    if isinstance(rulesets, str | os.PathLike) or not rulesets:
        raise ArgumentValueError("expected a sequence of one or more rulesets")
    kinds = seat_kinds(seats, players)
    given = [None] * len(rulesets) if options is None else list(options)
    if len(given) != len(rulesets):
        raise ArgumentValueError(f"expected options for {len(rulesets)} rulesets, got {len(given)}")
    refs = [rules if isinstance(rules, RulesetRef) else RulesetRef.of(rules) for rules in rulesets]
    chosen = [dict(opts or {}) for opts in given]
    loaded = [ref.load() for ref in refs]
    for rules, opts in zip(loaded, chosen, strict=True):
        rules.new_game(players, opts)  # a bad option or player count fails here
    workers = Workers.choose(jobs, backend, address)
    if workers.address is not None:
        check_address(workers.address)  # before the journal is touched
    if workers.backend != "local":
        for ref in refs:
            if ref.source is None:
                raise ArgumentValueError(
                    f"ruleset {ref.id!r} was built in memory, so worker processes cannot load "
                    "it: give its installed name or its folder, or run one job"
                )
    tallies = [
        Tally(rules, players, games, seed, kinds, opts, keep_games=keep_games)
        for rules, opts in zip(loaded, chosen, strict=True)
    ]
    with contextlib.ExitStack() as stack:
        book = None
        if journal is not None:
            header = _header(refs, chosen, players, kinds, seed)
            book = stack.enter_context(Journal(journal, header, GameOutcome))
            _read_back(book, tallies)
        batches = [
            [
                GameTask(ref, players, kinds, seed, index, tuple(opts.items()))
                for index in range(games)
                if not tally.has(index)
            ]
            for ref, opts, tally in zip(refs, chosen, tallies, strict=True)
        ]
        seconds = _run(batches, workers, tallies, book, progress, stack)
    return [tally.summary(spent) for tally, spent in zip(tallies, seconds, strict=True)]


def _header(
    refs: list[RulesetRef],
    options: list[dict[str, object]],
    players: int,
    kinds: tuple[str, ...],
    seed: int,
) -> dict[str, Any]:
    """The parameters a journal is kept for: those that decide each game."""
    from serenissima import __version__

    return {
        "serenissima": __version__,
        "rulesets": [f"{ref.id} {ref.version}" for ref in refs],
        "players": players,
        "seats": list(kinds),
        "seed": seed,
        "options": {ref.id: opts for ref, opts in zip(refs, options, strict=True)},
    }


def _read_back(book: Journal[GameOutcome], tallies: list[Tally]) -> None:
    """Count the games the journal holds (those of a longer batch are left out)."""
    for (number, index), outcome in sorted(book.done.items()):
        if not 0 <= number < len(tallies) or outcome.stats.index != index:
            raise ArgumentValueError(
                f"journal {book.path}: game {index} of batch {number} is not one of this run's"
            )
        tally = tallies[number]
        if index < tally.games:
            tally.add(outcome, played=False)


def _run(
    batches: list[list[GameTask]],
    workers: Workers,
    tallies: list[Tally],
    book: Journal[GameOutcome] | None,
    progress: Progress | None,
    stack: contextlib.ExitStack,
) -> list[float]:
    """Play each batch's games in turn on one set of workers; return each batch's wall time."""
    total = sum(tally.games for tally in tallies)
    done = sum(tally.done for tally in tallies)
    if progress is not None:
        progress(done, total)
    seconds = [0.0] * len(tallies)
    most = max(len(tasks) for tasks in batches)
    if not most:
        return seconds
    if workers.jobs is not None and workers.backend != "local":
        workers = Workers(workers.backend, min(workers.jobs, most), workers.address)
    runner = stack.enter_context(Runner(workers))
    for number, tasks in enumerate(batches):
        start = time.perf_counter()
        for _, outcome in runner.map(play_task, tasks):
            if book is not None:
                book.write(number, outcome.stats.index, outcome)
            tallies[number].add(outcome)
            done += 1
            if progress is not None:
                progress(done, total)
        seconds[number] = time.perf_counter() - start if tasks else 0.0
    return seconds
