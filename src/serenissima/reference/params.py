"""An edition's parameters as tables of the rules reference, whatever their classes.

:class:`ParamsWalker` walks the typed parameter tree of an edition
(``Ruleset.params``) depth first, in declaration order, and turns it into
:class:`~serenissima.reference.tables.Table` values: a record's plain fields in
one key/value table, a tuple of records one row each, a mapping two columns.
The meaning of each field comes from its ``doc`` metadata or the Google-style
``Attributes:`` section of its class's docstring; the provenance of a record
from its ``source`` field. The goods it meets are kept for the board section.
:func:`params_section` makes the section ``Numbers and tables`` of
:func:`~serenissima.reference.rules.ruleset_reference` from them.

Example:
    >>> import serenissima as ser
    >>> rules = ser.load_ruleset("modern")
    >>> walker = ParamsWalker()
    >>> walker.root(rules.params)
    >>> params_section(rules, walker).title, len(walker.goods) > 0
    ('Numbers and tables', True)
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from serenissima.engine.spec import GoodSpec, Source
from serenissima.reference.tables import (
    SOURCE_WORDS,
    Section,
    Table,
    cell,
    record_fields,
    sentence,
)

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__: list[str] = []  # the walker serves ruleset_reference; nothing here is public API


# --- documentation of parameter classes -----------------------------------------------------

_FIELD_LINE = re.compile(r"^(\w+)(?: \([^)]*\))?: ?(.*)$")


def _docstring(cls: type) -> str:
    doc = cls.__dict__.get("__doc__")
    return inspect.cleandoc(doc) if isinstance(doc, str) else ""


def _summary(cls: type) -> str:
    """Return the first paragraph of a class's own docstring, on one line."""
    return sentence(_docstring(cls).split("\n\n", 1)[0])


def _field_docs(cls: type) -> dict[str, str]:
    """Return the description of each field: its ``doc`` metadata, else the docstring's entry.

    The docstring entry is read from the Google-style ``Attributes:`` section.
    """
    docs: dict[str, str] = {}
    lines = _docstring(cls).splitlines()
    inside = False
    indent = 0
    current: str | None = None
    for line in lines:
        if not inside:
            inside = line.strip() == "Attributes:"
            continue
        if not line.strip():
            current = None
            continue
        depth = len(line) - len(line.lstrip())
        if depth == 0:
            break
        indent = indent or depth
        match = _FIELD_LINE.match(line.strip())
        if depth == indent and match:
            current = match.group(1)
            docs[current] = match.group(2).strip()
        elif current is not None:
            docs[current] = f"{docs[current]} {line.strip()}".strip()
    if attrs.has(cls):
        for field in record_fields(cls):
            for key in ("doc", "label", "description"):
                text = field.metadata.get(key)
                if isinstance(text, str) and text:
                    docs[field.name] = text
                    break
    return {name: sentence(text.replace("``", "")) for name, text in docs.items()}


def _label(text: str) -> str:
    return text.rstrip(".").strip()


def _is_record(value: object) -> bool:
    return attrs.has(type(value))


def _is_records(value: object) -> bool:
    return isinstance(value, tuple | list) and bool(value) and all(_is_record(v) for v in value)


def _is_goods(value: object) -> bool:
    return isinstance(value, tuple) and bool(value) and all(isinstance(v, GoodSpec) for v in value)


def _is_table(value: object) -> bool:
    """Whether a value is a mapping, shown as a table of its own."""
    return isinstance(value, Mapping) and bool(value)


def _title(path: str, doc: str) -> str:
    return f"{path}: {_label(doc)}" if doc else path


def _provenance(value: object) -> str:
    source = getattr(value, "source", None)
    if isinstance(source, Source):
        return f"Provenance: {source.value} ({SOURCE_WORDS[source]})."
    return ""


def _join(*parts: str) -> str:
    return " ".join(part for part in parts if part)


class ParamsWalker:
    """Turns an edition's parameter tree into tables, depth first, in declaration order."""

    def __init__(self) -> None:
        self.tables: list[Table] = []
        self.goods: tuple[GoodSpec, ...] = ()

    def root(self, params: object) -> None:
        """Walk an edition's parameters: a record from its fields, anything else as one value."""
        if not _is_record(params):
            self.other("params", "", params, "")
            return
        self.record(params, "", "")

    def other(self, path: str, doc: str, value: object, note: str) -> None:
        """Route one value to the table its shape calls for."""
        if _is_goods(value):
            self.goods = self.goods or value  # type: ignore[assignment]
        elif _is_record(value):
            self.record(value, path, doc)
        elif _is_records(value):
            self.records(value, path, doc)  # type: ignore[arg-type]
        elif isinstance(value, Mapping):
            self.mapping(value, path, doc)
        else:
            self.tables.append(Table(_title(path, doc), ("value",), ((cell(value),),), note))

    def record(self, value: object, path: str, doc: str) -> None:
        """A record: its plain fields in one key/value table, then one table per nested value."""
        cls = type(value)
        docs = _field_docs(cls)
        rows: list[tuple[str, str, str]] = []
        nested: list[tuple[str, str, object]] = []
        for field in record_fields(cls):
            item = getattr(value, field.name)
            if field.name == "source" and isinstance(item, Source):
                continue
            key = f"{path}.{field.name}" if path else field.name
            if _is_goods(item) or _is_record(item) or _is_records(item) or _is_table(item):
                nested.append((key, docs.get(field.name, ""), item))
            else:
                rows.append((field.name, cell(item), docs.get(field.name, "")))
        if not path:  # the root's plain numbers come after its tables
            for key, field_doc, item in nested:
                self.other(key, field_doc, item, "")
            nested = []
        if rows:
            title = _title(path, doc or _summary(cls)) if path else "Other numbers"
            note = _join(_summary(cls) if doc and path else "", _provenance(value))
            if any(meaning for _, _, meaning in rows):
                self.tables.append(Table(title, ("key", "value", "meaning"), tuple(rows), note))
            else:
                plain = tuple((key, cell) for key, cell, _ in rows)
                self.tables.append(Table(title, ("key", "value"), plain, note))
        for key, field_doc, item in nested:
            self.other(key, field_doc, item, "")

    def records(self, items: Sequence[Any], path: str, doc: str) -> None:
        """A tuple of records: one row each, one column per field."""
        columns: list[str] = []
        docs: dict[str, str] = {}
        for item in items:
            docs = {**_field_docs(type(item)), **docs}
            for field in record_fields(type(item)):
                if field.name not in columns:
                    columns.append(field.name)
        rows = tuple(
            tuple(cell(getattr(item, name)) if hasattr(item, name) else "" for name in columns)
            for item in items
        )
        meanings = "; ".join(
            f"{name}: {_label(docs[name])}"
            for name in columns
            if docs.get(name) and name != "source"
        )
        summary = _summary(type(items[0]))
        note = _join(summary if doc else "", f"Columns: {meanings}." if meanings else "")
        self.tables.append(Table(_title(path, doc or summary), tuple(columns), rows, note))

    def mapping(self, value: Mapping[Any, Any], path: str, doc: str) -> None:
        """A mapping: its keys and values, two columns."""
        rows = tuple((cell(key), cell(item)) for key, item in value.items())
        self.tables.append(Table(_title(path, doc), ("key", "value"), rows))


def params_section(rules: Ruleset, walker: ParamsWalker) -> Section:
    """Return the section ``Numbers and tables``: the walker's tables, and what they are."""
    tables = tuple(walker.tables)
    intro = (
        "The edition's numbers and tables, as its files declare them. Each table is named by "
        "its key (the keys that 'serenissima compare' uses), and says where its figures come "
        "from when the files record it."
    )
    if rules.params is None:
        intro = "This ruleset declares no numbers of its own."
    return Section("Numbers and tables", intro, tables)
