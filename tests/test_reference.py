"""The rules reference: sections generated from ruleset data, and their Markdown and text forms."""

from __future__ import annotations

import shutil
from pathlib import Path

import attrs
import pytest

import serenissima as ser
import toy
from serenissima.engine.ruleset import Ruleset
from serenissima.engine.spec import Source
from serenissima.reference import (
    EDGE_MARKS,
    Section,
    Table,
    format_markdown,
    format_text,
    ruleset_reference,
)

RULESETS = Path(__file__).resolve().parent.parent / "rulesets"
EDITIONS = ("modern", "classic")


def section(sections: tuple[Section, ...], title: str) -> Section:
    return next(s for s in sections if s.title == title)


def table(sec: Section, title: str) -> Table:
    return next(t for t in sec.tables if t.title == title)


def column(tab: Table, name: str) -> list[str]:
    index = tab.columns.index(name)
    return [row[index] for row in tab.rows]


@pytest.fixture(scope="module", params=EDITIONS)
def rules(request: pytest.FixtureRequest) -> Ruleset:
    return ser.load_ruleset(request.param)


def test_sections_in_order(rules: Ruleset) -> None:
    titles = [s.title for s in ruleset_reference(rules)]
    assert titles == ["Identity", "Numbers and tables", "Options", "Board", "Turn structure"]


def test_identity(rules: Ruleset) -> None:
    ident = table(section(ruleset_reference(rules), "Identity"), "Ruleset")
    values = dict(ident.rows)  # type: ignore[arg-type]
    info = rules.info
    assert values["name"] == info.name
    assert values["year"] == str(info.year)
    assert values["version"] == info.version
    assert values["players"] == ", ".join(str(n) for n in info.players)


def test_every_port_and_area_appears(rules: Ruleset) -> None:
    board = section(ruleset_reference(rules), "Board")
    spec = rules.board.spec
    assert column(table(board, "Ports"), "port") == [p.id for p in spec.ports]
    assert column(table(board, "Ports"), "warehouse") == [str(p.warehouse) for p in spec.ports]
    assert column(table(board, "Sea areas"), "area") == [a.id for a in spec.areas]
    assert column(table(board, "Adjacency"), "area") == [a.id for a in spec.areas]
    kinds = dict(
        zip(
            column(table(board, "Sea areas"), "area"),
            column(table(board, "Sea areas"), "kind"),
            strict=True,
        )
    )
    for area in spec.areas:
        expected = "coastal" if rules.board.ports_in(area.id) else "high sea"
        assert kinds[area.id] == expected


def test_adjacency_marks_each_edge_with_its_provenance(rules: Ruleset) -> None:
    adjacency = table(section(ruleset_reference(rules), "Board"), "Adjacency")
    rows = {row[0]: row[2].split(", ") for row in adjacency.rows}
    names = {a.id: a.name for a in rules.board.spec.areas}
    for edge in rules.board.spec.edges:
        mark = EDGE_MARKS[edge.source]
        assert f"{names[edge.b]}{mark}" in rows[edge.a]
        assert f"{names[edge.a]}{mark}" in rows[edge.b]
    assert sum(len(v) for v in rows.values()) == 2 * len(rules.board.spec.edges)
    assert "reconstructed" in adjacency.note
    assert "*" in adjacency.note


def test_modern_stated_edge_is_unmarked() -> None:
    adjacency = table(section(ruleset_reference(ser.load_ruleset("modern")), "Board"), "Adjacency")
    valencia = next(row for row in adjacency.rows if row[0] == "valencia")[2].split(", ")
    assert "Algiers" in valencia
    assert "Marseille*" in valencia


def test_params_tables_show_values_and_provenance(rules: Ruleset) -> None:
    params = section(ruleset_reference(rules), "Numbers and tables")
    costs = next(t for t in params.tables if t.title.startswith("costs"))
    assert {row[0]: row[1] for row in costs.rows}["fort"] == str(rules.params.costs.fort)
    assert f"Provenance: {rules.params.costs.source.value}" in costs.note
    setup = next(t for t in params.tables if t.title.startswith("setup"))
    assert column(setup, "players") == [str(s.players) for s in rules.params.setup]
    assert "source" in setup.columns


def test_classic_field_docs_label_the_rows() -> None:
    params = section(ruleset_reference(ser.load_ruleset("classic")), "Numbers and tables")
    galley = next(t for t in params.tables if t.title.startswith("galley"))
    assert galley.columns == ("key", "value", "meaning")
    meaning = {row[0]: row[2] for row in galley.rows}
    assert "C-MOVE-1" in meaning["moves_per_sailor"]
    full = next(t for t in params.tables if t.title.startswith("wealth.full_ports"))
    assert full.columns == ("warehouse", "points")


def test_goods_come_from_the_params(rules: Ruleset) -> None:
    goods = table(section(ruleset_reference(rules), "Board"), "Goods")
    assert column(goods, "good") == [g.id for g in rules.params.goods]
    for good, count in zip(column(goods, "good"), column(goods, "ports"), strict=True):
        assert int(count) == sum(p.good == good for p in rules.board.ports)


def test_options_and_phases(rules: Ruleset) -> None:
    sections = ruleset_reference(rules)
    options = table(section(sections, "Options"), "Rule options")
    assert column(options, "option") == [o.name for o in rules.options]
    for option, players in zip(rules.options, column(options, "players"), strict=True):
        assert players == (", ".join(map(str, option.players)) if option.players else "all")
    phases = table(section(sections, "Turn structure"), "Phases")
    assert column(phases, "phase") == [p.name for p in rules.engine.phases()]
    chance = [p.chance for p in rules.engine.phases()]
    assert column(phases, "decided by") == ["chance" if c else "player" for c in chance]


def test_a_change_to_a_copied_folder_shows_up(tmp_path: Path) -> None:
    folder = tmp_path / "variant"
    shutil.copytree(
        RULESETS / "modern", folder, ignore=shutil.ignore_patterns("*.py", "__pycache__")
    )
    board = folder / "board.toml"
    text = board.read_text(encoding="utf-8")
    old_edge = '{ a = "valencia", b = "marseille", source = "reconstructed" }'
    assert old_edge in text
    text = text.replace(old_edge, '{ a = "valencia", b = "marseille", source = "public" }')
    text = text.replace(
        'name = "Ragusa"\narea = "ragusa"\ngood = "stone"\nwarehouse = 3',
        'name = "Ragusa"\narea = "ragusa"\ngood = "stone"\nwarehouse = 4',
    )
    board.write_text(text, encoding="utf-8")
    rules_file = folder / "rules.toml"
    rules_text = rules_file.read_text(encoding="utf-8")
    assert "fort = 2 " in rules_text
    rules_file.write_text(rules_text.replace("fort = 2 ", "fort = 9 ", 1), encoding="utf-8")
    sections = ruleset_reference(ser.load_ruleset(folder))
    ports = table(section(sections, "Board"), "Ports")
    assert (
        dict(zip(column(ports, "port"), column(ports, "warehouse"), strict=True))["ragusa"] == "4"
    )
    adjacency = table(section(sections, "Board"), "Adjacency")
    valencia = next(row for row in adjacency.rows if row[0] == "valencia")[2].split(", ")
    assert "Marseille+" in valencia
    costs = next(
        t for t in section(sections, "Numbers and tables").tables if t.title.startswith("costs")
    )
    assert {row[0]: row[1] for row in costs.rows}["fort"] == "9"


def test_a_third_party_ruleset_with_a_mapping_and_no_goods() -> None:
    sections = ruleset_reference(toy.make_rules())
    params = section(sections, "Numbers and tables")
    faces = next(t for t in params.tables if "faces" in t.title)
    assert faces.rows == (("d6", "6"), ("d4", "4"))
    goods = table(section(sections, "Board"), "Goods")
    assert goods.columns == ("good", "ports")


@attrs.frozen
class _Documented:
    """Numbers documented by field metadata."""

    speed: int = attrs.field(metadata={"doc": "How fast it goes."})
    source: Source = Source.PUBLIC


@attrs.frozen
class _Params:
    engine: _Documented


def test_field_metadata_labels_rows() -> None:
    rules = toy.make_rules()
    rules.params = _Params(_Documented(3))
    params = section(ruleset_reference(rules), "Numbers and tables")
    (tab,) = params.tables
    assert tab.rows == (("speed", "3", "How fast it goes."),)
    assert "Provenance: public" in tab.note


# --- formatting -------------------------------------------------------------------------------


SAMPLE = (
    Section(
        "Odd | title",
        "An intro with *stars* and under_scores.",
        (
            Table(
                "Cells",
                ("key", "value"),
                (("a|b", "x*y"), ("c_d", "<tag> [link]")),
                "A note with a | bar.",
            ),
        ),
    ),
)


def test_markdown_headings_tables_and_escaping() -> None:
    text = format_markdown(SAMPLE)
    lines = text.splitlines()
    assert lines[0] == "## Odd \\| title"
    assert "### Cells" in lines
    assert "| key | value |" in lines
    assert "| --- | --- |" in lines
    assert "| a\\|b | x\\*y |" in lines
    assert "| c\\_d | &lt;tag&gt; \\[link\\] |" in lines
    assert "A note with a \\| bar." in lines
    assert "An intro with \\*stars\\* and under\\_scores." in lines
    assert text.endswith("\n")


def test_markdown_rows_have_as_many_cells_as_columns(rules: Ruleset) -> None:
    for line in format_markdown(ruleset_reference(rules)).splitlines():
        if line.startswith("| "):
            cells = line.replace("\\|", "").count("|") - 1
            assert cells >= 1
    tables = [t for s in ruleset_reference(rules) for t in s.tables]
    text = format_markdown(ruleset_reference(rules))
    assert text.count("\n### ") == len(tables)


def test_text_aligns_columns() -> None:
    tab = Table("T", ("key", "value"), (("a", "1"), ("longer", "22")))
    lines = format_text([Section("S", "", (tab,))]).splitlines()
    assert lines[:2] == ["S", "="]
    body = lines[lines.index("T") + 2 :]
    assert body == ["key     value", "------  -----", "a       1", "longer  22"]


def test_text_wraps_long_cells_within_the_width() -> None:
    long = "word " * 40
    tab = Table("T", ("key", "text"), (("k", long.strip()),), "note " * 30)
    text = format_text([Section("S", "intro " * 30, (tab,))], width=40)
    lines = text.splitlines()
    assert all(len(line) <= 40 for line in lines)
    body = [line for line in lines if line.startswith("k ")]
    assert len(body) == 1
    assert sum(line.count("word") for line in lines) == 40


def test_text_breaks_identifiers_after_underscores() -> None:
    tab = Table("T", ("a_long_identifier_name", "b"), (("x", "y " * 30),))
    lines = format_text([Section("S", "", (tab,))], width=30).splitlines()
    assert all(len(line) <= 30 for line in lines)
    assert any(line.startswith("a_long_") for line in lines)


def test_text_of_both_editions_fits(rules: Ruleset) -> None:
    for width in (60, 100, 140):
        text = format_text(ruleset_reference(rules), width=width)
        assert max(len(line) for line in text.splitlines()) <= width
        for port in rules.board.spec.ports:
            assert port.id in text
