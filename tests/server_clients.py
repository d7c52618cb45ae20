"""Clients of a running ``serenissima serve`` for the server's tests: HTTP and WebSocket.

Import it as ``server_clients`` (the ``tests`` folder is on the test path).
"""

from __future__ import annotations

import json
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

__all__ = ["Api", "Watcher", "replay_states", "wire"]


class Api:
    """The HTTP API of one server, over a real connection."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.http = httpx.Client(base_url=url, timeout=30)

    def create(self, **setup: Any) -> str:
        answer = self.http.post("/games", json=setup)
        assert answer.status_code == 201, answer.text
        game: str = answer.json()["id"]
        return game

    def join(self, game: str, seat: int) -> str:
        answer = self.http.post(f"/games/{game}/seats/{seat}/join")
        assert answer.status_code == 201, answer.text
        token: str = answer.json()["token"]
        return token

    def view(self, game: str, token: str | None = None) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = self.http.get(f"/games/{game}/view", headers=headers)
        assert answer.status_code == 200, answer.text
        view: dict[str, Any] = answer.json()
        return view

    def act(self, game: str, token: str | None, action: str, version: int) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        body = {"action": action, "version": version}
        return self.http.post(f"/games/{game}/actions", json=body, headers=headers)

    def ws_url(self, game: str, token: str | None, since: int) -> str:
        query = f"since={since}" + (f"&token={token}" if token else "")
        return f"{self.url.replace('http', 'ws', 1)}/games/{game}/ws?{query}"


class Watcher:
    """One viewer's WebSocket: every message kept, in order."""

    def __init__(self, api: Api, game: str, token: str | None, since: int = 0) -> None:
        self.socket: ClientConnection = connect(
            api.ws_url(game, token, since), open_timeout=20, legacy=True
        )
        self.messages: list[dict[str, Any]] = []
        self.raw: list[str] = []

    def until(self, version: int, timeout: float = 30) -> dict[str, Any]:
        """Read until a view of ``version`` (or later) arrives; return it."""
        while True:
            text = self.socket.recv(timeout=timeout)
            assert isinstance(text, str)
            self.raw.append(text)
            message = json.loads(text)
            self.messages.append(message)
            if message["type"] == "view" and message["version"] >= version:
                view: dict[str, Any] = message["view"]
                return view

    def moves(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "move"]

    def close(self) -> None:
        self.socket.close()


def replay_states(
    ruleset: str, players: int, options: dict[str, Any], texts: list[str]
) -> list[Any]:
    """The states of a game, version by version, from its moves' text forms."""
    import serenissima as ser

    rules = ser.load_ruleset(ruleset)
    states = [rules.new_game(players, options)]
    for text in texts:
        states.append(rules.apply(states[-1], rules.parse_action(states[-1], text)))
    return states


def wire(rules: Any, value: Any) -> Any:
    """An engine value's JSON as a client receives it (tuples as lists)."""
    from serenissima.records.serialize import to_json

    return json.loads(to_json(rules, value))
