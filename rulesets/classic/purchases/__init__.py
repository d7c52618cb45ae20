"""Phase 2 of the classic edition: purchases and the negotiation of prices.

The rule book's sections Phase 2, Buying, Building, Hiring, Reorganising,
Discarding and Trade.

:mod:`.purchase` lists a turn's choices and applies buying, building and hiring;
:mod:`.reorganise` the moves and discards of sailors and goods; :mod:`.negotiation`
lists the asks, trades and answers of a deal and :mod:`.deals` applies them;
:mod:`.turn` holds what they share. The actions and events are in :mod:`.actions`
and :mod:`.events`, the explanations of refusals in :mod:`.explain` and
:mod:`.negotiation_explain`.
"""

from __future__ import annotations

__all__: list[str] = []
