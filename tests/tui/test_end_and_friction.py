"""Pilot tests of the end of a Word Thief game (it ends itself, hand sizes are known, ^f asks first) and of the
small stumbles a new player meets (the play line, the steal dialog, the start screen, the ledger at 60x20)."""

from __future__ import annotations

from textual.widgets import DataTable, Input

from companion.events import Challenge, Make
from companion.store import new_saved_game
from companion.tui.screens.confirm import ConfirmScreen
from companion.tui.screens.end import EndScreen
from companion.tui.screens.notice import NoticeScreen
from companion.tui.screens.table import TableScreen
from companion.tui.widgets.preview import Preview

from .tuikit import SIZE, run_command

SMALL = (60, 20)


async def test_the_ledger_wraps_a_long_description_rather_than_cutting_it(app_for, store):
    saved = new_saved_game(store, "word-thief", ["Ann", "Bob"], {"trump": "s"})
    saved.apply(Make("Ann", saved.game.parse_play("zo/cd")))
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


# --- the end of a Word Thief game ------------------------------------------------------------------

# Two players with half a deck: seven refills of 7 and Bob's last refill of 5 empty the pile of 54,
# and Ann's ninth word uses her whole hand with nothing left to draw.
WHOLE_GAME = [
    "rainbow/hhhhdhd",
    "toasted/hhhhdhh",
    "special/dhhhhhh",
    "holiday/hdddddh",
    "miracle/ddhdsch",
    "planets/sschddc",
    "trading/cdccddh",
    "oranges/dcsddds",
    "mounted/cchccds",
]
BOBS_FIVE = "QdZcJsXsKh"  # 10 + 10 + 8 + 8 + 5 = 41, cards the nine words left in the deck


def half_deck_game(app_for, store):
    saved = new_saved_game(store, "word-thief", ["Ann", "Bob"], {"trump": "h", "half_deck": True})
    return app_for(game_id=saved.id)


async def type_the_whole_game(pilot) -> None:
    for word in WHOLE_GAME:
        await pilot.press(*word, "enter")


async def test_a_game_played_until_the_pile_runs_out_opens_the_end_by_itself(app_for, store):
    app = half_deck_game(app_for, store)
    async with app.run_test(size=SIZE) as pilot:
        game = app.screen.game
        await type_the_whole_game(pilot)
        assert game.state.pile == 0 and game.hand_sizes() == {"Ann": 0, "Bob": 5}
        end = app.screen
        assert isinstance(end, EndScreen)
        assert str(end.query_one(".dialog-title").render()).startswith(
            "The draw pile is empty and Ann holds no cards: the game is over."
        )
        assert end.query_one("#hand-0", Input).disabled  # Ann holds nothing: nothing to ask
        await pilot.press(*"QdZc")
        assert "Bob holds 5 cards; 2 given" in str(end.query_one(Preview).render())
        await pilot.press("enter")
        assert app.screen is end and not game.ended  # refused: the hand is short
        await pilot.press("ctrl+u", *BOBS_FIVE, "enter")
        assert isinstance(app.screen, NoticeScreen)
        await pilot.press("enter")
        assert game.ended and game.outcomes[-1].lines[-1].deduction == 41
        winner = game.winner()
        status = str(app.screen.query_one("#status").render())
        assert status.startswith(f"Game over: {winner} wins")


async def test_once_over_no_turn_is_offered_but_the_last_play_may_be_challenged(app_for, store):
    app = half_deck_game(app_for, store)
    async with app.run_test(size=SIZE) as pilot:
        game = app.screen.game
        await type_the_whole_game(pilot)
        await pilot.press("escape")  # the table doubts MOUNTED before the deductions
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.query_one("#play", Input).disabled
        assert str(table.query_one("#status").render()).startswith("Game over: ^f deducts the hands")
        assert not table.check_action("pass_turn", ()) and not table.check_action("steal", ())
        await pilot.press("ctrl+n")  # no pass is offered: nothing happens
        assert isinstance(app.screen, TableScreen) and len(game.events) == 9
        await pilot.press("ctrl+g", "enter")  # Bob challenges MOUNTED: VALID, the game stays over
        assert isinstance(app.screen, NoticeScreen)
        await pilot.press("enter")
        await pilot.press("ctrl+f")  # no question: the pile is empty
        assert isinstance(app.screen, EndScreen)


async def test_ending_early_says_how_many_cards_are_in_the_pile_and_asks(app_for, store):
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+f")
        assert isinstance(app.screen, ConfirmScreen)
        assert "End the game with 72 cards in the draw pile?" in str(app.screen.query_one(".dialog-title").render())
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)
        await pilot.press("ctrl+f", "enter")
        end = app.screen
        assert isinstance(end, EndScreen)
        assert [str(label.render()) for label in end.query("#hands Label")] == ["Ann (7)", "Bob (7)", "Cy (7)"]
        await pilot.press(*"qa/dh")
        assert "Ann holds 7 cards; 2 given" in str(end.query_one(Preview).render())


async def test_words_and_points_ends_without_asking_for_hands(app_for, store):
    saved = new_saved_game(store, "words-and-points", ["Ann", "Bob"])
    app = app_for(game_id=saved.id)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+f", "enter")
        end = app.screen
        assert isinstance(end, EndScreen) and not end.query(Input)
        await pilot.press("enter")
        assert end.game.ended


# --- the judge at the table: the bluff survives the preview ------------------------------------------


async def test_the_preview_keeps_the_dictionary_to_itself_unless_the_table_asks(app_for, store):
    hidden = new_saved_game(store, "word-thief", ["Ann", "Bob"], {"trump": "s"})
    shown = new_saved_game(store, "word-thief", ["Ann", "Bob"], {"trump": "s", "show_verdicts": True})
    for saved, expect in ((hidden, False), (shown, True)):
        app = app_for(game_id=saved.id)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press(*"zo/cd")  # ZO is not a word: a bluff nobody has challenged yet
            preview = str(app.screen.query_one(Preview).render())
            assert "Z♣ O♦" in preview and "+11" in preview
            assert ("not in the dictionary" in preview) is expect


async def test_the_start_screen_offers_the_verdicts_for_every_game(app_for, store):
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        start = app.screen
        for kind in ("quiddler", "words-and-points", "word-thief"):
            start.query_one("#kind").value = kind
            await pilot.pause()
            assert start.query_one(f"#{kind}-show_verdicts").display
        start.query_one("#word-thief-show_verdicts").value = True
        start.query_one("#players", Input).value = "Ann, Bob"
        await pilot.press("ctrl+s")
        assert app.screen.game.options.get("show_verdicts") is True


# --- the start screen --------------------------------------------------------------------------------


async def test_the_start_screen_for_a_first_time_player(app_for, store):
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        start = app.screen
        players = start.query_one("#players", Input)
        assert not any(name in players.placeholder for name in ("Ann", "Bob", "Cy"))  # no names to mistake
        await pilot.press(*"Ann", "enter")
        assert app.screen is start and store.games() == []  # Enter goes on to the next box, it starts nothing
        assert app.focused is not players
        await pilot.press("ctrl+s")
        error = start.query_one("#start-error")
        assert "2 to 4 players" in str(error.render())
        players.value = "Ann, Bob"
        await pilot.pause()
        assert str(error.render()) == "" and not error.has_class("error")  # fixed: the error is gone
        await pilot.press("ctrl+r")
        assert start.query_one("#start-tabs").active == "resume"
        await pilot.press("ctrl+n")  # the footer's keys move between the tabs both ways
        assert start.query_one("#start-tabs").active == "new" and app.focused is players
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, TableScreen) and app.screen.game.players == ["Ann", "Bob"]


async def test_the_house_setting_shows_the_verdicts_in_every_game_at_this_table(app_for, store):
    saved = new_saved_game(store, "word-thief", ["Ann", "Bob"], {"trump": "s"})
    app = app_for(game_id=saved.id)
    async with app.run_test(size=SIZE) as pilot:
        await run_command(pilot, "Dictionary verdicts while typing")
        await pilot.press(*"zo/cd")
        assert "ZO ✗ not in the dictionary" in str(app.screen.query_one(Preview).render())
    assert store.setting("show_verdicts") is True


# --- typing ---------------------------------------------------------------------------------------------


async def test_a_joker_count_mismatch_explains_the_notation_with_the_players_word(app_for):
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"br*ad/cshd")  # a suit typed for the joker too
        preview = " ".join(str(app.screen.query_one(Preview).render()).split())
        assert preview.startswith("cards read: B R *A D ")
        assert (
            "a joker takes no suit, so BR*AD has 3 suited cards (B R D; *A is the joker) but 4 suits: "
            "type br*ad/csd, or br*ad/c for all"
        ) in preview
        await pilot.press("backspace", "backspace", "backspace", "s", "d")  # br*ad/csd
        preview = str(app.screen.query_one(Preview).render())
        assert "cards: B♣ R♠ *A D♦" in preview


# --- the screen ----------------------------------------------------------------------------------------


async def test_the_scoreboard_header_keeps_its_widths_after_undo_and_redo(app_for):
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"load/c", "enter", "ctrl+z", "ctrl+y")
        await pilot.pause()
        board = app.screen.query_one("#scoreboard")
        header, first = board.render_line(0).text, board.render_line(1).text
        # each heading starts where its column's cells start: Chips over the first chip, Hand over the hand
        assert header.index("Chips") == first.index("●")
        assert header.index("Words on the table") == first.index("[CAT]")
