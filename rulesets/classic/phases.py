"""Where in a classic game play is: the phase values, one class per stage.

A round runs through six phases (C-ROUND-1). The phase value a state holds says
where in the round the game is and what that stage remembers, such as the
transfers made in a player's phase-2 turn or the galley that is moving.
"""

from __future__ import annotations

import attrs

from serenissima.engine.values import slot_init

__all__ = [
    "Bidding",
    "Choosing",
    "Crewing",
    "Deal",
    "Fighting",
    "Flow",
    "GameOver",
    "Landing",
    "Moving",
    "Negotiating",
    "Permission",
    "Phase",
    "Purchasing",
    "Rolling",
    "RollingOff",
    "Selling",
    "Spoils",
]

Flow = tuple[str, str, str]
"""A transfer made this turn: ``(kind, source, target)``, kind ``"sailor"`` or a good."""


# --- set-up and phase 1 ------------------------------------------------------


@attrs.frozen(slots=True)
class Crewing:
    """Seat ``seat`` splits its starting sailors between its galleys and capital (C-SETUP-4)."""

    seat: int


@attrs.frozen(slots=True)
class Bidding:
    """Secret bids for turn order (C-BID-2): the next seat without a bid bids."""


@slot_init
@attrs.frozen(slots=True)
class RollingOff:
    """Chance: a tied group rolls the die, one seat at a time (C-BID-4, C-BID-5, X-C-02).

    Attributes:
        groups: Groups still to be put in order, best first; ``groups[0]`` is rolling.
        rolls: The rolls made so far by ``groups[0][0]``, ``groups[0][1]``...
        ranked: Seats already in picking order.
    """

    groups: tuple[tuple[int, ...], ...]
    rolls: tuple[int, ...]
    ranked: tuple[int, ...]


@slot_init
@attrs.frozen(slots=True)
class Choosing:
    """Seat ``queue[0]`` picks a free position in the turn order (C-BID-3).

    Attributes:
        queue: Seats still to pick, in picking order.
        slots: The seat at each position (first, second...), ``None`` while free.
    """

    queue: tuple[int, ...]
    slots: tuple[int | None, ...]


# --- phase 2 -----------------------------------------------------------------


@slot_init
@attrs.frozen(slots=True)
class Purchasing:
    """Phase 2: seat ``order[index]`` buys, builds, hires, reorganises and trades (C-P2-1).

    Attributes:
        index: Position in the round's turn order of the seat on turn.
        flows: Transfers made this turn; none may be undone, even around a loop.
        talks: Negotiations held this turn, by key; each may happen once (X-C-21).
    """

    index: int
    flows: tuple[Flow, ...] = ()
    talks: tuple[str, ...] = ()


@attrs.frozen(slots=True)
class Deal:
    """A negotiation under way (C-BUY-6, C-TRADE-2).

    Attributes:
        kind: ``"port"`` (buying at another player's port), ``"trade"`` (goods
            for ducats between galleys) or ``"barter"`` (goods for goods).
        seller: The seat selling.
        buyer: The seat buying.
        good: The good sold.
        quantity: Pieces sold at the price per piece.
        stage: ``"offer"`` (the seller names a price), ``"answer"`` (the buyer
            accepts, counters or declines), ``"counter"`` (the seller accepts the
            counter-offer or refuses) or ``"last"`` (the buyer takes the
            original price or declines).
        port: The port sold from (``"port"`` deals).
        seller_galley: The galley the good leaves (trades).
        buyer_galley: The galley the good goes to (trades).
        offer: The seller's price per piece, once named.
        counter: The buyer's counter-offer per piece, once made.
        barter_good: The good the buyer gives in exchange (barter).
    """

    kind: str
    seller: int
    buyer: int
    good: str
    quantity: int
    stage: str
    port: str = ""
    seller_galley: int = 0
    buyer_galley: int = 0
    offer: int | None = None
    counter: int | None = None
    barter_good: str = ""


@attrs.frozen(slots=True)
class Negotiating:
    """A deal is being negotiated during a phase-2 turn.

    Attributes:
        turn: The phase-2 turn to return to.
        deal: The deal.
    """

    turn: Purchasing
    deal: Deal


# --- phase 3 -----------------------------------------------------------------


@slot_init
@attrs.frozen(slots=True)
class Moving:
    """Phase 3: seat ``order[index]`` moves its galleys one at a time (C-MOVE-1).

    Attributes:
        index: Position in the round's turn order of the seat on turn.
        done: Galleys that have finished moving this phase.
        galley: The galley moving now, if any.
        steps: Sea areas it has crossed.
        free: Whether it may leave its current area without asking: true in
            its starting area (C-MOVE-2), in an area with no other player's
            galley, or once passage was granted there (C-MOVE-4).
        refused: Galleys stopped by a refusal of passage this phase (C-MOVE-5).
    """

    index: int
    done: tuple[int, ...] = ()
    galley: int | None = None
    steps: int = 0
    free: bool = True
    refused: tuple[int, ...] = ()


@attrs.frozen(slots=True)
class Permission:
    """Seat ``askers[0]`` grants or refuses passage through an area (C-MOVE-3).

    Attributes:
        moving: The movement to return to.
        askers: Seats still to be asked, in turn order.
    """

    moving: Moving
    askers: tuple[int, ...]


# --- phase 4 -----------------------------------------------------------------


@attrs.frozen(slots=True)
class Fighting:
    """Phase 4: seat ``order[index]`` may attack galleys or ports (C-BAT-1, C-PATK-1)."""

    index: int


@attrs.frozen(slots=True)
class Rolling:
    """Chance: both sides of a battle roll the die (C-BAT-3, C-PATK-2).

    Attributes:
        index: The phase-4 turn to return to.
        galley: The attacking galley.
        target: The galley attacked, or 0 when a port is attacked.
        port: The port attacked, or ``""``.
    """

    index: int
    galley: int
    target: int = 0
    port: str = ""


@attrs.frozen(slots=True)
class Spoils:
    """The winner of a galley battle deals with the beaten galley (C-BAT-6..8).

    Attributes:
        index: The phase-4 turn to return to.
        winner: The winning galley; its owner decides.
        loser: The galley left without sailors.
        may_capture: Whether capturing is allowed (X-C-14 for a defender).
        flows: Goods moved between the two galleys so far.
        captured: Whether the beaten galley has been taken; goods may still
            be shared out between the two galleys until ``done``.
    """

    index: int
    winner: int
    loser: int
    may_capture: bool
    flows: tuple[Flow, ...] = ()
    captured: bool = False


# --- phases 5 and 6 ----------------------------------------------------------


@slot_init
@attrs.frozen(slots=True)
class Landing:
    """Phase 5: seat ``order[index]`` lands sailors on ports without a garrison (C-LAND-1).

    Attributes:
        index: Position in the round's turn order of the seat on turn.
        taken: Ports taken in this turn, where more sailors may land.
    """

    index: int
    taken: tuple[str, ...] = ()


@attrs.frozen(slots=True)
class Selling:
    """Phase 6: seat ``order[index]`` sells goods from its galleys (C-SALE-1)."""

    index: int


@attrs.frozen(slots=True)
class GameOver:
    """The last round is over (C-SCORE-1)."""


Phase = (
    Crewing
    | Bidding
    | RollingOff
    | Choosing
    | Purchasing
    | Negotiating
    | Moving
    | Permission
    | Fighting
    | Rolling
    | Spoils
    | Landing
    | Selling
    | GameOver
)
"""Every phase a classic game can be in."""
