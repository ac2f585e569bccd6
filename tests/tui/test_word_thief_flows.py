"""Pilot tests of the Word Thief table: keys pressed, then the engine's state and the SQLite ledger checked."""

from __future__ import annotations

import json
import sqlite3

from textual.widgets import Input, SelectionList

from companion.store import Store
from companion.tui.screens.confirm import ConfirmScreen
from companion.tui.screens.end import EndScreen
from companion.tui.screens.notice import NoticeScreen
from companion.tui.screens.steal import StealScreen
from companion.tui.screens.table import TableScreen
from companion.tui.widgets.banner import Banner
from companion.tui.widgets.preview import Preview

from .tuikit import SIZE, ledger_rows, run_command

DEMO_SCORES = {"Ann": 35, "Bob": 7, "Cy": 12}


async def test_demo_opens_a_ready_table(app_for):
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        game = screen.game
        assert game.scores == DEMO_SCORES and game.to_play == "Cy"
        assert [(w.text, w.locked) for w in game.state.table["Ann"]] == [("CAT", True), ("JOT", True)]
        assert game.chips("Ann").as_dict() == {"red": 1, "blue": 3, "white": 0}
        assert app.focused is screen.query_one("#play", Input)


async def test_typing_previews_and_enter_commits_to_sqlite(app_for, store):
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"load/c")
        preview = str(app.screen.query_one(Preview).render())
        assert "L♣ O♣ A♣ D♣" in preview and "+10" in preview and "x2" in preview
        assert "Cy +10: pays 2 blue, gets 1 red back" in preview
        await pilot.press("enter")
        screen = app.screen
        assert screen.game.scores["Cy"] == 22 and screen.query_one("#play", Input).value == ""
        gid = screen.saved.id
    rows = ledger_rows(store, gid)
    assert len(rows) == 6 and json.loads(rows[-1][0])["words"] == [["Lc", "Oc", "Ac", "Dc"]]
    assert Store(store.path).load(gid).game.scores == {**DEMO_SCORES, "Cy": 22}


async def test_an_illegal_play_shows_inline_and_keeps_the_text(app_for, store):
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"tone/s", "enter")
        screen = app.screen
        assert screen.query_one("#play", Input).value == "tone/s"
        assert "deck holds" in str(screen.query_one(Preview).render())
        assert screen.query_one(Preview).has_class("-error")
        assert len(screen.game.events) == 5
        assert len(ledger_rows(store, screen.saved.id)) == 5


async def test_pass_asks_first_then_costs_five_and_draws_one(app_for, store):
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+n")
        assert isinstance(app.screen, ConfirmScreen) and "-5" in str(
            app.screen.query_one(".dialog").query("Static").last().render()
        )
        await pilot.press("escape")
        assert len(app.screen.game.events) == 5
        await pilot.press("ctrl+n", "enter")
        game = app.screen.game
        assert game.scores["Cy"] == 7 and game.state.hands["Cy"] == 8 and game.to_play == "Ann"
        assert json.loads(ledger_rows(store, app.screen.saved.id)[-1][0]) == {"type": "pass", "player": "Cy"}


async def test_undo_and_redo_say_what_they_did_and_persist(app_for, store):
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await pilot.press("ctrl+z")
        assert "undone: Bob makes HOSE" in str(screen.query_one("#last").render())
        assert screen.game.scores["Bob"] == 0 and screen.game.to_play == "Bob"
        assert ledger_rows(store, screen.saved.id)[-1][1] == 1  # kept, marked undone: redo survives a restart
        await pilot.press("ctrl+y")
        assert "redone: Bob makes HOSE" in str(screen.query_one("#last").render())
        assert screen.game.scores == DEMO_SCORES
        assert ledger_rows(store, screen.saved.id)[-1][1] == 0


async def test_challenge_not_valid_takes_the_play_back(app_for, store):
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"tdt/d", "enter")
        table = app.screen
        assert table.game.scores["Cy"] == 12 + 8  # T1 D2 T1 locked in diamonds x2
        await pilot.press("ctrl+g", "enter")  # Ann, the first challenger offered
        notice = app.screen
        assert isinstance(notice, NoticeScreen) and notice.query_one(Banner).word == "NOT VALID"
        assert table.game.scores["Cy"] == 12 - 5 and table.game.state.table["Cy"][-1].text == "BRAIN"
        await pilot.press("enter")
        assert app.screen is table
        assert json.loads(ledger_rows(store, table.saved.id)[-1][0]) == {"type": "challenge", "player": "Ann"}


async def test_challenge_valid_changes_no_score(app_for):
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+g", "down", "enter")  # Cy challenges Bob's HOSE
        assert app.screen.query_one(Banner).word == "VALID"
        await pilot.press("escape")
        assert app.screen.game.scores == DEMO_SCORES and app.screen.game.events[-1].player == "Cy"


async def test_steal_offers_only_stealable_words_and_shows_the_transfer(app_for, store):
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+s")
        steal = app.screen
        assert isinstance(steal, StealScreen)
        options = steal.query_one(SelectionList)
        enabled = [
            str(options.get_option_at_index(i).prompt)
            for i in range(options.option_count)
            if not options.get_option_at_index(i).disabled
        ]
        assert len(enabled) == 1 and enabled[0].startswith("HOSE")
        assert "cannot: locked in hearts" in str(options.get_option_at_index(1).prompt)
        await pilot.press("space", *"hoses/hsdcs")
        preview = str(steal.query_one(Preview).render())
        assert "Cy:  +13" in preview and "Bob:   -7" in preview and "HOSE stolen by Cy" in preview
        await pilot.press("enter")
        game = app.screen.game
        assert isinstance(app.screen, TableScreen)
        assert game.scores == {"Ann": 35, "Bob": 0, "Cy": 25}
        assert [w.text for w in game.state.table["Cy"]] == ["BRAIN", "HOSES"] and game.state.table["Bob"] == ()
        assert json.loads(ledger_rows(store, app.screen.saved.id)[-1][0])["from"] == "Bob"


async def test_an_illegal_steal_is_not_committed(app_for):
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+s", "space", *"hose/hsdc", "enter")  # no card from the hand
        assert isinstance(app.screen, StealScreen)
        assert "at least one card from the hand" in str(app.screen.query_one(Preview).render())
        await pilot.press("escape")
        assert len(app.screen.game.events) == 5


async def test_end_of_game_deducts_hands_and_names_the_winner(app_for, store):
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+f", "enter")  # yes, end it with cards in the pile
        assert isinstance(app.screen, EndScreen)
        # seven cards each: Ann Q A E E E I I (10 + 6 x 1) = 16, Bob E E O O N N L = 7, Cy I I N N O O T = 7
        await pilot.press(*"qa/dh", *" eee/shd ii/sh", "enter", *"eeoon/csdcs")
        assert "Bob holds 7 cards; 5 given" in str(app.screen.query_one("#end-preview").render())
        await pilot.press("ctrl+u", *"eeoonnl/csdcsdd", "enter", *"iinnoot/cdhscdc", "enter")
        notice = app.screen
        assert isinstance(notice, NoticeScreen) and "Ann wins!" in str(notice.query_one("#notice-body").render())
        await pilot.press("enter")
        game = app.screen.game
        assert game.ended and game.scores == {"Ann": 19, "Bob": 0, "Cy": 5} and game.winner() == "Ann"
        assert json.loads(ledger_rows(store, app.screen.saved.id)[-1][0])["type"] == "end"
        assert app.screen.query_one("#play", Input).disabled


async def test_the_game_reopens_exactly_where_it_was(app_for, store):
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"load/c", "enter", "ctrl+n", "enter", "ctrl+z")
        gid, scores = app.screen.saved.id, app.screen.game.scores
    again = app_for(game_id=gid)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = again.screen.game
        assert game.scores == scores and game.to_play == "Ann" and game.can_redo
        await pilot.press("ctrl+y")
        assert game.scores["Ann"] == 30


async def test_history_and_chart_show_every_event(app_for):
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+l")
        table = app.screen.query_one("#ledger-table")
        assert table.row_count == 5 + 6  # a title row per event, a row per ledger line
        await pilot.press("ctrl+t")
        assert app.screen.query_one("TabbedContent").active == "chart"
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)


async def test_help_shows_the_rules_of_the_game(app_for):
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        assert "locked" in app.screen.query_one("#help Markdown").source
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)


async def test_every_table_action_is_in_the_command_palette(app_for):
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        titles = {c.title for c in app.get_system_commands(app.screen)}
        assert {"Steal", "Pass", "Challenge", "Undo", "Ledger", "Chart", "End", "Help"} <= titles
        assert "Round" not in titles and "Redo" not in titles
        await run_command(pilot, "pass")
        await pilot.press("enter")  # yes, Cy passes
        assert app.screen.game.scores["Cy"] == 7


async def test_after_a_verdict_the_table_can_put_the_word_on_its_house_list(app_for, store):
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"tdt/d", "enter", "ctrl+g", "enter")
        assert app.screen.query_one(Banner).word == "NOT VALID"
        await pilot.press("a")
        game = app.screen.game
        assert isinstance(app.screen, TableScreen) and game.is_word("TDT")
        assert "house list: TDT accepted" in str(app.screen.query_one("#last").render())
    assert store.house("word-thief").as_lists() == {"accept": ["TDT"], "ban": []}


async def test_another_game_from_the_command_palette(app_for, store):
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await run_command(pilot, "another game")
        assert type(app.screen).__name__ == "StartScreen"
        await pilot.press(*"Di, Ed", "ctrl+s")
        assert app.screen.game.players == ["Di", "Ed"]
        await run_command(pilot, "another game")
        assert type(app.screen).__name__ == "StartScreen" and len(app.screen_stack) == 2
    assert len(store.games()) == 2


async def test_a_save_file_that_cannot_be_written_plays_nothing(app_for, store):
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        store.db.execute("PRAGMA busy_timeout = 100")  # fail fast instead of waiting 5 s for the lock
        with sqlite3.connect(store.path) as other:
            other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
            await pilot.press(*"load/c", "enter")
            other.rollback()
        screen = app.screen
        assert "could not be written" in str(screen.query_one(Preview).render())
        assert screen.query_one("#play", Input).value == "load/c" and screen.game.scores == DEMO_SCORES
        await pilot.press("enter")
        assert screen.game.scores["Cy"] == 22 and len(ledger_rows(store, screen.saved.id)) == 6
