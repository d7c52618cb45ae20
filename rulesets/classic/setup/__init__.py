"""The set-up of the classic edition (rule book: Setup): new game and crewing (C-SETUP).

:mod:`.start` holds the options, the new game and the crewing's handlers, with its
action (:mod:`.actions`), event (:mod:`.events`) and explanation of a refusal
(:mod:`.explain`).
"""

from __future__ import annotations

__all__: list[str] = []
