"""The actions an Action's steps hand out again and again, built once per ruleset.

An action is an immutable value, so one object serves every game: the moves
from each sea area, the loads and claims at each port, the sales, the
attacks, the goods to jettison or take from a wreck, the transfers of sailors
and cubes, and the outcomes of the battle dice for each number of dice. The
context keeps the tables once built (:func:`action_tables`); a look-up that the
ruleset's numbers did not foresee builds its value.
"""

from __future__ import annotations

from serenissima.engine.pieces import binomial_outcomes
from serenissima.engine.rule_index import rule

from ..common import DONE
from ..context import Ctx, Outcomes
from .actions import (
    Attack,
    AttackPort,
    Claim,
    Dice,
    Jettison,
    LoadGood,
    Move,
    Sell,
    ShiftGood,
    ShiftSailor,
    Take,
)

__all__ = ["ActionTables", "CubeShift", "Shift", "action_tables"]

Shift = tuple[ShiftSailor, str]
"""A sailor transfer and the flow that forbids it (its reverse, made earlier in the step)."""

_Link = tuple[Shift, Shift]
"""The sailor transfers one way between two places and the other way."""

CubeShift = tuple[dict[str, ShiftGood], str]
"""The cube transfers between two galleys, by good, and the flow that forbids them."""


class ActionTables:
    """The actions of an Action's steps, by what they are built from."""

    __slots__ = (
        "attack_ports",
        "attacks",
        "claims",
        "cube_shifts",
        "dice",
        "galley_links",
        "goods",
        "hit",
        "jettisons",
        "loads",
        "moves",
        "port_links",
        "sailor_shifts",
        "sells",
        "takes",
    )

    def __init__(self, ctx: Ctx) -> None:
        board, goods = ctx.board, [g.id for g in ctx.params.goods]
        numbers = range(1, ctx.params.components.galleys + 1)
        self.goods = goods
        self.hit = ctx.hit
        self.moves = {
            area: (DONE, *(Move(there) for there in board.neighbours(area))) for area in board.areas
        }
        ids = [p.id for p in board.ports]
        self.loads = tuple(LoadGood(port) for port in ids)
        self.claims = tuple(
            tuple(Claim(p.id, n) for n in range(1, p.warehouse + 1)) for p in board.ports
        )
        self.attack_ports = tuple(AttackPort(port) for port in ids)
        self.sells = tuple({good: Sell(good, port) for good in goods} for port in ids)
        self.attacks = {n: Attack(n) for n in numbers}
        self.jettisons = {good: Jettison(good) for good in goods}
        self.takes = {good: Take(good) for good in goods}
        tokens = [p.id for p in board.ports] + [str(n) for n in numbers]
        self.sailor_shifts: dict[tuple[str, str], Shift] = {
            (a, b): (ShiftSailor(a, b), f"s:{b}>{a}")
            for a in tokens
            for b in tokens
            if a != b and (a.isdigit() or b.isdigit())
        }
        shifts = self.sailor_shifts
        self.port_links: tuple[dict[int, _Link], ...] = tuple(
            {n: (shifts[port, str(n)], shifts[str(n), port]) for n in numbers} for port in ids
        )
        """For each port, by galley number: the sailor shifts from the port and to it."""
        self.galley_links: dict[tuple[int, int], _Link] = {
            (a, b): (shifts[str(a), str(b)], shifts[str(b), str(a)])
            for a in numbers
            for b in numbers
            if a != b
        }
        """By two galley numbers: the sailor shifts from the first to the second and back."""
        self.cube_shifts: dict[tuple[int, int], CubeShift] = {
            (a, b): ({good: ShiftGood(good, a, b) for good in goods}, f"g:{b}>{a}")
            for a in numbers
            for b in numbers
            if a != b
        }
        most = max((ctx.params.galley.max_sailors, *ctx.sizes))
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
            goods = self.goods
            return {g: ShiftGood(g, source, target) for g in goods}, f"g:{target}>{source}"
        return shift

    def attack(self, number: int) -> Attack:
        """The attack on galley ``number``."""
        return self.attacks.get(number) or Attack(number)


def action_tables(ctx: Ctx) -> ActionTables:
    """The context's tables of an Action's actions, built the first time they are asked for."""
    tables = ctx.tables.get("action")
    if isinstance(tables, ActionTables):  # narrows the type without cast's call
        return tables
    built = ctx.tables["action"] = ActionTables(ctx)
    return built
