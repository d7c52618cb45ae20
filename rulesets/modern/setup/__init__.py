"""The set-up of the modern edition (rule book: Setup): the new game and its first decisions.

The closed ports and the first player, drawn by chance, then the picks of
galleys and starting ports (M-SETUP). :mod:`.start` holds the options, the new
game and the handlers, :mod:`.tables` the picks built once per ruleset, with the
actions (:mod:`.actions`), events (:mod:`.events`) and explanations of refusals
(:mod:`.explain`).
"""

from __future__ import annotations

__all__: list[str] = []
