"""The game server's floor: games held for front ends in any language.

A :class:`HostedGame` is the authority over one game: it checks each move
against the rules and the version the seat saw, commits it, and only then
applies it; chance and seated bots move next, drawn from the game's seed.

Every hosted game lives in a store (:class:`SQLiteStore`, or
:class:`~serenissima.server.postgres.PostgresStore` for several server
processes, each opened from a database URL by :func:`open_store`): its
set-up once, then each move in its text form, numbered by the version it
makes and committed before the server acknowledges it, so that a server
killed at any moment restarts with every acknowledged move and replays each
game exactly.

Example:
    >>> import tempfile
    >>> store = open_store(f"sqlite:///{tempfile.mkdtemp()}/games.db")
    >>> store.create("g", "2026-01-01T00:00:00Z", {"ruleset": "modern", "players": 3})
    >>> store.append("g", Move(1, -1, "first 2"))
    >>> store.moves("g")
    [Move(version=1, actor=-1, text='first 2')]
"""

from __future__ import annotations

from serenissima.engine.errors import ArgumentValueError
from serenissima.server._host import (
    HostedGame,
    OutOfTurnError,
    SeatError,
    UnknownGameError,
)
from serenissima.server._limits import Limits
from serenissima.server._setup import HUMAN, BotBudgetError, check_budgets, check_setup
from serenissima.server._store import (
    Move,
    SQLiteStore,
    Store,
    StoredGame,
    VersionConflictError,
)
from serenissima.server._summary import Listed, Summary
from serenissima.server._turns import BotTurn

__all__ = [
    "HUMAN",
    "BotBudgetError",
    "BotTurn",
    "HostedGame",
    "Limits",
    "Listed",
    "Move",
    "OutOfTurnError",
    "SQLiteStore",
    "SeatError",
    "Store",
    "StoredGame",
    "Summary",
    "UnknownGameError",
    "VersionConflictError",
    "check_budgets",
    "check_setup",
    "open_store",
]


def open_store(url: str) -> Store:
    """The store a database URL names.

    ``sqlite:///path/to/file.db`` (a relative path works), or
    ``postgresql://user@host:port/database`` (needs the ``server`` extra's psycopg).

    Raises:
        ArgumentValueError: A URL of another kind.

    Example:
        >>> import tempfile
        >>> folder = tempfile.mkdtemp()
        >>> open_store(f"sqlite:///{folder}/games.db").path.name
        'games.db'
    """
    prefix = "sqlite:///"
    if url.startswith(prefix):
        return SQLiteStore(url[len(prefix) :])
    if url.startswith(("postgresql://", "postgres://")):
        from serenissima.server.postgres import PostgresStore

        return PostgresStore(url)
    raise ArgumentValueError(f"a database URL is sqlite:///FILE or postgresql://..., not {url!r}")
