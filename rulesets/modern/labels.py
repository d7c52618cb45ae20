"""Modern actions in plain English, for people: :func:`label`.

An action's text form (``sailor 6>4``, ``sell wood algiers``) is short and
exact, for typing and for records; its label says the same in words
("Move 1 sailor from galley 6 to galley 4", "Sell 1 wood from galley 3 to
Algiers"), with
the board's names of ports and sea areas and the number of the active galley.
Every action kind has one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from serenissima.engine.core import Action
from serenissima.engine.ruleset import Ruleset

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
from .state import ModernState
from .wheel.actions import ChooseAction, ChooseInvestment

__all__ = ["label"]


class _Words:
    """The names a label uses: ports, sea areas, Doge cards, the active galley."""

    def __init__(self, rules: Ruleset, state: ModernState) -> None:
        self.rules = rules
        self.galley = f"galley {state.act.galley}" if state.act else "the active galley"

    def name(self, place: str) -> str:
        return self.rules.board.name(place)

    def end(self, end: str) -> str:
        """One end of a sailor's move: a galley's number or a port."""
        return f"galley {end}" if end.isdigit() else self.name(end)

    def good(self, port: str) -> str:
        board = self.rules.board
        return board.port(port).good if board.has_port(port) else "goods"

    def card(self, card: str) -> str:
        for spec in self.rules.params.doge_cards:
            if spec.id == card:
                return str(spec.name)
        return card


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


_WORDS: dict[type[Action], Callable[[_Words, Any], str]] = {
    CloseOutcome: lambda w, a: f"{w.name(a.port)} is closed for the game",
    FirstOutcome: lambda w, a: f"Seat {a.seat} plays first",
    PickGalley: lambda w, a: f"Take galley {a.galley}",
    PickPort: lambda w, a: f"Start at {w.name(a.port)}",
    ChooseAction: lambda w, a: f"Use {w.galley}: load, sail, sell or fight",
    ChooseInvestment: lambda w, a: f"Leave {w.galley} idle and invest instead",
    ShiftSailor: lambda w, a: f"Move 1 sailor from {w.end(a.source)} to {w.end(a.target)}",
    LoadGood: lambda w, a: f"Load 1 {w.good(a.port)} from {w.name(a.port)} onto {w.galley}",
    ShiftGood: lambda w, a: f"Move 1 {a.good} from galley {a.source} to galley {a.target}",
    Jettison: lambda w, a: f"Throw 1 {a.good} of {w.galley} overboard",
    Move: lambda w, a: f"Sail {w.galley} to {w.name(a.area)}",
    Blockade: lambda w, a: f"Blockade {w.galley}",
    Pass: lambda w, a: f"Let {w.galley} pass",
    Sell: lambda w, a: f"Sell 1 {a.good} from {w.galley} to {w.name(a.port)}",
    Attack: lambda w, a: f"Attack galley {a.galley} with {w.galley}",
    AttackPort: lambda w, a: f"Attack {w.name(a.port)} with {w.galley}",
    Claim: lambda w, a: f"Take {w.name(a.port)}, landing {_plural(a.sailors, 'sailor')} there",
    Continue: lambda w, a: "Fight another round",
    Stop: lambda w, a: "Stop the battle",
    Take: lambda w, a: f"Take 1 {a.good} from the sunken galley",
    Dice: lambda w, a: (
        f"The attacker rolls {_plural(a.attacker, 'skull')}, "
        f"the defender {_plural(a.defender, 'skull')}"
    ),
    VolleyOutcome: lambda w, a: f"The fort's volley rolls {_plural(a.hits, 'skull')}",
    Recruit: lambda w, a: f"Recruit 1 sailor into {w.name(a.port)}",
    Crew: lambda w, a: f"Recruit 1 sailor onto galley {a.galley}",
    BuyGalley: lambda w, a: f"Buy galley {a.galley} at {w.name(a.port)}, with 1 sailor",
    BuildFort: lambda w, a: f"Build a fort in {w.name(a.port)}",
    BuildBasilica: lambda w, a: f"Build a basilica in {w.name(a.port)}",
    DogeOutcome: lambda w, a: f"The Doge card drawn is {w.card(a.card)}",
    Done: lambda w, a: "Done: end this step",
    End: lambda w, a: f"End the activation of {w.galley}",
}


def label(rules: Ruleset, state: ModernState, action: Action) -> str:
    """Say ``action``, one of the legal actions of ``state``, in plain English.

    >>> import serenissima as ser
    >>> rules = ser.load_ruleset("modern")
    >>> state = rules.new_game(players=2)
    >>> label(rules, state, ShiftSailor("6", "4")), label(rules, state, Sell("wood", "algiers"))
    ('Move 1 sailor from galley 6 to galley 4', 'Sell 1 wood from the active galley to Algiers')
    """
    return _WORDS[type(action)](_Words(rules, state), action)
