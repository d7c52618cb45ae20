"""Phases 3 to 5 of the classic edition: movement with passage, battles, port attacks, landing.

The rule book's sections Movement, Battle, Port attack and Landing.

:mod:`.movement`, :mod:`.battle` and :mod:`.landing` hold the handlers, with the
actions (:mod:`.actions`), events (:mod:`.events`) and explanations of refusals
(:mod:`.explain`).
"""

from __future__ import annotations

__all__: list[str] = []
