"""``serenissima compare``: two rulesets, key by key."""

from __future__ import annotations

import argparse
import json
from typing import TextIO

from serenissima.cli._common import load
from serenissima.compare import SECTIONS, compare_rulesets, format_diff


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the command to the parser."""
    parser = commands.add_parser(
        "compare",
        help="compare two rulesets key by key",
        description="Compare two rulesets (installed names or folders): identity, board, "
        "ports, goods, numbers, options and phases. Marks: ~ different, < only in LEFT, "
        "> only in RIGHT, = the same.",
    )
    parser.add_argument("left", metavar="LEFT", help="a ruleset name or folder")
    parser.add_argument("right", metavar="RIGHT", help="a ruleset name or folder")
    parser.add_argument(
        "--all", action="store_true", help="also list the keys that are the same on both sides"
    )
    parser.add_argument(
        "--section",
        choices=SECTIONS,
        action="append",
        metavar="SECTION",
        help=f"only this section; repeat for several ({', '.join(SECTIONS)})",
    )
    parser.add_argument(
        "--json", action="store_true", help="print the diff as JSON instead of a table"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Print the diff."""
    diff = compare_rulesets(load(args.left), load(args.right))
    if args.section:
        diff = diff.section(*args.section)
    if not args.json:
        out.write(format_diff(diff, show_same=args.all) + "\n")
        return 0
    data = (diff if args.all else diff.changed).to_dict()
    data["summary"] = {status.value: count for status, count in diff.counts.items()}
    out.write(json.dumps(data, indent=2) + "\n")
    return 0
