"""The store on PostgreSQL, for several server processes behind one load balancer.

The same tables as :class:`~serenissima.server._store.SQLiteStore`; a move's
version is its primary key with the game, so of two processes that write
the same version of a game, the second is refused by the database itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from serenissima.server._store import Run, SQLStore

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


class PostgresStore(SQLStore):
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

    _MARK = "%s"
    _INTEGRITY = errors.IntegrityError
    _COLUMNS = (
        "SELECT column_name FROM information_schema.columns "
        "WHERE table_name = 'games' AND table_schema = current_schema()"
    )

    def __init__(self, url: str) -> None:
        self.url = url
        super().__init__()

    def _make_tables(self) -> None:
        with self._transaction() as run:
            run("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
            self._schema(run)

    def _connect(self) -> psycopg.Connection[Any]:
        return psycopg.connect(self.url, autocommit=True)

    @contextmanager
    def _transaction(self) -> Iterator[Run]:
        db: psycopg.Connection[Any] = self._db()
        with db.transaction():
            yield lambda sql, args: _rows(db.execute(sql, args))

    def _taken(self, error: Exception) -> bool:
        return isinstance(error, errors.UniqueViolation)


def _rows(cursor: psycopg.Cursor[Any]) -> list[tuple[Any, ...]]:
    """A statement's rows; none for a statement that returns none (an insert)."""
    return cursor.fetchall() if cursor.description is not None else []
