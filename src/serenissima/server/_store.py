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
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

import attrs

from serenissima.engine.errors import ArgumentValueError, SerenissimaError

__all__ = [
    "Move",
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

    def create(self, game: str, created: str, setup: Mapping[str, Any]) -> None:
        """Store a new game's set-up (``ArgumentValueError`` if the id is taken)."""

    def games(self) -> list[StoredGame]:
        """Every stored game, oldest first."""

    def game(self, game: str) -> StoredGame | None:
        """The game ``game``, or ``None``."""

    def moves(self, game: str, since: int = 0) -> list[Move]:
        """The game's moves after version ``since``, in order."""

    def append(self, game: str, move: Move) -> None:
        """Commit ``move`` as the game's next version (``VersionConflictError`` if not)."""

    def claim(self, game: str, seat: int, token: str) -> bool:
        """Give the seat the (hashed) token, unless the seat is taken."""

    def tokens(self, game: str) -> dict[int, str]:
        """The (hashed) token of each claimed seat."""


_SCHEMA = (
    (
        "CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, created TEXT NOT NULL, "
        "setup TEXT NOT NULL)"
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


class SQLiteStore:
    """Games in one SQLite file (the standard library's ``sqlite3``), safe to share.

    The file is written in write-ahead mode with full synchronisation: a
    commit is on disk when it returns. Several threads of one process may
    use the store (one connection each); several processes may share the
    file.

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

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._local = threading.local()
        with self._write() as db:
            for statement in _SCHEMA:
                db.execute(statement)

    def _db(self) -> sqlite3.Connection:
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=30.0, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
            self._local.db = db
        return db

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def create(self, game: str, created: str, setup: Mapping[str, Any]) -> None:
        """Store a new game's set-up.

        Raises:
            ArgumentValueError: A game of that id exists.
        """
        text = json.dumps(dict(setup), sort_keys=True, separators=(",", ":"))
        try:
            with self._write() as db:
                db.execute("INSERT INTO games VALUES (?, ?, ?)", (game, created, text))
        except sqlite3.IntegrityError:
            raise ArgumentValueError(f"a game {game!r} exists already") from None

    def games(self) -> list[StoredGame]:
        """Every stored game, oldest first."""
        rows = self._db().execute("SELECT id, created, setup FROM games ORDER BY created, id")
        return [StoredGame(i, c, json.loads(s)) for i, c, s in rows]

    def game(self, game: str) -> StoredGame | None:
        """The game ``game``, or ``None`` when there is none."""
        row = (
            self._db()
            .execute("SELECT id, created, setup FROM games WHERE id = ?", (game,))
            .fetchone()
        )
        return None if row is None else StoredGame(row[0], row[1], json.loads(row[2]))

    def moves(self, game: str, since: int = 0) -> list[Move]:
        """The game's moves after version ``since``, in order."""
        rows = self._db().execute(
            "SELECT version, actor, text FROM moves WHERE game = ? AND version > ? "
            "ORDER BY version",
            (game, since),
        )
        return [Move(v, a, t) for v, a, t in rows]

    def append(self, game: str, move: Move) -> None:
        """Commit ``move`` as the game's next version.

        Raises:
            VersionConflictError: The game has a move of that version already, or
                its version is not the one after the last.
        """
        with self._write() as db:
            last = db.execute("SELECT MAX(version) FROM moves WHERE game = ?", (game,)).fetchone()
            expected = (last[0] or 0) + 1
            if move.version != expected:
                raise VersionConflictError(
                    f"game {game!r} is at version {expected - 1}: move {move.version} "
                    "is not the next"
                )
            db.execute(
                "INSERT INTO moves VALUES (?, ?, ?, ?)", (game, move.version, move.actor, move.text)
            )

    def claim(self, game: str, seat: int, token: str) -> bool:
        """Give ``seat`` of ``game`` the (hashed) ``token``, unless the seat is taken."""
        try:
            with self._write() as db:
                db.execute("INSERT INTO seats VALUES (?, ?, ?)", (game, seat, token))
        except sqlite3.IntegrityError:
            return False
        return True

    def tokens(self, game: str) -> dict[int, str]:
        """The (hashed) token of each claimed seat of ``game``."""
        rows = self._db().execute("SELECT seat, token FROM seats WHERE game = ?", (game,))
        return dict(rows.fetchall())
