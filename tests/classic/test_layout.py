"""The classic edition's modules: small, documented, layered, and on the kernel's engine level.

Every module of the edition holds one job, says which in its docstring and
stays under 400 lines; no module imports, even inside a function or for
type checking only, one that imports it back (directly or around a loop);
and the edition uses the kernel's engine-level modules only, never the
drivers built on it (agents, games, records, serialisation...).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import serenissima_rulesets.classic as edition

FOLDER = Path(edition.__file__).resolve().parent
PACKAGE = "serenissima_rulesets.classic"
MODULES = sorted(path.stem for path in FOLDER.glob("*.py"))
KERNEL = {
    "serenissima.core",
    "serenissima.errors",
    "serenissima.spec",
    "serenissima.board",
    "serenissima.pieces",
    "serenissima.phases",
    "serenissima.ruleset",
    "serenissima.registry",
    "serenissima.loader",
    "serenissima.sketch",
    "serenissima.values",
}
MOST_LINES = 400


def _tree(module: str) -> ast.Module:
    return ast.parse((FOLDER / f"{module}.py").read_text(encoding="utf-8"))


def _imports(module: str) -> tuple[set[str], set[str]]:
    """The edition's modules and the kernel modules that ``module`` imports, anywhere in it."""
    ours: set[str] = set()
    kernel: set[str] = set()
    for node in ast.walk(_tree(module)):
        if isinstance(node, ast.ImportFrom):
            name = node.module or ""
            if node.level == 1:
                ours.update([name.split(".")[0]] if name else [a.name for a in node.names])
            elif name == PACKAGE:
                ours.update(a.name for a in node.names)
            elif name.startswith(PACKAGE + "."):
                ours.add(name[len(PACKAGE) + 1 :].split(".")[0])
            elif name.split(".")[0] == "serenissima":
                kernel.add(name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(PACKAGE + "."):
                    ours.add(alias.name[len(PACKAGE) + 1 :].split(".")[0])
                elif alias.name.split(".")[0] == "serenissima":
                    kernel.add(alias.name)
    return ours & set(MODULES), kernel


@pytest.mark.parametrize("module", MODULES)
def test_modules_are_small_and_documented(module: str) -> None:
    lines = (FOLDER / f"{module}.py").read_text(encoding="utf-8").count("\n")
    assert lines <= MOST_LINES, f"{module}.py has {lines} lines; split it by job"
    assert ast.get_docstring(_tree(module)), f"{module}.py says nothing of what it holds"


def test_no_module_imports_itself_back() -> None:
    graph = {module: _imports(module)[0] - {module} for module in MODULES}

    def reaches(start: str, goal: str) -> bool:
        seen, stack = {start}, [start]
        while stack:
            for nxt in graph[stack.pop()]:
                if nxt == goal:
                    return True
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        return False

    circles = sorted(module for module in MODULES if reaches(module, module))
    assert not circles, f"modules on an import circle: {circles}"


def test_only_engine_level_kernel_modules() -> None:
    used = {module: _imports(module)[1] - KERNEL for module in MODULES}
    assert not {m: names for m, names in used.items() if names}
