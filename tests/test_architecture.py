"""The house's rules: floors import downwards only, no circles, small rooms with a docstring.

The import contracts live in ``pyproject.toml`` and are checked by
import-linter (``lint-imports``): the layers of the package and of its
analysis floor, the editions importing only the engine, the engine knowing no
edition, the editions independent of each other, and no import circle between
sibling modules at any depth. The tests below run it, check that each contract would catch a breach,
and hold every module of the package and of the shipped editions to at most
400 lines with a docstring saying what it holds.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "src" / "serenissima").rglob("*.py")) + sorted(
    (ROOT / "rulesets").rglob("*.py")
)
MAX_LINES = 400
"""The most lines a module may have."""


def _contracts() -> list[dict[str, object]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts: list[dict[str, object]] = config["tool"]["importlinter"]["contracts"]
    return contracts


# `lint-imports` run by this Python, so that the test needs the package (in the dev
# extra), not its script on the PATH
LINT_IMPORTS = [
    sys.executable,
    "-c",
    "import sys; from importlinter.cli import lint_imports_command as lint; sys.exit(lint())",
]


def _lint(config: Path | None = None) -> subprocess.CompletedProcess[str]:
    argv = [*LINT_IMPORTS, "--no-cache"] + (["--config", str(config)] if config else [])
    return subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)


def test_the_import_contracts_are_kept() -> None:
    result = _lint()
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"Contracts: {len(_contracts())} kept, 0 broken." in result.stdout


def _layers(container: str) -> list[str]:
    """The layers, top first, of the layers contract of ``container``."""
    contract = next(
        c for c in _contracts() if c["type"] == "layers" and c.get("containers") == [container]
    )
    layers = contract["layers"]
    assert isinstance(layers, list)
    return [str(layer) for layer in layers]


def _rooms(layers: list[str]) -> set[str]:
    return {part.strip().strip("()") for layer in layers for part in layer.split("|")}


def _subpackages(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir() if (p / "__init__.py").is_file()}


def test_the_contracts_cover_the_floors_and_the_editions() -> None:
    kinds = {contract["type"] for contract in _contracts()}
    assert kinds == {"layers", "forbidden", "independence", "acyclic_siblings"}
    layers = _layers("serenissima")
    assert layers[0] == "cli"
    assert layers[-1] == "engine"
    present = {p.name for p in (ROOT / "src" / "serenissima").iterdir() if p.is_dir()}
    assert present - {"__pycache__"} <= _rooms(layers), "a subpackage is on no floor"


def test_the_analysis_floor_is_layered_room_by_room() -> None:
    """Every sub-package of the analysis floor is on one of its layers, statistics at the bottom."""
    layers = _layers("serenissima.analysis")
    assert layers[-1] == "stats"
    folder = ROOT / "src" / "serenissima" / "analysis"
    assert _subpackages(folder) == _rooms(layers), "the analysis layers name other rooms"
    assert not [p.name for p in folder.glob("*.py") if p.name != "__init__.py"], (
        "a module of the analysis floor is in no room"
    )


def test_a_broken_floor_is_reported(tmp_path: Path) -> None:
    """The layers contract fails a package whose engine imports the command line."""
    package = tmp_path / "house"
    (package / "engine").mkdir(parents=True)
    (package / "cli").mkdir()
    for folder in (package, package / "engine", package / "cli"):
        (folder / "__init__.py").write_text('"""A room."""\n', encoding="utf-8")
    (package / "cli" / "main.py").write_text("import house.engine.core\n", encoding="utf-8")
    (package / "engine" / "core.py").write_text("import house.cli.main\n", encoding="utf-8")
    config = tmp_path / "contracts.toml"
    config.write_text(
        '[tool.importlinter]\nroot_packages = ["house"]\n\n'
        '[[tool.importlinter.contracts]]\nname = "floors"\ntype = "layers"\n'
        'containers = ["house"]\nlayers = ["cli", "engine"]\n\n'
        '[[tool.importlinter.contracts]]\nname = "circles"\ntype = "acyclic_siblings"\n'
        'ancestors = ["house"]\n',
        encoding="utf-8",
    )
    result = subprocess.run(
        [*LINT_IMPORTS, "--no-cache", "--config", str(config)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={"PYTHONPATH": str(tmp_path)},
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "floors BROKEN" in result.stdout
    assert "circles BROKEN" in result.stdout
    assert "house.engine.core -> house.cli.main" in result.stdout


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_module_is_a_small_room_that_says_what_it_holds(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    lines = text.count("\n")
    assert lines <= MAX_LINES, f"{path.name} has {lines} lines, more than {MAX_LINES}"
    if path.name == "__init__.py" and path.parent.name == "rulesets":
        return  # the namespace of the shipped editions
    docstring = ast.get_docstring(ast.parse(text))
    assert docstring, f"{path.name} has no module docstring"
    assert len(docstring.split()) >= 4, f"{path.name}: the docstring says too little"
