"""Every entry point, fuzzed: only typed errors come out, and nothing changes.

Each target of :mod:`fuzzing` (the ruleset's methods, ``Game``, the agents'
factory, records, ruleset folders, the command line) gets a bounded number of
hostile cases here; ``scripts/fuzz_campaign.py`` runs the long campaign whose
figures the robustness page reports. A few command-line cases also run as a
user runs them, in a process of their own.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzing import TARGETS, Case, Outcome, judge
from fuzzing.harness import Verdict

BUDGET = {"ruleset": 300, "game": 200, "agents": 150, "records": 200, "loader": 150, "cli": 100}
"""Cases per target in the suite: about half a minute on a small machine."""


def _check(case: Case) -> Verdict:
    verdict = judge(case)
    assert verdict.outcome.fine, f"{case.what}\n{verdict.outcome.value}: {verdict.detail}"
    return verdict


@pytest.mark.parametrize("target", sorted(TARGETS))
def test_hostile_cases_get_typed_errors_and_change_nothing(target: str) -> None:
    seen: set[Outcome] = set()

    @settings(
        max_examples=BUDGET[target],
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(case=TARGETS[target])
    def run(case: Case) -> None:
        seen.add(_check(case).outcome)

    run()
    # the cases reach both ends: some are refused, some are fine and taken
    assert seen == {Outcome.TYPED, Outcome.ACCEPTED}, seen


def test_the_judge_tells_each_outcome_apart() -> None:
    from serenissima.engine.errors import ArgumentTypeError, RecordError, SerenissimaError

    box = [0]

    def bump() -> None:
        box[0] += 1
        raise RecordError("changed, then refused")

    assert judge(Case("t", "fine", lambda: 1)).outcome is Outcome.ACCEPTED
    assert judge(Case("t", "illegal", lambda: 1, lambda _: False)).outcome is Outcome.ILLEGAL
    assert judge(Case("t", "typed", lambda: ArgumentTypeError.__call__)).outcome.fine
    refused = Case("t", "refused", lambda: (_ for _ in ()).throw(RecordError("no")))
    assert judge(refused).outcome is Outcome.TYPED
    assert judge(Case("t", "untyped", lambda: {}["x"])).outcome is Outcome.UNTYPED
    bare = Case("t", "bare", lambda: (_ for _ in ()).throw(SerenissimaError("?")))
    assert judge(bare).outcome is Outcome.UNTYPED  # neither a TypeError nor a ValueError
    assert judge(Case("t", "changed", bump, snapshot=lambda: box[0])).outcome is Outcome.CHANGED


GARBAGE = {
    "binary.json": bytes(range(256)) * 4,
    "nested.json": b"[" * 100_000,
    "empty.json": b"",
    "latin.json": '{"format": 1, "ruleset": "caf\u00e9"}'.encode("latin-1"),
    "escape.json": b'{"format": 1, "ruleset": "../../etc", "ruleset_version": "1", "players": 2}',
}


@settings(max_examples=6, deadline=None, database=None)
@given(name=st.sampled_from(sorted(GARBAGE)), command=st.sampled_from(("replay", "play")))
def test_the_command_line_answers_garbage_files_with_a_message(
    tmp_path_factory: pytest.TempPathFactory, name: str, command: str
) -> None:
    path: Path = tmp_path_factory.mktemp("garbage") / name
    path.write_bytes(GARBAGE[name])
    argv = [str(path)] if command == "replay" else ["--load", str(path)]
    done = subprocess.run(
        [sys.executable, "-m", "serenissima", command, *argv],
        capture_output=True,
        text=True,
        input="",
        timeout=60,
        check=False,
    )
    assert done.returncode == 2, done
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().startswith("serenissima: error") or "error" in done.stderr


def test_the_campaign_counts_every_case_and_the_page_shows_them(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parent.parent
    out = tmp_path / "fuzz.json"
    done = subprocess.run(
        [
            sys.executable,
            str(root / "scripts" / "fuzz_campaign.py"),
            "--cases",
            "60",
            "--seed",
            "3",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Fuzz campaign: how the cases ended" in done.stdout
    import json

    data = json.loads(out.read_text())
    rows = {row["target"]: row for row in data["targets"]}
    assert set(rows) == set(TARGETS)
    assert sum(row["cases"] for row in rows.values()) == 60
    for row in rows.values():
        assert row["cases"] == sum(row[name] for name in data["outcomes"])
        assert row["untyped"] == row["accepted illegal"] == row["changed"] == 0
    sys.path.insert(0, str(root / "docs"))
    try:
        import robustness_hook
    finally:
        sys.path.remove(str(root / "docs"))
    table = robustness_hook.table(data)
    assert "| **all** | 60 |" in table
    svg = robustness_hook.chart(data)
    assert svg.startswith("<svg")
    assert svg.count("<rect") >= len(rows)
