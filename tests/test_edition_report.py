"""The edition report of the docs: its script, its data file and the page the hook makes of it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from serenissima.analysis.quality.compare import QualityComparison

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "edition_report.py"
DATA = ROOT / "docs" / "data" / "edition-report.json"


def _script(*argv: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]))
    return subprocess.run(
        [sys.executable, str(SCRIPT), *argv],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=ROOT,
        env=env,
    )


@pytest.fixture(scope="module")
def hook() -> ModuleType:
    sys.path.insert(0, str(ROOT / "docs"))
    try:
        import edition_report_hook
    finally:
        sys.path.remove(str(ROOT / "docs"))
    return edition_report_hook


def test_the_script_writes_a_report_the_page_shows(hook: ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    done = _script("--agents", "random", "--games", "2", "--replicates", "20", "--out", str(out))
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["command"] == (
        "python scripts/edition_report.py --agents random --versus random --games 2 --replicates 20"
    )
    comparison = QualityComparison.from_dict(data["comparison"])
    assert (comparison.agents, comparison.versus, comparison.games) == ("random", None, 2)
    page = hook.report_page(data)
    assert page.count("```sh\n" + data["command"] + "\n```") == 1
    assert "## Findings" in page
    assert not page.startswith("#")  # under the page's own title
    for file in hook.images(comparison).values():
        assert f"]({file})" in page


def test_the_script_gives_the_same_report_on_any_number_of_jobs(tmp_path: Path) -> None:
    reports = []
    for jobs in ("1", "2"):
        out = tmp_path / f"report-{jobs}.json"
        args = ("--agents", "random", "--games", "2", "--replicates", "20", "--out", str(out))
        done = _script(*args, "--jobs", jobs)
        assert done.returncode == 0, done.stderr
        assert "s left" in done.stderr  # progress with the time left
        data = json.loads(out.read_text(encoding="utf-8"))
        assert "--jobs" not in data["command"]
        reports.append(data["comparison"])
    assert reports[0] == reports[1]
    # with a journal, a second run plays nothing and writes the same comparison
    journal = tmp_path / "games.jsonl"
    out = tmp_path / "report-j.json"
    args = ("--agents", "random", "--games", "2", "--replicates", "20", "--out", str(out))
    for _ in range(2):
        done = _script(*args, "--journal", str(journal))
        assert done.returncode == 0, done.stderr
        assert json.loads(out.read_text(encoding="utf-8"))["comparison"] == reports[0]
    assert len(journal.read_text(encoding="utf-8").splitlines()) == 1 + 4  # two games a side
    refused = _script("--jobs", "0", "--out", str(tmp_path / "x.json"))
    assert refused.returncode == 2
    assert "expected a number of jobs, 1 or more, got '0'" in refused.stderr
    assert not (tmp_path / "x.json").exists()


def test_the_script_refuses_bad_input_in_one_line(tmp_path: Path) -> None:
    done = _script("--agents", "genius", "--games", "2", "--out", str(tmp_path / "x.json"))
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "unknown agent 'genius'" in done.stderr
    done = _script("--games", "2", "--out", str(tmp_path / "no" / "x.json"))
    assert done.returncode == 2
    assert "no folder" in done.stderr


def test_the_committed_report_is_labelled_and_readable() -> None:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    comparison = QualityComparison.from_dict(data["comparison"])
    # the agents the committed command names
    assert comparison.agents == data["command"].split("--agents ")[1].split()[0]
    assert (comparison.left.ruleset, comparison.right.ruleset) == ("classic", "modern")
    assert comparison["skill"].left is not None
    # the boards' reconstructed data is named where the figures depend on it
    notes = " ".join(comparison.notes)
    assert "classic board is partly reconstructed" in notes
    assert "modern board is partly reconstructed" in notes
    assert "turkey four" in notes
