"""The game context: the board, the numbers and the tables built from them once per ruleset.

Everything here is read-only after construction and shared by every state of
every game of a ruleset (the engine caches one context per ruleset). Besides
the board and the parameters it holds look-up tables that spare the hot paths
work each decision repeats: the actions a phase can offer (an action is an
immutable value, so one object serves every game), the ports of each sea area,
the room left on a galley for each crew and cargo, the fresh activation of
each galley in each area, and the outcomes of battle dice for each number of
dice. A look-up that the ruleset's numbers did not foresee builds its value.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, get_args

from serenissima.engine.core import Action
from serenissima.engine.flow import FlowVocabulary, shipped_flow
from serenissima.engine.flow_table import CompiledFlow
from serenissima.engine.pieces import binomial_outcomes, galley_room
from serenissima.engine.rule_index import rule

from .actions import (
    ACTION_TYPES,
    Attack,
    AttackPort,
    BuildBasilica,
    BuildFort,
    BuyGalley,
    Claim,
    Crew,
    Dice,
    Done,
    End,
    Jettison,
    LoadGood,
    Move,
    PickGalley,
    PickPort,
    Recruit,
    Sell,
    ShiftGood,
    ShiftSailor,
    Take,
)
from .state import Activation, Galley, ModernState, Phase, Port

if TYPE_CHECKING:
    from serenissima.engine.board import Board
    from serenissima.engine.ruleset import Ruleset

    from .params import ModernParams

__all__ = ["DONE", "END", "FLOW_VOCABULARY", "Ctx", "Outcomes", "blockaders", "owned_ports"]

FLOW_VOCABULARY = FlowVocabulary(
    "serenissima_rulesets.modern",
    {phase.__name__: phase for phase in get_args(Phase)},
    {action.__name__: action for action in ACTION_TYPES},
    sequences=("action", "investment", "end"),
    entered=("action", "investment", "end"),
)
"""What the modern ``flow.toml`` may name: its phases, actions and sequences (M-TURN, M-END)."""

Outcomes = tuple[tuple[Action, Fraction], ...]
"""A chance node's outcomes with their probabilities."""

DONE = Done()
"""The one ``done`` action every list shares."""

END = End()
"""The one ``end`` action every list shares."""

Shift = tuple[ShiftSailor, str]
"""A sailor transfer and the flow that forbids it (its reverse, made earlier in the step)."""

CubeShift = tuple[dict[str, ShiftGood], str]
"""The cube transfers between two galleys, by good, and the flow that forbids them."""


@rule("M-BLOCK-1")
def blockaders(galleys: tuple[Galley, ...], galley: Galley) -> tuple[int, ...]:
    """Seats that may blockade ``galley`` where it is, in priority order (M-BLOCK-1/4)."""
    area, owner = galley.area, galley.owner
    strength: dict[int, int] = {}
    lowest: dict[int, int] = {}
    for other in galleys:
        if other.area == area and other.owner != owner:
            strength[other.owner] = strength.get(other.owner, 0) + other.sailors
            lowest[other.owner] = min(lowest.get(other.owner, other.number), other.number)
    if not strength:
        return ()
    eligible = [seat for seat, n in strength.items() if n > galley.sailors]
    eligible.sort(key=lambda seat: (-strength[seat], lowest[seat]))  # X-M-07
    return tuple(eligible)


class Ctx:
    """Everything the logic reads besides the state: board, numbers, indexes and tables."""

    __slots__ = (
        "area_ports",
        "attack_ports",
        "attacks",
        "basilicas",
        "board",
        "buys",
        "card_index",
        "claims",
        "crews",
        "cube_shifts",
        "dice",
        "flow",
        "forts",
        "fresh",
        "good_index",
        "hit",
        "jettisons",
        "loads",
        "moves",
        "params",
        "pick_galleys",
        "pick_ports",
        "port_good_index",
        "port_goods",
        "recruits",
        "room_table",
        "rules",
        "sailor_shifts",
        "sells",
        "sizes",
        "space_values",
        "takes",
    )

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.board: Board = rules.board
        self.params: ModernParams = rules.params
        # a ruleset built by hand, without a flow, plays the edition's own
        flow = rules.flow or shipped_flow(FLOW_VOCABULARY.package)
        assert flow is not None
        self.flow: CompiledFlow[ModernState] = CompiledFlow(flow, FLOW_VOCABULARY)
        board, params = self.board, self.params
        self.good_index = {g.id: i for i, g in enumerate(params.goods)}
        self.card_index = {c.id: i for i, c in enumerate(params.doge_cards)}
        self.sizes = tuple(p.warehouse for p in board.ports)
        first = params.sale.first_space_value
        self.space_values = tuple(tuple(first + i for i in range(p.warehouse)) for p in board.ports)
        dice = params.dice
        self.hit = Fraction(dice.faces.count(dice.hit), len(dice.faces))
        self.port_goods = tuple(p.good for p in board.ports)
        self.port_good_index = tuple(self.good_index[p.good] for p in board.ports)
        self.area_ports = {area: board.ports_in(area) for area in board.areas}
        self._actions()
        self._transfers()
        self._tables()

    def _actions(self) -> None:
        board, goods = self.board, [g.id for g in self.params.goods]
        numbers = range(1, self.params.components.galleys + 1)
        self.moves = {
            area: (DONE, *(Move(there) for there in board.neighbours(area))) for area in board.areas
        }
        ids = [p.id for p in board.ports]
        self.loads = tuple(LoadGood(port) for port in ids)
        self.claims = tuple(
            tuple(Claim(p.id, n) for n in range(1, p.warehouse + 1)) for p in board.ports
        )
        self.attack_ports = tuple(AttackPort(port) for port in ids)
        self.recruits = tuple(Recruit(port) for port in ids)
        self.forts = tuple(BuildFort(port) for port in ids)
        self.basilicas = tuple(BuildBasilica(port) for port in ids)
        self.sells = tuple({good: Sell(good, port) for good in goods} for port in ids)
        self.attacks = {n: Attack(n) for n in numbers}
        self.crews = {n: Crew(n) for n in numbers}
        self.buys = {n: tuple(BuyGalley(n, port) for port in ids) for n in numbers}
        self.jettisons = {good: Jettison(good) for good in goods}
        self.takes = {good: Take(good) for good in goods}
        self.pick_galleys = {n: PickGalley(n) for n in numbers}
        self.pick_ports = tuple(PickPort(port) for port in ids)
        # a new activation of galley n in each area, as next_activation makes it (M-TURN-2)
        self.fresh = {(n, area): Activation(n, area) for n in numbers for area in board.areas}

    def _transfers(self) -> None:
        goods = [g.id for g in self.params.goods]
        numbers = range(1, self.params.components.galleys + 1)
        tokens = [p.id for p in self.board.ports] + [str(n) for n in numbers]
        self.sailor_shifts: dict[tuple[str, str], Shift] = {
            (a, b): (ShiftSailor(a, b), f"s:{b}>{a}")
            for a in tokens
            for b in tokens
            if a != b and (a.isdigit() or b.isdigit())
        }
        self.cube_shifts: dict[tuple[int, int], CubeShift] = {
            (a, b): ({good: ShiftGood(good, a, b) for good in goods}, f"g:{b}>{a}")
            for a in numbers
            for b in numbers
            if a != b
        }

    def _tables(self) -> None:
        spec = self.params.galley
        self.room_table = {
            shared: {
                (sailors, goods): galley_room(
                    sailors,
                    goods,
                    spaces=spec.spaces,
                    max_sailors=spec.max_sailors,
                    max_goods=spec.max_goods,
                    shared=shared,
                )
                for sailors in range(spec.spaces + 1)
                for goods in range(max(spec.spaces, spec.max_goods) + 1)
            }
            for shared in (False, True)
        }
        most = max((spec.max_sailors, *self.sizes))
        self.dice: dict[tuple[int, int], Outcomes] = {
            (a, d): self._dice_outcomes(a, d) for a in range(most + 1) for d in range(most + 1)
        }

    def _dice_outcomes(self, attacker: int, defender: int) -> Outcomes:
        hits_a = binomial_outcomes(attacker, self.hit)
        hits_d = binomial_outcomes(defender, self.hit)
        return tuple((Dice(a, d), pa * pd) for a, pa in hits_a for d, pd in hits_d)

    # --- tables with a fallback for what the ruleset's numbers do not foresee --------

    @rule("M-BAT-3")
    def dice_outcomes(self, attacker: int, defender: int) -> Outcomes:
        """M-BAT-3: both sides roll at once; the outcomes of one round."""
        outcomes = self.dice.get((attacker, defender))
        return self._dice_outcomes(attacker, defender) if outcomes is None else outcomes

    def sailor_shift(self, source: str, target: str) -> Shift:
        """The transfer of a sailor from ``source`` to ``target``, and the flow forbidding it."""
        shift = self.sailor_shifts.get((source, target))
        return (ShiftSailor(source, target), f"s:{target}>{source}") if shift is None else shift

    def cube_shift(self, source: int, target: int) -> CubeShift:
        """The cube transfers from galley ``source`` to ``target``, and the flow forbidding them."""
        shift = self.cube_shifts.get((source, target))
        if shift is None:
            goods = [g.id for g in self.params.goods]
            return {g: ShiftGood(g, source, target) for g in goods}, f"g:{target}>{source}"
        return shift

    def activation(self, number: int, area: str) -> Activation:
        """A new activation of galley ``number``, starting in ``area``."""
        return self.fresh.get((number, area)) or Activation(number, area)

    def attack(self, number: int) -> Attack:
        """The attack on galley ``number``."""
        return self.attacks.get(number) or Attack(number)

    def crew(self, number: int) -> Crew:
        """A recruit for galley ``number``."""
        return self.crews.get(number) or Crew(number)

    def buy(self, number: int) -> tuple[BuyGalley, ...]:
        """The purchase of galley ``number`` at each port, in board order."""
        buys = self.buys.get(number)
        return tuple(BuyGalley(number, p.id) for p in self.board.ports) if buys is None else buys

    # --- galleys -------------------------------------------------------

    def room(self, state: ModernState, galley: Galley) -> tuple[bool, bool]:
        """Whether ``galley`` can take one more sailor, and one more cube (M-GAL-1..3)."""
        shared = state.options.galley_capacity == "shared5"
        room = self.room_table[shared].get((galley.sailors, len(galley.cargo)))
        if room is None:
            spec = self.params.galley
            return galley_room(
                galley.sailors,
                len(galley.cargo),
                spaces=spec.spaces,
                max_sailors=spec.max_sailors,
                max_goods=spec.max_goods,
                shared=shared,
            )
        return room

    def free_cargo(self, state: ModernState, galley: Galley) -> int:
        """How many more cubes ``galley`` can take."""
        spec = self.params.galley
        free = spec.max_goods - len(galley.cargo)
        if state.options.galley_capacity == "shared5":
            free = min(free, spec.spaces - galley.sailors - len(galley.cargo))
        return max(0, free)

    def owned_galleys(self, state: ModernState, seat: int) -> int:
        """How many galleys ``seat`` has in play."""
        return sum(1 for g in state.galleys if g.owner == seat)

    def owned_ports(self, state: ModernState, seat: int) -> int:
        """How many ports ``seat`` holds (its Port cards)."""
        return owned_ports(state.ports, seat)

    def port(self, state: ModernState, port_id: str) -> Port:
        """The pieces on port ``port_id``."""
        return state.ports[self.board.port_index(port_id)]

    def own_port_in(self, state: ModernState, area: str, seat: int) -> bool:
        """Whether ``seat`` holds a port that opens onto ``area``."""
        ports = state.ports
        return any(ports[i].owner == seat for i in self.area_ports[area])

    def active(self, state: ModernState) -> Galley:
        """The active galley (only during an activation)."""
        assert state.act is not None
        galley = state.galley(state.act.galley)
        assert galley is not None
        return galley


def owned_ports(ports: tuple[Port, ...], seat: int) -> int:
    """How many of ``ports`` ``seat`` holds."""
    return sum(1 for p in ports if p.owner == seat)
