"""Random typing: nothing crashes the app, and the ledger only ever holds legal, committed events."""

from __future__ import annotations

import asyncio
import tempfile
import unicodedata
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input

from companion.errors import CompanionError
from companion.events import Make
from companion.store import Store, new_saved_game
from companion.tui.app import make_app
from companion.tui.screens.table import TableScreen

from .tuikit import SIZE, ledger_rows

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
ANY_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=24)
PLAY_LIKE = st.from_regex(r"[a-z*=/ ]{1,10}(/[shdc]{1,4})?", fullmatch=True)
KEYS = [
    *"acdehilnorstz/*=- ",
    "enter",
    "escape",
    "tab",
    "backspace",
    "space",
    "down",
    "up",
    "ctrl+z",
    "ctrl+y",
    "ctrl+s",
    "ctrl+g",
    "ctrl+n",
    "ctrl+f",
    "ctrl+l",
    "ctrl+t",
    "ctrl+u",
    "f1",
]


def legal(game, text: str) -> bool:
    try:
        game.check(Make(game.to_play or "", game.parse_play(text)))
    except CompanionError:
        return False
    return True


@asynccontextmanager
async def demo_in_a_fresh_store() -> AsyncIterator[tuple[Store, App, Pilot]]:
    """The demo game open at its table, saved in a store of its own (hypothesis runs many examples)."""
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "ledger.sqlite3")
        app = make_app(store=store, demo=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            yield store, app, pilot


async def type_plays(texts: list[str]) -> None:
    async with demo_in_a_fresh_store() as (store, app, pilot):
        screen = app.screen
        assert isinstance(screen, TableScreen)
        for text in texts:
            game = screen.game
            before, expect = len(game.events), legal(game, text)
            screen.query_one("#play", Input).value = text
            await pilot.press("enter")
            assert len(game.events) == before + expect, text
            assert len(ledger_rows(store, screen.saved.id)) == len(game.events)


@SETTINGS
@given(st.lists(st.one_of(ANY_TEXT, PLAY_LIKE), min_size=1, max_size=6))
def test_random_text_in_the_play_line_commits_only_legal_plays(texts: list[str]) -> None:
    asyncio.run(type_plays(texts))


async def press_keys(keys: list[str]) -> None:
    async with demo_in_a_fresh_store() as (store, app, pilot):
        saved = app.screen.saved
        await pilot.press(*keys)
        await pilot.pause()
        assert app.is_running
        live = [body for body, undone in ledger_rows(store, saved.id) if not undone]
        assert len(live) == len(saved.game.events)
        assert Store(store.path).load(saved.id).game.scores == saved.game.scores


@SETTINGS
@given(st.lists(st.sampled_from(KEYS), min_size=5, max_size=60))
def test_random_keys_on_every_screen_keep_memory_and_sqlite_in_step(keys: list[str]) -> None:
    asyncio.run(press_keys(keys))


async def fill_dialogs(texts: list[str]) -> None:
    """Random text in every input of the steal, end-of-game, Quiddler round and start screens, each with Enter."""
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "ledger.sqlite3")
        app = make_app(store=store, demo=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            table = app.screen
            for opener in ("ctrl+s", "ctrl+f"):
                await pilot.press(opener)
                for i, field in enumerate(app.screen.query(Input)):
                    field.value = texts[i % len(texts)]
                    field.focus()
                    await pilot.press("enter")
                if app.screen is not table:
                    await pilot.press("escape")
            assert app.screen is table
            assert len(ledger_rows(store, table.saved.id)) == len(table.game.events)
        quiddler = new_saved_game(store, "quiddler", ["Ann", "Bob"])
        app = make_app(store=store, game_id=quiddler.id)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("ctrl+r")
            await pilot.press("enter", "down", "enter")  # Ann went out
            for i, field in enumerate(app.screen.query(Input)):
                field.value = texts[i % len(texts)]
                field.focus()
                await pilot.press("enter")
            while type(app.screen).__name__ != "TableScreen":
                await pilot.press("escape")
            game = app.screen.game
            assert len(ledger_rows(store, quiddler.id)) == len(game.events) <= 1
        names = [unicodedata.normalize("NFC", n.strip()) for n in texts[0].split(",") if n.strip()]
        start = make_app(store=store)
        async with start.run_test(size=SIZE) as pilot:
            await pilot.pause()
            start.screen.query_one("#players", Input).value = texts[0]
            await pilot.press("ctrl+s")
            games = store.games()
            assert len(games) in (2, 3) and (len(games) == 2 or games[0].players == names)


@SETTINGS
@given(st.lists(st.one_of(ANY_TEXT, PLAY_LIKE), min_size=1, max_size=4))
def test_random_text_in_every_dialog_input(texts: list[str]) -> None:
    asyncio.run(fill_dialogs(texts))
