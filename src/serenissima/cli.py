"""The ``serenissima`` command: list and compare rulesets, simulate random games, measure speed.

Run ``serenissima --help`` or ``serenissima COMMAND --help`` for the options.
Errors of the library (an unknown ruleset, a bad option...) are printed as
one line on standard error, and the command exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Any, TextIO

import attrs

from serenissima.compare import SECTIONS, compare_rulesets, format_diff
from serenissima.errors import OptionError, SerenissimaError

if TYPE_CHECKING:
    from serenissima.ruleset import Ruleset

__all__ = ["main"]

_PROG = "serenissima"
_EXIT_ERROR = 2
_EXIT_INTERRUPTED = 130
_ALL = "all"


class _Progress:
    """A one-line progress indicator on a terminal; silent when the stream is not one."""

    __slots__ = ("_active", "_label", "_last", "_stream")

    def __init__(self, label: str, stream: TextIO) -> None:
        self._label = label
        self._stream = stream
        self._active = stream.isatty()
        self._last = 0.0

    def show(self, text: str, *, force: bool = False) -> None:
        if not self._active:
            return
        now = time.monotonic()
        if force or now - self._last >= 0.1:  # redraw at most ten times a second
            self._last = now
            self._stream.write(f"\r{self._label}: {text}   ")
            self._stream.flush()

    def games(self, done: int, total: int) -> None:
        self.show(f"{done}/{total} games", force=done == total)

    def fraction(self, done: float) -> None:
        self.show(f"{done:.0%}", force=done >= 1.0)

    def close(self) -> None:
        if self._active:
            self._stream.write("\n")
            self._stream.flush()


def _option(text: str) -> tuple[str, object]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    if "," in value:
        return name, tuple(v for v in value.split(",") if v)
    return name, value


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {value}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


def _package_version() -> str:
    try:
        return version("serenissima")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "unknown"


def _add_game_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--ruleset",
        action="append",
        metavar="NAME_OR_FOLDER",
        help="an installed ruleset (see 'serenissima rulesets') or a ruleset folder; "
        f"repeat for several; {_ALL!r} for every installed ruleset (the default)",
    )
    parser.add_argument(
        "--players", type=_positive, default=4, help="number of seats (default: %(default)s)"
    )
    parser.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option; repeat for several; separate list values with commas",
    )
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="output format (default: %(default)s)",
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=_PROG,
        description="A rules engine for both editions of the board game Serenissima.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_package_version()}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    listing = commands.add_parser(
        "rulesets",
        help="list the installed rulesets",
        description="List the installed rulesets: name, edition, version and player counts.",
    )
    listing.add_argument("--format", choices=("text", "json"), default="text", help="output format")

    sim = commands.add_parser(
        "simulate",
        help="play random games and summarise them",
        description="Play games between random agents and print game length, "
        "win rate, mean score and its parts by seat, and speed; one summary per ruleset "
        "(with several, an option applies to the rulesets that declare it).",
    )
    _add_game_arguments(sim)
    sim.add_argument(
        "--games", type=_positive, default=100, help="number of games (default: %(default)s)"
    )
    sim.add_argument("--seed", type=int, default=1, help="seed of the batch (default: %(default)s)")

    bench = commands.add_parser(
        "bench",
        help="measure decisions and games per second",
        description="Play random games and report decisions per second (legal_actions "
        "plus a checked apply) and whole games per second, for each ruleset asked "
        "(by default every installed one).",
    )
    _add_game_arguments(bench)
    budget = bench.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=_seconds, help="time budget in seconds (default: 5)")
    budget.add_argument("--games", type=_positive, help="play this many games instead")
    bench.add_argument("--seed", type=int, default=0, help="seed (default: %(default)s)")

    compare = commands.add_parser(
        "compare",
        help="compare two rulesets key by key",
        description="Compare two rulesets (installed names or folders): identity, board, "
        "ports, goods, numbers, options and phases. Marks: ~ different, < only in LEFT, "
        "> only in RIGHT, = the same.",
    )
    compare.add_argument("left", metavar="LEFT", help="a ruleset name or folder")
    compare.add_argument("right", metavar="RIGHT", help="a ruleset name or folder")
    compare.add_argument(
        "--all", action="store_true", help="also list the keys that are the same on both sides"
    )
    compare.add_argument(
        "--section",
        choices=SECTIONS,
        action="append",
        metavar="SECTION",
        help=f"only this section; repeat for several ({', '.join(SECTIONS)})",
    )
    compare.add_argument(
        "--json", action="store_true", help="print the diff as JSON instead of a table"
    )
    return parser


def _load(name_or_path: str) -> Ruleset:
    from serenissima.registry import load_ruleset

    return load_ruleset(name_or_path)


def _load_many(names: list[str] | None) -> list[Ruleset]:
    """The rulesets named by ``--ruleset``; ``all``, or no name, is every installed one."""
    from serenissima.registry import available_rulesets

    wanted: list[str] = []
    for name in names or [_ALL]:
        for found in available_rulesets() if name == _ALL else (name,):
            if found not in wanted:
                wanted.append(found)
    if not wanted:
        raise SerenissimaError("no ruleset is installed")
    return [_load(name) for name in wanted]


def _options_for(
    rules: Ruleset, given: list[tuple[str, object]], several: bool
) -> dict[str, object]:
    """The ``--option`` values for ``rules``; with several rulesets, those it declares."""
    if not several:
        return dict(given)
    declared = {spec.name for spec in rules.options}
    return {name: value for name, value in given if name in declared}


def _check_options_known(rulesets: list[Ruleset], given: list[tuple[str, object]]) -> None:
    """With several rulesets, every option must be declared by at least one of them."""
    if len(rulesets) < 2:
        return
    declared = {spec.name for rules in rulesets for spec in rules.options}
    for name, _ in given:
        if name not in declared:
            shown = ", ".join(rules.id for rules in rulesets)
            raise OptionError(name, f"unknown option; none of the rulesets ({shown}) declares it")


def _write_json(out: TextIO, items: list[dict[str, Any]], several: bool) -> None:
    """One object for one ruleset, a list of objects for several."""
    out.write(json.dumps(items if several else items[0], indent=2) + "\n")


def _rulesets(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from serenissima.registry import available_rulesets

    rows: list[dict[str, Any]] = []
    failed = False
    for name in available_rulesets():
        try:
            info = _load(name).info
        except SerenissimaError as exc:
            err.write(f"{_PROG}: error: ruleset {name!r} does not load: {exc}\n")
            failed = True
            continue
        rows.append(
            {
                "name": name,
                "edition": info.edition,
                "version": info.version,
                "players": list(info.players),
                "title": info.name,
                "year": info.year,
            }
        )
    if args.format == "json":
        out.write(json.dumps(rows, indent=2) + "\n")
    elif not rows:
        out.write("no ruleset could be loaded\n" if failed else "no ruleset is installed\n")
    else:
        header = ("name", "edition", "version", "players", "title")
        table = [header] + [
            (
                r["name"],
                r["edition"],
                r["version"],
                ",".join(str(n) for n in r["players"]),
                f"{r['title']} ({r['year']})",
            )
            for r in rows
        ]
        widths = [max(len(row[i]) for row in table) for i in range(len(header))]
        for row in table:
            cells = (cell.ljust(width) for cell, width in zip(row, widths, strict=True))
            out.write("  ".join(cells).rstrip() + "\n")
    return _EXIT_ERROR if failed else 0


def _simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from serenissima.simulate import format_summary, simulate

    rulesets = _load_many(args.ruleset)
    several = len(rulesets) > 1
    _check_options_known(rulesets, args.option)
    summaries = []
    for rules in rulesets:
        progress = _Progress(f"simulate {rules.id}" if several else "simulate", err)
        try:
            summaries.append(
                simulate(
                    rules,
                    args.players,
                    args.games,
                    args.seed,
                    _options_for(rules, args.option, several),
                    progress.games,
                )
            )
        finally:
            progress.close()
    if args.format == "json":
        _write_json(out, [attrs.asdict(summary) for summary in summaries], several)
    else:
        out.write("\n\n".join(format_summary(summary) for summary in summaries) + "\n")
    return 0


def _bench(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from serenissima.bench import format_bench, run_bench

    rulesets = _load_many(args.ruleset)
    several = len(rulesets) > 1
    _check_options_known(rulesets, args.option)
    seconds = args.seconds if args.games is None and args.seconds is not None else None
    if args.games is None and seconds is None:
        seconds = 5.0
    results = []
    for rules in rulesets:
        progress = _Progress(f"bench {rules.id}" if several else "bench", err)
        try:
            results.append(
                run_bench(
                    rules,
                    args.players,
                    seconds=seconds,
                    games=args.games,
                    seed=args.seed,
                    options=_options_for(rules, args.option, several),
                    progress=progress.fraction,
                )
            )
        finally:
            progress.close()
    if args.format == "json":
        items = []
        for result in results:
            data = attrs.asdict(result)
            data["decisions_per_second"] = result.decisions_per_second
            data["chance_per_second"] = result.chance_per_second
            data["games_per_second"] = result.games_per_second
            items.append(data)
        _write_json(out, items, several)
    else:
        out.write("\n\n".join(format_bench(result) for result in results) + "\n")
    return 0


def _compare(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    diff = compare_rulesets(_load(args.left), _load(args.right))
    if args.section:
        diff = diff.section(*args.section)
    if not args.json:
        out.write(format_diff(diff, show_same=args.all) + "\n")
        return 0
    data = (diff if args.all else diff.changed).to_dict()
    data["summary"] = {status.value: count for status, count in diff.counts.items()}
    out.write(json.dumps(data, indent=2) + "\n")
    return 0


_COMMANDS = {"rulesets": _rulesets, "simulate": _simulate, "bench": _bench, "compare": _compare}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``serenissima`` command.

    Args:
        argv: The arguments after the program name (``sys.argv[1:]`` when ``None``).

    Returns:
        The exit status: 0 on success, 2 on an error (usage or library), 130 if interrupted.

    Raises:
        SystemExit: On ``--help``, ``--version`` and usage errors, as argparse does.
    """
    args = _parser().parse_args(argv)
    out, err = sys.stdout, sys.stderr
    try:
        return _COMMANDS[args.command](args, out, err)
    except SerenissimaError as exc:
        err.write(f"{_PROG}: error: {exc}\n")
        return _EXIT_ERROR
    except KeyboardInterrupt:
        err.write(f"{_PROG}: interrupted\n")
        return _EXIT_INTERRUPTED
