"""The events of the modern edition, all in one place: what happened, for animation and logs.

Each stage defines its own events beside its handlers (``setup``, ``wheel``,
``action``, ``investment``, ``endturn``, ``scoring``, each in its ``events``
module); a galley activated, placed or sunk and a port claimed, which more than
one stage reports, are in :mod:`.common`. This module names them all, with
:data:`EVENT_TYPES`.
"""

from __future__ import annotations

from serenissima.engine.core import Event

from .action.events import (
    BattleStarted,
    BlockadeDeclared,
    DiceRolled,
    GalleyMoved,
    GoodsJettisoned,
    GoodsLoaded,
    GoodsShifted,
    GoodsSold,
    PortNeutralised,
    SailorsMoved,
    SpoilsTaken,
)
from .common import GalleyActivated, GalleyPlaced, GalleySunk, PortClaimed
from .endturn.events import DeckShuffled, DogeCardDrawn, TokenMoved, WineIncome
from .investment.events import BuildingBuilt, GalleyBought, SailorRecruited
from .scoring.events import GameEnded, Scored
from .setup.events import FirstPlayerChosen, PortClosed
from .wheel.events import ModeChosen

__all__ = [
    "EVENT_TYPES",
    "BattleStarted",
    "BlockadeDeclared",
    "BuildingBuilt",
    "DeckShuffled",
    "DiceRolled",
    "DogeCardDrawn",
    "FirstPlayerChosen",
    "GalleyActivated",
    "GalleyBought",
    "GalleyMoved",
    "GalleyPlaced",
    "GalleySunk",
    "GameEnded",
    "GoodsJettisoned",
    "GoodsLoaded",
    "GoodsShifted",
    "GoodsSold",
    "ModeChosen",
    "PortClaimed",
    "PortClosed",
    "PortNeutralised",
    "SailorRecruited",
    "SailorsMoved",
    "Scored",
    "SpoilsTaken",
    "TokenMoved",
    "WineIncome",
]


EVENT_TYPES: tuple[type[Event], ...] = (
    PortClosed,
    FirstPlayerChosen,
    GalleyPlaced,
    GalleyActivated,
    ModeChosen,
    SailorsMoved,
    GoodsLoaded,
    GoodsShifted,
    GoodsJettisoned,
    GalleyMoved,
    BlockadeDeclared,
    GoodsSold,
    BattleStarted,
    DiceRolled,
    GalleySunk,
    SpoilsTaken,
    PortNeutralised,
    PortClaimed,
    SailorRecruited,
    GalleyBought,
    BuildingBuilt,
    DogeCardDrawn,
    WineIncome,
    TokenMoved,
    Scored,
    DeckShuffled,
    GameEnded,
)
"""Every event class of the edition."""
