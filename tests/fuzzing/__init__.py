"""Hostile input for every entry point, and the rule that judges what comes out.

Each module here gives hypothesis strategies of :class:`~fuzzing.harness.Case`:
a call with a hostile argument (a value of the wrong type, garbage text, an
action of another seat, state or edition, a damaged record, a mutated ruleset
folder, a garbage file for the command line) and what "nothing changed" and
"accepted legally" mean for it. :func:`~fuzzing.harness.judge` runs a case and
says how it ended; the suite (``tests/test_fuzz.py``) runs a bounded number of
cases per target, ``scripts/fuzz_campaign.py`` a long campaign that counts them.
"""

from __future__ import annotations

from fuzzing.harness import Case, Outcome, Tally, judge
from fuzzing.targets import TARGETS

__all__ = ["TARGETS", "Case", "Outcome", "Tally", "judge"]
