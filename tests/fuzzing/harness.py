"""What a fuzz case is, and how its end is judged.

A case ends in one of five ways. Two are fine: the call was refused with a
typed error (a ``SerenissimaError`` that is also a ``TypeError`` for a wrong
type and a ``ValueError`` otherwise) and nothing changed, or it was accepted
and what it did was legal. Three are defects: an untyped exception, an illegal
action (or tampered record) accepted, or a refused call that changed something.
"""

from __future__ import annotations

import enum
import traceback
from collections import Counter
from collections.abc import Callable

import attrs

from serenissima.engine.errors import ArgumentTypeError, SerenissimaError


class Outcome(enum.Enum):
    """How a case ended."""

    TYPED = "typed"
    ACCEPTED = "accepted"
    UNTYPED = "untyped"
    ILLEGAL = "accepted illegal"
    CHANGED = "changed"

    @property
    def fine(self) -> bool:
        """Whether this end is the one the engine promises."""
        return self in (Outcome.TYPED, Outcome.ACCEPTED)


@attrs.frozen
class Case:
    """One hostile call.

    Attributes:
        target: The entry point under attack (``ruleset``, ``records``...).
        what: What the case does, for a failure message.
        call: The call; what it returns goes to ``legal``.
        legal: Whether an accepted call did only what is allowed.
        snapshot: A picture of everything the call must not change when refused.
    """

    target: str
    what: str
    call: Callable[[], object]
    legal: Callable[[object], bool] = lambda _: True
    snapshot: Callable[[], object] = lambda: None

    def __repr__(self) -> str:
        return f"<{self.target}: {self.what}>"


@attrs.frozen
class Verdict:
    """How a case ended, with the details of a defect."""

    outcome: Outcome
    detail: str = ""


def judge(case: Case) -> Verdict:
    """Run ``case`` and say how it ended."""
    before = case.snapshot()
    try:
        result = case.call()
    except SerenissimaError as error:
        expected = TypeError if isinstance(error, ArgumentTypeError) else ValueError
        if not isinstance(error, expected):
            return Verdict(Outcome.UNTYPED, f"{type(error).__name__} is not a {expected.__name__}")
        if case.snapshot() != before:
            return Verdict(Outcome.CHANGED, f"refused with {error!r} but changed")
        return Verdict(Outcome.TYPED)
    except Exception:  # an untyped error is what the fuzzer looks for
        return Verdict(Outcome.UNTYPED, traceback.format_exc(limit=-6))
    if not case.legal(result):
        return Verdict(Outcome.ILLEGAL, f"accepted: {result!r}"[:400])
    return Verdict(Outcome.ACCEPTED)


@attrs.define
class Tally:
    """Counts of outcomes by target, and the first defects found."""

    counts: dict[str, Counter[Outcome]] = attrs.field(factory=dict)
    defects: list[tuple[Case, Verdict]] = attrs.field(factory=list)
    keep: int = 20

    def add(self, case: Case, verdict: Verdict) -> None:
        """Count one case."""
        self.counts.setdefault(case.target, Counter())[verdict.outcome] += 1
        if not verdict.outcome.fine and len(self.defects) < self.keep:
            self.defects.append((case, verdict))

    def total(self, outcome: Outcome | None = None) -> int:
        """The cases that ended so (all cases when ``outcome`` is ``None``)."""
        return sum(sum(c.values()) if outcome is None else c[outcome] for c in self.counts.values())
