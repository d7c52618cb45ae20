"""The server's game store: set-ups and moves committed before they count, one line per game."""

from __future__ import annotations

import multiprocessing
import sqlite3
from pathlib import Path

import pytest

from serenissima.engine.errors import ArgumentValueError
from serenissima.server._store import Move, SQLiteStore, VersionConflictError, open_store


def test_a_game_and_its_moves_come_back_from_the_file(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    store = SQLiteStore(path)
    store.create("a", "2026-01-01T00:00:00Z", {"ruleset": "classic", "players": 2, "seed": 7})
    store.create("b", "2026-01-02T00:00:00Z", {"ruleset": "modern", "players": 4})
    store.append("a", Move(1, 0, "crew 1 1"))
    store.append("a", Move(2, -1, "die 3"))
    assert store.claim("a", 1, "hash-1")
    again = SQLiteStore(path)  # a new process would open the file the same way
    assert [g.id for g in again.games()] == ["a", "b"]
    assert again.game("a").setup == {"ruleset": "classic", "players": 2, "seed": 7}
    assert again.game("missing") is None
    assert again.moves("a") == [Move(1, 0, "crew 1 1"), Move(2, -1, "die 3")]
    assert again.moves("a", since=1) == [Move(2, -1, "die 3")]
    assert again.moves("b") == []
    assert again.tokens("a") == {1: "hash-1"}


def test_a_version_is_written_once_and_in_order(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "games.db")
    store.create("g", "2026-01-01T00:00:00Z", {})
    store.append("g", Move(1, 0, "first 0"))
    with pytest.raises(VersionConflictError, match="at version 1"):
        store.append("g", Move(1, 1, "first 1"))
    with pytest.raises(VersionConflictError, match="not the next"):
        store.append("g", Move(3, 1, "galley 2"))
    assert store.moves("g") == [Move(1, 0, "first 0")]
    with pytest.raises(ArgumentValueError, match="exists already"):
        store.create("g", "2026-01-01T00:00:00Z", {})
    with pytest.raises(sqlite3.IntegrityError):  # moves belong to a stored game
        store.append("nowhere", Move(1, 0, "first 0"))


def test_a_seat_is_claimed_once(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "games.db")
    store.create("g", "2026-01-01T00:00:00Z", {})
    assert store.claim("g", 0, "x")
    assert not store.claim("g", 0, "y")
    assert store.tokens("g") == {0: "x"}


def _race(path: str, writer: int, rounds: int, results: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    store = SQLiteStore(path)
    won = 0
    for version in range(1, rounds + 1):
        try:
            store.append("g", Move(version, writer, f"move {writer}"))
            won += 1
        except VersionConflictError:
            pass
    results.put(won)


def test_processes_racing_for_the_same_versions_write_each_once(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    SQLiteStore(path).create("g", "2026-01-01T00:00:00Z", {})
    results: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
    workers = [
        multiprocessing.Process(target=_race, args=(str(path), w, 60, results)) for w in range(3)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    won = sum(results.get(timeout=5) for _ in workers)
    moves = SQLiteStore(path).moves("g")
    assert [m.version for m in moves] == list(range(1, len(moves) + 1))
    assert won == len(moves) >= 60


def test_a_database_url_names_the_store(tmp_path: Path) -> None:
    assert open_store(f"sqlite:///{tmp_path}/x.db").path == tmp_path / "x.db"
    with pytest.raises(ArgumentValueError, match="sqlite:///FILE"):
        open_store("mysql://localhost/games")
