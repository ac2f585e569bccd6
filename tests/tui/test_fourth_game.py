"""A fourth game is one module and a deck file: Letter Ladder (tests/tui/fourth_game, made up for this
test) is registered and played through the start screen and the table, with no other module changed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from textual.widgets import Checkbox, Input, Select, Static

from companion.games import GAME_CLASSES, register
from companion.tui.screens.confirm import ConfirmScreen
from companion.tui.screens.end import EndScreen
from companion.tui.screens.help import HelpScreen
from companion.tui.screens.notice import NoticeScreen
from companion.tui.screens.table import TableScreen
from companion.tui.widgets.banner import Banner
from companion.tui.widgets.scoreboard import Scoreboard

from .fourth_game.letter_ladder import LetterLadder
from .tuikit import SIZE


@pytest.fixture
def ladder() -> Iterator[type[LetterLadder]]:
    register(LetterLadder)
    yield LetterLadder
    del GAME_CLASSES[LetterLadder.kind]


async def test_a_registered_game_is_started_and_played_at_the_table(ladder, app_for, store):
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        start = app.screen
        start.query_one("#kind", Select).value = "letter-ladder"
        await pilot.pause()
        # its option is offered, another game's are not
        assert start.query_one("#letter-ladder-no_doubling", Checkbox).display
        assert not start.query_one("#word-thief-several_words", Checkbox).display
        await pilot.click("#players")
        await pilot.press(*"Ann, Bob", "ctrl+s")
        table = app.screen
        assert isinstance(table, TableScreen) and isinstance(table.game, LetterLadder)
        assert str(table.query_one("#status", Static).render()) == "Letter Ladder · Ann to play"
        assert not table.check_action("steal", ()) and not table.check_action("round", ())

        await pilot.press(*"cat", "enter", *"dog", "enter", *"ride", "enter")
        game = table.game
        assert game.scores == {"Ann": 5 + 12, "Bob": 5}  # RIDE is longer than DOG: (2+1+2+1) x2
        assert "CAT RIDE" in str(table.query_one(Scoreboard).get_row("Ann")[-1])

        await pilot.press("ctrl+n")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")
        assert game.to_play == "Ann"
        await pilot.press(*"xq", "enter", "ctrl+g", "enter")  # Bob challenges XQ
        notice = app.screen
        assert isinstance(notice, NoticeScreen) and notice.query_one(Banner).word == "NOT VALID"
        await pilot.press("escape")
        assert game.scores == {"Ann": 17, "Bob": 5}

        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape", "ctrl+f")
        end = app.screen
        assert isinstance(end, EndScreen) and not end.query(Input)  # a game that deducts no hands asks for none
        await pilot.press("enter")
        assert isinstance(app.screen, NoticeScreen) and "Ann wins!" in str(
            app.screen.query_one("#notice-body").render()
        )
        await pilot.press("enter")
        assert game.ended and game.scores == {"Ann": 17, "Bob": 5}  # this game deducts no hands
    saved = store.load(store.games()[0].id).game
    assert isinstance(saved, LetterLadder) and saved.events == game.events
