"""Pilot tests of the end of a Word Thief game (it ends itself, hand sizes are known, ^f asks first) and of the
small stumbles a new player meets (the play line, the steal dialog, the start screen, the ledger at 60x20)."""

from __future__ import annotations

from textual.widgets import DataTable

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
