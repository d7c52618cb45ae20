"""The actions of the set-up and phase 1 of a classic game, the battle dice, and done.

The starting crews (C-SETUP-4), the secret bids and the turn order (C-BID),
the chance outcomes of a die roll (tied bidders, C-BID-4) and of a battle
(C-BAT-3), and ``done``, which ends a seat's turn in phases 2 to 6. The
other actions are in :mod:`.actions_purchase` and :mod:`.actions_sea`;
:mod:`.actions` lists them all.
"""

from __future__ import annotations

import attrs

from serenissima.engine.core import Action

__all__ = ["DONE", "Bid", "Crew", "Dice", "DieRoll", "Done", "TakePosition", "only_done"]


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


@attrs.frozen(slots=True)
class Done(Action):
    """End one's turn in the current phase."""

    def text(self) -> str:
        return "done"


DONE = Done()
"""The one :class:`Done` the legal-action generators hand out."""


def only_done(actions: tuple[Action, ...]) -> bool:
    """Whether ``actions`` are ``done`` alone: a turn in which nothing else can be done.

    Cheaper than ``actions == (DONE,)``, which compares the first action with
    ``done`` also when there are several.

    >>> only_done((DONE,)), only_done((Bid(0), DONE)), only_done(())
    (True, False, False)
    """
    return len(actions) == 1 and (actions[0] is DONE or actions[0] == DONE)
