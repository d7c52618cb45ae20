"""Analysis: many games at once, and what they say.

Batches of games with paired seeds (:mod:`~serenissima.analysis.simulate`),
their summaries (:mod:`~serenissima.analysis.summary`) with notes on what their
figures mean (:mod:`~serenissima.analysis.notes`), two batches side by
side (:mod:`~serenissima.analysis.simcompare`) and both as text
(:mod:`~serenissima.analysis.report`); confidence intervals
(:mod:`~serenissima.analysis.stats`); key-by-key differences between two
rulesets (:mod:`~serenissima.analysis.compare`), the diff they make
(:mod:`~serenissima.analysis.diff`) and its text
(:mod:`~serenissima.analysis.difftext`); and throughput
(:mod:`~serenissima.analysis.bench`). Games run in this process, in worker
processes or on Ray (:mod:`~serenissima.analysis.runner`), one game of a batch
being a task of its own (:mod:`~serenissima.analysis.games`), added up in
index order (:mod:`~serenissima.analysis.tally`) and kept in a journal to
resume a run (:mod:`~serenissima.analysis.journal`). This floor stands on the
agents, the records and the engine.
"""

__all__: list[str] = []
