"""Where in a modern game play is: the phase values, one class per stage.

The phase value a state holds says which decision comes next (set-up picks, the
choice of Action or Investment, a step of the action, a battle, the Doge card)
and what that stage remembers.
"""

from __future__ import annotations

import attrs

from serenissima.engine.values import slot_init

__all__ = [
    "Asking",
    "Choosing",
    "Drawing",
    "GameOver",
    "Investing",
    "Landing",
    "Loading",
    "Moving",
    "Phase",
    "PickingClosed",
    "PickingFirst",
    "PickingGalley",
    "PickingPort",
    "Plundering",
    "Pressing",
    "Rolling",
    "SpecialInvesting",
    "Trading",
    "Volley",
]


@slot_init
@attrs.frozen(slots=True)
class PickingClosed:
    """Chance: which port producing ``goods[0]`` is closed (M-SETUP-7)."""

    goods: tuple[str, ...]


@attrs.frozen(slots=True)
class PickingFirst:
    """Chance: who is the first player (M-SETUP-5)."""


@slot_init
@attrs.frozen(slots=True)
class PickingGalley:
    """Seat ``order[index]`` picks a galley number (M-SETUP-9..11)."""

    order: tuple[int, ...]
    index: int


@slot_init
@attrs.frozen(slots=True)
class PickingPort:
    """Seat ``order[index]`` picks its starting port for galley ``galley`` (M-SETUP-9)."""

    order: tuple[int, ...]
    index: int
    galley: int


@attrs.frozen(slots=True)
class Choosing:
    """The active player chooses Action or Investment (M-TURN-3)."""


@attrs.frozen(slots=True)
class Loading:
    """Step 1 of an Action: transfers, loading and jettison (M-LOAD)."""


@attrs.frozen(slots=True)
class Moving:
    """Step 2 of an Action: one space at a time (M-MOVE)."""


@slot_init
@attrs.frozen(slots=True)
class Asking:
    """Seat ``candidates[0]`` may blockade (M-BLOCK).

    Attributes:
        purpose: ``"move"``, ``"sale"`` or ``"claim"``.
        candidates: Eligible seats not yet asked, in priority order (M-BLOCK-4).
        good: The good to sell (sale).
        port: The port to sell to or claim.
        sailors: Sailors to unload (claim).
    """

    purpose: str
    candidates: tuple[int, ...]
    good: str = ""
    port: str = ""
    sailors: int = 0


@attrs.frozen(slots=True)
class Trading:
    """Step 3 of an Action: sale or battle (M-ACT-2)."""


@slot_init
@attrs.frozen(slots=True)
class Rolling:
    """Chance: one round of dice against galley ``galley`` or port ``port`` (M-BAT-3)."""

    galley: int = 0
    port: str = ""


@slot_init
@attrs.frozen(slots=True)
class Volley:
    """Chance: the fort of ``port`` fires before the port battle (M-CONQ-4)."""

    port: str


@slot_init
@attrs.frozen(slots=True)
class Pressing:
    """The attacker continues or stops the battle (M-BAT-4)."""

    galley: int = 0
    port: str = ""


@slot_init
@attrs.frozen(slots=True)
class Plundering:
    """Seat ``seat`` may take goods from a sunken galley onto galley ``galley`` (M-BAT-8).

    Attributes:
        seat: The survivor's owner.
        galley: The surviving galley.
        loot: Goods left from the sunken galley.
        then_end: Whether the activation ends afterwards (the attacker sank).
    """

    seat: int
    galley: int
    loot: tuple[str, ...]
    then_end: bool


@slot_init
@attrs.frozen(slots=True)
class Landing:
    """The attacker may unload sailors into the port he emptied (M-CONQ-6)."""

    port: str


@attrs.frozen(slots=True)
class Investing:
    """Investment: purchases for the active player's ports (M-INV)."""


@attrs.frozen(slots=True)
class Drawing:
    """Chance: the top Doge card (M-END-1)."""


@slot_init
@attrs.frozen(slots=True)
class SpecialInvesting:
    """Seat ``order[index]`` makes a special investment (M-END-7).

    Attributes:
        order: Seats owed a special investment, clockwise from the first player.
        index: Whose it is.
        bought: Galleys bought so far in it.
    """

    order: tuple[int, ...]
    index: int
    bought: int = 0


@attrs.frozen(slots=True)
class GameOver:
    """The game has ended (M-GAME-1)."""


Phase = (
    PickingClosed
    | PickingFirst
    | PickingGalley
    | PickingPort
    | Choosing
    | Loading
    | Moving
    | Asking
    | Trading
    | Rolling
    | Volley
    | Pressing
    | Plundering
    | Landing
    | Investing
    | Drawing
    | SpecialInvesting
    | GameOver
)
"""Every phase a modern game can be in."""
