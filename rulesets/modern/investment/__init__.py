"""An Investment of the modern edition (rule book: Investment): sailors, galleys, buildings.

:mod:`.investing` holds the handlers, :mod:`.tables` the actions built once per
ruleset, with the actions (:mod:`.actions`), events (:mod:`.events`) and
explanations of refusals (:mod:`.explain`).
"""

from __future__ import annotations

__all__: list[str] = []
