"""A ruleset's rules reference, generated from its loaded data.

:func:`ruleset_reference` reads a loaded :class:`~serenissima.engine.ruleset.Ruleset`
and nothing else: its identity, the edition's typed parameters (walked field
by field, whatever their classes), its options, its board and the turn
structure its engine declares. It works for any ruleset, a third party's
included, and returns plain :class:`Section` and :class:`Table` values that
:func:`format_markdown` (for the documentation) and :func:`format_text` (for a
terminal) turn into text.

Provenance is shown wherever the data carry it: each parameter table, good,
port, area and edge says whether it is stated by the rules, found in public
descriptions of the game, or reconstructed for this project.

Example:
    >>> import serenissima as ser
    >>> from serenissima.reference import ruleset_reference, format_text
    >>> sections = ruleset_reference(ser.load_ruleset("modern"))
    >>> [section.title for section in sections]
    ['Identity', 'Numbers and tables', 'Options', 'Board', 'Turn structure']
    >>> print(format_text(sections[:1], width=60).splitlines()[0])
    Identity
"""

from __future__ import annotations

import enum
import inspect
import re
import textwrap
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

import attrs

from serenissima.engine.spec import GoodSpec, OptionKind, OptionSpec, Source

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__ = [
    "EDGE_MARKS",
    "Section",
    "Table",
    "format_markdown",
    "format_text",
    "ruleset_reference",
]

EDGE_MARKS: Mapping[Source, str] = {
    Source.STATED: "",
    Source.PUBLIC: "+",
    Source.RECONSTRUCTED: "*",
}
"""The mark that follows a neighbour in the adjacency table, by the edge's provenance."""

_SOURCE_WORDS = {
    Source.STATED: "given by a rule text of the edition",
    Source.PUBLIC: "found in public descriptions of the game",
    Source.RECONSTRUCTED: "chosen for this project; the printed game may differ",
}


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


def _cell(value: object) -> str:
    """Write a value as the text of one cell."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        return _cell(value.value)
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, str | int):
        return str(value)
    if isinstance(value, Mapping):
        return ", ".join(f"{_cell(k)}: {_cell(v)}" for k, v in value.items()) or "none"
    if isinstance(value, frozenset | set):
        return ", ".join(sorted(_cell(v) for v in value)) or "none"
    if isinstance(value, tuple | list):
        return ", ".join(_cell(v) for v in value) or "none"
    if attrs.has(type(value)):
        fields = _fields(type(value))
        return "; ".join(f"{f.name} {_cell(getattr(value, f.name))}" for f in fields)
    return str(value)


def _fields(cls: type) -> tuple[attrs.Attribute[Any], ...]:
    """Return the fields of an ``attrs`` class."""
    found: tuple[attrs.Attribute[Any], ...] = attrs.fields(cast(Any, cls))
    return found


def _sentence(text: str) -> str:
    """Collapse the whitespace of a paragraph."""
    return " ".join(text.split())


# --- documentation of parameter classes -----------------------------------------------------

_FIELD_LINE = re.compile(r"^(\w+)(?: \([^)]*\))?: ?(.*)$")


def _docstring(cls: type) -> str:
    doc = cls.__dict__.get("__doc__")
    return inspect.cleandoc(doc) if isinstance(doc, str) else ""


def _summary(cls: type) -> str:
    """Return the first paragraph of a class's own docstring, on one line."""
    return _sentence(_docstring(cls).split("\n\n", 1)[0])


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
        for field in _fields(cls):
            for key in ("doc", "label", "description"):
                text = field.metadata.get(key)
                if isinstance(text, str) and text:
                    docs[field.name] = text
                    break
    return {name: _sentence(text.replace("``", "")) for name, text in docs.items()}


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
        return f"Provenance: {source.value} ({_SOURCE_WORDS[source]})."
    return ""


def _join(*parts: str) -> str:
    return " ".join(part for part in parts if part)


class _ParamsWalker:
    """Turns an edition's parameter tree into tables, depth first, in declaration order."""

    def __init__(self) -> None:
        self.tables: list[Table] = []
        self.goods: tuple[GoodSpec, ...] = ()

    def root(self, params: object) -> None:
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
            self.tables.append(Table(_title(path, doc), ("value",), ((_cell(value),),), note))

    def record(self, value: object, path: str, doc: str) -> None:
        """A record: its plain fields in one key/value table, then one table per nested value."""
        cls = type(value)
        docs = _field_docs(cls)
        rows: list[tuple[str, str, str]] = []
        nested: list[tuple[str, str, object]] = []
        for field in _fields(cls):
            item = getattr(value, field.name)
            if field.name == "source" and isinstance(item, Source):
                continue
            key = f"{path}.{field.name}" if path else field.name
            if _is_goods(item) or _is_record(item) or _is_records(item) or _is_table(item):
                nested.append((key, docs.get(field.name, ""), item))
            else:
                rows.append((field.name, _cell(item), docs.get(field.name, "")))
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
            for field in _fields(type(item)):
                if field.name not in columns:
                    columns.append(field.name)
        rows = tuple(
            tuple(_cell(getattr(item, name)) if hasattr(item, name) else "" for name in columns)
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
        rows = tuple((_cell(key), _cell(item)) for key, item in value.items())
        self.tables.append(Table(_title(path, doc), ("key", "value"), rows))


def _params_section(rules: Ruleset, walker: _ParamsWalker) -> Section:
    tables = tuple(walker.tables)
    intro = (
        "The edition's numbers and tables, as its files declare them. Each table is named by "
        "its key (the keys that 'serenissima compare' uses), and says where its figures come "
        "from when the files record it."
    )
    if rules.params is None:
        intro = "This ruleset declares no numbers of its own."
    return Section("Numbers and tables", intro, tables)


# --- sections -------------------------------------------------------------------------------


def _identity(rules: Ruleset) -> Section:
    info = rules.info
    rows = (
        ("id", info.id),
        ("name", info.name),
        ("edition", info.edition),
        ("year", str(info.year)),
        ("version", info.version),
        ("players", _cell(info.players)),
        ("board", rules.board.spec.name),
    )
    return Section(
        "Identity", _sentence(info.description), (Table("Ruleset", ("key", "value"), rows),)
    )


def _choices(option: OptionSpec) -> str:
    if option.kind is OptionKind.BOOL:
        return "true, false"
    listed = ", ".join(option.values)
    if option.kind is OptionKind.PORTS:
        return f"{listed}, or a list of port ids"
    return listed


def _default(option: OptionSpec) -> str:
    default = option.default
    if isinstance(default, bool):
        return "true" if default else "false"
    return _cell(default)


def _options(rules: Ruleset) -> Section:
    rows = tuple(
        (
            option.name,
            option.kind.value,
            _default(option),
            _choices(option),
            _cell(option.players) if option.players else "all",
            option.rule_id,
            _sentence(option.description),
        )
        for option in rules.options
    )
    table = Table(
        "Rule options",
        ("option", "kind", "default", "choices", "players", "rule", "what it does"),
        rows,
        "Pass an option as new_game(players, options={name: value}), or on the command line "
        "as --option NAME=VALUE. An option limited to some player counts applies to those only.",
    )
    intro = (
        "Options switch between readings of unclear rules, or turn variants on."
        if rows
        else "This ruleset declares no options."
    )
    return Section("Options", intro, (table,) if rows else ())


def _goods_table(rules: Ruleset, goods: tuple[GoodSpec, ...]) -> Table:
    producing = Counter(port.good for port in rules.board.ports)
    if goods:
        rows = tuple(
            (
                good.id,
                good.name,
                "unlimited" if good.supply is None else str(good.supply),
                good.colour,
                str(producing[good.id]),
                good.source.value,
            )
            for good in goods
        )
        columns = ("good", "name", "supply", "colour", "ports", "provenance")
        note = "Supply: cubes in the box. Ports: how many ports produce the good."
        return Table("Goods", columns, rows, note)
    counted = tuple((good, str(count)) for good, count in producing.items())
    return Table("Goods", ("good", "ports"), counted, "The goods the ports produce.")


def _role(rules: Ruleset, port_id: str) -> str:
    port = rules.board.port(port_id)
    roles = []
    if port.start:
        roles.append("starting port")
    if port.capital_of is not None:
        roles.append(f"capital of {port.capital_of}")
    return ", ".join(roles)


def _board(rules: Ruleset, goods: tuple[GoodSpec, ...]) -> Section:
    board = rules.board
    spec = board.spec
    names = {area.id: area.name for area in spec.areas}
    ports = Table(
        "Ports",
        ("port", "name", "area", "good", "warehouse", "role", "provenance", "note"),
        tuple(
            (
                p.id,
                p.name,
                p.area,
                p.good,
                str(p.warehouse),
                _role(rules, p.id),
                p.source.value,
                _sentence(p.note),
            )
            for p in spec.ports
        ),
        "Warehouse: the spaces of the port's warehouse. A port's provenance is that of its "
        "weakest datum; its note says which parts are better sourced.",
    )
    positioned = any(area.position is not None for area in spec.areas)
    area_rows = []
    for area in spec.areas:
        here = [board.ports[i].name for i in board.ports_in(area.id)]
        row = [
            area.id,
            area.name,
            "coastal" if here else "high sea",
            ", ".join(here),
            area.source.value,
        ]
        if positioned:
            row.append("" if area.position is None else _cell(area.position))
        area_rows.append(tuple(row))
    area_columns: tuple[str, ...] = ("area", "name", "kind", "ports", "provenance")
    area_note = "A coastal area has at least one port on its coast; a high sea has none."
    if positioned:
        area_columns += ("position",)
        area_note += (
            " Position: longitude and latitude in degrees, approximate, used only to draw "
            "the board."
        )
    areas = Table("Sea areas", area_columns, tuple(area_rows), area_note)
    edge_source: dict[frozenset[str], Source] = {
        frozenset((edge.a, edge.b)): edge.source for edge in spec.edges
    }
    adjacency_rows = tuple(
        (
            area,
            names[area],
            ", ".join(
                f"{names[other]}{EDGE_MARKS[edge_source[frozenset((area, other))]]}"
                for other in board.neighbours(area)
            ),
        )
        for area in board.areas
    )
    counts = Counter(edge.source for edge in spec.edges)
    tally = ", ".join(f"{counts[s]} {s.value}" for s in Source if counts[s])
    marks = "; ".join(
        f"{mark or 'no mark'}, {source.value} ({_SOURCE_WORDS[source]})"
        for source, mark in EDGE_MARKS.items()
    )
    adjacency = Table(
        "Adjacency",
        ("area", "name", "neighbours"),
        adjacency_rows,
        f"Each neighbour is one move away. Marks after a neighbour give the edge's "
        f"provenance: {marks}. Edges: {len(spec.edges)} ({tally}).",
    )
    intro = _sentence(spec.note) or f"The board {spec.name!r}."
    summary = f"{len(spec.areas)} sea areas, {len(spec.ports)} ports, {len(spec.edges)} edges."
    goods_table = _goods_table(rules, goods)
    return Section(
        "Board", f"{spec.name}: {summary} {intro}", (goods_table, ports, areas, adjacency)
    )


def _turns(rules: Ruleset) -> Section:
    phases = rules.engine.phases()
    rows = tuple(
        (
            str(number),
            phase.name,
            phase.kind,
            "chance" if phase.chance else "player",
            phase.rule_id,
            _sentence(phase.prompt),
            ", ".join(phase.actions),
        )
        for number, phase in enumerate(phases, 1)
    )
    table = Table(
        "Phases",
        ("#", "phase", "decision", "decided by", "rule", "what is decided", "actions"),
        rows,
        "Decided by chance: dice or cards give the outcome. Actions: the keywords of the "
        "actions' text forms in that phase.",
    )
    intro = "The phases of the edition in playing order, as the engine declares them."
    return Section("Turn structure", intro, (table,))


def ruleset_reference(rules: Ruleset) -> tuple[Section, ...]:
    """Return the reference of a ruleset, generated from its loaded data only.

    The sections are, in order: ``Identity`` (name, edition, year, version,
    players), ``Numbers and tables`` (the edition's parameters, one table per
    record or list of records, with their provenance), ``Options``, ``Board``
    (goods, ports, sea areas, adjacency with each edge's provenance) and
    ``Turn structure`` (the engine's phases).

    Args:
        rules: A loaded ruleset, installed or read from a folder.

    Returns:
        The sections, in reading order.

    Example:
        >>> import serenissima as ser
        >>> sections = ruleset_reference(ser.load_ruleset("classic"))
        >>> board = next(s for s in sections if s.title == "Board")
        >>> [table.title for table in board.tables]
        ['Goods', 'Ports', 'Sea areas', 'Adjacency']
    """
    walker = _ParamsWalker()
    if rules.params is not None:
        walker.root(rules.params)
    return (
        _identity(rules),
        _params_section(rules, walker),
        _options(rules),
        _board(rules, walker.goods),
        _turns(rules),
    )


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
        sections: The sections, e.g. from :func:`ruleset_reference`.

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
        sections: The sections, e.g. from :func:`ruleset_reference`.
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
