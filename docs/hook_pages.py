"""What the hooks that fill a page from a data file share.

Each such hook reads a JSON file under ``docs/data`` that a script of the
project writes, and puts what it renders in place of a marker of its page;
until the file is written, the page says which script writes it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def load(path: Path) -> dict[str, Any] | None:
    """The data of ``path``, or ``None`` while the file is not written."""
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def fill(
    markdown: str,
    marker: str,
    path: Path,
    render: Callable[[dict[str, Any]], str],
    script: str,
) -> str:
    """Replace ``marker`` in ``markdown`` by what ``render`` makes of ``path``'s data."""
    if marker not in markdown:
        return markdown
    data = load(path)
    if data is None:
        where = path.relative_to(ROOT).as_posix()
        note = f"!!! note\n    The figures appear here once `{where}` is written by `{script}`.\n"
        return markdown.replace(marker, note)
    return markdown.replace(marker, render(data))
