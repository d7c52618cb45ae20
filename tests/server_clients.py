"""Clients of a running ``serenissima serve`` for the server's tests: HTTP and WebSocket.

Every HTTP answer an :class:`Api` receives, and every WebSocket message a
:class:`Watcher` reads, is checked against the server's own contract
(:class:`Contract`: the OpenAPI and AsyncAPI documents it serves), so a
body or a message the documents do not describe fails the test that got it.

Import it as ``server_clients`` (the ``tests`` folder is on the test path).
"""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import jsonschema
from websockets.sync.client import ClientConnection, connect

__all__ = ["UNDOCUMENTED", "Api", "Contract", "Watcher", "replay_states", "wire"]

UNDOCUMENTED = re.compile(r"^/(openapi\.json|asyncapi\.json|play(/.*)?|docs|redoc)?$")
"""The paths the OpenAPI document leaves out: itself, the AsyncAPI document, the page."""


class Contract:
    """The OpenAPI and AsyncAPI documents of a server, to check its answers and messages against.

    HTTP bodies are checked as JSON Schema 2020-12 (OpenAPI 3.1's dialect), WebSocket
    messages as draft 7 (AsyncAPI's schema format). Each check raises
    ``jsonschema.ValidationError`` for a value the documents do not allow, and
    ``AssertionError`` for an answer or a message they do not describe at all.
    """

    def __init__(self, openapi: dict[str, Any], asyncapi: dict[str, Any]) -> None:
        self.openapi = openapi
        self.asyncapi = asyncapi
        self._paths = [
            (re.compile("^" + re.sub(r"\\{[^/]+?\\}", "[^/]+", re.escape(path)) + "$"), path)
            for path in openapi["paths"]
        ]
        self._checkers: dict[tuple[str, ...], jsonschema.protocols.Validator] = {}

    @classmethod
    def served(cls, url: str) -> Contract:
        """The documents the server at ``url`` serves."""
        documents = [
            httpx.get(f"{url}/{name}", timeout=30) for name in ("openapi.json", "asyncapi.json")
        ]
        for answer in documents:
            assert answer.status_code == 200, answer.text
        return cls(documents[0].json(), documents[1].json())

    def _checker(self, key: tuple[str, ...], schema: dict[str, Any], draft: Any) -> Any:
        if key not in self._checkers:
            document = self.openapi if draft is jsonschema.Draft202012Validator else self.asyncapi
            root = {"allOf": [schema], "components": document["components"]}
            self._checkers[key] = draft(root)
        return self._checkers[key]

    def check_answer(self, answer: httpx.Response) -> None:
        """Check an HTTP answer's status and JSON body against the OpenAPI document."""
        path = answer.request.url.path
        if UNDOCUMENTED.match(path):
            return
        template = next((t for pattern, t in self._paths if pattern.match(path)), None)
        assert template is not None, f"{path} is not in the OpenAPI document"
        method = answer.request.method.lower()
        operation = self.openapi["paths"][template].get(method)
        assert operation is not None, f"{method.upper()} {template} is not in the OpenAPI document"
        status = str(answer.status_code)
        responses = operation["responses"]
        documented = next(
            (k for k in (status, status[0] + "XX", "default") if k in responses), None
        )
        assert documented is not None, f"{method.upper()} {template} documents no {status}"
        content = responses[documented].get("content", {})
        media = answer.headers.get("content-type", "").split(";")[0].strip()
        assert not content or media in content, f"{media} is not documented for {status}"
        schema = content.get(media, {}).get("schema")
        if schema is not None and media == "application/json":
            checker = self._checker(
                (template, method, documented), schema, jsonschema.Draft202012Validator
            )
            checker.validate(answer.json())

    def check_message(self, message: Any) -> None:
        """Check a WebSocket message against the AsyncAPI message of its ``type``."""
        assert isinstance(message, dict), f"a message is a JSON object, not {message!r}"
        kind = message.get("type")
        messages = self.asyncapi["channels"]["game"]["messages"]
        assert kind in messages, f"the AsyncAPI document has no message of type {kind!r}"
        payload = self.asyncapi["components"]["messages"][kind]["payload"]
        self._checker(("ws", kind), payload, jsonschema.Draft7Validator).validate(message)


class Api:
    """The HTTP API of one server, over a real connection, each answer checked by the contract."""

    def __init__(self, url: str, contract: Contract | None = None) -> None:
        self.url = url
        self._contract = contract
        self.http = httpx.Client(base_url=url, timeout=30, event_hooks={"response": [self._check]})

    @property
    def contract(self) -> Contract:
        """The server's contract, read once."""
        if self._contract is None:
            self._contract = Contract.served(self.url)
        return self._contract

    def _check(self, answer: httpx.Response) -> None:
        answer.read()
        self.contract.check_answer(answer)

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
        self.contract = api.contract
        self.messages: list[dict[str, Any]] = []
        self.raw: list[str] = []

    def until(self, version: int, timeout: float = 30) -> dict[str, Any]:
        """Read until a view of ``version`` (or later) arrives; return it."""
        while True:
            text = self.socket.recv(timeout=timeout)
            assert isinstance(text, str)
            self.raw.append(text)
            message = json.loads(text)
            self.contract.check_message(message)
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
