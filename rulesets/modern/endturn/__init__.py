"""The end of a modern turn (rule book: End of turn): the Doge card, the special investment.

:mod:`.doge` draws and applies the Doge card (M-END-1 to M-END-6) and begins the
next turn, :mod:`.special` the special investment of the players short of
galleys (M-END-7), with the action (:mod:`.actions`) and events (:mod:`.events`).
"""

from __future__ import annotations

__all__: list[str] = []
