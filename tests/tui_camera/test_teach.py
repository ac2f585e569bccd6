"""Teaching a deck from the app: reached from the command palette, step by step, from the webcam."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Button, Input, Select

from companion.tui.app import make_app
from companion.tui.screens.teach import TeachScreen
from companion.tui.widgets.photo_view import PhotoView
from vision.model import taught_path
from vision.render import render_photo
from .camkit import SIZE

ORDER = [("QU", None), ("E", None), ("ER", None), ("Z", None), ("A", None), ("TH", None), ("K", None)]


async def wait_result(pilot, screen: TeachScreen) -> str:
    for _ in range(600):
        await pilot.pause(0.05)
        if not screen.query_one("#teach-loading").display:
            await pilot.pause()
            return str(screen.query_one("#teach-result").render())
    raise AssertionError("teaching never finished")


async def test_teach_a_deck_from_the_palette(store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "taught"))  # the session's reader stays untaught
    photo = render_photo("quiddler", 3, cards=ORDER, upright=True).image
    app = make_app(store=store, judge_only=True, camera=lambda: photo)
    app.cursor_blink = False
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p", *"Teach a deck")
        await pilot.pause(0.3)
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, TeachScreen)
        assert "upright" in str(screen.query_one("#teach-steps").render())
        screen.query_one(Select).value = "quiddler"
        await pilot.pause()
        assert "A QU ER TH B" in str(screen.query_one("#teach-steps").render())
        await pilot.press("ctrl+r")  # no list of cards yet
        assert "List the cards first" in str(screen.query_one("#teach-result").render())
        await pilot.press(*"QU E ER Z A", "ctrl+r")  # two cards short
        assert "found 7 cards but --order lists 5: card" in await wait_result(pilot, screen)
        photo_view = screen.query_one("#teach-photo", PhotoView)
        assert photo_view.display and [label for _, _, label, _ in photo_view.labels] == list("1234567")
        assert sum(flagged for *_, flagged in photo_view.labels) == 2  # the two cards the list lacks, in red
        assert not screen.query_one("#teach-save").display
        screen.query_one("#teach-order", Input).value = " ".join(face for face, _ in ORDER)
        await pilot.press("ctrl+r")
        assert (await wait_result(pilot, screen)).startswith("Found 7 cards, numbered in the order you listed")
        assert not any(flagged for *_, flagged in photo_view.labels)
        assert not taught_path("quiddler").exists()  # nothing learnt before the player has looked
        assert screen.query_one("#teach-save").has_focus
        await pilot.press("enter")
        assert (await wait_result(pilot, screen)).startswith("Learnt 7 Quiddler cards")
        assert taught_path("quiddler").is_file()


async def test_on_a_small_terminal_the_button_to_learn_the_cards_scrolls_into_sight(
    store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    # At 60x20 the focused button lay below the fold, its label cut: Enter learnt cards the player could not see.
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "taught"))
    photo = render_photo("quiddler", 3, cards=ORDER, upright=True).image
    app = make_app(store=store, judge_only=True, camera=lambda: photo)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.press("ctrl+p", *"Teach a deck")
        await pilot.pause(0.3)
        await pilot.press("enter")
        screen = app.screen
        screen.query_one(Select).value = "quiddler"
        screen.query_one("#teach-order", Input).value = " ".join(face for face, _ in ORDER)
        await pilot.press("ctrl+r")
        assert (await wait_result(pilot, screen)).startswith("Found 7 cards")
        await pilot.pause()
        button = screen.query_one("#teach-save", Button)
        assert button.has_focus and screen.query_one("#teach").region.contains_region(button.region)
        assert button.region.width >= len(str(button.label)) + 2  # its whole label shows
