"""Game quality: how the games of two editions play, measure by measure.

The trace of each game (:mod:`~serenissima.analysis.quality.trace`) and the
series read from it (:mod:`~serenissima.analysis.quality.series`); the
measures (:mod:`~serenissima.analysis.quality.metrics`), compared between
editions with paired bootstrap intervals
(:mod:`~serenissima.analysis.quality.compare`); the run that plays both
editions (:mod:`~serenissima.analysis.quality.run`) with its notes on the
boards and agents (:mod:`~serenissima.analysis.quality.notes`); and the
report: text (:mod:`~serenissima.analysis.quality.text`), charts
(:mod:`~serenissima.analysis.quality.svg`) and its files
(:mod:`~serenissima.analysis.quality.report`).
"""

__all__: list[str] = []
