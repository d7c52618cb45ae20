"""The scoring of the modern edition (rule book: Scoring, End of game).

:mod:`.standings` holds a scoring's points, the ranking and the game over,
:mod:`.events` the events of a scoring and of the game's end.
"""

from __future__ import annotations

__all__: list[str] = []
