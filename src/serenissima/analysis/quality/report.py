"""A quality comparison as files: ``report.md``, a self-contained ``report.html``, and the charts.

:func:`report_markdown` and :func:`report_html` write the blocks of
:func:`~serenissima.analysis.quality.text.report_blocks` in each format: the
Markdown refers to the charts as SVG files beside it, the HTML page inlines
them (no script, no style sheet or font from elsewhere: it opens offline).
:func:`write_report` writes all of them into a folder, and
:func:`check_report_folder` says, before any game is played, whether a folder
can take them.

Example:
    >>> from serenissima.analysis.quality.run import run_quality
    >>> result = run_quality("classic", "modern", players=2, games=2, seed=1, replicates=5)
    >>> report_html(result).startswith("<!DOCTYPE html>")
    True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Final

from serenissima.analysis.quality.svg import quality_charts
from serenissima.analysis.quality.text import report_blocks
from serenissima.engine.errors import ArgumentValueError

if TYPE_CHECKING:
    from serenissima.analysis.quality.compare import QualityComparison

__all__ = [
    "REPORT_FILES",
    "check_report_folder",
    "report_html",
    "report_markdown",
    "write_report",
]

REPORT_FILES: Final[tuple[str, str]] = ("report.md", "report.html")
"""The report's two documents; the charts go beside them as ``NAME.svg``."""

_STYLE: Final = """
body { font-family: sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem;
       line-height: 1.5; color: #212121; }
table { border-collapse: collapse; margin: 1rem 0; font-size: 0.9rem; }
th, td { border: 1px solid #ddd; padding: 0.25rem 0.5rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #f5f5f5; }
figure { margin: 1rem 0; }
figcaption { font-size: 0.9rem; color: #555; }
code { background: #f5f5f5; padding: 0 0.2rem; }
"""

_CODE: Final = re.compile(r"`([^`]+)`")
_BOLD: Final = re.compile(r"\*\*(.+?)\*\*")
_ITALIC: Final = re.compile(r"(?<![*\w])\*([^*]+)\*(?![*\w])")


def _inline(text: str) -> str:
    """Text with ``**bold**``, ``*italic*`` and ```code``` marks, as HTML."""
    html = escape(text, quote=False)
    html = _CODE.sub(r"<code>\1</code>", html)
    html = _BOLD.sub(r"<strong>\1</strong>", html)
    return _ITALIC.sub(r"<em>\1</em>", html)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def report_markdown(
    comparison: QualityComparison,
    images: Mapping[str, str] | None = None,
    *,
    title: bool = True,
) -> str:
    """Return the report as Markdown.

    Args:
        comparison: The comparison.
        images: The path of each chart's SVG file, by chart name, as the
            Markdown should link it; the charts are left out when ``None``.
        title: Start with a first-level heading.

    Returns:
        The Markdown text, ending with a newline.

    Example:
        >>> from serenissima.analysis.quality.run import run_quality
        >>> result = run_quality("classic", "modern", players=2, games=2, seed=1, replicates=5)
        >>> text = report_markdown(result, {"balance": "balance.svg"})
        >>> text.splitlines()[0], "![" in text
        ('# Game quality: classic and modern compared', True)
    """
    out: list[str] = []
    for block in report_blocks(comparison, title=title):
        if block.kind == "h1":
            out.append(f"# {block.text}")
        elif block.kind == "h2":
            out.append(f"## {block.text}")
        elif block.kind == "p":
            out.append(block.text)
        elif block.kind == "ul":
            out.append("\n".join(f"- {item}" for item in block.items))
        elif block.kind == "table":
            lines = ["| " + " | ".join(_cell(h) for h in block.header) + " |"]
            lines.append("| " + " | ".join(["---"] + ["--:"] * (len(block.header) - 1)) + " |")
            lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in block.rows]
            out.append("\n".join(lines))
        elif block.kind == "figure" and images is not None and block.name in images:
            out.append(f"![{block.text}]({images[block.name]})")
    return "\n\n".join(out) + "\n"


def report_html(comparison: QualityComparison) -> str:
    """Return the report as one HTML page with its charts inlined.

    Args:
        comparison: The comparison.

    Returns:
        The page: no script, no external style sheet, image or font.

    Example:
        >>> from serenissima.analysis.quality.run import run_quality
        >>> result = run_quality("classic", "modern", players=2, games=2, seed=1, replicates=5)
        >>> page = report_html(result)
        >>> page.count("<svg"), "<script" in page
        (4, False)
    """
    charts = quality_charts(comparison)
    body: list[str] = []
    heading = "Game quality"
    for block in report_blocks(comparison):
        if block.kind == "h1":
            heading = block.text
            body.append(f"<h1>{_inline(heading)}</h1>")
        elif block.kind == "h2":
            body.append(f"<h2>{_inline(block.text)}</h2>")
        elif block.kind == "p":
            body.append(f"<p>{_inline(block.text)}</p>")
        elif block.kind == "ul":
            items = "".join(f"<li>{_inline(item)}</li>" for item in block.items)
            body.append(f"<ul>{items}</ul>")
        elif block.kind == "table":
            head = "".join(f"<th>{escape(h)}</th>" for h in block.header)
            cells = "".join(
                "<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>"
                for row in block.rows
            )
            body.append(f"<table><thead><tr>{head}</tr></thead><tbody>{cells}</tbody></table>")
        elif block.kind == "figure":
            body.append(
                f"<figure>{charts[block.name]}<figcaption>{_inline(block.text)}</figcaption>"
                "</figure>"
            )
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(heading)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + "\n</body>\n</html>\n"
    )


def check_report_folder(folder: str | Path) -> Path:
    """Make sure a report can be written into ``folder``, creating it if need be.

    Called before any game is played, so that a folder that cannot take the
    report fails at once.

    Args:
        folder: The folder's path.

    Returns:
        The folder, which now exists.

    Raises:
        SerenissimaError: The path is a file, or the folder cannot be created
            or written to.

    Example:
        >>> import tempfile, pathlib
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     check_report_folder(pathlib.Path(tmp) / "new").is_dir()
        True
    """
    path = Path(folder)
    if path.exists() and not path.is_dir():
        raise ArgumentValueError(f"cannot write a report into {str(path)!r}: it is a file")
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / ".report-check"
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        reason = getattr(exc, "strerror", None) or str(exc)
        raise ArgumentValueError(f"cannot write a report into {str(path)!r}: {reason}") from None
    return path


def write_report(comparison: QualityComparison, folder: str | Path) -> list[Path]:
    """Write ``report.md``, ``report.html`` and the charts into ``folder``.

    Args:
        comparison: The comparison.
        folder: The folder (created if need be).

    Returns:
        The files written: the two documents, then the charts.

    Raises:
        SerenissimaError: The folder cannot be written.

    Example:
        >>> import tempfile
        >>> from serenissima.analysis.quality.run import run_quality
        >>> result = run_quality("classic", "modern", players=2, games=2, seed=1, replicates=5)
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     [path.name for path in write_report(result, tmp)][:3]
        ['report.md', 'report.html', 'balance.svg']
    """
    path = check_report_folder(folder)
    charts = quality_charts(comparison)
    images = {name: f"{name}.svg" for name in charts}
    texts = {
        REPORT_FILES[0]: report_markdown(comparison, images),
        REPORT_FILES[1]: report_html(comparison),
    } | {file: svg + "\n" for file, svg in zip(images.values(), charts.values(), strict=True)}
    written = []
    for name, text in texts.items():
        target = path / name
        try:
            target.write_text(text, encoding="utf-8")
        except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
            raise ArgumentValueError(
                f"cannot write {target}: {getattr(exc, 'strerror', None) or exc}"
            ) from None
        written.append(target)
    return written
