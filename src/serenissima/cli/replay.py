"""``serenissima replay``: a saved game, step by step, and the position it reaches."""

from __future__ import annotations

import argparse
from typing import TextIO

from serenissima.cli._common import ALLOW_FOLDER_HELP, read_record
from serenissima.cli._text import standings_lines, step_line
from serenissima.engine.errors import StateError


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the command to the parser."""
    parser = commands.add_parser(
        "replay",
        help="replay a saved game and show where it leads",
        description="Read a game record (as 'serenissima play --save' writes it), replay "
        "it action by action, print each step with what happened, then draw the position "
        "reached and the standings. The record's digests are checked after each action and "
        "at the end. A record that cannot be read, does not replay or parts from its "
        "digests (edited by hand, say) is reported on standard error with exit status 2.",
    )
    parser.add_argument("record", metavar="RECORD", help="the game record (a JSON file)")
    parser.add_argument(
        "--to",
        type=int,
        metavar="N",
        help="stop after the first N actions (default: all of them)",
    )
    parser.add_argument(
        "--seat",
        type=int,
        metavar="S",
        help="draw the position as seat S sees it (default: everything)",
    )
    parser.add_argument(
        "--quiet", action="store_true", help="print only the position reached and the standings"
    )
    parser.add_argument("--allow-folder", action="store_true", help=ALLOW_FOLDER_HELP)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Replay the record and print its steps, the position reached and the standings."""
    from serenissima.records.replay import check_result, record_ruleset, replay_steps

    record = read_record(args.record)
    rules = record_ruleset(record, allow_folder=args.allow_folder)
    if args.seat is not None and not 0 <= args.seat < record.players:
        raise StateError(f"--seat {args.seat}: the game has seats 0 to {record.players - 1}")
    start = rules.new_game(record.players, dict(record.options))
    steps = list(replay_steps(record, rules, args.to))
    state = steps[-1].state if steps else start
    if args.to is None:
        check_result(record, rules, state)
    lines: list[str] = []
    if not args.quiet:
        actor = start.to_act
        for step in steps:
            who = "chance" if actor < 0 else f"seat {actor}"
            lines.append(f"{step.index + 1:>4}. " + step_line(who, step.action, step.events))
            actor = step.state.to_act
        lines.append("")
    lines.append(rules.render(state, args.seat))
    lines.append("")
    standings = rules.standings(state)
    if standings.final or args.seat is None:
        lines += standings_lines(standings)
    else:
        lines.append("(The standings of an unfinished game are shown only without --seat.)")
    out.write("\n".join(lines) + "\n")
    return 0
