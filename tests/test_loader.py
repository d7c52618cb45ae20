"""Tests of the declarative-file machinery: finding files, structuring TOML, shared checks."""

from __future__ import annotations

import importlib.resources
from collections.abc import Callable
from pathlib import Path

import pytest

from serenissima.engine.errors import RulesetError
from serenissima.engine.loader import (
    RulesetFiles,
    check_entries,
    check_member,
    check_range,
    check_unique,
    load_board,
    load_info,
    load_options,
    structure,
)
from serenissima.engine.spec import (
    AreaSpec,
    BoardSpec,
    GoodSpec,
    OptionKind,
    OptionSpec,
    PortSpec,
    Source,
)

INFO = """\
[ruleset]
id = "tiny"
name = "Tiny"
edition = "modern"
version = "0.1.0"
year = 2012
players = [2, 3]
"""

BOARD = """\
name = "Three seas"
edges = [
    { a = "north", b = "middle", source = "reconstructed" },
    { a = "middle", b = "south", source = "reconstructed" },
]

[[areas]]
id = "north"
name = "North"
source = "stated"

[[areas]]
id = "middle"
name = "Middle"
source = "reconstructed"

[[areas]]
id = "south"
name = "South"
source = "public"

[[ports]]
id = "alpha"
name = "Alpha"
area = "north"
good = "wood"
warehouse = 3
start = true
source = "stated"

[[ports]]
id = "beta"
name = "Beta"
area = "south"
good = "wine"
warehouse = 2
source = "reconstructed"
"""

OPTIONS = """\
[[option]]
name = "flag"
kind = "bool"
default = true
rule_id = "X-1"
description = "A switch."

[[option]]
name = "pick"
kind = "choice"
values = ["one", "two"]
default = "one"
rule_id = "X-2"
description = "A choice."
players = [2]

[[option]]
name = "closed"
kind = "ports"
values = ["random"]
default = ["alpha", "beta"]
rule_id = "X-3"
description = "Some ports."
"""


def write(folder: Path, **files: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / f"{name}.toml").write_text(text, encoding="utf-8")
    return folder


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    return write(tmp_path / "tiny", ruleset=INFO, board=BOARD, options=OPTIONS)


def broken(folder: Path, name: str, old: str, new: str) -> RulesetFiles:
    """Replace the first ``old`` by ``new`` in file ``name`` and return the folder's files."""
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return RulesetFiles(folder)


def error(call: Callable[..., object], *args: object, **kwargs: object) -> RulesetError:
    with pytest.raises(RulesetError) as caught:
        call(*args, **kwargs)
    return caught.value


# --- RulesetFiles ---------------------------------------------------------------------------


def test_files_reads_toml_from_a_path_or_a_string(tiny: Path) -> None:
    assert RulesetFiles(tiny).toml("ruleset.toml")["ruleset"]["id"] == "tiny"
    assert RulesetFiles(str(tiny)).toml("board.toml")["name"] == "Three seas"


def test_files_accept_a_package_traversable() -> None:
    folder = importlib.resources.files("serenissima_rulesets") / "modern"
    files = RulesetFiles(folder)
    assert files.folder == folder
    assert files.toml("ruleset.toml")["ruleset"]["id"] == "modern"


def test_files_fall_back_on_the_base_for_missing_files(tiny: Path, tmp_path: Path) -> None:
    variant = write(tmp_path / "variant", board=BOARD.replace("Three seas", "Other seas"))
    files = RulesetFiles(variant, base=RulesetFiles(tiny))
    assert files.base is not None
    assert files.toml("board.toml")["name"] == "Other seas"  # the variant's own file wins
    assert files.toml("options.toml")["option"][0]["name"] == "flag"  # from the base
    assert (files.has_own("board.toml"), files.has_own("options.toml")) == (True, False)
    assert (files.exists("options.toml"), files.exists("rules.toml")) == (True, False)


def test_files_return_a_fresh_copy_each_time(tiny: Path) -> None:
    files = RulesetFiles(tiny)
    first = files.toml("board.toml")
    first["name"] = "changed"
    assert files.toml("board.toml")["name"] == "Three seas"


def test_missing_file_names_the_file(tiny: Path) -> None:
    exc = error(RulesetFiles(tiny).toml, "rules.toml")
    assert (exc.file, exc.key) == ("rules.toml", "")
    assert exc.expected.startswith("file not found in the ruleset folder")


def test_missing_file_mentions_the_base_when_there_is_one(tiny: Path, tmp_path: Path) -> None:
    files = RulesetFiles(write(tmp_path / "variant"), base=RulesetFiles(tiny))
    assert "or its base" in error(files.toml, "rules.toml").expected


def test_invalid_toml_gives_line_and_column(tiny: Path) -> None:
    files = broken(tiny, "board.toml", "warehouse = 3", "warehouse = = 3")
    exc = error(files.toml, "board.toml")
    assert (exc.file, exc.key) == ("board.toml", "")
    assert exc.expected.startswith("expected valid TOML: ")
    assert exc.expected.endswith("(at line 27, column 13)")


def test_non_utf8_file_is_a_ruleset_error(tiny: Path) -> None:
    (tiny / "board.toml").write_bytes(b'name = "\xff"\n')
    assert error(RulesetFiles(tiny).toml, "board.toml").expected.startswith("expected UTF-8 text")


# --- structure ------------------------------------------------------------------------------

PORT = {"id": "p", "name": "P", "area": "a", "good": "wood", "warehouse": 3, "source": "stated"}


def board_data(**port: object) -> dict[str, object]:
    return {"name": "B", "areas": [], "edges": [], "ports": [PORT, PORT, {**PORT, **port}]}


def test_structure_builds_frozen_specs_with_defaults() -> None:
    board = structure(board_data(), BoardSpec, file="board.toml")
    assert board.ports[2] == PortSpec("p", "P", "a", "wood", 3, Source.STATED)
    assert board.note == ""


@pytest.mark.parametrize(
    ("change", "key", "expected"),
    [
        ({"warehouse": "five"}, "ports[2].warehouse", "expected an integer, got 'five'"),
        ({"warehouse": 2.5}, "ports[2].warehouse", "expected an integer, got 2.5"),
        ({"warehouse": True}, "ports[2].warehouse", "expected an integer, got true"),
        ({"name": 7}, "ports[2].name", "expected a string, got 7"),
        ({"start": "yes"}, "ports[2].start", "expected true or false, got 'yes'"),
        ({"start": 1}, "ports[2].start", "expected true or false, got 1"),
        ({"capital_of": ["x"]}, "ports[2].capital_of", "expected a string, got a list"),
        (
            {"source": "guess"},
            "ports[2].source",
            "expected one of stated, public, reconstructed, got 'guess'",
        ),
        (
            {"colour2": "red"},
            "ports[2]",
            (
                "unknown key 'colour2' (expected one of area, capital_of, good, id, name, note, "
                "source, start, warehouse)"
            ),
        ),
    ],
)
def test_structure_reports_the_key_path_and_the_expectation(
    change: dict[str, object], key: str, expected: str
) -> None:
    exc = error(structure, board_data(**change), BoardSpec, file="")
    assert (exc.file, exc.key, exc.expected) == ("", key, expected)


def test_structure_prefixes_the_key_path_it_is_given() -> None:
    with pytest.raises(RulesetError) as caught:
        structure(board_data(warehouse="five"), BoardSpec, file="x.toml", key="board")
    assert str(caught.value) == "x.toml: board.ports[2].warehouse: expected an integer, got 'five'"


def test_missing_key_is_reported_with_its_path() -> None:
    data = board_data()
    data["ports"] = [PORT, {k: v for k, v in PORT.items() if k != "warehouse"}]
    exc = error(lambda: structure(data, BoardSpec, file="board.toml"))
    assert (exc.key, exc.expected) == ("ports[1].warehouse", "required key missing")


def test_misspelt_key_is_reported_as_missing_with_the_unknown_key() -> None:
    data = {k: v for k, v in PORT.items() if k != "warehouse"}
    exc = error(
        lambda: structure({**data, "wharehouse": 3}, PortSpec, file="board.toml", key="ports[0]")
    )
    assert exc.key == "ports[0].warehouse"
    assert exc.expected == "required key missing (found unknown key 'wharehouse')"


def test_tables_and_lists_are_required_where_the_schema_says() -> None:
    exc = error(
        lambda: structure(
            {"name": "B", "areas": [5], "ports": [], "edges": []}, BoardSpec, file="f"
        )
    )
    assert (exc.key, exc.expected) == ("areas[0]", "expected a table, got 5")
    exc = error(
        lambda: structure(
            {"name": "B", "areas": "north", "ports": [], "edges": []}, BoardSpec, file="f"
        )
    )
    assert (exc.key, exc.expected) == ("areas", "expected a list, got 'north'")
    exc = error(lambda: structure([1], AreaSpec, file="f"))
    assert (exc.key, exc.expected) == ("", "expected a table, got a list")


def test_an_omitted_optional_key_without_default_is_none() -> None:
    good = structure(
        {"id": "salt", "name": "Salt", "colour": "white", "source": "public"}, GoodSpec, file="f"
    )
    assert good.supply is None


def test_option_defaults_accept_strings_booleans_and_lists() -> None:
    base = {"name": "o", "kind": "ports", "rule_id": "X", "description": "d"}
    for given, wanted in (("a", "a"), (False, False), (["a", "b"], ("a", "b"))):
        option = structure({**base, "default": given}, OptionSpec, file="f")
        assert option.default == wanted
        assert option.kind is OptionKind.PORTS
    exc = error(lambda: structure({**base, "default": 3}, OptionSpec, file="f", key="option[0]"))
    assert (exc.key, exc.expected) == (
        "option[0].default",
        "expected a string, true or false, or a list of strings, got 3",
    )


# --- check helpers --------------------------------------------------------------------------


def test_check_range_messages() -> None:
    check_range(3, 1, 5, file="f", key="k")
    assert error(lambda: check_range(0, 1, 5, file="f", key="k")).expected == "expected 1..5, got 0"
    assert (
        error(lambda: check_range(0, 1, file="f", key="k")).expected == "expected at least 1, got 0"
    )
    assert (
        error(lambda: check_range(7, None, 6, file="f", key="k")).expected
        == "expected at most 6, got 7"
    )
    exc = error(lambda: check_range(16, 1, 15, file="r.toml", key="g", why="(components.galleys)"))
    assert str(exc) == "r.toml: g: expected 1..15 (components.galleys), got 16"


def test_check_entries_messages() -> None:
    check_entries([1, 2], 2, 6, file="f", key="k")
    exc = error(lambda: check_entries([], 2, 6, file="board.toml", key="ports[7].warehouse"))
    assert str(exc) == "board.toml: ports[7].warehouse: expected 2..6 entries, got 0"
    assert (
        error(lambda: check_entries([1], 3, 3, file="f", key="k")).expected
        == "expected 3 entries, got 1"
    )
    assert (
        error(lambda: check_entries([], 1, file="f", key="k")).expected
        == "expected at least 1 entry, got 0"
    )


def test_check_member_and_check_unique_messages() -> None:
    check_member("wood", ["wood", "wine"], file="f", key="k")
    exc = error(lambda: check_member("salt", ["wood", "wine"], file="f", key="k"))
    assert exc.expected == "expected one of wood, wine, got 'salt'"
    exc = error(lambda: check_member("x", ["a"], file="f", key="k", what="declared area"))
    assert exc.expected == "expected a declared area, got 'x'"
    check_unique(["a", "b"], file="f", key="ports[{}].id")
    exc = error(lambda: check_unique(["a", "b", "a"], file="f", key="ports[{}].id"))
    assert (exc.key, exc.expected) == (
        "ports[2].id",
        "expected a unique id, got 'a' again (first at ports[0].id)",
    )


# --- ruleset.toml ---------------------------------------------------------------------------


def test_load_info(tiny: Path) -> None:
    info = load_info(RulesetFiles(tiny))
    assert (info.id, info.edition, info.year, info.players) == ("tiny", "modern", 2012, (2, 3))


def test_load_info_skips_the_registry_keys(tiny: Path) -> None:
    files = broken(
        tiny, "ruleset.toml", "[ruleset]\n", '[ruleset]\nengine = "modern"\nbase = "modern"\n'
    )
    assert load_info(files).id == "tiny"


def test_load_info_inherits_missing_keys_from_the_base(tiny: Path, tmp_path: Path) -> None:
    variant = write(tmp_path / "variant", ruleset='[ruleset]\nid = "tiny-b"\nplayers = [2]\n')
    info = load_info(RulesetFiles(variant, base=RulesetFiles(tiny)))
    assert (info.id, info.name, info.players) == ("tiny-b", "Tiny", (2,))


@pytest.mark.parametrize(
    ("old", "new", "key", "expected"),
    [
        ("[ruleset]", "[identity]", "", "unknown key 'identity' (expected one of ruleset)"),
        ("year = 2012", 'year = "2012"', "ruleset.year", "expected an integer, got '2012'"),
        ("players = [2, 3]", "players = []", "ruleset.players", "expected at least 1 entry, got 0"),
        (
            "players = [2, 3]",
            "players = [2, 2]",
            "ruleset.players[1]",
            "expected a unique player count, got 2 again (first at ruleset.players[0])",
        ),
        ('id = "tiny"\n', "", "ruleset.id", "required key missing"),
    ],
)
def test_broken_ruleset_toml(tiny: Path, old: str, new: str, key: str, expected: str) -> None:
    exc = error(load_info, broken(tiny, "ruleset.toml", old, new))
    assert (exc.file, exc.key, exc.expected) == ("ruleset.toml", key, expected)


def test_ruleset_toml_without_its_table(tiny: Path) -> None:
    (tiny / "ruleset.toml").write_text("", encoding="utf-8")
    exc = error(load_info, RulesetFiles(tiny))
    assert (exc.file, exc.key, exc.expected) == ("ruleset.toml", "ruleset", "required key missing")


# --- board.toml -----------------------------------------------------------------------------


def test_load_board(tiny: Path) -> None:
    board = load_board(RulesetFiles(tiny))
    assert [a.id for a in board.areas] == ["north", "middle", "south"]
    assert [p.start for p in board.ports] == [True, False]
    assert board.areas[2].source is Source.PUBLIC


@pytest.mark.parametrize(
    ("old", "new", "key", "expected"),
    [
        (
            'id = "middle"',
            'id = "north"',
            "areas[1].id",
            "expected a unique id, got 'north' again (first at areas[0].id)",
        ),
        (
            'id = "beta"',
            'id = "alpha"',
            "ports[1].id",
            "expected a unique id, got 'alpha' again (first at ports[0].id)",
        ),
        (
            'area = "south"',
            'area = "atlantis"',
            "ports[1].area",
            "expected a declared area, got 'atlantis'",
        ),
        ("warehouse = 2", "warehouse = 0", "ports[1].warehouse", "expected at least 1, got 0"),
        ('b = "south"', 'b = "atlantis"', "edges[1].b", "expected a declared area, got 'atlantis'"),
        (
            'a = "middle", b = "south"',
            'a = "south", b = "south"',
            "edges[1]",
            "expected two different areas, got 'south' twice",
        ),
        (
            'a = "middle", b = "south"',
            'a = "middle", b = "north"',
            "edges[1]",
            "expected each edge once, got middle-north again (first at edges[0])",
        ),
        (
            '    { a = "middle", b = "south", source = "reconstructed" },\n',
            "",
            "edges",
            "expected a connected sea graph, but south cannot be reached from north",
        ),
        ("edges = [", "edges = 3\nold = [", "edges", "expected a list, got 3"),
    ],
)
def test_broken_board(tiny: Path, old: str, new: str, key: str, expected: str) -> None:
    exc = error(load_board, broken(tiny, "board.toml", old, new))
    assert (exc.file, exc.key, exc.expected) == ("board.toml", key, expected)


def test_board_without_areas(tiny: Path) -> None:
    (tiny / "board.toml").write_text(
        'name = "Empty"\nareas = []\nports = []\nedges = []\n', encoding="utf-8"
    )
    exc = error(load_board, RulesetFiles(tiny))
    assert (exc.key, exc.expected) == ("areas", "expected at least 1 entry, got 0")


def test_an_area_may_hold_no_port_or_several(tiny: Path) -> None:
    files = broken(tiny, "board.toml", 'area = "south"', 'area = "north"')
    board = load_board(files)
    assert [p.area for p in board.ports] == ["north", "north"]


# --- options.toml ---------------------------------------------------------------------------


def test_load_options(tiny: Path) -> None:
    flag, pick, closed = load_options(RulesetFiles(tiny))
    assert (flag.kind, flag.default, flag.values) == (OptionKind.BOOL, True, ())
    assert (pick.values, pick.players) == (("one", "two"), (2,))
    assert closed.default == ("alpha", "beta")


def test_an_option_may_name_player_counts_the_ruleset_does_not_offer(tiny: Path) -> None:
    # a variant for fewer players keeps its base's options: those for other counts apply to none
    files = broken(tiny, "options.toml", "players = [2]", "players = [2, 5]")
    assert load_options(files)[1].players == (2, 5)


@pytest.mark.parametrize(
    ("old", "new", "key", "expected"),
    [
        (
            'name = "pick"',
            'name = "flag"',
            "option[1].name",
            "expected a unique name, got 'flag' again (first at option[0].name)",
        ),
        (
            'default = "one"',
            'default = "three"',
            "option[1].default",
            "expected one of one, two, got 'three'",
        ),
        (
            "default = true",
            'default = "yes"',
            "option[0].default",
            "expected true or false, got 'yes'",
        ),
        (
            'kind = "bool"',
            'kind = "switch"',
            "option[0].kind",
            "expected one of choice, bool, ports, got 'switch'",
        ),
        (
            'kind = "bool"',
            'kind = "bool"\nvalues = ["x"]',
            "option[0].values",
            "expected no values for a bool option",
        ),
        (
            'values = ["one", "two"]',
            "values = []",
            "option[1].values",
            "expected at least 1 entry, got 0",
        ),
        (
            'default = "one"',
            "default = false",
            "option[1].default",
            "expected one of one, two, got false",
        ),
        (
            'default = ["alpha", "beta"]',
            "default = true",
            "option[2].default",
            "expected one of random or a list of port ids, got true",
        ),
        (
            'rule_id = "X-2"',
            'rule_id = " "',
            "option[1].rule_id",
            "expected a rule ID such as 'X-M-01', got ''",
        ),
        ("players = [2]", "players = [0]", "option[1].players[0]", "expected at least 1, got 0"),
        (
            "players = [2]",
            "players = [2, 2]",
            "option[1].players[1]",
            "expected a unique player count, got 2 again (first at option[1].players[0])",
        ),
        ('description = "A switch."\n', "", "option[0].description", "required key missing"),
        ("[[option]]", "[[options]]", "", "unknown key 'options' (expected one of option)"),
    ],
)
def test_broken_options(tiny: Path, old: str, new: str, key: str, expected: str) -> None:
    exc = error(load_options, broken(tiny, "options.toml", old, new))
    assert (exc.file, exc.key, exc.expected) == ("options.toml", key, expected)
