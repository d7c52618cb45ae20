"""A server killed with ``kill -9`` loses no acknowledged move; several servers share PostgreSQL.

The first test plays several games at once against a real server process,
kills it mid-run, restarts it over the same SQLite file, and checks that
every game stands where its last acknowledged move left it (the state rebuilt
from the stored record gives the seat the very observation it was answered
with), then plays every game to its end. The second runs two server
processes over one real PostgreSQL server, as behind a load balancer.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import serenissima as ser
from postgres_server import postgres_server
from serenissima.server import open_store
from serenissima.server.process import ServerProcess
from server_clients import Api, Watcher, replay_states, wire

SETUPS = [
    {"ruleset": "classic", "players": 2, "seats": [{"kind": "human"}, {"kind": "random"}]},
    {
        "ruleset": "classic",
        "players": 3,
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "greedy"}],
    },
    {"ruleset": "modern", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]},
    {
        "ruleset": "modern",
        "players": 4,
        "seats": [{"kind": "human"}, {"kind": "random"}, {"kind": "random"}, {"kind": "greedy"}],
    },
]


def _seat_tokens(api: Api, game: str, setup: dict[str, Any]) -> dict[int, str]:
    return {
        seat: api.join(game, seat)
        for seat, spec in enumerate(setup["seats"])
        if spec["kind"] == "human"
    }


class _Player(threading.Thread):
    """Plays every person's seat of one game with random legal moves until stopped."""

    def __init__(self, url: str, game: str, tokens: dict[int, str], seed: int) -> None:
        super().__init__(daemon=True)
        self.api = Api(url)
        self.game = game
        self.tokens = tokens
        self.rng = random.Random(seed)
        self.acknowledged: tuple[int, int, dict[str, Any]] | None = None
        """The last answered move: the seat, the version answered, and the seat's observation."""
        self.in_flight: int | None = None
        self.failure: Exception | None = None

    def run(self) -> None:
        try:
            deadline = time.monotonic() + 300
            while time.monotonic() < deadline:
                seen = self.api.view(self.game)
                if seen["over"]:
                    return
                seat = seen["waiting_for"]
                if seat is None:  # a bot thinks, in the background
                    time.sleep(0.02)
                    continue
                view = self.api.view(self.game, self.tokens[seat])
                choice = self.rng.choice(view["legal"])["text"]
                self.in_flight = seat
                answer = self.api.act(self.game, self.tokens[seat], choice, view["version"])
                assert answer.status_code == 200, answer.text
                shown = answer.json()
                self.acknowledged = (seat, shown["version"], shown["observation"])
                self.in_flight = None
        except (httpx.HTTPError, AssertionError) as exc:
            self.failure = exc  # the server is gone
            return


def test_after_kill_9_every_game_resumes_at_its_last_acknowledged_move(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path}/games.db"
    extra = ("--actions-per-second", "1000", "--game-burst", "100", "--allow-seeded-games")
    server = ServerProcess(database, log=tmp_path / "log", extra=extra)
    server.start()
    api = Api(server.url)
    games = []
    for number, setup in enumerate(SETUPS * 2):
        game = api.create(**setup, seed=number)
        games.append((game, setup, _seat_tokens(api, game, setup)))
    players = [
        _Player(server.url, game, tokens, seed) for seed, (game, _, tokens) in enumerate(games)
    ]
    for player in players:
        player.start()
    time.sleep(2.5)
    server.kill()  # mid-run: requests in flight, moves half made
    for player in players:
        player.join(timeout=30)
    assert sum(p.acknowledged is not None for p in players) >= len(players) - 1

    server.start()  # the same port and database
    store = open_store(database)
    for player, (game, setup, tokens) in zip(players, games, strict=True):
        if player.acknowledged is None:
            continue
        seat, version, observation = player.acknowledged
        view = api.view(game, tokens[seat])  # the bots owed moves make them meanwhile
        moves = store.moves(game)
        assert len(moves) >= view["version"] >= version
        states = replay_states(setup["ruleset"], setup["players"], {}, [m.text for m in moves])
        rules = ser.load_ruleset(setup["ruleset"])
        assert wire(rules, rules.observe(states[version], seat)) == observation
        humans = [m for m in moves[version:] if m.actor in tokens]
        if humans:  # a person's move committed but not answered before the kill
            assert [m.actor for m in humans] == [player.in_flight]
    for game, _, tokens in games:  # every game plays on to its end
        ending = _Player(server.url, game, tokens, seed=99)
        ending.run()
        assert ending.failure is None
        assert api.view(game)["over"]
    server.stop()


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with postgres_server() as url:
        yield url


def test_two_server_processes_over_one_postgresql_serve_the_same_games(
    postgres: str, tmp_path: Path
) -> None:
    extra = ("--poll", "0.2", "--actions-per-second", "1000", "--allow-seeded-games")
    with (
        ServerProcess(postgres, log=tmp_path / "a.log", extra=extra) as first,
        ServerProcess(postgres, log=tmp_path / "b.log", extra=extra) as second,
    ):
        a, b = Api(first.url), Api(second.url)
        game = a.create(ruleset="modern", players=2, seed=12)
        tokens = [a.join(game, 0), b.join(game, 1)]
        assert a.http.post(f"/games/{game}/seats/1/join").status_code == 409  # taken, on B
        watcher = Watcher(b, game, tokens[1])
        rng = random.Random(3)
        for _ in range(30):
            seat = a.view(game)["waiting_for"]
            server = (a, b)[seat]  # each seat plays through its own server
            view = server.view(game, tokens[seat])
            answer = server.act(
                game, tokens[seat], rng.choice(view["legal"])["text"], view["version"]
            )
            assert answer.status_code == 200, answer.text
            assert (b, a)[seat].view(game, tokens[seat]) == answer.json()  # the other sees it
        version = a.view(game)["version"]
        watcher.until(version)  # B's watcher hears of the moves A made
        watcher.close()
        assert [m["version"] for m in watcher.moves()] == list(range(1, version + 1))

        seat = a.view(game)["waiting_for"]
        view = a.view(game, tokens[seat])
        text = view["legal"][0]["text"]
        results: list[int] = []
        racers = [
            threading.Thread(
                target=lambda s=s: results.append(
                    s.act(game, tokens[seat], text, view["version"]).status_code
                )
            )
            for s in (a, b)
        ]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join()
        assert sorted(results) in ([200, 409], [200, 422])  # one move, never two
        assert a.view(game)["version"] > view["version"]
        first.kill()  # one process gone: the other serves the game to its end
        ending = _Player(second.url, game, dict(enumerate(tokens)), seed=5)
        ending.run()
        assert b.view(game)["over"]
