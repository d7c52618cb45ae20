"""Phase 1 of the classic edition (rule book: Bidding): the bid for the turn order (C-BID).

The secret bid, the roll-off of tied bidders and the choice of places.

:mod:`.bidding` holds the handlers, with the actions (:mod:`.actions`), events
(:mod:`.events`) and explanations of refusals (:mod:`.explain`).
"""

from __future__ import annotations

__all__: list[str] = []
