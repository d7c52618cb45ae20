"""The scripts in examples/ run to the end and print what they are meant to show.

Every ``examples/*.py`` is found by globbing, run in a subprocess with the
current interpreter and its default arguments (a script whose defaults take
minutes, with the arguments of a tiny budget), and must exit with status 0
and print its marker, so a new example cannot be forgotten: it fails here until
it is given a marker. A script that needs a package none of the project's
extras installs (``maskable_ppo.py``: sb3-contrib and PyTorch) is not run: it
is compiled, and must say what it needs, as the tutorial does. Some scripts are
run again with other arguments. The
plug-in package is checked as an installation would leave it: its
``*.dist-info`` folder with ``entry_points.txt`` on ``PYTHONPATH``, in a fresh
interpreter, with no network install.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
SCRIPTS = sorted(path.name for path in EXAMPLES.glob("*.py"))

MARKERS = {
    "game_loop.py": "Winner(s): seat ",
    "event_printer.py": "replayed: identical final state",
    "compare_editions.py": "classic vs modern: ",
    "custom_board.py": "after: classic, modern, modern-adriatic",
    "pettingzoo_random.py": "PettingZoo games played: 2",
    "gymnasium_episode.py": "episode over after ",
    "gymnasium_vector.py": " games finished, seat 0 won ",
    "openspiel_ismcts.py": "game over after ",
    "train_masked_policy.py": "against the random bot: win share ",
    "maskable_ppo.py": "trained, against the random bot: win share ",
}
"""For each script, a line fragment it prints only once it has done its work."""

QUICK = {
    "train_masked_policy.py": ["--quick"],
    "maskable_ppo.py": ["--steps", "256", "--eval-games", "2"],
}
"""The arguments of the scripts whose defaults take minutes: a budget of seconds."""

NEEDS = {"maskable_ppo.py": "sb3-contrib"}
"""The scripts that need a package no extra of the project installs, by its name: not run."""
RUN = [script for script in SCRIPTS if script not in NEEDS]


def run(*args: str, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert done.returncode == 0, f"exit status {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_the_examples_are_found() -> None:
    assert set(SCRIPTS) >= set(MARKERS)


@pytest.mark.parametrize("script", RUN)
def test_every_example_runs(script: str) -> None:
    marker = MARKERS.get(script)
    assert marker is not None, f"examples/{script} has no marker in MARKERS: add one"
    assert marker in run(str(EXAMPLES / script), *QUICK.get(script, []))


@pytest.mark.parametrize("script", sorted(NEEDS))
def test_an_example_that_needs_more_than_the_extras_compiles_and_says_so(script: str) -> None:
    source = (EXAMPLES / script).read_text(encoding="utf-8")
    compile(source, script, "exec")  # a syntax error fails here, as a run would
    assert NEEDS[script] in source.split('"""')[1], f"{script}'s docstring names what it needs"
    tutorial = (ROOT / "docs" / "tutorials" / "train-and-search.md").read_text(encoding="utf-8")
    assert script in tutorial
    assert NEEDS[script] in tutorial


@pytest.mark.parametrize(
    ("args", "markers"),
    [
        (["game_loop.py", "--ruleset", "classic", "--players", "2"], ["capital", "Winner(s)"]),
        (
            ["event_printer.py", "--ruleset", "classic", "--players", "3", "--dice", "manual"],
            ["read off the table: roll ", "dice were thrown by hand", "identical final state"],
        ),
        (
            ["event_printer.py", "--dice", "manual", "--seed", "2", "--players", "2"],
            ["read off the table: dice ", "identical final state"],
        ),
        (
            ["compare_editions.py", "--players", "2", "--games", "3", "--seats", "greedy,random"],
            ["greedy, random", "win rate"],
        ),
        (["custom_board.py", "--players", "2"], ["params: identical (from the base)"]),
    ],
)
def test_examples_with_other_arguments(args: list[str], markers: list[str]) -> None:
    out = run(str(EXAMPLES / args[0]), *args[1:])
    for marker in markers:
        assert marker in out


def test_event_printer_saves_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run(str(EXAMPLES / "event_printer.py"), "--steps", "3", "--out", str(path))
    code = (
        "import sys, serenissima as ser\n"
        "record = ser.GameRecord.from_json(open(sys.argv[1], encoding='utf-8').read())\n"
        "state = ser.replay(record)\n"
        "print(record.ruleset, len(record.actions), ser.load_ruleset('modern').is_over(state))\n"
    )
    out = run("-c", code, str(path)).split()
    assert out[0] == "modern"
    assert int(out[1]) > 3
    assert out[2] == "True"


def test_the_plugin_package_is_discovered_once_installed(tmp_path: Path) -> None:
    package = EXAMPLES / "plugin_package"
    project = tomllib.loads((package / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    points = project["entry-points"]["serenissima.rulesets"]
    assert points == {"modern-adriatic": "serenissima_adriatic:EDITION"}
    # What `pip install` leaves behind: the metadata folder with the entry points.
    info = tmp_path / "serenissima_adriatic-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: serenissima-adriatic\nVersion: 0.1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[serenissima.rulesets]\nmodern-adriatic = serenissima_adriatic:EDITION\n",
        encoding="utf-8",
    )
    env = dict(os.environ)
    extra = [str(tmp_path), str(package / "src")]
    env["PYTHONPATH"] = os.pathsep.join([*extra, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    code = """
import serenissima as ser
from serenissima.agents import RandomAgent
from serenissima.engine.registry import get_plugin
from serenissima_rulesets.modern import ModernEngine

assert "modern-adriatic" in ser.available_rulesets(), ser.available_rulesets()
plugin = get_plugin("modern-adriatic")
assert isinstance(plugin.engine, ModernEngine)
rules = ser.load_ruleset("modern-adriatic")
assert rules.params == ser.load_ruleset("modern").params
result = ser.play_game(rules, 3, RandomAgent(1), seed=1)
assert rules.is_over(result.state)
print(rules.id, rules.info.edition, rules.board.spec.name, len(rules.board.ports))
"""
    assert run("-c", code, env=env).strip() == "modern-adriatic modern Adriatic (invented) 9"


def test_without_the_metadata_the_plugin_is_not_found(tmp_path: Path) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(EXAMPLES / "plugin_package" / "src")
    code = "import serenissima as ser; print(','.join(ser.available_rulesets()))"
    assert "modern-adriatic" not in run("-c", code, env=env)
