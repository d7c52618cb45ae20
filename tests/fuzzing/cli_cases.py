"""Cases for the command line: garbage arguments and garbage files, run in this process.

The command must end with status 0 or 2 and a message, never a traceback. The
subprocess tests in ``tests/test_fuzz.py`` run a few of the same cases as a user
would, through ``python -m serenissima``.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import io
import random
import shutil
import sys
import tempfile
from pathlib import Path

from hypothesis import strategies as st

from fuzzing.harness import Case
from fuzzing.record_cases import record_text
from serenissima.cli import main
from serenissima.engine.errors import ArgumentValueError

_COMMANDS = {
    "simulate": (
        "--ruleset",
        "--players",
        "--option",
        "--format",
        "--games",
        "--seed",
        "--seats",
        "--per-game",
        "--out",
    ),
    "compare": (
        "--all",
        "--section",
        "--json",
        "--games",
        "--players",
        "--seats",
        "--seed",
        "--option",
    ),
    "bench": ("--ruleset", "--players", "--option", "--format", "--games", "--seed", "--svg"),
    "play": ("--players", "--seats", "--seed", "--option", "--dice", "--load", "--save"),
    "replay": ("--to", "--seat", "--quiet"),
    "rules": (),
    "rulesets": ("--format",),
}
_WORDS = (
    "classic",
    "modern",
    "all",
    "show",
    "list",
    "rule",
    "board",
    "C-BAT-5",
    "M-PORT-3",
    "X-9",
    "1",
    "2",
    "0",
    "-1",
    "4",
    "9",
    "x",
    "",
    "1.5",
    "random,random",
    "greedy,foo",
    "human",
    "galley_capacity=separate",
    "money_unit=7",
    "fog=1",
    "a",
    "json",
    "csv",
    "text",
    "xml",
    "manual",
    "random",
    "../..",
    "\x00",
    "\u00e9",
    "--",
    "-",
    "--help",
)


@functools.cache
def scratch() -> Path:
    """A folder for the files the cases read and write."""
    root = Path(tempfile.mkdtemp(prefix="fuzz-cli-"))
    atexit.register(shutil.rmtree, root, True)
    return root


def run(argv: list[str]) -> tuple[int, str, str]:
    """Run ``serenissima`` in this process with empty input; status, output, errors."""
    out, err = io.StringIO(), io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.StringIO("")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(argv)
            except SystemExit as exit_:
                status = exit_.code if isinstance(exit_.code, int) else 2
    finally:
        sys.stdin = stdin
    return status, out.getvalue(), err.getvalue()


def garbage_file(rng: random.Random, tag: str) -> str:
    """The path of a file (or something else) that is not a good record."""
    root = scratch()
    kind = rng.randrange(7)
    if kind == 0:
        return str(root / "missing.json")
    if kind == 1:
        return str(root)
    path = root / f"{tag}.json"
    text = record_text(rng.choice(("classic", "modern")), rng.choice((2, 3, 4)), rng.randrange(8))
    if kind == 2:
        path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400))))
    elif kind == 3:
        path.write_text(text[: rng.randrange(len(text))], encoding="utf-8")
    elif kind == 4:
        path.write_text("[" * 100_000, encoding="utf-8")
    elif kind == 5:
        path.write_text(text.replace('"ruleset": "', '"ruleset": "../../', 1), encoding="utf-8")
    else:
        data = bytearray(text.encode())
        for _ in range(4):
            data[rng.randrange(len(data))] = rng.randrange(256)
        path.write_bytes(bytes(data))
    return str(path)


@st.composite
def cli_cases(draw: st.DrawFn) -> Case:
    """``serenissima`` with garbage arguments, and garbage files where it reads one."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    command = draw(st.sampled_from(sorted(_COMMANDS)))
    argv = [command]
    if command in ("replay",) or (command == "play" and rng.random() < 0.6):
        argv += (
            ["--load", garbage_file(rng, "load")] if command == "play" else [garbage_file(rng, "r")]
        )
    for _ in range(draw(st.integers(0, 5))):
        flags = _COMMANDS[command]
        if flags and rng.random() < 0.6:
            flag = rng.choice(flags)
            argv.append(flag)
            if flag in ("--out", "--svg", "--save"):
                argv.append(
                    rng.choice((str(scratch() / "out.txt"), str(scratch()), "/no/such/dir/f"))
                )
                continue
        argv.append(rng.choice(_WORDS))
    if command in ("simulate", "bench"):
        argv += ["--games", "1"]  # bounded work, whatever else is asked
    if command == "compare" and "--games" in argv:
        argv += ["--games", "2"]

    def call() -> object:
        status, _, err = run(argv)
        if status not in (0, 2) or "Traceback" in err or (status == 2 and not err.strip()):
            raise AssertionError(f"status {status}: {err[-600:]}")
        if status == 2:  # refused with a message: the command line's typed error
            raise ArgumentValueError(err.strip().splitlines()[-1])
        return status

    return Case("cli", f"serenissima {' '.join(map(repr, argv))}", call)
