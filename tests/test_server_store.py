"""The server's game store: set-ups and moves committed before they count, one line per game.

Every test runs on both backends: SQLite in a temporary file, and a real
PostgreSQL server that the module starts from the machine's own binaries
(``initdb`` and ``pg_ctl`` into a temporary folder, as the unprivileged
``postgres`` user when the tests run as root, since ``initdb`` refuses root).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator
from pathlib import Path

import psycopg
import pytest

from postgres_server import postgres_server
from serenissima.engine.errors import ArgumentValueError
from serenissima.server import Move, SQLiteStore, Store, VersionConflictError, open_store
from serenissima.server.postgres import PostgresStore


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    """A PostgreSQL server of its own for this module; its URL."""
    with postgres_server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def make_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], Store]]:
    """A factory of stores over one fresh database (a new store: another process's view)."""
    if request.param == "sqlite":
        path = tmp_path / "games.db"
        yield lambda: SQLiteStore(path)
        return
    url = request.getfixturevalue("postgres")
    with psycopg.connect(url, autocommit=True) as db:
        for table in ("moves", "seats", "games"):
            db.execute(f"DROP TABLE IF EXISTS {table}")
    yield lambda: PostgresStore(url)


def test_a_game_and_its_moves_come_back_from_the_database(make_store: Callable[[], Store]) -> None:
    store = make_store()
    store.create("a", "2026-01-01T00:00:00Z", {"ruleset": "classic", "players": 2, "seed": 7})
    store.create("b", "2026-01-02T00:00:00Z", {"ruleset": "modern", "players": 4})
    store.append("a", Move(1, 0, "crew 1 1"))
    store.append("a", Move(2, -1, "die 3"))
    assert store.claim("a", 1, "hash-1")
    again = make_store()  # a new process would open the database the same way
    assert [g.id for g in again.games()] == ["a", "b"]
    assert again.game("a").setup == {"ruleset": "classic", "players": 2, "seed": 7}
    assert again.game("missing") is None
    assert again.moves("a") == [Move(1, 0, "crew 1 1"), Move(2, -1, "die 3")]
    assert again.moves("a", since=1) == [Move(2, -1, "die 3")]
    assert again.moves("b") == []
    assert again.tokens("a") == {1: "hash-1"}


def test_a_version_is_written_once_and_in_order(make_store: Callable[[], Store]) -> None:
    store = make_store()
    store.create("g", "2026-01-01T00:00:00Z", {})
    store.append("g", Move(1, 0, "first 0"))
    with pytest.raises(VersionConflictError, match="at version 1"):
        store.append("g", Move(1, 1, "first 1"))
    with pytest.raises(VersionConflictError, match="not the next"):
        store.append("g", Move(3, 1, "galley 2"))
    assert store.moves("g") == [Move(1, 0, "first 0")]
    with pytest.raises(ArgumentValueError, match="exists already"):
        store.create("g", "2026-01-01T00:00:00Z", {})
    with pytest.raises(Exception, match=r"(?i)foreign key"):  # moves belong to a stored game
        store.append("nowhere", Move(1, 0, "first 0"))
    assert store.moves("nowhere") == []


def test_a_seat_is_claimed_once(make_store: Callable[[], Store]) -> None:
    store = make_store()
    store.create("g", "2026-01-01T00:00:00Z", {})
    assert store.claim("g", 0, "x")
    assert not store.claim("g", 0, "y")
    assert store.tokens("g") == {0: "x"}
    with pytest.raises(Exception, match=r"(?i)foreign key"):  # seats belong to a stored game
        store.claim("nowhere", 0, "z")


def _race(where: str, writer: int, rounds: int, results: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    store = open_store(where)
    won = 0
    for version in range(1, rounds + 1):
        try:
            store.append("g", Move(version, writer, f"move {writer}"))
            won += 1
        except VersionConflictError:
            pass
    results.put(won)


def test_processes_racing_for_the_same_versions_write_each_once(
    make_store: Callable[[], Store],
) -> None:
    store = make_store()
    where = (
        f"sqlite:///{store.path}" if isinstance(store, SQLiteStore) else store.url  # type: ignore[attr-defined]
    )
    store.create("g", "2026-01-01T00:00:00Z", {})
    results: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
    workers = [
        multiprocessing.Process(target=_race, args=(where, w, 60, results)) for w in range(3)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    won = sum(results.get(timeout=5) for _ in workers)
    moves = make_store().moves("g")
    assert [m.version for m in moves] == list(range(1, len(moves) + 1))
    assert won == len(moves) >= 60


def test_a_database_url_names_the_store(tmp_path: Path) -> None:
    assert open_store(f"sqlite:///{tmp_path}/x.db").path == tmp_path / "x.db"
    with pytest.raises(ArgumentValueError, match="sqlite:///FILE or postgresql://"):
        open_store("mysql://localhost/games")


def test_a_postgresql_url_opens_the_postgresql_store(postgres: str) -> None:
    store = open_store(postgres)
    assert isinstance(store, PostgresStore)
    assert store.url == postgres
