"""How a game plays, game by game: the trace of one game that the quality measures read.

:func:`trace_game` plays one game of a batch and returns a :class:`GameTrace`,
a small picklable record of what the game-quality measures need (see
:mod:`serenissima.analysis.quality.metrics`): who won, who led along the way,
how far behind the winner was, and how many legal actions each decision
offered. :func:`play_traces` plays a list of :class:`QualityJob` through any
``map``-like callable, so a pool of worker processes can run the games: a job
and a trace are plain values, and :func:`trace_game` is a top-level function.

Paired seeds:
    Game ``index`` of a job uses :func:`~serenissima.analysis.simulate.batch.game_seeds`
    of the job's batch seed, exactly as :func:`~serenissima.analysis.simulate.batch.simulate`
    does, and plays through :func:`~serenissima.agents.play_game`: it *is*
    ``simulate``'s game ``index`` with the same agent kinds, and two editions
    traced with one seed meet the same chance stream.

Scores along the way:
    The leader mid-game is judged by ``rules.evaluate``, the edition's
    estimate of each seat's *final* score, not by ``rules.standings``: modern
    standings count the ducats in hand, which seats spend as they go and the
    three scorings refill, so mid-game they say little (at half time they are
    often all zero). The estimate is in the units of the final score and
    equals it at the end, in both editions; each seat's reads only what that
    seat may know.

Checkpoints:
    Decisiveness reads the estimates at 50% and 75% of the game's decisions
    (the state before decision ``floor(f * decisions)``, counted from 0). Lead
    changes and the winner's worst deficit read them at the first decision of
    every turn (a modern game turn, a classic round) from turn 1, then the
    final scores: the swings of an estimate inside a turn (a galley half-way
    through its actions) are not lead changes.

Example:
    >>> from serenissima.analysis.quality.trace import QualityJob, trace_game
    >>> trace = trace_game(QualityJob("modern", 2, seed=1, index=0, seats=("random", "greedy")))
    >>> trace.players, trace.decisions == sum(trace.seat_decisions)
    (2, True)
"""

from __future__ import annotations

import builtins
import math
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Final

import attrs

from serenissima.agents import make_agent, play_game
from serenissima.analysis.quality.series import lead_changes, leaders, worst_deficits
from serenissima.analysis.run.games import game_seeds
from serenissima.analysis.run.runner import Progress
from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError

if TYPE_CHECKING:
    from serenissima.agents import Agent
    from serenissima.engine.core import Action, State
    from serenissima.engine.ruleset import Ruleset

__all__ = [
    "CHECKPOINTS",
    "GameTrace",
    "KindTally",
    "Mapper",
    "QualityJob",
    "first_player",
    "play_traces",
    "trace_game",
]

CHECKPOINTS: Final[tuple[float, float]] = (0.5, 0.75)
"""The shares of a game's decisions at which its leader is noted (decisiveness)."""


@attrs.frozen(slots=True)
class QualityJob:
    """One game to trace, as plain values a worker process can receive.

    Attributes:
        ruleset: An installed ruleset's name, or the path of a ruleset folder.
        players: The number of seats.
        seed: The batch seed.
        index: The game's index in the batch, from 0.
        seats: Each seat's agent kind, as :func:`~serenissima.agents.make_agent` reads it.
        options: Rule options as ``(name, value)`` pairs.

    Example:
        >>> job = QualityJob("classic", 3, seed=7, index=2, seats=("greedy",) * 3)
        >>> job.seats[0], job.options
        ('greedy', ())
    """

    ruleset: str
    players: int
    seed: int
    index: int
    seats: tuple[str, ...]
    options: tuple[tuple[str, object], ...] = ()


@attrs.frozen(slots=True)
class KindTally:
    """The decisions of one kind in one game.

    Attributes:
        kind: The decision kind (``rules.decision(state).kind``).
        decisions: How many decisions of that kind the seats made.
        actions: The legal actions they were offered, added up.
        choices: How many of them offered more than one legal action.

    Example:
        >>> KindTally("loading", decisions=4, actions=10, choices=3).branching
        2.5
    """

    kind: str
    decisions: int
    actions: int
    choices: int

    @property
    def branching(self) -> float:
        """The mean number of legal actions per decision of this kind."""
        return self.actions / self.decisions


@attrs.frozen(slots=True)
class GameTrace:
    """What one game leaves for the quality measures: a few hundred bytes.

    Attributes:
        ruleset: The ruleset's id.
        index: The game's index in its batch.
        seed: The game's own seed (``game_seeds(...).game``).
        seats: Each seat's agent kind.
        names: Each seat's nation where the edition gives seats one, else ``()``.
        first: The first player's seat (see :func:`first_player`), or -1.
        decisions: The decisions the seats made.
        seat_decisions: The decisions each seat made.
        chance: The chance nodes resolved.
        turns: The turn (modern) or round (classic) the game ended in.
        scores: Each seat's final score.
        winners: The seats ranked first.
        kinds: The decisions by kind, in the order the kinds first came up.
        leaders: The seats leading at each share of :data:`CHECKPOINTS`.
        lead_changes: How many times the lead passed to another seat (see
            :func:`~serenissima.analysis.quality.series.lead_changes`).
        deficits: Each seat's worst deficit (see
            :func:`~serenissima.analysis.quality.series.worst_deficits`).

    Example:
        >>> from serenissima.analysis.quality.trace import QualityJob, trace_game
        >>> trace = trace_game(QualityJob("classic", 4, seed=1, index=0, seats=("random",) * 4))
        >>> trace.names
        ('venice', 'genoa', 'spain', 'turkey')
        >>> sum(trace.credit(seat) for seat in range(4))
        1.0
    """

    ruleset: str
    index: int
    seed: int
    seats: tuple[str, ...]
    names: tuple[str, ...]
    first: int
    decisions: int
    seat_decisions: tuple[int, ...]
    chance: int
    turns: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    kinds: tuple[KindTally, ...]
    leaders: tuple[tuple[int, ...], ...]
    lead_changes: int
    deficits: tuple[float, ...]

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.seats)

    def credit(self, seat: int) -> float:
        """Return the seat's share of the win: 1, ``1/k`` of a win shared by ``k``, or 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


Mapper = Callable[[Callable[[QualityJob], GameTrace], Iterable[QualityJob]], Iterable[GameTrace]]
"""A ``map``-like callable: applies :func:`trace_game` to each job and yields the traces in order.

The built-in ``map`` plays them one after the other; a pool's ``imap`` (or any
runner with the same shape) plays them in worker processes.
"""


# --- one game ---------------------------------------------------------------------------------


class _Log:
    """What the watched agents saw: each decision's state, kind and number of legal actions."""

    __slots__ = ("kinds", "offered", "states")

    def __init__(self) -> None:
        self.states: list[State] = []
        self.kinds: list[str] = []
        self.offered: list[int] = []

    def tallies(self) -> tuple[KindTally, ...]:
        counts: dict[str, list[int]] = {}
        for kind, offered in zip(self.kinds, self.offered, strict=True):
            tally = counts.setdefault(kind, [0, 0, 0])
            tally[0] += 1
            tally[1] += offered
            tally[2] += offered > 1
        return tuple(KindTally(kind, *tally) for kind, tally in counts.items())


class _Watched:
    """An agent that notes each decision in the log, then lets the real agent decide.

    It asks for the legal actions first: the ruleset keeps the last answer, so
    the real agent's own call costs nothing more.
    """

    __slots__ = ("agent", "log")

    def __init__(self, agent: Agent, log: _Log) -> None:
        self.agent = agent
        self.log = log

    def act(self, rules: Ruleset, state: State) -> Action:
        self.log.states.append(state)
        self.log.offered.append(len(rules.legal_actions(state)))
        self.log.kinds.append(rules.decision(state).kind)
        return self.agent.act(rules, state)


def first_player(state: State) -> int | None:
    """Return the first player where the state shows one, else ``None``.

    The modern edition draws a first player (``first_player``); the classic
    edition has none, so its first player is the seat first in the turn order
    of the first round (``order``, set by the round's secret bids).

    Args:
        state: A state of any edition.

    Returns:
        The seat, or ``None`` while (or when) the state names none.

    Example:
        >>> import serenissima as ser
        >>> state = ser.load_ruleset("modern").new_game(4)
        >>> first_player(state) is None
        True
    """
    first = getattr(state, "first_player", None)
    if isinstance(first, int) and first >= 0:
        return first
    order = getattr(state, "order", None)
    if isinstance(order, tuple) and order and isinstance(order[0], int):
        return order[0]
    return None


def _seat_names(state: State) -> tuple[str, ...]:
    nations = getattr(state, "nations", None)
    if isinstance(nations, tuple) and len(nations) == state.players:
        return tuple(str(n) for n in nations)
    return ()


def _estimates(rules: Ruleset, state: State) -> tuple[float, ...]:
    return tuple(rules.evaluate(state, seat) for seat in range(state.players))


def trace_game(job: QualityJob) -> GameTrace:
    """Play one game of a batch and note what the quality measures need.

    The game is :func:`~serenissima.analysis.simulate.batch.simulate`'s game
    ``job.index`` (see "Paired seeds" above); each agent is wrapped so that
    the states it decides in are kept, and read once the game is over.

    Args:
        job: The game: ruleset, seats, batch seed, index, options.

    Returns:
        The game's trace.

    Raises:
        SerenissimaError: An unknown ruleset or agent kind, a bad option or
            player count, or a game that did not finish.

    Example:
        >>> from serenissima.analysis.quality.trace import QualityJob, trace_game
        >>> from serenissima.analysis.simulate.batch import simulate
        >>> import serenissima as ser
        >>> trace = trace_game(QualityJob("classic", 3, seed=4, index=1, seats=("random",) * 3))
        >>> row = simulate(ser.load_ruleset("classic"), 3, 2, seed=4, keep_games=True).rows[1]
        >>> (trace.decisions, trace.scores) == (row.decisions, row.scores)
        True
    """
    from serenissima.engine.registry import load_ruleset  # late: a stand-in may replace it

    if not isinstance(job, QualityJob):
        raise ArgumentTypeError("job", "a QualityJob", job)
    rules = load_ruleset(job.ruleset)
    seeds = game_seeds(job.seed, job.index, job.players)
    log = _Log()
    agents = [
        _Watched(make_agent(kind, seed), log)
        for kind, seed in zip(job.seats, seeds.seats, strict=True)
    ]
    result = play_game(rules, job.players, agents, seeds.chance, dict(job.options))
    states = log.states
    scores = [0] * job.players
    for entry in result.standings.entries:
        scores[entry.seat] = entry.score
    points = [_estimates(rules, s) for s in _turn_starts(states)]
    points.append(tuple(float(s) for s in scores))
    first = next((seat for seat in map(first_player, states) if seat is not None), -1)
    return GameTrace(
        ruleset=rules.id,
        index=job.index,
        seed=seeds.game,
        seats=job.seats,
        names=_seat_names(result.state),
        first=first,
        decisions=result.decisions,
        seat_decisions=tuple(sum(s.to_act == seat for s in states) for seat in range(job.players)),
        chance=result.chance,
        turns=result.turns,
        scores=tuple(scores),
        winners=result.standings.winners,
        kinds=log.tallies(),
        leaders=tuple(_leaders_at(rules, states, share, scores) for share in CHECKPOINTS),
        lead_changes=lead_changes(points),
        deficits=worst_deficits(points),
    )


def _turn_starts(states: Sequence[State]) -> list[State]:
    """The first decision state of every turn from turn 1."""
    starts, turn = [], 0
    for state in states:
        if state.turn > turn:
            starts.append(state)
            turn = state.turn
    return starts


def _leaders_at(
    rules: Ruleset, states: Sequence[State], share: float, scores: Sequence[int]
) -> tuple[int, ...]:
    if not states:
        return leaders(scores)
    state = states[min(len(states) - 1, math.floor(share * len(states)))]
    return leaders(_estimates(rules, state))


def play_traces(
    jobs: Sequence[QualityJob],
    mapper: Mapper | None = None,
    progress: Progress | None = None,
) -> list[GameTrace]:
    """Trace every job's game, through ``mapper`` (the built-in ``map`` by default).

    Args:
        jobs: The games to play.
        mapper: A ``map``-like callable (see :data:`Mapper`), such as a
            process pool's ``imap``, that applies :func:`trace_game` to each job.
        progress: Called with ``(games done, games in all)`` after each trace.

    Returns:
        The traces, in the order of the jobs.

    Raises:
        SerenissimaError: As :func:`trace_game`, or a mapper that returns more
            or fewer traces than there are jobs.

    Example:
        >>> from serenissima.analysis.quality.trace import QualityJob, play_traces
        >>> seats = ("random", "random")
        >>> jobs = [QualityJob("modern", 2, seed=3, index=i, seats=seats) for i in range(3)]
        >>> [trace.index for trace in play_traces(jobs)]
        [0, 1, 2]
    """
    run = builtins.map if mapper is None else mapper
    traces: list[GameTrace] = []
    for trace in run(trace_game, jobs):
        traces.append(trace)
        if progress is not None:
            progress(len(traces), len(jobs))
    if len(traces) != len(jobs):
        raise ArgumentValueError(f"the runner returned {len(traces)} traces for {len(jobs)} games")
    return traces
