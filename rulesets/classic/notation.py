"""The text forms of classic actions read back: :func:`parse`.

Every action has a short text form: ``bid 300``, ``buy 3 ragusa``,
``sailor 3>venice``, ``move 3 ionian_sea``, ``attack 3 5``,
``sell 3 wine smyrna``. Galleys are written by number, ports and sea areas
by identifier, prices and bids in ducats. A number is written in ASCII
digits 0-9 only (:func:`~serenissima.engine.core.read_number`): ``bid +100``,
``bid 1_00``, or ``bid 100`` in Arabic-Indic or fullwidth digits, is no action.
The actions themselves are in :mod:`.actions`.
"""

from __future__ import annotations

from collections.abc import Callable

from serenissima.engine.core import Action, read_number, read_number_or_name
from serenissima.engine.errors import ActionParseError

from .bids.actions import Bid, DieRoll, TakePosition
from .common import DONE, Refuse, ShiftGood
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

__all__ = ["parse"]


def _int(text: str, word: str, what: str) -> int:
    return read_number(text, word, f"expected {what} as a whole number")


def _pair(text: str, word: str) -> tuple[str, str]:
    source, sep, target = word.partition(">")
    if not sep or not source or not target:
        raise ActionParseError(text, f"expected SOURCE>TARGET, got {word!r}")
    return source, target


def _ends(text: str, word: str) -> tuple[str, str]:
    """The ends of a sailor's transfer ``SOURCE>TARGET``: each a port or a galley's number."""
    expected = "expected a port, or a galley as a whole number"
    source, target = _pair(text, word)
    return read_number_or_name(text, source, expected), read_number_or_name(text, target, expected)


def _shift_good(text: str, args: list[str]) -> Action:
    source, target = _pair(text, args[1])
    return ShiftGood(args[0], _int(text, source, "a galley"), _int(text, target, "a galley"))


def _hire(text: str, args: list[str]) -> Action:
    if len(args) == 1:
        return Hire(args[0])
    if len(args) == 2:
        return Hire(args[0], _int(text, args[1], "a galley"))
    raise ActionParseError(text, f"'hire' takes 1 or 2 argument(s), got {len(args)}")


_NO_ARGS: dict[str, Action] = {
    "accept": Accept(),
    "refuse": Refuse(),
    "decline": Decline(),
    "done": DONE,
    "grant": Grant(),
    "sink": Sink(),
}

_Build = Callable[[str, list[str]], Action]

_PARSERS: dict[str, tuple[int, _Build]] = {
    "roll": (1, lambda t, a: DieRoll(_int(t, a[0], "a die"))),
    "dice": (2, lambda t, a: Dice(_int(t, a[0], "a die"), _int(t, a[1], "a die"))),
    "crew": (2, lambda t, a: Crew(_int(t, a[0], "sailors"), _int(t, a[1], "sailors"))),
    "bid": (1, lambda t, a: Bid(_int(t, a[0], "ducats"))),
    "position": (1, lambda t, a: TakePosition(_int(t, a[0], "a position"))),
    "buy": (2, lambda t, a: Buy(_int(t, a[0], "a galley"), a[1])),
    "ask": (2, lambda t, a: Ask(a[0], _int(t, a[1], "a quantity"))),
    "buy-from": (
        3,
        lambda t, a: TradeBuy(_int(t, a[0], "a galley"), a[1], _int(t, a[2], "a galley")),
    ),
    "sell-to": (
        4,
        lambda t, a: TradeSell(
            _int(t, a[0], "a galley"), a[1], _int(t, a[2], "a galley"), _int(t, a[3], "ducats")
        ),
    ),
    "barter": (
        4,
        lambda t, a: Barter(_int(t, a[0], "a galley"), a[1], _int(t, a[2], "a galley"), a[3]),
    ),
    "offer": (1, lambda t, a: Offer(_int(t, a[0], "ducats"))),
    "counter": (1, lambda t, a: Counter(_int(t, a[0], "ducats"))),
    "build-galley": (2, lambda t, a: BuildGalley(a[0], a[1])),
    "build-fort": (1, lambda t, a: BuildFort(a[0])),
    "sailor": (1, lambda t, a: ShiftSailor(*_ends(t, a[0]))),
    "cargo": (2, _shift_good),
    "discard": (2, lambda t, a: DiscardGood(_int(t, a[0], "a galley"), a[1])),
    "dismiss": (1, lambda t, a: DiscardSailor(_int(t, a[0], "a galley"))),
    "move": (2, lambda t, a: Move(_int(t, a[0], "a galley"), a[1])),
    "request": (1, lambda t, a: Request(_int(t, a[0], "a galley"))),
    "attack": (2, lambda t, a: Attack(_int(t, a[0], "a galley"), _int(t, a[1], "a galley"))),
    "assault": (2, lambda t, a: Assault(_int(t, a[0], "a galley"), a[1])),
    "capture": (1, lambda t, a: Capture(_int(t, a[0], "sailors"))),
    "land": (2, lambda t, a: Land(_int(t, a[0], "a galley"), a[1])),
    "sell": (3, lambda t, a: Sell(_int(t, a[0], "a galley"), a[1], a[2])),
}


def parse(text: str) -> Action:
    """Read the text form of a classic action.

    >>> parse("sell 3 wine smyrna")
    Sell(galley=3, good='wine', port='smyrna')
    >>> parse("hire venice 2")
    Hire(port='venice', galley=2)

    Raises:
        ActionParseError: The text spells no classic action.
    """
    words = text.strip().lower().split()
    if not words:
        raise ActionParseError(text, "empty action")
    head, args = words[0], words[1:]
    if head in _NO_ARGS:
        if args:
            raise ActionParseError(text, f"{head!r} takes no arguments, got {len(args)}")
        return _NO_ARGS[head]
    if head == "hire":
        return _hire(text, args)
    if head not in _PARSERS:
        known = ", ".join(sorted([*_NO_ARGS, *_PARSERS, "hire"]))
        raise ActionParseError(text, f"unknown action {head!r}; actions are {known}")
    arity, build = _PARSERS[head]
    if len(args) != arity:
        raise ActionParseError(text, f"{head!r} takes {arity} argument(s), got {len(args)}")
    return build(text, args)
