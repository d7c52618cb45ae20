"""The value model's fit: positions from played games and the weights fitted to them.

Positions sampled from games with what came of them
(:mod:`~serenissima.analysis.values.data`), and the weights of the value
model fitted to them with their calibration on held-out games
(:mod:`~serenissima.analysis.values.fit`).
"""

__all__: list[str] = []
