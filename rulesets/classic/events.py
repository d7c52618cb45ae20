"""The events of the classic edition, all in one place: what happened, for animation and logs.

Each stage defines its own events beside its handlers (``setup``, ``bids``,
``purchases``, ``sea``, ``sales``, ``scoring``, each in its ``events`` module);
the course of the round, a sinking galley and a moved good, which more than one
stage reports, are in :mod:`.common`. This module names them all, with
:data:`EVENT_TYPES`.
"""

from __future__ import annotations

from serenissima.engine.core import Event

from .bids.events import BidsRevealed, DieRolled, PositionTaken
from .common import GalleySunk, GoodMoved, PhaseStarted, RoundStarted
from .purchases.events import (
    DealClosed,
    DealFailed,
    DealOpened,
    FortBuilt,
    GalleyBuilt,
    GoodBought,
    GoodDiscarded,
    PriceNamed,
    SailorDismissed,
    SailorHired,
    SailorMoved,
)
from .sales.events import GoodSold, IncomePaid
from .scoring.events import GameEnded
from .sea.events import (
    BattleFought,
    GalleyCaptured,
    GalleyMoved,
    PassageAnswered,
    PortTaken,
    SailorLanded,
)
from .setup.events import StartingCrews

__all__ = [
    "EVENT_TYPES",
    "BattleFought",
    "BidsRevealed",
    "DealClosed",
    "DealFailed",
    "DealOpened",
    "DieRolled",
    "FortBuilt",
    "GalleyBuilt",
    "GalleyCaptured",
    "GalleyMoved",
    "GalleySunk",
    "GameEnded",
    "GoodBought",
    "GoodDiscarded",
    "GoodMoved",
    "GoodSold",
    "IncomePaid",
    "PassageAnswered",
    "PhaseStarted",
    "PortTaken",
    "PositionTaken",
    "PriceNamed",
    "RoundStarted",
    "SailorDismissed",
    "SailorHired",
    "SailorLanded",
    "SailorMoved",
    "StartingCrews",
]


EVENT_TYPES: tuple[type[Event], ...] = (
    StartingCrews,
    RoundStarted,
    BidsRevealed,
    DieRolled,
    PositionTaken,
    PhaseStarted,
    GoodBought,
    DealOpened,
    PriceNamed,
    DealClosed,
    DealFailed,
    GalleyBuilt,
    FortBuilt,
    SailorHired,
    SailorMoved,
    GoodMoved,
    GoodDiscarded,
    SailorDismissed,
    GalleySunk,
    GalleyMoved,
    PassageAnswered,
    BattleFought,
    GalleyCaptured,
    SailorLanded,
    PortTaken,
    GoodSold,
    IncomePaid,
    GameEnded,
)
"""Every classic event class."""
