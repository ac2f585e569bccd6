"""A blurred photo says so: the player is told to hold the camera still and take it again."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.blur import BLURRED, sharpness
from vision.designs import CARD_H, CARD_W, draw_card
from vision.errors import NoCardsFound
from vision.read import BLURRED_ADVICE, BLURRED_NOTE, no_letter_cards, read_photo
from vision.render import render_varied


@pytest.mark.parametrize("width", [250, 120])
def test_a_cards_print_is_steep_until_the_photo_is_blurred(width: int) -> None:
    # A card photographed ``width`` pixels wide, lying on a dark table: its sharpness is in pixels of the photo.
    card = cv2.cvtColor(np.array(draw_card("quiddler", "QU").convert("RGB")), cv2.COLOR_RGB2BGR)
    small = cv2.resize(card, (width, round(width * CARD_H / CARD_W)), interpolation=cv2.INTER_AREA)
    photo = cv2.copyMakeBorder(small, 40, 40, 40, 40, cv2.BORDER_CONSTANT, value=(40, 60, 30))
    h, w = small.shape[:2]
    quad = np.float32([[40, 40], [40 + w, 40], [40 + w, 40 + h], [40, 40 + h]])
    assert sharpness(photo, quad) > 2 * BLURRED
    assert sharpness(cv2.GaussianBlur(photo, (0, 0), 1.0), quad) > BLURRED
    assert sharpness(cv2.GaussianBlur(photo, (0, 0), 3.0), quad) < BLURRED


@pytest.mark.parametrize("game, seed", [("word-thief", 1000), ("quiddler", 1004), ("words-and-points", 1006)])
def test_a_photo_blurred_by_a_shaken_camera_says_so_where_it_flags_cards(game: str, seed: int) -> None:
    photo = render_varied(game, seed, held_out=False)
    assert BLURRED_NOTE not in read_photo(photo.image, game).notes  # as rendered: sharp enough
    shaken = read_photo(cv2.GaussianBlur(photo.image, (0, 0), 3.0), game)
    assert any(card.flagged for card in shaken.cards)
    assert BLURRED_NOTE in shaken.notes


def test_a_photo_blurred_past_reading_says_to_take_it_again() -> None:
    # Blurred by 5 pixels at 720p, every card is a letter card to the net but none of its faces can be told.
    photo = render_varied("word-thief", 1004, held_out=False, size=(1280, 720))
    with pytest.raises(NoCardsFound) as err:
        read_photo(cv2.GaussianBlur(photo.image, (0, 0), 5.0), "word-thief")
    assert str(err.value) == f"no letter cards found in the photo; {BLURRED_ADVICE}"
    assert "blurred" not in str(no_letter_cards("table.jpg"))
