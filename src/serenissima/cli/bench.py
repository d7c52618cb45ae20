"""``serenissima bench``: decisions and games per second."""

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
    seconds,
    write_json,
)


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the command to the parser."""
    parser = commands.add_parser(
        "bench",
        help="measure decisions and games per second",
        description="Play random games and report decisions per second (legal_actions "
        "plus a checked apply) and whole games per second, for each ruleset asked "
        "(by default every installed one).",
    )
    add_game_arguments(parser)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=seconds, help="time budget in seconds (default: 5)")
    budget.add_argument("--games", type=positive, help="play this many games instead")
    parser.add_argument("--seed", type=int, default=0, help="seed (default: %(default)s)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Measure and print one result per ruleset."""
    from serenissima.analysis.bench import format_bench, run_bench

    rulesets = load_many(args.ruleset)
    several = len(rulesets) > 1
    check_options_known(rulesets, args.option)
    budget = args.seconds if args.games is None and args.seconds is not None else None
    if args.games is None and budget is None:
        budget = 5.0
    results = []
    for rules in rulesets:
        progress = Progress(f"bench {rules.id}" if several else "bench", err)
        try:
            results.append(
                run_bench(
                    rules,
                    args.players,
                    seconds=budget,
                    games=args.games,
                    seed=args.seed,
                    options=options_for(rules, args.option, several),
                    progress=progress.fraction,
                )
            )
        finally:
            progress.close()
    if args.format == "json":
        items = []
        for result in results:
            data = attrs.asdict(result)
            data["decisions_per_second"] = result.decisions_per_second
            data["chance_per_second"] = result.chance_per_second
            data["games_per_second"] = result.games_per_second
            items.append(data)
        write_json(out, items, several)
    else:
        out.write("\n\n".join(format_bench(result) for result in results) + "\n")
    return 0
