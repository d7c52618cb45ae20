"""A ruleset diff as text: an aligned table of its entries and a line of counts.

:func:`format_diff` prints the entries of a
:class:`~serenissima.analysis.diff.entries.RulesetDiff`, one row each: a status mark,
the section, the key and both values; :func:`format_summary` is its last line,
counting the entries of each status.
"""

from __future__ import annotations

from serenissima.analysis.diff.entries import DiffEntry, DiffStatus, RulesetDiff, value_text

__all__ = ["format_diff", "format_summary"]

_WIDEST_ALIGNED = 40
"""Longer cells are printed whole but do not widen their column."""


def _side_cell(entry: DiffEntry, left: bool) -> str:
    absent = DiffStatus.ONLY_RIGHT if left else DiffStatus.ONLY_LEFT
    if entry.status is absent:
        return "-"
    return value_text(entry.left if left else entry.right)


def format_summary(diff: RulesetDiff) -> str:
    """Return one line counting the entries of each status.

    Example:
        >>> diff = RulesetDiff("a", "b", (
        ...     DiffEntry("params", "costs.fort", 2, 3, DiffStatus.DIFFERENT),
        ...     DiffEntry("params", "costs.cube", 1, 1, DiffStatus.SAME),
        ... ))
        >>> format_summary(diff)
        'a vs b: 1 different (~), 0 only in a (<), 0 only in b (>), 1 the same'
    """
    counts = diff.counts
    return (
        f"{diff.left} vs {diff.right}: {counts[DiffStatus.DIFFERENT]} different (~), "
        f"{counts[DiffStatus.ONLY_LEFT]} only in {diff.left} (<), "
        f"{counts[DiffStatus.ONLY_RIGHT]} only in {diff.right} (>), "
        f"{counts[DiffStatus.SAME]} the same"
    )


def format_diff(diff: RulesetDiff, *, show_same: bool = False) -> str:
    """Return a diff as an aligned text table followed by a summary line.

    Each row is a status mark (see
    :attr:`~serenissima.analysis.diff.entries.DiffStatus.mark`), the section, the
    key and the two values; ``-`` stands for a key a side does not have, and
    tuples are written with commas. The summary counts every entry of ``diff``.

    Args:
        diff: The diff.
        show_same: Also list the entries that are the same on both sides.

    Returns:
        Several lines of text, without a final newline.

    Examples:
        >>> import serenissima as ser
        >>> diff = ser.compare_rulesets("classic", "modern").section("info")
        >>> print(format_diff(diff))  # doctest: +NORMALIZE_WHITESPACE
           section  key      classic                     modern
        ~  info     id       classic                     modern
        ~  info     name     Serenissima, first edition  Serenissima, second edition
        ~  info     edition  classic                     modern
        ~  info     version  1.1.0                       1.0.0
        ~  info     year     1996                        2012
        <BLANKLINE>
        classic vs modern: 5 different (~), 0 only in classic (<), 0 only in modern (>), 1 the same
    """
    shown = diff if show_same else diff.changed
    summary = format_summary(diff)
    if not shown.entries:
        return f"no differences\n{summary}" if not show_same else summary
    header = ("", "section", "key", diff.left, diff.right)
    rows = [header] + [
        (e.status.mark, e.section, e.key, _side_cell(e, True), _side_cell(e, False)) for e in shown
    ]
    widths = [min(max(len(row[i]) for row in rows), _WIDEST_ALIGNED) for i in range(len(header))]
    lines = []
    for row in rows:
        cells = (cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        lines.append("  ".join(cells).rstrip())
    return "\n".join([*lines, "", summary])
