"""The documentation: its code runs, and the API reference covers every public name.

Every hand-written page under ``docs/`` is checked: its ```` ```python ```` blocks run in
order, in one namespace per page, so a block may use what an earlier block of the same
page defined. A block that must not run (one that needs a package of its own, say) is
marked with the HTML comment ``<!-- no-run -->`` on the line just before its fence;
blocks of other languages (``sh``, ``toml``, ``text``) are never run.

The API reference pages (``docs/api/*.md``) must document, with a ``::: module.Name``
block, every name of ``serenissima.__all__`` and of the ``__all__`` of each public module
(the command line excepted), and each documented class and function needs a docstring
with an ``Examples:`` (or ``Example:``) section.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import pkgutil
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import serenissima
from serenissima.cli import main

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
API = DOCS / "api"
NO_RUN = "<!-- no-run -->"
BLOCK = re.compile(r"^(?P<fence>`{3,})python[^\n]*\n(?P<code>.*?)^(?P=fence)[ \t]*$", re.M | re.S)
TARGET = re.compile(r"^:::\s+(serenissima(?:\.\w+)+)\s*$", re.M)
EXAMPLES = re.compile(r"^\s*Examples?:\s*$\n(?:.*\n)*?\s*>>> ", re.M)
SKIPPED_MODULES = {"cli"}
"""Public modules whose names the API reference need not list: the command line."""


def pages() -> list[Path]:
    """The hand-written pages (the generated ones exist only in the built site)."""
    return sorted(DOCS.rglob("*.md"))


def python_blocks(text: str) -> list[tuple[int, str]]:
    """Return the runnable Python blocks of a page: (line number, code)."""
    blocks = []
    for match in BLOCK.finditer(text):
        before = text[: match.start()].rstrip("\n").rsplit("\n", 1)[-1]
        if before.strip() == NO_RUN:
            continue
        blocks.append((text.count("\n", 0, match.start()) + 1, match.group("code")))
    return blocks


def test_block_extraction_reads_fences_and_skips_marked_blocks() -> None:
    text = (
        "intro\n\n```python\nx = 1\n```\n\n<!-- no-run -->\n```python\nraise SystemExit\n```\n"
        "\n````python\ny = '```'\n````\n\n```sh\nls\n```\n"
    )
    assert python_blocks(text) == [(3, "x = 1\n"), (12, "y = '```'\n")]


@pytest.mark.parametrize("page", pages(), ids=lambda p: str(p.relative_to(DOCS)))
def test_page_code_runs(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the examples must not depend on the working directory
    namespace: dict[str, Any] = {"__name__": f"docs_{page.stem.replace('-', '_')}"}
    for line, code in python_blocks(page.read_text(encoding="utf-8")):
        compiled = compile(code, f"{page.relative_to(ROOT)}:{line}", "exec")
        with contextlib.redirect_stdout(io.StringIO()):
            try:
                exec(compiled, namespace)
            except Exception as exc:
                pytest.fail(f"{page.relative_to(ROOT)}, block at line {line}: {exc!r}")


def test_pages_have_code_to_run() -> None:
    for name in ("getting-started.md", "tutorials/front-end.md", "tutorials/compare.md"):
        assert python_blocks((DOCS / name).read_text(encoding="utf-8")), name


# --- the API reference ------------------------------------------------------------------


def public_modules() -> list[ModuleType]:
    """The public modules of the package: not private, not the command line."""
    names = [
        info.name
        for info in pkgutil.walk_packages(serenissima.__path__, prefix="serenissima.")
        if not any(part.startswith("_") for part in info.name.split("."))
        and info.name.split(".")[1] not in SKIPPED_MODULES
    ]
    return [importlib.import_module(name) for name in sorted(names)]


def documented() -> set[str]:
    """The targets of the ``:::`` blocks of the API reference pages."""
    return {
        target
        for page in sorted(API.glob("*.md"))
        for target in TARGET.findall(page.read_text(encoding="utf-8"))
    }


def resolve(target: str) -> object:
    module, _, name = target.rpartition(".")
    return getattr(importlib.import_module(module), name)


def test_every_module_has_an_all() -> None:
    lacking = [module.__name__ for module in public_modules() if not hasattr(module, "__all__")]
    assert not lacking, f"public modules without __all__: {lacking}"


@pytest.mark.parametrize("module", public_modules(), ids=lambda m: m.__name__)
def test_module_names_are_in_the_api_reference(module: ModuleType) -> None:
    targets = documented()
    # a name re-exported by a package (serenissima.agents, serenissima.testing...) may be
    # documented under the package's path instead of its module's
    shown_as: dict[str, list[object]] = {}
    for target in targets:
        with contextlib.suppress(ImportError, AttributeError):
            shown_as.setdefault(target.rpartition(".")[2], []).append(resolve(target))
    missing = [
        name
        for name in getattr(module, "__all__", ())
        if f"{module.__name__}.{name}" not in targets
        and not any(obj is getattr(module, name) for obj in shown_as.get(name, ()))
    ]
    assert not missing, (
        f"{module.__name__}: add a '::: {module.__name__}.NAME' block to a page of docs/api "
        f"for: {', '.join(missing)}"
    )


def test_package_names_are_in_the_api_reference() -> None:
    objects = {}
    for target in documented():
        with contextlib.suppress(ImportError, AttributeError):
            objects.setdefault(target.rpartition(".")[2], []).append(resolve(target))
    missing = [
        name
        for name in serenissima.__all__
        if not any(found is getattr(serenissima, name) for found in objects.get(name, []))
    ]
    assert not missing, f"serenissima.__all__ names missing from docs/api: {missing}"


def test_api_reference_targets_exist() -> None:
    broken = []
    for target in sorted(documented()):
        try:
            resolve(target)
        except (ImportError, AttributeError):
            broken.append(target)
    assert not broken, f"docs/api names objects that do not exist: {broken}"


@pytest.fixture(scope="module")
def package() -> Any:
    """The package as the API reference reads it (griffe, as mkdocstrings uses it)."""
    import griffe  # mkdocstrings' reader, in the docs extra

    return griffe.load("serenissima", search_paths=[str(ROOT / "src")])


def _members(package: Any, module: ModuleType) -> list[tuple[str, Any]]:
    """The names a module defines itself (not those it re-exports), with griffe's view."""
    short = module.__name__.removeprefix("serenissima.")
    found = []
    for name in getattr(module, "__all__", ()):
        member = package[f"{short}.{name}"]
        if not member.is_alias:
            found.append((name, member))
    return found


@pytest.mark.parametrize("module", public_modules(), ids=lambda m: m.__name__)
def test_public_classes_and_functions_have_examples(package: Any, module: ModuleType) -> None:
    lacking = [
        name
        for name, member in _members(package, module)
        if (member.is_class or member.is_function)
        and not EXAMPLES.search(member.docstring.value if member.docstring else "")
    ]
    assert not lacking, (
        f"{module.__name__}: these classes and functions need an 'Examples:' section "
        f"with a doctest in their docstring: {', '.join(lacking)}"
    )


@pytest.mark.parametrize("module", public_modules(), ids=lambda m: m.__name__)
def test_public_data_have_docstrings(package: Any, module: ModuleType) -> None:
    lacking = [
        name
        for name, member in _members(package, module)
        if member.is_attribute and not (member.docstring and member.docstring.value.strip())
    ]
    assert not lacking, f"{module.__name__}: constants and aliases without a docstring: {lacking}"


# --- the command line page --------------------------------------------------------------


def commands() -> list[str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        main(["--help"])
    block = out.getvalue().split("positional arguments:", 1)[1]
    return re.findall(r"^    (\w[\w-]*)\s", block, re.M)


def test_cli_page_has_a_section_per_command() -> None:
    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    found = commands()
    assert "simulate" in found
    missing = [name for name in found if f"\n## {name}\n" not in text]
    assert not missing, f"docs/cli.md has no section for: {missing}"


# --- the generated pages ----------------------------------------------------------------


@pytest.fixture(scope="module")
def hooks() -> ModuleType:
    sys.path.insert(0, str(DOCS))
    try:
        return importlib.import_module("hooks")
    finally:
        sys.path.remove(str(DOCS))


def test_test_pages_anchor_every_test(hooks: ModuleType) -> None:
    module = hooks.TestModule.read(Path(__file__))
    page = module.markdown()
    for name in (
        "test_block_extraction_reads_fences_and_skips_marked_blocks",
        "test_page_code_runs",
    ):
        assert f"{{ #{name} }}" in page
    assert page.count("\ndef test_page_code_runs(") == 1


def test_catalogue_links_lead_to_anchors_of_test_pages(hooks: ModuleType) -> None:
    modules = [hooks.TestModule.read(path) for path in hooks._test_paths()]
    pages = {f"tests/{m.page}": m.markdown() for m in modules}
    mentions = hooks._mentions(modules)
    from serenissima.reference.catalogue import load_catalogue

    for edition in ("modern", "classic"):
        text = hooks._catalogue_page(load_catalogue(edition), mentions)
        links = re.findall(r"\]\(\.\./(tests/[^)#]+)(?:#([^)]+))?\)", text)
        assert links, edition
        for target, anchor in links:
            assert target in pages, target
            if anchor:
                assert f"{{ #{anchor} }}" in pages[target], (target, anchor)


def test_simulated_comparison_says_what_its_figures_mean(hooks: ModuleType) -> None:
    """The editions' page compares random games: its notes say what random seats measure."""
    page = hooks._simulated("classic", "modern")
    lines = page.splitlines()
    assert "| win rate, seat 0 (classic venice) |" in page
    at = lines.index("What the figures mean:")
    notes = [line for line in lines[at:] if line.startswith("- ")]
    assert notes[0].startswith("- Every seat is played by the random agent")
    assert any(line.startswith("- Where seats shared the win") for line in notes)


def test_bot_table_shows_every_edition_and_the_command(hooks: ModuleType) -> None:
    entry = {
        "games": 200,
        "players": 4,
        "fair_share": 0.25,
        "greedy_win_share": 0.625,
        "greedy_win_low": 0.556,
        "greedy_win_high": 0.689,
        "random_win_share": 0.125,
        "greedy_mean_score": 31.2,
        "random_mean_score": 6.5,
    }
    data = {
        "games": 200,
        "players": 4,
        "seed": 3,
        "editions": [{**entry, "ruleset": "modern"}, {**entry, "ruleset": "classic"}],
    }
    table = hooks._bot_rows(data)
    assert "| `modern` | 4 | 200 | 62.5% | 55.6% to 68.9% | 12.5% | 25.0% |" in table
    assert "`classic`" in table
    assert "bot_strength.py --games 200 --players 4 --seed 3" in table
