"""Run a long fuzz campaign against every entry point and count how the cases end.

The cases are those of the test suite's fuzzing package (``tests/fuzzing``):
hostile arguments for the ruleset's methods, ``Game`` and the agents' factory,
damaged game records, damaged ruleset folders and garbage for the command line.
Each case ends in one of five ways: refused with a typed error (``typed``),
taken and legal (``accepted``), or one of the three defects: an exception that
is not a typed ``SerenissimaError`` (``untyped``), an illegal action or a
tampered record taken (``accepted illegal``), a refused call that changed
something (``changed``).

    python scripts/fuzz_campaign.py --cases 100000 --seed 1 --out docs/data/fuzz.json

prints a table of the counts by target (with the first defects found, if any)
and writes them as JSON for the robustness page. The exit status is 1 when a
defect was found. The cases are shared among the targets by ``--share``
weights; a campaign with one seed draws the same cases again.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import resource
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis import seed as hypothesis_seed  # noqa: E402
from rich.console import Console  # noqa: E402
from rich.progress import (  # noqa: E402
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table  # noqa: E402

import serenissima  # noqa: E402
from fuzzing import TARGETS, Case, Outcome, Tally, judge  # noqa: E402

SHARE = {"ruleset": 30, "game": 20, "agents": 10, "records": 20, "loader": 10, "cli": 10}
"""How the cases are shared among the targets, by default (weights)."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=100_000, help="cases in all (100000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the campaign (1)")
    parser.add_argument(
        "--target", action="append", choices=sorted(TARGETS), help="only this target (repeatable)"
    )
    parser.add_argument("--out", type=Path, help="write the counts as JSON to this file")
    parser.add_argument(
        "--memory-gb",
        type=float,
        default=4.0,
        help="address space the campaign may use (4): a case that wants more fails as untyped",
    )
    return parser


def _quotas(total: int, targets: Sequence[str]) -> dict[str, int]:
    weight = sum(SHARE[t] for t in targets)
    quotas = {t: total * SHARE[t] // weight for t in targets}
    quotas[targets[0]] += total - sum(quotas.values())
    return quotas


CHUNK = 1000
"""Cases per hypothesis run: a long run is cut in chunks, each with a seed of its own, so
the memory hypothesis keeps of the cases it drew is given back between chunks."""


def run_target(name: str, cases: int, seed: int, tally: Tally, advance: object) -> None:
    """Throw ``cases`` cases at one target, counting them in ``tally``."""
    for chunk, start in enumerate(range(0, cases, CHUNK)):

        @hypothesis_seed(seed * 100_003 + chunk)
        @settings(
            max_examples=min(CHUNK, cases - start),
            database=None,
            deadline=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(case=TARGETS[name])
        def one(case: Case) -> None:
            tally.add(case, judge(case))
            advance()  # type: ignore[operator]

        one()


def _table(tally: Tally, seconds: dict[str, float]) -> Table:
    table = Table(title="Fuzz campaign: how the cases ended")
    table.add_column("target")
    table.add_column("cases", justify="right")
    for outcome in Outcome:
        table.add_column(outcome.value, justify="right")
    table.add_column("seconds", justify="right")
    for name, counts in tally.counts.items():
        row = [str(counts[o]) for o in Outcome]
        table.add_row(name, str(sum(counts.values())), *row, f"{seconds[name]:.0f}")
    table.add_row(
        "all",
        str(tally.total()),
        *(str(tally.total(o)) for o in Outcome),
        f"{sum(seconds.values()):.0f}",
        style="bold",
    )
    return table


def _data(args: argparse.Namespace, tally: Tally, seconds: dict[str, float]) -> dict[str, object]:
    return {
        "date": datetime.date.today().isoformat(),
        "serenissima": serenissima.__version__,
        "command": "python scripts/fuzz_campaign.py " + " ".join(sys.argv[1:]),
        "seed": args.seed,
        "machine": {
            "cores": os.cpu_count(),
            "system": f"{platform.system()} {platform.machine()}",
            "python": f"Python {platform.python_version()}",
        },
        "outcomes": [outcome.value for outcome in Outcome],
        "targets": [
            {
                "target": name,
                "cases": sum(counts.values()),
                "seconds": round(seconds[name], 1),
                **{outcome.value: counts[outcome] for outcome in Outcome},
            }
            for name, counts in tally.counts.items()
        ],
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Run the campaign; 0 when every case ended as promised, 1 otherwise."""
    args = _parser().parse_args(argv)
    limit = int(args.memory_gb * 2**30)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    targets = args.target or list(SHARE)
    quotas = _quotas(args.cases, targets)
    tally, seconds = Tally(keep=10), {}
    console = Console(stderr=True)
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console) as progress:
        overall = progress.add_task("all targets", total=args.cases)
        for name in targets:
            task = progress.add_task(name, total=quotas[name])

            def advance(task: int = task) -> None:
                progress.advance(task)
                progress.advance(overall)

            start = time.perf_counter()
            run_target(name, quotas[name], args.seed, tally, advance)
            seconds[name] = time.perf_counter() - start
    Console().print(_table(tally, seconds))
    for case, verdict in tally.defects:
        Console().print(f"\n{verdict.outcome.value}: {case.what}\n{verdict.detail}", markup=False)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        data = _data(args, tally, seconds)
        args.out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return 0 if not tally.defects else 1


if __name__ == "__main__":
    sys.exit(main())
