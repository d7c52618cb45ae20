"""``serenissima rulesets``: the installed rulesets."""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from serenissima.cli._common import EXIT_ERROR, PROG, load
from serenissima.engine.errors import SerenissimaError


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the command to the parser."""
    parser = commands.add_parser(
        "rulesets",
        help="list the installed rulesets",
        description="List the installed rulesets: name, edition, version and player counts.",
    )
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """List the rulesets; exit status 2 if one does not load."""
    from serenissima.engine.registry import available_rulesets

    rows: list[dict[str, Any]] = []
    failed = False
    for name in available_rulesets():
        try:
            info = load(name).info
        except SerenissimaError as exc:
            err.write(f"{PROG}: error: ruleset {name!r} does not load: {exc}\n")
            failed = True
            continue
        rows.append(
            {
                "name": name,
                "edition": info.edition,
                "version": info.version,
                "players": list(info.players),
                "title": info.name,
                "year": info.year,
            }
        )
    if args.format == "json":
        out.write(json.dumps(rows, indent=2) + "\n")
    elif not rows:
        out.write("no ruleset could be loaded\n" if failed else "no ruleset is installed\n")
    else:
        header = ("name", "edition", "version", "players", "title")
        table = [header] + [
            (
                r["name"],
                r["edition"],
                r["version"],
                ",".join(str(n) for n in r["players"]),
                f"{r['title']} ({r['year']})",
            )
            for r in rows
        ]
        widths = [max(len(row[i]) for row in table) for i in range(len(header))]
        for row in table:
            cells = (cell.ljust(width) for cell, width in zip(row, widths, strict=True))
            out.write("  ".join(cells).rstrip() + "\n")
    return EXIT_ERROR if failed else 0
