"""Fill the ladder page from ``docs/data/ladder.json`` at build time.

``scripts/ladder.py`` writes the file with ``serenissima ladder --format json``:
one ladder per edition and player count. This hook turns it into the page's
tables and its chart (``ladder.svg``, drawn by ``serenissima.analysis.ladder.report``).
The tables of each agent's share by seat, and alone, are shown for the
ladders whose pairings have them (``seats`` and ``alone`` blocks); a file
written before the ladder kept its seats shows the pairings and the ratings.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hook_pages import fill, load
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from serenissima.analysis.ladder.report import ladder_markdown, ladder_svg

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "data" / "ladder.json"
MARKER = "<!-- ladder-tables -->"
CHART = "ladder.svg"


def _load() -> dict[str, Any] | None:
    return load(DATA)


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the chart of the ratings to the site."""
    data = _load()
    if data is not None:
        files.append(File.generated(config, CHART, content=ladder_svg(data["ladders"]) + "\n"))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace the marker of the ladder page with the chart and the tables."""
    return fill(markdown, MARKER, DATA, _page, "scripts/ladder.py")


def _page(data: dict[str, Any]) -> str:
    out = [
        (
            f"Played on {data['date']} with serenissima {data['serenissima']}, in about "
            f"{data['seconds']:g} s:"
        ),
        "",
        f"```sh\n{data['command']}\n```",
        "",
        f"![Ratings of the agents, by edition and player count]({CHART})",
        "",
    ]
    for ladder in data["ladders"]:
        out += [ladder_markdown(ladder), ""]
    return "\n".join(out)
