"""Which rules of a catalogue the tests name, and which named IDs it lacks.

Tests name the rules they check: in a ``pytest.mark.rules(...)`` marker, a
docstring or a comment, spelled as :data:`~serenissima.reference.catalogue.RULE_ID`
says. :func:`rule_ids_in_tests` finds every rule ID that test files name,
:func:`uncovered` lists the rules of a
:class:`~serenissima.reference.catalogue.Catalogue` that no test names, and
:func:`unknown_ids` the IDs of its edition that tests name but it lacks
(usually typos).

Example:
    >>> import tempfile
    >>> from pathlib import Path
    >>> from serenissima.reference.catalogue import load_catalogue
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "test_loading.py").write_text("# checks M-LOAD-6 and M-LOAD-99")
    >>> catalogue = load_catalogue("modern")
    >>> "M-LOAD-6" in uncovered(catalogue, folder), list(unknown_ids(catalogue, folder))
    (False, ['M-LOAD-99'])
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from serenissima.reference.catalogue import RULE_ID

if TYPE_CHECKING:
    from serenissima.reference.catalogue import Catalogue

__all__ = ["rule_ids_in_tests", "uncovered", "unknown_ids"]


def _test_files(paths: Iterable[str | os.PathLike[str]]) -> Iterator[Path]:
    for given in paths:
        path = Path(given)
        if path.is_dir():
            found = {*path.rglob("test_*.py"), *path.rglob("*_test.py")}
            yield from sorted(found)
        elif path.is_file():
            yield path


def rule_ids_in_tests(paths: Iterable[str | os.PathLike[str]]) -> dict[str, list[str]]:
    """Find the rule IDs that test files name.

    An ID counts wherever it is written: in a ``pytest.mark.rules(...)``
    marker, a docstring or a comment. Folders are searched recursively for
    ``test_*.py`` and ``*_test.py`` files; files given by path are read
    whatever their name.

    Args:
        paths: Test files and folders of tests.

    Returns:
        Each rule ID found, mapped to the files that name it (sorted, each
        written as the path it was found under); IDs in sorted order.

    Example:
        >>> import tempfile
        >>> from pathlib import Path
        >>> from serenissima.reference.coverage import rule_ids_in_tests
        >>> folder = Path(tempfile.mkdtemp())
        >>> _ = (folder / "test_loading.py").write_text("# checks M-LOAD-6")
        >>> found = rule_ids_in_tests([folder])
        >>> list(found), Path(found["M-LOAD-6"][0]).name
        (['M-LOAD-6'], 'test_loading.py')
    """
    found: dict[str, set[str]] = {}
    for path in _test_files(paths):
        text = path.read_text(encoding="utf-8")
        for rule_id in set(RULE_ID.findall(text)):
            found.setdefault(rule_id, set()).add(str(path))
    return {rule_id: sorted(found[rule_id]) for rule_id in sorted(found)}


def uncovered(catalogue: Catalogue, tests_dir: str | os.PathLike[str]) -> list[str]:
    """Return the catalogue's rule IDs that no test names, in catalogue order.

    Args:
        catalogue: The catalogue.
        tests_dir: The folder of tests (searched as :func:`rule_ids_in_tests` does).

    Returns:
        The uncovered IDs; empty when every rule is named by a test.

    Examples:
        >>> import tempfile
        >>> from pathlib import Path
        >>> folder = Path(tempfile.mkdtemp())
        >>> _ = (folder / "test_loading.py").write_text("# checks M-LOAD-6")
        >>> from serenissima.reference.catalogue import load_catalogue
        >>> from serenissima.reference.coverage import uncovered
        >>> missing = uncovered(load_catalogue("modern"), folder)
        >>> "M-LOAD-6" in missing, "M-LOAD-5" in missing
        (False, True)
    """
    named = rule_ids_in_tests([tests_dir])
    return [rule_id for rule_id in catalogue.ids if rule_id not in named]


def unknown_ids(catalogue: Catalogue, tests_dir: str | os.PathLike[str]) -> dict[str, list[str]]:
    """Return the IDs of the catalogue's edition that tests name but the catalogue lacks.

    Such an ID is usually a typo. IDs of another edition (``C-...`` while
    checking the modern catalogue) are not reported.

    Args:
        catalogue: The catalogue.
        tests_dir: The folder of tests.

    Returns:
        Each unknown ID mapped to the files that name it.

    Examples:
        >>> import tempfile
        >>> from pathlib import Path
        >>> from serenissima.reference.catalogue import load_catalogue
        >>> from serenissima.reference.coverage import unknown_ids
        >>> folder = Path(tempfile.mkdtemp())
        >>> _ = (folder / "test_x.py").write_text("# M-LOAD-99 and C-MOVE-3")
        >>> list(unknown_ids(load_catalogue("modern"), folder))
        ['M-LOAD-99']
    """
    prefixes = catalogue.prefixes
    known = set(catalogue.ids)
    return {
        rule_id: files
        for rule_id, files in rule_ids_in_tests([tests_dir]).items()
        if rule_id.split("-", 1)[0] in prefixes and rule_id not in known
    }
