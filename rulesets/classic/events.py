"""The events of the classic edition, all in one place: what happened, for animation and logs.

The event classes are defined by family: the set-up, phase 1 and the
course of the round in :mod:`.events_setup`, phase 2 in
:mod:`.events_purchase`, phases 3 to 6 in :mod:`.events_sea`. This module
names them all, with :data:`EVENT_TYPES`.
"""

from __future__ import annotations

from serenissima.engine.core import Event

from .events_purchase import (
    DealClosed,
    DealFailed,
    DealOpened,
    FortBuilt,
    GalleyBuilt,
    GalleySunk,
    GoodBought,
    GoodDiscarded,
    GoodMoved,
    PriceNamed,
    SailorDismissed,
    SailorHired,
    SailorMoved,
)
from .events_sea import (
    BattleFought,
    GalleyCaptured,
    GalleyMoved,
    GoodSold,
    IncomePaid,
    PassageAnswered,
    PortTaken,
    SailorLanded,
)
from .events_setup import (
    BidsRevealed,
    DieRolled,
    GameEnded,
    PhaseStarted,
    PositionTaken,
    RoundStarted,
    StartingCrews,
)

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
