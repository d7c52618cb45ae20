"""The modern edition's action and chance-outcome index spaces.

See :mod:`serenissima.engine.spaces` for how a space is laid out.

Every field of a modern action takes its values from the ruleset's data:
galleys are named by their printed numbers (M-COMP-1), the places a sailor
moves between are the board's ports and then the galleys' numbers as text,
the sailors claiming a port are at most its warehouse size (M-PORT-2), and
the hits of a battle at most the sailors one side can hold (a galley's
spaces, M-GAL-1, or a port's warehouse, M-PORT-2). No amount of ducats is
chosen in the modern edition, and no decision is split into steps.
"""

from __future__ import annotations

from serenissima.engine.spaces import Amounts, Family, Values

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
from .context import Ctx
from .endturn.actions import DogeOutcome
from .investment.actions import BuildBasilica, BuildFort, BuyGalley, Crew, Recruit
from .setup.actions import CloseOutcome, FirstOutcome, PickGalley, PickPort
from .state import ModernState
from .wheel.actions import ChooseAction, ChooseInvestment

__all__ = ["index_families"]


def index_families(ctx: Ctx, state: ModernState) -> tuple[tuple[Family, ...], tuple[Family, ...]]:
    """The families of the action and outcome spaces of ``state``'s game."""
    params, board = ctx.params, ctx.board
    port_ids = tuple(p.id for p in board.ports)
    ports = Values("ports", port_ids)
    areas = Values("sea areas", tuple(board.areas))
    goods = Values("goods", tuple(g.id for g in params.goods))
    numbers = tuple(range(1, params.components.galleys + 1))
    galleys = Values("galley numbers", numbers)
    places = Values("ports and galley numbers", port_ids + tuple(str(n) for n in numbers))
    largest = max(p.warehouse for p in board.ports)
    spec = params.galley
    hits = Amounts("hits", 0, max(spec.spaces, spec.max_sailors, largest))
    actions = (
        Family(PickGalley, (("galley", galleys),)),
        Family(PickPort, (("port", ports),)),
        Family(ChooseAction),
        Family(ChooseInvestment),
        Family(Done),
        Family(ShiftSailor, (("source", places), ("target", places))),
        Family(LoadGood, (("port", ports),)),
        Family(ShiftGood, (("good", goods), ("source", galleys), ("target", galleys))),
        Family(Jettison, (("good", goods),)),
        Family(Move, (("area", areas),)),
        Family(Blockade),
        Family(Pass),
        Family(Sell, (("good", goods), ("port", ports))),
        Family(Attack, (("galley", galleys),)),
        Family(AttackPort, (("port", ports),)),
        Family(Claim, (("port", ports), ("sailors", Amounts("sailors", 1, largest)))),
        Family(Continue),
        Family(Stop),
        Family(Take, (("good", goods),)),
        Family(End),
        Family(Recruit, (("port", ports),)),
        Family(Crew, (("galley", galleys),)),
        Family(BuyGalley, (("galley", galleys), ("port", ports))),
        Family(BuildFort, (("port", ports),)),
        Family(BuildBasilica, (("port", ports),)),
    )
    outcomes = (
        Family(CloseOutcome, (("port", ports),)),
        Family(FirstOutcome, (("seat", Amounts("seats", 0, state.players - 1)),)),
        Family(Dice, (("attacker", hits), ("defender", hits))),
        Family(VolleyOutcome, (("hits", Amounts("hits", 0, params.fort.volley_dice)),)),
        Family(
            DogeOutcome, (("card", Values("Doge cards", tuple(c.id for c in params.doge_cards))),)
        ),
    )
    return actions, outcomes
