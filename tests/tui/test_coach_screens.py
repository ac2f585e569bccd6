"""The coach in the app: the Quiddler round summary beside each hand's best, the Coach key (off during play unless
the game's option or the table's house setting turns it on), and the review at the end of a game."""

from __future__ import annotations

from textual.widgets import DataTable, Static

from companion.events import End
from companion.store import new_saved_game
from companion.tui.screens.coach import CoachScreen
from companion.tui.screens.table import TableScreen
from tests.engine.enginekit import hand, round_

from .tuikit import SIZE, run_command


def cells(screen: CoachScreen) -> list[list[str]]:
    table = screen.query_one(DataTable)
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def test_quiddler_round_summary_shows_each_best_round(app_for, store):
    saved = new_saved_game(store, "quiddler", ["Ann", "Bob"])
    app = app_for(game_id=saved.id)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        # Ann lays CAT (8+2+3 = 13) and goes out; Bob lays nothing and holds E R A: -9, though ERA makes +9.
        screen.commit(round_("Ann", hand("Ann", ["C A T"]), hand("Bob", [], "E R A")))
        await pilot.pause()
        last = str(screen.query_one("#last", Static).render())
        assert "Coach: Ann 13, best 13: " in last and "Bob -9, best 9: " in last


async def test_the_coach_key_is_off_during_play_until_the_table_asks(app_for, store):
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert not screen.check_action("coach", ())
        await pilot.press("f2")
        assert app.screen is screen  # nothing shown: the coach is off
        await run_command(pilot, "Coach during play: turn on")
        assert store.setting("coach") is True and screen.check_action("coach", ())
        await pilot.press("f2")
        await pilot.pause()
        coach = app.screen
        assert isinstance(coach, CoachScreen)
        rows = cells(coach)
        # Cy to play: Bob's HOSE (H4 O1 S1 E1 = 7, mixed suits) is open; Ann's CAT and JOT are locked.
        assert rows and {r[0] for r in rows} == {"Bob"}
        assert [int(r[4]) for r in rows] == sorted((int(r[4]) for r in rows), reverse=True)
        await pilot.press("escape")
        assert app.screen is screen


async def test_the_game_option_turns_the_coach_on(app_for, store):
    saved = new_saved_game(store, "word-thief", ["Ann", "Bob"], {"coach": True})
    app = app_for(game_id=saved.id)
    async with app.run_test(size=SIZE) as pilot:
        assert app.screen.check_action("coach", ())
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, CoachScreen) and not cells(app.screen)  # an empty table: nothing to steal


async def test_the_review_screen_at_the_end_of_a_game(app_for, store):
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert not screen.check_action("review", ())
        screen.commit(End())
        await pilot.pause()
        assert "F3 shows the coach's review" in str(app.screen.query_one("#notice-body", Static).render())
        await pilot.press("escape")  # the final standings
        await pilot.press("f3")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, CoachScreen)
        rows = cells(review)
        assert [r[0] for r in rows] == ["turn 1", "turn 2", "turn 3", "turn 4", "turn 5"]
        assert rows[2][1:3] == ["Cy", "stole RAIN for BRAIN"] and "QINDAR" in rows[2][4] and rows[2][5] == "26"


def test_snapshot_of_the_steals_on_the_demo_table(snap_compare, app_for, store):
    store.set_setting("coach", True)
    assert snap_compare(app_for(demo=True), press=["f2"], terminal_size=SIZE)


def test_snapshot_of_the_review_of_the_demo_game(snap_compare, app_for):
    async def end_then_review(pilot) -> None:
        pilot.app.screen.commit(End())
        await pilot.pause()
        await pilot.press("escape", "f3")
        await pilot.pause()

    assert snap_compare(app_for(demo=True), run_before=end_then_review, terminal_size=SIZE)
