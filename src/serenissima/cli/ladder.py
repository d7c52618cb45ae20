"""``serenissima ladder``: every pairing of agents plays the same games; each agent is rated."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TextIO

from serenissima.analysis.ladder.seating import PAIRINGS, SEATINGS
from serenissima.cli._common import (
    Progress,
    add_option_argument,
    add_run_arguments,
    check_options_known,
    load,
    names_many,
    options_for,
    positive,
    run_arguments,
)
from serenissima.cli.simulate import check_out, emit, seat_kinds
from serenissima.engine.errors import ArgumentValueError


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the command to the parser."""
    parser = commands.add_parser(
        "ladder",
        help="rate agents against each other: every pairing, win shares and ratings",
        description="Play every pairing of two of the --agents for --games games, for each "
        "ruleset and player count, and print each pairing's win share with its 95% interval "
        "and each agent's Bradley-Terry rating (the first agent is 0) with a 95% bootstrap "
        "interval, also on an Elo-like scale. Game i of every pairing draws its chance from "
        "--seed and i alone; the two agents of a pairing take turns at every seat, so each "
        "holds every seat equally often over 2 x players games (or, with --seating one, each "
        "sits alone among the other's seats at every seat in turn). A shared win counts 1/k. "
        "Each pairing also gives each agent's share of the win from each seat, and with "
        "--seating one from its seat when alone (fair: 1/players).",
    )
    parser.add_argument(
        "--ruleset",
        action="append",
        metavar="NAME_OR_FOLDER",
        help="an installed ruleset or a ruleset folder; repeat for several; 'all' for every "
        "installed ruleset (the default)",
    )
    parser.add_argument(
        "--agents",
        type=seat_kinds,
        required=True,
        metavar="KIND,...",
        help="two or more agent kinds separated by commas, as 'simulate --seats' takes them; "
        "the first is the anchor of the ratings",
    )
    parser.add_argument(
        "--players",
        type=positive,
        nargs="+",
        default=[2],
        metavar="N",
        help="numbers of seats (default: 2)",
    )
    parser.add_argument(
        "--games",
        type=positive,
        default=100,
        help="games of each pairing (default: %(default)s)",
    )
    parser.add_argument(
        "--seating",
        choices=SEATINGS,
        default="alternate",
        help="how the two agents of a pairing share the seats: 'alternate', each holding every "
        "seat equally often (the default), or 'one', one agent alone among the other's seats, "
        "each agent alone at every seat in turn (the same games at 2 players)",
    )
    parser.add_argument(
        "--pairings",
        choices=PAIRINGS,
        default="all",
        help="which pairs of agents play: 'all' (the default), or the 'chain' of neighbours in "
        "the order of --agents (the first against the second, the second against the third...), "
        "as a ladder of budgets needs",
    )
    parser.add_argument(
        "--seed", type=int, default=1, help="seed of the games and of the bootstrap (default: 1)"
    )
    parser.add_argument(
        "--replicates",
        type=positive,
        default=200,
        help="bootstrap replicates of the ratings' intervals (default: %(default)s)",
    )
    add_option_argument(parser)
    parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="output (default: text)"
    )
    parser.add_argument("--out", metavar="FILE", help="write to FILE instead of standard output")
    parser.add_argument("--svg", metavar="FILE", help="also draw the ratings as SVG to FILE")
    add_run_arguments(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Play the ladder and print its tables (or JSON), and draw its chart."""
    from serenissima.analysis.ladder.report import format_ladder, ladder_svg
    from serenissima.analysis.ladder.run import check_agents, run_ladder
    from serenissima.analysis.run.games import RulesetRef

    check_agents(args.agents)
    check_out(args.out)
    check_out(args.svg)
    if args.out is not None and args.svg is not None and Path(args.out) == Path(args.svg):
        raise ArgumentValueError("--out and --svg name the same file")
    kw = run_arguments(args)
    sources = [(source, load(source)) for source in names_many(args.ruleset)]
    rulesets = [rules for _, rules in sources]
    several = len(rulesets) > 1
    check_options_known(rulesets, args.option)
    options = [options_for(rules, args.option, several) for rules in rulesets]
    refs = [RulesetRef.of(rules, source) for source, rules in sources]
    progress = Progress("ladder", err)
    try:
        ladders = run_ladder(
            refs,
            args.agents,
            args.players,
            args.games,
            args.seed,
            options,
            progress.games,
            replicates=args.replicates,
            seating=args.seating,
            pairings=args.pairings,
            **kw,
        )
    finally:
        progress.close()
    if args.format == "json":
        text = json.dumps({"ladders": [ladder.to_dict() for ladder in ladders]}, indent=2) + "\n"
    else:
        text = "\n\n".join(format_ladder(ladder) for ladder in ladders) + "\n"
    emit(text, args.out, out, err)
    if args.svg is not None:
        emit(ladder_svg(ladders) + "\n", args.svg, out, err)
    return 0
