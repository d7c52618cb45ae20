"""The actions of the classic edition and their text forms.

Every action has a short text form: ``bid 300``, ``buy 3 ragusa``,
``sailor 3>venice``, ``move 3 ionian_sea``, ``attack 3 5``,
``sell 3 wine smyrna``. :func:`parse` reads it back. Galleys are written by
number, ports and sea areas by identifier, prices and bids in ducats.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from serenissima.core import Action
from serenissima.errors import ActionParseError

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
    "parse",
]


# --- chance outcomes -----------------------------------------------------------


@attrs.frozen(slots=True)
class DieRoll(Action):
    """Chance: the die rolled by the next seat of a tied group (C-BID-4, C-BID-5)."""

    value: int

    def text(self) -> str:
        return f"roll {self.value}"


@attrs.frozen(slots=True)
class Dice(Action):
    """Chance: one round of a battle; the die of each side (C-BAT-3, C-PATK-2).

    Attributes:
        attacker: The attacker's die.
        defender: The defender's die (the galley attacked, or the garrison).
    """

    attacker: int
    defender: int

    def text(self) -> str:
        return f"dice {self.attacker} {self.defender}"


# --- set-up and phase 1 ----------------------------------------------------------


@attrs.frozen(slots=True)
class Crew(Action):
    """Crew the two starting galleys with ``first`` and ``second`` sailors (C-SETUP-4).

    The sailors left over garrison the capital.
    """

    first: int
    second: int

    def text(self) -> str:
        return f"crew {self.first} {self.second}"


@attrs.frozen(slots=True)
class Bid(Action):
    """Bid ``amount`` ducats for turn order, in secret (C-BID-2)."""

    amount: int

    def text(self) -> str:
        return f"bid {self.amount}"


@attrs.frozen(slots=True)
class TakePosition(Action):
    """Take position ``position`` (1 = first) in this round's turn order (C-BID-3)."""

    position: int

    def text(self) -> str:
        return f"position {self.position}"


# --- phase 2 ---------------------------------------------------------------------


@attrs.frozen(slots=True)
class Buy(Action):
    """Buy one piece at a neutral port or one's own, onto galley ``galley`` (C-BUY-3)."""

    galley: int
    port: str

    def text(self) -> str:
        return f"buy {self.galley} {self.port}"


@attrs.frozen(slots=True)
class Ask(Action):
    """Ask the owner of ``port`` for a price for ``quantity`` pieces (C-BUY-4, C-BUY-6)."""

    port: str
    quantity: int

    def text(self) -> str:
        return f"ask {self.port} {self.quantity}"


@attrs.frozen(slots=True)
class TradeBuy(Action):
    """Ask to buy one ``good`` from another player's galley onto one's own (C-TRADE-1).

    Attributes:
        galley: The other player's galley.
        good: The good wanted.
        into: One's own galley in the same sea area.
    """

    galley: int
    good: str
    into: int

    def text(self) -> str:
        return f"buy-from {self.galley} {self.good} {self.into}"


@attrs.frozen(slots=True)
class TradeSell(Action):
    """Offer one ``good`` from one's own galley to another player's galley at ``price`` (C-TRADE-1).

    Attributes:
        galley: One's own galley.
        good: The good offered.
        to: The other player's galley in the same sea area.
        price: The price asked.
    """

    galley: int
    good: str
    to: int
    price: int

    def text(self) -> str:
        return f"sell-to {self.galley} {self.good} {self.to} {self.price}"


@attrs.frozen(slots=True)
class Barter(Action):
    """Offer ``good`` from one's galley for ``wanted`` from another player's (X-C-41, option).

    Attributes:
        galley: One's own galley.
        good: The good given.
        other: The other player's galley in the same sea area.
        wanted: The good asked in exchange.
    """

    galley: int
    good: str
    other: int
    wanted: str

    def text(self) -> str:
        return f"barter {self.galley} {self.good} {self.other} {self.wanted}"


@attrs.frozen(slots=True)
class Offer(Action):
    """The seller names a price per piece (C-BUY-6, step 1)."""

    price: int

    def text(self) -> str:
        return f"offer {self.price}"


@attrs.frozen(slots=True)
class Counter(Action):
    """The buyer makes his one counter-offer, per piece (C-BUY-6, step 2)."""

    price: int

    def text(self) -> str:
        return f"counter {self.price}"


@attrs.frozen(slots=True)
class Accept(Action):
    """Accept the price on the table (C-BUY-6)."""

    def text(self) -> str:
        return "accept"


@attrs.frozen(slots=True)
class Refuse(Action):
    """Refuse: a counter-offer, a trade, or passage through an area (C-BUY-6, C-MOVE-5)."""

    def text(self) -> str:
        return "refuse"


@attrs.frozen(slots=True)
class Decline(Action):
    """The buyer walks away from the deal (C-BUY-6, step 4)."""

    def text(self) -> str:
        return "decline"


@attrs.frozen(slots=True)
class BuildGalley(Action):
    """Build a galley at ``port``, crewed by a sailor hired there or taken from its garrison.

    (C-BUILD-1, C-BUILD-3, C-BUILD-5.) ``crew`` is ``"hire"`` or ``"garrison"``.
    """

    port: str
    crew: str

    def text(self) -> str:
        return f"build-galley {self.port} {self.crew}"


@attrs.frozen(slots=True)
class BuildFort(Action):
    """Build a fortress at ``port`` (C-BUILD-1, C-BUILD-4)."""

    port: str

    def text(self) -> str:
        return f"build-fort {self.port}"


@attrs.frozen(slots=True)
class Hire(Action):
    """Hire one sailor at ``port``, into its garrison or onto galley ``galley`` (C-HIRE).

    Attributes:
        port: A port one controls.
        galley: A galley of one's own in the port's sea area, or 0 for the garrison.
    """

    port: str
    galley: int = 0

    def text(self) -> str:
        return f"hire {self.port}" + (f" {self.galley}" if self.galley else "")


@attrs.frozen(slots=True)
class ShiftSailor(Action):
    """Move one sailor within a sea area (C-ORG-1).

    Each end is a galley number or the identifier of one's own port. Taking a
    galley's last sailor sinks it (C-ORG-3).
    """

    source: str
    target: str

    def text(self) -> str:
        return f"sailor {self.source}>{self.target}"


@attrs.frozen(slots=True)
class ShiftGood(Action):
    """Move one ``good`` from galley ``source`` to galley ``target`` (C-ORG-1, C-BAT-8)."""

    good: str
    source: int
    target: int

    def text(self) -> str:
        return f"cargo {self.good} {self.source}>{self.target}"


@attrs.frozen(slots=True)
class DiscardGood(Action):
    """Throw one ``good`` from galley ``galley`` back in the box (C-DISC-1)."""

    galley: int
    good: str

    def text(self) -> str:
        return f"discard {self.galley} {self.good}"


@attrs.frozen(slots=True)
class DiscardSailor(Action):
    """Send one sailor of galley ``galley`` back to the box, at a port not one's own (C-DISC-2)."""

    galley: int

    def text(self) -> str:
        return f"dismiss {self.galley}"


@attrs.frozen(slots=True)
class Done(Action):
    """End one's turn in the current phase."""

    def text(self) -> str:
        return "done"


DONE = Done()
"""The one :class:`Done` the legal-action generators hand out."""


# --- phase 3 ---------------------------------------------------------------------


@attrs.frozen(slots=True)
class Move(Action):
    """Move galley ``galley`` one sea area, to ``area`` (C-MOVE-1)."""

    galley: int
    area: str

    def text(self) -> str:
        return f"move {self.galley} {self.area}"


@attrs.frozen(slots=True)
class Request(Action):
    """Ask the players whose galleys share the area for passage through it (C-MOVE-3)."""

    galley: int

    def text(self) -> str:
        return f"request {self.galley}"


@attrs.frozen(slots=True)
class Grant(Action):
    """Let the moving galley pass (C-MOVE-4)."""

    def text(self) -> str:
        return "grant"


# --- phase 4 ---------------------------------------------------------------------


@attrs.frozen(slots=True)
class Attack(Action):
    """Attack galley ``target`` with galley ``galley`` in the same sea area (C-BAT-2)."""

    galley: int
    target: int

    def text(self) -> str:
        return f"attack {self.galley} {self.target}"


@attrs.frozen(slots=True)
class Assault(Action):
    """Attack another player's port ``port`` with galley ``galley`` (C-PATK-1)."""

    galley: int
    port: str

    def text(self) -> str:
        return f"assault {self.galley} {self.port}"


@attrs.frozen(slots=True)
class Capture(Action):
    """Take the beaten galley, moving ``sailors`` onto it from the winning galley (C-BAT-7)."""

    sailors: int

    def text(self) -> str:
        return f"capture {self.sailors}"


@attrs.frozen(slots=True)
class Sink(Action):
    """Sink the beaten galley with whatever cargo is left on it (C-BAT-6)."""

    def text(self) -> str:
        return "sink"


# --- phases 5 and 6 --------------------------------------------------------------


@attrs.frozen(slots=True)
class Land(Action):
    """Land one sailor of galley ``galley`` on ``port`` (C-LAND-1)."""

    galley: int
    port: str

    def text(self) -> str:
        return f"land {self.galley} {self.port}"


@attrs.frozen(slots=True)
class Sell(Action):
    """Sell one ``good`` from galley ``galley`` to ``port`` (C-SALE)."""

    galley: int
    good: str
    port: str

    def text(self) -> str:
        return f"sell {self.galley} {self.good} {self.port}"


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


# --- parsing ---------------------------------------------------------------------


def _int(text: str, word: str, what: str) -> int:
    if not word.isdigit():
        raise ActionParseError(text, f"expected {what} as a whole number, got {word!r}")
    return int(word)


def _pair(text: str, word: str) -> tuple[str, str]:
    source, sep, target = word.partition(">")
    if not sep or not source or not target:
        raise ActionParseError(text, f"expected SOURCE>TARGET, got {word!r}")
    return source, target


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
    "sailor": (1, lambda t, a: ShiftSailor(*_pair(t, a[0]))),
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
