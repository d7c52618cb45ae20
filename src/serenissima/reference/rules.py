"""A ruleset's rules reference, generated from its loaded data.

:func:`ruleset_reference` reads a loaded :class:`~serenissima.engine.ruleset.Ruleset`
and nothing else: its identity, the edition's typed parameters (walked field
by field, whatever their classes), its options, its board and the turn
structure its engine declares. It works for any ruleset, a third party's
included, and returns plain :class:`~serenissima.reference.tables.Section` and
:class:`~serenissima.reference.tables.Table` values that
:func:`~serenissima.reference.formats.format_markdown` (for the documentation)
and :func:`~serenissima.reference.formats.format_text` (for a terminal) turn
into text. The edition's parameters are walked by
:mod:`~serenissima.reference.params`; the identity, options, board and turn
structure are read here.

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

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING

from serenissima.engine.flow import describe_stages
from serenissima.engine.spec import GoodSpec, OptionKind, OptionSpec, Source
from serenissima.reference.params import ParamsWalker, params_section
from serenissima.reference.tables import SOURCE_WORDS, Section, Table, cell, sentence

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__ = ["EDGE_MARKS", "ruleset_reference"]

EDGE_MARKS: Mapping[Source, str] = {
    Source.STATED: "",
    Source.PUBLIC: "+",
    Source.RECONSTRUCTED: "*",
}
"""The mark that follows a neighbour in the adjacency table, by the edge's provenance."""


def _identity(rules: Ruleset) -> Section:
    info = rules.info
    rows = (
        ("id", info.id),
        ("name", info.name),
        ("edition", info.edition),
        ("year", str(info.year)),
        ("version", info.version),
        ("players", cell(info.players)),
        ("board", rules.board.spec.name),
    )
    return Section(
        "Identity", sentence(info.description), (Table("Ruleset", ("key", "value"), rows),)
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
    return cell(default)


def _options(rules: Ruleset) -> Section:
    rows = tuple(
        (
            option.name,
            option.kind.value,
            _default(option),
            _choices(option),
            cell(option.players) if option.players else "all",
            option.rule_id,
            sentence(option.description),
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
                sentence(p.note),
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
            row.append("" if area.position is None else cell(area.position))
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
        f"{mark or 'no mark'}, {source.value} ({SOURCE_WORDS[source]})"
        for source, mark in EDGE_MARKS.items()
    )
    adjacency = Table(
        "Adjacency",
        ("area", "name", "neighbours"),
        adjacency_rows,
        f"Each neighbour is one move away. Marks after a neighbour give the edge's "
        f"provenance: {marks}. Edges: {len(spec.edges)} ({tally}).",
    )
    intro = sentence(spec.note) or f"The board {spec.name!r}."
    summary = f"{len(spec.areas)} sea areas, {len(spec.ports)} ports, {len(spec.edges)} edges."
    goods_table = _goods_table(rules, goods)
    return Section(
        "Board", f"{spec.name}: {summary} {intro}", (goods_table, ports, areas, adjacency)
    )


def _turns(rules: Ruleset) -> Section:
    phases = describe_stages(rules.flow, rules.engine)
    rows = tuple(
        (
            str(number),
            phase.name,
            phase.kind,
            "chance" if phase.chance else "player",
            phase.rule_id,
            sentence(phase.prompt),
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
    walker = ParamsWalker()
    if rules.params is not None:
        walker.root(rules.params)
    return (
        _identity(rules),
        params_section(rules, walker),
        _options(rules),
        _board(rules, walker.goods),
        _turns(rules),
    )
