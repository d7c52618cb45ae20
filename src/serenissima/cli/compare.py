"""``serenissima compare``: two rulesets, key by key, and with ``--games`` in play."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, TextIO

from serenissima.analysis.diff.compare import compare_rulesets
from serenissima.analysis.diff.entries import SECTIONS
from serenissima.analysis.diff.text import format_diff
from serenissima.cli import _quality
from serenissima.cli._common import (
    RUN_ARGUMENTS,
    add_option_argument,
    add_run_arguments,
    check_options_known,
    load,
    option,
    options_for,
    positive,
    run_arguments,
)
from serenissima.cli.simulate import add_seats_argument, seats_for, simulate_with_progress
from serenissima.engine.errors import ArgumentValueError, OptionError

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

_DEFAULT_PLAYERS = 4
_DEFAULT_SEED = 1


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the command to the parser."""
    parser = commands.add_parser(
        "compare",
        help="compare two rulesets key by key, and in play with --games",
        description="Compare two rulesets (installed names or folders): identity, board, "
        "ports, goods, numbers, options and phases. Marks: ~ different, < only in LEFT, "
        "> only in RIGHT, = the same. With --games N, also play N games of each with the "
        "same seeds and print their statistics side by side, with each quantity's 95% "
        "interval and whether the two differ clearly (the 95% interval of the difference "
        "leaves out 0).",
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
        "--json", action="store_true", help="print the diff (and statistics) as JSON"
    )
    parser.add_argument(
        "--games", type=positive, help="play this many games of each ruleset and compare them"
    )
    parser.add_argument(
        "--players",
        type=positive,
        help=f"with --games: number of seats (default: {_DEFAULT_PLAYERS})",
    )
    add_seats_argument(parser)
    _quality.add_arguments(parser)
    parser.add_argument(
        "--seed", type=int, help=f"with --games: seed of both batches (default: {_DEFAULT_SEED})"
    )
    add_option_argument(parser)
    for side in ("left", "right"):
        parser.add_argument(
            f"--{side}-option",
            type=option,
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help=f"a rule option of {side.upper()} only, over --option; repeat for several "
            f"(compare two readings of one edition: classic classic --{side}-option ...)",
        )
    add_run_arguments(parser)
    parser.set_defaults(run=run)


def _sides(
    args: argparse.Namespace, left: Ruleset, right: Ruleset
) -> tuple[dict[str, object], dict[str, object]]:
    """Each side's options: the ``--option`` values it declares, then its own ones.

    Raises:
        OptionError: A side's own option that its ruleset does not declare.
    """
    sides = []
    for rules, own in ((left, args.left_option), (right, args.right_option)):
        declared = {spec.name for spec in rules.options}
        for name, _ in own:
            if name not in declared:
                raise OptionError(
                    name, f"unknown option; the ruleset {rules.id} does not declare it"
                )
        sides.append({**options_for(rules, args.option, True), **dict(own)})
    return sides[0], sides[1]


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Print the diff, then the simulations side by side when asked for."""
    from serenissima.analysis.simulate.compare import compare_simulations
    from serenissima.analysis.simulate.report import format_comparison

    given = (args.players, args.seats, args.seed, args.agents, args.report, args.versus)
    playing = given != (None,) * len(given) or args.option or args.left_option or args.right_option
    if playing and args.games is None:
        raise ArgumentValueError(
            "--players, --seats, --agents, --seed, --option, --left-option, --right-option, "
            "--report and --versus go with --games"
        )
    running = [name for name in RUN_ARGUMENTS if getattr(args, name) is not None]
    if running and args.games is None:
        raise ArgumentValueError(f"--{running[0]} goes with --games")
    _quality.check(args)
    run_arguments(args)
    left, right = load(args.left), load(args.right)
    comparison = quality = None
    if args.games is not None:
        args.players = args.players or _DEFAULT_PLAYERS
        args.seed = _DEFAULT_SEED if args.seed is None else args.seed
        check_options_known([left, right], args.option)
    if args.report is not None:
        quality = _quality.run_report(args, _sides(args, left, right), err)
    elif args.games is not None:
        agents = None if args.agents is None else (args.agents,)
        seats = seats_for(args.seats or agents, args.players)
        options = list(_sides(args, left, right))
        left_summary, right_summary = simulate_with_progress(
            [(args.left, left), (args.right, right)], options, args, seats, err
        )
        comparison = compare_simulations(left_summary, right_summary)
    diff = compare_rulesets(left, right)
    if args.section:
        diff = diff.section(*args.section)
    if not args.json:
        text = format_diff(diff, show_same=args.all)
        if comparison is not None:
            text += "\n\n" + format_comparison(comparison)
        if quality is not None:
            text += "\n\n" + _quality.format_findings(quality)
        out.write(text + "\n")
        return 0
    data = (diff if args.all else diff.changed).to_dict()
    data["summary"] = {status.value: count for status, count in diff.counts.items()}
    if comparison is not None:
        data["simulation"] = comparison.to_dict()
    if quality is not None:
        data["quality"] = quality.to_dict()
    out.write(json.dumps(data, indent=2) + "\n")
    return 0
