"""The snap dialog shows the photo with every card boxed and numbered, and the picture of each card
to check beside its correction field."""

from __future__ import annotations

from companion.store import new_saved_game
from companion.tui.widgets.photo_view import PhotoView, half_blocks
from .camkit import SIZE, settled, shown, truth

import numpy as np


def test_half_blocks_show_two_pixels_a_cell_and_labels_on_top() -> None:
    pixels = np.zeros((4, 3, 3), np.uint8)
    pixels[0] = (255, 0, 0)  # the top row of the first cells red, the rest black
    text = half_blocks(pixels, ((1, 1, "7", True),))
    assert text.plain == "▀▀▀\n▀7▀"
    styles = {span.start: span.style for span in text.spans}
    assert styles[0].color.triplet == (255, 0, 0) and styles[0].bgcolor.triplet == (0, 0, 0)
    assert styles[5].bgcolor.triplet == (230, 40, 40)  # the label of a card to check: red


async def test_snap_numbers_the_cards_and_shows_each_card_to_check(app_for, store):
    gid = new_saved_game(store, "quiddler", ["Ann", "Bob"], {}).id
    app = app_for("quiddler-3", game_id=gid)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+r")
        await pilot.press("ctrl+o")
        snap = await settled(pilot)
        photo = snap.query_one("#snap-photo", PhotoView)
        cards = [c for word in shown(snap) for c in word]
        assert len(cards) == len([c for word in truth("quiddler-3") for c in word])
        assert [label for _, _, label, _ in photo.labels] == [str(k) for k in range(1, len(cards) + 1)]
        assert [flagged for *_, flagged in photo.labels] == [c.flagged for c in snap.cards()]
        lines = photo.picture.plain.split("\n")
        assert all(0 <= row < len(lines) and 0 <= col < len(lines[0]) for col, row, *_ in photo.labels)
        crop = snap.query_one("#snap-crop", PhotoView)
        card = snap.cards()[snap.pos]
        if not any(c.flagged for c in snap.cards()):  # every card read sure: no crop to show
            assert not crop.display
            return
        assert card.flagged and crop.display and crop.picture.plain.count("\n") == 6  # 7 rows of the card
        await pilot.press("enter")  # the read is right: the next card to check, or none
        if not any(c.flagged for c in snap.cards()):
            assert not crop.display


def test_snapshot_of_a_snapped_hand_with_cards_to_check(snap_compare, app_for, store):
    gid = new_saved_game(store, "quiddler", ["Ann", "Bob"], {}).id

    async def snap_the_hand(pilot) -> None:
        await pilot.press("ctrl+r", "ctrl+o")
        await settled(pilot)

    assert snap_compare(app_for("quiddler-3", game_id=gid), run_before=snap_the_hand, terminal_size=SIZE)


async def test_on_a_short_terminal_the_photo_gives_its_room_to_what_was_read(app_for, store):
    # At 60x20 the photo pushed the status line (what was read, and its notes) off the top, out of sight.
    gid = new_saved_game(store, "word-thief", ["Ann", "Bob"], {}).id
    app = app_for("word-thief-2", game_id=gid)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.press("ctrl+o")
        snap = await settled(pilot)
        photo = snap.query_one("#snap-photo", PhotoView)
        assert photo.picture.plain and not photo.display
        dialog = snap.query_one("#snap")
        for part in ("#snap-status", "#snap-words", "#snap-fix"):
            region = snap.query_one(part).region
            assert dialog.region.contains_region(region) and region.height > 0, part
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert photo.display
