"""Batches of games between agents and what they show.

Batches with paired seeds (:mod:`~serenissima.analysis.simulate.batch`),
their games added up in index order
(:mod:`~serenissima.analysis.simulate.tally`) into a summary
(:mod:`~serenissima.analysis.simulate.summary`) with notes on what its
figures mean (:mod:`~serenissima.analysis.simulate.notes`), two summaries
side by side (:mod:`~serenissima.analysis.simulate.compare`) and both as
text (:mod:`~serenissima.analysis.simulate.report`).
"""

__all__: list[str] = []
