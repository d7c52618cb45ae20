"""Play two editions' games for a quality comparison, after checking everything first.

:func:`check_quality` checks the rulesets, the agent kinds, the player count
and the options without playing, so that a command can refuse bad input at
once; :func:`run_quality` plays both editions' batches (and their skill
batches) through any ``map``-like runner (see
:func:`~serenissima.analysis.quality.trace.play_traces`) and compares them with
:func:`~serenissima.analysis.quality.compare.compare_quality`, adding the
notes of :mod:`~serenissima.analysis.quality.notes`.

Example:
    >>> from serenissima.analysis.quality.run import run_quality
    >>> result = run_quality("classic", "modern", players=2, games=4, seed=1, replicates=50)
    >>> result.games, result.versus
    (4, None)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from serenissima.agents import check_kind_for, make_agent
from serenissima.analysis.quality.compare import EditionSide, QualityComparison, compare_quality
from serenissima.analysis.quality.notes import agent_note, board_note, reach_note
from serenissima.analysis.quality.trace import GameTrace, Mapper, QualityJob, play_traces
from serenissima.analysis.run.journal import Journal
from serenissima.analysis.run.runner import Progress
from serenissima.analysis.stats.bootstrap import DEFAULT_REPLICATES
from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__ = ["check_quality", "run_quality"]


def _check_kind(kind: object, what: str) -> str:
    if not isinstance(kind, str):
        raise ArgumentTypeError(what, "an agent kind, a str", kind)
    make_agent(kind, 0)  # raises on a kind no agent answers to
    return kind


def check_quality(
    left: str,
    right: str,
    players: int,
    games: int,
    agents: str,
    versus: str | None = None,
    options: tuple[Mapping[str, object], Mapping[str, object]] | None = None,
) -> tuple[Ruleset, Ruleset]:
    """Check what :func:`run_quality` is given, without playing: call it before any slow step.

    Args:
        left: The left ruleset's name or folder.
        right: The right ruleset's name or folder.
        players: The number of seats.
        games: The games of each batch.
        agents: The agent kind of every seat.
        versus: The weaker kind of the skill batch, if any.
        options: The rule options of each side.

    Returns:
        The two rulesets.

    Raises:
        SerenissimaError: An unknown ruleset or agent kind, a player count or
            option a ruleset refuses, or fewer than one game.

    Example:
        >>> from serenissima.analysis.quality.run import check_quality
        >>> [rules.id for rules in check_quality("classic", "modern", 4, 10, "greedy")]
        ['classic', 'modern']
    """
    from serenissima.engine.registry import load_ruleset

    _check_kind(agents, "agents")
    if versus is not None:
        _check_kind(versus, "versus")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ArgumentValueError(f"a comparison needs at least one game, not {games!r}")
    rulesets = (load_ruleset(left), load_ruleset(right))
    for rules, opts in zip(rulesets, options or ({}, {}), strict=True):
        rules.new_game(players, opts)  # the player count and the options
    for kind in (agents,) if versus is None else (agents, versus):
        check_kind_for(kind, rulesets, players)  # a learned evaluation a ruleset lacks
    return rulesets


def run_quality(
    left: str,
    right: str,
    *,
    players: int,
    games: int,
    seed: int,
    agents: str = "random",
    versus: str | None = None,
    options: tuple[Mapping[str, object], Mapping[str, object]] | None = None,
    replicates: int = DEFAULT_REPLICATES,
    mapper: Mapper | None = None,
    progress: Progress | None = None,
    journal: str | os.PathLike[str] | None = None,
) -> QualityComparison:
    """Play both editions' games and compare their quality.

    Each edition plays ``games`` games with ``agents`` at every seat; with
    ``versus`` (another kind) it also plays a skill batch of as many games,
    game ``i`` seating ``agents`` at seat ``i % players`` and ``versus``
    elsewhere. Every game ``i`` uses the paired seeds of the batch seed.

    Args:
        left: The left ruleset's name or folder.
        right: The right ruleset's name or folder.
        players: The number of seats.
        games: The games of each batch (at least 1).
        seed: The batch seed (the bootstrap's too).
        agents: The agent kind of every seat (any kind ``make_agent`` knows).
        versus: The weaker kind of the skill batch; ``None``, or the same kind
            as ``agents``, plays no skill batch.
        options: The rule options of each side.
        replicates: The bootstrap's resampled batches.
        mapper: A ``map``-like runner for the games (see
            :func:`~serenissima.analysis.quality.trace.play_traces`).
        progress: Called with ``(games done, games in all)``: once before the
            first game (with the games a journal holds, or 0), then after each.
        journal: A JSON Lines file that keeps each game's trace as it is played
            (see :mod:`~serenissima.analysis.run.journal`): run again with the
            same arguments, only the games it lacks are played. A journal
            holds one comparison's games (the same rulesets and versions,
            seats, agents, seed and options); it may be given more games.

    Returns:
        The comparison, with its notes.

    Raises:
        SerenissimaError: An unknown ruleset or agent kind, a bad player count
            or option, or fewer than one game; all checked before a game is played.
            A journal that cannot be written or belongs to another run.

    Example:
        >>> from serenissima.analysis.quality.run import run_quality
        >>> result = run_quality(
        ...     "classic", "modern", players=4, games=2, seed=1, versus="greedy", replicates=20
        ... )
        >>> result["skill"].left is not None, len(result.notes) > 2
        (True, True)
    """
    rulesets = check_quality(left, right, players, games, agents, versus, options)
    if versus == agents:
        versus = None
    given = options or ({}, {})
    batches: list[list[QualityJob]] = []
    for name, opts in zip((left, right), given, strict=True):
        pairs = tuple(opts.items())
        batches.append(
            [QualityJob(name, players, seed, i, (agents,) * players, pairs) for i in range(games)]
        )
    if versus is not None:
        for name, opts in zip((left, right), given, strict=True):
            pairs = tuple(opts.items())
            batches.append(
                [
                    QualityJob(name, players, seed, i, _rotated(agents, versus, i, players), pairs)
                    for i in range(games)
                ]
            )
    header = _header(rulesets, players, seed, agents, versus, given)
    traces = _play(batches, mapper, progress, journal, header)
    split = [traces[k * games : (k + 1) * games] for k in range(len(batches))]
    rows = compare_quality(
        split[0],
        split[1],
        left_skill=split[2] if versus else None,
        right_skill=split[3] if versus else None,
        strong=agents if versus else None,
        replicates=replicates,
        seed=seed,
    )
    notes = [note for rules in rulesets for note in (board_note(rules), reach_note(rules)) if note]
    notes.append(agent_note(agents, versus))
    sides = tuple(
        EditionSide.of(rules, batch[0].names, opts)
        for rules, batch, opts in zip(rulesets, split[:2], given, strict=True)
    )
    return QualityComparison(
        sides[0], sides[1], players, games, seed, agents, versus, replicates, rows, tuple(notes)
    )


def _header(
    rulesets: tuple[Ruleset, Ruleset],
    players: int,
    seed: int,
    agents: str,
    versus: str | None,
    options: tuple[Mapping[str, object], Mapping[str, object]],
) -> dict[str, Any]:
    """The parameters a comparison's journal is kept for: those that decide each game."""
    from serenissima import __version__

    return {
        "run": "quality",
        "serenissima": __version__,
        "rulesets": [f"{rules.id} {rules.info.version}" for rules in rulesets],
        "players": players,
        "seed": seed,
        "agents": agents,
        "versus": versus,
        "options": [dict(opts) for opts in options],
    }


def _play(
    batches: list[list[QualityJob]],
    mapper: Mapper | None,
    progress: Progress | None,
    journal: str | os.PathLike[str] | None,
    header: dict[str, Any],
) -> list[GameTrace]:
    """Every batch's traces in order: those the journal holds, the others played and kept."""
    jobs = [job for batch in batches for job in batch]
    if journal is None:
        if progress is not None:
            progress(0, len(jobs))  # before the first game, as with a journal
        return play_traces(jobs, mapper, progress)
    games = len(batches[0])
    with Journal(journal, header, GameTrace) as book:
        held = {key: trace for key, trace in book.done.items() if key[1] < games}
        keys = [divmod(n, games) for n in range(len(jobs))]
        todo = [n for n, key in enumerate(keys) if key not in held]
        total, before = len(jobs), len(held)
        if progress is not None:
            progress(before, total)
        run: Mapper = map if mapper is None else mapper

        def kept(
            function: Callable[[QualityJob], GameTrace], work: Iterable[QualityJob]
        ) -> Iterator[GameTrace]:
            for n, trace in zip(todo, run(function, work), strict=False):
                book.write(*keys[n], trace)
                yield trace

        step = None if progress is None else lambda done, _: progress(before + done, total)
        played = play_traces([jobs[n] for n in todo], kept, step) if todo else []
    found = dict(held)
    found.update((keys[n], trace) for n, trace in zip(todo, played, strict=True))
    return [found[key] for key in keys]


def _rotated(strong: str, weak: str, index: int, players: int) -> tuple[str, ...]:
    return tuple(strong if seat == index % players else weak for seat in range(players))
