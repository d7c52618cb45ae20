"""The picks of the modern set-up, built once per ruleset.

An action is an immutable value, so one object serves every game: the pick of
each galley number and of each port. The context keeps the tables once built
(:func:`setup_tables`).
"""

from __future__ import annotations

from ..context import Ctx
from .actions import PickGalley, PickPort

__all__ = ["SetupTables", "setup_tables"]


class SetupTables:
    """The picks of the set-up, by galley number and by port."""

    __slots__ = ("pick_galleys", "pick_ports")

    def __init__(self, ctx: Ctx) -> None:
        numbers = range(1, ctx.params.components.galleys + 1)
        self.pick_galleys = {n: PickGalley(n) for n in numbers}
        self.pick_ports = tuple(PickPort(p.id) for p in ctx.board.ports)


def setup_tables(ctx: Ctx) -> SetupTables:
    """The context's tables of the set-up's picks, built the first time they are asked for."""
    tables = ctx.tables.get("setup")
    if isinstance(tables, SetupTables):  # narrows the type without cast's call
        return tables
    built = ctx.tables["setup"] = SetupTables(ctx)
    return built
