"""Classic actions in plain English, for people: :func:`label`.

An action's text form (``sailor venice>2``, ``buy 2 venice``) is short and
exact, for typing and for records; its label says the same in words
("Move 1 sailor from Venice to galley 2", "Buy 1 wine at Venice onto galley 2"),
with the board's names of ports and sea areas. Every action kind has one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from serenissima.engine.board import Board
from serenissima.engine.core import Action

from .bids.actions import Bid, DieRoll, TakePosition
from .common import Done, Refuse, ShiftGood
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

__all__ = ["label"]


def _end(board: Board, end: str) -> str:
    """One end of a sailor's move: a galley's number or a port."""
    return f"galley {end}" if end.isdigit() else board.name(end)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _good(board: Board, port: str) -> str:
    """The good ``port`` produces."""
    return board.port(port).good if board.has_port(port) else "goods"


def _buy(board: Board, a: Buy) -> str:
    return f"Buy 1 {_good(board, a.port)} at {board.name(a.port)} onto galley {a.galley}"


def _build_galley(board: Board, a: BuildGalley) -> str:
    crew = "a sailor hired there" if a.crew == "hire" else "a sailor of its garrison"
    return f"Build a galley at {board.name(a.port)}, crewed by {crew}"


def _hire(board: Board, a: Hire) -> str:
    onto = f"onto galley {a.galley}" if a.galley else "into its garrison"
    return f"Hire 1 sailor at {board.name(a.port)} {onto}"


_WORDS: dict[type[Action], Callable[[Board, Any], str]] = {
    DieRoll: lambda b, a: f"Roll a {a.value} to break the tied bids",
    Dice: lambda b, a: f"The attacker rolls {a.attacker}, the defender {a.defender}",
    Crew: lambda b, a: (
        f"Crew the starting galleys with {a.first} and {a.second} sailors; "
        "the rest guard the capital"
    ),
    Bid: lambda b, a: f"Bid {a.amount} ducats for the turn order",
    TakePosition: lambda b, a: f"Take the {_ordinal(a.position)} place in the turn order",
    Buy: _buy,
    Ask: lambda b, a: (
        f"Ask the owner of {b.name(a.port)} a price for {a.quantity} {_good(b, a.port)}"
    ),
    TradeBuy: lambda b, a: f"Ask to buy 1 {a.good} from galley {a.galley} onto galley {a.into}",
    TradeSell: lambda b, a: (
        f"Offer 1 {a.good} from galley {a.galley} to galley {a.to} for {a.price} ducats"
    ),
    Barter: lambda b, a: (
        f"Offer 1 {a.good} from galley {a.galley} for 1 {a.wanted} from galley {a.other}"
    ),
    Offer: lambda b, a: f"Name a price of {a.price} ducats a piece",
    Counter: lambda b, a: f"Counter with {a.price} ducats a piece",
    Accept: lambda b, a: "Accept the price offered",
    Refuse: lambda b, a: "Refuse the offer, trade or passage asked",
    Decline: lambda b, a: "Walk away from the deal",
    BuildGalley: _build_galley,
    BuildFort: lambda b, a: f"Build a fortress at {b.name(a.port)}",
    Hire: _hire,
    ShiftSailor: lambda b, a: f"Move 1 sailor from {_end(b, a.source)} to {_end(b, a.target)}",
    ShiftGood: lambda b, a: f"Move 1 {a.good} from galley {a.source} to galley {a.target}",
    DiscardGood: lambda b, a: f"Throw 1 {a.good} of galley {a.galley} overboard",
    DiscardSailor: lambda b, a: f"Dismiss 1 sailor of galley {a.galley}",
    Done: lambda b, a: "Done: end your turn in this phase",
    Move: lambda b, a: f"Sail galley {a.galley} to {b.name(a.area)}",
    Request: lambda b, a: f"Ask the galleys in the way to let galley {a.galley} pass",
    Grant: lambda b, a: "Let the galley pass",
    Attack: lambda b, a: f"Attack galley {a.target} with galley {a.galley}",
    Assault: lambda b, a: f"Attack {b.name(a.port)} with galley {a.galley}",
    Capture: lambda b, a: (
        f"Capture the beaten galley, moving {_plural(a.sailors, 'sailor')} onto it"
    ),
    Sink: lambda b, a: "Sink the beaten galley",
    Land: lambda b, a: f"Land 1 sailor of galley {a.galley} at {b.name(a.port)}",
    Sell: lambda b, a: f"Sell 1 {a.good} of galley {a.galley} at {b.name(a.port)}",
}


def label(board: Board, action: Action) -> str:
    """Say ``action`` in plain English, with the board's names.

    >>> import serenissima as ser
    >>> board = ser.load_ruleset("classic").board
    >>> label(board, ShiftSailor("venice", "2")), label(board, Buy(2, "venice"))
    ('Move 1 sailor from Venice to galley 2', 'Buy 1 textiles at Venice onto galley 2')
    """
    return _WORDS[type(action)](board, action)
