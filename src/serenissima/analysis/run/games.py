"""One game of a batch as a task a worker can run: its seeds, its ruleset, its outcome.

Game ``i`` of a batch is a pure function of the batch's parameters and ``i``:
:func:`game_seeds` derives every seed it uses from the batch seed and ``i``
alone, and :func:`play_task` plays it from a :class:`GameTask`, a small
picklable value that names its ruleset by a :class:`RulesetRef` (the name of
an installed ruleset, or the path of a ruleset folder) rather than carrying
it. Any process that has serenissima installed can therefore play any game
of a batch, in any order, and find what one process playing them all in
turn would find: this is what lets :mod:`serenissima.analysis.simulate.batch` run
its games on every core, or on a Ray cluster, and resume a batch half done.

Example:
    >>> from serenissima.analysis.run.games import GameTask, RulesetRef, play_task
    >>> ref = RulesetRef.of("modern")
    >>> task = GameTask(ref, players=2, seats=("random", "random"), seed=1, index=0)
    >>> outcome = play_task(task)
    >>> outcome.stats.index, len(outcome.stats.scores)
    (0, 2)
    >>> play_task(task) == outcome
    True
"""

from __future__ import annotations

import functools
import hashlib
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import attrs

from serenissima.agents import make_agent, play_game
from serenissima.analysis.run.outcome import GameOutcome, GameStats
from serenissima.engine.errors import ArgumentValueError, RulesetError

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__ = [
    "DEFAULT_AGENT",
    "GameSeeds",
    "GameTask",
    "RulesetRef",
    "game_seeds",
    "play_one",
    "play_task",
    "seat_kinds",
]

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
        >>> from serenissima.analysis.run.games import game_seeds
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
    see "Paired seeds" in :mod:`serenissima.analysis.simulate.batch`. Replaying a
    game of a batch takes its seeds, its agents' kinds and its options.

    Args:
        seed: The batch seed.
        index: The game's index in the batch, from 0.
        players: The number of seats.

    Returns:
        The seeds.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.agents import make_agent, play_game
        >>> from serenissima.analysis.simulate.batch import game_seeds, simulate
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


# --- the ruleset, by name ----------------------------------------------------------------------


def _kernel_version() -> str:
    from serenissima import __version__

    return __version__


@functools.cache
def _load(source: str) -> Ruleset:
    """A ruleset by installed name or folder path, loaded once per process."""
    from serenissima.engine.registry import load_ruleset

    return load_ruleset(source)


@attrs.frozen(getstate_setstate=False)
class RulesetRef:
    """A ruleset as a worker finds it: an installed name or a folder path, and what to expect.

    Pickled, a reference keeps only its fields, never the ruleset; a worker
    loads the ruleset once (:meth:`load`) and checks that it has the id and
    version, and the worker the serenissima version, that the run was started with.

    Attributes:
        source: The installed ruleset's name or the folder's absolute path;
            ``None`` for a ruleset built in memory, which only this process can play.
        id: The ruleset's id.
        version: The ruleset's version.
        kernel: The version of serenissima.
        rules: The ruleset itself, in the process that made the reference.

    Example:
        >>> from serenissima.analysis.run.games import RulesetRef
        >>> ref = RulesetRef.of("classic")
        >>> ref.source, ref.id, ref.load() is ref.rules
        ('classic', 'classic', True)
    """

    source: str | None
    id: str
    version: str
    kernel: str
    rules: Ruleset | None = attrs.field(default=None, eq=False, repr=False)

    def __reduce__(self) -> tuple[Any, ...]:
        return (RulesetRef, (self.source, self.id, self.version, self.kernel))

    @classmethod
    def of(
        cls, rules: Ruleset | str | os.PathLike[str], source: str | os.PathLike[str] | None = None
    ) -> RulesetRef:
        """Return the reference of a ruleset, or of an installed name or a folder.

        A ruleset object given without its ``source`` is found by name when it
        is the installed ruleset of its id; otherwise (a ruleset built in
        memory) it has no source.

        Args:
            rules: A ruleset, an installed ruleset's name, or a folder's path.
            source: The name or folder ``rules`` was loaded from, when it is a ruleset.

        Returns:
            The reference, holding the loaded ruleset.

        Raises:
            RulesetError: An unknown name, or a folder that is no ruleset.
        """
        from serenissima.engine.registry import available_rulesets, load_ruleset

        if isinstance(rules, str | os.PathLike):
            loaded, source = load_ruleset(rules), rules
        else:
            loaded = rules
        if source is None:
            installed = loaded.id in available_rulesets() and load_ruleset(loaded.id) is loaded
            name = loaded.id if installed else None
        elif isinstance(source, str) and source in available_rulesets():
            name = source
        else:
            name = str(Path(source).resolve())
        return cls(name, loaded.id, loaded.info.version, _kernel_version(), loaded)

    def load(self) -> Ruleset:
        """Return the ruleset: this process's own, or loaded from its source once per process.

        Raises:
            RulesetError: The source gives another ruleset or version, this
                serenissima is of another version, or there is no source.
        """
        if self.rules is not None:
            return self.rules
        if self.source is None:
            raise RulesetError(
                "", "", f"ruleset {self.id!r} was built in memory; only its own process has it"
            )
        if _kernel_version() != self.kernel:
            raise RulesetError(
                "",
                "",
                f"this worker has serenissima {_kernel_version()}, the run {self.kernel}: "
                "install the same version everywhere",
            )
        rules = _load(self.source)
        if (rules.id, rules.info.version) != (self.id, self.version):
            raise RulesetError(
                "",
                "",
                f"{self.source!r} gives ruleset {rules.id!r} version {rules.info.version} "
                f"in this worker, the run {self.id!r} version {self.version}",
            )
        return rules


# --- one game ----------------------------------------------------------------------------------


def seat_kinds(seats: Sequence[str] | None, players: int) -> tuple[str, ...]:
    """Return each seat's agent kind, checked: one known kind per seat.

    Args:
        seats: The kinds, or ``None`` for :data:`DEFAULT_AGENT` at every seat.
        players: The number of seats.

    Returns:
        The kinds, one per seat.

    Raises:
        ArgumentValueError: Text instead of a sequence, or not one kind per seat.
        SerenissimaError: An unknown kind (see :func:`~serenissima.agents.make_agent`).

    Example:
        >>> from serenissima.analysis.run.games import seat_kinds
        >>> seat_kinds(None, 2)
        ('random', 'random')
    """
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


@attrs.frozen
class GameTask:
    """Game ``index`` of a batch, as a worker plays it (see :func:`play_task`).

    Attributes:
        ruleset: The ruleset.
        players: The number of seats.
        seats: Each seat's agent kind.
        seed: The batch seed.
        index: The game's index in the batch, from 0.
        options: The rule options, as ``(name, value)`` pairs.

    Example:
        >>> from serenissima.analysis.run.games import GameTask, RulesetRef
        >>> task = GameTask(RulesetRef.of("modern"), 4, ("random",) * 4, seed=1, index=7)
        >>> task.index, task.options
        (7, ())
    """

    ruleset: RulesetRef
    players: int
    seats: tuple[str, ...]
    seed: int
    index: int
    options: tuple[tuple[str, object], ...] = ()


def play_task(task: GameTask) -> GameOutcome:
    """Play one game of a batch; the same outcome in any process, in any order.

    Args:
        task: The game.

    Returns:
        Its outcome.

    Raises:
        SerenissimaError: A bad option or player count, or a game that did not finish.

    Example:
        >>> import pickle
        >>> from serenissima.analysis.run.games import GameTask, RulesetRef, play_task
        >>> task = GameTask(RulesetRef.of("classic"), 3, ("random",) * 3, seed=2, index=4)
        >>> sent = pickle.loads(pickle.dumps(task))  # as a worker receives it
        >>> sent.ruleset.rules is None, play_task(sent) == play_task(task)
        (True, True)
    """
    rules = task.ruleset.load()
    return play_one(rules, task.players, task.seats, task.seed, task.index, dict(task.options))


def play_one(
    rules: Ruleset,
    players: int,
    kinds: tuple[str, ...],
    seed: int,
    index: int,
    options: Mapping[str, object] | None,
) -> GameOutcome:
    """Play game ``index`` of a batch with a loaded ruleset (see :func:`play_task`).

    Example:
        >>> import serenissima as ser
        >>> from serenissima.analysis.run.games import play_one
        >>> rules = ser.load_ruleset("modern")
        >>> play_one(rules, 2, ("random", "random"), seed=1, index=0, options=None).stats.index
        0
    """
    seeds = game_seeds(seed, index, players)
    agents = [make_agent(kind, s) for kind, s in zip(kinds, seeds.seats, strict=True)]
    result = play_game(rules, players, agents, seeds.chance, options)
    scores = [0] * players
    parts: dict[str, list[int]] = {}
    for entry in result.standings.entries:
        scores[entry.seat] = entry.score
        for name, value in entry.breakdown:
            parts.setdefault(name, [0] * players)[entry.seat] += value
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
    by_part = tuple((name, tuple(values)) for name, values in parts.items())
    return GameOutcome(stats, by_part, _seat_names(result.state, players))


def _seat_names(state: object, players: int) -> tuple[str, ...]:
    """The seats' nations, when the edition's state names them (the classic one does)."""
    nations = getattr(state, "nations", None)
    if isinstance(nations, tuple) and len(nations) == players:
        return tuple(str(n) for n in nations)
    return ()
