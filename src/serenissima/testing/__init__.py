"""The conformance kit for ruleset authors: the checks every ruleset must pass.

:func:`~serenissima.testing.conformance.check_ruleset` plays games of every
player count and checks the ``Ruleset`` contract at every step (legal actions,
checked apply, chance, observations, JSON, records, rendering and the
heuristic). It stands on the records and the engine.
"""

from serenissima.testing.conformance import (
    DEFAULT_GAMES,
    DEFAULT_MAX_DECISIONS,
    ConformanceError,
    ConformanceReport,
    check_ruleset,
)

__all__ = [
    "DEFAULT_GAMES",
    "DEFAULT_MAX_DECISIONS",
    "ConformanceError",
    "ConformanceReport",
    "check_ruleset",
]
