"""The modern edition's code layout: small modules, no import circles, only the engine kernel.

Each module of the edition holds one job and says so in its docstring; the
modules import each other in one direction only (imports inside functions and
under ``TYPE_CHECKING`` count too); and the edition reaches the kernel only
through its engine-level modules, never through the tools built on top of it
(agents, games, records, serialisation...).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import serenissima_rulesets.modern

EDITION = Path(serenissima_rulesets.modern.__file__).parent
MODULES = sorted(EDITION.glob("*.py"))
MAX_LINES = 400
KERNEL = "serenissima.engine"
"""The floor of the package an edition may import."""


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at any depth, as a dotted name (edition ones by stem)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module:
                names.add(node.module)
            elif node.level == 1 and node.module:
                names.add(f".{node.module.split('.')[0]}")
            elif node.level == 1:
                names.update(f".{alias.name}" for alias in node.names)
    own = "serenissima_rulesets.modern."
    return {f".{n[len(own) :].split('.')[0]}" if n.startswith(own) else n for n in names}


def _graph() -> dict[str, set[str]]:
    stems = {path.stem for path in MODULES}
    return {
        path.stem: {n[1:] for n in _imports(path) if n.startswith(".") and n[1:] in stems}
        for path in MODULES
    }


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_each_module_is_short_and_says_what_it_holds(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.name} has {lines} lines; split it by job"
    assert ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))


def test_no_import_circle_inside_the_edition() -> None:
    graph = _graph()
    done: set[str] = set()

    def visit(module: str, trail: list[str]) -> None:
        for imported in sorted(graph[module]):
            assert imported not in trail, "import circle: " + " -> ".join([*trail, imported])
            if imported not in done:
                visit(imported, [*trail, imported])
        done.add(module)

    for module in sorted(graph):
        visit(module, [module])


def test_the_graph_sees_every_kind_of_import() -> None:
    graph = _graph()
    assert "helpers" in graph["activation"]  # from .helpers import ...
    assert "investment" in graph["explain"]  # inside a function
    assert "params" in graph["loading"]  # absolute: serenissima_rulesets.modern.params
    assert "context" in graph["helpers"]  # under TYPE_CHECKING


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_only_engine_level_kernel_modules_are_imported(path: Path) -> None:
    kernel = {n for n in _imports(path) if n == "serenissima" or n.startswith("serenissima.")}
    outside = sorted(n for n in kernel if n != KERNEL and not n.startswith(KERNEL + "."))
    assert not outside, f"{path.name} imports {', '.join(outside)}"
    others = sorted(n for n in _imports(path) if n.startswith("serenissima_rulesets"))
    assert not others, f"{path.name} imports {', '.join(others)}"
