"""The actions and events that belong to no one stage of the classic edition.

``done``, which ends a turn in every phase; ``refuse``, which answers both a
price (phase 2) and a request for passage (phase 3); the move of a good, made
when reorganising (phase 2) and when sharing out a battle's spoils (phase 4);
the events of the round's course and of a sinking galley; and the short forms
(:func:`who`, :func:`where`) the events' texts share.
"""

from __future__ import annotations

import attrs

from serenissima.engine.core import Action, Event
from serenissima.engine.refusals import Reason
from serenissima.engine.values import slot_init

__all__ = [
    "DONE",
    "Done",
    "GalleySunk",
    "GoodMoved",
    "PhaseStarted",
    "Reason",
    "Refuse",
    "RoundStarted",
    "ShiftGood",
    "only_done",
    "where",
    "who",
]


@attrs.frozen(slots=True)
class Done(Action):
    """End one's turn in the current phase."""

    def text(self) -> str:
        return "done"


DONE = Done()
"""The one :class:`Done` the legal-action generators hand out."""


def only_done(actions: tuple[Action, ...]) -> bool:
    """Whether ``actions`` are ``done`` alone: a turn in which nothing else can be done.

    Cheaper than ``actions == (DONE,)``, which compares the first action with
    ``done`` also when there are several.

    >>> from serenissima_rulesets.classic.bids.actions import Bid
    >>> only_done((DONE,)), only_done((Bid(0), DONE)), only_done(())
    (True, False, False)
    """
    return len(actions) == 1 and (actions[0] is DONE or actions[0] == DONE)


@attrs.frozen(slots=True)
class Refuse(Action):
    """Refuse: a counter-offer, a trade, or passage through an area (C-BUY-6, C-MOVE-5)."""

    def text(self) -> str:
        return "refuse"


@attrs.frozen(slots=True)
class ShiftGood(Action):
    """Move one ``good`` from galley ``source`` to galley ``target`` (C-ORG-1, C-BAT-8)."""

    good: str
    source: int
    target: int

    def text(self) -> str:
        return f"cargo {self.good} {self.source}>{self.target}"


def who(seat: int) -> str:
    """How a seat is named in event sentences.

    >>> who(2)
    'seat 2'
    """
    return f"seat {seat}"


def where(end: str) -> str:
    """How a galley number or a port is named in event sentences.

    >>> where("3"), where("venice")
    ('galley 3', 'venice')
    """
    return f"galley {end}" if end.isdigit() else end


@attrs.frozen(slots=True)
class RoundStarted(Event):
    """A round began (C-BID-1)."""

    round: int

    def describe(self) -> str:
        return f"round {self.round} begins"


@attrs.frozen(slots=True)
class PhaseStarted(Event):
    """A phase of the round began (C-ROUND-1)."""

    phase: int
    name: str

    def describe(self) -> str:
        return f"phase {self.phase}: {self.name}"


@attrs.frozen(slots=True)
class GoodMoved(Event):
    """A piece of goods moved between two galleys (C-ORG-1, C-BAT-8)."""

    seat: int
    good: str
    source: int
    target: int

    def describe(self) -> str:
        return f"{who(self.seat)} moves {self.good} from galley {self.source} to {self.target}"


@slot_init
@attrs.frozen(slots=True)
class GalleySunk(Event):
    """A galley sank with its cargo (C-ORG-3, C-BAT-6, C-PATK-6, C-LAND-3)."""

    galley: int
    owner: int
    cargo: tuple[str, ...]
    reason: str

    def describe(self) -> str:
        lost = f" with {', '.join(self.cargo)}" if self.cargo else ""
        return f"galley {self.galley} of {who(self.owner)} sinks{lost} ({self.reason})"
