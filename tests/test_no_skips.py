"""The suite skips nothing: on the dev install (``pip install -e ".[dev]"``) every test runs.

A test that needs a tool or a library imports it, and the dev extra in
``pyproject.toml`` installs it: a missing one is an error, not a quiet skip.
This module fails when a test file guards itself with ``pytest.importorskip``,
``pytest.skip`` or a ``skip``/``skipif`` mark, so that no test can stop running
unnoticed because something is not installed.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
SKIPS = frozenset({"importorskip", "skip", "skipif"})
"""The names of pytest's ways to skip."""


def skips(source: str) -> list[int]:
    """Return the lines of ``source`` where a test would be skipped (a pytest skip named)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("pytest"):
            found += [node.lineno for alias in node.names if alias.name in SKIPS]
        elif isinstance(node, ast.Attribute) and node.attr in SKIPS:
            root: ast.expr = node
            while isinstance(root, ast.Attribute):
                root = root.value
            if isinstance(root, ast.Name) and root.id == "pytest":
                found.append(node.lineno)
    return sorted(found)


@pytest.mark.parametrize(
    ("source", "lines"),
    [
        ('griffe = pytest.importorskip("griffe")\n', [1]),
        ('import pytest\n\n@pytest.mark.skipif(True, reason="no")\ndef test(): pass\n', [3]),
        ("def test():\n    pytest.skip('later')\n", [2]),
        ("from pytest import importorskip, raises\n", [1]),
        ("@pytest.mark.skip\ndef test(): pass\n", [1]),
        ("import griffe\nskip = 'a word'\nplan.skip()\n", []),
    ],
)
def test_skips_are_found(source: str, lines: list[int]) -> None:
    assert skips(source) == lines


def test_no_test_module_skips() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted(TESTS.rglob("*.py"))
        for line in skips(path.read_text(encoding="utf-8"))
    ]
    assert not found, (
        "a test skips (import what it needs and add it to the dev extra instead): "
        + ", ".join(found)
    )


def test_the_dev_extra_installs_what_the_tests_use() -> None:
    """The tools the tests run, and the extras: docs, the peer engine, Ray, rl, spiel, server."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    dev = config["project"]["optional-dependencies"]["dev"]
    names = {requirement.split(">")[0].split("[")[0].strip() for requirement in dev}
    assert {"hypothesis", "pytest", "import-linter", "mypy", "ruff"} <= names
    assert "serenissima[docs,bench,ray,rl,spiel,server]" in dev
