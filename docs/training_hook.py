"""Fill the tutorial's section on training a policy from the figures of a full run.

``python examples/train_masked_policy.py --out docs/data/train-masked-policy.json``
writes the file: the run's settings, its learning curve (the learner's win
share in each update's games) and the evaluation of the trained and the
untrained policy on the same fresh games. This hook turns it into a table and
a chart of the curve (``tutorials/train-masked-policy.svg``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hook_pages import fill, load
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "data" / "train-masked-policy.json"
MARKER = "<!-- train-masked-policy -->"
CHART = "tutorials/train-masked-policy.svg"
SMOOTH = 5
"""The chart's thick line is the mean of this many updates."""


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the chart of the learning curve to the site."""
    data = load(DATA)
    if data is not None:
        files.append(File.generated(config, CHART, content=svg(data) + "\n"))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace the marker of the tutorial with the table and the chart."""
    return fill(markdown, MARKER, DATA, _table, "examples/train_masked_policy.py")


def _table(data: dict[str, Any]) -> str:
    machine, settings = data["machine"], data["settings"]
    games = settings["updates"] * settings["games_per_update"]
    out = [
        (
            f"Trained on {data['date']} with serenissima {data['serenissima']} on "
            f"{machine['cpu']} ({machine['cores']} cores, {machine['python']}), seed "
            f"{settings['seed']}: {games:,} games in {settings['updates']} updates, "
            f"{data['train_seconds']:.0f} s of training and {data['seconds']:.0f} s in all:"
        ),
        "",
        f"```sh\n{data['command']}\n```",
        "",
        "| Policy | Games against the random bot | Decoding | Win share | 95% interval |",
        "| --- | ---: | --- | ---: | --- |",
    ]
    for name, key in (("untrained (weights 0)", "untrained"), ("trained", "evaluation")):
        row = data[key]
        out.append(
            f"| {name} | {row['games']} | {row['decoding']} | {row['win_share']:.1%} "
            f"| {row['low']:.1%} to {row['high']:.1%} |"
        )
    out += [
        "",
        f"![The learner's win share in each update's games, by games played]({_name()})",
        "",
    ]
    return "\n".join(out)


def _name() -> str:
    """The chart's address from the tutorial's page, beside it."""
    return CHART.rsplit("/", 1)[-1]


def svg(data: dict[str, Any]) -> str:
    """The win share of each update's games by games played, its running mean, and the end."""
    curve = data["curve"]
    left, top, width, height = 50, 30, 520, 220
    most = max((point["games"] for point in curve), default=1) or 1

    def x(games: float) -> float:
        return left + width * games / most

    def y(share: float) -> float:
        return top + height * (1.0 - share)

    shares = [point["win_share"] for point in curve]
    smooth = [
        sum(shares[max(0, i - SMOOTH + 1) : i + 1]) / len(shares[max(0, i - SMOOTH + 1) : i + 1])
        for i in range(len(shares))
    ]
    raw = " ".join(f"{x(p['games']):.1f},{y(s):.1f}" for p, s in zip(curve, shares, strict=True))
    mean = " ".join(f"{x(p['games']):.1f},{y(s):.1f}" for p, s in zip(curve, smooth, strict=True))
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 170}" '
            f'height="{top + height + 45}" font-family="sans-serif" font-size="11">'
        ),
        (
            f'<text x="{left}" y="16" font-size="12">The learner\'s win share against the '
            "random bot, each update's games (modern, 2 seats)</text>"
        ),
    ]
    for share in (0.0, 0.25, 0.5, 0.75, 1.0):
        dashes = ' stroke-dasharray="4 3"' if share == 0.5 else ""  # a coin's odds
        parts.append(
            f'<line x1="{left}" x2="{left + width}" y1="{y(share):.1f}" y2="{y(share):.1f}" '
            f'stroke="#bbbbbb"{dashes}/>'
        )
        parts.append(
            f'<text x="{left - 6}" y="{y(share) + 4:.1f}" text-anchor="end">{share:.0%}</text>'
        )
    for tick in range(0, most + 1, max(1, most // 4)):
        parts.append(
            f'<text x="{x(tick):.1f}" y="{top + height + 16}" text-anchor="middle">{tick:,}</text>'
        )
    parts += [
        (
            f'<text x="{left + width / 2}" y="{top + height + 34}" text-anchor="middle">'
            "games played</text>"
        ),
        f'<polyline points="{raw}" fill="none" stroke="#a6bddb" stroke-width="1"/>',
        f'<polyline points="{mean}" fill="none" stroke="#2b6cb0" stroke-width="2.5"/>',
    ]
    parts.append(
        f'<text x="{left + width + 8}" y="{top - 10}">'
        f"after: {data['evaluation']['games']} fresh games</text>"
    )
    for key, colour, label in (
        ("evaluation", "#c44e52", "trained"),
        ("untrained", "#888888", "untrained"),
    ):
        row = data[key]
        at = left + width + (14 if key == "evaluation" else 34)
        parts.append(
            f'<line x1="{at}" x2="{at}" y1="{y(row["low"]):.1f}" y2="{y(row["high"]):.1f}" '
            f'stroke="{colour}" stroke-width="2"/>'
        )
        parts.append(
            f'<circle cx="{at}" cy="{y(row["win_share"]):.1f}" r="4" fill="{colour}">'
            f"<title>{label}: {row['win_share']:.1%} of {row['games']} fresh games, 95% interval "
            f"{row['low']:.1%} to {row['high']:.1%}</title>"
            "</circle>"
        )
        parts.append(
            f'<text x="{at + 8}" y="{y(row["win_share"]) + 4:.1f}" fill="{colour}">'
            f"{label} {row['win_share']:.1%}</text>"
        )
    parts.append(
        f'<text x="{left + 6}" y="{top + height - 8}" fill="#2b6cb0">mean of {SMOOTH} updates'
        "</text>"
    )
    parts.append("</svg>")
    return "\n".join(parts)
