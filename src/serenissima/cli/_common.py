"""Pieces shared by the commands: argument types, ruleset loading, progress, output."""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, NoReturn, TextIO

from serenissima.engine.errors import ArgumentValueError, OptionError, RecordError

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset
    from serenissima.records.record import GameRecord

PROG: Final = "serenissima"
EXIT_ERROR: Final = 2
EXIT_INTERRUPTED: Final = 130
ALL: Final = "all"


RULESET_METAVARS: Final = ("EDITION", "LEFT", "RIGHT")
"""The names of the positional arguments that take a ruleset name or folder."""


def installed() -> str:
    """The installed rulesets' names, for a message: ``classic, modern`` (or ``none``)."""
    from serenissima.engine.registry import available_rulesets

    return ", ".join(available_rulesets()) or "none"


class Parser(argparse.ArgumentParser):
    """An argument parser whose "required" errors say what may be given.

    A missing sub-command lists the sub-commands, a missing ruleset argument
    (``EDITION``, ``LEFT``, ``RIGHT``) lists the installed rulesets, and a
    missing rule ``ID`` says where the IDs are listed; the sub-parsers are of
    this class too.
    """

    def error(self, message: str) -> NoReturn:
        """Print the usage and the error, with the choices of what is missing, and exit."""
        _, found, names = message.partition("the following arguments are required: ")
        if found:
            missing = names.split(", ")
            hints = [
                f"{action.metavar} is one of {', '.join(action.choices)}"
                for action in self._actions
                if isinstance(action, argparse._SubParsersAction) and action.metavar in missing
            ]
            rulesets = [name for name in missing if name in RULESET_METAVARS]
            if len(rulesets) == 1:
                hints.append(f"{rulesets[0]} is an installed ruleset ({installed()}) or a folder")
            elif rulesets:
                both = " and ".join(rulesets)
                hints.append(f"{both} are installed rulesets ({installed()}) or folders")
            if "ID" in missing:
                hints.append("ID is a rule ID; 'serenissima rules list EDITION' lists them")
            if hints:
                message = f"{message} ({'; '.join(hints)})"
        super().error(message)


class Progress:
    """A one-line progress bar on a terminal; silent when the stream is not one.

    Args:
        label: What is in progress, shown before the bar.
        stream: Where to draw (standard error, usually).
        clock: The clock, in seconds.
    """

    __slots__ = ("_active", "_base", "_clock", "_first", "_label", "_last", "_start", "_stream")

    _WIDTH: Final = 24

    def __init__(
        self, label: str, stream: TextIO, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._clock = clock
        self._label = label
        self._stream = stream
        self._active = stream.isatty()
        self._last = 0.0
        self._start = clock()
        self._base: tuple[int, float] | None = None  # games done and time at the first call
        self._first: tuple[int, float] | None = None  # the same at the second call

    def show(self, text: str, *, force: bool = False) -> None:
        """Redraw the line with ``text`` (at most ten times a second unless ``force``)."""
        if not self._active:
            return
        now = self._clock()
        if force or now - self._last >= 0.1:
            self._last = now
            self._stream.write(f"\r{self._label}: {text}   ")
            self._stream.flush()

    def _bar(self, share: float) -> str:
        filled = round(self._WIDTH * min(max(share, 0.0), 1.0))
        return "[" + "#" * filled + "." * (self._WIDTH - filled) + "]"

    def _left(self, share: float) -> str:
        """The time elapsed, and the time left at the pace so far."""
        elapsed = self._clock() - self._start
        if 0 < share < 1:
            return f"{elapsed:.0f}s, about {elapsed * (1 - share) / share:.0f}s left"
        return f"{elapsed:.0f}s"

    def games(self, done: int, total: int) -> None:
        """Show ``done`` of ``total`` games, with the time elapsed and the time left.

        The first call gives the games done before this run (those a journal
        holds, or 0); the time left is reckoned at the pace of the games
        finished since the second call, so that the time the workers take to
        start is not taken for the pace of the games.
        """
        now = self._clock()
        if self._base is None:
            self._base, self._start = (done, now), now
        elif self._first is None:
            self._first = (done, now)
        timing = f"{now - self._start:.0f}s"
        if self._first is not None and done > self._first[0] and done < total:
            played, seconds = done - self._first[0], now - self._first[1]
            timing += f", about {seconds * (total - done) / played:.0f}s left"
        share = done / total if total else 1.0
        self.show(f"{self._bar(share)} {done}/{total} games, {timing}", force=done == total)

    def fraction(self, done: float) -> None:
        """Show a share of the work done, between 0 and 1, with the time elapsed and left."""
        self.show(f"{self._bar(done)} {done:.0%}, {self._left(done)}", force=done >= 1.0)

    def close(self) -> None:
        """End the line."""
        if self._active:
            self._stream.write("\n")
            self._stream.flush()


def option(text: str) -> tuple[str, object]:
    """Read ``NAME=VALUE``; a value with commas is a list."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    if "," in value:
        return name, tuple(v for v in value.split(",") if v)
    return name, value


def positive(text: str) -> int:
    """Read a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {value}")
    return value


def seconds(text: str) -> float:
    """Read a positive number of seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


def add_option_argument(parser: argparse.ArgumentParser) -> None:
    """Add the repeatable ``--option NAME=VALUE``."""
    parser.add_argument(
        "--option",
        type=option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option; repeat for several; separate list values with commas",
    )


def add_game_arguments(
    parser: argparse.ArgumentParser,
    formats: tuple[str, ...] = ("text", "json"),
    format_help: str = "output format (default: %(default)s)",
    *,
    many_players: bool = False,
) -> None:
    """Add ``--ruleset``, ``--players``, ``--option`` and ``--format`` (one of ``formats``).

    With ``many_players``, ``--players`` takes one or more counts and defaults to
    ``None``: every count each ruleset allows.
    """
    parser.add_argument(
        "--ruleset",
        action="append",
        metavar="NAME_OR_FOLDER",
        help="an installed ruleset (see 'serenissima rulesets') or a ruleset folder; "
        f"repeat for several; {ALL!r} for every installed ruleset (the default)",
    )
    if many_players:
        parser.add_argument(
            "--players",
            type=positive,
            nargs="+",
            metavar="N",
            help="numbers of seats (default: every count each ruleset allows)",
        )
    else:
        parser.add_argument(
            "--players", type=positive, default=4, help="number of seats (default: %(default)s)"
        )
    add_option_argument(parser)
    parser.add_argument("--format", choices=formats, default=formats[0], help=format_help)


RUN_ARGUMENTS: Final = ("jobs", "backend", "address", "journal")
"""The destinations of the arguments that say how games run (see :func:`add_run_arguments`)."""


def add_run_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--jobs``, ``--backend``, ``--address`` and ``--journal``: how the games run."""
    from serenissima.analysis.run.runner import BACKENDS, default_jobs

    group = parser.add_argument_group("running the games")
    group.add_argument(
        "--jobs",
        type=positive,
        metavar="N",
        help="games played at once: worker processes, or the CPUs of a local Ray instance "
        f"(default: every core this process may use, {default_jobs()} here; on a Ray "
        "cluster, all its CPUs); 1 plays them in this process",
    )
    group.add_argument(
        "--backend",
        choices=BACKENDS,
        help="where the games run: in this process, in worker processes (the default), "
        "or as Ray tasks (needs serenissima[ray]); every choice gives the same results",
    )
    group.add_argument(
        "--address",
        metavar="ADDRESS",
        help="with --backend ray: a running Ray cluster, as HOST:PORT of its head or auto; "
        "without it a local Ray instance is started for the run",
    )
    group.add_argument(
        "--journal",
        metavar="FILE",
        help="append each finished game to FILE (JSON Lines); run again with the same "
        "arguments and FILE to play only the games it lacks",
    )


def run_arguments(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments of ``simulate_many`` from :func:`add_run_arguments`'s, checked.

    Raises:
        ArgumentValueError: ``--address`` without ``--backend ray``, or ``--jobs``
            above 1 with ``--backend local``.
    """
    from serenissima.analysis.run.runner import Workers

    workers = Workers.choose(args.jobs, args.backend, args.address)
    return {
        "jobs": workers.jobs,
        "backend": workers.backend,
        "address": workers.address,
        "journal": args.journal,
    }


def load(name_or_path: str) -> Ruleset:
    """Load an installed ruleset or a ruleset folder."""
    from serenissima.engine.registry import load_ruleset

    return load_ruleset(name_or_path)


def read_record(path: str) -> GameRecord:
    """Read a game record file as bytes (at most the size limit, and one byte more).

    Every failure is a ``RecordError`` with a sentence: no such file, a folder,
    no permission, or what ``GameRecord.from_json`` finds wrong in the bytes.
    """
    from serenissima.records.limits import MAX_RECORD_BYTES
    from serenissima.records.record import GameRecord

    file = Path(path)
    if file.is_dir():
        raise RecordError(f"cannot read {path}: it is a folder, not a game record file")
    try:
        with file.open("rb") as stream:
            data = stream.read(MAX_RECORD_BYTES + 1)
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        raise RecordError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from exc
    return GameRecord.from_json(data)


ALLOW_FOLDER_HELP: Final = (
    "let the record's ruleset name be the path of a ruleset folder (from the current "
    "folder) when no installed ruleset has that name; without it, a record only loads "
    "installed rulesets"
)


def names_many(names: list[str] | None) -> list[str]:
    """The names and folders given by ``--ruleset``; ``all``, or none, is every installed one."""
    from serenissima.engine.registry import available_rulesets

    wanted: list[str] = []
    for name in names or [ALL]:
        for found in available_rulesets() if name == ALL else (name,):
            if found not in wanted:
                wanted.append(found)
    if not wanted:
        raise ArgumentValueError("no ruleset is installed")
    return wanted


def load_many(names: list[str] | None) -> list[Ruleset]:
    """The rulesets named by ``--ruleset``; ``all``, or no name, is every installed one."""
    return [load(name) for name in names_many(names)]


def options_for(
    rules: Ruleset, given: list[tuple[str, object]], several: bool
) -> dict[str, object]:
    """The ``--option`` values for ``rules``; with several rulesets, those it declares."""
    if not several:
        return dict(given)
    declared = {spec.name for spec in rules.options}
    return {name: value for name, value in given if name in declared}


def check_options_known(rulesets: list[Ruleset], given: list[tuple[str, object]]) -> None:
    """With several rulesets, every option must be declared by at least one of them."""
    if len(rulesets) < 2:
        return
    declared = {spec.name for rules in rulesets for spec in rules.options}
    for name, _ in given:
        if name not in declared:
            shown = ", ".join(rules.id for rules in rulesets)
            raise OptionError(name, f"unknown option; none of the rulesets ({shown}) declares it")


def write_json(out: TextIO, items: list[dict[str, Any]], several: bool) -> None:
    """One object for one ruleset, a list of objects for several."""
    out.write(json.dumps(items if several else items[0], indent=2) + "\n")
