"""Snapping a play at the table with a stand-in webcam: the cards shown, the corrections, the ledger."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input

import vision.ocr
from companion.decks import DECK_DIR
from companion.store import Store, new_saved_game
from companion.tui.app import make_app
from companion.tui.card_reader import SAMPLES, Snap, SnapCard
from companion.tui.screens.snap import SnapScreen
from companion.tui.screens.table import TableScreen
from companion.tui.widgets.card_row import CELL, CardRow
from .camkit import SIZE, hint, saved_events, settled, shown, status, truth


def new_game(store: Store, kind: str) -> int:
    return new_saved_game(store, kind, ["Ann", "Bob"], {}).id


def play_line(app) -> Input:
    return app.screen.query_one("#play", Input)


async def test_keys_typed_while_a_photo_is_read_go_to_the_play_line(store):
    shutter = threading.Event()  # a webcam that takes its time, like a reader setting up its first read

    def slow_camera() -> Path:
        shutter.wait(30)
        return SAMPLES / "word-thief-1.jpg"

    gid = new_game(store, "word-thief")
    app = make_app(store=store, game_id=gid, camera=slow_camera)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press(*"ca", "ctrl+o")
            assert "Or just type Ann's play instead" in status(app.screen)
            for key in "t/h":  # a quick burst: every key is on its way before the first closes the dialog
                app.post_message(events.Key(key, key))
            await pilot.pause()
            assert isinstance(app.screen, TableScreen) and play_line(app).value == "cat/h"
            await pilot.press("enter")
            assert saved_events(store, gid)[0]["words"] == [["Ch", "Ah", "Th"]]
    finally:
        shutter.set()


async def test_snap_fills_the_play_line_and_only_enter_commits(app_for, store):
    gid = new_game(store, "word-thief")
    app = app_for("word-thief-1", game_id=gid)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        snap = await settled(pilot)
        assert shown(snap) == truth("word-thief-1")
        assert "5 cards in 1 word read" in status(snap)
        assert "Enter puts RcXsIsRdTh into Ann's play" in hint(snap)
        await pilot.press("enter")
        assert isinstance(app.screen, TableScreen)
        assert play_line(app).value == "RcXsIsRdTh"
        assert saved_events(store, gid) == []  # the snap committed nothing
        assert "RXIRT" in str(app.screen.query_one("#preview").render())
        await pilot.press("enter")
        made = {"type": "make", "player": "Ann", "words": [["Rc", "Xs", "Is", "Rd", "Th"]]}
        assert saved_events(store, gid) == [made]


async def test_a_card_fixed_by_typing_is_what_the_ledger_gets(app_for, store):
    """The demo's T of hearts is already in CAT: the player corrects the photo's card to the T of clubs."""
    app = app_for("word-thief-1", demo=True)
    async with app.run_test(size=SIZE) as pilot:
        gid = app.screen.saved.id
        before = len(saved_events(store, gid))
        await pilot.press("ctrl+o")
        snap = await settled(pilot)
        await pilot.press("up")  # from the first card round to the last
        assert snap.query_one("#snap-fix", Input).value == "Th"
        await pilot.press("/", "c", "enter")
        assert shown(snap)[0][-1] == "Tc"
        assert "Enter puts RcXsIsRdTc into Cy's play" in hint(snap)
        await pilot.press("enter")
        assert play_line(app).value == "RcXsIsRdTc"
        assert len(saved_events(store, gid)) == before
        await pilot.press("enter")
        assert saved_events(store, gid)[-1]["words"] == [["Rc", "Xs", "Is", "Rd", "Tc"]]


DOUBTFUL = Snap(
    ((SnapCard("C", "h", 1.0, False), SnapCard("*", None, 0.95, False), SnapCard("T", "s", 0.4, True)),), ()
)


async def test_the_cursor_starts_on_the_first_card_to_check_and_a_joker_asks_its_letter(app_for, store, monkeypatch):
    monkeypatch.setattr("companion.tui.screens.snap.read_cards", lambda photo, game, deck: DOUBTFUL)
    gid = new_game(store, "word-thief")
    app = app_for("word-thief-1", game_id=gid)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        snap = await settled(pilot)
        assert snap.pos == 1 and "type the letter this wild card stands for" in hint(snap)
        row = snap.query_one(CardRow)
        assert [c.flagged for c in row.cards] == [False, True, True] and row.cursor == 1
        await pilot.click(CardRow, offset=(CELL * 2 + 1, 0))  # a click moves the cursor too
        assert snap.pos == 2 and row.cursor == 2
        await pilot.click(CardRow, offset=(CELL + 1, 0))
        await pilot.press("enter")  # no letter yet: asked again, nothing confirmed
        assert isinstance(app.screen, SnapScreen) and "type the letter" in hint(snap)
        await pilot.press("a", "enter")
        assert snap.pos == 2 and "1 card to check" in hint(snap)  # on to the flagged T
        await pilot.press("enter")  # the T is right
        assert "Enter puts Ch*aTs" in hint(snap)
        await pilot.press("enter")
        assert play_line(app).value == "Ch*aTs"
        await pilot.press("enter")
        assert saved_events(store, gid)[0]["words"] == [["Ch", "*a", "Ts"]]


async def test_a_snap_reads_with_the_tables_own_deck_file(app_for, store, monkeypatch, tmp_path):
    ours = tmp_path / "ours.json"
    ours.write_text(json.dumps({**json.loads((DECK_DIR / "word-thief.json").read_text()), "name": "our deck"}))
    read_with = []
    monkeypatch.setattr(
        "companion.tui.screens.snap.read_cards", lambda photo, game, deck: read_with.append(deck) or DOUBTFUL
    )
    saved = new_saved_game(store, "word-thief", ["Ann", "Bob"], {"deck_file": str(ours)})
    app = app_for("word-thief-1", game_id=saved.id)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        await settled(pilot)
    assert [deck.name for deck in read_with] == ["our deck"]


async def test_a_suit_that_could_not_be_read_must_be_typed(app_for, store, monkeypatch):
    no_pip = Snap(((SnapCard("R", None, 0.0, True), SnapCard("E", "d", 1.0, False)),), ())
    monkeypatch.setattr("companion.tui.screens.snap.read_cards", lambda photo, game, deck: no_pip)
    app = app_for("word-thief-1", game_id=new_game(store, "word-thief"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        snap = await settled(pilot)
        assert snap.pos == 0 and "its suit could not be read" in hint(snap)
        await pilot.press("enter")  # accepting it as read is not enough
        assert isinstance(app.screen, SnapScreen) and "its suit could not be read" in hint(snap)
        await pilot.press("/", "d", "enter", "enter")
        assert play_line(app).value == "RdEd"


async def test_escape_leaves_the_play_line_as_it_was(app_for, store):
    app = app_for("word-thief-1", game_id=new_game(store, "word-thief"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"cat/h", "ctrl+o")
        await settled(pilot)
        await pilot.press("escape")
        assert play_line(app).value == "cat/h"


async def test_no_camera_says_so_and_a_photo_file_still_reads(app_for, store):
    app = app_for(game_id=new_game(store, "word-thief"))  # a stand-in with no photos: no webcam
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        snap = await settled(pilot)
        assert status(snap).startswith("No webcam found: plug one in") and "type the cards" in status(snap)
        assert snap.query_one("#snap-status").has_class("error")
        path = snap.query_one("#snap-path", Input)
        assert app.focused is path
        path.value = "assets/samples/word-thief-2.jpg"
        await pilot.press("enter")
        snap = await settled(pilot)
        assert shown(snap) == truth("word-thief-2")


async def test_an_unreadable_photo_is_one_line(app_for, store, tmp_path):
    bad = tmp_path / "notes.jpg"
    bad.write_text("not a photo")
    app = app_for(game_id=new_game(store, "word-thief"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+b")  # the palette's "Photo file": straight to the path
        snap = app.screen
        assert isinstance(snap, SnapScreen) and app.focused is snap.query_one("#snap-path")
        await pilot.press(*str(bad), "enter")
        snap = await settled(pilot)
        assert "not an image" in status(snap) and "\n" not in status(snap)
        await pilot.press("escape")
        await pilot.press(*"at/h")  # typing still works
        assert "cannot play that" not in str(app.screen.query_one("#preview").border_title)


async def test_a_photo_path_of_markup_is_shown_as_typed(app_for, store, tmp_path):
    bad = tmp_path / "[b]club[red on blue] [@click=app.quit].jpg"
    bad.write_text("not a photo")
    app = app_for(game_id=new_game(store, "word-thief"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+b")
        await pilot.press(*str(bad), "enter")
        snap = await settled(pilot)
        assert bad.name in status(snap) and "not an image" in status(snap)
        assert app.is_running


async def test_without_opencv_typing_still_works(app_for, store, monkeypatch):
    def no_opencv(photo, game, deck):
        raise ModuleNotFoundError("No module named 'cv2'")

    monkeypatch.setattr("companion.tui.screens.snap.read_cards", no_opencv)
    app = app_for("word-thief-1", game_id=new_game(store, "word-thief"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        snap = await settled(pilot)
        assert "needs OpenCV" in status(snap)
        await pilot.press("escape", *"at/h", "enter")
        assert app.screen.game.scores["Ann"] == 4  # A1 + T1, one suit: locked, x2


@pytest.fixture
def no_tesseract(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("COMPANION_OCR", "off")
    vision.ocr.backend.cache_clear()
    yield
    monkeypatch.undo()
    vision.ocr.backend.cache_clear()


async def test_without_tesseract_the_reading_says_so(app_for, store, no_tesseract):
    app = app_for("word-thief-2", game_id=new_game(store, "word-thief"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        snap = await settled(pilot)
        assert shown(snap) == truth("word-thief-2")
        assert "OCR turned off" in status(snap)


async def test_words_and_points_asks_for_the_table_letters(app_for, store):
    gid = new_game(store, "words-and-points")
    app = app_for("words-and-points-1", game_id=gid)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        snap = await settled(pilot)
        assert shown(snap) == truth("words-and-points-1")
        assert "add = before them" in status(snap)
        await pilot.press("enter")
        assert play_line(app).value == "ued ok"


def test_the_app_starts_without_loading_the_reader():
    code = (
        "import sys; from companion.tui.app import make_app; import companion.tui.screens.table; "
        "print(sorted(m for m in ('cv2', 'vision', 'numpy') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


async def test_a_failed_retake_drops_the_earlier_reading(app_for, store):
    app = app_for("word-thief-1", game_id=new_game(store, "word-thief"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        snap = await settled(pilot)
        assert shown(snap) == truth("word-thief-1")
        snap.camera.photos = []  # the webcam is unplugged
        await pilot.press("ctrl+r")
        snap = await settled(pilot)
        assert "No webcam found" in status(snap) and shown(snap) == [] and snap.words == []
