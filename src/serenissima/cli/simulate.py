"""``serenissima simulate``: many games, summarised, or one row per game."""

from __future__ import annotations

import argparse
import csv
import io
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from serenissima.cli._common import (
    Progress,
    add_game_arguments,
    add_run_arguments,
    check_options_known,
    load,
    names_many,
    options_for,
    positive,
    run_arguments,
    write_json,
)
from serenissima.engine.errors import ArgumentValueError

if TYPE_CHECKING:
    from serenissima.analysis.simulate.summary import SimulationSummary
    from serenissima.engine.ruleset import Ruleset


def seat_kinds(text: str) -> tuple[str, ...]:
    """Read ``--seats``: agent kinds separated by commas."""
    kinds = tuple(kind.strip() for kind in text.split(","))
    if not all(kinds):
        raise argparse.ArgumentTypeError(f"expected agent kinds separated by commas, got {text!r}")
    return kinds


def add_seats_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--seats KIND,...``."""
    from serenissima.agents import AGENT_KINDS

    parser.add_argument(
        "--seats",
        type=seat_kinds,
        metavar="KIND,...",
        help="each seat's agent, separated by commas, or one kind for every seat "
        f"({', '.join(AGENT_KINDS)}; default: random)",
    )


def seats_for(kinds: tuple[str, ...] | None, players: int) -> tuple[str, ...] | None:
    """One agent kind per seat: ``--seats`` as given, or its single kind repeated."""
    if kinds is None or len(kinds) == players:
        return kinds
    if len(kinds) == 1:
        return kinds * players
    raise ArgumentValueError(
        f"--seats names {len(kinds)} agents for {players} players; "
        "give one per seat, or one for every seat"
    )


def check_out(path: str | None) -> None:
    """Refuse an ``--out`` file that cannot be written, before any game is played."""
    if path is None:
        return
    target = Path(path)
    if target.is_dir():
        raise ArgumentValueError(f"cannot write {path}: it is a folder")
    if not target.parent.is_dir():
        raise ArgumentValueError(f"cannot write {path}: no folder {str(target.parent)!r}")


def emit(text: str, path: str | None, out: TextIO, err: TextIO) -> None:
    """Write ``text`` to the ``--out`` file, or to ``out`` when there is none."""
    if path is None:
        out.write(text)
        return
    try:
        Path(path).write_text(text, encoding="utf-8")
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        raise ArgumentValueError(
            f"cannot write {path}: {getattr(exc, 'strerror', None) or exc}"
        ) from None
    err.write(f"wrote {path}\n")


def simulate_with_progress(
    sources: list[tuple[str, Ruleset]],
    options: list[dict[str, object]],
    args: argparse.Namespace,
    seats: tuple[str, ...] | None,
    err: TextIO,
    *,
    keep_games: bool = False,
) -> list[SimulationSummary]:
    """Simulate ``args.games`` games of each ruleset with a progress bar.

    Each ruleset comes with the name or folder it was loaded from, where a
    worker loads it; the games run as ``--jobs``, ``--backend``, ``--address``
    and ``--journal`` say.
    """
    from serenissima.analysis.run.games import RulesetRef
    from serenissima.analysis.simulate.batch import simulate_many

    refs = [RulesetRef.of(rules, source) for source, rules in sources]
    shown = ", ".join(rules.id for _, rules in sources)
    progress = Progress(f"simulate {shown}" if len(sources) > 1 else "simulate", err)
    try:
        return simulate_many(
            refs,
            args.players,
            args.games,
            args.seed,
            options,
            progress.games,
            seats,
            keep_games=keep_games,
            **run_arguments(args),
        )
    finally:
        progress.close()


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the command to the parser."""
    parser = commands.add_parser(
        "simulate",
        help="play games between agents and summarise them",
        description="Play games between agents (random ones unless --seats says otherwise) "
        "and print game length, the winner's margin, shared wins, and by seat the win rate "
        "with its 95% interval, the mean score and its parts, and speed; one summary per "
        "ruleset (with several, an option applies to the rulesets that declare it). Game i "
        "draws its chance and its agents' seeds from --seed and i alone, so every ruleset "
        "meets the same chance. --format csv gives one row per game instead.",
    )
    add_game_arguments(
        parser,
        ("text", "json", "csv"),
        "output: a text summary, the summary as JSON, or one CSV row per game "
        "(default: %(default)s)",
    )
    parser.add_argument(
        "--games", type=positive, default=100, help="number of games (default: %(default)s)"
    )
    parser.add_argument(
        "--seed", type=int, default=1, help="seed of the batch (default: %(default)s)"
    )
    add_seats_argument(parser)
    add_run_arguments(parser)
    parser.add_argument(
        "--per-game",
        action="store_true",
        help="with --format json, add every game's row under 'per_game'",
    )
    parser.add_argument("--out", metavar="FILE", help="write to FILE instead of standard output")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Simulate and print one summary per ruleset, or one CSV row per game."""
    from serenissima.analysis.simulate.report import format_summary

    if args.per_game and args.format == "text":
        raise ArgumentValueError("--per-game goes with --format json (csv is always per game)")
    check_out(args.out)
    run_arguments(args)
    seats = seats_for(args.seats, args.players)
    sources = [(source, load(source)) for source in names_many(args.ruleset)]
    rulesets = [rules for _, rules in sources]
    several = len(rulesets) > 1
    check_options_known(rulesets, args.option)
    keep = args.format == "csv" or args.per_game
    options = [options_for(rules, args.option, several) for rules in rulesets]
    summaries = simulate_with_progress(sources, options, args, seats, err, keep_games=keep)
    if args.format == "json":
        buffer = io.StringIO()
        write_json(buffer, [s.to_dict(per_game=args.per_game) for s in summaries], several)
        text = buffer.getvalue()
    elif args.format == "csv":
        text = format_csv(summaries)
    else:
        text = "\n\n".join(format_summary(summary) for summary in summaries) + "\n"
    emit(text, args.out, out, err)
    return 0


def format_csv(summaries: list[SimulationSummary]) -> str:
    """One CSV row per game of every summary, under one header.

    Columns: ruleset, game, seed, decisions, chance, turns, winners (seats
    separated by spaces), margin, then ``score_0``, ``score_1``... by seat.
    """
    players = max(s.players for s in summaries)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(
        [
            "ruleset",
            "game",
            "seed",
            "decisions",
            "chance",
            "turns",
            "winners",
            "margin",
            *(f"score_{seat}" for seat in range(players)),
        ]
    )
    for summary in summaries:
        for row in summary.rows:
            writer.writerow(
                [
                    summary.ruleset,
                    row.index,
                    row.seed,
                    row.decisions,
                    row.chance,
                    row.turns,
                    " ".join(str(seat) for seat in row.winners),
                    row.margin,
                    *row.scores,
                ]
            )
    return buffer.getvalue()
