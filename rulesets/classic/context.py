"""The game context of the classic edition: the board, the numbers and tables built from them.

:class:`Ctx` is built once per ruleset (the engine keeps it in a
:class:`~serenissima.engine.phases.ContextCache`) and shared by every state of
every game played with that ruleset. Besides the board and the parameters
it holds tables computed once from them (each port's identifier, good,
sea area and warehouse size by index, the ports of each sea area...) and
the tuples of actions that the legal-action generators hand out again and
again: actions are immutable values, so one tuple serves every game.
It reads states; it never changes one (state updates are in :mod:`.helpers`).
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from serenissima.engine.flow import FlowVocabulary, shipped_flow
from serenissima.engine.flow_table import CompiledFlow
from serenissima.engine.pieces import galley_room

from .phases import Flow
from .state import ClassicState, Galley, Port

if TYPE_CHECKING:
    from serenissima.engine.board import Board
    from serenissima.engine.core import Action
    from serenissima.engine.ruleset import Ruleset

    from .params import ClassicParams

__all__ = ["Ctx", "Holdings"]


class Ctx:
    """Everything the logic reads besides the state: board, numbers, indexes.

    Attributes:
        rules: The ruleset.
        board: Its board.
        params: Its numbers and tables.
        flow: Its order of play (``flow.toml``), compiled.
        good_index: Each good's position in a state's ``supply``.
        sizes: Each port's warehouse size, by port index.
        producers: The ports producing each good.
        capitals: The indexes of the capitals.
        capital_of: Each nation's capital, by port index.
        full_points: Points of a full warehouse, by its size.
        port_ids: Each port's identifier, by port index.
        port_goods: The good each port produces, by port index.
        port_areas: The sea area each port opens onto, by port index.
        port_supply: Where in ``supply`` each port's good is counted, by port index.
        area_ports: The ports opening onto each sea area.
        galley_needs: The goods each port must store to build a galley (C-BUILD-3):
            those required that it does not produce.
        fort_needs: Likewise for a fortress (C-BUILD-4).
        spaces: Pieces a galley holds, sailors and goods together (C-ORG-2).
        max_sailors: Sailors a galley holds at most.
        max_goods: Goods a galley holds at most.
        goods: The goods' identifiers, in the order of the rules.
        min_sailors: Sailors below which a galley sinks (C-ORG-3).
        memo: Tuples of actions the legal-action generators built, by a key that
            names what they were built from (e.g. ``("move", galley, area)``);
            the keys are few (galley numbers, ports, sea areas, amounts,
            cargoes), so the table stays small over any number of games.
        backflows: The :class:`~.helpers.Backflows` checks of a phase-2 turn's
            transfers, by kind and transfers (``None`` where no piece of the kind
            moved; see :func:`~.helpers.backflows`).
        outcomes: The outcomes of each kind of chance node, with their probabilities,
            by kind (they depend on the die alone).
        last_legal: The last state whose legal actions were worked out, and those
            actions: the engine asks for them right after a step, and the step
            that passes the turn on has already worked them out.
    """

    __slots__ = (
        "_by_owners",
        "_holdings",
        "area_ports",
        "backflows",
        "board",
        "capital_of",
        "capitals",
        "flow",
        "fort_needs",
        "full_points",
        "galley_needs",
        "good_index",
        "goods",
        "last_legal",
        "max_goods",
        "max_sailors",
        "memo",
        "min_sailors",
        "outcomes",
        "params",
        "port_areas",
        "port_goods",
        "port_ids",
        "port_supply",
        "producers",
        "rules",
        "sizes",
        "spaces",
    )

    def __init__(self, rules: Ruleset, vocabulary: FlowVocabulary) -> None:
        self.rules = rules
        self.board: Board = rules.board
        self.params: ClassicParams = rules.params
        # the flow's vocabulary comes from the engine, which names the actions of every
        # stage; a ruleset built by hand, without a flow, plays the edition's own
        flow = rules.flow or shipped_flow(vocabulary.package)
        assert flow is not None
        self.flow: CompiledFlow[ClassicState] = CompiledFlow(flow, vocabulary)
        ports = self.board.ports
        self.good_index = {g.id: i for i, g in enumerate(self.params.goods)}
        self.goods: tuple[str, ...] = tuple(self.good_index)
        self.sizes = tuple(p.warehouse for p in ports)
        self.producers = {
            g.id: tuple(i for i, p in enumerate(ports) if p.good == g.id) for g in self.params.goods
        }
        self.capitals = frozenset(i for i, p in enumerate(ports) if p.capital_of is not None)
        self.capital_of = {n.id: self.board.port_index(n.capital) for n in self.params.nations}
        self.full_points = {f.warehouse: f.points for f in self.params.wealth.full_ports}
        self.port_ids: tuple[str, ...] = tuple(p.id for p in ports)
        self.port_goods: tuple[str, ...] = tuple(p.good for p in ports)
        self.port_areas: tuple[str, ...] = tuple(p.area for p in ports)
        self.port_supply: tuple[int, ...] = tuple(self.good_index[p.good] for p in ports)
        self.area_ports: dict[str, tuple[int, ...]] = {
            area: self.board.ports_in(area) for area in self.board.areas
        }
        spec = self.params.galley
        self.spaces: int = spec.spaces
        self.max_sailors: int = spec.max_sailors
        self.max_goods: int = spec.max_goods
        self.min_sailors: int = spec.min_sailors
        self.memo: dict[Hashable, tuple[Action, ...]] = {}
        self.outcomes: dict[str, tuple[tuple[Action, Fraction], ...]] = {}
        self.backflows: dict[tuple[str, tuple[Flow, ...]], Any] = {}
        self.last_legal: tuple[ClassicState | None, tuple[Action, ...]] = (None, ())
        builds = self.params.builds
        # C-BUILD-3, C-BUILD-4: the goods a port must have in its warehouse to build,
        # those it produces itself aside (see serenissima.engine.pieces.has_goods)
        self.galley_needs = tuple(_needs(builds.galley_requires, p.good) for p in ports)
        self.fort_needs = tuple(_needs(builds.fort_requires, p.good) for p in ports)
        self._holdings: tuple[tuple[Port, ...] | None, Holdings] = (None, Holdings(self, ()))
        self._by_owners: dict[tuple[int | None, ...], Holdings] = {}

    # --- reading the state ------------------------------------------------------

    def holdings(self, ports: tuple[Port, ...]) -> Holdings:
        """Who holds which of ``ports`` (see :class:`Holdings`).

        Remembered for the last ``ports`` asked about (consecutive states
        mostly share their ports), and by the ports' owners, all it reads.

        Example:
            >>> from serenissima import load_ruleset
            >>> rules = load_ruleset("classic")
            >>> state = rules.new_game(2)
            >>> held = rules.engine.ctx(rules).holdings(state.ports)
            >>> len(held.by_owner[0]), len(held.by_owner[None]) + 2 == len(state.ports)
            (1, True)
            >>> sorted(held.holders["venice"])
            [0]
        """
        last, held = self._holdings
        if last is not ports:
            owners = tuple(map(_OWNER, ports))
            known = self._by_owners.get(owners)
            if known is None:
                if len(self._by_owners) >= _OWNERS_KEPT:
                    self._by_owners.clear()
                known = self._by_owners[owners] = Holdings(self, ports)
            held = known
            self._holdings = (ports, held)
        return held

    def capital(self, state: ClassicState, seat: int) -> int:
        """The port index of ``seat``'s own capital."""
        return self.capital_of[state.nations[seat]]

    def holds_capital(self, state: ClassicState, seat: int) -> bool:
        """Whether ``seat`` controls its own capital (C-INC-1, C-SCORE-2)."""
        return state.ports[self.capital(state, seat)].owner == seat

    def port(self, state: ClassicState, port_id: str) -> Port:
        """The pieces on port ``port_id``."""
        return state.ports[self.board.port_index(port_id)]

    def own_galley(self, state: ClassicState, number: int, seat: int) -> Galley | None:
        """Galley ``number`` if ``seat`` owns it."""
        galley = state.galley(number)
        return galley if galley is not None and galley.owner == seat else None

    def galleys_of(self, state: ClassicState, seat: int) -> tuple[Galley, ...]:
        """The galleys ``seat`` owns, by number."""
        return tuple([g for g in state.galleys if g.owner == seat])

    def galleys_in(self, state: ClassicState, area: str) -> tuple[Galley, ...]:
        """The galleys in sea area ``area``, by number."""
        return tuple([g for g in state.galleys if g.area == area])

    def room(self, galley: Galley) -> tuple[bool, bool]:
        """Whether ``galley`` can take one more sailor, and one more piece of goods (C-ORG-2)."""
        return galley_room(
            galley.sailors,
            len(galley.cargo),
            spaces=self.spaces,
            max_sailors=self.max_sailors,
            max_goods=self.max_goods,
            shared=True,
        )

    def takes_sailor(self, galley: Galley) -> bool:
        """Whether ``galley`` can take one more sailor (C-ORG-2): ``room(galley)[0]``, faster."""
        return (
            galley.sailors < self.max_sailors and galley.sailors + len(galley.cargo) < self.spaces
        )

    def free_cargo(self, galley: Galley) -> int:
        """How many more pieces of goods ``galley`` can take (C-ORG-2)."""
        goods = len(galley.cargo)
        return max(0, min(self.max_goods - goods, self.spaces - galley.sailors - goods))

    def monopoly(self, state: ClassicState, seat: int, good: str) -> bool:
        """Whether ``seat`` controls every port producing ``good`` (C-BUY-5, X-C-08)."""
        ports = self.producers.get(good, ())
        return bool(ports) and all(state.ports[i].owner == seat for i in ports)

    def garrison_room(self, state: ClassicState, index: int) -> int | None:
        """Sailors port ``index`` may still take, or ``None`` without a cap (X-C-07)."""
        if state.options.classic_garrison_cap == "none":
            return None
        return max(0, self.sizes[index] - state.ports[index].garrison)


_OWNER = attrgetter("owner")
"""A port's owner (a map over the ports runs without a Python loop)."""

_OWNERS_KEPT = 4096
"""How many distinct sets of port owners :meth:`Ctx.holdings` remembers before starting afresh."""


class Holdings:
    """Who holds which ports, worked out from one tuple of ports.

    Attributes:
        by_owner: The port indexes of each owner (``None``: neutral), in board
            order. Do not change the lists.
        holders: For each sea area with a port that someone holds, the seats holding one.
    """

    __slots__ = ("by_owner", "holders")

    def __init__(self, ctx: Ctx, ports: tuple[Port, ...]) -> None:
        by_owner: dict[int | None, list[int]] = {}
        holders: dict[str, set[int]] = {}
        areas = ctx.port_areas
        for index, port in enumerate(ports):
            owner = port.owner
            owned = by_owner.get(owner)
            if owned is None:
                by_owner[owner] = [index]
            else:
                owned.append(index)
            if owner is not None:
                holders.setdefault(areas[index], set()).add(owner)
        self.by_owner = by_owner
        self.holders = holders


def _needs(required: tuple[str, ...], produced: str) -> tuple[str, ...]:
    """The goods of ``required`` a port producing ``produced`` must have in its warehouse."""
    return tuple(good for good in required if good != produced)
