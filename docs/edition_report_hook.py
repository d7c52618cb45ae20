"""Fill the edition report page from ``docs/data/edition-report.json`` at build time.

``scripts/edition_report.py`` writes the file: a quality comparison of the two
editions (``QualityComparison.to_dict()``) and how it was made. This hook adds
its charts to the site (``edition-report-NAME.svg``, drawn by
``serenissima.analysis.quality.svg``) and puts the report, written by
``serenissima.analysis.quality.report``, in place of the page's marker: the
same text ``serenissima compare --report`` writes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hook_pages import fill, load
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from serenissima.analysis.quality.compare import QualityComparison
from serenissima.analysis.quality.report import report_markdown
from serenissima.analysis.quality.svg import quality_charts

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "data" / "edition-report.json"
MARKER = "<!-- edition-report -->"
PREFIX = "edition-report-"


def _load() -> dict[str, Any] | None:
    return load(DATA)


def images(comparison: QualityComparison) -> dict[str, str]:
    """The file name of each chart, beside the page."""
    return {name: f"{PREFIX}{name}.svg" for name in quality_charts(comparison)}


def report_page(data: dict[str, Any]) -> str:
    """The report's Markdown under the page's own title, and how it was made."""
    comparison = QualityComparison.from_dict(data["comparison"])
    made = (
        f"Measured on {data['date']} with serenissima {data['serenissima']}, in about "
        f"{data['seconds']:.0f} s. Reproduce it, or measure again with another agent "
        "(`--agents`), with:\n\n"
        f"```sh\n{data['command']}\n```\n"
    )
    return made + "\n" + report_markdown(comparison, images(comparison), title=False)


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the report's charts to the site."""
    data = _load()
    if data is not None:
        comparison = QualityComparison.from_dict(data["comparison"])
        charts = quality_charts(comparison)
        for name, file in images(comparison).items():
            files.append(File.generated(config, file, content=charts[name] + "\n"))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace the marker of the edition report page with the report."""
    return fill(markdown, MARKER, DATA, report_page, "scripts/edition_report.py")
