"""The server under abuse, over real connections to ``serenissima serve`` on localhost.

Each case is something an anonymous client could try: a bot told to think for
ever, forged tokens by the thousand, floods of games and WebSockets, requests
that trickle in, a seed of its own choosing, values of the wrong type. Each
asserts the refusal (status or close code, and the error's name), and that
meanwhile the server goes on answering a view within a second (a prober reads
one every tenth of a second for the whole case) and keeps its memory under a
stated bound.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import jsonschema
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from serenissima.server.process import ServerProcess
from server_clients import Api, Watcher

RESPONSIVE = 1.0
"""The longest a view may take while the server is abused, in seconds."""
MEMORY_MIB = 400
"""The most resident memory the server process (without its bot workers) may hold, in MiB."""

LIMITS = (
    "--max-bot-seconds", "2", "--max-bot-iterations", "3000",
    "--games-per-minute", "600", "--game-burst", "200",
    "--sockets-per-client", "4", "--body-seconds", "1", "--head-seconds", "1",
)  # fmt: skip
"""The module server's limits: bots capped at two seconds, quick timeouts, four WebSockets."""


def _rss_mib(server: ServerProcess) -> float:
    """The server process's resident memory (Linux), in MiB."""
    assert server.process is not None
    for line in Path(f"/proc/{server.process.pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


class Prober(threading.Thread):
    """Reads a view every tenth of a second and keeps the slowest answer (or a failure)."""

    def __init__(self, url: str, game: str) -> None:
        super().__init__(daemon=True)
        api = Api(url)  # each answer checked against the contract, read before the clock starts
        api.contract  # noqa: B018
        self.http = api.http
        self.game = game
        self.slowest = 0.0
        self.reads = 0
        self.failure: str | None = None
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            started = time.perf_counter()
            try:
                answer = self.http.get(f"/games/{self.game}/view")
            except (httpx.HTTPError, AssertionError, jsonschema.ValidationError) as error:
                self.failure = repr(error)
                return
            self.slowest = max(self.slowest, time.perf_counter() - started)
            self.reads += 1
            if answer.status_code != 200:
                self.failure = answer.text
                return
            self.stop.wait(0.1)

    def check(self) -> None:
        self.stop.set()
        self.join(timeout=15)
        assert self.failure is None, self.failure
        assert self.reads > 0
        assert self.slowest < RESPONSIVE, f"a view took {self.slowest:.2f} s"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("abuse")
    with ServerProcess(f"sqlite:///{folder}/games.db", log=folder / "log", extra=LIMITS) as server:
        yield server
        assert _rss_mib(server) < MEMORY_MIB


@pytest.fixture
def api(served: ServerProcess) -> Api:
    return Api(served.url)


@pytest.fixture
def probe(served: ServerProcess, api: Api) -> Iterator[Prober]:
    """A view read throughout the case; the case fails if one took a second or more."""
    game = api.create(ruleset="classic", players=2)
    prober = Prober(served.url, game)
    prober.start()
    yield prober
    prober.check()


def _refused(answer: httpx.Response, status: int, error: str) -> dict[str, Any]:
    assert answer.status_code == status, answer.text
    body: dict[str, Any] = answer.json()
    assert body["error"] == error, body
    assert body["message"]
    return body


def test_a_bot_budget_over_the_cap_is_refused_naming_the_cap(api: Api, probe: Prober) -> None:
    over = (("ismcts:999999", "--max-bot-iterations"), ("ismcts:3000s", "--max-bot-seconds"))
    for kind, cap in over:
        answer = api.http.post(
            "/games",
            json={"ruleset": "classic", "players": 2, "seats": [{"kind": "human"}, {"kind": kind}]},
        )
        body = _refused(answer, 422, "BotBudgetError")
        assert cap in body["message"]
    for absurd in ("ismcts:999999999", "ismcts-learned:9999s"):  # past any server's cap
        answer = api.http.post(
            "/games",
            json={"ruleset": "classic", "players": 2, "seats": [{"kind": absurd}] * 2},
        )
        assert answer.status_code == 422
        assert "bad budget" in answer.json()["message"]
    assert (
        api.http.post(
            "/games",
            json={"ruleset": "classic", "players": 2, "seats": [{"kind": "ismcts:2s"}] * 2},
        ).status_code
        == 201
    )  # at the cap: allowed


def test_the_lobby_and_every_view_answer_while_bots_think_at_their_cap(
    api: Api, probe: Prober
) -> None:
    """Two games of search bots thinking at the cap (two seconds a decision, for ever)."""
    seats = [{"kind": "ismcts"}, {"kind": "ismcts:2s"}]
    busy = [api.create(ruleset=name, players=2, seats=seats) for name in ("classic", "modern")]
    person = api.create(ruleset="modern", players=2)
    tokens = [api.join(person, 0), api.join(person, 1)]
    started = time.monotonic()
    slowest = 0.0
    while time.monotonic() - started < 6:
        for request in (
            lambda: api.http.get("/games", params={"limit": 50}),
            lambda: api.http.get(f"/games/{busy[0]}"),
            lambda: api.http.get(f"/games/{busy[1]}/view"),
        ):
            sent = time.perf_counter()
            assert request().status_code == 200
            slowest = max(slowest, time.perf_counter() - sent)
        view = api.view(person)
        if view["over"]:  # a person's game played out: another
            person = api.create(ruleset="modern", players=2)
            tokens = [api.join(person, 0), api.join(person, 1)]
            view = api.view(person)
        seat = view["waiting_for"]
        assert seat is not None, view["decision"]
        mine = api.view(person, tokens[seat])
        sent = time.perf_counter()
        answer = api.act(person, tokens[seat], mine["legal"][0]["text"], mine["version"])
        slowest = max(slowest, time.perf_counter() - sent)
        assert answer.status_code in (200, 429), answer.text
    assert slowest < RESPONSIVE
    moved = [api.http.get(f"/games/{game}").json()["version"] for game in busy]
    assert all(version > 0 for version in moved)  # the bots did play meanwhile


def test_forged_tokens_are_refused_and_cost_no_memory(
    served: ServerProcess, api: Api, probe: Prober
) -> None:
    game = api.create(ruleset="modern", players=2)
    url = f"/games/{game}/actions"
    body = {"action": "pass", "version": 0}
    for number in range(50):  # warm up: the first requests allocate what every request uses
        api.http.post(url, json=body, headers={"Authorization": f"Bearer {number:07000d}"})
    before = _rss_mib(served)
    huge = "x" * 100_000  # far past the header limit: refused before any route
    # The HTTP layer refuses these before the application sees them: its plain-text 400
    # is not an answer of the API's contract, so they go by a client that does not check it.
    with httpx.Client(base_url=api.url, timeout=30) as raw:
        for number in range(200):
            try:
                answer = raw.post(
                    url, json=body, headers={"Authorization": f"Bearer {huge}{number}"}
                )
            except httpx.TransportError:  # refused (400) and closed while the head was sent
                continue
            assert answer.status_code in (400, 431)
    for number in range(1500):  # just under the header limit, each one new: 10 MiB in all
        token = f"{number:07000d}"
        answer = api.http.post(url, json=body, headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code == 403, answer.text
    grown = _rss_mib(served) - before
    assert grown < 5, f"the server grew {grown:.1f} MiB over 1,700 forged tokens"
    _refused(
        api.http.post(url, json=body, headers={"Authorization": "Bearer " + "y" * 10_000}),
        431,
        "RequestHeaderFieldsTooLarge",
    )


def test_websockets_are_limited_per_address(served: ServerProcess, api: Api, probe: Prober) -> None:
    game = api.create(ruleset="modern", players=2)
    # the module allows four; the probe's game has none open
    open_ = [Watcher(api, game, None) for _ in range(4)]
    for watcher in open_:
        watcher.until(0)
    with connect(api.ws_url(game, None, 0)) as extra, pytest.raises(ConnectionClosed) as closed:
        extra.recv(timeout=10)
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == 4429
    assert "4429" in api.contract.asyncapi["channels"]["game"]["x-close-codes"]
    open_.pop().close()
    time.sleep(0.3)  # the server hears the close
    again = Watcher(api, game, None)
    assert again.until(0)["game"] == game
    for watcher in [*open_, again]:
        watcher.close()


def _raw(served: ServerProcess) -> socket.socket:
    return socket.create_connection(("127.0.0.1", served.port), timeout=10)


def test_a_request_that_trickles_in_is_cut_off(served: ServerProcess, probe: Prober) -> None:
    with _raw(served) as slow_body:  # a body that never comes whole: 408
        slow_body.sendall(
            b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b'Content-Length: 100\r\n\r\n{"ruleset"'
        )
        started = time.monotonic()
        answer = b""
        while chunk := slow_body.recv(4096):  # the server closes the connection after it
            answer += chunk
        assert answer.startswith(b"HTTP/1.1 408"), answer[:80]
        assert b"RequestTimeout" in answer
        assert time.monotonic() - started < 5
    with _raw(served) as slow_head:  # a head sent a byte at a time: the connection is closed
        started = time.monotonic()
        closed = False
        for byte in b"GET /games HTTP/1.1\r\nHost: localhost\r\nX-Slow: " + b"a" * 100:
            try:
                slow_head.sendall(bytes([byte]))
            except OSError:
                closed = True
                break
            time.sleep(0.1)
            if time.monotonic() - started > 6:
                break
        if not closed:
            slow_head.settimeout(5)
            try:
                closed = slow_head.recv(4096) == b""
            except OSError:
                closed = True
        assert closed
        assert time.monotonic() - started < 6


def test_a_seed_is_refused_and_games_are_marked_unseeded(api: Api, probe: Prober) -> None:
    body = _refused(
        api.http.post("/games", json={"ruleset": "modern", "players": 2, "seed": 7}),
        403,
        "SeededGamesRefused",
    )
    assert "--allow-seeded-games" in body["message"]
    game = api.create(ruleset="modern", players=2)
    assert api.http.get(f"/games/{game}").json()["seeded"] is False
    assert api.view(game)["seeded"] is False
    token = api.join(game, 0)
    assert api.view(game, token)["seeded"] is False


def test_seeded_games_are_marked_where_the_server_allows_them(tmp_path: Path) -> None:
    extra = ("--allow-seeded-games",)
    with ServerProcess(f"sqlite:///{tmp_path}/games.db", extra=extra) as server:
        api = Api(server.url)
        game = api.create(ruleset="classic", players=2, seed=7)
        listed = [e for e in api.http.get("/games").json() if e["id"] == game]
        assert listed[0]["seeded"] is True
        assert api.view(game)["seeded"] is True
        assert api.view(game, api.join(game, 0))["seeded"] is True
        unseeded = api.create(ruleset="classic", players=2)
        assert api.view(unseeded)["seeded"] is False


def test_values_of_the_wrong_type_are_refused_not_coerced(api: Api, probe: Prober) -> None:
    game = api.create(ruleset="classic", players=2)
    token = api.join(game, 0)
    api.join(game, 1)
    view = api.view(game, token)
    assert view["waiting_for"] == 0
    legal = view["legal"][0]["text"]
    bearer = {"Authorization": f"Bearer {token}"}
    url = f"/games/{game}/actions"
    for version in (str(view["version"]), True, float(view["version"]), [view["version"]]):
        answer = api.http.post(url, json={"action": legal, "version": version}, headers=bearer)
        _refused(answer, 422, "MalformedRequest")
    for players in ("2", True, 2.0):
        answer = api.http.post("/games", json={"ruleset": "classic", "players": players})
        _refused(answer, 422, "MalformedRequest")
    number = legal.split()[-1]
    arabic = legal[: -len(number)] + number.translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))
    assert arabic != legal
    answer = api.http.post(url, json={"action": arabic, "version": view["version"]}, headers=bearer)
    _refused(answer, 422, "ActionParseError")
    assert api.view(game, token) == view  # nothing changed


def test_game_creation_is_limited_per_address(tmp_path: Path) -> None:
    extra = ("--games-per-minute", "6", "--game-burst", "3")
    with ServerProcess(f"sqlite:///{tmp_path}/games.db", extra=extra) as server:
        api = Api(server.url)
        made = [api.create(ruleset="modern", players=2) for _ in range(3)]
        answer = api.http.post("/games", json={"ruleset": "modern", "players": 2})
        _refused(answer, 429, "TooManyRequests")
        assert 1 <= int(answer.headers["Retry-After"]) <= 10
        assert {e["id"] for e in api.http.get("/games").json()} == set(made)


def test_a_creation_token_guards_game_creation(tmp_path: Path) -> None:
    extra = ("--create-token", "s3cret-of-the-host")
    with ServerProcess(f"sqlite:///{tmp_path}/games.db", extra=extra) as server:
        http = httpx.Client(base_url=server.url, timeout=30)
        setup = {"ruleset": "modern", "players": 2}
        _refused(http.post("/games", json=setup), 401, "Unauthorized")
        wrong = {"Authorization": "Bearer guess"}
        _refused(http.post("/games", json=setup, headers=wrong), 403, "Forbidden")
        right = {"Authorization": "Bearer s3cret-of-the-host"}
        assert http.post("/games", json=setup, headers=right).status_code == 201


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


def test_owed_bot_moves_are_taken_up_after_kill_9_without_stalling_a_read(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path}/games.db"
    server = ServerProcess(database, log=tmp_path / "log", extra=("--max-bot-seconds", "2"))
    server.start()
    try:
        api = Api(server.url)
        seats = [{"kind": "ismcts:2s"}, {"kind": "ismcts:2s"}]
        games = [api.create(ruleset=name, players=2, seats=seats) for name in ("classic", "modern")]
        time.sleep(1.0)  # the bots are thinking
        assert server.process is not None
        workers = _children(server.process.pid)
        assert workers  # the bots think in processes of their own
        server.kill()
        deadline = time.monotonic() + 10
        while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(_alive(pid) for pid in workers)  # no worker outlives its server
        server.start()
        started = time.perf_counter()
        listed = api.http.get("/games")
        assert listed.status_code == 200
        versions = {e["id"]: e["version"] for e in listed.json()}
        for game in games:
            assert api.http.get(f"/games/{game}").status_code == 200
            assert api.http.get(f"/games/{game}/view").status_code == 200
        assert time.perf_counter() - started < 4 * RESPONSIVE  # no read waits for a bot
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # the restarted server plays the owed moves
            now = {g: api.http.get(f"/games/{g}").json()["version"] for g in games}
            if all(now[g] > versions[g] for g in games):
                break
            time.sleep(0.5)
        assert all(now[g] > versions[g] for g in games)
    finally:
        server.stop()
