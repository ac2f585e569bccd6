"""Pilot tests of the start screen, resuming, judge-only mode, a damaged save file, and the other two games."""

from __future__ import annotations

import json

from textual.widgets import Input, OptionList, Select

from companion.cards import Card
from companion.events import Make, QuiddlerHand, Round
from companion.store import new_saved_game
from companion.tui.app import Opening, make_app
from companion.tui.screens.confirm import ConfirmScreen
from companion.tui.screens.judge import JudgeScreen
from companion.tui.screens.notice import NoticeScreen
from companion.tui.screens.round import RoundScreen
from companion.tui.screens.spelling import SpellingScreen
from companion.tui.screens.start import StartScreen
from companion.tui.screens.table import TableScreen
from companion.tui.widgets.banner import Banner
from companion.tui.widgets.preview import Preview

from .tuikit import SIZE, ledger_rows


async def test_new_word_thief_game_from_the_start_screen(app_for, store):
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, StartScreen)
        await pilot.press(*"Ann, Bob, Cy", "ctrl+s")
        game = app.screen.game
        assert isinstance(app.screen, TableScreen)
        assert game.players == ["Ann", "Bob", "Cy"] and game.trump == "h" and game.to_play == "Ann"
    info = store.games()[0]
    assert info.players == ["Ann", "Bob", "Cy"] and info.events == 0


async def test_options_and_game_choice_reach_the_engine(app_for, store):
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        start = app.screen
        start.query_one("#kind", Select).value = "quiddler"
        await pilot.pause()
        start.query_one("#quiddler-one_bonus", Select).value = "longest"
        start.query_one("#quiddler-negative_rounds").value = True
        await pilot.click("#players")
        await pilot.press(*"Ann, Bob", "ctrl+s")
        game = app.screen.game
        assert game.kind == "quiddler" and game.options == {"one_bonus": "longest", "negative_rounds": True}


async def test_names_that_collide_are_refused_and_nothing_is_saved(app_for, store):
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"Ann, ann", "ctrl+s")
        assert isinstance(app.screen, StartScreen)
        assert "duplicate player" in str(app.screen.query_one("#start-error").render())
        await pilot.press("ctrl+u", *"Ann", "ctrl+s")
        assert "2 to 4 players" in str(app.screen.query_one("#start-error").render())
    assert store.games() == []


async def test_an_unreadable_dictionary_starts_no_game(app_for, store, tmp_path):
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#dictionary", Input).value = str(tmp_path / "missing.txt")
        await pilot.click("#players")
        await pilot.press(*"Ann, Bob", "ctrl+s")
        assert "cannot read word list" in str(app.screen.query_one("#start-error").render())
    assert store.games() == []


async def test_a_chosen_dictionary_judges_the_game_after_a_restart(app_for, store, tmp_path):
    words = tmp_path / "tiny.txt"
    words.write_text("cat\n")
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#dictionary", Input).value = str(words)
        await pilot.click("#players")
        await pilot.press(*"Ann, Bob", "ctrl+s", *"cot/s", "enter")
        assert app.screen.game.is_word("CAT") and not app.screen.game.is_word("COT")
        gid = app.screen.saved.id
    again = app_for(game_id=gid)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+g", "enter")
        assert again.screen.query_one(Banner).word == "NOT VALID"


async def test_resume_lists_saved_games(app_for, store):
    saved = new_saved_game(store, "words-and-points", ["Ann", "Bob"])
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+r")
        options = app.screen.query_one("#saved-games", OptionList)
        assert "Words And Points" in str(options.get_option_at_index(0).prompt)
        await pilot.press("enter")
        assert isinstance(app.screen, TableScreen) and app.screen.saved.id == saved.id


async def test_saved_games_show_the_standing_and_a_game_is_deleted_after_a_yes(app_for, store):
    kept = new_saved_game(store, "words-and-points", ["Ann", "Bob"])
    gone = new_saved_game(store, "word-thief", ["Cy", "Di"], {"trump": "s"})
    gone.apply(Make("Cy", (tuple(Card(f, "h") for f in "CAT"),)))  # CAT locked in hearts: 5 x2 = 10
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+r")
        options = app.screen.query_one("#saved-games", OptionList)
        first = str(options.get_option_at_index(0).prompt)
        assert first.startswith(f"#{gone.id}  Word Thief · Cy, Di · Cy leads with 10 · in play · 0 min ago")
        assert "Words And Points · Ann, Bob · a tie at 0 · in play" in str(options.get_option_at_index(1).prompt)
        await pilot.press("delete")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # kept
        assert options.option_count == 2
        await pilot.press("delete", "y")
        assert isinstance(app.screen, StartScreen) and options.option_count == 1
    assert [g.id for g in store.games()] == [kept.id]


async def test_demo_from_the_start_screen(app_for):
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        assert isinstance(app.screen, TableScreen) and app.screen.game.players == ["Ann", "Bob", "Cy"]


async def test_the_demo_is_saved_once_until_someone_plays_on_it(app_for, store):
    for _ in range(2):  # two launches of `companion --demo`, then the demo from the start screen
        async with app_for(demo=True).run_test(size=SIZE) as pilot:
            await pilot.pause()
    async with app_for().run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
    [demo] = store.games()
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        assert app.screen.saved.id == demo.id
        await pilot.press(*"dog/h", "enter")  # Cy plays on: the table's own game now, kept as it is
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        undone = app.screen.saved.id
        await pilot.press(*"dog/h", "enter", "ctrl+z")  # played and undone: the redo is the table's too
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        fresh = app.screen.saved.id
    assert {g.id: g.events for g in store.games()} == {demo.id: 6, undone: 5, fresh: 5}
    assert len({demo.id, undone, fresh}) == 3


def test_make_app_opens_the_save_file_before_the_app(data_dir):
    app = make_app(demo=True)
    assert (data_dir / "ledger.sqlite3").is_file() and app.opening == Opening(demo=True)


async def test_a_damaged_save_file_is_reported_and_left_untouched(data_dir):
    data_dir.mkdir(parents=True)
    ledger = data_dir / "ledger.sqlite3"
    ledger.write_bytes(b"this is not a database" * 100)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert "not a table companion save" in str(app.screen.query_one("#start-error").render())
        await pilot.press("ctrl+s", "ctrl+o")  # no store: starting and the demo do nothing
        assert isinstance(app.screen, StartScreen)
        await pilot.press("ctrl+g", *"cat", "enter")
        assert app.screen.query_one(Banner).word == "VALID"
    assert ledger.read_bytes() == b"this is not a database" * 100


async def test_resume_of_a_missing_game_is_reported(app_for):
    app = app_for(game_id=999)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert "no saved game 999" in str(app.screen.query_one("#start-error").render())


async def test_judge_only_mode(app_for):
    app = app_for(judge_only=True)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, JudgeScreen)
        await pilot.press(*"qat", "enter")
        assert app.screen.query_one(Banner).word == "VALID" and app.screen.has_class("-valid")
        await pilot.press("ctrl+u", *"qat xyzzy", "enter")
        assert app.screen.query_one(Banner).word == "NOT VALID"
        assert app.screen.query_one("#judge-input", Input).value == ""  # the next word is typed afresh
        await pilot.press("x")
        assert app.screen.query_one(Banner).word == ""  # an old verdict never sits under new text
        await pilot.press("ctrl+u", *"café", "enter")  # as `companion judge café`: judged as CAFE, with a note
        judged = str(app.screen.query_one("#judged").render())
        assert (
            app.screen.query_one(Banner).word == "VALID" and "judged CAFÉ as CAFE: the cards carry no accents" in judged
        )
        await pilot.press(*"don't", "enter")
        assert "plain letters only" in str(app.screen.query_one("#judged").render())
        assert app.screen.query_one(Banner).word == ""
        await pilot.press("escape")
    assert app.return_code == 0


async def test_the_judge_tab_chooses_the_word_list_and_house_list(app_for, store, tmp_path):
    words = tmp_path / "family.txt"
    words.write_text("cat\ndog\n")
    store.set_house("word-thief", "ZA", True)
    store.set_house("word-thief", "CAT", False)
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#start-tabs").active = "judge"
        app.screen.query_one("#judge-dictionary", Input).value = str(tmp_path / "missing.txt")
        await pilot.press("ctrl+g")
        assert isinstance(app.screen, StartScreen)
        assert "cannot read word list" in str(app.screen.query_one("#start-error").render())
        app.screen.query_one("#judge-dictionary", Input).value = str(words)
        app.screen.query_one("#judge-house", Select).value = "word-thief"
        await pilot.press("ctrl+g")
        assert isinstance(app.screen, JudgeScreen)
        assert str(app.screen.query_one("#judge-title").render()) == (
            "Word judge · dictionary: family.txt · Word Thief house list: 1 accepted, 1 banned"
        )
        verdicts = {}
        for word in ("dog", "za", "cat", "qat"):
            await pilot.press("ctrl+u", *word, "enter")
            verdicts[word] = app.screen.query_one(Banner).word
        assert verdicts == {"dog": "VALID", "za": "VALID", "cat": "NOT VALID", "qat": "NOT VALID"}


async def test_quiddler_round_entry_computes_bonuses(app_for, store):
    saved = new_saved_game(store, "quiddler", ["Ann", "Bob"])
    app = app_for(game_id=saved.id)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+r")
        assert isinstance(app.screen, RoundScreen)
        await pilot.press("enter", "down", "enter")  # Ann went out
        await pilot.press("tab", *"thin")
        assert "THIN splits 3 ways" in str(app.screen.query_one(Preview).render())
        await pilot.press("enter")
        assert isinstance(app.screen, SpellingScreen)
        # round 1 deals 3 cards: T-H-I-N (4 cards) is not offered
        offered = [str(o.id) for o in app.screen.query_one(OptionList).options]
        assert offered == ["t-h-in", "th-i-n", "th-in"]
        await pilot.press("down", "enter")  # TH-I-N: three cards
        assert app.screen.query_one("#words-0", Input).value == "th-i-n"
        await pilot.press("tab", "tab", "tab", *"qu e a", "enter")
        game = app.screen.game
        assert isinstance(app.screen, TableScreen)
        # TH 9 + I 2 + N 5 = 16, most words +10, longest word +10
        assert game.scores == {"Ann": 36, "Bob": 0} and game.round_number == 2
        rec = game.state.rounds[-1]
        assert [(r.most_words, r.longest_word) for r in rec.results] == [(10, 10), (0, 0)]
        assert json.loads(ledger_rows(store, saved.id)[-1][0])["hands"]["Bob"] == {
            "words": [],
            "left": ["QU", "E", "A"],
        }


async def test_a_spelling_the_hand_cannot_hold_is_never_asked(app_for, store):
    """QUIT in round 1 (3 cards) can only be QU-I-T; in round 2 (4 cards) beside a card left, still only QU-I-T."""
    saved = new_saved_game(store, "quiddler", ["Ann", "Bob"])
    app = app_for(game_id=saved.id)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+r", "enter", "down", "enter", "tab", *"quit")
        assert "splits" not in str(app.screen.query_one(Preview).render())
        await pilot.press("tab", "tab", "tab", *"e e e", "enter")
        assert isinstance(app.screen, TableScreen)
        assert [c.face for c in app.screen.game.state.rounds[-1].hands[0].words[0]] == ["QU", "I", "T"]
        await pilot.press("ctrl+r", "enter", "down", "enter", "tab", "tab", "e", "shift+tab", *"quit", "enter")
        assert isinstance(app.screen, RoundScreen)  # no picker: the one spelling that fits is written in
        assert app.screen.query_one("#words-0", Input).value == "qu-i-t"


async def test_quiddler_challenge_names_the_word(app_for, store):
    saved = new_saved_game(store, "quiddler", ["Ann", "Bob"])
    app = app_for(game_id=saved.id)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+r", "enter", "down", "enter", "tab", *"zax", "tab", "tab", "tab", *"e e e", "enter")
        assert app.screen.game.scores["Ann"] == 48
        await pilot.press("ctrl+g", "enter", "enter")  # the word ZAX, challenged by Bob
        assert app.screen.query_one(Banner).word == "VALID"
        await pilot.press("enter")
        assert app.screen.game.scores == {"Ann": 48, "Bob": -28}


async def test_words_and_points_play_and_challenge(app_for, store):
    saved = new_saved_game(store, "words-and-points", ["Ann", "Bob"])
    app = app_for(game_id=saved.id)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"cat", "enter", *"x=at", "enter")
        game = app.screen.game
        assert game.scores == {"Ann": 8, "Bob": 11}
        await pilot.press("ctrl+g", "enter")
        assert isinstance(app.screen, NoticeScreen) and app.screen.query_one(Banner).word == "NOT VALID"
        await pilot.press("enter", "ctrl+n", "enter")
        assert game.scores == {"Ann": 8, "Bob": 0} and game.to_play == "Bob"  # Ann passed
        assert len(ledger_rows(store, saved.id)) == 4


async def test_a_damaged_saved_game_is_reported_on_resume(app_for, store):
    saved = new_saved_game(store, "word-thief", ["Ann", "Bob"], {"trump": "s"})
    with store._tx():
        store.db.execute('INSERT INTO events (game_id, seq, body) VALUES (?, 1, \'{"type": "make"\')', (saved.id,))
    app = app_for(game_id=saved.id)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert "is damaged" in str(app.screen.query_one("#start-error").render())


async def test_the_eighth_quiddler_round_ends_the_game_with_the_standings(app_for, store):
    saved = new_saved_game(store, "quiddler", ["Ann", "Bob"])
    deal = ["ate", "late", "plate", "planet", "planets", "pleasant", "planetary"]  # r+2 cards in round r
    for number, word in enumerate(deal, start=1):
        assert len(word) == number + 2
        saved.apply(
            Round(
                "Ann",
                (
                    QuiddlerHand("Ann", (tuple(Card(c.upper()) for c in word),), ()),
                    QuiddlerHand("Bob", (), tuple(Card(c.upper()) for c in word)),
                ),
            )
        )
    app = app_for(game_id=saved.id)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+r")
        await pilot.press(
            "enter", "down", "enter", "tab", *"a-p-l-e-n-t-y", "tab", "tab", "tab", *"e e e e e e e e e", "enter"
        )
        assert isinstance(app.screen, RoundScreen)  # round 8 deals 10 cards: the entry is refused
        await pilot.press(
            "shift+tab",
            "shift+tab",
            "shift+tab",
            "ctrl+u",
            *"pleasantly",
            "tab",
            "tab",
            "tab",
            "ctrl+u",
            *"e e e e e e e e e e",
            "enter",
        )
        assert isinstance(app.screen, NoticeScreen) and "Ann wins!" in str(
            app.screen.query_one("#notice-body").render()
        )
        await pilot.press("enter")
        assert app.screen.game.ended


async def test_help_names_the_options_the_table_chose(app_for, store):
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#word-thief-several_words").value = True
        await pilot.click("#players")
        await pilot.press(*"Ann, Bob", "ctrl+s", "f1")
        assert "This table plays with**: Several words in one make." in app.screen.query_one("#help Markdown").source
