"""The values of the rules reference, and how a datum is written in one of its cells.

A rules reference is a tuple of :class:`Section` values, each a titled paragraph
with :class:`Table` values of text cells. :func:`cell` writes any datum of a
ruleset (a number, an enum, a mapping, a record) as the text of one cell,
:func:`sentence` collapses a paragraph onto one line, and :data:`SOURCE_WORDS`
says in words what each provenance means. The builders of the reference
(:mod:`~serenissima.reference.rules` and :mod:`~serenissima.reference.params`)
and its formats (:mod:`~serenissima.reference.formats`) share them.

Example:
    >>> table = Table("Costs", ("key", "value"), ((cell("fort"), cell(2.0)),))
    >>> Section("Numbers", "", (table,)).tables[0].rows
    (('fort', '2'),)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, cast

import attrs

from serenissima.engine.spec import Source

__all__ = ["Section", "Table"]

SOURCE_WORDS: Mapping[Source, str] = {
    Source.STATED: "given by a rule text of the edition",
    Source.PUBLIC: "found in public descriptions of the game",
    Source.RECONSTRUCTED: "chosen for this project; the printed game may differ",
}
"""What each provenance means, in words, for the notes of the reference."""


@attrs.frozen(slots=True)
class Table:
    """A table of the reference: a title, column names and rows of text cells.

    Attributes:
        title: What the table shows.
        columns: The column names.
        rows: The rows, each with one cell per column.
        note: A paragraph shown under the table (may be empty).

    Example:
        >>> Table("Costs", ("key", "value"), (("fort", "2"),)).rows[0][1]
        '2'
    """

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


@attrs.frozen(slots=True)
class Section:
    """A section of the reference: a title, an introduction and its tables.

    Attributes:
        title: The section's title, such as ``"Board"``.
        intro: A paragraph before the tables (may be empty).
        tables: The tables, in reading order.

    Example:
        >>> table = Table("Costs", ("key", "value"), (("fort", "2"),))
        >>> Section("Numbers", "Prices in ducats.", (table,)).tables[0].title
        'Costs'
    """

    title: str
    intro: str
    tables: tuple[Table, ...]


# --- cells ----------------------------------------------------------------------------------


def cell(value: object) -> str:
    """Write a value as the text of one cell."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        return cell(value.value)
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, str | int):
        return str(value)
    if isinstance(value, Mapping):
        return ", ".join(f"{cell(k)}: {cell(v)}" for k, v in value.items()) or "none"
    if isinstance(value, frozenset | set):
        return ", ".join(sorted(cell(v) for v in value)) or "none"
    if isinstance(value, tuple | list):
        return ", ".join(cell(v) for v in value) or "none"
    if attrs.has(type(value)):
        fields = record_fields(type(value))
        return "; ".join(f"{f.name} {cell(getattr(value, f.name))}" for f in fields)
    return str(value)


def record_fields(cls: type) -> tuple[attrs.Attribute[Any], ...]:
    """Return the fields of an ``attrs`` class."""
    found: tuple[attrs.Attribute[Any], ...] = attrs.fields(cast(Any, cls))
    return found


def sentence(text: str) -> str:
    """Collapse the whitespace of a paragraph."""
    return " ".join(text.split())
