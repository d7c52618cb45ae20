"""Fill the robustness page from ``docs/data/fuzz.json`` at build time.

``scripts/fuzz_campaign.py --out docs/data/fuzz.json`` writes the file: how
the cases of one campaign ended, by target. This hook turns it into the page's
table and its chart (``robustness.svg``, one bar per target).
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from hook_pages import fill, load
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "data" / "fuzz.json"
MARKER = "<!-- fuzz-figures -->"
CHART = "robustness.svg"
COLOURS = {
    "typed": "#4c78a8",
    "accepted": "#59a14f",
    "untyped": "#e15759",
    "accepted illegal": "#b07aa1",
    "changed": "#f28e2b",
}


def _load() -> dict[str, Any] | None:
    return load(DATA)


def chart(data: dict[str, Any]) -> str:
    """One bar per target, its cases split by how they ended."""
    rows = data["targets"]
    width, left, bar, gap, top = 640, 80, 22, 10, 34
    height = top + len(rows) * (bar + gap) + 30
    most = max(row["cases"] for row in rows)
    scale = (width - left - 90) / most
    out = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'font-family="sans-serif" font-size="12" role="img">'
        ),
        "<title>How the fuzz cases ended, by target</title>",
    ]
    x = left
    for name in data["outcomes"]:
        out.append(
            f'<rect x="{x}" y="8" width="10" height="10" fill="{COLOURS[name]}"/>'
            f'<text x="{x + 14}" y="17">{escape(name)}</text>'
        )
        x += 14 + 8 * len(name) + 12
    for i, row in enumerate(rows):
        y = top + i * (bar + gap)
        out.append(
            f'<text x="{left - 6}" y="{y + bar * 0.7:.0f}" text-anchor="end">'
            f"{escape(row['target'])}</text>"
        )
        x = float(left)
        for name in data["outcomes"]:
            count = row[name]
            if count:
                span = count * scale
                out.append(
                    f'<rect x="{x:.1f}" y="{y}" width="{max(span, 1):.1f}" height="{bar}" '
                    f'fill="{COLOURS[name]}"><title>{escape(row["target"])}: {count:,} '
                    f"{escape(name)}</title></rect>"
                )
                x += span
        out.append(f'<text x="{x + 6:.1f}" y="{y + bar * 0.7:.0f}">{row["cases"]:,}</text>')
    out.append("</svg>")
    return "\n".join(out)


def table(data: dict[str, Any]) -> str:
    """The counts by target, with the campaign's command and machine."""
    outcomes = data["outcomes"]
    rows = data["targets"]
    machine = data["machine"]
    total = {name: sum(row[name] for row in rows) for name in ["cases", "seconds", *outcomes]}
    out = [
        (
            f"Campaign of {data['date']}, serenissima {data['serenissima']}, seed {data['seed']}, "
            f"{machine['cores']} cores, {machine['system']}, {machine['python']}:"
        ),
        "",
        f"```sh\n{data['command']}\n```",
        "",
        "| Target | Cases | " + " | ".join(name.capitalize() for name in outcomes) + " | Seconds |",
        "| --- | ---: |" + " ---: |" * (len(outcomes) + 1),
    ]
    for row in [*rows, {"target": "**all**", **total}]:
        cells = " | ".join(f"{row[name]:,}" for name in outcomes)
        out.append(f"| {row['target']} | {row['cases']:,} | {cells} | {row['seconds']:,.0f} |")
    out += ["", f"![How the fuzz cases ended, by target]({CHART})", ""]
    return "\n".join(out)


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the chart of the campaign to the site."""
    data = _load()
    if data is not None:
        files.append(File.generated(config, CHART, content=chart(data) + "\n"))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace the marker of the robustness page with the campaign's table and chart."""
    return fill(markdown, MARKER, DATA, table, "scripts/fuzz_campaign.py")
