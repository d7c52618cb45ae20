"""The store on PostgreSQL, for several server processes behind one load balancer.

The same tables as :class:`~serenissima.server._store.SQLiteStore`; a move's
version is its primary key with the game, so of two processes that write
the same version of a game, the second is refused by the database itself.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from typing import Any

from serenissima.engine.errors import ArgumentValueError
from serenissima.server._store import _SCHEMA, Move, StoredGame, VersionConflictError

try:
    import psycopg
    from psycopg import errors
except ImportError as missing:  # pragma: no cover - the extra is installed in CI
    raise ImportError(
        f"a PostgreSQL store needs the server extra ({missing.name} is missing): "
        'pip install "serenissima[server]"'
    ) from missing

__all__ = ["PostgresStore"]

_LOCK = 0x5E4E  # the advisory lock that keeps two processes from making the tables at once


class PostgresStore:
    """Games in a PostgreSQL database, by its connection URL.

    Each thread gets its own connection; every write is one transaction,
    committed when the method returns.

    Args:
        url: ``postgresql://user@host:port/database``.

    Raises:
        psycopg.OperationalError: No database answers at ``url``: the store
            connects (and makes its tables) when it is made, not at the first move.

    Example:
        >>> import psycopg
        >>> try:
        ...     PostgresStore("postgresql://nobody@127.0.0.1:1/games")
        ... except psycopg.OperationalError:
        ...     print("no database answers there")
        no database answers there
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self._local = threading.local()
        with self._db().transaction() as tx:
            tx.connection.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
            for statement in _SCHEMA:
                tx.connection.execute(statement)

    def _db(self) -> psycopg.Connection[Any]:
        db: psycopg.Connection[Any] | None = getattr(self._local, "db", None)
        if db is None or db.closed:
            db = psycopg.connect(self.url, autocommit=True)
            self._local.db = db
        return db

    def create(self, game: str, created: str, setup: Mapping[str, Any]) -> None:
        """See ``Store.create``."""
        text = json.dumps(dict(setup), sort_keys=True, separators=(",", ":"))
        try:
            self._db().execute("INSERT INTO games VALUES (%s, %s, %s)", (game, created, text))
        except errors.UniqueViolation:
            raise ArgumentValueError(f"a game {game!r} exists already") from None

    def games(self) -> list[StoredGame]:
        """See ``Store.games``."""
        rows = self._db().execute("SELECT id, created, setup FROM games ORDER BY created, id")
        return [StoredGame(i, c, json.loads(s)) for i, c, s in rows]

    def game(self, game: str) -> StoredGame | None:
        """See ``Store.game``."""
        row = (
            self._db()
            .execute("SELECT id, created, setup FROM games WHERE id = %s", (game,))
            .fetchone()
        )
        return None if row is None else StoredGame(row[0], row[1], json.loads(row[2]))

    def moves(self, game: str, since: int = 0) -> list[Move]:
        """See ``Store.moves``."""
        rows = self._db().execute(
            "SELECT version, actor, text FROM moves WHERE game = %s AND version > %s "
            "ORDER BY version",
            (game, since),
        )
        return [Move(v, a, t) for v, a, t in rows]

    def append(self, game: str, move: Move) -> None:
        """See ``Store.append``."""
        db = self._db()
        try:
            with db.transaction():
                last = db.execute(
                    "SELECT MAX(version) FROM moves WHERE game = %s", (game,)
                ).fetchone()
                expected = ((last[0] if last else None) or 0) + 1
                if move.version != expected:
                    raise VersionConflictError(
                        f"game {game!r} is at version {expected - 1}: move {move.version} "
                        "is not the next"
                    )
                db.execute(
                    "INSERT INTO moves VALUES (%s, %s, %s, %s)",
                    (game, move.version, move.actor, move.text),
                )
        except errors.UniqueViolation:
            raise VersionConflictError(
                f"game {game!r}: another move took version {move.version} first"
            ) from None

    def claim(self, game: str, seat: int, token: str) -> bool:
        """See ``Store.claim``."""
        try:
            self._db().execute("INSERT INTO seats VALUES (%s, %s, %s)", (game, seat, token))
        except errors.UniqueViolation:
            return False
        return True

    def tokens(self, game: str) -> dict[int, str]:
        """See ``Store.tokens``."""
        rows = self._db().execute("SELECT seat, token FROM seats WHERE game = %s", (game,))
        return dict(rows.fetchall())
