"""Phase 6 of the classic edition: sales, the new-market bonus and income.

The rule book's sections Sale, New-market bonus and Income.

:mod:`.selling` holds the handlers, with the action (:mod:`.actions`), events
(:mod:`.events`) and explanation of a refusal (:mod:`.explain`).
"""

from __future__ import annotations

__all__: list[str] = []
