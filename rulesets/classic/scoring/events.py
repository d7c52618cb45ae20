"""The event of the end of the classic game: the final standings (C-SCORE-1)."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Event

from ..common import who

__all__ = ["GameEnded"]


@attrs.frozen(slots=True)
class GameEnded(Event):
    """The last round ended (C-SCORE-1)."""

    winners: tuple[int, ...]

    def describe(self) -> str:
        return "the game ends; winner(s): " + ", ".join(who(s) for s in self.winners)
