"""Cases for the loader: copies of the shipped ruleset folders with one file damaged.

A damaged folder must either load, and then play, or be refused with a
``RulesetError`` naming a file. Each process keeps one scratch copy per
edition; a case writes its damaged file, loads, and puts the file back.
"""

from __future__ import annotations

import atexit
import functools
import random
import shutil
import tempfile
from pathlib import Path

from hypothesis import strategies as st

from fuzzing.harness import Case
from fuzzing.values import EDITIONS
from games import random_walk
from serenissima.engine.errors import RulesetError
from serenissima.engine.registry import load_ruleset

SHIPPED = Path(__file__).resolve().parents[2] / "rulesets"

_VALUES = (
    '"x"',
    "-1",
    "0",
    "true",
    "[]",
    "{}",
    "1e400",
    "nan",
    '"\\u0000"',
    '[1, "a"]',
    "3.5",
    '"' + "w" * 300 + '"',
    '["a", "a"]',
    "[[1]]",
    "{ a = 1 }",
    '""',
    "99999999999999999999",
)


@functools.cache
def scratch(edition: str) -> Path:
    """A scratch copy of the shipped folder of ``edition`` (its TOML files only)."""
    root = Path(tempfile.mkdtemp(prefix=f"fuzz-{edition}-"))
    atexit.register(shutil.rmtree, root, True)
    folder = root / edition
    shutil.copytree(SHIPPED / edition, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return folder


def damage(text: str, rng: random.Random) -> bytes | None:
    """``text`` damaged in one of several ways; ``None`` deletes the file."""
    lines = text.splitlines(keepends=True)
    move = rng.randrange(11)
    at = rng.randrange(len(lines))
    if move == 0:
        del lines[at]
    elif move == 1:
        lines.insert(at, lines[at])
    elif move in (2, 3, 4):  # a value replaced: the most telling damage, so the most frequent
        values = [
            i for i, line in enumerate(lines) if "=" in line and not line.lstrip().startswith("#")
        ]
        at = rng.choice(values)
        key = lines[at].split("=", 1)[0]
        lines[at] = f"{key}= {rng.choice(_VALUES)}\n"
    elif move == 5:
        keys = [
            i for i, line in enumerate(lines) if "=" in line and not line.lstrip().startswith("#")
        ]
        at = rng.choice(keys)
        key, rest = lines[at].split("=", 1)
        lines[at] = f"{key.rstrip()}_x ={rest}"
    elif move == 6:
        lines.insert(
            at, rng.choice(("[[", "= 1\n", "x = \n", "[option]\n", "[[option]]\n", "\x00\n"))
        )
    elif move == 7:
        return "".join(lines).encode()[: rng.randrange(len(text))]
    elif move == 8:
        other = rng.randrange(len(lines))
        lines[at], lines[other] = lines[other], lines[at]
    elif move == 9:
        return "".join(lines).encode() + b"\xff\xfe bad = 1\n"
    else:
        return None
    return "".join(lines).encode()


@st.composite
def folder_cases(draw: st.DrawFn) -> Case:
    """Load (and play) a ruleset folder with one file damaged."""
    edition = draw(st.sampled_from(EDITIONS))
    folder = scratch(edition)
    # the options and the identity are the files an author edits most: they get more cases
    files = sorted(path.name for path in folder.glob("*.toml"))
    name = draw(st.sampled_from([*files, "options.toml", "options.toml", "ruleset.toml"]))
    seed = draw(st.integers(0, 2**32))
    original = (SHIPPED / edition / name).read_text(encoding="utf-8")
    damaged = damage(original, random.Random(seed))

    def call() -> object:
        path = folder / name
        try:
            if damaged is None:
                path.unlink()
            else:
                path.write_bytes(damaged)
            try:
                rules = load_ruleset(folder)
            except RulesetError as error:
                if not error.file:
                    raise AssertionError(f"the error names no file: {error}") from error
                raise
            for players in rules.info.players:
                random_walk(rules, players, seed, 40)
            return rules
        finally:
            path.write_text(original, encoding="utf-8")

    return Case("loader", f"{edition}/{name} damaged with seed {seed}", call)
