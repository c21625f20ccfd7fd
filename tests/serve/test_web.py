"""``cardgames serve-web`` in a real headless Chromium: the page loads, the picker appears, and a
Makao game against a computer player is set up and a card played, with keys only; and the page
has the product's title.

The page draws the terminal on a canvas, so the test reads the text from the page's terminal
(xterm.js) buffer: a script run before the page's own catches the terminal object when the page
stores it. Skipped only when no Chromium is installed (Debian: chromium, chromium-driver).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from cardgames.games.makao.actions import Play
from cardgames.serve.web import TITLE
from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.app import CardGamesApp

ROOT = Path(__file__).resolve().parents[2]
SECONDS = 60.0
"""Upper bound on any wait (the browser and the app each start in a few seconds)."""

SEED = 7
"""A deal where the person, who moves first, can play a plain card (10♦)."""

BROWSERS = ("chromium", "chromium-browser", "google-chrome")

CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, 'terminal', {
  configurable: true,
  set(value) {
    window.cardgamesTerminal = value;
    Object.defineProperty(this, 'terminal', {
      value, writable: true, configurable: true, enumerable: true,
    });
  },
});
"""
"""Run before the page's scripts: keeps the terminal object the page stores as ``terminal``."""

SCREEN_TEXT = """
const terminal = window.cardgamesTerminal;
if (!terminal) { return ''; }
const buffer = terminal.buffer.active;
const lines = [];
for (let row = 0; row < terminal.rows; row++) {
  const line = buffer.getLine(buffer.viewportY + row);
  lines.push(line ? line.translateToString(true) : '');
}
return lines.join('\\n');
"""
"""The terminal's visible text, one line per row."""


def _chromium() -> str | None:
    return next((path for name in BROWSERS if (path := shutil.which(name))), None)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _until(what: str, check: Callable[[], bool], shown: Callable[[], str] = str) -> None:
    """Wait until ``check()``; past :data:`SECONDS`, fail with ``shown()``."""
    deadline = time.monotonic() + SECONDS
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}; the page shows:\n{shown()}")
        time.sleep(0.1)


@pytest.fixture
def page_url() -> Iterator[str]:
    """``cardgames serve-web`` (computer players without delay) on a free port of 127.0.0.1."""
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-c", "from cardgames.cli import main; main()", "--bot-delay", "0",
         "serve-web", "--port", str(port)],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )

    def listening() -> bool:
        assert server.poll() is None, "serve-web ended"
        with socket.socket() as probe:
            return probe.connect_ex(("127.0.0.1", port)) == 0

    try:
        _until("serve-web to listen", listening)
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(server.pid, signal.SIGKILL)


@pytest.fixture
def browser() -> Iterator[WebDriver]:
    chromium = _chromium()
    if chromium is None:
        pytest.skip("no Chromium found (Debian: apt-get install chromium chromium-driver)")
    driver = shutil.which("chromedriver")
    assert driver is not None, "Chromium is installed but chromedriver is not (chromium-driver)"
    options = Options()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1000,700"):
        options.add_argument(argument)
    chrome = webdriver.Chrome(service=Service(driver), options=options)
    try:
        chrome.set_page_load_timeout(SECONDS)
        chrome.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                               {"source": CATCH_TERMINAL})
        yield chrome
    finally:
        chrome.quit()


def _first_move() -> tuple[int, str]:
    """The hand position of the card the person plays first in the deal, and the log line."""
    session = Session(GameSetup("makao", default_seats(2, 1), {}, SEED))
    session.run_bots()
    view = session.view_for(0)
    play = next(action for action in view.legal if isinstance(action, Play))
    position = view.hand.index(play.cards[0])
    session.submit(0, play)
    return position, session.log_lines(0)[-1]


def test_a_tab_gets_the_picker_and_plays_a_card_of_makao(
    page_url: str, browser: WebDriver
) -> None:
    position, logged = _first_move()
    browser.get(page_url)

    def screen() -> str:
        return str(browser.execute_script(SCREEN_TEXT))

    _until("the picker", lambda: "Pick a game" in screen(), screen)
    # The terminal's keys go to its hidden helper text area: focus it and type as a person
    # does (a browser does not let a hidden element be typed into directly).
    browser.execute_script("arguments[0].focus();",
                           browser.find_element("css selector", ".xterm-helper-textarea"))

    def type_keys(*typed: str) -> None:
        ActionChains(browser).send_keys(*typed).perform()

    type_keys("1")
    _until("the set-up", lambda: "Makao — set up a game" in screen(), screen)
    type_keys("-", "-")
    ActionChains(browser).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
    type_keys(str(SEED))
    _until("the seed", lambda: f"Seed      {SEED}" in screen(), screen)
    ActionChains(browser).key_down(Keys.CONTROL).send_keys("s").key_up(Keys.CONTROL).perform()
    _until("the table", lambda: "Your turn" in screen(), screen)
    assert "Your hand (5)" in screen()
    # Keys right after the set-up closed belong to the burst that closed it and are dropped
    # (KeyQuiet); a player's next key comes after a pause.
    time.sleep(CardGamesApp.SETTLE + 0.2)
    type_keys(*[Keys.ARROW_RIGHT] * position, Keys.ENTER)
    _until("the card played", lambda: "Your hand (4)" in screen(), screen)
    assert logged in screen()


def test_the_page_has_the_products_title(page_url: str) -> None:
    """The page names the product in its ``<title>`` (a browser's tab and window show it),
    not just in the box shown while the app starts."""
    with urllib.request.urlopen(page_url, timeout=SECONDS) as page:
        html = page.read().decode()
    head = html.split("</head>", 1)[0]
    assert f"<title>{TITLE}</title>" in head
    assert head.count("<title>") == 1
