"""``serenissima simulate``: many games, summarised."""

from __future__ import annotations

import argparse
from typing import TextIO

import attrs

from serenissima.cli._common import (
    Progress,
    add_game_arguments,
    check_options_known,
    load_many,
    options_for,
    positive,
    write_json,
)


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the command to the parser."""
    parser = commands.add_parser(
        "simulate",
        help="play random games and summarise them",
        description="Play games between random agents and print game length, "
        "win rate, mean score and its parts by seat, and speed; one summary per ruleset "
        "(with several, an option applies to the rulesets that declare it).",
    )
    add_game_arguments(parser)
    parser.add_argument(
        "--games", type=positive, default=100, help="number of games (default: %(default)s)"
    )
    parser.add_argument(
        "--seed", type=int, default=1, help="seed of the batch (default: %(default)s)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Simulate and print one summary per ruleset."""
    from serenissima.simulate import format_summary, simulate

    rulesets = load_many(args.ruleset)
    several = len(rulesets) > 1
    check_options_known(rulesets, args.option)
    summaries = []
    for rules in rulesets:
        progress = Progress(f"simulate {rules.id}" if several else "simulate", err)
        try:
            summaries.append(
                simulate(
                    rules,
                    args.players,
                    args.games,
                    args.seed,
                    options_for(rules, args.option, several),
                    progress.games,
                )
            )
        finally:
            progress.close()
    if args.format == "json":
        write_json(out, [attrs.asdict(summary) for summary in summaries], several)
    else:
        out.write("\n\n".join(format_summary(summary) for summary in summaries) + "\n")
    return 0
