"""An Action of the modern edition: loading, movement, blockades, sales, battles, conquest.

The rule book's sections Action, Loading, Movement, Blockade, Sale, Battle,
Conquest and Ports. :mod:`.loading`, :mod:`.movement` (with the blockades),
:mod:`.trading` (sales, attacks and claims) and :mod:`.battle` (the dice, the
fort's volley, plunder and the landing of a conquest) hold the handlers;
:mod:`.tables` the actions built once per ruleset, with the actions
(:mod:`.actions`), events (:mod:`.events`) and explanations of refusals
(:mod:`.explain`).
"""

from __future__ import annotations

__all__: list[str] = []
