"""The game server over real HTTP and WebSocket connections: secrecy, bad input, resuming.

One ``serenissima serve`` process on localhost for the module, over a SQLite
file the tests also read directly (the true moves, to check what each seat
was shown against the engine's own answers).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import serenissima as ser
from serenissima.server import SQLiteStore
from serenissima.server.process import ServerProcess
from server_clients import Api, Watcher, replay_states, wire


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, Path]]:
    folder = tmp_path_factory.mktemp("http")
    database = folder / "games.db"
    extra = (
        "--actions-per-second", "1000",  # the flood test has a server of its own
        "--games-per-minute", "1000", "--game-burst", "1000",  # the abuse suite has its own
        "--allow-seeded-games",  # the tests replay their games from known seeds
    )  # fmt: skip
    with ServerProcess(f"sqlite:///{database}", log=folder / "log", extra=extra) as server:
        yield server, database


@pytest.fixture(scope="module")
def api(served: tuple[ServerProcess, Path]) -> Api:
    return Api(served[0].url)


def _play_everyone(api: Api, game: str, tokens: list[str], seed: int, limit: int) -> int:
    """Play random legal actions from each seat's own view; return the version reached."""
    rng = random.Random(seed)
    for _ in range(limit):
        spectator = api.view(game)
        if spectator["over"]:
            return int(spectator["version"])
        seat = spectator["waiting_for"]
        view = api.view(game, tokens[seat])
        choice = rng.choice(view["legal"])["text"]
        answer = api.act(game, tokens[seat], choice, view["version"])
        assert answer.status_code == 200, answer.text
    return int(api.view(game)["version"])


@pytest.mark.parametrize(
    ("ruleset", "players", "options"),
    [("classic", 3, {}), ("modern", 2, {"money_visibility": "hidden"})],
)
def test_no_seat_and_no_spectator_is_ever_shown_another_seats_secrets(
    served: tuple[ServerProcess, Path],
    api: Api,
    ruleset: str,
    players: int,
    options: dict[str, Any],
) -> None:
    """C-COMP-7, C-BID-2, M-COMP-9: hidden ducats and unrevealed bids reach nobody else."""
    game = api.create(ruleset=ruleset, players=players, options=options, seed=5)
    tokens = [api.join(game, seat) for seat in range(players)]
    viewers: list[int | None] = [None, *range(players)]
    watchers = {v: Watcher(api, game, None if v is None else tokens[v]) for v in viewers}
    version = _play_everyone(api, game, tokens, seed=5, limit=160)
    for watcher in watchers.values():
        watcher.until(version)
        watcher.close()

    moves = SQLiteStore(served[1]).moves(game)
    assert len(moves) == version
    states = replay_states(ruleset, players, options, [m.text for m in moves])
    rules = ser.load_ruleset(ruleset)
    schema = api.http.get(f"/rulesets/{ruleset}/schema.json").json()
    check_view = jsonschema.Draft202012Validator(schema | {"$ref": "#/$defs/View"})
    check_move = jsonschema.Draft202012Validator(schema | {"$ref": "#/$defs/MoveMessage"})
    secret_moves = 0
    for viewer, watcher in watchers.items():
        sent = watcher.moves()
        assert [m["version"] for m in sent] == list(range(1, version + 1))  # no gap, no repeat
        for message in sent:
            check_move.validate(message)
            move = moves[message["version"] - 1]
            before = states[message["version"] - 1]
            secret = rules.is_secret(before, rules.parse_action(before, move.text))
            if secret and viewer != move.actor:
                secret_moves += 1
                assert message["action"] is None
                assert message["hidden"]
                assert move.text not in json.dumps(message)
            else:
                assert message["action"] == move.text
        for message in watcher.messages:
            if message["type"] != "view":
                continue
            shown = message["view"]
            check_view.validate(shown)
            state = states[shown["version"]]
            assert shown["observation"] == wire(rules, rules.observe(state, viewer))
            ducats = shown["observation"]["ducats"]
            assert all(d is None for s, d in enumerate(ducats) if s != viewer)
            if "bids" in shown["observation"] and shown["decision"]["kind"] == "bid":
                bids = shown["observation"]["bids"]
                assert all(b is None for s, b in enumerate(bids) if s != viewer)
            assert (shown["standings"] is not None) == shown["over"]
    if ruleset == "classic":
        assert secret_moves > 0  # bids were made, and hidden from the others


def test_each_refusal_is_a_clear_4xx_and_changes_nothing(api: Api) -> None:
    game = api.create(
        ruleset="classic", players=2, seats=[{"kind": "human"}, {"kind": "random"}], seed=3
    )
    token = api.join(game, 0)
    other = api.create(ruleset="classic", players=2, seed=4)
    stranger = api.join(other, 0)
    before = api.view(game, token)
    version = before["version"]
    legal = before["legal"][0]["text"]
    http = api.http
    url = f"/games/{game}/actions"
    bearer = {"Authorization": f"Bearer {token}"}
    refusals: list[tuple[int, str, Any]] = [
        (401, "Unauthorized", api.act(game, None, legal, version)),
        (
            401,
            "Unauthorized",
            http.post(
                url,
                json={"action": legal, "version": version},
                headers={"Authorization": "Basic abc"},
            ),
        ),
        (403, "Forbidden", api.act(game, "not-a-token", legal, version)),
        (403, "Forbidden", api.act(game, stranger, legal, version)),
        (409, "VersionConflictError", api.act(game, token, legal, version + 1)),
        (422, "IllegalActionError", api.act(game, token, "bid 100", version)),
        (422, "ActionParseError", api.act(game, token, "sail to the moon", version)),
        (
            422,
            "MalformedRequest",
            http.post(
                url, content=b'{"action": ', headers=bearer | {"Content-Type": "application/json"}
            ),
        ),
        (
            422,
            "MalformedRequest",
            http.post(url, json={"action": legal, "version": version, "x": 1}, headers=bearer),
        ),
        (
            422,
            "MalformedRequest",
            http.post(url, json={"action": 7, "version": version}, headers=bearer),
        ),
        (
            413,
            "PayloadTooLarge",
            http.post(
                url, content=b" " * 200_000, headers=bearer | {"Content-Type": "application/json"}
            ),
        ),
        (
            413,
            "PayloadTooLarge",  # streamed, with no length declared: counted as it comes
            http.post(
                url,
                content=iter([b" " * 40_000] * 5),
                headers=bearer | {"Content-Type": "application/json"},
            ),
        ),
        (404, "UnknownGameError", api.act("no-such-game", token, legal, version)),
        (404, "UnknownGameError", http.get("/games/no-such-game/view")),
        (404, "UnknownSeat", http.post(f"/games/{game}/seats/9/join")),
        (409, "SeatError", http.post(f"/games/{game}/seats/0/join")),
        (409, "SeatError", http.post(f"/games/{game}/seats/1/join")),
        (
            422,
            "ArgumentValueError",
            http.post(
                "/games",
                json={
                    "ruleset": "classic",
                    "players": 2,
                    "seats": [{"kind": "greedy-omniscient"}, {"kind": "human"}],
                },
            ),
        ),
        (422, "OptionError", http.post("/games", json={"ruleset": "classic", "players": 7})),
        (
            422,
            "MalformedRequest",
            http.post("/games", json={"ruleset": "classic", "colour": "red"}),
        ),
        (422, "ArgumentValueError", http.post("/games", json={"ruleset": "/tmp", "players": 2})),
        (404, "UnknownRuleset", http.get("/rulesets/nothing/board.svg")),
    ]
    for status, error, answer in refusals:
        assert answer.status_code == status, (error, answer.text)
        body = answer.json()
        assert body["error"] == error
        assert body["message"]
    illegal = refusals[5][2].json()
    assert illegal["rule_id"] == "C-SETUP-4"
    assert "bid 100" in illegal["message"]
    assert refusals[0][2].headers["WWW-Authenticate"] == "Bearer"
    assert api.view(game, token) == before


def test_a_flood_of_actions_is_refused_with_429_and_changes_nothing(tmp_path: Path) -> None:
    extra = ("--actions-per-second", "2", "--allow-seeded-games")
    with ServerProcess(f"sqlite:///{tmp_path}/games.db", extra=extra) as server:
        flood = Api(server.url)
        game = flood.create(ruleset="modern", players=2, seed=1)
        token = flood.join(game, 0)
        flood.join(game, 1)
        before = flood.view(game)
        codes = [
            flood.act(game, token, "nonsense", before["version"]).status_code for _ in range(80)
        ]
        assert set(codes) == {422, 429}
        assert codes.count(429) >= 80 - 41  # a burst of 40 at most, then 2 a second
        answer = flood.act(game, token, "nonsense", before["version"])
        assert answer.status_code == 429
        assert answer.headers["Retry-After"] == "1"  # a token comes back within half a second
        assert answer.json()["error"] == "TooManyRequests"
        assert flood.view(game) == before


def test_a_websocket_refuses_a_wrong_token_an_unknown_game_and_a_future_version(api: Api) -> None:
    game = api.create(ruleset="modern", players=2, seed=2)
    version = api.view(game)["version"]
    for url, code in (
        (api.ws_url(game, "wrong", 0), 4403),
        (api.ws_url("nothing-here", None, 0), 4404),
        (api.ws_url(game, None, version + 5), 4422),
    ):
        with connect(url) as socket, pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=10)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == code
        assert str(code) in api.contract.asyncapi["channels"]["game"]["x-close-codes"]


def test_a_client_that_reconnects_from_its_last_version_misses_nothing(api: Api) -> None:
    game = api.create(ruleset="classic", players=2, seed=8)
    tokens = [api.join(game, 0), api.join(game, 1)]
    first = Watcher(api, game, tokens[0])
    first.until(api.view(game)["version"])
    _play_everyone(api, game, tokens, seed=1, limit=15)
    middle = api.view(game)["version"]
    first.until(middle)
    first.close()
    seen = first.moves()[-1]["version"]
    _play_everyone(api, game, tokens, seed=2, limit=15)  # moves made while away
    again = Watcher(api, game, tokens[0], since=seen)
    end = api.view(game)["version"]
    again.until(end)
    again.close()
    versions = [m["version"] for m in first.moves() + again.moves()]
    assert versions == list(range(1, end + 1))


def test_the_lobby_lists_games_without_their_seed(api: Api) -> None:
    game = api.create(
        ruleset="modern",
        players=3,
        seats=[{"kind": "human"}, {"kind": "greedy"}, {"kind": "random"}],
        seed=99,
    )
    deadline = time.monotonic() + 30
    while True:  # the bots think in the background until the person's turn comes
        listed = {e["id"]: e for e in api.http.get("/games", params={"limit": 200}).json()}
        entry = listed[game]
        if entry["status"] == "person" or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert entry["status"] == "person"
    assert entry["waiting_for"] == entry["to_act"] == 0
    assert entry["ruleset"] == "modern"
    assert [s["kind"] for s in entry["seats"]] == ["human", "greedy", "random"]
    assert [s["joined"] for s in entry["seats"]] == [False, True, True]
    assert "seed" not in entry
    assert 99 not in entry.values()
    assert entry["seeded"] is True
    assert api.http.get(f"/games/{game}").json() == entry
    assert api.http.get("/games", params={"limit": 0}).status_code == 422


def test_the_openapi_document_and_the_schemas_are_served(api: Api) -> None:
    document = api.http.get("/openapi.json").json()
    paths = document["paths"]
    for path in ("/games", "/games/{game_id}/view", "/games/{game_id}/actions",
                 "/games/{game_id}/seats/{seat}/join"):  # fmt: skip
        assert path in paths
    assert "View" in document["components"]["schemas"]
    for ruleset in ("classic", "modern"):
        bundle = api.http.get(f"/rulesets/{ruleset}/schema.json").json()
        jsonschema.Draft202012Validator.check_schema(bundle)
        for name in ("Action", "Event", "Observation", "Standings", "View", "MoveMessage"):
            assert name in bundle["$defs"]
    board = api.http.get("/rulesets/classic/board.json").json()
    svg = api.http.get("/rulesets/classic/board.svg")
    assert svg.headers["content-type"].startswith("image/svg+xml")
    assert all(f'data-area="{port["area"]}"' in svg.text for port in board["ports"])


def test_dice_entered_by_a_seat_wait_for_that_seat(api: Api) -> None:
    game = api.create(ruleset="modern", players=2, seed=4, chance_by=1)
    tokens = [api.join(game, 0), api.join(game, 1)]
    view = api.view(game, tokens[1])
    assert view["to_act"] == -1
    assert view["waiting_for"] == 1
    assert api.view(game, tokens[0])["legal"] == []
    outcomes = view["legal"]
    assert all(o["probability"] for o in outcomes)
    refused = api.act(game, tokens[0], outcomes[0]["text"], view["version"])
    assert refused.status_code == 422
    assert refused.json()["error"] == "OutOfTurnError"
    played = api.act(game, tokens[1], outcomes[-1]["text"], view["version"])
    assert played.status_code == 200, played.text
    assert played.json()["version"] == view["version"] + 1


def test_a_thinking_bot_holds_up_nobody_and_its_move_comes_over_the_websocket(
    served: tuple[ServerProcess, Path], api: Api
) -> None:
    seats = [{"kind": "human"}, {"kind": "ismcts:4s"}]
    slow = api.create(ruleset="modern", players=2, seed=6, seats=seats)
    token = api.join(slow, 0)
    other = api.create(ruleset="classic", players=2, seed=6)
    tokens = [api.join(other, 0), api.join(other, 1)]
    rules = ser.load_ruleset("modern")
    while True:  # find a move of the person after which the bot decides
        view = api.view(slow, token)
        texts = [m.text for m in SQLiteStore(served[1]).moves(slow)]
        state = replay_states("modern", 2, {}, texts)[-1]
        handing = [
            a["text"]
            for a in view["legal"]
            if rules.apply(state, rules.parse_action(state, a["text"])).to_act == 1
        ]
        if handing:
            break
        assert api.act(slow, token, view["legal"][0]["text"], view["version"]).status_code == 200
    watcher = Watcher(api, slow, token, since=view["version"])
    watcher.until(view["version"])
    sent = time.monotonic()
    answer = api.act(slow, token, handing[0], view["version"])
    answered = time.monotonic() - sent
    assert answer.status_code == 200, answer.text
    handed = answer.json()
    assert handed["to_act"] == 1  # answered once stored: the bot has not moved yet
    assert handed["waiting_for"] is None
    assert answered < 2  # the bot thinks for four seconds, off the request's path
    # while it thinks, its own game's view, the lobby and another game all answer
    assert api.view(slow)["version"] == handed["version"]
    assert api.http.get("/games", params={"limit": 5}).status_code == 200
    assert api.http.get(f"/games/{slow}").json()["status"] == "owed"
    played = _play_everyone(Api(api.url), other, tokens, seed=1, limit=10)
    assert played >= 10
    after = watcher.until(handed["version"] + 1, timeout=60)  # the bot's move, pushed
    watcher.close()
    assert [m["actor"] for m in watcher.moves() if m["version"] == handed["version"] + 1] == [1]
    assert after["version"] > handed["version"]
    assert api.view(slow)["version"] >= after["version"]


def test_the_server_log_never_shows_a_token(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    extra = ("--log-level", "info")
    with ServerProcess(f"sqlite:///{tmp_path}/games.db", log=log, extra=extra) as server:
        logged = Api(server.url)
        game = logged.create(ruleset="modern", players=2)
        token = logged.join(game, 0)
        watcher = Watcher(logged, game, token)
        watcher.until(0)
        watcher.close()
        logged.view(game, token)
    text = log.read_text()
    assert f"/games/{game}/ws?" in text  # the WebSocket was logged...
    assert "token=***" in text
    assert token not in text  # ...without its token
