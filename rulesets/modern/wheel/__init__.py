"""The Doge wheel of the modern edition (rule book: Turn): an activated galley's choice.

The activated galley's owner takes an Action or an Investment (M-TURN-3);
:mod:`.mode` holds the handlers, with the actions (:mod:`.actions`) and the event
(:mod:`.events`). The order of the activations is the turn's flow, in
:mod:`..flow`.
"""

from __future__ import annotations

__all__: list[str] = []
