"""Statistics for batches of games, at the bottom of the analysis floor.

Running moments and 95% intervals of means and win rates, and of their
differences between two batches (:mod:`~serenissima.analysis.stats.intervals`),
and the bootstrap over games, plain or paired, with its weighted means and ratios
(:mod:`~serenissima.analysis.stats.bootstrap`). Plain arithmetic on numbers:
nothing here plays a game.
"""

__all__: list[str] = []
