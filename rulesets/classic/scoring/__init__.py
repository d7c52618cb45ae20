"""The end of the classic game (rule book: Scoring): wealth, standings and winners.

:mod:`.standings` holds the scoring, :mod:`.events` the event of the game's end.
"""

from __future__ import annotations

__all__: list[str] = []
