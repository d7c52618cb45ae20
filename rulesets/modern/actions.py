"""The actions of the modern edition and their text forms.

Every action has a short text form, like chess's UCI: ``move algiers``,
``sailor 6>4``, ``sell wood algiers``, given by its ``text()``;
:func:`~serenissima_rulesets.modern.notation.parse` reads it back.
Galleys are written by number and ports and areas by identifier.
"""

from __future__ import annotations

import attrs

from serenissima.engine.core import Action

__all__ = [
    "ACTION_TYPES",
    "Attack",
    "AttackPort",
    "Blockade",
    "BuildBasilica",
    "BuildFort",
    "BuyGalley",
    "ChooseAction",
    "ChooseInvestment",
    "Claim",
    "CloseOutcome",
    "Continue",
    "Crew",
    "Dice",
    "DogeOutcome",
    "Done",
    "End",
    "FirstOutcome",
    "Jettison",
    "LoadGood",
    "Move",
    "Pass",
    "PickGalley",
    "PickPort",
    "Recruit",
    "Sell",
    "ShiftGood",
    "ShiftSailor",
    "Stop",
    "Take",
    "VolleyOutcome",
]


# --- chance outcomes -------------------------------------------------------


@attrs.frozen(slots=True)
class CloseOutcome(Action):
    """Chance: ``port`` is closed for the game (M-SETUP-7)."""

    port: str

    def text(self) -> str:
        return f"close {self.port}"


@attrs.frozen(slots=True)
class FirstOutcome(Action):
    """Chance: ``seat`` is the first player (M-SETUP-5)."""

    seat: int

    def text(self) -> str:
        return f"first {self.seat}"


@attrs.frozen(slots=True)
class Dice(Action):
    """Chance: one battle round; the skulls each side rolled (M-BAT-3).

    Attributes:
        attacker: Skulls rolled by the attacker (sailors killed on the defender).
        defender: Skulls rolled by the defender (sailors killed on the attacker).
    """

    attacker: int
    defender: int

    def text(self) -> str:
        return f"dice {self.attacker} {self.defender}"


@attrs.frozen(slots=True)
class VolleyOutcome(Action):
    """Chance: skulls rolled by a fort's volley (M-CONQ-4)."""

    hits: int

    def text(self) -> str:
        return f"volley {self.hits}"


@attrs.frozen(slots=True)
class DogeOutcome(Action):
    """Chance: the Doge card drawn (M-END-1)."""

    card: str

    def text(self) -> str:
        return f"doge {self.card}"


# --- set-up ----------------------------------------------------------------


@attrs.frozen(slots=True)
class PickGalley(Action):
    """Take galley ``galley`` at set-up (M-SETUP-9..11)."""

    galley: int

    def text(self) -> str:
        return f"galley {self.galley}"


@attrs.frozen(slots=True)
class PickPort(Action):
    """Take ``port`` as the starting port (M-SETUP-9)."""

    port: str

    def text(self) -> str:
        return f"start {self.port}"


# --- activation ------------------------------------------------------------


@attrs.frozen(slots=True)
class ChooseAction(Action):
    """Use the active galley: loading, movement, sale or battle (M-ACT)."""

    def text(self) -> str:
        return "action"


@attrs.frozen(slots=True)
class ChooseInvestment(Action):
    """Leave the active galley idle and invest instead (M-INV)."""

    def text(self) -> str:
        return "invest"


@attrs.frozen(slots=True)
class Done(Action):
    """Finish the current step (loading, movement, spoils, investment)."""

    def text(self) -> str:
        return "done"


@attrs.frozen(slots=True)
class ShiftSailor(Action):
    """Move one sailor (M-LOAD-2/3).

    Attributes:
        source: A galley number or a port identifier, as text.
        target: A galley number or a port identifier, as text.
    """

    source: str
    target: str

    def text(self) -> str:
        return f"sailor {self.source}>{self.target}"


@attrs.frozen(slots=True)
class LoadGood(Action):
    """Load one cube of the good ``port`` produces onto the active galley (M-LOAD-5..8)."""

    port: str

    def text(self) -> str:
        return f"load {self.port}"


@attrs.frozen(slots=True)
class ShiftGood(Action):
    """Move one cube of ``good`` between two galleys (M-LOAD-9)."""

    good: str
    source: int
    target: int

    def text(self) -> str:
        return f"cube {self.good} {self.source}>{self.target}"


@attrs.frozen(slots=True)
class Jettison(Action):
    """Throw one cube of ``good`` overboard from the active galley (M-LOAD-10)."""

    good: str

    def text(self) -> str:
        return f"jettison {self.good}"


@attrs.frozen(slots=True)
class Move(Action):
    """Move the active galley one space, to ``area`` (M-MOVE-1)."""

    area: str

    def text(self) -> str:
        return f"move {self.area}"


@attrs.frozen(slots=True)
class Blockade(Action):
    """Declare a blockade against the active galley (M-BLOCK)."""

    def text(self) -> str:
        return "blockade"


@attrs.frozen(slots=True)
class Pass(Action):
    """Decline to blockade (M-BLOCK-4)."""

    def text(self) -> str:
        return "pass"


@attrs.frozen(slots=True)
class Sell(Action):
    """Sell one cube of ``good`` to ``port`` (M-SALE)."""

    good: str
    port: str

    def text(self) -> str:
        return f"sell {self.good} {self.port}"


@attrs.frozen(slots=True)
class Attack(Action):
    """Battle another player's galley ``galley`` (M-BAT)."""

    galley: int

    def text(self) -> str:
        return f"attack {self.galley}"


@attrs.frozen(slots=True)
class AttackPort(Action):
    """Battle another player's port ``port`` (M-CONQ-3..7)."""

    port: str

    def text(self) -> str:
        return f"attack {self.port}"


@attrs.frozen(slots=True)
class Claim(Action):
    """Unload ``sailors`` sailors from the active galley into ``port`` (M-CONQ-1/6)."""

    port: str
    sailors: int

    def text(self) -> str:
        return f"claim {self.port} {self.sailors}"


@attrs.frozen(slots=True)
class Continue(Action):
    """Fight another round (M-BAT-5)."""

    def text(self) -> str:
        return "continue"


@attrs.frozen(slots=True)
class Stop(Action):
    """Stop the battle; the activation ends (M-BAT-4)."""

    def text(self) -> str:
        return "stop"


@attrs.frozen(slots=True)
class Take(Action):
    """Take one cube of ``good`` from a sunken galley (M-BAT-8)."""

    good: str

    def text(self) -> str:
        return f"take {self.good}"


@attrs.frozen(slots=True)
class End(Action):
    """End the activation (M-ACT-1: every step is optional)."""

    def text(self) -> str:
        return "end"


@attrs.frozen(slots=True)
class Recruit(Action):
    """Recruit one sailor into ``port`` (M-INV-2)."""

    port: str

    def text(self) -> str:
        return f"recruit {self.port}"


@attrs.frozen(slots=True)
class Crew(Action):
    """Recruit one sailor onto galley ``galley``, in the space of an own port (M-INV-2)."""

    galley: int

    def text(self) -> str:
        return f"crew {self.galley}"


@attrs.frozen(slots=True)
class BuyGalley(Action):
    """Buy galley ``galley`` at ``port``, crewed with one recruited sailor (M-INV-3, X-M-22)."""

    galley: int
    port: str

    def text(self) -> str:
        return f"buy {self.galley} {self.port}"


@attrs.frozen(slots=True)
class BuildFort(Action):
    """Build a fort in ``port`` (M-INV-4)."""

    port: str

    def text(self) -> str:
        return f"fort {self.port}"


@attrs.frozen(slots=True)
class BuildBasilica(Action):
    """Build a basilica in ``port`` (M-INV-5)."""

    port: str

    def text(self) -> str:
        return f"basilica {self.port}"


ACTION_TYPES: tuple[type[Action], ...] = (
    CloseOutcome,
    FirstOutcome,
    Dice,
    VolleyOutcome,
    DogeOutcome,
    PickGalley,
    PickPort,
    ChooseAction,
    ChooseInvestment,
    Done,
    ShiftSailor,
    LoadGood,
    ShiftGood,
    Jettison,
    Move,
    Blockade,
    Pass,
    Sell,
    Attack,
    AttackPort,
    Claim,
    Continue,
    Stop,
    Take,
    End,
    Recruit,
    Crew,
    BuyGalley,
    BuildFort,
    BuildBasilica,
)
"""Every action class of the edition."""
