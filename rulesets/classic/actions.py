"""The actions of the classic edition, all in one place.

The action classes are defined by family: the set-up, phase 1, the dice and
``done`` in :mod:`.actions_setup`, phase 2 in :mod:`.actions_purchase`,
phases 3 to 6 in :mod:`.actions_sea`; :func:`parse` reads their text forms
(:mod:`.notation`). This module names them all, with :data:`ACTION_TYPES`.
"""

from __future__ import annotations

from serenissima.engine.core import Action

from .actions_purchase import (
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
    Refuse,
    ShiftGood,
    ShiftSailor,
    TradeBuy,
    TradeSell,
)
from .actions_sea import Assault, Attack, Capture, Grant, Land, Move, Request, Sell, Sink
from .actions_setup import DONE, Bid, Crew, Dice, DieRoll, Done, TakePosition, only_done
from .notation import parse

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
