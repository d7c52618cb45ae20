"""The actions and events that belong to no one stage of the modern edition.

``done`` and ``end``, which close a step of several stages; the events of a
galley's activation, of a galley placed (at the set-up and when bought), of a
port claimed (at the set-up and by conquest) and of a sinking galley; and the
reason a port's name is refused, which several stages' explanations give.
"""

from __future__ import annotations

import attrs

from serenissima.engine.core import Action, Event
from serenissima.engine.refusals import Reason
from serenissima.engine.values import slot_init

from .context import Ctx

__all__ = [
    "DONE",
    "END",
    "Done",
    "End",
    "GalleyActivated",
    "GalleyPlaced",
    "GalleySunk",
    "PortClaimed",
    "Reason",
]


@attrs.frozen(slots=True)
class Done(Action):
    """Finish the current step (loading, movement, spoils, investment)."""

    def text(self) -> str:
        return "done"


@attrs.frozen(slots=True)
class End(Action):
    """End the activation (M-ACT-1: every step is optional)."""

    def text(self) -> str:
        return "end"


DONE = Done()
"""The one ``done`` action every list shares."""

END = End()
"""The one ``end`` action every list shares."""


@slot_init
@attrs.frozen(slots=True)
class GalleyActivated(Event):
    """The black token stops on a galley."""

    seat: int
    galley: int

    def describe(self) -> str:
        return f"galley {self.galley} (seat {self.seat}) is activated"


@slot_init
@attrs.frozen(slots=True)
class GalleyPlaced(Event):
    """A galley enters play (set-up or purchase)."""

    seat: int
    galley: int
    area: str
    sailors: int

    def describe(self) -> str:
        where = f"galley {self.galley} in {self.area}"
        return f"seat {self.seat} places {where} with {self.sailors} sailors"


@slot_init
@attrs.frozen(slots=True)
class PortClaimed(Event):
    """A player takes a port with ``sailors`` sailors."""

    seat: int
    port: str
    sailors: int

    def describe(self) -> str:
        return f"seat {self.seat} takes {self.port} with {self.sailors} sailor(s)"


@slot_init
@attrs.frozen(slots=True)
class GalleySunk(Event):
    """A galley sinks; its cube leaves the wheel."""

    seat: int
    galley: int
    cargo: tuple[str, ...]

    def describe(self) -> str:
        return f"galley {self.galley} (seat {self.seat}) sinks"


def unknown_port(ctx: Ctx, port: str) -> Reason:
    if not ctx.board.has_port(port):
        return "M-PORT-5", f"there is no port called {port!r}"
    return None
