"""The actions an Investment hands out again and again, built once per ruleset.

An action is an immutable value, so one object serves every game: the
recruits, forts and basilicas at each port, the crews of each galley and the
purchases of each galley at each port. The context keeps the tables once built
(:func:`investment_tables`); a look-up that the ruleset's numbers did not
foresee builds its value.
"""

from __future__ import annotations

from ..context import Ctx
from .actions import BuildBasilica, BuildFort, BuyGalley, Crew, Recruit

__all__ = ["InvestmentTables", "investment_tables"]


class InvestmentTables:
    """The actions of an Investment, by what they are built from."""

    __slots__ = ("basilicas", "buys", "crews", "forts", "port_ids", "recruits")

    def __init__(self, ctx: Ctx) -> None:
        numbers = range(1, ctx.params.components.galleys + 1)
        ids = [p.id for p in ctx.board.ports]
        self.port_ids = ids
        self.recruits = tuple(Recruit(port) for port in ids)
        self.forts = tuple(BuildFort(port) for port in ids)
        self.basilicas = tuple(BuildBasilica(port) for port in ids)
        self.crews = {n: Crew(n) for n in numbers}
        self.buys = {n: tuple(BuyGalley(n, port) for port in ids) for n in numbers}

    def crew(self, number: int) -> Crew:
        """A recruit for galley ``number``."""
        return self.crews.get(number) or Crew(number)

    def buy(self, number: int) -> tuple[BuyGalley, ...]:
        """The purchase of galley ``number`` at each port, in board order."""
        buys = self.buys.get(number)
        return tuple(BuyGalley(number, port) for port in self.port_ids) if buys is None else buys


def investment_tables(ctx: Ctx) -> InvestmentTables:
    """The context's tables of an Investment's actions, built the first time they are asked for."""
    tables = ctx.tables.get("investment")
    if isinstance(tables, InvestmentTables):  # narrows the type without cast's call
        return tables
    built = ctx.tables["investment"] = InvestmentTables(ctx)
    return built
