"""A quality comparison in words: one sentence per measure, and the report's tables.

:func:`finding` writes the sentence of one measure: both editions' values with
their 95% intervals, then which edition is higher and by how much, or that
they do not differ clearly. :func:`report_blocks` lays the whole report out
as a list of :class:`Block` values (headings, paragraphs, lists, tables,
figures) that :mod:`~serenissima.analysis.quality.report` writes as Markdown
or HTML.

Example:
    >>> from serenissima.analysis.quality.run import run_quality
    >>> result = run_quality("classic", "modern", players=2, games=3, seed=1, replicates=20)
    >>> print(finding(result, "turns"))  # doctest: +ELLIPSIS
    A classic game lasts 12.0 rounds (12.0 to 12.0) and a modern game ... turns (...); ...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import attrs

from serenissima.analysis.quality.metrics import GROUPS, METRICS, metric_spec
from serenissima.analysis.quality.svg import seat_label

if TYPE_CHECKING:
    from serenissima.analysis.quality.compare import QualityComparison, QualityRow
    from serenissima.analysis.stats.bootstrap import Estimate
    from serenissima.analysis.stats.intervals import Interval

__all__ = ["CHART_CAPTIONS", "Block", "command_line", "finding", "findings", "report_blocks"]


@attrs.frozen(slots=True)
class Block:
    """A piece of a report; its text may hold ``**bold**``, ``*italic*`` and ```code``` marks.

    Attributes:
        kind: ``"h1"`` or ``"h2"`` (a heading), ``"p"`` (a paragraph), ``"ul"``
            (a list), ``"table"`` or ``"figure"``.
        text: A heading's or paragraph's text, or a figure's caption.
        items: A list's items.
        header: A table's column names.
        rows: A table's rows.
        name: A figure's chart name (see
            :func:`~serenissima.analysis.quality.svg.quality_charts`).

    Example:
        >>> Block("ul", items=("one", "two")).items
        ('one', 'two')
    """

    kind: str
    text: str = ""
    items: tuple[str, ...] = ()
    header: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    name: str = ""


CHART_CAPTIONS: Final[dict[str, str]] = {
    "balance": "Win shares by seat, of the first player and of one stronger seat; the dashed "
    "line is an even share.",
    "outcomes": "Decisiveness, the winner's worst deficit, shared wins, score spread, the seat "
    "gap and the share of real decisions.",
    "play": "Lead changes, length and branching factor, each row on its own scale.",
    "choices": "The mean number of legal actions by decision kind.",
}
"""The caption of each chart of :func:`~serenissima.analysis.quality.svg.quality_charts`."""

_PHRASES: Final[dict[str, str]] = {
    "seat_gap": "The win shares of the seat that wins most and the seat that wins least are "
    "{l} apart in {L} and {r} apart in {R}",
    "first_player": "The first player wins {l} of {L} games and {r} of {R} games, against an "
    "even share of {fair}",
    "leader_50": "The seat leading at half time wins {l} of {L} games and {r} of {R} games",
    "leader_75": "The seat leading after three quarters of the decisions wins {l} of {L} "
    "games and {r} of {R} games",
    "lead_changes": "The lead changes hands {l} times in a {L} game and {r} times in a {R} game",
    "drama": "At worst, the eventual winner trailed the leader by {l} of the leader's estimated "
    "score in {L} and by {r} in {R}",
    "decisions_per_seat": "Each seat makes {l} decisions in a {L} game and {r} in a {R} game",
    "turns": "A {L} game lasts {l} and a {R} game {r}",
    "branching": "A decision offers {l} legal actions on average in {L} and {r} in {R}",
    "decision_share": "{l} of {L} decisions and {r} of {R} decisions offer more than one "
    "legal action",
    "skill": "One {agents} seat among {versus} seats wins {l} of {L} games and {r} of {R} "
    "games, against an even share of {fair}",
    "shared_wins": "{l} of {L} games and {r} of {R} games end in a shared win",
    "score_spread": "The last seat finishes {l} of the mean winning score behind the first in "
    "{L}, {r} in {R}",
}


def _digits(row: QualityRow) -> int:
    """Decimals of a share: one when an interval is narrower than five points."""
    estimates = [e for e in (row.left, row.right, row.difference) if e is not None]
    narrow = any(e.interval.finite and 0 < e.interval.width < 0.05 for e in estimates)
    return 1 if narrow else 0


def _value(value: float, share: bool, digits: int) -> str:
    if share:
        return f"{value * 100:.{digits}f}%"
    if abs(value) >= 100:
        return f"{value:.0f}"
    return f"{value:.1f}" if abs(value) >= 10 else f"{value:.2f}"


def _span(interval: Interval, share: bool, digits: int) -> str:
    if not interval.finite:
        return "unknown"
    return f"{_value(interval.low, share, digits)} to {_value(interval.high, share, digits)}"


def _with_interval(estimate: Estimate, share: bool, digits: int, unit: str = "") -> str:
    shown = _value(estimate.value, share, digits) + (f" {unit}" if unit else "")
    return f"{shown} ({_span(estimate.interval, share, digits)})"


def _points(value: float, share: bool, digits: int) -> str:
    """A difference: percentage points for shares."""
    if share:
        return f"{value * 100:.{digits}f}"
    return _value(value, False, digits)


def _names(comparison: QualityComparison) -> tuple[str, str]:
    left, right = comparison.left.ruleset, comparison.right.ruleset
    return ("left", "right") if left == right else (left, right)


def _verdict(comparison: QualityComparison, row: QualityRow, share: bool, digits: int) -> str:
    assert row.difference is not None
    names = _names(comparison)
    d, span = row.difference.value, row.difference.interval
    unit = " points" if share else ""
    if not row.differs:
        low, high = _points(span.low, share, digits), _points(span.high, share, digits)
        return (
            f"the editions do not differ clearly (95% interval of {names[0]} less "
            f"{names[1]}: {low} to {high}{unit})"
        )
    higher, sign = (names[0], 1.0) if d > 0 else (names[1], -1.0)
    ends = sorted((sign * span.low, sign * span.high))
    low, high = _points(ends[0], share, digits), _points(ends[1], share, digits)
    amount = _points(abs(d), share, digits)
    return f"{higher} is higher by {amount}{unit} (95% interval {low} to {high}{unit})"


def finding(comparison: QualityComparison, key: str) -> str:
    """Return the sentence of one measure of :data:`~serenissima.analysis.quality.metrics.METRICS`.

    Args:
        comparison: The comparison.
        key: The measure's key.

    Returns:
        One sentence: the values on both sides with their intervals and the
        verdict on the difference; or what is known when a side lacks the measure.

    Raises:
        KeyError: The comparison has no such measure on either side.

    Example:
        >>> from serenissima.analysis.quality.run import run_quality
        >>> result = run_quality("modern", "modern", players=2, games=3, seed=1, replicates=20)
        >>> sentence = finding(result, "shared_wins")
        >>> print(sentence.split("; ")[1])
        the editions do not differ clearly (95% interval of left less right: 0 to 0 points).
    """
    spec = metric_spec(key)
    row = comparison[key]
    names = _names(comparison)
    if row.left is None or row.right is None:
        present = row.left or row.right
        assert present is not None
        side = names[0] if row.left is not None else names[1]
        shown = _with_interval(present, spec.share, _digits(row))
        return f"{spec.label.capitalize()}: measured in {side} only, {shown}."
    digits = _digits(row)
    fair = _value(1 / comparison.players, True, 0)
    units = ("", "")
    if key == "turns":
        units = (comparison.left.turn_word, comparison.right.turn_word)
    text = _PHRASES[key].format(
        L=names[0],
        R=names[1],
        l=_with_interval(row.left, spec.share, digits, units[0]),
        r=_with_interval(row.right, spec.share, digits, units[1]),
        fair=fair,
        agents=comparison.agents,
        versus=comparison.versus,
    )
    sentence = f"{text[0].upper()}{text[1:]}; {_verdict(comparison, row, spec.share, digits)}."
    return sentence + (_extremes(comparison) if key == "seat_gap" else "")


def _extremes(comparison: QualityComparison) -> str:
    """A second sentence for the seat gap: which seats win most and least on each side."""
    parts = []
    for side, name in zip(("left", "right"), _names(comparison), strict=True):
        shares = []
        for seat in range(comparison.players):
            estimate = getattr(comparison[f"seat:{seat}"], side)
            if estimate is not None:
                shares.append((estimate.value, seat))
        if shares:
            (low, least), (high, most) = min(shares), max(shares)
            label = _side_seat(comparison, side)
            parts.append(
                f"in {name}, {label(most)} wins most ({_value(high, True, 0)}) and "
                f"{label(least)} least ({_value(low, True, 0)})"
            )
    text = "; ".join(parts)
    return f" {text[0].upper()}{text[1:]}." if text else ""


def _side_seat(comparison: QualityComparison, side: str) -> Callable[[int], str]:
    names = getattr(comparison, side).seat_names

    def label(seat: int) -> str:
        return f"seat {seat} ({names[seat]})" if names else f"seat {seat}"

    return label


def findings(comparison: QualityComparison) -> list[tuple[str, str]]:
    """Return every measure's sentence with its label, family by family.

    Args:
        comparison: The comparison.

    Returns:
        ``(label, sentence)`` pairs in report order; the skill gradient says
        that it was not measured when no skill batch was played.

    Example:
        >>> from serenissima.analysis.quality.run import run_quality
        >>> result = run_quality("classic", "modern", players=2, games=2, seed=1, replicates=5)
        >>> dict(findings(result))["Stronger agent's wins"]
        'Not measured: no weaker agent was given.'
    """
    present = set(comparison.keys())
    out = []
    for group in GROUPS:
        for spec in METRICS:
            if spec.group != group:
                continue
            if spec.key in present:
                out.append((spec.label.capitalize(), finding(comparison, spec.key)))
            elif spec.key == "skill":
                out.append((spec.label.capitalize(), _NOT_MEASURED))
    return out


_NOT_MEASURED: Final = "Not measured: no weaker agent was given."


def command_line(comparison: QualityComparison, folder: str = "report") -> str:
    """Return the command that plays the same games and writes the same report.

    Example:
        >>> from serenissima.analysis.quality.run import run_quality
        >>> result = run_quality("classic", "modern", players=2, games=2, seed=4, replicates=5)
        >>> command_line(result, "out").split(" --")[1:]
        ['games 2', 'players 2', 'seed 4', 'agents random', 'report out']
    """
    c = comparison
    words = [
        f"serenissima compare {c.left.ruleset} {c.right.ruleset}",
        f"--games {c.games} --players {c.players} --seed {c.seed} --agents {c.agents}",
    ]
    if c.versus is not None:
        words.append(f"--versus {c.versus}")
    for name, value in dict([*c.left.options, *c.right.options]).items():
        words.append(f"--option {name}={value}")
    words.append(f"--report {folder}")
    return " ".join(words)


def _table(
    comparison: QualityComparison, keys: list[str], labels: dict[str, str], compared: bool = True
) -> Block:
    """The table of ``keys``: both sides with their intervals, and the difference if ``compared``.

    A difference of shares is in percentage points (``pts``).
    """
    names = _names(comparison)
    header = ["measure", names[0], "95% interval", names[1], "95% interval"]
    if compared:
        header += [f"{names[0]} less {names[1]}", "95% interval", "differs"]
    rows: list[tuple[str, ...]] = []
    for key in keys:
        spec, row = metric_spec(key), comparison[key]
        digits = _digits(row)
        cells = [labels.get(key, spec.label)]
        for estimate in (row.left, row.right):
            if estimate is None:
                cells += ["", ""]
            else:
                shown = _value(estimate.value, spec.share, digits)
                cells += [shown, _span(estimate.interval, spec.share, digits)]
        if compared:
            cells += _difference_cells(row, spec.share, digits)
        rows.append(tuple(cells))
    return Block("table", header=tuple(header), rows=tuple(rows))


def _difference_cells(row: QualityRow, share: bool, digits: int) -> list[str]:
    if row.difference is None:
        return ["", "", ""]
    unit = " pts" if share else ""
    span = row.difference.interval
    low, high = _points(span.low, share, digits), _points(span.high, share, digits)
    d = row.difference.value
    value = ("+" if d > 0 else "") + _points(d, share, digits) + unit
    return [value, f"{low} to {high}{unit}", "yes" if row.differs else "no"]


def _intro(comparison: QualityComparison) -> str:
    c = comparison
    names = _names(c)
    skill = (
        f", and as many games in which one seat is played by {c.agents} and the others by "
        f"{c.versus} (the skill gradient)"
        if c.versus
        else ""
    )
    return (
        f"{c.games} games of each edition at {c.players} seats, every seat played by the "
        f"{c.agents} agent{skill}. Game *i* of {names[0]} and game *i* of {names[1]} met the "
        f"same dice and cards (paired seeds, batch seed {c.seed}). Figures in parentheses are "
        f"95% bootstrap intervals ({c.replicates} resampled batches, the two editions' games "
        "drawn in pairs for the differences); the editions differ clearly on a measure when "
        "the interval of their difference leaves out zero. With this many measures, expect "
        "about one in twenty to differ by chance alone."
    )


def report_blocks(comparison: QualityComparison, *, title: bool = True) -> list[Block]:
    """Lay a report out: findings, notes, charts, tables, definitions and the command.

    Args:
        comparison: The comparison.
        title: Start with a first-level heading (leave it out to put the report
            under a page's own title).

    Returns:
        The blocks, in order.

    Example:
        >>> from serenissima.analysis.quality.run import run_quality
        >>> result = run_quality("classic", "modern", players=2, games=2, seed=1, replicates=5)
        >>> [block.text for block in report_blocks(result) if block.kind == "h2"][:3]
        ['Findings', 'About the data', 'Charts']
    """
    c = comparison
    names = _names(c)
    blocks: list[Block] = []
    if title:
        blocks.append(Block("h1", f"Game quality: {names[0]} and {names[1]} compared"))
    blocks.append(Block("p", _intro(c)))
    present = set(c.keys())
    items = tuple(f"**{label}.** {sentence}" for label, sentence in findings(c))
    blocks += [Block("h2", "Findings"), Block("ul", items=items)]
    blocks += [Block("h2", "About the data"), Block("ul", items=c.notes)]
    blocks.append(Block("h2", "Charts"))
    blocks += [Block("figure", caption, name=name) for name, caption in CHART_CAPTIONS.items()]
    measures = [spec.key for spec in METRICS if spec.key in present]
    blocks += [Block("h2", "Measures"), _table(c, measures, {})]
    seats = [f"seat:{s}" for s in range(c.players)] + c.keys("nation:")
    labels = {f"seat:{s}": seat_label(c, s) for s in range(c.players)}
    labels |= {key: f"{key.partition(':')[2]} (nation)" for key in c.keys("nation:")}
    blocks += [Block("h2", "Seats and nations"), _table(c, seats, labels)]
    blocks += [Block("h2", "Decision kinds"), _table(c, c.keys("kind:"), {}, compared=False)]
    definitions = [f"**{spec.label.capitalize()}**: {spec.definition}" for spec in METRICS]
    blocks += [Block("h2", "Definitions"), Block("ul", items=tuple(definitions))]
    blocks += [Block("h2", "Reproduce"), Block("p", f"`{command_line(c)}`")]
    return blocks
