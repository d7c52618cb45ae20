"""Analysis: many games at once, and what they say.

One sub-package per concern, layered (the import contracts check it):

- :mod:`~serenissima.analysis.stats`, at the bottom: running moments,
  confidence intervals and the bootstrap.
- :mod:`~serenissima.analysis.run`: one game of a batch as a task of its
  own, run in this process, in worker processes or on Ray, and kept in a
  journal to resume a run.
- On top, importing nothing of each other:
  :mod:`~serenissima.analysis.simulate` (batches with paired seeds, their
  summaries with notes on what their figures mean, two batches side by side
  and both as text), :mod:`~serenissima.analysis.quality` (how the games of
  two editions play), :mod:`~serenissima.analysis.ladder` (agents rated
  against each other), :mod:`~serenissima.analysis.values` (the value
  model's fit), :mod:`~serenissima.analysis.diff` (key-by-key differences
  between two rulesets and their text) and
  :mod:`~serenissima.analysis.bench` (throughput).

This floor stands on the agents, the records and the engine.
"""

__all__: list[str] = []
