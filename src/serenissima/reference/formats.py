"""The rules reference as text: Markdown for the documentation, aligned columns for a terminal.

:func:`format_markdown` writes sections as Markdown (a heading per section and
per table, pipe tables, text escaped so that it shows as written);
:func:`format_text` writes them for a terminal of a given width, with aligned
columns whose long cells wrap (at spaces, and inside identifiers after an
underscore). Both take the :class:`~serenissima.reference.tables.Section` values
of :func:`~serenissima.reference.rules.ruleset_reference`, or any others.

Example:
    >>> import serenissima as ser
    >>> from serenissima.reference import ruleset_reference
    >>> sections = ruleset_reference(ser.load_ruleset("classic"))
    >>> format_markdown(sections).startswith("## Identity")
    True
    >>> format_text(sections, width=60).splitlines()[:2]
    ['Identity', '========']
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence

from serenissima.reference.tables import Section, Table

__all__ = ["format_markdown", "format_text"]

# --- markdown -------------------------------------------------------------------------------

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]|])")


def _md(text: str) -> str:
    """Escape text for a Markdown paragraph or table cell."""
    escaped = _MARKDOWN_SPECIAL.sub(r"\\\1", " ".join(text.split()))
    return escaped.replace("<", "&lt;").replace(">", "&gt;")


def format_markdown(sections: Sequence[Section]) -> str:
    r"""Return sections as Markdown: ``##`` per section, ``###`` per table, pipe tables.

    Text is escaped so that it shows as written: ``|``, ``*``, ``_``, backquotes,
    brackets and backslashes get a backslash, ``<`` and ``>`` become entities.

    Args:
        sections: The sections, e.g. from
            :func:`~serenissima.reference.rules.ruleset_reference`.

    Returns:
        The Markdown text, ending with a newline.

    Example:
        >>> table = Table("Costs", ("key", "value"), (("a|b", "2*3"),), "Ducats.")
        >>> print(format_markdown([Section("Numbers", "", (table,))]))
        ## Numbers
        <BLANKLINE>
        ### Costs
        <BLANKLINE>
        | key | value |
        | --- | --- |
        | a\|b | 2\*3 |
        <BLANKLINE>
        Ducats.
        <BLANKLINE>
    """
    parts: list[str] = []
    for section in sections:
        parts.append(f"## {_md(section.title)}")
        if section.intro:
            parts.append(_md(section.intro))
        for table in section.tables:
            parts.append(f"### {_md(table.title)}")
            lines = [
                "| " + " | ".join(_md(c) for c in table.columns) + " |",
                "| " + " | ".join("---" for _ in table.columns) + " |",
            ]
            lines.extend("| " + " | ".join(_md(c) for c in row) + " |" for row in table.rows)
            if not table.rows:
                lines.append("| " + " | ".join("" for _ in table.columns) + " |")
            parts.append("\n".join(lines))
            if table.note:
                parts.append(_md(table.note))
    return "\n\n".join(parts) + "\n"


# --- text -----------------------------------------------------------------------------------

_GAP = 2
"""Spaces between the columns of a text table."""
_NARROWEST = 6
"""Columns are not wrapped narrower than this (unless the width leaves no choice)."""
_KEEP_WHOLE = 20
"""Columns no wider than this are not wrapped when the others can make room."""


class _Wrapper(textwrap.TextWrapper):
    """Wraps at spaces, and inside identifiers after an underscore (``galleys_|in_use``)."""

    wordsep_re = re.compile(r"(\s+|(?<=_)(?=[^\s_]))")


def _wrap(text: str, width: int) -> list[str]:
    wrapper = _Wrapper(width=max(width, 1), break_on_hyphens=True)
    return wrapper.wrap(text) or [""]


def _longest_piece(text: str) -> int:
    return max(
        (len(piece) for piece in _Wrapper.wordsep_re.split(text) if piece.strip()), default=0
    )


def _widths(table: Table, width: int) -> list[int]:
    """Fit the columns into ``width``.

    Each column gets at least its longest word (or all of it when shorter); the
    room left is shared out in proportion to how much wider each column would be
    unwrapped. When even the longest words do not fit, words are broken.
    """
    count = len(table.columns)
    cells = [[table.columns[i], *(row[i] for row in table.rows)] for i in range(count)]
    natural = [max(1, *(len(cell) for cell in column)) for column in cells]
    room = max(width - _GAP * (count - 1), count)
    if sum(natural) <= room:
        return natural
    pieces = [
        min(n, max(_NARROWEST, *(_longest_piece(cell) for cell in column)))
        for n, column in zip(natural, cells, strict=True)
    ]
    # Short columns (keys, numbers) are kept whole when the room allows.
    floors = [n if n <= _KEEP_WHOLE else p for n, p in zip(natural, pieces, strict=True)]
    if sum(floors) > room:
        floors = pieces
    if sum(floors) > room:
        cap = max(1, room // count)
        floors = [min(f, max(cap, 1)) for f in floors]
    widths = list(floors)
    extra = room - sum(widths)
    wants = [n - f for n, f in zip(natural, floors, strict=True)]
    total = sum(wants)
    if extra > 0 and total > 0:
        for i, want in enumerate(wants):
            widths[i] += min(want, extra * want // total)
        left = room - sum(widths)
        for i in sorted(range(count), key=lambda i: -(natural[i] - widths[i])):
            if left <= 0:
                break
            grow = min(left, natural[i] - widths[i])
            widths[i] += grow
            left -= grow
    return widths


def _text_table(table: Table, width: int) -> list[str]:
    widths = _widths(table, width)
    lines: list[str] = []

    def emit(cells: Sequence[str]) -> None:
        wrapped = [_wrap(cell, w) for cell, w in zip(cells, widths, strict=True)]
        for index in range(max(len(w) for w in wrapped)):
            parts = [
                (w[index] if index < len(w) else "").ljust(size)
                for w, size in zip(wrapped, widths, strict=True)
            ]
            lines.append((" " * _GAP).join(parts).rstrip())

    emit(table.columns)
    lines.append((" " * _GAP).join("-" * w for w in widths))
    for row in table.rows:
        emit(row)
    return lines


def _underlined(title: str, rule: str, width: int) -> str:
    lines = _wrap(title, width)
    return "\n".join([*lines, rule * max(len(line) for line in lines)])


def format_text(sections: Sequence[Section], width: int = 100) -> str:
    """Return sections as plain text for a terminal: aligned columns, long cells wrapped.

    Section titles are underlined with ``=``, table titles with ``-``;
    paragraphs and cells are wrapped to fit ``width`` characters.

    Args:
        sections: The sections, e.g. from
            :func:`~serenissima.reference.rules.ruleset_reference`.
        width: The width of the terminal, in characters.

    Returns:
        The text, ending with a newline.

    Example:
        >>> table = Table("Costs", ("key", "value"), (("fort", "2"), ("galley", "10")))
        >>> print(format_text([Section("Numbers", "", (table,))]), end="")
        Numbers
        =======
        <BLANKLINE>
        Costs
        -----
        key     value
        ------  -----
        fort    2
        galley  10
    """
    width = max(width, 20)
    blocks: list[str] = []
    for section in sections:
        blocks.append(_underlined(section.title, "=", width))
        if section.intro:
            blocks.append("\n".join(_wrap(section.intro, width)))
        for table in section.tables:
            lines = [_underlined(table.title, "-", width)]
            lines.extend(_text_table(table, width))
            if table.note:
                lines.extend(["", *_wrap(table.note, width)])
            blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"
