"""``serenissima bench``: decisions and games per second, and the size of a state."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, TextIO

from serenissima.cli._common import (
    Progress,
    add_game_arguments,
    check_options_known,
    load_many,
    options_for,
    positive,
    seconds,
    write_json,
)
from serenissima.cli.simulate import check_out, emit
from serenissima.engine.errors import OptionError

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

DEFAULT_SECONDS = 2.0
"""The time budget of one measured run (one ruleset, one player count)."""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the command to the parser."""
    parser = commands.add_parser(
        "bench",
        help="measure decisions and games per second, and the size of a state",
        description="Play random games and report, for each ruleset asked (by default "
        "every installed one) and each player count (by default every count it allows), "
        "decisions per second (legal_actions plus a checked apply), the cost of one "
        "decision, chance nodes and whole games per second, and the mean size of a state "
        "pickled and as JSON.",
    )
    add_game_arguments(parser, many_players=True)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument(
        "--seconds",
        type=seconds,
        help=f"time budget of each ruleset and player count (default: {DEFAULT_SECONDS:g})",
    )
    budget.add_argument("--games", type=positive, help="play this many games instead")
    parser.add_argument("--seed", type=int, default=0, help="seed (default: %(default)s)")
    parser.add_argument(
        "--svg", metavar="FILE", help="also draw decisions per second as an SVG chart in FILE"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Measure and print one row per ruleset and player count."""
    from serenissima.analysis.bench.report import bench_data, bench_svg, format_bench_table
    from serenissima.analysis.bench.throughput import run_bench

    check_out(args.svg)
    rulesets = load_many(args.ruleset)
    several = len(rulesets) > 1
    check_options_known(rulesets, args.option)
    budget = args.seconds if args.games is None else None
    if args.games is None and budget is None:
        budget = DEFAULT_SECONDS
    runs: list[tuple[Ruleset, int]] = []
    for rules in rulesets:
        counts = args.players or list(rules.info.players)
        if several:  # each ruleset plays the asked counts it allows
            counts = [n for n in counts if n in rules.info.players]
            if not counts:
                allowed = ", ".join(map(str, rules.info.players))
                raise OptionError("players", f"{rules.id} allows {allowed} players")
        runs.extend((rules, players) for players in counts)
    results = []
    for rules, players in runs:
        label = f"bench {rules.id}, {players} players"
        progress = Progress(label, err)
        try:
            results.append(
                run_bench(
                    rules,
                    players,
                    seconds=budget,
                    games=args.games,
                    seed=args.seed,
                    options=options_for(rules, args.option, several),
                    progress=progress.fraction,
                )
            )
        finally:
            progress.close()
    if args.svg is not None:
        emit(bench_svg(results) + "\n", args.svg, out, err)
    if args.format == "json":
        write_json(out, [bench_data(result) for result in results], len(results) > 1)
    else:
        out.write(format_bench_table(results) + "\n")
    return 0
