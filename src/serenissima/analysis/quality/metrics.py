"""The game-quality measures: what each one means, and how it is computed from game traces.

The measures follow the game-design literature's evaluation of games (the
kind of figures the Ludii system computes for its games): balance,
decisiveness, lead changes, drama, duration, branching factor, decision share,
skill gradient, shared wins and score spread. :data:`METRICS` defines each;
:func:`columns` turns a batch of :class:`~serenissima.analysis.quality.trace.GameTrace`
into one column per measure, and :func:`statistic` into the bootstrap
statistic of :mod:`serenissima.analysis.stats.bootstrap`.

Every measure is a ratio of two sums over the games (a mean is a ratio to
the number of games), so a resampled batch gives it again by weighing each
game; the seat gap alone is derived from the seats' shares. A win shared by
``k`` seats counts ``1/k`` for each of them.

Example:
    >>> from serenissima.analysis.quality.trace import QualityJob, trace_game
    >>> from serenissima.analysis.quality.metrics import statistic
    >>> traces = [trace_game(QualityJob("modern", 2, 1, i, ("random",) * 2)) for i in range(4)]
    >>> figures = statistic(traces)([1, 1, 1, 1])
    >>> figures["seat:0"] + figures["seat:1"]
    1.0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

import attrs

from serenissima.analysis.quality.trace import GameTrace
from serenissima.analysis.stats.bootstrap import Statistic, weighted_ratio
from serenissima.engine.errors import ArgumentValueError

__all__ = [
    "GROUPS",
    "METRICS",
    "Column",
    "MetricSpec",
    "columns",
    "metric_spec",
    "statistic",
]

GROUPS: Final[tuple[str, ...]] = (
    "balance",
    "decisiveness",
    "drama",
    "duration",
    "choice",
    "skill",
    "outcome",
)
"""The families of measures, in the order a report shows them."""


@attrs.frozen(slots=True)
class MetricSpec:
    """What one measure is.

    Attributes:
        key: Its stable name: ``"leader_50"``; ``"seat:2"``, ``"nation:venice"``
            and ``"kind:loading"`` for the measures of one seat, nation or
            decision kind.
        group: Its family, one of :data:`GROUPS`.
        label: A short name for tables and charts.
        share: True for a share between 0 and 1 (shown as a percentage), False
            for a number of things.
        compared: True when the two editions' values measure the same thing, so
            that their difference means something; False for a nation or a
            decision kind, which belong to one edition.
        definition: One sentence saying how it is measured.

    Example:
        >>> spec = metric_spec("leader_75")
        >>> spec.group, spec.share, spec.label
        ('decisiveness', True, 'leader at 75% wins')
    """

    key: str
    group: str
    label: str
    share: bool
    compared: bool
    definition: str


def _spec(key: str, group: str, label: str, share: bool, definition: str) -> MetricSpec:
    return MetricSpec(key, group, label, share, True, definition)


METRICS: Final[tuple[MetricSpec, ...]] = (
    _spec(
        "seat_gap",
        "balance",
        "seat gap",
        True,
        "The win share of the seat that wins most, less that of the seat that wins least: "
        "0 for seats that win equally often, though chance alone keeps it above 0 in a "
        "finite batch, so compare it between editions and read the seats' own intervals.",
    ),
    _spec(
        "first_player",
        "balance",
        "first player's wins",
        True,
        "The win share of the first player: in the modern edition the seat drawn to start, "
        "in the classic edition the seat first in the turn order of round 1, which it won "
        "with the highest secret bid (an even share is 1 / players).",
    ),
    _spec(
        "leader_50",
        "decisiveness",
        "leader at 50% wins",
        True,
        "How often the seat leading after half of the game's decisions wins (a shared lead "
        "counts in part), the leader judged by the edition's estimate of each seat's final "
        "score: mid-game, the modern standings count only the ducats in hand.",
    ),
    _spec(
        "leader_75",
        "decisiveness",
        "leader at 75% wins",
        True,
        "How often the seat leading after three quarters of the game's decisions wins.",
    ),
    _spec(
        "lead_changes",
        "drama",
        "lead changes",
        False,
        "How many times a game the lead passes to another seat, the leader noted at the "
        "start of every turn or round and at the end.",
    ),
    _spec(
        "drama",
        "drama",
        "winner's worst deficit",
        True,
        "How far behind the eventual winner was at worst, as a share of the leader's "
        "estimated score at that moment (0 for a winner who never trailed).",
    ),
    _spec(
        "decisions_per_seat",
        "duration",
        "decisions per seat",
        False,
        "The decisions a game asks of each seat, on average.",
    ),
    _spec("turns", "duration", "turns", False, "The turns (modern) or rounds (classic) played."),
    _spec(
        "branching",
        "choice",
        "branching factor",
        False,
        "The mean number of legal actions a decision offers, over every decision of every game.",
    ),
    _spec(
        "decision_share",
        "choice",
        "decision share",
        True,
        "The share of decisions that offer more than one legal action: the others are forced.",
    ),
    _spec(
        "skill",
        "skill",
        "stronger agent's wins",
        True,
        "The win share of one seat played by the stronger agent against seats played by the "
        "weaker one, the stronger seat moving round the table game by game (an even share "
        "is 1 / players).",
    ),
    _spec(
        "shared_wins",
        "outcome",
        "shared wins",
        True,
        "The share of games won by several seats level on score.",
    ),
    _spec(
        "score_spread",
        "outcome",
        "score spread",
        True,
        "The mean gap between the first and the last seat's final scores, as a share of the "
        "mean winning score (the edition's score scale).",
    ),
)
"""The measures compared between editions, in report order: each gets a sentence in a report."""

_BY_KEY: Final[Mapping[str, MetricSpec]] = {spec.key: spec for spec in METRICS}


def metric_spec(key: str) -> MetricSpec:
    """Return the definition of a measure, those of one seat, nation or decision kind included.

    Args:
        key: A key of :data:`METRICS`, or ``"seat:N"``, ``"nation:NAME"`` or ``"kind:KIND"``.

    Returns:
        Its definition.

    Raises:
        SerenissimaError: No measure has that key.

    Example:
        >>> metric_spec("seat:0").label, metric_spec("seat:0").compared
        ('seat 0', True)
        >>> metric_spec("kind:loading").label
        'loading'
    """
    if key in _BY_KEY:
        return _BY_KEY[key]
    family, _, name = key.partition(":")
    if family == "seat" and name.isdigit():
        return MetricSpec(
            key, "balance", f"seat {name}", True, True, f"The win share of seat {name}."
        )
    if family == "nation" and name:
        return MetricSpec(
            key, "balance", name, True, False, f"The win share of the seat playing {name}."
        )
    if family == "kind" and name:
        definition = f"The mean number of legal actions of a {name} decision."
        return MetricSpec(key, "choice", name, False, False, definition)
    raise ArgumentValueError(f"no quality measure is called {key!r}")


@attrs.frozen(slots=True)
class Column:
    """One measure over a batch: a numerator and a denominator per game.

    The measure is ``sum(numerators) / sum(denominators)``, each game weighed
    by how many times a resampled batch drew it.

    Attributes:
        numerators: One per game.
        denominators: One per game; 0 for a game that does not count.

    Example:
        >>> Column((1.0, 0.0, 0.5), (1.0, 1.0, 1.0)).value([1, 1, 1])
        0.5
    """

    numerators: tuple[float, ...]
    denominators: tuple[float, ...]

    def value(self, weights: Sequence[int]) -> float:
        """Return the measure for games weighed by ``weights`` (``nan`` with no denominator)."""
        return weighted_ratio(weights, self.numerators, self.denominators)


def _mean(values: Sequence[float]) -> Column:
    return Column(tuple(float(v) for v in values), (1.0,) * len(values))


def _won(leading: Sequence[int], trace: GameTrace) -> float:
    """The share of the leading seats that won: a shared lead counts in part."""
    return sum(seat in trace.winners for seat in leading) / len(leading)


def _nations(traces: Sequence[GameTrace]) -> list[str]:
    return list(dict.fromkeys(name for trace in traces for name in trace.names))


def _kinds(traces: Sequence[GameTrace]) -> list[str]:
    return list(dict.fromkeys(tally.kind for trace in traces for tally in trace.kinds))


def _tally(trace: GameTrace, kind: str) -> tuple[float, float]:
    for tally in trace.kinds:
        if tally.kind == kind:
            return float(tally.actions), float(tally.decisions)
    return 0.0, 0.0


def columns(
    traces: Sequence[GameTrace],
    skill: Sequence[GameTrace] | None = None,
    strong: str | None = None,
) -> dict[str, Column]:
    """Return one column per measure of a batch (the seat gap excepted, which is derived).

    Args:
        traces: The batch: every game with the same seats' agent kinds.
        skill: The skill batch, as many games as ``traces`` (game ``i`` of
            both met the same chance): one seat played by ``strong``, the others
            by a weaker kind.
        strong: The stronger agent kind of the skill batch.

    Returns:
        The columns by key: those of :data:`METRICS` (``skill`` only with a
        skill batch; ``first_player`` only when some game names a first
        player), and ``seat:N``, ``nation:NAME`` (when seats have nations) and
        ``kind:KIND`` for every decision kind met.

    Raises:
        SerenissimaError: An empty batch, a skill batch of another length, or
            ``skill`` without ``strong``.

    Example:
        >>> from serenissima.analysis.quality.trace import QualityJob, trace_game
        >>> traces = [trace_game(QualityJob("classic", 2, 1, i, ("random",) * 2)) for i in range(3)]
        >>> sorted(key for key in columns(traces) if key.startswith("nation:"))
        ['nation:genoa', 'nation:venice']
    """
    if not traces:
        raise ArgumentValueError("the quality measures need at least one game")
    if skill is not None and (len(skill) != len(traces) or strong is None):
        raise ArgumentValueError("a skill batch needs as many games as the batch, and its kind")
    players = traces[0].players
    n = len(traces)
    out: dict[str, Column] = {
        f"seat:{seat}": _mean([t.credit(seat) for t in traces]) for seat in range(players)
    }
    for nation in _nations(traces):
        out[f"nation:{nation}"] = Column(
            tuple(
                sum(t.credit(s) for s, name in enumerate(t.names) if name == nation) for t in traces
            ),
            tuple(float(nation in t.names) for t in traces),
        )
    if any(t.first >= 0 for t in traces):
        out["first_player"] = Column(
            tuple(t.credit(t.first) if t.first >= 0 else 0.0 for t in traces),
            tuple(float(t.first >= 0) for t in traces),
        )
    out["leader_50"] = _mean([_won(t.leaders[0], t) for t in traces])
    out["leader_75"] = _mean([_won(t.leaders[1], t) for t in traces])
    out["lead_changes"] = _mean([t.lead_changes for t in traces])
    out["drama"] = _mean([sum(t.deficits[w] for w in t.winners) / len(t.winners) for t in traces])
    out["decisions_per_seat"] = _mean([t.decisions / t.players for t in traces])
    out["turns"] = _mean([t.turns for t in traces])
    decisions = tuple(float(t.decisions) for t in traces)
    out["branching"] = Column(
        tuple(float(sum(k.actions for k in t.kinds)) for t in traces), decisions
    )
    out["decision_share"] = Column(
        tuple(float(sum(k.choices for k in t.kinds)) for t in traces), decisions
    )
    if skill is not None:
        out["skill"] = _mean([_strong_credit(t, strong) for t in skill])
    out["shared_wins"] = _mean([len(t.winners) > 1 for t in traces])
    out["score_spread"] = Column(
        tuple(float(max(t.scores) - min(t.scores)) for t in traces),
        tuple(float(max(t.scores)) for t in traces),
    )
    for kind in _kinds(traces):
        pairs = [_tally(t, kind) for t in traces]
        out[f"kind:{kind}"] = Column(tuple(a for a, _ in pairs), tuple(d for _, d in pairs))
    assert all(len(column.numerators) == n for column in out.values())
    return out


def _strong_credit(trace: GameTrace, strong: str | None) -> float:
    seats = [seat for seat, kind in enumerate(trace.seats) if kind == strong]
    if not seats:
        raise ArgumentValueError(f"a game of the skill batch has no seat played by {strong!r}")
    return sum(trace.credit(seat) for seat in seats) / len(seats)


def statistic(
    traces: Sequence[GameTrace],
    skill: Sequence[GameTrace] | None = None,
    strong: str | None = None,
) -> Statistic:
    """Return the bootstrap statistic of a batch: every measure, from the games' weights.

    Args:
        traces: The batch (see :func:`columns`).
        skill: The skill batch, if any.
        strong: The stronger agent kind of the skill batch.

    Returns:
        A function from the games' weights to the measures by key, the seat
        gap (``seat_gap``) included.

    Raises:
        SerenissimaError: As :func:`columns`.

    Example:
        >>> from serenissima.analysis.quality.trace import QualityJob, trace_game
        >>> traces = [trace_game(QualityJob("modern", 3, 2, i, ("random",) * 3)) for i in range(5)]
        >>> figures = statistic(traces)([1] * 5)
        >>> 0 <= figures["seat_gap"] <= 1, 0 <= figures["decision_share"] <= 1
        (True, True)
    """
    table = columns(traces, skill, strong)
    seats = [key for key in table if key.startswith("seat:")]

    def figures(weights: Sequence[int]) -> dict[str, float]:
        values = {key: column.value(weights) for key, column in table.items()}
        shares = [values[key] for key in seats]
        values["seat_gap"] = max(shares) - min(shares)
        return values

    return figures
