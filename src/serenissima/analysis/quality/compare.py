"""Two editions' game quality side by side: each measure with its interval, and the difference.

:func:`compare_quality` lines two batches of traces up (played by
:func:`~serenissima.analysis.quality.run.run_quality`): each measure of
:mod:`~serenissima.analysis.quality.metrics` on both sides with its 95%
bootstrap interval, and the interval of the difference from the *paired*
bootstrap (game ``i`` of both editions met the same chance, and each
resampled batch keeps the pairs). A measure differs clearly when that
interval leaves out 0. The result, a :class:`QualityComparison`, goes to JSON
and back, and :mod:`~serenissima.analysis.quality.text` writes it as a report.

Example:
    >>> from serenissima.analysis.quality.run import run_quality
    >>> result = run_quality("classic", "modern", players=2, games=4, seed=1, replicates=50)
    >>> result["leader_50"].left.value <= 1.0, result.versus
    (True, None)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs
import cattrs

from serenissima.analysis.quality.metrics import METRICS, metric_spec, statistic
from serenissima.analysis.quality.trace import GameTrace
from serenissima.analysis.stats.bootstrap import DEFAULT_REPLICATES, Estimate, paired_bootstrap
from serenissima.analysis.stats.intervals import Interval
from serenissima.engine.errors import ArgumentValueError

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__ = ["EditionSide", "QualityComparison", "QualityRow", "compare_quality"]

LEVEL: Final = 0.95


@attrs.frozen(slots=True)
class EditionSide:
    """One side of a comparison: which ruleset, and how its games went in general.

    Attributes:
        ruleset: The ruleset's id.
        name: Its display name.
        version: Its version.
        turn_word: What it calls a turn, in the plural (``"turns"``, ``"rounds"``).
        score_unit: What its score counts.
        seat_names: Each seat's nation, or ``()`` when seats have none.
        options: The rule options given, as ``(name, value)`` text pairs.

    Example:
        >>> import serenissima as ser
        >>> side = EditionSide.of(ser.load_ruleset("classic"), ("venice", "genoa"))
        >>> side.turn_word, side.score_unit
        ('rounds', 'wealth points')
    """

    ruleset: str
    name: str
    version: str
    turn_word: str
    score_unit: str
    seat_names: tuple[str, ...] = ()
    options: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(
        cls,
        rules: Ruleset,
        seat_names: tuple[str, ...] = (),
        options: Mapping[str, object] | None = None,
    ) -> EditionSide:
        """Return the side of a ruleset, its seats' nations and its options."""
        info = rules.info
        shown = tuple(sorted((str(k), str(v)) for k, v in (options or {}).items()))
        return cls(
            info.id, info.name, info.version, info.turn_word, info.score_unit, seat_names, shown
        )


@attrs.frozen(slots=True)
class QualityRow:
    """One measure on both sides.

    Attributes:
        key: The measure's key (see :func:`~serenissima.analysis.quality.metrics.metric_spec`).
        left: The left edition's estimate, or ``None`` where it has no such measure.
        right: The right edition's estimate, or ``None``.
        difference: The paired estimate of ``left - right``, when both sides have it.

    Example:
        >>> from serenissima.analysis.stats.bootstrap import Estimate
        >>> from serenissima.analysis.stats.intervals import Interval
        >>> row = QualityRow("turns", None, None, Estimate(1.5, Interval(0.5, 2.5)))
        >>> row.differs
        True
    """

    key: str
    left: Estimate | None
    right: Estimate | None
    difference: Estimate | None

    @property
    def differs(self) -> bool | None:
        """True when the difference's interval leaves out 0; ``None`` without a difference."""
        return None if self.difference is None else self.difference.excludes(0.0)


@attrs.frozen(slots=True)
class QualityComparison:
    """Two editions' game quality, measure by measure.

    Attributes:
        left: The left edition.
        right: The right edition.
        players: The number of seats.
        games: The games played by each edition (and again in the skill batch).
        seed: The batch seed, also the seed of the bootstrap draws.
        agents: The agent kind of every seat.
        versus: The weaker agent kind of the skill batch, or ``None``.
        replicates: The bootstrap's resampled batches.
        rows: One row per measure, in report order.
        notes: Sentences on the data a reader must know (reconstructed boards, agents).

    Example:
        >>> from serenissima.analysis.quality.run import run_quality
        >>> result = run_quality("modern", "modern", players=2, games=3, seed=2, replicates=20)
        >>> result["turns"].difference.value, result["turns"].differs
        (0.0, False)
    """

    left: EditionSide
    right: EditionSide
    players: int
    games: int
    seed: int
    agents: str
    versus: str | None
    replicates: int
    rows: tuple[QualityRow, ...]
    notes: tuple[str, ...] = ()

    def __getitem__(self, key: str) -> QualityRow:
        for row in self.rows:
            if row.key == key:
                return row
        raise KeyError(key)

    def keys(self, prefix: str = "") -> list[str]:
        """Return the rows' keys that start with ``prefix``, in order."""
        return [row.key for row in self.rows if row.key.startswith(prefix)]

    def to_dict(self) -> dict[str, Any]:
        """Return the comparison as JSON-ready data (an infinite end of an interval as ``null``)."""
        data: dict[str, Any] = _CONVERTER.unstructure(self)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> QualityComparison:
        """Read back what :meth:`to_dict` wrote.

        Raises:
            SerenissimaError: The data is not a comparison.
        """
        try:
            return _CONVERTER.structure(dict(data), cls)
        except (cattrs.BaseValidationError, KeyError, TypeError, ValueError) as exc:
            raise ArgumentValueError(f"not a quality comparison: {exc}") from None


def _interval_out(interval: Interval) -> list[float | None]:
    return [v if math.isfinite(v) else None for v in (interval.low, interval.high)]


def _interval_in(value: Any, _: type) -> Interval:
    low, high = value
    return Interval(-math.inf if low is None else low, math.inf if high is None else high)


_CONVERTER: Final = cattrs.Converter(forbid_extra_keys=True)
_CONVERTER.register_unstructure_hook(Interval, _interval_out)
_CONVERTER.register_structure_hook(Interval, _interval_in)


def compare_quality(
    left: Sequence[GameTrace],
    right: Sequence[GameTrace],
    *,
    left_skill: Sequence[GameTrace] | None = None,
    right_skill: Sequence[GameTrace] | None = None,
    strong: str | None = None,
    replicates: int = DEFAULT_REPLICATES,
    seed: int = 0,
) -> tuple[QualityRow, ...]:
    """Line two batches of paired games up, measure by measure.

    Args:
        left: The left edition's games; game ``i`` met the same chance as ``right[i]``.
        right: The right edition's games, as many.
        left_skill: The left edition's skill batch, if any (as many games).
        right_skill: The right edition's skill batch (with ``left_skill``).
        strong: The stronger agent kind of the skill batches.
        replicates: The bootstrap's resampled batches.
        seed: The seed of the bootstrap draws.

    Returns:
        The measures of :data:`~serenissima.analysis.quality.metrics.METRICS`
        both sides give, then the seats', then the nations' and decision kinds'
        of each side.

    Raises:
        SerenissimaError: Batches of different lengths or player counts.

    Example:
        >>> from serenissima.analysis.quality.trace import QualityJob, trace_game
        >>> games = [trace_game(QualityJob("modern", 2, 5, i, ("random",) * 2)) for i in range(6)]
        >>> rows = compare_quality(games, games, replicates=30)
        >>> rows[0].key, rows[0].difference.value
        ('seat_gap', 0.0)
    """
    if len(left) != len(right) or not left:
        raise ArgumentValueError(
            f"paired batches need as many games on each side, not {len(left)} and {len(right)}"
        )
    if left[0].players != right[0].players:
        raise ArgumentValueError("the two batches were played by different numbers of seats")
    paired = paired_bootstrap(
        len(left),
        statistic(left, left_skill, strong),
        statistic(right, right_skill, strong),
        replicates=replicates,
        seed=seed,
        level=LEVEL,
    )
    keys = [spec.key for spec in METRICS]
    keys += [f"seat:{seat}" for seat in range(left[0].players)]
    for side in (paired.left, paired.right):
        keys += [k for k in side if k.startswith(("nation:", "kind:")) and k not in keys]
    return tuple(
        QualityRow(
            key,
            paired.left.get(key),
            paired.right.get(key),
            paired.difference.get(key) if metric_spec(key).compared else None,
        )
        for key in keys
        if key in paired.left or key in paired.right
    )
