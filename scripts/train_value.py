"""Fit each edition's learned evaluation to self-play games and ship it in the ruleset folder.

For every ruleset and player count, the script plays ``--games`` self-play
games (``--agent`` at every seat, the greedy bot by default) on the analysis
runner (``--jobs``, ``--backend processes`` or ``ray``, ``--address``), keeps
about one decision in ``--every`` of each (a state drawn from the view of the
seat to act: :mod:`serenissima.analysis.values.data`), with the share
``--explore`` of the decisions played at random, fits the conditional-logit
value model to the games whose index is not a multiple-of-five-plus-four and
scores it on those that are (one game in five, held out). The fit keeps the weights monotone
(:func:`~serenissima.analysis.values.fit.fit_monotone`: neither a point of
estimate nor a point in hand ever lowers a seat's chances, at any stage of
the game), since a search reading the model would seek out a negative
weight; ``--unbounded`` fits them freely. Each player count's
weights are written to the ruleset's ``values.json`` as soon as they are fitted,
with their held-out figures, and the file's SHA-256 digest to its
``ruleset.toml`` (``[ruleset.search] values_sha256``); the figures of every
count, with the heuristic alone as a baseline (its estimate with one fitted
weight) and the calibration tables, go to ``docs/data/value-model.json``, which
the bots page draws. Everything derives from ``--seed``: a second run gives
the same weights::

    python scripts/train_value.py                          # both editions, 2 to 4 seats
    python scripts/train_value.py --ruleset classic --players 2 --games 100
    python scripts/train_value.py --backend ray --jobs 8   # on Ray
"""

from __future__ import annotations

import argparse
import datetime
import json
import re
import sys
import time
from pathlib import Path
from typing import Any

from serenissima import __version__
from serenissima.analysis.run.games import RulesetRef
from serenissima.analysis.run.runner import BACKENDS, Runner, Workers
from serenissima.analysis.values.data import Position, PositionsTask, collect_positions
from serenissima.analysis.values.fit import HeldOut, fit_monotone, fit_weights, held_out
from serenissima.engine.registry import get_plugin
from serenissima.engine.value_model import MODEL_KIND, VALUE_FEATURES, file_digest

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "data" / "value-model.json"
VALUES = "values.json"
GAMES = 400
EVERY = 6
EXPLORE = 0.0
SEED = 1
PAIRS = ((0, 1), (2, 3))
"""Each feature and its progress-weighted twin, in VALUE_FEATURES: kept monotone by the fit."""


def main() -> int:
    """Parse the arguments, then train every ruleset and player count asked for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", nargs="+", default=["classic", "modern"])
    parser.add_argument("--players", nargs="+", type=int, default=[2, 3, 4])
    parser.add_argument("--games", type=int, default=GAMES, help="games per player count")
    parser.add_argument("--every", type=int, default=EVERY, help="keep one decision in N")
    parser.add_argument("--agent", default="greedy", help="the agent at every seat")
    parser.add_argument(
        "--explore", type=float, default=EXPLORE, help="the share of decisions played at random"
    )
    parser.add_argument(
        "--unbounded", action="store_true", help="let a feature count against a seat"
    )
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--backend", choices=BACKENDS, default=None)
    parser.add_argument("--address", default=None)
    parser.add_argument("--out", type=Path, default=OUT, help="the figures (JSON)")
    args = parser.parse_args()
    workers = Workers.choose(args.jobs, args.backend, args.address)
    report = _read(args.out)
    report.update(
        {
            "command": "python scripts/train_value.py " + " ".join(sys.argv[1:]),
            "date": datetime.date.today().isoformat(),
            "serenissima": __version__,
            "agent": args.agent,
            "every": args.every,
            "explore": args.explore,
            "monotone": not args.unbounded,
            "seed": args.seed,
            "features": list(VALUE_FEATURES),
        }
    )
    results = {(r["ruleset"], r["players"]): r for r in report.get("models", [])}
    with Runner(workers) as runner:
        for name in args.ruleset:
            for players in args.players:
                start = time.perf_counter()
                positions = _play(runner, name, players, args)
                entry = _fit(name, players, positions, args, time.perf_counter() - start)
                results[(name, players)] = entry
                report["models"] = [results[key] for key in sorted(results)]
                args.out.write_text(json.dumps(report, indent=2) + "\n")
                sys.stdout.write(
                    f"{name} {players} seats: {entry['positions']} positions, held-out log "
                    f"loss {entry['held_out']['log_loss']:.4f} (heuristic alone "
                    f"{entry['heuristic_alone']['log_loss']:.4f}, uniform "
                    f"{entry['held_out']['uniform']:.4f}), favourite won "
                    f"{entry['held_out']['accuracy']:.1%}, {entry['seconds']:.0f}s\n"
                )
                sys.stdout.flush()
    return 0


def _read(path: Path) -> dict[str, Any]:
    if path.exists():
        found: dict[str, Any] = json.loads(path.read_text())
        return found
    return {}


def _play(runner: Runner, name: str, players: int, args: argparse.Namespace) -> list[Position]:
    """Every game's positions, in game order, with a progress line and the time left."""
    ref = RulesetRef.of(name)
    tasks = [
        PositionsTask(ref, players, args.agent, args.seed, index, args.every, args.explore)
        for index in range(args.games)
    ]
    found: dict[int, tuple[Position, ...]] = {}
    start = time.perf_counter()
    for position, kept in runner.map(collect_positions, tasks):
        found[position] = kept
        done = len(found)
        elapsed = time.perf_counter() - start
        left = elapsed * (len(tasks) - done) / done
        sys.stderr.write(
            f"\r{name} {players} seats: {done}/{len(tasks)} games, {elapsed:.0f}s, "
            f"about {left:.0f}s left   "
        )
        sys.stderr.flush()
    sys.stderr.write("\n")
    return [p for index in range(len(tasks)) for p in found[index]]


def _fit(
    name: str, players: int, positions: list[Position], args: argparse.Namespace, played: float
) -> dict[str, Any]:
    """Fit, score on the held-out games, write the weights; the entry of the figures."""
    train = [p for p in positions if p.game % 5 != 4]
    test = [p for p in positions if p.game % 5 == 4]
    start = time.perf_counter()
    weights = fit_weights(train) if args.unbounded else fit_monotone(train, PAIRS)
    alone = fit_weights(train, columns=[0])
    fitting = time.perf_counter() - start
    scored, baseline = held_out(weights, test), held_out(alone, test)
    entry = {
        "command": "python scripts/train_value.py " + " ".join(sys.argv[1:]),
        "ruleset": name,
        "players": players,
        "games": args.games,
        "positions": len(positions),
        "train_positions": len(train),
        "weights": [round(w, 8) for w in weights],
        "held_out": _figures(scored),
        "heuristic_alone": {**_figures(baseline), "weight": round(alone[0], 8)},
        "seconds": round(played + fitting, 1),
        "seconds_playing": round(played, 1),
        "seconds_fitting": round(fitting, 1),
    }
    _ship(name, players, entry, args)
    return entry


def _figures(result: HeldOut) -> dict[str, Any]:
    return {
        "positions": result.positions,
        "log_loss": round(result.log_loss, 5),
        "uniform": round(result.uniform, 5),
        "accuracy": round(result.accuracy, 5),
        "stages": [
            {"log_loss": round(loss, 5), "accuracy": round(acc, 5), "positions": count}
            for loss, acc, count in result.stages
        ],
        "calibration": [
            [round(c.low, 2), round(c.high, 2), c.seats, *_five(c.predicted, c.observed)]
            for c in result.calibration
        ],
    }


def _five(*values: float) -> list[float]:
    return [round(v, 5) for v in values]


def _ship(name: str, players: int, entry: dict[str, Any], args: argparse.Namespace) -> None:
    """Write the weights into the ruleset's values file and its digest into ruleset.toml."""
    folder = Path(str(get_plugin(name).folder))
    path = folder / VALUES
    table: dict[str, Any] = {}
    if path.exists():
        table = json.loads(path.read_text())
    weights = dict(table.get("weights", {}))
    training = dict(table.get("training", {}))
    weights[str(players)] = entry["weights"]
    training[str(players)] = {
        "agent": args.agent,
        "games": args.games,
        "every": args.every,
        "explore": args.explore,
        "monotone": not args.unbounded,
        "seed": args.seed,
        "positions": entry["positions"],
        "held_out_log_loss": entry["held_out"]["log_loss"],
        "held_out_accuracy": entry["held_out"]["accuracy"],
        "script": "scripts/train_value.py",
    }
    content = {
        "format": 1,
        "model": MODEL_KIND,
        "features": list(VALUE_FEATURES),
        "weights": dict(sorted(weights.items())),
        "training": dict(sorted(training.items())),
    }
    data = (json.dumps(content, indent=2) + "\n").encode()
    path.write_bytes(data)
    _declare(folder / "ruleset.toml", file_digest(data))


def _declare(toml: Path, digest: str) -> None:
    """Set ``values`` and ``values_sha256`` in the ``[ruleset.search]`` table of ``toml``."""
    text = toml.read_text()
    if "values_sha256" in text:
        text = re.sub(r'values_sha256 = "[0-9a-fA-F]*"', f'values_sha256 = "{digest}"', text)
    else:
        lines = text.split("\n")
        if "[ruleset.search]" not in lines:
            raise SystemExit(f"{toml}: add a [ruleset.search] table for the values file")
        at = lines.index("[ruleset.search]") + 1
        while at < len(lines) and lines[at].strip() and not lines[at].startswith("["):
            at += 1
        lines[at:at] = [f'values = "{VALUES}"', f'values_sha256 = "{digest}"']
        text = "\n".join(lines)
    toml.write_text(text)


if __name__ == "__main__":
    sys.exit(main())
