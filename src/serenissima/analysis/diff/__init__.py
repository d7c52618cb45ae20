"""Two rulesets compared key by key: the diff they make and its text.

The comparison (:mod:`~serenissima.analysis.diff.compare`) reads the keys
of both rulesets (a private module) into a diff
(:mod:`~serenissima.analysis.diff.entries`), written as text by
:mod:`~serenissima.analysis.diff.text`. No game is played.
"""

__all__: list[str] = []
