"""``serenissima compare --report DIR``: the game-quality report of two editions.

The options live here so that ``compare`` only adds them and hands over: with
``--report``, both editions play ``--games`` games with ``--agents`` at every
seat (and a skill batch against ``--versus``), and the report goes into the
folder; its findings are printed after the diff.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, TextIO

from serenissima.cli._common import Progress
from serenissima.engine.errors import ArgumentValueError

if TYPE_CHECKING:
    from serenissima.analysis.quality.compare import QualityComparison


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--agents``, ``--versus`` and ``--report``."""
    parser.add_argument(
        "--agents",
        metavar="KIND",
        help="with --games: the agent of every seat, any kind the agents know (instead of "
        "--seats); with --report the default is the strongest honest bot "
        "(serenissima.agents.STRONGEST_KIND, or the same search with the heuristic for an "
        "edition without a learned evaluation)",
    )
    parser.add_argument(
        "--report",
        metavar="DIR",
        help="with --games: measure how each edition plays (balance, decisiveness, lead "
        "changes, drama, length, branching, skill gradient...) and write DIR/report.md and "
        "DIR/report.html with 95%% bootstrap intervals, instead of the statistics side by side",
    )
    parser.add_argument(
        "--versus",
        metavar="KIND",
        help="with --report: the weaker agent of the skill gradient, which seats one --agents "
        "seat against KIND seats (default: greedy against a search bot, random against any "
        "other; the same kind as --agents: no skill gradient)",
    )


def check(args: argparse.Namespace) -> None:
    """Refuse the combinations that make no sense, before anything is loaded or played."""
    if args.agents is not None and args.seats is not None:
        raise ArgumentValueError("give --agents or --seats, not both")
    if args.versus is not None and args.report is None:
        raise ArgumentValueError("--versus goes with --report")
    if args.report is not None and args.seats is not None:
        raise ArgumentValueError("--report plays one agent kind at every seat: give --agents")


def run_report(
    args: argparse.Namespace,
    options: tuple[dict[str, object], dict[str, object]],
    err: TextIO,
) -> QualityComparison:
    """Check the folder, play both editions, write the report and return the comparison."""
    from serenissima.agents.kinds import strongest_kind, weaker_kind
    from serenissima.analysis.quality.report import check_report_folder, write_report
    from serenissima.analysis.quality.run import check_quality, run_quality
    from serenissima.analysis.run.runner import Runner, Workers
    from serenissima.engine.registry import load_ruleset

    agents = args.agents
    if agents is None:
        rulesets = [load_ruleset(args.left), load_ruleset(args.right)]
        agents = strongest_kind(rulesets, args.players)
    versus = weaker_kind(agents) if args.versus is None else args.versus
    check_quality(args.left, args.right, args.players, args.games, agents, versus, options)
    folder = check_report_folder(args.report)
    workers = Workers.choose(args.jobs, args.backend, args.address)
    progress = Progress("play both editions", err)
    try:
        with Runner(workers) as runner:
            comparison = run_quality(
                args.left,
                args.right,
                players=args.players,
                games=args.games,
                seed=args.seed,
                agents=agents,
                versus=versus,
                options=options,
                progress=progress.games,
                journal=args.journal,
                mapper=runner.ordered,
            )
    finally:
        progress.close()
    for path in write_report(comparison, folder)[:2]:
        err.write(f"wrote {path}\n")
    return comparison


def format_findings(comparison: QualityComparison) -> str:
    """The report's findings as plain text, one paragraph per measure."""
    from serenissima.analysis.quality.text import findings

    c = comparison
    head = (
        f"Game quality: {c.games} games of each edition, {c.players} players, every seat "
        f"{c.agents}, seed {c.seed} (95% bootstrap intervals, paired)"
    )
    return "\n".join([head, *(f"- {label}. {text}" for label, text in findings(c))])
