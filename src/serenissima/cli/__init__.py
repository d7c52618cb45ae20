"""The ``serenissima`` command: rulesets, rules, play, replay, simulate, compare, ladder, bench.

Run ``serenissima --help`` or ``serenissima COMMAND --help`` for the options.
Errors of the library (an unknown ruleset, a bad option...) are printed as
one line on standard error, and the command exits with status 2.

Each command is a module of this package with ``register(commands)``, which
adds its parser and sets ``run`` as its default, and ``run(args, out, err)``,
which returns the exit status.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version

from serenissima.cli import (
    bench,
    compare,
    ladder,
    play,
    replay,
    rules,
    rulesets,
    serve,
    simulate,
)
from serenissima.cli._common import EXIT_ERROR, EXIT_INTERRUPTED, PROG, Parser
from serenissima.engine.errors import SerenissimaError
from serenissima.engine.rule_index import RULE_ID

__all__ = ["main"]

_COMMANDS = (rulesets, rules, play, replay, simulate, compare, ladder, bench, serve)


def _package_version() -> str:
    try:
        return version("serenissima")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "unknown"


def _parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog=PROG,
        description="A rules engine for both editions of the board game Serenissima.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_package_version()}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in _COMMANDS:
        command.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``serenissima`` command.

    Args:
        argv: The arguments after the program name (``sys.argv[1:]`` when ``None``).

    Returns:
        The exit status: 0 on success, 2 on an error (usage or library), 130 if interrupted.

    Raises:
        SystemExit: On ``--help``, ``--version`` and usage errors, as argparse does.
    """
    given = list(sys.argv[1:] if argv is None else argv)
    if len(given) > 1 and given[0] == "rules" and RULE_ID.fullmatch(given[1].upper()):
        given.insert(1, "rule")  # serenissima rules C-BID-2: the rule and where it lives
    args = _parser().parse_args(given)
    out, err = sys.stdout, sys.stderr
    try:
        status: int = args.run(args, out, err)
    except SerenissimaError as exc:
        err.write(f"{PROG}: error: {exc}\n")
        return EXIT_ERROR
    except KeyboardInterrupt:
        err.write(f"{PROG}: interrupted\n")
        return EXIT_INTERRUPTED
    return status
