"""The conformance kit for ruleset authors: the checks every ruleset must pass.

:func:`~serenissima.testing.conformance.check_ruleset` plays games of every
player count and checks the ``Ruleset`` contract at every step (legal actions,
checked apply, chance, observations, JSON, records, rendering and the
heuristic), and returns a :class:`~serenissima.testing.report.ConformanceReport`
or raises a :class:`~serenissima.testing.report.ConformanceError`. The checks
are grouped by job in :mod:`~serenissima.testing.checks_actions`,
:mod:`~serenissima.testing.checks_views` and
:mod:`~serenissima.testing.checks_end`, on the game context of
:mod:`~serenissima.testing.checked_game`. It stands on the records and the
engine.
"""

from serenissima.testing.conformance import (
    DEFAULT_GAMES,
    DEFAULT_MAX_DECISIONS,
    check_ruleset,
)
from serenissima.testing.report import ConformanceError, ConformanceReport

__all__ = [
    "DEFAULT_GAMES",
    "DEFAULT_MAX_DECISIONS",
    "ConformanceError",
    "ConformanceReport",
    "check_ruleset",
]
