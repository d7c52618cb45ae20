"""Where a rule lives: the code that carries it out, the declarations and the tests that name it.

:func:`rule_sources` joins, for one rule ID of an installed edition, the
handlers registered with :func:`~serenissima.engine.rule_index.rule` in the
edition's package, the lines of its TOML files that name the ID (the
catalogue left out) and, when a tests folder is given, the test functions
that name it in a ``rules`` mark or in their docstring. ``serenissima rules
rule ID`` prints it; the rules pages show the same.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import attrs

from serenissima.engine.registry import get_plugin
from serenissima.engine.rule_index import (
    Declaration,
    RuleHandler,
    declarations,
    expand_rule_ids,
    rule_handlers,
)
from serenissima.reference.coverage import _test_files

__all__ = ["RuleSources", "rule_sources", "rule_tests"]

CATALOGUE_FILE = "catalogue.toml"


@attrs.frozen(slots=True)
class RuleSources:
    """Everything in a project that names one rule.

    Attributes:
        rule_id: The rule or decision ID.
        handlers: The functions that carry it out, in source order.
        declarations: The lines of the edition's TOML files (the catalogue
            left out) that name it.
        tests: The tests that name it, as ``path::function``.

    Example:
        >>> sources = rule_sources("classic", "C-BID-2")
        >>> [h.qualname for h in sources.handlers][:2]
        ['bid_actions', 'apply_bid']
    """

    rule_id: str
    handlers: tuple[RuleHandler, ...]
    declarations: tuple[Declaration, ...]
    tests: tuple[str, ...] = ()

    @property
    def found(self) -> bool:
        """Whether any handler or declaration names the rule."""
        return bool(self.handlers or self.declarations)


def rule_sources(edition: str, rule_id: str, tests: Path | None = None) -> RuleSources:
    """The handlers, declarations and (with ``tests``, a folder) tests that name ``rule_id``.

    Args:
        edition: An installed ruleset's name.
        rule_id: A rule or decision ID of its catalogue.
        tests: A folder of tests to search (``None``: none).

    Raises:
        ArgumentValueError: ``edition`` is not installed.

    Example:
        >>> rule_sources("modern", "M-NEG-2").found
        False
    """
    plugin = get_plugin(edition)
    package = type(plugin.engine).__module__.rpartition(".")[0]
    found = tuple(
        line
        for line in declarations(Path(str(plugin.folder)), rule_id)
        if line.file != CATALOGUE_FILE
    )
    named = rule_tests(tests, rule_id) if tests is not None else ()
    return RuleSources(rule_id, rule_handlers(rule_id, package=package), found, named)


def rule_tests(folder: Path, rule_id: str) -> tuple[str, ...]:
    r"""The test functions under ``folder`` that name ``rule_id``, as ``path::function``.

    A test names a rule in its ``rules`` mark (``@pytest.mark.rules("C-BID-2")``)
    or in its docstring; paths are relative to ``folder``'s parent.

    Example:
        >>> import tempfile
        >>> folder = Path(tempfile.mkdtemp()) / "tests"
        >>> folder.mkdir()
        >>> _ = (folder / "test_bids.py").write_text("def test_bid():\n    'C-BID-2.'\n")
        >>> rule_tests(folder, "C-BID-2")
        ('tests/test_bids.py::test_bid',)
    """
    out: list[str] = []
    for path in _test_files([folder]):  # the files coverage reads
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        shown = path.relative_to(folder.parent).as_posix()
        for node in _tests_of(tree):
            if rule_id in _names(node):
                out.append(f"{shown}::{node.name}")
    return tuple(out)


def _tests_of(tree: ast.Module) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
            "test"
        ):
            yield node


def _names(node: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The rule IDs a test names in its marks and its docstring."""
    names = set(expand_rule_ids(ast.get_docstring(node) or ""))
    for decorator in node.decorator_list:
        if isinstance(decorator, ast.Call) and getattr(decorator.func, "attr", "") == "rules":
            for arg in decorator.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    names.update(expand_rule_ids(arg.value))
    return names
