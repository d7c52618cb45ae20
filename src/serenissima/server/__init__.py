"""The game server's floor: games held for front ends in any language.

Its first part is the store every hosted game lives in (:class:`SQLiteStore`,
opened from a database URL by :func:`open_store`): a game's set-up once, then
each move in its text form, numbered by the version it makes and committed
before the server acknowledges it, so that a server killed at any moment
restarts with every acknowledged move and replays each game exactly.

Example:
    >>> import tempfile
    >>> store = open_store(f"sqlite:///{tempfile.mkdtemp()}/games.db")
    >>> store.create("g", "2026-01-01T00:00:00Z", {"ruleset": "modern", "players": 3})
    >>> store.append("g", Move(1, -1, "first 2"))
    >>> store.moves("g")
    [Move(version=1, actor=-1, text='first 2')]
"""

from __future__ import annotations

from serenissima.server._store import (
    Move,
    SQLiteStore,
    StoredGame,
    VersionConflictError,
    open_store,
)

__all__ = ["Move", "SQLiteStore", "StoredGame", "VersionConflictError", "open_store"]
