"""Play the search bot against itself at growing budgets, for the bots page's budget ladder.

More thought should never make a search player weaker. For each edition the
script runs ``serenissima ladder`` over one search kind at ``--budgets``
(``--kind ismcts-learned --budgets 25,100,400`` by default; seconds are
written ``0.05s,0.2s``), with ``--anchor`` first when given, each budget
against the next only (``--pairings chain``: 25 against 100, 100 against
400, and the anchor against the smallest budget): at 2 seats the
budgets take turns at every seat, at 3 or 4 seats each sits alone among the
other's seats (``--seating one``), which is the 4-seat target: one seat with
the larger budget among the smaller's should win more than its fair share.
:func:`serenissima.analysis.ladder.budgets.budget_steps` then picks out the
pairings where one budget is four times the other.

Every ladder is written to ``--out`` (``docs/data/budget-ladder.json``) as soon
as it lands, so a stopped run keeps what it measured; with ``--journals DIR``
each ladder keeps its games in ``DIR/<ruleset>-<players>.jsonl`` and the same
command run again plays only the games it lacks::

    python scripts/budget_ladder.py --journals runs/
    python scripts/budget_ladder.py --kind ismcts --budgets 0.05s,0.2s,0.8s --out budgets-s.json

The file holds one object::

    {
      "command": "python scripts/budget_ladder.py ...",
      "date": "2026-11-29", "serenissima": "0.1.0",
      "seconds": {"classic 2": 5120, ...},   # how long each took (null: resumed)
      "ladders": [...],                      # as ``serenissima ladder --format json``
      "steps": [...]                         # BudgetStep.to_dict(), every 4x pairing
    }
"""

from __future__ import annotations

import argparse
import datetime
import json
import shlex
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from serenissima import __version__
from serenissima.analysis.ladder.budgets import budget_steps
from serenissima.cli import main

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "data" / "budget-ladder.json"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", default="ismcts-learned", help="the search kind (%(default)s)")
    parser.add_argument(
        "--budgets", default="25,100,400", help="its budgets, smallest first (%(default)s)"
    )
    parser.add_argument("--anchor", default="", help="an agent kind to play first, e.g. greedy")
    parser.add_argument("--ruleset", nargs="+", default=["classic", "modern"])
    parser.add_argument("--players", nargs="+", type=int, default=[2, 4])
    parser.add_argument("--games", type=int, default=48, help="games of each pairing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=None, help="games at once (every core)")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--journals", type=Path, default=None, help="resume from DIR")
    return parser


def _journal(args: argparse.Namespace, ruleset: str, players: int) -> Path | None:
    """Where one ladder keeps its games, with ``--journals``."""
    return None if args.journals is None else args.journals / f"{ruleset}-{players}.jsonl"


def _ladder(args: argparse.Namespace, ruleset: str, players: int) -> dict[str, Any]:
    """Play one edition's budget ladder at ``players`` seats and return its JSON data."""
    agents = [f"{args.kind}:{budget}" for budget in args.budgets.split(",")]
    if args.anchor:
        agents.insert(0, args.anchor)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "ladder.json"
        argv = [
            "ladder",
            *("--ruleset", ruleset, "--agents", ",".join(agents)),
            *("--players", str(players), "--games", str(args.games), "--seed", str(args.seed)),
            *(("--seating", "one") if players > 2 else ()),
            *("--pairings", "chain"),
            *(("--jobs", str(args.jobs)) if args.jobs else ()),
            *("--format", "json", "--out", str(out)),
        ]
        journal = _journal(args, ruleset, players)
        if journal is not None:
            journal.parent.mkdir(parents=True, exist_ok=True)
            argv += ["--journal", str(journal)]
        if main(argv):
            raise SystemExit(f"the {ruleset} ladder at {players} seats failed")
        (ladder,) = json.loads(out.read_text(encoding="utf-8"))["ladders"]
    return dict(ladder)


def _relative(path: Path) -> str:
    """``path`` as the page shows it: from the project's folder, else in the page's data folder.

    A file outside the project is shown by its name in ``docs/data/``, where the
    page reads it, so that no folder of the machine that ran it is shown.
    """
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return f"docs/data/{path.name}"


def _shown(argv: list[str], out: Path) -> str:
    """The command as the page shows it: without where the journals are kept or the jobs."""
    shown: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg in ("--journals", "--jobs"):
            skip = True
        elif not arg.startswith(("--journals=", "--jobs=")):
            shown.append(_relative(out) if arg == str(out) else arg)
    return " ".join(["python scripts/budget_ladder.py", *map(shlex.quote, shown)]).strip()


def run() -> int:
    """Play every ladder, writing the file again as each one lands."""
    args = _parser().parse_args()
    data: dict[str, Any] = {
        "command": _shown(sys.argv[1:], args.out),
        "date": datetime.date.today().isoformat(),
        "serenissima": __version__,
        "seconds": {},
        "ladders": [],
        "steps": [],
    }
    for ruleset in args.ruleset:
        for players in args.players:
            journal = _journal(args, ruleset, players)
            resumed = journal is not None and journal.is_file()
            start = time.monotonic()
            ladder = _ladder(args, ruleset, players)
            # a ladder resumed from its journal took longer than this run: no figure then
            spent = None if resumed else round(time.monotonic() - start)
            data["seconds"][f"{ruleset} {players}"] = spent
            data["ladders"].append(ladder)
            data["steps"] += [step.to_dict() for step in budget_steps(ladder)]
            args.out.parent.mkdir(parents=True, exist_ok=True)
            args.out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
            sys.stderr.write(f"wrote the {ruleset} ladder at {players} seats to {args.out}\n")
    return 0


if __name__ == "__main__":
    sys.exit(run())
