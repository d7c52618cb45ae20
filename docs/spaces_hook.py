"""Fill the action index space page with each installed ruleset's spaces, at build time.

The tables are worked out from the rulesets' data as the site is built, so
they always match the code: one per ruleset for the actions and one for the
chance outcomes, with the size of the spaces at each player count, and the
blocks of the observation vectors.
"""

from __future__ import annotations

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

import serenissima as ser
from serenissima.engine.spaces import IndexSpace

MARKER = "<!-- index-spaces -->"
FACTORED_MARKER = "<!-- factored-heads -->"
LAYOUT_MARKER = "<!-- observation-layouts -->"
REPEATED = ("port", "galley", "nation", "order")
"""Blocks written once per port, galley, seat: the table shows each kind once."""


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace the page's marker with the spaces of every installed ruleset."""
    if MARKER in markdown:
        markdown = markdown.replace(MARKER, spaces_section())
    if FACTORED_MARKER in markdown:
        markdown = markdown.replace(FACTORED_MARKER, heads_section())
    if LAYOUT_MARKER in markdown:
        markdown = markdown.replace(LAYOUT_MARKER, layouts_section())
    return markdown


def spaces_section() -> str:
    """One section per installed ruleset: sizes by player count, then both spaces' families."""
    parts = []
    for name in ser.available_rulesets():
        rules = ser.load_ruleset(name)
        counts = rules.info.players
        parts.append(f"## {name}\n")
        parts.append("| Players | Action indexes | Chance-outcome indexes |")
        parts.append("| ---: | ---: | ---: |")
        for players in counts:
            parts.append(
                f"| {players} | {rules.num_actions(players):,} | {rules.num_outcomes(players):,} |"
            )
        top = max(counts)
        parts.append(f"\n### Actions ({top} players, default options)\n")
        parts.append(family_table(rules.action_space(top)))
        parts.append(f"\n### Chance outcomes ({top} players, default options)\n")
        parts.append(family_table(rules.outcome_space(top)))
        parts.append("")
    return "\n".join(parts)


def family_table(space: IndexSpace) -> str:
    """A Markdown table of a space's families: class, first index, size and fields."""
    lines = ["| Family | First index | Indexes | Fields |", "| --- | ---: | ---: | --- |"]
    for name, first, size, fields in space.rows():
        lines.append(f"| `{name}` | {first:,} | {size:,} | {fields.replace('|', '/')} |")
    return "\n".join(lines)


def heads_section() -> str:
    """The head sizes of each installed ruleset's factored space, then its families' parts."""
    parts = ["| Ruleset | Players | Head sizes | Widest head |", "| --- | ---: | --- | ---: |"]
    for name in ser.available_rulesets():
        rules = ser.load_ruleset(name)
        for players in rules.info.players:
            sizes = rules.factored_space(players).sizes
            shown = ", ".join(
                f"{head} {size}"
                for head, size in zip(rules.factored_space(players).heads, sizes, strict=True)
            )
            parts.append(f"| {name} | {players} | {shown} | {max(sizes)} |")
    for name in ser.available_rulesets():
        rules = ser.load_ruleset(name)
        top = max(rules.info.players)
        parts.append(f"\n### {name}: the parts of each family ({top} players)\n")
        parts.append("| Family | Family head value | Parts |")
        parts.append("| --- | ---: | --- |")
        for family, value, text in rules.factored_space(top).rows():
            parts.append(f"| `{family}` | {value} | {text.replace('|', '/')} |")
    parts.append("")
    return "\n".join(parts)


def layouts_section() -> str:
    """One table per installed ruleset: the blocks of a 4-player vector, repeated ones once."""
    parts = []
    for name in ser.available_rulesets():
        rules = ser.load_ruleset(name)
        top = max(rules.info.players)
        sizes = ", ".join(
            f"{rules.observation_layout(p).size:,} at {p} players" for p in rules.info.players
        )
        parts.append(f"### {name}\n\nVector length: {sizes}.\n")
        parts.append("| Block | First position | Numbers | Bound | Meaning |")
        parts.append("| --- | ---: | ---: | ---: | --- |")
        seen: dict[str, int] = {}
        highs: dict[str, list[float]] = {}
        rows: list[tuple[str, int, int, str]] = []
        for block in rules.observation_layout(top).blocks:
            words = block.name.split(" ")
            key = block.name
            if words[0] in REPEATED and len(words) > 1:
                key = " ".join([words[0], "*", *words[2:]])
            highs.setdefault(key, []).append(block.high)
            if key in seen:
                seen[key] += 1
                continue
            seen[key] = 1
            rows.append((key, block.start, block.size, block.meaning))
        for key, start, size, meaning in rows:
            times = seen[key]
            label = f"`{key}` ({times} times)" if times > 1 else f"`{key}`"
            low, high = min(highs[key]), max(highs[key])
            bound = f"{high:.3g}" if low == high else f"{low:.3g} to {high:.3g}"
            parts.append(f"| {label} | {start:,} | {size:,} | {bound} | {meaning} |")
        parts.append("")
    return "\n".join(parts)
