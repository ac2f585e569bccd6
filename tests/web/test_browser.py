"""`companion serve` in a real headless Chromium (Debian's), driven by playwright: live boards, token, 404, traversal.

A play is committed through the store by another process, as another window at the table would.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from companion.share import current
from companion.store import Store, new_saved_game

from .browser import CHROMIUM, ROOT, launch, serving

COMMIT = """
import sys
from companion.events import Make
from companion.store import Store
saved = Store().load(int(sys.argv[1]))
saved.apply(Make(saved.game.to_play, saved.game.parse_play(sys.argv[2])))
"""

if CHROMIUM is None:
    pytest.skip(
        "the browser tests need Chromium: apt-get install chromium (make test installs it where it runs as root)",
        allow_module_level=True,
    )
pytest.importorskip("playwright", reason="the browser tests need playwright: pip install -e '.[test]'")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """`companion serve` on a fresh data folder holding one Word Thief game; yields (address, game id, env)."""
    data = tmp_path_factory.mktemp("served")
    gid = new_saved_game(Store(data / "ledger.sqlite3"), "word-thief", ["Ann", "Bob"], {"trump": "h"}).id
    with serving(data) as (base, _):
        yield base, gid, {**os.environ, "COMPANION_DATA_DIR": str(data)}


@pytest.fixture(scope="module")
def browser():
    with launch() as b:
        yield b


def commit(env: dict, gid: int, typed: str) -> None:
    subprocess.run([sys.executable, "-c", COMMIT, str(gid), typed], cwd=ROOT, env=env, check=True)


def test_a_play_committed_elsewhere_shows_on_every_open_board_within_two_seconds(served, browser):
    from playwright.sync_api import expect

    base, gid, env = served
    boards = [
        browser.new_page(viewport=size) for size in ({"width": 390, "height": 844}, {"width": 1920, "height": 1080})
    ]
    for page in boards:
        page.goto(f"{base}/board/{gid}")
        expect(page.locator("#live")).to_have_text("live", timeout=5000)
        expect(page.locator('[data-player="Ann"] .score')).to_have_text("0")
    commit(env, gid, "cat/h")  # CAT all hearts, the trump: 5 x3 = 15
    for page in boards:
        expect(page.locator('[data-player="Ann"] .score')).to_have_text("15", timeout=2000)
        expect(page.locator("#last .what")).to_have_text("Ann makes CAT")
        expect(page.locator("#status")).to_have_text("Bob to play")
    commit(env, gid, "jot/s")  # JOT all spades: J8 O1 T1 = 10, x2 = 20
    for page in boards:
        expect(page.locator('[data-player="Bob"] .score')).to_have_text("20", timeout=2000)
        expect(page.locator('[data-player="Bob"] .word.locked')).to_have_count(1)
        expect(page.locator('[data-player="Bob"] .chip.blue')).to_have_text("0")
        expect(page.locator('[data-player="Bob"] .chip.red')).to_have_text("1")
    for page in boards:
        page.close()


def test_the_app_page_needs_the_token_and_opens_the_app_with_it(served, browser, monkeypatch):
    base, gid, env = served
    monkeypatch.setenv("COMPANION_DATA_DIR", env["COMPANION_DATA_DIR"])
    sharing = current()  # what the running server recorded, as the app's "Share the board" reads it
    assert sharing is not None and sharing.base == base and not sharing.shared
    page = browser.new_page()
    assert page.goto(f"{base}/app").status == 403
    assert "needs the table" in page.locator("h1").inner_text()
    assert page.goto(f"{base}/app?token=not-it").status == 403
    assert page.goto(sharing.app_url()).status == 200
    # textual.js marks the page once the app, started for this browser, has painted its first bytes
    page.wait_for_selector("body.-first-byte", timeout=20000)
    page.close()


def test_an_unknown_game_is_a_404_page_and_traversal_is_refused(served, browser):
    base, gid, env = served
    page = browser.new_page()
    response = page.goto(f"{base}/board/{gid + 41}")
    assert response.status == 404 and f"No game {gid + 41}" in page.locator("h1").inner_text()
    for path in ("/app/static/%2e%2e/%2e%2e/server.py", "/board/%2e%2e/%2e%2e/etc/passwd", "/ledger.sqlite3"):
        response = page.goto(base + path)
        assert response.status in (403, 404), path
        assert "class Server" not in page.content() and "root:" not in page.content()
    page.close()
