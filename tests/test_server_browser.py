"""The reference web page, end to end: two browsers, each holding one seat, play a whole game.

A real ``serenissima serve`` process on localhost, and Debian's Chromium
driven by Playwright (``executable_path``; no browser is downloaded). Each
browser context is a separate person: one creates a 2-player game in the
lobby and joins seat 0, the other joins seat 1 from the lobby; then each
plays its seat by clicking the first legal action's button whenever its
turn comes, until both pages show the final standings, which must be the
server's. With ``SERENISSIMA_SCREENSHOTS=FOLDER`` the test saves the
screenshots the documentation shows.
"""

from __future__ import annotations

import json
import os
import shutil
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

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


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_two_browsers_play_a_whole_game_to_the_final_standings(
    server: ServerProcess, browser: Browser, edition: str
) -> None:
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
                _screenshot(page, f"table-{edition}.png")
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
    expected = [
        f"seat {e['seat']}: {e['score']} (rank {e['rank']})" for e in final["standings"]["entries"]
    ]
    for page in (first, second):
        page.wait_for_selector("#standings:not([hidden])")
        shown = page.locator("#standings li").all_inner_texts()
        assert shown == expected
        logged = page.locator("#log > li").count()
        assert logged == final["version"]  # every move in the log, once
    _screenshot(first, f"over-{edition}.png")
    assert clicks > 10
