"""Measure how the two editions play, for the documentation's edition report.

The script plays ``--games`` games of each edition at ``--players`` seats, with
``--agents`` at every seat (by default the strongest honest bot,
:data:`serenissima.agents.STRONGEST_KIND`), and as many games of one ``--agents``
seat against ``--versus`` seats (the greedy bot by default: the skill
gradient); game ``i`` of both editions meets the same dice and cards. It
compares them with
:func:`serenissima.analysis.quality.run.run_quality` and writes the comparison,
with how it was made, to ``--out`` (by default ``docs/data/edition-report.json``),
which ``docs/edition_report_hook.py`` turns into the report page.

The file holds one object::

    {
      "command": "python scripts/edition_report.py --agents ismcts-learned:100 --games 40 ...",
      "date": "2025-01-31",           # the day it was measured
      "serenissima": "0.1.0",         # the package version
      "seconds": 212.5,               # how long the games and the bootstrap took
      "comparison": {...}             # QualityComparison.to_dict()
    }

The games run on every core (``--jobs`` for fewer), and the figures are the
same for any number of jobs. With ``--journal FILE`` each game is kept in FILE
as it finishes, and the same command run again plays only the games it lacks.
Run it from the repository's root; another bot is one argument away::

    python scripts/edition_report.py --games 40
    python scripts/edition_report.py --agents greedy --versus random
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
import time
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from serenissima.agents import strongest_kind, weaker_kind
from serenissima.analysis.quality.run import check_quality, run_quality
from serenissima.analysis.run.runner import Runner, Workers
from serenissima.analysis.stats.bootstrap import DEFAULT_REPLICATES
from serenissima.engine.errors import ArgumentValueError, SerenissimaError
from serenissima.engine.registry import load_ruleset

DEFAULT_OUT = Path("docs/data/edition-report.json")
DEFAULTS: dict[str, Any] = {
    "left": "classic",
    "right": "modern",
    "agents": None,  # the strongest honest bot (written out in the command)
    "versus": None,  # the bot one step weaker (written out in the command)
    "games": 100,
    "players": 4,
    "seed": 1,
}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--left", default=DEFAULTS["left"], help="the left edition")
    parser.add_argument("--right", default=DEFAULTS["right"], help="the right edition")
    parser.add_argument(
        "--agents",
        default=DEFAULTS["agents"],
        help="the agent of every seat (default: the strongest honest bot, "
        "serenissima.agents.STRONGEST_KIND, or the same search with the heuristic for an "
        "edition without a learned evaluation)",
    )
    parser.add_argument(
        "--versus",
        default=DEFAULTS["versus"],
        help="the weaker agent of the skill gradient (default: greedy against a search bot, "
        "random against any other)",
    )
    parser.add_argument(
        "--games", type=int, default=DEFAULTS["games"], help="games of each batch (%(default)s)"
    )
    parser.add_argument(
        "--players", type=int, default=DEFAULTS["players"], help="seats (%(default)s)"
    )
    parser.add_argument("--seed", type=int, default=DEFAULTS["seed"], help="batch seed")
    parser.add_argument(
        "--replicates", type=int, default=DEFAULT_REPLICATES, help="bootstrap draws"
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the JSON file")
    parser.add_argument(
        "--jobs", type=_jobs, default=None, help="games at once (default: every core)"
    )
    parser.add_argument("--journal", type=Path, default=None, help="keep the games in FILE, resume")
    return parser


def _jobs(text: str) -> int:
    """A number of jobs, 1 or more."""
    try:
        jobs = int(text)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise argparse.ArgumentTypeError(f"expected a number of jobs, 1 or more, got {text!r}")
    return jobs


def _command(args: argparse.Namespace) -> str:
    """The command line that gives this file again: the defaults left out."""
    words = ["python scripts/edition_report.py"]
    for name, default in DEFAULTS.items():
        value = getattr(args, name)
        if value != default:
            words.append(f"--{name} {value}")
    if args.replicates != DEFAULT_REPLICATES:
        words.append(f"--replicates {args.replicates}")
    return " ".join(words)


class _Progress:
    """A line on standard error every tenth of the games: how many, and the time left.

    The time left is reckoned at the pace of the games played in this run, not
    counting those a journal already held (the first call's ``done``).
    """

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.held: int | None = None

    def __call__(self, done: int, total: int) -> None:
        if self.held is None:
            self.held = done
        if done == total or (done > self.held and done % max(1, total // 10) == 0):
            spent = time.perf_counter() - self.start
            left = spent / max(1, done - self.held) * (total - done)
            sys.stderr.write(f"{done}/{total} games, {spent:.0f} s, about {left:.0f} s left\n")


def main(argv: list[str] | None = None) -> int:
    """Play, compare and write the file; return the exit status."""
    args = _parser().parse_args(argv)
    try:
        if args.agents is None:
            rulesets = [load_ruleset(args.left), load_ruleset(args.right)]
            args.agents = strongest_kind(rulesets, args.players)
        if args.versus is None:
            args.versus = weaker_kind(args.agents)
        check_quality(args.left, args.right, args.players, args.games, args.agents, args.versus)
        if not args.out.parent.is_dir():
            raise ArgumentValueError(f"cannot write {args.out}: no folder {str(args.out.parent)!r}")
        start = time.perf_counter()
        with Runner(Workers.choose(args.jobs)) as runner:
            comparison = run_quality(
                args.left,
                args.right,
                players=args.players,
                games=args.games,
                seed=args.seed,
                agents=args.agents,
                versus=args.versus,
                replicates=args.replicates,
                progress=_Progress(),
                mapper=runner.ordered,
                journal=args.journal,
            )
    except SerenissimaError as exc:
        sys.stderr.write(f"edition_report: error: {exc}\n")
        return 2
    try:
        package = version("serenissima")
    except PackageNotFoundError:  # pragma: no cover - a source tree without metadata
        package = "unknown"
    data = {
        "command": _command(args),
        "date": datetime.date.today().isoformat(),
        "serenissima": package,
        "seconds": round(time.perf_counter() - start, 1),
        "comparison": comparison.to_dict(),
    }
    args.out.write_text(json.dumps(data, indent=1, allow_nan=False) + "\n", encoding="utf-8")
    sys.stderr.write(f"wrote {args.out} in {data['seconds']} s\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
