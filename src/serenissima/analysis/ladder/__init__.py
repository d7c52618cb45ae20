"""A ladder of agents: every pairing plays the same games, and each agent gets a rating.

The run (:mod:`~serenissima.analysis.ladder.run`) with its seatings
(:mod:`~serenissima.analysis.ladder.seating`), the Bradley-Terry fit of
the ratings (:mod:`~serenissima.analysis.ladder.fit`), the results
(:mod:`~serenissima.analysis.ladder.results`), the search budgets read off
a ladder (:mod:`~serenissima.analysis.ladder.budgets`) and its text and
charts (:mod:`~serenissima.analysis.ladder.report`).
"""

__all__: list[str] = []
