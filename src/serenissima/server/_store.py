"""Where the server keeps its games: every game's set-up and moves, committed before they count.

A game is stored as what its record needs to be replayed exactly: the
set-up (ruleset, players, options, seed, who sits where) once, then every
move in its text form, numbered by the version it makes. A move is
committed before the server acknowledges it, so a server killed at any
moment restarts with every acknowledged move (:meth:`SQLiteStore.moves`);
two server processes that race to write the same version of one game
cannot both succeed (:class:`VersionConflictError`), which keeps a game's
history a single line.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any, Final, Protocol

import attrs

from serenissima.engine.errors import ArgumentValueError, SerenissimaError
from serenissima.server._summary import OWED, Listed, Summary

__all__ = [
    "Move",
    "SQLStore",
    "SQLiteStore",
    "Store",
    "StoredGame",
    "VersionConflictError",
]


class VersionConflictError(SerenissimaError):
    """Another move took this version of the game first: the client's view is stale."""


@attrs.frozen(slots=True)
class Move:
    """One stored move.

    Attributes:
        version: The game's version the move makes (the first move makes 1).
        actor: The seat that made it, or ``-1`` for chance.
        text: The action's text form, as the ruleset parses it.
    """

    version: int
    actor: int
    text: str


@attrs.frozen(slots=True)
class StoredGame:
    """A game's set-up as stored.

    Attributes:
        id: The game's identifier.
        created: When it was created (ISO 8601, UTC).
        setup: The set-up, as the client gave it and the server checked it.
    """

    id: str
    created: str
    setup: Mapping[str, Any]


class Store(Protocol):
    """What the server asks of a store; :class:`SQLiteStore` and ``PostgresStore`` give it."""

    def create(
        self, game: str, created: str, setup: Mapping[str, Any], summary: Summary | None = None
    ) -> None:
        """Store a new game's set-up (``ArgumentValueError`` if the id is taken)."""

    def games(self) -> list[StoredGame]:
        """Every stored game, oldest first."""

    def game(self, game: str) -> StoredGame | None:
        """The game ``game``, or ``None``."""

    def moves(self, game: str, since: int = 0) -> list[Move]:
        """The game's moves after version ``since``, in order."""

    def append(self, game: str, move: Move, summary: Summary | None = None) -> None:
        """Commit ``move`` as the game's next version (``VersionConflictError`` if not)."""

    def describe(self, game: str, summary: Summary) -> None:
        """Record where the game stands (after a move, or for a game stored before summaries)."""

    def listing(self, limit: int, offset: int = 0) -> list[Listed]:
        """The lobby's page: described games, newest first."""

    def listed(self, game: str) -> Listed | None:
        """One game as the lobby lists it, or ``None`` (not stored, or not yet described)."""

    def owed(self) -> list[str]:
        """The games that wait for a move of the server's (a bot's, or dice), oldest first."""

    def undescribed(self) -> list[str]:
        """The games stored before summaries were, which the lobby does not list yet."""

    def claim(self, game: str, seat: int, token: str) -> bool:
        """Give the seat the (hashed) token, unless the seat is taken."""

    def tokens(self, game: str) -> dict[int, str]:
        """The (hashed) token of each claimed seat."""


_SUMMARY: Final = (
    ("version", "INTEGER"),
    ("to_act", "INTEGER"),
    ("waiting_for", "INTEGER"),
    ("status", "TEXT"),
)
"""The columns of a game's summary, added to a database made before they were."""

_SCHEMA = (
    (
        "CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, created TEXT NOT NULL, "
        "setup TEXT NOT NULL, version INTEGER, to_act INTEGER, waiting_for INTEGER, "
        "status TEXT)"
    ),
    (
        "CREATE TABLE IF NOT EXISTS seats (game TEXT NOT NULL REFERENCES games(id), "
        "seat INTEGER NOT NULL, token TEXT NOT NULL, PRIMARY KEY (game, seat))"
    ),
    (
        "CREATE TABLE IF NOT EXISTS moves (game TEXT NOT NULL REFERENCES games(id), "
        "version INTEGER NOT NULL, actor INTEGER NOT NULL, text TEXT NOT NULL, "
        "PRIMARY KEY (game, version))"
    ),
)

_INDEXES = (
    "CREATE INDEX IF NOT EXISTS games_by_created ON games (created)",
    "CREATE INDEX IF NOT EXISTS games_by_status ON games (status)",
)

_LISTED = "SELECT id, created, setup, version, to_act, waiting_for, status FROM games"


Run = Callable[[str, tuple[object, ...]], list[tuple[Any, ...]]]
"""Runs one SQL statement (``?`` marks its arguments) and returns its rows."""


class SQLStore:
    """What both backends share: the SQL of every question and write of :class:`Store`.

    A backend gives a new connection (:meth:`_connect`, one per thread, in
    autocommit), :meth:`_transaction` for a write committed as a whole, the
    mark of an argument in its SQL (:attr:`_MARK`), and which integrity errors
    say that a key is taken (:meth:`_taken`); the other integrity errors (a
    move or a seat of a game that is not stored) pass through.
    """

    _MARK = "?"
    _INTEGRITY: type[Exception]
    _COLUMNS = "SELECT name FROM pragma_table_info('games')"
    """The SQL that names the columns of the games table."""

    def _sql(self, text: str) -> str:
        return text if self._MARK == "?" else text.replace("?", self._MARK)

    def __init__(self) -> None:
        self._local = threading.local()
        self._make_tables()

    def _connect(self) -> Any:
        raise NotImplementedError

    def _db(self) -> Any:
        """This thread's connection (made at its first use, or again once closed)."""
        db = getattr(self._local, "db", None)
        if db is None or getattr(db, "closed", False):
            db = self._local.db = self._connect()
        return db

    def _read(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        rows: list[tuple[Any, ...]] = self._db().execute(sql, args).fetchall()
        return rows

    def _transaction(self) -> AbstractContextManager[Run]:
        raise NotImplementedError

    def _taken(self, error: Exception) -> bool:
        raise NotImplementedError

    def _make_tables(self) -> None:
        with self._transaction() as run:
            self._schema(run)

    def _schema(self, run: Run) -> None:
        """Make the tables, and add the summary's columns to those made before them."""
        for statement in _SCHEMA:
            run(statement, ())
        have = {row[0] for row in run(self._COLUMNS, ())}
        for name, kind in _SUMMARY:
            if name not in have:
                run(f"ALTER TABLE games ADD COLUMN {name} {kind}", ())
        for statement in _INDEXES:
            run(statement, ())

    def create(
        self, game: str, created: str, setup: Mapping[str, Any], summary: Summary | None = None
    ) -> None:
        """Store a new game's set-up, and where it stands (the lobby lists it only then).

        Raises:
            ArgumentValueError: A game of that id exists.
        """
        text = json.dumps(dict(setup), sort_keys=True, separators=(",", ":"))
        where = Summary.columns(summary)
        try:
            with self._transaction() as run:
                run(
                    self._sql("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?)"),
                    (game, created, text, *where),
                )
        except self._INTEGRITY as error:
            if not self._taken(error):
                raise
            raise ArgumentValueError(f"a game {game!r} exists already") from None

    def games(self) -> list[StoredGame]:
        """Every stored game, oldest first."""
        rows = self._read("SELECT id, created, setup FROM games ORDER BY created, id")
        return [StoredGame(i, c, json.loads(s)) for i, c, s in rows]

    def game(self, game: str) -> StoredGame | None:
        """The game ``game``, or ``None`` when there is none."""
        rows = self._read(self._sql("SELECT id, created, setup FROM games WHERE id = ?"), (game,))
        return StoredGame(rows[0][0], rows[0][1], json.loads(rows[0][2])) if rows else None

    def moves(self, game: str, since: int = 0) -> list[Move]:
        """The game's moves after version ``since``, in order."""
        rows = self._read(
            self._sql(
                "SELECT version, actor, text FROM moves WHERE game = ? AND version > ? "
                "ORDER BY version"
            ),
            (game, since),
        )
        return [Move(v, a, t) for v, a, t in rows]

    def append(self, game: str, move: Move, summary: Summary | None = None) -> None:
        """Commit ``move`` as the game's next version, with where the game then stands.

        Raises:
            VersionConflictError: The game has a move of that version already, or
                its version is not the one after the last.
        """
        try:
            with self._transaction() as run:
                last = run(self._sql("SELECT MAX(version) FROM moves WHERE game = ?"), (game,))
                expected = (last[0][0] or 0) + 1
                if move.version != expected:
                    raise VersionConflictError(
                        f"game {game!r} is at version {expected - 1}: move {move.version} "
                        "is not the next"
                    )
                run(
                    self._sql("INSERT INTO moves VALUES (?, ?, ?, ?)"),
                    (game, move.version, move.actor, move.text),
                )
                if summary is not None:
                    self._describe(run, game, summary)
        except self._INTEGRITY as error:
            if not self._taken(error):
                raise
            raise VersionConflictError(
                f"game {game!r}: another move took version {move.version} first"
            ) from None

    def _describe(self, run: Run, game: str, summary: Summary) -> None:
        run(
            self._sql(
                "UPDATE games SET version = ?, to_act = ?, waiting_for = ?, status = ? WHERE id = ?"
            ),
            (*Summary.columns(summary), game),
        )

    def describe(self, game: str, summary: Summary) -> None:
        """Record where the game stands."""
        with self._transaction() as run:
            self._describe(run, game, summary)

    def listing(self, limit: int, offset: int = 0) -> list[Listed]:
        """The lobby's page: described games, newest first (one query, one more for seats)."""
        rows = self._read(
            self._sql(
                f"{_LISTED} WHERE status IS NOT NULL ORDER BY created DESC, id DESC "
                "LIMIT ? OFFSET ?"
            ),
            (limit, offset),
        )
        if not rows:
            return []
        marks = ", ".join("?" * len(rows))
        seats = self._read(
            self._sql(f"SELECT game, seat FROM seats WHERE game IN ({marks})"),
            tuple(row[0] for row in rows),
        )
        joined: dict[str, set[int]] = {}
        for game, seat in seats:
            joined.setdefault(game, set()).add(seat)
        return [Listed.from_row(row, joined.get(row[0], set())) for row in rows]

    def listed(self, game: str) -> Listed | None:
        """One game as the lobby lists it, or ``None``."""
        rows = self._read(self._sql(f"{_LISTED} WHERE id = ? AND status IS NOT NULL"), (game,))
        return Listed.from_row(rows[0], set(self.tokens(game))) if rows else None

    def owed(self) -> list[str]:
        """The games that wait for a move of the server's, oldest first."""
        rows = self._read(
            self._sql("SELECT id FROM games WHERE status = ? ORDER BY created, id"), (OWED,)
        )
        return [row[0] for row in rows]

    def undescribed(self) -> list[str]:
        """The games stored before summaries were, oldest first."""
        rows = self._read("SELECT id FROM games WHERE status IS NULL ORDER BY created, id")
        return [row[0] for row in rows]

    def claim(self, game: str, seat: int, token: str) -> bool:
        """Give ``seat`` of ``game`` the (hashed) ``token``, unless the seat is taken."""
        try:
            with self._transaction() as run:
                run(self._sql("INSERT INTO seats VALUES (?, ?, ?)"), (game, seat, token))
        except self._INTEGRITY as error:
            if not self._taken(error):
                raise
            return False
        return True

    def tokens(self, game: str) -> dict[int, str]:
        """The (hashed) token of each claimed seat of ``game``."""
        rows = self._read(self._sql("SELECT seat, token FROM seats WHERE game = ?"), (game,))
        return dict(rows)


class SQLiteStore(SQLStore):
    """Games in one SQLite file (the standard library's ``sqlite3``), safe to share.

    The file is written in write-ahead mode with full synchronisation: a
    commit is on disk when it returns. Several threads of one process may
    use the store (one connection each); several processes may share the
    file, a write taking the file's lock for its whole transaction.

    Args:
        path: The database file (made with its tables if missing).

    Example:
        >>> import tempfile, pathlib
        >>> store = SQLiteStore(pathlib.Path(tempfile.mkdtemp()) / "games.db")
        >>> store.create("g1", "2026-01-01T00:00:00Z", {"ruleset": "modern", "players": 2})
        >>> store.append("g1", Move(1, -1, "first 0"))
        >>> [move.text for move in store.moves("g1")], store.games()[0].setup["players"]
        (['first 0'], 2)
    """

    _INTEGRITY = sqlite3.IntegrityError

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        super().__init__()

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=30.0, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        return db

    @contextmanager
    def _transaction(self) -> Iterator[Run]:
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            yield lambda sql, args: db.execute(sql, args).fetchall()
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def _taken(self, error: Exception) -> bool:
        name = getattr(error, "sqlite_errorname", "")
        return name in ("SQLITE_CONSTRAINT_PRIMARYKEY", "SQLITE_CONSTRAINT_UNIQUE")
