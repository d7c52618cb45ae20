"""What the benchmark scripts share: interleaved rounds of timed slices, and their results file.

A run is split into rounds; each round gives every contender an equal slice
of time, in an order that rotates from round to round, so a machine that
changes speed during the run affects every contender alike. Each round's
end is reported with the time left, and the figures are written with a
description of the machine and the command that made them.
"""

from __future__ import annotations

import datetime
import json
import sys
import time
from collections.abc import Callable, Sequence
from importlib.metadata import version
from pathlib import Path
from typing import Any, TypeVar

from side_by_side import machine  # the same description of the machine

import serenissima

K = TypeVar("K")


def interleave(
    keys: Sequence[K],
    rounds: int,
    seconds: float,
    measure: Callable[[K, float, int], Sequence[float]],
    rotate: int | None = None,
) -> dict[K, list[float]]:
    """Run ``measure(key, slice_seconds, round)`` for every key in every round; sum the tallies.

    ``rotate`` is how many keys the order turns by from one round to the
    next, counted modulo itself (by default the number of keys).
    """
    slice_seconds = seconds / (rounds * len(keys))
    totals: dict[K, list[float]] = {}
    started = time.perf_counter()
    for round_ in range(rounds):
        shift = round_ % (rotate or len(keys))
        for key in [*keys[shift:], *keys[:shift]]:
            tally = measure(key, slice_seconds, round_)
            total = totals.setdefault(key, [0.0] * len(tally))
            for at, value in enumerate(tally):
                total[at] += value
        elapsed = time.perf_counter() - started
        left = elapsed / (round_ + 1) * (rounds - round_ - 1)
        print(
            f"round {round_ + 1}/{rounds} done in {elapsed:.0f} s, about {left:.0f} s left",
            file=sys.stderr,
        )
    return {key: totals[key] for key in keys}


def save(
    out: Path | None,
    script: str,
    options: dict[str, object],
    figures: dict[str, Any],
    packages: Sequence[str],
) -> dict[str, Any]:
    """The results with the date, the machine, the versions and the command; written to ``out``.

    The command is the script's with the ``options`` that shape the figures
    (a list is given as its items, as the command line takes it).
    """
    words = [f"python benchmarks/{script}"]
    for flag, value in options.items():
        words += [flag, *map(str, value if isinstance(value, list) else [value])]
    command = " ".join(words)
    data = {
        "date": datetime.date.today().isoformat(),
        "machine": machine(),
        "serenissima": serenissima.__version__,
        **{package: version(package) for package in packages},
        **figures,
        "command": command,
    }
    if out is not None:
        out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {out}", file=sys.stderr)
    return data
