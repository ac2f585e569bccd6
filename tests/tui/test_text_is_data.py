"""Text from people is data: random names and plays full of markup, escape sequences and control characters are
shown as typed (cut to fit) or refused with one line, on every screen that shows them, and nothing crashes."""

from __future__ import annotations

import asyncio
import tempfile
import unicodedata
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.text import Text
from textual.widgets import DataTable, Input, Static

from companion.store import Store
from companion.text import cut, is_control, printable
from companion.tui.app import make_app
from companion.tui.screens.table import TableScreen
from companion.text import NAME_WIDTH

from .tuikit import SIZE

HOSTILE_BITS = [
    "[",
    "]",
    "[/]",
    "[b]",
    "[@click=app.quit]",
    "[red on blue]",
    "\\",
    "\x1b[2J",
    "\x1b]0;owned\x07",
    "\x07",
    "\r",
    "\u202e",
    "\x9b",
    "e\u0301",
    "é",
    "Zoë",
    " ",
]
HOSTILE = (
    st.lists(
        st.one_of(st.sampled_from(HOSTILE_BITS), st.characters(blacklist_categories=("Cs",), blacklist_characters=","))
    )
    .map("".join)
    .filter(lambda s: s.strip())
)
SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def shown(widget: Static) -> str:
    """What a Static shows, as plain text: its content must be a rich Text, never a markup string."""
    assert isinstance(widget.content, Text), widget.content
    return widget.content.plain


async def play_with(name: str, play: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "ledger.sqlite3")
        app = make_app(store=store)
        app.cursor_blink = False
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.screen.query_one("#players", Input).value = f"{name}, Bob"
            await pilot.press("ctrl+s")
            await pilot.pause()
            expected = unicodedata.normalize("NFC", name.strip())
            if any(is_control(c) for c in expected):  # refused at entry, with one line naming it visibly
                message = shown(app.screen.query_one("#start-error", Static))
                assert "holds a control character" in message and "\n" not in message
                assert printable(expected) in message or repr(printable(expected)) in message
                assert store.games() == []
                return
            assert isinstance(app.screen, TableScreen), shown(app.screen.query_one("#start-error", Static))
            assert store.games()[0].players == [expected, "Bob"]
            board = app.screen.query_one(DataTable)
            assert board.get_row(expected)[1].plain.startswith(cut(expected, NAME_WIDTH))
            assert f"{cut(expected, NAME_WIDTH)} to play" in shown(app.screen.query_one("#status", Static))
            await pilot.press(*"cat/h", "enter")  # the hostile name's play: every dialog below names him
            for key in ("ctrl+n", "ctrl+g", "ctrl+s", "ctrl+f", "ctrl+l"):
                await pilot.press(key)
                await pilot.pause()
                await pilot.press("escape")
            table = app.screen
            for opener in ("ctrl+s", "ctrl+f"):  # the steal dialog's new words, the end dialog's hands
                await pilot.press(opener)
                for field in app.screen.query(Input):
                    field.value = play
                    field.focus()
                    await pilot.press("enter")
                while app.screen is not table:
                    await pilot.press("escape")
            table.query_one("#play", Input).value = play
            await pilot.press("enter")
            assert table.query_one("#play", Input).value in (play, "")  # kept unless it was a legal play
            assert app.is_running
        store.close()


@SETTINGS
@given(HOSTILE, st.one_of(HOSTILE, st.sampled_from(["[/]", "cat/h [b]", "\x1b[2J", "d[o]g"])))
def test_hostile_names_and_plays_show_literally_or_are_refused(name: str, play: str) -> None:
    asyncio.run(play_with(name, play))


def test_a_name_of_markup_shows_as_typed():
    asyncio.run(play_with("Ann [host] [/]", "[@click=app.quit]"))


def test_a_long_name_is_cut_with_an_ellipsis():
    asyncio.run(play_with("Bartholomew-Maximilian the Third", "cat"))
