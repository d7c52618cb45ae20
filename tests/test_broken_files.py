"""Every loader error names the file at fault: each key of each shipped file, broken in turn.

A copy of each edition's folder is loaded after one key of one of its TOML files is
deleted, renamed or given a value of another type. The load must either succeed, and the
ruleset then start a game for each player count it offers, or raise a ``RulesetError``
whose ``file`` is the file that was broken: never an untyped exception, never another
file. The rule catalogue, which the ruleset does not load, is read with its own reader.

The files are rewritten from their parsed TOML as one line per top-level key (inline
tables and arrays), so every key is reached the same way. Arrays of tables are broken in
their first and last entries; the options also in the first entry of each kind.
"""

from __future__ import annotations

import importlib.resources
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import serenissima as ser
from serenissima.engine.errors import RulesetError
from serenissima.reference.catalogue import read_catalogue

RULESETS = Path(str(importlib.resources.files("serenissima_rulesets")))
EDITIONS = ("classic", "modern")
FILES = ("ruleset.toml", "board.toml", "options.toml", "rules.toml", "flow.toml", "catalogue.toml")
ROOT = Path(__file__).resolve().parents[1]

Path_ = tuple[str | int, ...]
"""A key path: table keys and array indexes."""


# --- writing TOML -----------------------------------------------------------------------------


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key, ensure_ascii=False)


def _inline(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_inline(item) for item in value) + "]"
    assert isinstance(value, dict), value
    return "{" + ", ".join(f"{_key(k)} = {_inline(v)}" for k, v in value.items()) + "}"


def dumps(data: dict[str, Any]) -> str:
    """Write a TOML document as one ``key = value`` line per top-level key."""
    return "".join(f"{_key(key)} = {_inline(value)}\n" for key, value in data.items())


# --- breaking a key ---------------------------------------------------------------------------


def _entries(key: str, items: list[Any]) -> list[int]:
    chosen = {0, len(items) - 1}
    if key == "option":  # the options are checked one by one: break one of each kind too
        kinds: dict[object, int] = {}
        for index, item in enumerate(items):
            kinds.setdefault(item.get("kind"), index)
        chosen |= set(kinds.values())
    return sorted(chosen)


def sites(node: object, path: Path_ = ()) -> Iterator[Path_]:
    """Yield the path of every key to break: each key of each table, first and last entries."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield (*path, key)
            if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
                for index in _entries(key, value):
                    yield from sites(value[index], (*path, key, index))
            elif isinstance(value, dict):
                yield from sites(value, (*path, key))


def _other_type(value: object) -> object:
    """A value of another TOML type than ``value``."""
    if isinstance(value, bool):
        return "yes"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return 7
    if isinstance(value, list):
        return "x"
    return 7


def broken(data: dict[str, Any], path: Path_, how: str) -> dict[str, Any]:
    """Return a copy of ``data`` with the key at ``path`` deleted, renamed or retyped."""
    copy: dict[str, Any] = json.loads(json.dumps(data))
    table: Any = copy
    for part in path[:-1]:
        table = table[part]
    key = path[-1]
    assert isinstance(key, str)
    if how == "delete":
        del table[key]
    elif how == "rename":
        table[f"{key}_renamed"] = table.pop(key)
    else:
        table[key] = _other_type(table[key])
    return copy


def spelled(path: Path_) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


# --- the test ---------------------------------------------------------------------------------


@pytest.fixture(scope="module", params=EDITIONS)
def edition(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of an edition's TOML files, each rewritten one line per top-level key."""
    name: str = request.param
    folder = tmp_path_factory.mktemp(name)
    for file in FILES:
        data = tomllib.loads((RULESETS / name / file).read_text(encoding="utf-8"))
        text = dumps(data)
        assert tomllib.loads(text) == data, f"{file} does not survive rewriting"
        (folder / file).write_text(text, encoding="utf-8")
    shutil.copyfile(RULESETS / name / "values.json", folder / "values.json")  # not TOML
    assert f'engine = "{name}"' in (folder / "ruleset.toml").read_text(encoding="utf-8")
    return folder


def _outcome(folder: Path, file: str) -> str | None:
    """Load the folder; return what went wrong, or ``None`` when all is as promised."""
    try:
        if file == "catalogue.toml":
            read_catalogue(folder, "copy", None)
            return None
        rules = ser.load_ruleset(folder)
    except RulesetError as error:
        return None if error.file == file else f"blamed {error.file!r}: {error}"
    except Exception as error:  # the promise under test: no untyped exception
        return f"raised {type(error).__name__}: {error}"
    for players in rules.info.players:
        try:
            state = rules.new_game(players)
            rules.legal_actions(state)
        except Exception as error:
            return f"loaded, but new_game({players}) raised {type(error).__name__}: {error}"
    return None


@pytest.mark.parametrize("file", FILES)
def test_every_broken_key_is_reported_in_its_file(edition: Path, file: str) -> None:
    original = (edition / file).read_text(encoding="utf-8")
    data = tomllib.loads(original)
    problems = []
    tried = 0
    try:
        for path in sites(data):
            for how in ("delete", "rename", "retype"):
                (edition / file).write_text(dumps(broken(data, path, how)), encoding="utf-8")
                tried += 1
                problem = _outcome(edition, file)
                if problem is not None:
                    problems.append(f"{how} {spelled(path)}: {problem}")
    finally:
        (edition / file).write_text(original, encoding="utf-8")
    assert tried > 20
    assert not problems, f"{len(problems)} of {tried} broken copies:\n" + "\n".join(problems)


def test_the_copy_itself_loads(edition: Path) -> None:
    assert _outcome(edition, "ruleset.toml") is None


# --- the command line -------------------------------------------------------------------------


def test_simulate_on_a_folder_with_a_renamed_option_says_where(tmp_path: Path) -> None:
    folder = tmp_path / "modern-renamed"
    shutil.copytree(RULESETS / "modern", folder, ignore=shutil.ignore_patterns("*.py", "__*"))
    options = folder / "options.toml"
    text = options.read_text(encoding="utf-8")
    options.write_text(text.replace('name = "galley_capacity"', 'name = "galley_cap"'), "utf-8")
    argv = [sys.executable, "-m", "serenissima", "simulate", "--ruleset", str(folder)]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [*argv, "--games", "2"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith(
        "serenissima: error: options.toml: option[0].name: expected one of the options the "
        "modern engine reads: galley_capacity, "
    )
    assert done.stderr.endswith("; got 'galley_cap' (galley_capacity not declared)\n")
