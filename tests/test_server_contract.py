"""The server's contract: its OpenAPI and AsyncAPI documents, checked by standard validators.

The OpenAPI document is checked by ``openapi-spec-validator``, the AsyncAPI
document by the AsyncAPI initiative's own parser (``@asyncapi/parser``, run by
Node from ``clients/typescript``, whose packages ``npm ci`` installs). The
checker that the other server tests run on every answer and message
(:class:`server_clients.Contract`) is shown to refuse what the documents do
not allow.
"""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import jsonschema
import pytest
from openapi_spec_validator import validate
from openapi_spec_validator.validation.exceptions import OpenAPIValidationError

import serenissima as ser
from serenissima.server import SQLiteStore
from serenissima.server._contract import asyncapi
from serenissima.server.app import create_app
from serenissima.server.process import ServerProcess
from server_clients import Api, Contract, Watcher

CLIENT = Path(__file__).resolve().parent.parent / "clients" / "typescript"
VALIDATOR = CLIENT / "scripts" / "validate-asyncapi.mjs"


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    folder = tmp_path_factory.mktemp("contract")
    extra = ("--allow-seeded-games",)
    with ServerProcess(f"sqlite:///{folder}/games.db", log=folder / "log", extra=extra) as server:
        yield Api(server.url)


def _asyncapi_parser(document: dict[str, Any], folder: Path) -> subprocess.CompletedProcess[str]:
    """Run the AsyncAPI parser on ``document``; its output and exit status."""
    node = shutil.which("node")
    assert node is not None, "the contract's test needs Node (apt-get install nodejs npm)"
    assert (CLIENT / "node_modules" / "@asyncapi" / "parser").is_dir(), (
        f"run 'npm ci' in {CLIENT} first (.ci/run does)"
    )
    path = folder / "asyncapi.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return subprocess.run(
        [node, str(VALIDATOR), "--strict", str(path)],
        cwd=CLIENT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_openapi_document_is_valid_and_types_each_rulesets_values(api: Api) -> None:
    document = api.contract.openapi
    validate(document)
    schemas = document["components"]["schemas"]
    view = schemas["View"]
    assert view["discriminator"]["propertyName"] == "ruleset"
    assert sorted(view["discriminator"]["mapping"]) == ["classic", "modern"]
    for ruleset in ("classic", "modern"):
        typed = schemas[f"{ruleset}.View"]["properties"]
        assert typed["ruleset"]["const"] == ruleset
        assert typed["observation"]["$ref"] == f"#/components/schemas/{ruleset}.Observation"
        assert typed["legal"]["items"]["$ref"] == f"#/components/schemas/{ruleset}.LegalAction"
        rules = ser.load_ruleset(ruleset)
        index = schemas[f"{ruleset}.LegalAction"]["properties"]["index"]
        assert index["maximum"] + 1 == max(rules.num_actions(p) for p in rules.info.players)
        standings = [s.get("$ref") for s in typed["standings"]["anyOf"]]
        assert f"#/components/schemas/{ruleset}.Standings" in standings
        events = schemas[f"{ruleset}.EventItem"]["properties"]["data"]
        assert events["$ref"] == f"#/components/schemas/{ruleset}.Event"
    refs = set(_refs(document))
    assert f"#/components/schemas/{ruleset}.Event" in refs
    assert all(ref.removeprefix("#/components/schemas/") in schemas for ref in refs)
    broken = copy.deepcopy(document)
    broken["paths"]["/games"]["post"]["responses"] = "none"
    with pytest.raises(OpenAPIValidationError):
        validate(broken)


def test_the_asyncapi_document_is_valid_by_the_official_parser(api: Api, tmp_path: Path) -> None:
    document = api.http.get("/asyncapi.json").json()
    checked = _asyncapi_parser(document, tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "valid AsyncAPI 3.0.0 document" in checked.stdout
    channel = document["channels"]["game"]
    assert channel["address"] == "/games/{game_id}/ws"
    assert set(channel["bindings"]["ws"]["query"]["properties"]) == {"token", "since"}
    assert {"4403", "4404", "4422", "4429"} <= set(channel["x-close-codes"])
    assert document["components"]["schemas"]["View"] == _draft7_view(api.contract.openapi)
    broken = copy.deepcopy(document)
    broken["operations"]["sendMove"]["messages"] = [{"$ref": "#/channels/game/messages/bid"}]
    refused = _asyncapi_parser(broken, tmp_path)
    assert refused.returncode == 1, refused.stdout + refused.stderr
    assert "does not exist" in refused.stdout


def _refs(node: Any) -> Iterator[str]:
    """Every ``$ref`` in a document."""
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield node["$ref"]
        for value in node.values():
            yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


def _draft7_view(openapi: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI document's ``View`` as the AsyncAPI document should hold it."""
    view = copy.deepcopy(openapi["components"]["schemas"]["View"])
    view["discriminator"] = view["discriminator"]["propertyName"]
    return view


def test_the_checker_refuses_a_malformed_answer_or_message(api: Api) -> None:
    contract = api.contract
    game = api.create(ruleset="modern", players=2, seed=1)
    watcher = Watcher(api, game, None)
    view = watcher.until(api.view(game)["version"])
    watcher.close()
    message = {"type": "view", "version": view["version"], "view": view}
    contract.check_message(message)
    for broken in (
        {**message, "view": {**view, "observation": {"nothing": 1}}},
        {**message, "view": {**view, "ruleset": "classic"}},  # with a modern observation
        {**message, "view": {**view, "standings": {"winners": "all"}}},
        {**message, "view": {**view, "legal": [{"text": "pass", "index": 10**6}]}},
        {key: value for key, value in message.items() if key != "version"},
    ):
        with pytest.raises(jsonschema.ValidationError):
            contract.check_message(broken)
    move = watcher.moves()[0]
    contract.check_message(move)
    with pytest.raises(jsonschema.ValidationError):
        contract.check_message({**move, "events": [{"text": "x", "data": {"kind": "Nothing"}}]})
    with pytest.raises(AssertionError):
        contract.check_message({"type": "gossip"})

    refusing = {**contract.openapi, "components": {"schemas": {"View": {"not": {}}}}}
    with pytest.raises(jsonschema.ValidationError):  # every answer of an Api is checked...
        Api(api.url, Contract(refusing, contract.asyncapi)).view(game)
    refusing = copy.deepcopy(contract.asyncapi)
    refusing["components"]["schemas"]["ViewMessage"] = {"not": {}}
    checked = Watcher(Api(api.url, Contract(contract.openapi, refusing)), game, None)
    with pytest.raises(jsonschema.ValidationError):  # ...and every message of a Watcher
        checked.until(0)
    checked.close()

    answer = api.http.get(f"/games/{game}/view")
    request = answer.request
    for status, body in (
        (200, {**view, "seats": "two"}),
        (404, {"message": "no error named"}),
    ):
        forged = httpx.Response(status, json=body, request=request)
        with pytest.raises(jsonschema.ValidationError):
            contract.check_answer(forged)
    with pytest.raises(AssertionError):  # a status the document does not give
        contract.check_answer(httpx.Response(503, json={}, request=request))
    with pytest.raises(AssertionError):  # a path it does not have
        contract.check_answer(httpx.Response(200, json={}, request=httpx.Request("GET", "/x")))


def test_the_documents_served_are_those_the_application_makes(api: Api, tmp_path: Path) -> None:
    """The docs publish the documents of an application built in-process: the same ones."""
    app = create_app(SQLiteStore(tmp_path / "games.db"), poll=None)
    assert api.http.get("/openapi.json").json() == json.loads(json.dumps(app.openapi()))
    served = api.http.get("/asyncapi.json").json()
    assert served == json.loads(json.dumps(asyncapi(app.openapi())))
    assert Contract.served(api.url).asyncapi == served
    assert "/asyncapi.json" not in app.openapi()["paths"]
