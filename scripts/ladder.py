"""Write the documentation's ladder, ``docs/data/ladder.json``, with ``serenissima ladder``.

The ladder page (``docs/ladder.md``) is filled from this file at build time by
``docs/ladder_hook.py``. The agents are :data:`AGENTS` unless ``--agents`` is
given: adding an agent to the documentation's ladder is adding its kind there
(``random,greedy,ismcts:300,ismcts:1000``, say) and running the script again::

    python scripts/ladder.py                 # the defaults below
    python scripts/ladder.py --games 400     # longer
    python scripts/ladder.py --agents random,greedy,ismcts:300,ismcts:1000

Every edition is played at 2 and 4 seats (``--players`` for others); the games
run on every core, and ``--journal FILE`` lets a stopped run resume.
``--seating one`` seats one agent of each pairing alone among the other's
seats (each agent alone at every seat in turn) instead of alternating them::

    python scripts/ladder.py --agents greedy,ismcts:100,ismcts:400 --players 4 --seating one
"""

from __future__ import annotations

import argparse
import datetime
import json
import shlex
import sys
import time
from pathlib import Path

from serenissima import __version__
from serenissima.analysis.ladder.seating import SEATINGS
from serenissima.cli import main

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "data" / "ladder.json"

AGENTS = "random,greedy,ismcts:100"
"""The agents of the documentation's ladder, the anchor first."""

GAMES = 48
PLAYERS = ("2", "4")
SEED = 1


def run() -> int:
    """Play the ladder, then add the command and the date to its JSON file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", default=AGENTS)
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--players", nargs="+", default=list(PLAYERS))
    parser.add_argument("--seating", choices=SEATINGS, default="alternate")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--journal", type=Path, default=None, help="resume from FILE")
    args = parser.parse_args()
    argv = [
        "ladder",
        "--agents",
        args.agents,
        "--games",
        str(args.games),
        "--players",
        *args.players,
        "--seed",
        str(args.seed),
        *(["--seating", args.seating] if args.seating != "alternate" else []),
        "--format",
        "json",
        "--out",
        str(args.out),
    ]
    journal = ["--journal", str(args.journal)] if args.journal else []
    start = time.monotonic()
    status = main(argv + journal)
    if status:
        return status
    data = json.loads(args.out.read_text(encoding="utf-8"))
    shown = [a if a != str(args.out) else "docs/data/ladder.json" for a in argv]
    data = {
        "command": "serenissima " + shlex.join(shown),
        "date": datetime.date.today().isoformat(),
        "serenissima": __version__,
        "seconds": round(time.monotonic() - start),
        **data,
    }
    args.out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(run())
