"""``serenissima play``: a game in the terminal, people and bots at the same table."""

from __future__ import annotations

import argparse
import random
from typing import TYPE_CHECKING, TextIO

from serenissima.cli._common import (
    ALLOW_FOLDER_HELP,
    add_option_argument,
    installed,
    load,
    positive,
    read_record,
)
from serenissima.cli._input import Reader, read_line
from serenissima.cli._session import COMMANDS_HELP, HUMAN, Session
from serenissima.engine.errors import ArgumentValueError

if TYPE_CHECKING:
    pass


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the command to the parser."""
    parser = commands.add_parser(
        "play",
        help="play a game in the terminal against bots or other people",
        description="Play a game at the terminal. Each seat is a person ('human') or a bot; "
        "before a person decides, the board is drawn as that seat sees it, with the legal "
        "actions numbered. Bot moves and dice are printed one line each.",
        epilog=COMMANDS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "edition",
        nargs="?",
        metavar="EDITION",
        help="an installed ruleset (see 'serenissima rulesets') or a ruleset folder; "
        "with --load, the record's ruleset by default",
    )
    parser.add_argument(
        "--players",
        type=positive,
        help="number of seats (default: the number of --seats, or 4)",
    )
    parser.add_argument(
        "--seats",
        type=_kinds,
        metavar="KIND,KIND,...",
        help="who plays each seat, in seat order: 'human' or a bot "
        f"({', '.join(_bot_kinds())}; ismcts:N or ismcts:Xs sets the search's budget per "
        "decision, N iterations or X seconds); default: a human at seat 0, greedy bots elsewhere",
    )
    parser.add_argument(
        "--seed",
        type=int,
        help="seed of the dice and the bots (default: a new one, printed at the start)",
    )
    add_option_argument(parser)
    parser.add_argument(
        "--dice",
        choices=("auto", "manual"),
        default="auto",
        help="'auto' rolls with the seeded generator; 'manual' asks for every outcome, "
        "for games played with real dice and cards (default: %(default)s)",
    )
    parser.add_argument("--load", metavar="RECORD", help="continue the game saved in RECORD")
    parser.add_argument(
        "--allow-folder", action="store_true", help="with --load: " + ALLOW_FOLDER_HELP
    )
    parser.add_argument(
        "--save", metavar="FILE", help="save the game as a record at the end and on quit"
    )
    parser.set_defaults(run=run)


def _bot_kinds() -> tuple[str, ...]:
    from serenissima.agents import AGENT_KINDS

    return AGENT_KINDS


def _is_bot(kind: str) -> bool:
    from serenissima.agents import is_agent_kind

    return is_agent_kind(kind)


def _kinds(text: str) -> tuple[str, ...]:
    kinds = tuple(kind.strip().lower() for kind in text.split(","))
    for kind in kinds:
        if kind != HUMAN and not _is_bot(kind):
            known = ", ".join((HUMAN, *_bot_kinds()))
            raise argparse.ArgumentTypeError(f"unknown seat kind {kind!r}; expected one of {known}")
    return kinds


def run(args: argparse.Namespace, out: TextIO, err: TextIO, read: Reader = read_line) -> int:
    """Play a game to its end, or until a person leaves."""
    from serenissima.records.game import Game

    seed = args.seed if args.seed is not None else random.randrange(2**31)
    metadata: dict[str, str] = {}
    if args.load is not None:
        record = read_record(args.load)
        if args.option:
            raise ArgumentValueError("--option cannot change a saved game: its options are kept")
        if args.players is not None and args.players != record.players:
            raise ArgumentValueError(
                f"--players {args.players}: the saved game has {record.players} players"
            )
        rules = load(args.edition) if args.edition else None
        game = Game.from_record(record, rules, seed, allow_folder=args.allow_folder)
        metadata = {k: v for k, v in record.metadata.items() if k != "seats"}
        saved = record.metadata.get("seats")  # where records of format 1 kept the kinds
        default = record.agents or (tuple(saved.split(",")) if saved else None)
        kinds = _seat_kinds(args.seats or default, game.players)
    else:
        if not args.edition:
            raise ArgumentValueError(
                f"name the edition to play, an installed ruleset ({installed()}) or a folder, "
                "or --load a saved game"
            )
        if args.allow_folder:
            raise ArgumentValueError("--allow-folder applies to a game loaded with --load")
        players = args.players or (len(args.seats) if args.seats else 4)
        kinds = _seat_kinds(args.seats, players)
        game = Game(load(args.edition), players, dict(args.option), seed)
    session = Session(game, kinds, seed, args.dice == "manual", args.save, out, err, read)
    session.metadata = metadata
    return session.play()


def _seat_kinds(given: tuple[str, ...] | None, players: int) -> tuple[str, ...]:
    if given is None:
        return (HUMAN,) + ("greedy",) * (players - 1)
    if len(given) != players:
        raise ArgumentValueError(f"--seats names {len(given)} seat(s) for a {players}-player game")
    for kind in given:
        if kind != HUMAN and not _is_bot(kind):
            raise ArgumentValueError(f"unknown seat kind {kind!r}")
    return given
