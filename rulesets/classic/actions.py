"""The actions of the classic edition, all in one place.

Each stage defines its own actions beside its handlers: the crewing in
:mod:`.setup.actions`, phase 1 in :mod:`.bids.actions`, phase 2 in
:mod:`.purchases.actions`, phases 3 to 5 in :mod:`.sea.actions`, phase 6 in
:mod:`.sales.actions`; ``done`` and the actions more than one stage uses are in
:mod:`.common`. :func:`parse` reads their text forms (:mod:`.notation`). This
module names them all, with :data:`ACTION_TYPES`.
"""

from __future__ import annotations

from serenissima.engine.core import Action

from .bids.actions import Bid, DieRoll, TakePosition
from .common import DONE, Done, Refuse, ShiftGood, only_done
from .notation import parse
from .purchases.actions import (
    Accept,
    Ask,
    Barter,
    BuildFort,
    BuildGalley,
    Buy,
    Counter,
    Decline,
    DiscardGood,
    DiscardSailor,
    Hire,
    Offer,
    ShiftSailor,
    TradeBuy,
    TradeSell,
)
from .sales.actions import Sell
from .sea.actions import Assault, Attack, Capture, Dice, Grant, Land, Move, Request, Sink
from .setup.actions import Crew

__all__ = [
    "ACTION_TYPES",
    "DONE",
    "Accept",
    "Ask",
    "Assault",
    "Attack",
    "Barter",
    "Bid",
    "BuildFort",
    "BuildGalley",
    "Buy",
    "Capture",
    "Counter",
    "Crew",
    "Decline",
    "Dice",
    "DieRoll",
    "DiscardGood",
    "DiscardSailor",
    "Done",
    "Grant",
    "Hire",
    "Land",
    "Move",
    "Offer",
    "Refuse",
    "Request",
    "Sell",
    "ShiftGood",
    "ShiftSailor",
    "Sink",
    "TakePosition",
    "TradeBuy",
    "TradeSell",
    "only_done",
    "parse",
]


ACTION_TYPES: tuple[type[Action], ...] = (
    DieRoll,
    Dice,
    Crew,
    Bid,
    TakePosition,
    Buy,
    Ask,
    TradeBuy,
    TradeSell,
    Barter,
    Offer,
    Counter,
    Accept,
    Refuse,
    Decline,
    BuildGalley,
    BuildFort,
    Hire,
    ShiftSailor,
    ShiftGood,
    DiscardGood,
    DiscardSailor,
    Done,
    Move,
    Request,
    Grant,
    Attack,
    Assault,
    Capture,
    Sink,
    Land,
    Sell,
)
"""Every classic action class."""
