"""A ladder of agents: every pairing plays the same games, and each agent gets a rating.

:func:`run_ladder` plays, for each ruleset and player count, every pairing of
two of the agents for ``games`` games, and returns one :class:`Ladder` each:
the first agent's win share against the second in every pairing with its 95%
Wilson interval, and each agent's Bradley-Terry rating over all the pairings
with a 95% bootstrap interval (see :mod:`serenissima.analysis.ladder.fit`).

Seating:
    With ``P`` seats and the ``alternate`` seating (the default), a game of
    the pairing ``(A, B)`` seats ``A`` at the even places of a base row and
    ``B`` at the odd ones (``A B``, ``A B A``, ``A B A B``), turns the row by
    ``(i // 2) mod P`` places and, in every odd game ``i``, swaps the two
    agents (:func:`~serenissima.analysis.ladder.seating.seat_pattern`). Over
    any ``2P`` games in a row each agent holds every seat exactly ``P`` times
    and holds as many seats in all as the other; with an odd ``P`` the agent
    with the extra seat alternates from one game to the next. A game count
    that is a multiple of ``2P`` is therefore exactly balanced, and any other
    is within one block of it.

    With the ``one`` seating, one agent sits alone among the other's seats:
    ``A`` alone in the even games, ``B`` alone in the odd ones, at seat
    ``(i // 2) mod P``; over any ``2P`` games in a row each agent is alone at
    every seat exactly once. At two seats both seatings are the same games.

Paired seeds:
    Game ``i`` of every pairing draws its chance and its seats' seeds from the
    batch seed and ``i`` alone (:func:`~serenissima.analysis.run.games.game_seeds`),
    so every pairing meets the same dice and the same deals.

Scoring:
    A game gives ``A`` the share of its winners that are ``A``'s seats (a win
    shared by ``k`` seats counts ``1/k`` each) and ``B`` the rest: over a
    balanced block of games an even pairing gives each agent half, in either
    seating. Each pairing also keeps who held each seat and which seats won,
    so that it gives each agent's share of the win from each seat (fair
    ``1/P``) and, with the ``one`` seating, from its seat when alone (fair
    ``1/P``); see :class:`~serenissima.analysis.ladder.results.PairingResult`.

Running:
    The games run through :class:`~serenissima.analysis.run.runner.Runner`, in this
    process, in worker processes or on Ray, and the results are collected by
    game index, so every figure is the same for any number of jobs. With
    ``journal``, each finished game is kept in a JSON Lines file
    (:mod:`serenissima.analysis.run.journal`), one batch per ruleset, player count
    and pairing, and a run with the same arguments plays only the games it
    lacks. The journal's header names the seating; a journal whose header
    names none was written by an ``alternate`` run, and resumes one. A run
    of the ``chain`` of pairings (:func:`pairs_of`) says so in its header too.

Example:
    >>> from serenissima.analysis.ladder.run import run_ladder
    >>> (ladder,) = run_ladder(["modern"], ["random", "greedy"], players=[2], games=4, seed=1)
    >>> ladder.pairings[0].agents, ladder.pairings[0].games, ladder.ratings[0].rating
    (('random', 'greedy'), 4, 0.0)
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from serenissima.agents import check_kind_for, make_agent
from serenissima.analysis.ladder.fit import DEFAULT_PRIOR, fit_bradley_terry, rating_intervals
from serenissima.analysis.ladder.results import Ladder, PairingResult, Rating, SeatShare
from serenissima.analysis.ladder.seating import (
    PAIRINGS,
    SEATINGS,
    check_seating,
    pairs_of,
    seat_pattern,
)
from serenissima.analysis.run.games import GameTask, RulesetRef, play_task
from serenissima.analysis.run.journal import Journal
from serenissima.analysis.run.outcome import GameOutcome
from serenissima.analysis.run.ray_backend import check_address
from serenissima.analysis.run.runner import Runner, Workers
from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset


__all__ = [
    "PAIRINGS",
    "SEATINGS",
    "Ladder",
    "PairingResult",
    "Rating",
    "SeatShare",
    "check_agents",
    "check_seating",
    "pairs_of",
    "run_ladder",
    "seat_pattern",
]


def check_agents(agents: Sequence[str]) -> tuple[str, ...]:
    """Return the agent kinds of a ladder, checked: two or more, distinct, each known.

    Args:
        agents: The kinds, as :func:`~serenissima.agents.make_agent` takes them.

    Returns:
        The kinds, in order.

    Raises:
        ArgumentValueError: Text instead of a sequence, fewer than two kinds, or one twice.
        SerenissimaError: A kind :func:`~serenissima.agents.make_agent` refuses.

    Example:
        >>> from serenissima.analysis.ladder.run import check_agents
        >>> check_agents(["random", "greedy"])
        ('random', 'greedy')
    """
    if isinstance(agents, str):
        raise ArgumentValueError(f"agents must be a sequence of agent kinds, not {agents!r}")
    kinds = tuple(agents)
    if len(kinds) < 2:
        raise ArgumentValueError(f"a ladder needs at least two agents, got {len(kinds)}")
    for kind in kinds:
        make_agent(kind, 0)  # raises on a kind or budget it does not take
    twice = [kind for kind, count in _counts(kinds).items() if count > 1]
    if twice:
        raise ArgumentValueError(f"agent {twice[0]!r} is named twice")
    return kinds


def _counts(kinds: tuple[str, ...]) -> dict[str, int]:
    found: dict[str, int] = {}
    for kind in kinds:
        found[kind] = found.get(kind, 0) + 1
    return found


@attrs.frozen
class _Batch:
    """The games of one pairing of one ruleset and player count."""

    ref: RulesetRef
    players: int
    pair: tuple[int, int]
    options: tuple[tuple[str, object], ...]
    seating: str


def run_ladder(
    rulesets: Sequence[Ruleset | str | RulesetRef],
    agents: Sequence[str],
    players: Sequence[int],
    games: int,
    seed: int = 1,
    options: Sequence[Mapping[str, object] | None] | None = None,
    progress: Callable[[int, int], None] | None = None,
    *,
    jobs: int | None = 1,
    backend: str | None = None,
    address: str | None = None,
    journal: str | os.PathLike[str] | None = None,
    replicates: int = 200,
    seating: str = "alternate",
    pairings: str = "all",
) -> list[Ladder]:
    """Play every pairing of the agents, for each ruleset and player count, and rate them.

    Args:
        rulesets: The rulesets (objects, installed names, folders or references).
        agents: Two or more distinct agent kinds; the first is the anchor (rating 0).
        players: The player counts.
        games: The games of each pairing.
        seed: The batch seed.
        options: Each ruleset's rule options (``None`` for the defaults).
        progress: Told ``(games done, games in all)`` before the first game and after each.
        jobs: Games at once (``None`` for every core).
        backend: ``local``, ``processes`` or ``ray`` (see
            :class:`~serenissima.analysis.run.runner.Workers`).
        address: A Ray cluster's address.
        journal: A file that keeps every finished game and resumes a run.
        replicates: The bootstrap's resampled ladders.
        seating: How the two agents of a pairing share the seats: ``alternate``
            (each holds every seat equally often) or ``one`` (one agent alone
            among the other's seats, each in turn); see
            :func:`~serenissima.analysis.ladder.seating.seat_pattern`.
        pairings: Which pairs of agents play: ``all`` of them, or the ``chain`` of
            neighbours in the order given (the first against the second, the
            second against the third...), which is what a ladder of budgets
            needs: one step at a time, in fewer games.

    Returns:
        One ladder per ruleset and player count, rulesets first.

    Raises:
        SerenissimaError: Fewer than two agents, an unknown kind, fewer than one
            game, a player count or option a ruleset refuses, an unknown
            seating or choice of pairings, bad workers or journal; every check is
            made before any game.

    Example:
        >>> from serenissima.analysis.ladder.run import run_ladder
        >>> (ladder,) = run_ladder(["modern"], ["random", "greedy"], [2], games=2, jobs=1)
        >>> [rating.agent for rating in ladder.ratings]
        ['random', 'greedy']
    """
    kinds = check_agents(agents)
    check_seating(seating)
    pairs = pairs_of(len(kinds), pairings)
    if isinstance(games, bool) or not isinstance(games, int):
        raise ArgumentTypeError("games", "a whole number of games", games)
    if games < 1:
        raise ArgumentValueError(f"a ladder needs at least one game per pairing, not {games}")
    if isinstance(rulesets, str | os.PathLike) or not rulesets:
        raise ArgumentValueError("expected a sequence of one or more rulesets")
    counts = tuple(dict.fromkeys(players))
    if not counts:
        raise ArgumentValueError("expected one or more player counts")
    given = [None] * len(rulesets) if options is None else list(options)
    if len(given) != len(rulesets):
        raise ArgumentValueError(f"expected options for {len(rulesets)} rulesets, got {len(given)}")
    refs = [r if isinstance(r, RulesetRef) else RulesetRef.of(r) for r in rulesets]
    chosen = [dict(opts or {}) for opts in given]
    for ref, opts in zip(refs, chosen, strict=True):
        for count in counts:
            ref.load().new_game(count, opts)  # a bad option or player count fails here
            for kind in kinds:
                check_kind_for(kind, [ref.load()], count)  # a learned evaluation it lacks
    workers = Workers.choose(jobs, backend, address)
    if workers.address is not None:
        check_address(workers.address)
    if workers.backend != "local" and any(ref.source is None for ref in refs):
        raise ArgumentValueError(
            "a ruleset built in memory cannot be loaded by worker processes: give its "
            "installed name or its folder, or run one job"
        )
    batches = [
        _Batch(ref, count, pair, tuple(opts.items()), seating)
        for ref, opts in zip(refs, chosen, strict=True)
        for count in counts
        for pair in pairs
    ]
    outcomes: dict[tuple[int, int], GameOutcome] = {}
    with contextlib.ExitStack() as stack:
        book = None
        if journal is not None:
            header = _header(refs, chosen, counts, kinds, seed, seating)
            if pairings != "all":
                header["pairings"] = pairings
            if seating == "alternate" and _names_no_seating(journal):
                del header["seating"]
            book = stack.enter_context(Journal(journal, header, GameOutcome))
            outcomes.update((key, o) for key, o in book.done.items() if key[1] < games)
        todo = [
            (number, index)
            for number in range(len(batches))
            for index in range(games)
            if (number, index) not in outcomes
        ]
        tasks = [_task(batches[n], kinds, seed, i) for n, i in todo]
        total, done = len(batches) * games, len(outcomes)
        if progress is not None:
            progress(done, total)
        if tasks:
            if workers.jobs is not None and workers.backend != "local":
                workers = Workers(workers.backend, min(workers.jobs, len(tasks)), workers.address)
            runner = stack.enter_context(Runner(workers))
            for position, outcome in runner.map(play_task, tasks):
                outcomes[todo[position]] = outcome
                if book is not None:
                    book.write(*todo[position], outcome)
                done += 1
                if progress is not None:
                    progress(done, total)
    return _ladders(batches, kinds, counts, refs, outcomes, games, seed, replicates)


def _task(batch: _Batch, kinds: tuple[str, ...], seed: int, index: int) -> GameTask:
    pattern = seat_pattern(batch.players, index, seating=batch.seating)
    seats = tuple(kinds[batch.pair[side]] for side in pattern)
    return GameTask(batch.ref, batch.players, seats, seed, index, batch.options)


def _share(outcome: GameOutcome, pattern: tuple[int, ...]) -> float:
    """The first agent's share of a game's win (shared wins count ``1/k``)."""
    winners = outcome.stats.winners
    if not winners:
        return 0.5
    return sum(1 for seat in winners if pattern[seat] == 0) / len(winners)


def _header(
    refs: list[RulesetRef],
    options: list[dict[str, object]],
    counts: tuple[int, ...],
    kinds: tuple[str, ...],
    seed: int,
    seating: str,
) -> dict[str, Any]:
    """The parameters a ladder's journal is kept for: those that decide each game."""
    from serenissima import __version__

    return {
        "run": "ladder",
        "serenissima": __version__,
        "rulesets": [f"{ref.id} {ref.version}" for ref in refs],
        "players": list(counts),
        "agents": list(kinds),
        "seed": seed,
        "seating": seating,
        "options": {ref.id: opts for ref, opts in zip(refs, options, strict=True)},
    }


def _names_no_seating(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a journal whose header names no seating: an ``alternate`` run's.

    Journals written before the header named the seating lack the key; any
    other file is left for the journal to check.
    """
    with contextlib.suppress(OSError, ValueError):
        with Path(path).open("rb") as file:
            found = json.loads(file.readline())
        return isinstance(found, dict) and found.get("run") == "ladder" and "seating" not in found
    return False


def _ladders(
    batches: list[_Batch],
    kinds: tuple[str, ...],
    counts: tuple[int, ...],
    refs: list[RulesetRef],
    outcomes: Mapping[tuple[int, int], GameOutcome],
    games: int,
    seed: int,
    replicates: int,
) -> list[Ladder]:
    ladders = []
    size = len(batches) // (len(refs) * len(counts))
    for first in range(0, len(batches), size):
        group = batches[first : first + size]
        ref, count, seating = group[0].ref, group[0].players, group[0].seating
        seats = tuple(seat_pattern(count, i, seating=seating) for i in range(games))
        results = {}
        for k, batch in enumerate(group):
            played = [outcomes[(first + k, i)] for i in range(games)]
            shares = tuple(_share(o, pattern) for o, pattern in zip(played, seats, strict=True))
            winners = tuple(tuple(o.stats.winners) for o in played)
            a, b = batch.pair
            results[batch.pair] = PairingResult((kinds[a], kinds[b]), shares, seats, winners)
        wins = {pair: (r.wins, games) for pair, r in results.items()}
        fit = fit_bradley_terry(len(kinds), wins, prior=DEFAULT_PRIOR)
        shares_of = {pair: r.shares for pair, r in results.items()}
        spread = rating_intervals(len(kinds), shares_of, replicates=replicates, seed=seed)
        ladders.append(
            Ladder(
                ref.id,
                ref.version,
                count,
                seed,
                kinds,
                tuple(results.values()),
                tuple(Rating(k, r, i) for k, r, i in zip(kinds, fit, spread, strict=True)),
                replicates,
                seating,
            )
        )
    return ladders
