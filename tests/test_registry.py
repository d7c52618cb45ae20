"""Tests of ruleset discovery: entry-point plug-ins, folders, bases and the cache.

A throw-away distribution registers test plug-ins under the entry-point group
exactly as a third-party package would. Their engine is a stand-in that only
reads the modern edition's files, so these tests do not depend on the modern
engine's logic.
"""

from __future__ import annotations

import importlib.resources
import shutil
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from serenissima.engine import registry
from serenissima.engine.errors import RulesetError
from serenissima.engine.registry import RulesetPlugin, available_rulesets, get_plugin, load_ruleset
from serenissima.engine.ruleset import Ruleset
from serenissima_rulesets.modern.params import ModernParams

MODERN = Path(str(importlib.resources.files("serenissima_rulesets") / "modern"))

PLUGIN_MODULE = """
from pathlib import Path

from serenissima.engine.registry import RulesetPlugin
from serenissima_rulesets.modern.loading import load_modern_params
from serenissima_rulesets.modern.setup.start import OPTION_SCHEMA


class StandInEngine:
    edition = "modern"
    option_schema = OPTION_SCHEMA

    def load_params(self, files, board):
        return load_modern_params(files, board)


class SchemaLessEngine:
    edition = "modern"

    def load_params(self, files, board):
        return load_modern_params(files, board)


EDITION = RulesetPlugin(name="fake", folder=Path({folder!r}), engine=StandInEngine())
SCHEMA_LESS = RulesetPlugin(
    name="fake-schema-less", folder=Path({folder!r}), engine=SchemaLessEngine()
)
MISNAMED = RulesetPlugin(name="other", folder=Path({folder!r}), engine=StandInEngine())
NOT_A_PLUGIN = "modern"
"""

ENTRY_POINTS = """
[serenissima.rulesets]
fake = fake_serenissima_plugin:EDITION
fake-misnamed = fake_serenissima_plugin:MISNAMED
fake-not-a-plugin = fake_serenissima_plugin:NOT_A_PLUGIN
fake-missing = fake_serenissima_plugin:NO_SUCH_NAME
fake-schema-less = fake_serenissima_plugin:SCHEMA_LESS
"""


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture
def fake(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Install the test plug-ins; return the folder of the ruleset ``fake`` (a modern copy)."""
    folder = tmp_path / "fake_ruleset"
    shutil.copytree(MODERN, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    edit(folder / "ruleset.toml", 'id = "modern"', 'id = "fake"')
    edit(folder / "ruleset.toml", 'engine = "modern"', 'engine = "fake"')
    site = tmp_path / "site"
    info = site / "fake_serenissima_plugin-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: fake-serenissima-plugin\nVersion: 0.1\n"
    )
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    (site / "fake_serenissima_plugin.py").write_text(PLUGIN_MODULE.format(folder=str(folder)))
    monkeypatch.syspath_prepend(str(site))
    registry._load_installed.cache_clear()
    yield folder
    registry._load_installed.cache_clear()
    sys.modules.pop("fake_serenissima_plugin", None)


def user_folder(tmp_path: Path, ruleset: str, **files: str) -> Path:
    folder = tmp_path / "user"
    folder.mkdir()
    (folder / "ruleset.toml").write_text(textwrap.dedent(ruleset), encoding="utf-8")
    for name, text in files.items():
        (folder / f"{name}.toml").write_text(text, encoding="utf-8")
    return folder


def error(name_or_path: str | Path) -> RulesetError:
    with pytest.raises(RulesetError) as caught:
        load_ruleset(name_or_path)
    return caught.value


# --- discovery ------------------------------------------------------------------------------


def test_the_shipped_editions_are_registered() -> None:
    names = available_rulesets()
    assert "modern" in names
    assert list(names) == sorted(names)


def test_an_unknown_name_lists_the_installed_rulesets() -> None:
    exc = error("chess")
    assert (exc.file, exc.key) == ("", "")
    names = ", ".join(available_rulesets())
    assert (
        exc.expected == f"expected an installed ruleset ({names}) or a ruleset folder, got 'chess'"
    )


def test_a_path_that_is_not_a_folder(tmp_path: Path) -> None:
    exc = error(tmp_path / "nowhere")
    assert exc.expected.startswith("expected a ruleset folder, but ")
    assert exc.expected.endswith("nowhere' is not a folder")


def test_plugins_are_found_through_their_entry_points(fake: Path) -> None:
    assert {"fake", "modern"} <= set(available_rulesets())
    plugin = get_plugin("fake")
    assert isinstance(plugin, RulesetPlugin)
    assert (plugin.name, plugin.folder) == ("fake", fake)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("fake-misnamed", "ruleset 'fake-misnamed': its plug-in calls itself 'other'"),
        (
            "fake-not-a-plugin",
            (
                "ruleset 'fake-not-a-plugin': expected "
                "fake_serenissima_plugin:NOT_A_PLUGIN to be a RulesetPlugin, got str"
            ),
        ),
    ],
)
def test_a_bad_entry_point_is_a_ruleset_error(fake: Path, name: str, expected: str) -> None:
    assert error(name).expected == expected


def test_an_entry_point_that_cannot_be_imported(fake: Path) -> None:
    exc = error("fake-missing")
    assert exc.expected.startswith(
        "ruleset 'fake-missing': cannot load fake_serenissima_plugin:NO_SUCH_NAME ("
    )


def test_an_engine_without_an_option_schema_is_a_ruleset_error(fake: Path) -> None:
    exc = error("fake-schema-less")
    assert (exc.file, exc.key) == ("", "")
    assert exc.expected == (
        "expected the 'modern' engine to declare option_schema, an OptionSchema "
        "(see serenissima.engine.options), got NoneType"
    )


# --- installed rulesets ---------------------------------------------------------------------


def test_an_installed_ruleset_loads_by_name_and_is_shared(fake: Path) -> None:
    rules = load_ruleset("fake")
    assert isinstance(rules, Ruleset)
    assert rules.info.id == "fake"
    assert len(rules.board.ports) == 19
    assert isinstance(rules.params, ModernParams)
    assert [o.name for o in rules.options][:2] == ["galley_capacity", "cv_between_battles"]
    assert load_ruleset("fake") is rules


def test_a_base_that_leads_back_to_itself(fake: Path) -> None:
    edit(fake / "ruleset.toml", 'engine = "fake"', 'engine = "fake"\nbase = "fake"')
    exc = error("fake")
    assert (exc.file, exc.key) == ("ruleset.toml", "ruleset.base")
    assert exc.expected == "expected a base that does not lead back here (fake -> fake)"


def test_a_broken_installed_ruleset_names_the_file(fake: Path) -> None:
    edit(fake / "board.toml", "warehouse = 5", 'warehouse = "five"')
    exc = error("fake")
    assert (exc.file, exc.key, exc.expected) == (
        "board.toml",
        "ports[0].warehouse",
        "expected an integer, got 'five'",
    )


# --- folders --------------------------------------------------------------------------------


def test_a_copied_folder_loads_with_the_engine_it_names(fake: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(fake, copy)
    rules = load_ruleset(copy)
    assert (rules.info.id, len(rules.board.areas)) == ("fake", 20)
    assert load_ruleset(str(copy)) is not rules  # folders are read afresh each time


def test_a_folder_with_its_own_board_and_the_rest_from_a_base(fake: Path, tmp_path: Path) -> None:
    board = (MODERN / "board.toml").read_text(encoding="utf-8")
    board = board.replace(
        'name = "Naples"\narea = "naples"\ngood = "marble"\nwarehouse = 4',
        ('name = "Napoli"\narea = "naples"\ngood = "marble"\nwarehouse = 3'),
    )
    folder = user_folder(
        tmp_path,
        """
        [ruleset]
        id = "modern-napoli"
        engine = "fake"
        base = "fake"
        """,
        board=board,
    )
    rules = load_ruleset(folder)
    assert (rules.info.id, rules.info.name, rules.info.players) == (
        "modern-napoli",
        "Serenissima, second edition",
        (2, 3, 4),
    )
    naples = rules.board.port("naples")
    assert (naples.name, naples.warehouse) == ("Napoli", 3)
    assert rules.params == load_ruleset("fake").params  # rules.toml comes from the base
    assert len(rules.options) == 16  # and so does options.toml


def test_a_folder_board_is_checked_against_the_base_rules(fake: Path, tmp_path: Path) -> None:
    board = (
        (MODERN / "board.toml")
        .read_text(encoding="utf-8")
        .replace('good = "spice"', 'good = "salt"', 1)
    )
    folder = user_folder(
        tmp_path, '[ruleset]\nid = "x"\nengine = "fake"\nbase = "fake"\n', board=board
    )
    exc = error(folder)
    assert (exc.file, exc.key) == ("board.toml", "ports[7].good")
    assert exc.expected == "expected one of wood, stone, marble, wine, gold, spice, got 'salt'"


@pytest.mark.parametrize(
    ("ruleset", "key", "expected"),
    [
        (
            '[ruleset]\nid = "x"\nbase = "fake"\n',
            "ruleset.engine",
            "required key missing (name the installed ruleset whose logic to use)",
        ),
        (
            '[ruleset]\nengine = 5\nbase = "fake"\n',
            "ruleset.engine",
            "expected the name of an installed ruleset, got 5",
        ),
        (
            '[ruleset]\nengine = "fake"\nbase = "fake"\nedition = "classic"\n',
            "ruleset.edition",
            "expected 'modern' (the engine's edition), got 'classic'",
        ),
        (
            '[ruleset]\nengine = "fake"\nbase = "fake"\nplayers = "four"\n',
            "ruleset.players",
            "expected a list, got 'four'",
        ),
        ('[ruleset]\nengine = "fake"\n', "ruleset.id", "required key missing"),
    ],
)
def test_broken_folder_ruleset_toml(
    fake: Path, tmp_path: Path, ruleset: str, key: str, expected: str
) -> None:
    exc = error(user_folder(tmp_path, ruleset))
    assert (exc.file, exc.key, exc.expected) == ("ruleset.toml", key, expected)


def test_an_unknown_engine_lists_the_installed_rulesets(fake: Path, tmp_path: Path) -> None:
    exc = error(user_folder(tmp_path, '[ruleset]\nengine = "chess"\n'))
    assert (exc.file, exc.key) == ("ruleset.toml", "ruleset.engine")
    assert (
        exc.expected
        == f"expected an installed ruleset ({', '.join(available_rulesets())}), got 'chess'"
    )


def test_a_folder_without_ruleset_toml(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    exc = error(tmp_path / "empty")
    assert (exc.file, exc.key) == ("ruleset.toml", "")
    assert exc.expected.startswith("file not found in the ruleset folder")


# --- the real modern edition ----------------------------------------------------------------


def modern_plugin() -> RulesetPlugin:
    from serenissima_rulesets.modern import EDITION

    assert isinstance(EDITION, RulesetPlugin)
    return EDITION


def test_modern_loads_by_name() -> None:
    plugin = modern_plugin()
    rules = load_ruleset("modern")
    assert rules.engine is plugin.engine
    assert (rules.info.id, rules.info.edition, rules.info.version) == ("modern", "modern", "1.0.0")
    assert isinstance(rules.params, ModernParams)
    assert load_ruleset("modern") is rules


def test_modern_with_a_user_board(tmp_path: Path) -> None:
    modern_plugin()
    board = (
        (MODERN / "board.toml")
        .read_text(encoding="utf-8")
        .replace("warehouse = 5", "warehouse = 4", 1)
    )
    folder = user_folder(
        tmp_path,
        '[ruleset]\nid = "modern-small-valencia"\nengine = "modern"\nbase = "modern"\n',
        board=board,
    )
    rules = load_ruleset(folder)
    assert rules.info.id == "modern-small-valencia"
    assert rules.board.port("valencia").warehouse == 4
    assert rules.params == load_ruleset("modern").params
