"""A board of one's own: a ruleset folder, a game on it, and a ruleset plug-in.

Part 1 loads the folder ``examples/custom_board/`` with ``load_ruleset(path)``.
The folder holds two files: ``ruleset.toml`` (an ``id`` of its own, the
modern ``engine`` and the modern ruleset as ``base`` for every file it does
not provide) and ``board.toml`` (an invented Venetian lagoon: its own areas,
ports, goods, warehouses and edges). A random game is played on it, and
``compare_rulesets`` against the modern edition shows that only the board
differs: the numbers, tables and options come from the base.

Part 2 registers a ruleset by entry point, as an installed package does. The
package in ``examples/plugin_package/`` exposes a ``RulesetPlugin`` whose
folder is its own TOML files and whose engine is the modern edition's. When
it is installed (``pip install ./examples/plugin_package``) it is found by
name; when it is not, this script does what the installation would: it writes
the package's ``*.dist-info`` folder with its ``entry_points.txt`` (read from
the package's ``pyproject.toml``) into a temporary folder on ``sys.path``.

Run it::

    python examples/custom_board.py
    python examples/custom_board.py --players 2 --seed 5
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import tomllib
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import serenissima as ser
from serenissima.agents import RandomAgent
from serenissima.analysis.diff.text import format_diff

HERE = Path(__file__).resolve().parent
FOLDER = HERE / "custom_board"
PACKAGE = HERE / "plugin_package"
PLUGIN = "modern-adriatic"


def describe_board(rules: ser.Ruleset) -> None:
    spec = rules.board.spec
    print(f"{rules.info.name} [{rules.id} {rules.info.version}, engine {rules.info.edition}]")
    print(f"board {spec.name!r}: {len(spec.areas)} areas, {len(spec.ports)} ports, ", end="")
    print(f"{len(spec.edges)} edges")
    for port in spec.ports:
        start = ", starting port" if port.start else ""
        print(f"  {port.name:<12} {port.good:<7} {port.warehouse} spaces{start}")
    sources = Counter(item.source.value for item in spec.areas)
    sources.update(item.source.value for item in spec.ports)
    sources.update(item.source.value for item in spec.edges)
    print(f"  provenance: {dict(sources)}")


def play(rules: ser.Ruleset, players: int, seed: int) -> None:
    agents = [RandomAgent(seed * 10 + seat) for seat in range(players)]
    result = ser.play_game(rules, players, agents, seed)
    print(f"one random {players}-player game on {rules.id}: {result.decisions} decisions, ", end="")
    print(f"{result.turns} turns, winner(s) {result.standings.winners}")
    for entry in result.standings.entries:
        print(f"  rank {entry.rank}: seat {entry.seat} with {entry.score} ducats")


def compare_with_modern(rules: ser.Ruleset) -> None:
    diff = ser.compare_rulesets("modern", rules)
    print(format_diff(diff.section("board")))
    ports = diff.section("ports")
    print(
        f"ports: {len(ports.only_left)} only in modern, {len(ports.only_right)} only in "
        f"{rules.id}, {len(ports.different)} shared ids with other data, {len(ports.same)} the same"
    )
    for section in ("goods", "params", "options", "phases"):
        changed = diff.section(section).changed
        verdict = "identical (from the base)" if not changed else f"{len(changed)} differences"
        print(f"{section}: {verdict}")
        assert not changed, f"only the board should differ, but {section} does"


def entry_points_txt(package: Path) -> str:
    """Return the ``entry_points.txt`` an installation of ``package`` writes."""
    project = tomllib.loads((package / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    lines: list[str] = []
    for group, points in project["entry-points"].items():
        lines.append(f"[{group}]")
        lines.extend(f"{name} = {target}" for name, target in points.items())
        lines.append("")
    return "\n".join(lines)


@contextmanager
def installed(package: Path, name: str) -> Iterator[str]:
    """Make the ruleset ``name`` of ``package`` available; yield how it got there.

    If it is installed already, nothing is done. Otherwise the package's
    metadata is written as an installation would leave it, into a temporary
    folder put on ``sys.path`` (with the package's source folder) until the
    block ends.
    """
    if name in ser.available_rulesets():
        yield "installed"
        return
    project = tomllib.loads((package / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    with tempfile.TemporaryDirectory() as scratch:
        dist = project["name"].replace("-", "_")
        info = Path(scratch) / f"{dist}-{project['version']}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n",
            encoding="utf-8",
        )
        (info / "entry_points.txt").write_text(entry_points_txt(package), encoding="utf-8")
        paths = [scratch, str(package / "src")]
        sys.path[:0] = paths
        try:
            yield f"registered from a temporary {info.name}"
        finally:
            for path in paths:
                sys.path.remove(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Load a ruleset folder with its own board, and a ruleset plug-in."
    )
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    print("== Part 1: a ruleset folder with a board of its own")
    rules = ser.load_ruleset(FOLDER)
    describe_board(rules)
    play(rules, args.players, args.seed)
    print()
    compare_with_modern(rules)
    print()

    print("== Part 2: a ruleset plug-in registered by entry point")
    print(f"before: {', '.join(ser.available_rulesets())}")
    with installed(PACKAGE, PLUGIN) as how:
        print(f"{PLUGIN}: {how}")
        print(f"after: {', '.join(ser.available_rulesets())}")
        plugin = ser.load_ruleset(PLUGIN)
        modern = ser.load_ruleset("modern")
        assert type(plugin.engine) is type(modern.engine), "the plug-in runs the modern engine"
        assert plugin.params == modern.params, "its numbers come from its base"
        describe_board(plugin)
        play(plugin, args.players, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
