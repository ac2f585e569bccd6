"""The same snap in the end-of-game hands, the steal dialog, the word judge and the Quiddler round."""

from __future__ import annotations


from textual.widgets import Input, Select, SelectionList

from companion.store import new_saved_game
from companion.tui.screens.end import EndScreen
from companion.tui.screens.judge import JudgeScreen
from companion.tui.screens.steal import StealScreen
from companion.tui.widgets.banner import Banner
from .camkit import SIZE, saved_events, settled, shown, status, truth


async def test_a_snapped_hand_is_deducted_at_the_end(app_for, store):
    gid = new_saved_game(store, "word-thief", ["Ann", "Bob"], {}).id
    app = app_for("word-thief-1", game_id=gid)
    ann = ["Es", "Ed", "Eh", "Ec", "Os", "Od", "Oh"]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+f", "enter")  # yes, end it with cards in the pile
        assert isinstance(app.screen, EndScreen)
        await pilot.press(*"".join(ann), "tab", "ctrl+o")  # Ann's seven cards typed, Bob's snapped
        snap = await settled(pilot)
        assert snap.what == "Bob's hand" and shown(snap) == truth("word-thief-1")
        await pilot.press("enter")
        end = app.screen
        assert isinstance(end, EndScreen) and end.query_one("#hand-1", Input).value == "RcXsIsRdTh"
        assert saved_events(store, gid) == []
        await pilot.press("end", *"AsAd", "enter")  # the two cards Bob held out of the photo
        ended = {"type": "end", "hands": {"Ann": ann, "Bob": ["Rc", "Xs", "Is", "Rd", "Th", "As", "Ad"]}}
        assert saved_events(store, gid)[-1] == ended
        # under the standings: R 1 + X 8 + I 1 + R 1 + T 1 + A 1 + A 1 deducted
        assert app.screen_stack[-2].game.scores["Bob"] == -14


async def test_a_fanned_hand_snapped_at_the_end(app_for, store):
    # The hand as it is held: a fan where each card shows only its index corner.
    gid = new_saved_game(store, "word-thief", ["Ann", "Bob"], {}).id
    app = app_for("word-thief-3", game_id=gid)
    fan = ["Ih", "Ic", "Wc", "Us", "Ec", "Ch", "Fc", "Ps", "Ah"]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+f", "enter", "ctrl+o")  # yes, end it with cards in the pile; Ann's hand
        snap = await settled(pilot)
        assert snap.what == "Ann's hand" and shown(snap) == truth("word-thief-3") == [fan]
        assert status(snap).startswith("9 cards read.")  # a hand is no word
        await pilot.press("enter")
        assert app.screen.query_one("#hand-0", Input).value == "".join(fan)
        # A fresh game's hands hold seven cards: the fan's last two go back before the end is entered.
        await pilot.press("end", *["backspace"] * 4, "enter", *"EsEdEhEcOsOdOh", "enter")
        assert saved_events(store, gid)[-1]["hands"]["Ann"] == fan[:7]


async def test_a_snapped_steal_fills_the_new_words(app_for):
    app = app_for("word-thief-1", demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+s")
        steal = app.screen
        assert isinstance(steal, StealScreen)
        await pilot.press("ctrl+o")
        await settled(pilot)
        await pilot.press("up", "/", "c", "enter", "enter")  # the T of hearts is in CAT: it was clubs
        assert app.screen is steal and steal.query_one("#new-words", Input).value == "RcXsIsRdTc"
        assert steal.query_one(SelectionList).selected == []  # nothing ticked, nothing stolen


async def test_the_judge_reads_a_word_held_up(app_for):
    app = app_for("quiddler-1", judge_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        snap = await settled(pilot)
        assert snap.game == "word-thief"  # the judge has no game: Word Thief is read first ...
        await pilot.press("ctrl+g", "down", "enter")  # ... and the player says the deck is Quiddler's
        assert snap.query_one(Select).value == "quiddler"
        snap = await settled(pilot)
        assert shown(snap) == truth("quiddler-1")
        await pilot.press("enter")
        judge = app.screen
        assert isinstance(judge, JudgeScreen) and judge.query_one("#judge-input", Input).value == "VEERBP"
        await pilot.press("enter")
        assert judge.query_one(Banner).word == "NOT VALID"


async def test_a_quiddler_round_takes_snapped_words_and_cards_left(app_for, store):
    gid = new_saved_game(store, "quiddler", ["Ann", "Bob"], {}).id
    app = app_for("quiddler-2", "quiddler-1", game_id=gid)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+r")
        round_screen = app.screen
        round_screen.query_one("#words-0", Input).focus()
        await pilot.press("ctrl+o")
        snap = await settled(pilot)
        assert snap.what == "Ann's words" and shown(snap) == truth("quiddler-2")
        await pilot.press("enter")
        assert round_screen.query_one("#words-0", Input).value == "qu-e-e-d-g n-s-r-r-b-u"
        round_screen.query_one("#left-1", Input).focus()
        await pilot.press("ctrl+o")
        snap = await settled(pilot)
        assert snap.what == "Bob's cards left"
        await pilot.press("enter")
        assert round_screen.query_one("#left-1", Input).value == "v-e-er-b-p"
        round_screen.query_one("#out", Select).value = "Ann"
        await pilot.pause()
        preview = str(round_screen.query_one("#round-preview").render())
        assert "Ann shows 11" in preview  # the engine counts the snapped cards (round 1 deals 3)
        assert saved_events(store, gid) == []
