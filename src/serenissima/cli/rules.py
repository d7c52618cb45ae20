"""``serenissima rules``: a ruleset's reference, its rule catalogue and its board."""

from __future__ import annotations

import argparse
import shutil
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from serenissima.cli._common import load, positive
from serenissima.engine.errors import ArgumentValueError

if TYPE_CHECKING:
    from serenissima.reference import Section
    from serenissima.reference.catalogue import Catalogue

_EDITION_HELP = "an installed ruleset (see 'serenissima rulesets') or a ruleset folder"


def _terminal_width() -> int:
    return shutil.get_terminal_size((100, 24)).columns


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the command to the parser."""
    parser = commands.add_parser(
        "rules",
        help="show a ruleset's reference, rules and board",
        description="Read a ruleset: its reference (numbers, options, board, turn structure) "
        "generated from its files, its rule catalogue, one rule, or its board.",
    )
    actions = parser.add_subparsers(dest="rules_command", required=True, metavar="ACTION")

    show = actions.add_parser(
        "show",
        help="the reference of a ruleset",
        description="Print the reference of a ruleset, generated from its files: identity, "
        "numbers and tables, options, board and turn structure. Marks after a neighbour in "
        "the adjacency table: * reconstructed edge, + edge from public descriptions, none: "
        "stated by the rules.",
    )
    show.add_argument("edition", metavar="EDITION", help=_EDITION_HELP)
    show.add_argument(
        "--section",
        action="append",
        metavar="TITLE",
        help="only the section of this title, e.g. 'Board' (case does not matter; a unique "
        "start is enough); repeat for several",
    )
    show.add_argument(
        "--format",
        choices=("text", "markdown"),
        default="text",
        help="aligned text for a terminal, or Markdown (default: %(default)s)",
    )
    show.add_argument(
        "--width",
        type=positive,
        default=None,
        help="text width in characters (default: the terminal's, else 100)",
    )

    listing = actions.add_parser(
        "list",
        help="the rule IDs and titles of a ruleset",
        description="List the rules of a ruleset's catalogue: ID, section and title.",
    )
    listing.add_argument("edition", metavar="EDITION", help=_EDITION_HELP)
    listing.add_argument(
        "--grep",
        metavar="TEXT",
        help="only the rules whose ID, section, title or summary contain TEXT (any case)",
    )
    listing.add_argument(
        "--decisions",
        action="store_true",
        help="also list the decisions taken where the rules are unclear (X-... IDs)",
    )

    rule = actions.add_parser(
        "rule",
        help="one rule's full text",
        description="Print one rule (or decision) of the catalogue: its title, section and "
        "text, then where it lives: the functions that carry it out (file and line), the lines "
        "of the edition's files that declare it, and the tests that name it. Without "
        "--ruleset, every installed ruleset is searched.",
    )
    rule.add_argument("rule_id", metavar="ID", help="a rule ID such as M-LOAD-6 or X-C-14")
    rule.add_argument("--ruleset", metavar="EDITION", help=_EDITION_HELP)
    rule.add_argument(
        "--tests",
        type=Path,
        metavar="DIR",
        default=None,
        help="a folder of tests to list the tests naming the rule from (default: ./tests "
        "when there is one)",
    )
    rule.add_argument(
        "--width", type=positive, default=None, help="text width (default: the terminal's)"
    )

    board = actions.add_parser(
        "board",
        help="the board's adjacency, or a picture of it",
        description="Print the board's sea areas and adjacency, or write an SVG picture of "
        "the board with --svg.",
    )
    board.add_argument("edition", metavar="EDITION", help=_EDITION_HELP)
    board.add_argument("--svg", metavar="FILE", help="write the board as an SVG picture to FILE")
    board.add_argument(
        "--width", type=positive, default=None, help="text width (default: the terminal's)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run the action given after ``rules``."""
    action = {
        "show": _run_show,
        "list": _run_list,
        "rule": _run_rule,
        "board": _run_board,
    }[args.rules_command]
    return action(args, out, err)


def _pick_sections(sections: tuple[Section, ...], wanted: list[str]) -> list[Section]:
    titles = [s.title for s in sections]
    picked: list[Section] = []
    for name in wanted:
        key = name.strip().lower()
        exact = [s for s in sections if s.title.lower() == key]
        found = exact or [s for s in sections if s.title.lower().startswith(key)]
        if len(found) != 1:
            problem = "matches several sections" if found else "is not a section"
            raise ArgumentValueError(f"{name!r} {problem}; the sections are {', '.join(titles)}")
        if found[0] not in picked:
            picked.append(found[0])
    return picked


def _run_show(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from serenissima.reference import format_markdown, format_text, ruleset_reference

    sections = ruleset_reference(load(args.edition))
    chosen = _pick_sections(sections, args.section) if args.section else list(sections)
    if args.format == "markdown":
        out.write(format_markdown(chosen))
    else:
        out.write(format_text(chosen, width=args.width or _terminal_width()))
    return 0


def _catalogue(edition: str) -> Catalogue:
    from serenissima.reference.catalogue import load_catalogue

    return load_catalogue(load(edition))


def _aligned(rows: list[tuple[str, ...]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]


def _run_list(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    catalogue = _catalogue(args.edition)
    needle = (args.grep or "").lower()

    def keep(*texts: str) -> bool:
        return not needle or any(needle in text.lower() for text in texts)

    rows = [
        (rule.id, rule.section, rule.title)
        for rule in catalogue.rules
        if keep(rule.id, rule.section, rule.title, rule.summary)
    ]
    if args.decisions:
        rows += [
            (d.id, "decision", d.title)
            for d in catalogue.decisions
            if keep(d.id, "decision", d.title, d.choice, *d.options)
        ]
    if not rows:
        out.write(f"no rule of {catalogue.ruleset} matches {args.grep!r}\n")
        return 0
    for line in _aligned([("id", "section", "title"), *rows]):
        out.write(line + "\n")
    return 0


def _find_rule(rule_id: str, edition: str | None) -> tuple[Catalogue, str]:
    """Return the catalogue that holds ``rule_id`` and the ID as the catalogue spells it."""
    from serenissima.engine.registry import available_rulesets

    editions = [edition] if edition is not None else list(available_rulesets())
    wanted = rule_id.strip().upper()
    for name in editions:
        catalogue = _catalogue(name)
        known = [r.id for r in catalogue.rules] + [d.id for d in catalogue.decisions]
        for found in known:
            if found.upper() == wanted:
                return catalogue, found
    where = f"the catalogue of {edition!r}" if edition else "any installed ruleset's catalogue"
    raise ArgumentValueError(f"no rule {rule_id!r} in {where}")


def _run_rule(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    catalogue, rule_id = _find_rule(args.rule_id, args.ruleset)
    width = args.width or _terminal_width()
    if rule_id in catalogue:
        rule = catalogue.rule(rule_id)
        head = f"{rule.id}: {rule.title}"
        lines = [head, f"section: {rule.section} ({catalogue.ruleset})", "", rule.summary]
    else:
        decision = catalogue.decision(rule_id)
        head = f"{decision.id}: {decision.title}"
        options = ", ".join(decision.options) or "none"
        lines = [head, f"decision ({catalogue.ruleset}); options: {options}", "", decision.choice]
        if decision.evidence:
            lines += ["", f"Evidence: {decision.evidence}"]
    for line in lines:
        out.write("\n".join(textwrap.wrap(" ".join(line.split()), width)) + "\n")
    for line in _sources(catalogue, rule_id, args.tests):
        if line.startswith(" "):
            out.write(line + "\n")
        else:
            out.write("\n" + "\n".join(textwrap.wrap(line, width)) + "\n")
    return 0


def _sources(catalogue: Catalogue, rule_id: str, tests: Path | None) -> list[str]:
    """The sections that say where a rule lives: code, declarations, tests, or the reason."""
    from serenissima.reference.rule_sources import rule_sources

    if tests is None and Path("tests").is_dir():
        tests = Path("tests")
    sources = rule_sources(catalogue.ruleset, rule_id, tests)
    lines: list[str] = []
    if sources.handlers:
        lines.append("Carried out by:")
        lines += [f"  {h.module}.{h.qualname}  {_where(h.file, h.line)}" for h in sources.handlers]
    if sources.declarations:
        lines.append("Declared in:")
        lines += [f"  {d.file}:{d.line}  {d.text}" for d in sources.declarations]
    reason = catalogue.rule(rule_id).reason if rule_id in catalogue else ""
    if reason:
        lines.append(f"Why no code carries it out: {reason}")
    if tests is not None:
        lines.append(f"Tests naming it ({len(sources.tests)}):" if sources.tests else "Tests: none")
        lines += [f"  {name}" for name in sources.tests]
    return lines


def _where(file: str, line: int) -> str:
    """A handler's place, from its package's folder down (``classic/bids/bidding.py:34``)."""
    parts = Path(file).parts
    for marker in ("serenissima_rulesets", "rulesets"):
        if marker in parts:
            return f"{Path(*parts[parts.index(marker) + 1 :]).as_posix()}:{line}"
    return f"{Path(file).name}:{line}"


def _run_board(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from serenissima.reference import Section, format_text, ruleset_reference

    rules = load(args.edition)
    if args.svg:
        from serenissima.reference.draw import board_svg

        path = Path(args.svg)
        try:
            path.write_text(board_svg(rules.board), encoding="utf-8")
        except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
            raise ArgumentValueError(
                f"cannot write {args.svg}: {getattr(exc, 'strerror', None) or exc}"
            ) from exc
        out.write(f"wrote {path} ({rules.board.spec.name})\n")
        return 0
    board = next(s for s in ruleset_reference(rules) if s.title == "Board")
    tables = tuple(t for t in board.tables if t.title in ("Sea areas", "Adjacency"))
    out.write(
        format_text([Section(board.title, board.intro, tables)], args.width or _terminal_width())
    )
    return 0
