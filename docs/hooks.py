"""Pages generated when the site is built (mkdocs' own hooks, named in mkdocs.yml).

At build time :func:`on_files` adds, from the installed rulesets and the tests:

- ``editions/NAME.md`` for every installed edition: its rules reference and its
  board drawn as ``editions/NAME-board.svg``, with a line on the reconstructed data;
- ``editions/NAME-catalogue.md``: the edition's rules by ID, each linked to the
  tests that name it, and the decisions taken where the rule texts are unclear;
- ``tests/...``: one page per test module, showing its source with an anchor per
  test, and ``tests/index.md`` listing them;
- ``editions/comparison.md``: the key-by-key comparison of the classic and the
  modern edition, and a small simulated comparison of random games;
- ``editions/index.md`` listing the editions.

:func:`on_page_markdown` fills the bot-strength table of ``bots.md`` from
``docs/data/bot_strength.json``.
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import os
import re
import textwrap
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import attrs
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from serenissima.analysis.diff.compare import compare_rulesets
from serenissima.analysis.diff.entries import DiffEntry, DiffStatus
from serenissima.analysis.simulate.batch import simulate
from serenissima.analysis.simulate.compare import compare_simulations
from serenissima.analysis.stats.intervals import Interval
from serenissima.engine.registry import available_rulesets, load_ruleset
from serenissima.engine.ruleset import Ruleset
from serenissima.engine.spec import Source
from serenissima.reference.catalogue import RULE_ID, Catalogue, load_catalogue
from serenissima.reference.rule_sources import rule_sources

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
BOT_DATA = ROOT / "docs" / "data" / "bot_strength.json"
BOT_MARKER = "<!-- bot-strength-table -->"
CLI_MARKER = "<!-- cli-help -->"
DECISION_ID = re.compile(r"\bX-(?:[MC]|\d{3})-\d+\b")

COMPARED = ("classic", "modern")
"""The editions the comparison page lines up, left then right."""
SIMULATED_GAMES = 100
SIMULATED_PLAYERS = 4
SIMULATED_SEED = 1

STATUS_TEXT = {
    DiffStatus.SAME: "same value in both editions",
    DiffStatus.DIFFERENT: "both editions have the key, with different values",
    DiffStatus.ONLY_LEFT: "only the classic edition has the key",
    DiffStatus.ONLY_RIGHT: "only the modern edition has the key",
}


# --- hooks ----------------------------------------------------------------------------


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the generated pages and images to the site's files."""
    tests = [TestModule.read(path) for path in _test_paths()]
    mentions = _mentions(tests)
    editions = available_rulesets()
    pages: dict[str, str] = {"editions/index.md": _editions_index(editions)}
    for name in editions:
        rules = load_ruleset(name)
        pages[f"editions/{name}.md"] = _reference_page(rules)
        pages[f"editions/{name}-board.svg"] = _board_svg(rules)
        pages[f"editions/{name}-catalogue.md"] = _catalogue_page(load_catalogue(rules), mentions)
    for module in tests:
        pages[f"tests/{module.page}"] = module.markdown()
    pages["tests/index.md"] = _tests_index(tests)
    if all(name in editions for name in COMPARED):
        pages["editions/comparison.md"] = _comparison_page(*COMPARED)
    for path, content in pages.items():
        files.append(File.generated(config, path, content=content))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Fill in the bot-strength table where a page asks for it."""
    if BOT_MARKER in markdown:
        markdown = markdown.replace(BOT_MARKER, _bot_table())
    if CLI_MARKER in markdown:
        markdown = markdown.replace(CLI_MARKER, _cli_help())
    return markdown


# --- small helpers ----------------------------------------------------------------------


def _cell(text: object) -> str:
    """Return ``text`` fit for a Markdown table cell."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def _fence(code: str, language: str = "python") -> str:
    """Return ``code`` in a fenced block longer than any backtick run inside it."""
    longest = max((len(run) for run in re.findall(r"`+", code)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{language}\n{code}\n{fence}\n"


def _test_paths() -> list[Path]:
    return sorted(path for path in TESTS.rglob("test_*.py") if ".hypothesis" not in path.parts)


# --- tests as pages ---------------------------------------------------------------------


@attrs.frozen
class Chunk:
    """A piece of a test module: a test, a class, a helper, or the module's head.

    Attributes:
        anchor: The HTML id of the piece on its page (empty for the head).
        title: The heading shown above the piece (empty for the head).
        level: The heading level.
        first: The first line of the piece (1-based).
        last: The last line of the piece.
        is_test: Whether the piece is a test function or a test method.
    """

    anchor: str
    title: str
    level: int
    first: int
    last: int
    is_test: bool


@attrs.frozen
class TestModule:
    """A test module as the site shows it.

    Attributes:
        path: The module's path relative to the repository.
        lines: Its source lines.
        chunks: Its pieces, in source order, covering every line.
    """

    path: str
    lines: tuple[str, ...]
    chunks: tuple[Chunk, ...]

    @classmethod
    def read(cls, path: Path) -> TestModule:
        """Read and cut a test module into pieces."""
        text = path.read_text(encoding="utf-8")
        lines = tuple(text.splitlines())
        tree = ast.parse(text)
        starts: list[tuple[int, str, str, int, bool]] = []
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                starts.append(
                    (_start(node, lines), node.name, node.name, 2, node.name.startswith("test"))
                )
            if isinstance(node, ast.ClassDef):
                for member in node.body:
                    if isinstance(member, ast.FunctionDef | ast.AsyncFunctionDef):
                        anchor = f"{node.name}.{member.name}"
                        is_test = member.name.startswith("test")
                        starts.append((_start(member, lines), anchor, anchor, 3, is_test))
        chunks: list[Chunk] = []
        first_start = starts[0][0] if starts else len(lines) + 1
        if first_start > 1:
            chunks.append(Chunk("", "", 0, 1, first_start - 1, False))
        for index, (first, anchor, title, level, is_test) in enumerate(starts):
            last = starts[index + 1][0] - 1 if index + 1 < len(starts) else len(lines)
            chunks.append(Chunk(anchor, title, level, first, last, is_test))
        return cls(str(path.relative_to(ROOT)), lines, tuple(chunks))

    @property
    def page(self) -> str:
        """The page's path under ``tests/``, such as ``modern/test_loading.md``."""
        return str(Path(self.path).relative_to("tests").with_suffix(".md"))

    @property
    def tests(self) -> tuple[Chunk, ...]:
        """The pieces that are tests."""
        return tuple(chunk for chunk in self.chunks if chunk.is_test)

    def chunk_at(self, line: int) -> Chunk:
        """Return the piece holding ``line``."""
        for chunk in self.chunks:
            if chunk.first <= line <= chunk.last:
                return chunk
        return self.chunks[-1]

    def ids(self) -> Iterator[tuple[str, Chunk]]:
        """Yield every rule or decision ID the module names, with the piece naming it."""
        for number, line in enumerate(self.lines, start=1):
            for found in (*RULE_ID.findall(line), *DECISION_ID.findall(line)):
                yield found, self.chunk_at(number)

    def markdown(self) -> str:
        """Return the page: the module's source, piece by piece, each test with its anchor."""
        out = [
            f"# {Path(self.path).name}\n",
            (
                f"The source of `{self.path}`, {len(self.tests)} tests. "
                "Each test has an anchor, linked from the rule catalogues.\n"
            ),
        ]
        for chunk in self.chunks:
            code = "\n".join(self.lines[chunk.first - 1 : chunk.last]).rstrip()
            if not code.strip():
                continue
            if chunk.title:
                out.append(f"{'#' * chunk.level} `{chunk.title}` {{ #{chunk.anchor} }}\n")
            out.append(_fence(code))
        return "\n".join(out)


def _start(node: ast.stmt, lines: tuple[str, ...]) -> int:
    """Return the first line of a definition, its decorators and comments just above it."""
    decorators = getattr(node, "decorator_list", [])
    first = min([node.lineno, *(d.lineno for d in decorators)])
    while first > 1 and lines[first - 2].strip().startswith("#"):
        first -= 1
    return first


Mentions = dict[str, list[tuple[TestModule, Chunk]]]


def _mentions(modules: Iterable[TestModule]) -> Mentions:
    """Map every rule or decision ID to the pieces of tests that name it."""
    found: Mentions = {}
    for module in modules:
        seen: set[tuple[str, str]] = set()
        for rule_id, chunk in module.ids():
            if (rule_id, chunk.anchor) not in seen:
                seen.add((rule_id, chunk.anchor))
                found.setdefault(rule_id, []).append((module, chunk))
    return found


def _links(rule_id: str, mentions: Mentions, prefix: str) -> str:
    links = []
    for module, chunk in mentions.get(rule_id, []):
        name = Path(module.path).stem
        target = f"{prefix}tests/{module.page}"
        if chunk.anchor:
            links.append(f"[{name}::{chunk.title}]({target}#{chunk.anchor})")
        else:
            links.append(f"[{name}]({target})")
    return ", ".join(links) if links else "*none*"


def _tests_index(modules: list[TestModule]) -> str:
    out = [
        "# Tests\n",
        (
            "Every test module of the project, shown as source. The rule catalogues of the "
            "editions link each rule to the tests that name it.\n"
        ),
        "| Module | Tests |",
        "| --- | --- |",
    ]
    for module in modules:
        out.append(f"| [`{module.path}`]({module.page}) | {len(module.tests)} |")
    return "\n".join(out) + "\n"


# --- editions ---------------------------------------------------------------------------


def _editions_index(names: Iterable[str]) -> str:
    out = [
        "# Editions\n",
        (
            "The installed rulesets. Each has a rules reference (with its board) and a "
            "catalogue of its rules by ID.\n"
        ),
        "| Ruleset | Edition | Year | Players | Reference | Catalogue |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for name in names:
        info = load_ruleset(name).info
        players = ", ".join(str(n) for n in info.players)
        out.append(
            f"| `{name}` | {_cell(info.name)} | {info.year} | {players} "
            f"| [rules]({name}.md) | [catalogue]({name}-catalogue.md) |"
        )
    if all(name in names for name in COMPARED):
        out.append("\nThe [comparison](comparison.md) lines the two editions up key by key.")
    return "\n".join(out) + "\n"


def _reconstructed(rules: Ruleset) -> str:
    """Say which of the ruleset's data are reconstructed rather than sourced."""
    spec = rules.board.spec
    groups = (("sea areas", spec.areas), ("ports", spec.ports), ("adjacencies", spec.edges))
    parts = []
    for label, items in groups:
        count = sum(1 for item in items if item.source is Source.RECONSTRUCTED)
        parts.append(f"{count} of {len(items)} {label}")
    goods = [g.id for g in _goods(rules) if g.source is Source.RECONSTRUCTED]
    if goods:
        parts.append(f"the supply of {', '.join(goods)}")
    return (
        "**Reconstructed data.** The printed board is not public; in this ruleset "
        f"{', '.join(parts[:-1])} and {parts[-1]} are reconstructed (chosen for this project, "
        "so the printed game may differ); the rest is stated by the rules or public sources. "
        "Each datum's provenance is its `source` field in the ruleset's files."
    )


def _goods(rules: Ruleset) -> tuple[Any, ...]:
    goods = getattr(rules.params, "goods", ())
    return tuple(goods) if isinstance(goods, tuple | list) else ()


def _board_svg(rules: Ruleset) -> str:
    from serenissima.reference.draw import board_svg

    return board_svg(rules.board, title=rules.board.spec.name)


def _reference_page(rules: Ruleset) -> str:
    from serenissima.reference import format_markdown, ruleset_reference

    info = rules.info
    out = [
        f"# {info.name}\n",
        (
            f"Ruleset `{info.id}`, version {info.version}, edition of {info.year}, "
            f"for {', '.join(str(n) for n in info.players)} players. "
            f"The rules by ID are in the [catalogue]({info.id}-catalogue.md).\n"
        ),
        f"![The board of the {info.id} ruleset]({info.id}-board.svg)\n",
        _reconstructed(rules) + "\n",
    ]
    if rules.board.spec.note:
        out.append(f'!!! note "The board"\n    {rules.board.spec.note}\n')
    reference = format_markdown(ruleset_reference(rules))
    # the page has its own title: the reference's headings go one level down
    out.append(re.sub(r"^(#+) ", r"#\1 ", reference, flags=re.MULTILINE))
    return "\n".join(out)


def _catalogue_page(catalogue: Catalogue, mentions: Mentions) -> str:
    named = sum(1 for rule in catalogue.rules if rule.id in mentions)
    out = [
        f"# Rule catalogue: {catalogue.ruleset}\n",
        (
            f"The {len(catalogue)} rules of the `{catalogue.ruleset}` ruleset by ID, in "
            f"{len(catalogue.sections)} sections; {named} of them are named by at least one test. "
            "An illegal action's error gives the ID of the rule it breaks. Each rule names where "
            "it lives: the functions of the edition that carry it out (registered with "
            "`@rule`), else the lines of its files that declare it, else why nothing does; "
            "`serenissima rules ID` prints the same. Each rule links to the tests that name "
            "it; the links open the test's source.\n"
        ),
    ]
    for section in catalogue.sections:
        out += [
            f"## {section}\n",
            "| ID | Rule | Summary | Where | Tests |",
            "| --- | --- | --- | --- | --- |",
        ]
        for rule in catalogue.in_section(section):
            out.append(
                f'| <span id="{rule.id}">{rule.id}</span> | {_cell(rule.title)} '
                f"| {_cell(rule.summary)} | {_where(catalogue.ruleset, rule.id, rule.reason)} "
                f"| {_links(rule.id, mentions, '../')} |"
            )
        out.append("")
    if catalogue.decisions:
        out += [
            "## Decisions on unclear points\n",
            (
                "Where the rule texts leave a point open, the engine takes one reading. "
                "A rule option switches to another reading where one is named.\n"
            ),
            "| ID | Decision | What the engine does | Options | Tests |",
            "| --- | --- | --- | --- | --- |",
        ]
        for decision in catalogue.decisions:
            options = ", ".join(f"`{name}`" for name in decision.options) or "-"
            out.append(
                f'| <span id="{decision.id}">{decision.id}</span> | {_cell(decision.title)} '
                f"| {_cell(decision.choice)}{_evidence(decision.evidence)} | {options} "
                f"| {_links(decision.id, mentions, '../')} |"
            )
    return "\n".join(out) + "\n"


def _where(edition: str, rule_id: str, reason: str) -> str:
    """Where a rule lives: its handlers (file and line), else its declarations, else why."""
    sources = rule_sources(edition, rule_id)
    if sources.handlers:
        return "<br>".join(
            f"`{h.qualname}` ({Path(h.file).parent.name}/{Path(h.file).name}:{h.line})"
            for h in sources.handlers
        )
    if sources.declarations:
        return "<br>".join(f"`{d.file}:{d.line}`" for d in sources.declarations)
    return f"*{_cell(reason)}*" if reason else "*nowhere*"


def _evidence(text: str) -> str:
    """A decision's evidence, set after what the engine does in the same cell."""
    return f" *Evidence: {_cell(text)}*" if text else ""


# --- comparison -------------------------------------------------------------------------


def _value(entry: DiffEntry, left: bool) -> str:
    if entry.status is (DiffStatus.ONLY_RIGHT if left else DiffStatus.ONLY_LEFT):
        return ""
    value = entry.left if left else entry.right
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return _cell(", ".join(str(v) for v in value)) or "(empty)"
    return _cell(value)


def _comparison_page(left: str, right: str) -> str:
    diff = compare_rulesets(left, right)
    counts = diff.counts
    out = [
        f"# Comparing the editions: {left} and {right}\n",
        (
            "Generated from `compare_rulesets"
            f'("{left}", "{right}")`, the same comparison as `serenissima compare {left} {right}`. '
            "Every key of the two declarations (board, ports, goods, numbers, options, turn "
            "structure, provenance) is one row; the status column says how it compares:\n"
        ),
        "| Status | Meaning | Keys |",
        "| --- | --- | --- |",
    ]
    for status, text in STATUS_TEXT.items():
        meaning = text.replace("the classic", f"the {left}").replace("the modern", f"the {right}")
        out.append(f"| `{status.mark}` | {meaning} | {counts[status]} |")
    out.append("")
    for section in diff.sections:
        part = diff.section(section)
        changed = len(part.changed)
        out += [
            f"## {section}\n",
            f"{len(part)} keys, {changed} of them differ or exist on one side only.\n",
            f"| Key | {left} | {right} | |",
            "| --- | --- | --- | --- |",
        ]
        for entry in part:
            out.append(
                f"| `{_cell(entry.key)}` | {_value(entry, True)} | {_value(entry, False)} "
                f"| `{entry.status.mark}` |"
            )
        out.append("")
    out.append(_simulated(left, right))
    return "\n".join(out)


def _simulated(left: str, right: str) -> str:
    """A small simulated comparison: random games of both editions from the same seeds."""
    left_summary, right_summary = (
        simulate(load_ruleset(name), SIMULATED_PLAYERS, SIMULATED_GAMES, SIMULATED_SEED)
        for name in (left, right)
    )
    comparison = compare_simulations(left_summary, right_summary)
    out = [
        "## Simulated games\n",
        (
            f"{SIMULATED_GAMES} games of each edition with {SIMULATED_PLAYERS} players choosing "
            "uniformly at random among their legal actions, computed when this site was built. "
            f"Game *i* of both editions draws its dice from the same seed (batch seed "
            f"{SIMULATED_SEED} and *i*). Each figure has its 95% interval; the last column says "
            "whether the interval of the difference leaves out 0 (Welch's interval for means, "
            "Newcombe's for rates; winner margins are in different units and not compared). "
            "The command line gives larger batches:\n"
        ),
        _fence(
            f"serenissima compare {left} {right} --games 1000 --players {SIMULATED_PLAYERS}",
            "sh",
        ),
        f"| per game | {left} | 95% interval | {right} | 95% interval | differ |",
        "| --- | ---: | ---: | ---: | ---: | :---: |",
    ]
    for row in comparison.rows:
        differs = "-" if row.differs is None else ("yes" if row.differs else "no")
        out.append(
            f"| {_cell(row.label)} | {_figure(row.left, row.rate)} "
            f"| {_span(row.left_interval, row.rate)} | {_figure(row.right, row.rate)} "
            f"| {_span(row.right_interval, row.rate)} | {differs} |"
        )
    if comparison.notes:
        out += ["", "What the figures mean:", ""]
        out += [f"- {note.text}" for note in comparison.notes]
    return "\n".join(out) + "\n"


def _figure(value: float, rate: bool) -> str:
    return f"{value:.1%}" if rate else f"{value:.1f}"


def _span(interval: Interval, rate: bool) -> str:
    return f"{_figure(interval.low, rate)} to {_figure(interval.high, rate)}"


# --- bots -------------------------------------------------------------------------------


def _bot_table() -> str:
    """Return the table of the greedy bot's strength, read from the data file."""
    if not BOT_DATA.is_file():
        return (
            "!!! note\n    The measured win rates appear here once "
            "`docs/data/bot_strength.json` is written (see below).\n"
        )
    data = json.loads(BOT_DATA.read_text(encoding="utf-8"))
    return _bot_rows(data)


def _bot_rows(data: dict[str, Any]) -> str:
    """The table of ``scripts/bot_strength.py``'s file: one row per edition."""
    out = [
        (
            "| Ruleset | Players | Games | Greedy seat's win share | 95% interval "
            "| One random seat | Even share | Mean score, greedy / random |"
        ),
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for entry in data["editions"]:
        out.append(
            f"| `{entry['ruleset']}` | {entry['players']} | {entry['games']} "
            f"| {entry['greedy_win_share']:.1%} "
            f"| {entry['greedy_win_low']:.1%} to {entry['greedy_win_high']:.1%} "
            f"| {entry['random_win_share']:.1%} | {entry['fair_share']:.1%} "
            f"| {entry['greedy_mean_score']:.1f} / {entry['random_mean_score']:.1f} |"
        )
    command = (
        f"python scripts/bot_strength.py --games {data['games']} --players {data['players']} "
        f"--seed {data['seed']}"
    )
    return "\n".join(out) + "\n\nReproduce it with:\n\n" + _fence(command, "sh")


# --- command line -----------------------------------------------------------------------


def _help(argv: list[str]) -> str:
    """Return what ``serenissima ARGV --help`` prints."""
    from serenissima.cli import main

    out = io.StringIO()
    width = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "88"
    try:
        with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
            main([*argv, "--help"])
    finally:
        if width is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = width
    return out.getvalue().rstrip()


def _subcommands(text: str) -> list[str]:
    """Read the sub-command names from a help text's list of commands."""
    names: list[str] = []
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if line.strip().startswith("{") and index and lines[index - 1].strip() == "COMMAND":
            continue
        match = re.match(r"^    (\w[\w-]*)(\s{2,}|$)", line)
        if match and not line.strip().startswith("-"):
            names.append(match.group(1))
    return names


def _cli_help(argv: tuple[str, ...] = (), level: int = 3) -> str:
    """Return every command's help, one collapsible block each, sub-commands included."""
    out = []
    text = _help(list(argv))
    if argv:
        title = "serenissima " + " ".join(argv)
        body = textwrap.indent(_fence(text, "text"), "    ")
        out.append(f'??? note "{title}"\n\n{body}')
    for name in _subcommands(text):
        if name not in argv:
            out.append(_cli_help((*argv, name), level + 1))
    return "\n".join(out)
