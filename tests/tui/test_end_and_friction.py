"""Pilot tests of the end of a Word Thief game (it ends itself, hand sizes are known, ^f asks first) and of the
small stumbles a new player meets (the play line, the steal dialog, the start screen, the ledger at 60x20)."""

from __future__ import annotations

from textual.widgets import DataTable, Input

from companion.events import Challenge, Make
from companion.notation import parse_play
from companion.store import new_saved_game

from .tuikit import SIZE

SMALL = (60, 20)


async def test_the_ledger_wraps_a_long_description_rather_than_cutting_it(app_for, store):
    saved = new_saved_game(store, "word-thief", ["Ann", "Bob"], {"trump": "s"})
    saved.apply(Make("Ann", parse_play("word-thief", "zo/cd", saved.game.deck)))
    saved.apply(Challenge("Bob"))  # NOT VALID: a long ledger note
    app = app_for(game_id=saved.id)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("ctrl+l")
        table = app.screen.query_one("#ledger-table", DataTable)
        notes = [table.get_row_at(i)[4] for i in range(table.row_count)]
        note = next(n for n in notes if "failed play" in str(n))
        assert "\n" in str(note)  # wrapped onto two lines within the screen's 60 columns
        assert " ".join(str(note).split()) == "failed play: loses 5 and draws 1 as for a pass"
        what = table.ordered_columns[4]
        assert sum(c.get_render_width(table) for c in table.ordered_columns) <= SMALL[0]
        assert what.width >= 16


async def test_the_steal_dialog_keeps_typing_in_the_new_word_line_and_hints_from_this_table(app_for):
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+s")
        steal = app.screen
        new_words = steal.query_one("#new-words", Input)
        # HOSE (H♥ O♠ S♦ E♣) is the one word Cy may steal: the example is built from it
        assert new_words.placeholder == "e.g. hoses/hsdch: HOSE + an S from the hand"
        await pilot.click("#targets", offset=(6, 1))  # tick HOSE with the mouse
        await pilot.pause()
        assert app.focused is new_words
        await pilot.press(*"hoses/hsdcs")
        assert new_words.value == "hoses/hsdcs"


async def test_the_steal_dialog_fits_with_its_instructions_in_sight(app_for):
    for size in (SIZE, SMALL):
        app = app_for(demo=True)
        async with app.run_test(size=size) as pilot:
            await pilot.press("ctrl+s", "space", *"hoses/hsdcs")
            await pilot.pause()
            title = app.screen.query_one(".dialog-title")
            assert title.region.y >= 0 and title.region.bottom <= size[1]
            assert "tick a word" in str(title.render())
            new_words = app.screen.query_one("#new-words", Input)
            assert 0 <= new_words.region.y and new_words.region.bottom <= size[1] - 1  # above the footer
