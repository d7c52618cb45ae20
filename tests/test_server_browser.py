"""The reference web page, end to end, in a real Chromium: a person plays a whole game.

A real ``serenissima serve`` process on localhost, and Debian's Chromium
driven by Playwright (``executable_path``; no browser is downloaded). In the
first test a person creates a 2-player game of each edition against the
random bot in the lobby, joins seat 0 and plays it by clicking a legal
action's button (chosen by a seeded die) whenever the page says it is their
turn, until the final standings show. On the way the test checks what the
page shows against the server's view of that seat: every button's label in
plain words beside the action's notation, each galley's number beside it on
the board, the "waiting for seat 1" state while the bot plays, the board
without its provenance legend, a favicon, and no error on the console. The
page talks to the server through the TypeScript client's browser bundle
(``/play/serenissima-client.js``): the test checks that the page loaded it,
and mid-game closes the page's WebSocket from the page's side (the test wraps
the browser's WebSocket class to reach the socket); the client opens a new
one from the last version it received, and the game goes on to the end with
every move in the log once. In the second test two browser contexts, each a
person holding one seat, play a game to the end over the WebSocket, and one
of them types an action that breaks a rule: the page shows the client's
IllegalActionError with the rule's ID, as the server names it. With
``SERENISSIMA_SCREENSHOTS=FOLDER`` the tests save the screenshots the
documentation shows.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, Response, sync_playwright

from serenissima.server.process import ServerProcess

CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Headless Chromium as root, with no connection to anything but localhost."""

GAME_SECONDS = 240
"""The longest a whole game may take in the browsers."""


def _chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        pytest.fail(
            "Chromium is not installed: install Debian's chromium package (.ci/run does) "
            "to run the web page's tests"
        )
    return found


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("browser")
    with ServerProcess(f"sqlite:///{folder}/games.db", log=folder / "server.log") as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=_chromium(), headless=True, args=CHROMIUM_FLAGS
        )
        yield launched
        launched.close()


def _screenshot(page: Page, name: str) -> None:
    folder = os.environ.get("SERENISSIMA_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / name), full_page=True)


def _version(page: Page) -> int:
    return int(page.locator("#table").get_attribute("data-version") or -1)


def _problems(page: Page) -> list[str]:
    """What goes wrong on ``page`` from now on: console errors, uncaught errors, 4xx and 5xx."""
    found: list[str] = []

    def console(message: ConsoleMessage) -> None:
        if message.type == "error":
            found.append(f"console: {message.text}")

    def response(answer: Response) -> None:
        if answer.status >= 400:
            found.append(f"{answer.status} {answer.url}")

    page.on("console", console)
    page.on("pageerror", lambda error: found.append(f"page error: {error}"))
    page.on("response", response)
    return found


def _get(url: str, token: str | None = None) -> Any:
    request = urllib.request.Request(url)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def _standings(final: dict[str, Any], seat: int | None) -> list[str]:
    """The final standings as the page must write them for ``seat``: from the server's view."""
    return [
        f"{'Winner: ' if e['rank'] == 1 else ''}seat {e['seat']}"
        f"{' (you)' if e['seat'] == seat else ''}: {e['score']} (rank {e['rank']})"
        for e in final["standings"]["entries"]
    ]


def _check_turn(page: Page, seen: dict[str, Any]) -> None:
    """At the seat's turn, the page shows what the server's view of the seat says.

    Each legal action is a button with its label (in words) beside its
    notation (grouped by kind); each galley has its number drawn beside it.
    """
    buttons = page.locator("button.action")
    shown = [
        (b.locator(".label").inner_text(), b.locator(".notation").inner_text())
        for b in buttons.all()
    ]
    assert sorted(shown) == sorted((action["label"], action["text"]) for action in seen["legal"])
    assert all(label and label != text for label, text in shown)
    assert buttons.first.locator(".label").is_visible()
    galleys = seen["observation"].get("galleys") or []
    numbers = sorted(str(g.get("id", g.get("number"))) for g in galleys)
    drawn = page.locator("#board g.galley text.galley-number").evaluate_all(
        "nodes => nodes.map((node) => node.textContent)"  # SVG text has no innerText
    )
    assert sorted(drawn) == numbers
    assert (
        sorted(
            page.locator("#board g.galley").evaluate_all(
                "nodes => nodes.map((node) => node.dataset.galley)"
            )
        )
        == numbers
    )


KEEP_SOCKETS = """(() => {
  const Native = window.WebSocket;
  window.openedSockets = [];
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      window.openedSockets.push(this);
    }
  };
})();"""
"""Keep every WebSocket the page opens in ``window.openedSockets``, for the test to close one."""

DROP_AT = 4
"""The click before which the test closes the page's WebSocket."""

WATCH_TURNS = """() => {
  window.turns = [];
  const note = () => {
    const turn = document.querySelector('#decision .turn');
    if (turn) window.turns.push(turn.textContent);
  };
  note();
  new MutationObserver(note).observe(document.querySelector('#decision'), { childList: true });
}"""
"""Record every state the page's turn banner shows, however briefly (the bot is quick)."""


def _my_turn(page: Page) -> bool:
    page.wait_for_selector("#table[data-my-turn]")
    return page.locator("#table").get_attribute("data-my-turn") == "true"


ILLEGAL = "crew 9 9"
"""An action that parses but breaks a rule at a classic game's start (more sailors than allowed)."""


def _illegal_action_shows_its_rule(server: ServerProcess, game: str, page: Page) -> None:
    """Typing an illegal action shows the client's IllegalActionError and the rule's ID."""
    seat = int(page.url.rsplit("seat=", 1)[1])
    token = page.evaluate(f"localStorage.getItem('serenissima-token:{game}:{seat}')")
    before = _version(page)
    request = urllib.request.Request(
        f"{server.url}/games/{game}/actions",
        data=json.dumps({"action": ILLEGAL, "version": before}).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request)
    assert refused.value.code == 422
    body = json.load(refused.value)
    assert body["error"] == "IllegalActionError"
    assert body["rule_id"]
    page.fill("#typed-action", ILLEGAL)
    page.click("#typed button[type=submit]")
    page.wait_for_selector("#error[data-rule]:not([data-rule=''])")
    assert page.locator("#error").get_attribute("data-error") == "IllegalActionError"
    assert page.locator("#error").get_attribute("data-rule") == body["rule_id"]
    assert page.locator("#error").inner_text() == f"{body['message']} ({body['rule_id']})"
    assert _version(page) == before  # nothing changed
    assert page.locator("#typed-action").input_value() == ILLEGAL  # kept, to be corrected


@pytest.mark.parametrize(("edition", "seed"), [("classic", 1), ("modern", 2)])
def test_a_person_plays_a_whole_game_against_a_bot_by_clicks(
    server: ServerProcess, browser: Browser, edition: str, seed: int
) -> None:
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    problems = _problems(page)
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.add_init_script(KEEP_SOCKETS)
    page.goto(f"{server.url}/play/")
    page.select_option("#ruleset", edition)
    page.select_option("#players", "2")
    page.select_option("select[name=seat-0]", "human")
    page.select_option("select[name=seat-1]", "random")
    page.click("#create-button")
    page.wait_for_selector("#status:has-text('created game')")
    game = page.locator("#status").inner_text().split()[-1]
    page.click(f"tr[data-game='{game}'] button.join[data-seat='0']")
    page.wait_for_selector("#table[data-version]")
    token = page.evaluate(f"localStorage.getItem('serenissima-token:{game}:0')")
    assert token
    page.evaluate(WATCH_TURNS)

    # the board without its provenance legend, which the served drawing (the docs') keeps
    page.wait_for_selector("#board svg circle.area")
    assert page.locator("#board svg g.legend").count() == 0
    with urllib.request.urlopen(f"{server.url}/rulesets/{edition}/board.svg") as answer:
        assert 'class="legend"' in answer.read().decode()
    # the favicon, asked where the page names it and where browsers look by default
    icon = page.locator("link[rel=icon]").get_attribute("href")
    for path in (icon, "/favicon.ico"):
        answer = page.evaluate(
            f"fetch({json.dumps(path)}).then((r) => [r.status, r.headers.get('content-type')])"
        )
        assert answer == [200, "image/svg+xml"], path

    rng = random.Random(seed)
    deadline = time.monotonic() + GAME_SECONDS
    clicks = 0
    while page.locator("#table").get_attribute("data-over") != "true":
        assert time.monotonic() < deadline, f"the game did not end in {GAME_SECONDS} s"
        status = page.locator("#status").inner_text()
        assert not status.startswith("closed"), status  # the subscription ended for good
        if page.locator("#table").get_attribute("data-my-turn") != "true":
            time.sleep(0.02)  # the bot's move is on its way over the WebSocket
            continue
        before = _version(page)
        seen = _get(f"{server.url}/games/{game}/view", token)
        assert seen["version"] == before  # nothing moves while the person decides
        _check_turn(page, seen)
        assert page.locator("#decision .turn.mine").inner_text().startswith("Your turn.")
        if clicks == 6:
            _screenshot(page, f"table-{edition}.png")
        if clicks == DROP_AT:
            # the connection drops: the client opens a new one, from the last version received
            assert page.locator("#table").get_attribute("data-connections") == "1"
            page.evaluate("window.openedSockets.at(-1).close()")
        buttons = page.locator("button.action")
        buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_function(
            f"Number(document.querySelector('#table').dataset.version) > {before}"
            " || document.querySelector('#error').textContent.length > 0"
        )
        assert page.locator("#error").inner_text() == ""
        clicks += 1

    final = _get(f"{server.url}/games/{game}/view", token)
    assert final["over"]
    page.wait_for_selector("#standings:not([hidden])")
    assert page.locator("#standings li .standing").all_inner_texts() == _standings(final, 0)
    winners = [
        f"Seat {e['seat']}{' (you)' if e['seat'] == 0 else ''}"
        for e in final["standings"]["entries"]
        if e["rank"] == 1
    ]
    verb = "share the win" if len(winners) > 1 else "wins"
    said = f"The game is over. {' and '.join(winners)} {verb}."
    assert page.locator("#decision .turn.over").inner_text() == said
    turns = page.evaluate("window.turns")
    assert any(turn.startswith("Waiting for seat 1 (the random bot)") for turn in turns)
    assert any(turn.startswith("Your turn.") for turn in turns)
    assert page.locator("#log > li").count() == final["version"]  # every move logged, once
    # the page ran on the client's bundle, and the client reconnected once, from where it was
    assert f"{server.url}/play/serenissima-client.js" in requested
    assert page.locator("#table").get_attribute("data-connections") == "2"
    urls = page.evaluate("window.openedSockets.map((socket) => socket.url)")
    assert len(urls) == 2, urls
    since = [
        int(urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)["since"][0]) for url in urls
    ]
    assert since[0] == 0
    assert 0 < since[1] < final["version"]
    _screenshot(page, f"over-{edition}.png")
    assert clicks > 10
    assert problems == []


def test_two_browsers_play_a_whole_game_to_the_final_standings(
    server: ServerProcess, browser: Browser
) -> None:
    edition = "classic"
    first = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    second = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    first.goto(f"{server.url}/play/")
    first.select_option("#ruleset", edition)
    first.select_option("#players", "2")
    first.select_option("select[name=seat-1]", "human")
    first.click("#create-button")
    first.wait_for_selector("#status:has-text('created game')")
    game = first.locator("#status").inner_text().split()[-1]
    _screenshot(first, f"lobby-{edition}.png")
    first.click(f"tr[data-game='{game}'] button.join[data-seat='0']")
    first.wait_for_selector("#table[data-version]")
    second.goto(f"{server.url}/play/")
    second.click(f"tr[data-game='{game}'] button.join[data-seat='1']")
    second.wait_for_selector("#table[data-version]")

    _illegal_action_shows_its_rule(server, game, next(p for p in (first, second) if _my_turn(p)))
    deadline = time.monotonic() + GAME_SECONDS
    clicks = 0
    shot = False
    while True:
        assert time.monotonic() < deadline, f"the game did not end in {GAME_SECONDS} s"
        over = [
            page.locator("#table").get_attribute("data-over") == "true" for page in (first, second)
        ]
        if all(over):
            break
        moved = False
        for page in (first, second):
            if page.locator("#table").get_attribute("data-my-turn") != "true":
                continue
            before = _version(page)
            if clicks == 12 and not shot:
                _screenshot(page, f"two-table-{edition}.png")
                shot = True
            page.locator("button.action").first.click()
            page.wait_for_function(
                f"Number(document.querySelector('#table').dataset.version) > {before}"
                " || document.querySelector('#error').textContent.length > 0"
            )
            assert page.locator("#error").inner_text() == ""
            clicks += 1
            moved = True
        if not moved:
            time.sleep(0.05)  # the other browser's move is on its way over the WebSocket

    with urllib.request.urlopen(f"{server.url}/games/{game}/view") as answer:
        final = json.load(answer)
    assert final["over"]
    for seat, page in enumerate((first, second)):
        page.wait_for_selector("#standings:not([hidden])")
        shown = page.locator("#standings li .standing").all_inner_texts()
        assert shown == _standings(final, seat)
        logged = page.locator("#log > li").count()
        assert logged == final["version"]  # every move in the log, once
    _screenshot(first, f"two-over-{edition}.png")
    assert clicks > 10
