"""Grouping cards into words, and teaching a deck from a photo."""

from __future__ import annotations

import numpy as np
import pytest

from vision import read_photo
from vision.errors import VisionError
from vision.model import taught_path
from vision.read import group_words
from vision.render import render_photo
from vision.teach import parse_order, teach

from vision_helpers import match


def card(x: float, y: float, w: float = 100, h: float = 140, flipped: bool = False) -> np.ndarray:
    q = np.float32([[x, y], [x + w, y], [x + w, y + h], [x, y + h]])
    return np.roll(q, 2, axis=0) if flipped else q


def test_rows_and_gaps_make_words() -> None:
    # Row 1: three touching cards, a gap, two cards; row 2 (listed first): one word of two.
    quads = [card(100, 400), card(210, 400), card(0, 200), card(100, 200), card(200, 200, flipped=True),
             card(400, 205), card(500, 200)]
    assert group_words(quads) == [[2, 3, 4], [5, 6], [0, 1]]


def test_tilted_row_stays_one_word() -> None:
    rot = np.array([[np.cos(0.2), -np.sin(0.2)], [np.sin(0.2), np.cos(0.2)]], np.float32)
    quads = [card(i * 105, 0) @ rot.T for i in range(5)]
    assert group_words(quads) == [[0, 1, 2, 3, 4]]


def test_parse_order() -> None:
    assert parse_order("word-thief", "Ah qs *") == [("A", "h"), ("Q", "s"), ("*", None)]
    assert parse_order("quiddler", "QU a TH") == [("QU", None), ("A", None), ("TH", None)]
    with pytest.raises(VisionError, match="suit"):
        parse_order("word-thief", "A")
    with pytest.raises(VisionError, match="no face"):
        parse_order("quiddler", "ZZ")


def test_teach_learns_a_deck_and_reads_with_it(data_dir) -> None:
    order = [("QU", None), ("E", None), ("ER", None), ("Z", None), ("A", None), ("TH", None), ("K", None)]
    photo = render_photo("quiddler", 3, cards=order, upright=True)
    # The truth lists cards in the order they were laid: words in rows, left to right.
    assert teach("quiddler", " ".join(f for f, _ in order), photo.image) == len(order)
    assert taught_path("quiddler").is_file()
    later = render_photo("quiddler", 4, cards=order[::-1])
    reading = read_photo(later.image, "quiddler").to_json()
    pairs = match(later.truth, reading)
    assert len(pairs) == len(order)
    assert all(reading["cards"][j]["face"] == later.truth["cards"][i]["face"] for i, j in pairs.items())


def test_teach_refuses_a_wrong_count(data_dir) -> None:
    photo = render_photo("quiddler", 5, cards=[("A", None), ("B", None), ("C", None), ("D", None)], upright=True)
    with pytest.raises(VisionError, match="--order lists 3"):
        teach("quiddler", "A B C", photo.image)
    assert not taught_path("quiddler").exists()
