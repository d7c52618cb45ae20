"""The game context: the board, the numbers and the tables built from them once per ruleset.

Everything here is read-only after construction and shared by every state of
every game of a ruleset (the engine caches one context per ruleset). Besides
the board and the parameters it holds look-up tables that spare the hot paths
work each decision repeats: the ports of each sea area, the room left on a
galley for each crew and cargo and the fresh activation of each galley in each
area. The actions a stage offers again and again (an action is an immutable
value, so one object serves every game) are tables of that stage's own
(``tables`` modules), kept here in :attr:`Ctx.tables` once built. A look-up
that the ruleset's numbers did not foresee builds its value.

Two small memories are the exception to "read-only", each a pure function of
the state it names, so a stale one is never used, only missed: the holdings
of the last tuple of ports asked for (:meth:`Ctx.holdings`), and the legal
actions a step worked out for the state it built (:attr:`Ctx.last_legal`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from serenissima.engine.core import Action
from serenissima.engine.flow import FlowVocabulary, shipped_flow
from serenissima.engine.flow_table import CompiledFlow
from serenissima.engine.pieces import galley_room
from serenissima.engine.rule_index import rule

from .state import Activation, Galley, ModernState, Port

if TYPE_CHECKING:
    from serenissima.engine.board import Board
    from serenissima.engine.ruleset import Ruleset

    from .params import ModernParams

__all__ = ["Ctx", "Holdings", "Outcomes", "blockaders", "owned_ports"]


Outcomes = tuple[tuple[Action, Fraction], ...]
"""A chance node's outcomes with their probabilities."""


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


class Holdings:
    """Who holds which ports of a tuple of ports, and the buildings on them, worked out once.

    States share their tuple of ports until a port changes (few steps change
    one), so :meth:`Ctx.holdings` keeps the holdings of the last tuple asked
    for and answers again without a look at the ports.

    Attributes:
        ports: The ports they are the holdings of.
        held: For each seat holding a port, the indexes of its ports, in board order.
        forts: Forts on the board.
        basilicas: Basilicas on the board.

    Example:
        >>> from serenissima_rulesets.modern.state import Port
        >>> holdings = Holdings((Port(1), Port(None), Port(1, fort=True), Port(0)))
        >>> holdings.held, holdings.of(1), holdings.of(2), holdings.forts, holdings.basilicas
        ({1: (0, 2), 0: (3,)}, (0, 2), (), 1, 0)
    """

    __slots__ = ("basilicas", "forts", "held", "ports")

    def __init__(self, ports: tuple[Port, ...]) -> None:
        self.ports = ports
        held: dict[int, list[int]] = {}
        forts = basilicas = 0
        for index, port in enumerate(ports):
            if port.owner is not None:
                held.setdefault(port.owner, []).append(index)
            forts += port.fort
            basilicas += port.basilica
        self.held = {seat: tuple(indexes) for seat, indexes in held.items()}
        self.forts = forts
        self.basilicas = basilicas

    def of(self, seat: int) -> tuple[int, ...]:
        """The indexes of the ports ``seat`` holds, in board order."""
        return self.held.get(seat, ())


class Ctx:
    """Everything the logic reads besides the state: board, numbers, indexes and tables."""

    __slots__ = (
        "area_ports",
        "board",
        "card_index",
        "flow",
        "fresh",
        "good_index",
        "hit",
        "last_holdings",
        "last_legal",
        "listers",
        "params",
        "port_areas",
        "port_good_index",
        "port_goods",
        "room_table",
        "rules",
        "sizes",
        "space_values",
        "steps",
        "tables",
    )

    def __init__(self, rules: Ruleset, vocabulary: FlowVocabulary) -> None:
        self.rules = rules
        self.board: Board = rules.board
        self.params: ModernParams = rules.params
        # the flow's vocabulary comes from the engine, which names the actions of every
        # stage; a ruleset built by hand, without a flow, plays the edition's own
        flow = rules.flow or shipped_flow(vocabulary.package)
        assert flow is not None
        self.flow: CompiledFlow[ModernState] = CompiledFlow(flow, vocabulary)
        dispatch = self.flow.dispatch
        self.listers = dispatch.listers
        """Each phase class's lister, what ``flow.dispatch.legal`` looks up."""
        self.steps = dispatch.steps
        """Each phase class's step functions by action class, what ``flow.dispatch.step`` reads."""
        board, params = self.board, self.params
        self.good_index = {g.id: i for i, g in enumerate(params.goods)}
        self.card_index = {c.id: i for i, c in enumerate(params.doge_cards)}
        self.sizes = tuple(p.warehouse for p in board.ports)
        first = params.sale.first_space_value
        self.space_values = tuple(tuple(first + i for i in range(p.warehouse)) for p in board.ports)
        dice = params.dice
        self.hit = Fraction(dice.faces.count(dice.hit), len(dice.faces))
        self.port_goods = tuple(p.good for p in board.ports)
        self.port_areas = tuple(p.area for p in board.ports)
        """Each port's sea area, by port index."""
        self.port_good_index = tuple(self.good_index[p.good] for p in board.ports)
        self.area_ports = {area: board.ports_in(area) for area in board.areas}
        numbers = range(1, params.components.galleys + 1)
        # a new activation of galley n in each area, as next_activation makes it (M-TURN-2)
        self.fresh = {(n, area): Activation(n, area) for n in numbers for area in board.areas}
        self._tables()
        self.last_holdings = Holdings(())
        """The holdings last asked for (see :meth:`holdings`)."""
        self.last_legal: tuple[object, ModernState | None, tuple[Action, ...]] = (None, None, ())
        """A lister, the state a step built, and that lister's actions for it: what the step
        worked out on the way (whether step 3 offers more than ending, whether a special
        investment offers more than done), handed to the lister when it is asked next."""
        self.tables: dict[str, object] = {}
        """The tables of actions each stage hands out, by stage, built when first asked for."""

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

    def holdings(self, ports: tuple[Port, ...]) -> Holdings:
        """The holdings of ``ports``, kept for the next states that share the tuple."""
        last = self.last_holdings
        if last.ports is ports:
            return last
        holdings = self.last_holdings = Holdings(ports)
        return holdings

    def activation(self, number: int, area: str) -> Activation:
        """A new activation of galley ``number``, starting in ``area``."""
        return self.fresh.get((number, area)) or Activation(number, area)

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
