"""The actions of the modern edition, all in one place, and their text forms.

Every action has a short text form, like chess's UCI: ``move algiers``,
``sailor 6>4``, ``sell wood algiers``, given by its ``text()``;
:func:`~serenissima_rulesets.modern.notation.parse` reads it back.
Galleys are written by number and ports and areas by identifier.

Each stage defines its own actions beside its handlers: the set-up in
:mod:`.setup.actions`, the Doge wheel's choice in :mod:`.wheel.actions`, an
Action's steps in :mod:`.action.actions`, an Investment in
:mod:`.investment.actions`, the Doge card in :mod:`.endturn.actions`; ``done``
and ``end``, which several stages share, are in :mod:`.common`. This module
names them all, with :data:`ACTION_TYPES`.
"""

from __future__ import annotations

from serenissima.engine.core import Action

from .action.actions import (
    Attack,
    AttackPort,
    Blockade,
    Claim,
    Continue,
    Dice,
    Jettison,
    LoadGood,
    Move,
    Pass,
    Sell,
    ShiftGood,
    ShiftSailor,
    Stop,
    Take,
    VolleyOutcome,
)
from .common import Done, End
from .endturn.actions import DogeOutcome
from .investment.actions import BuildBasilica, BuildFort, BuyGalley, Crew, Recruit
from .setup.actions import CloseOutcome, FirstOutcome, PickGalley, PickPort
from .wheel.actions import ChooseAction, ChooseInvestment

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
