"""A card whose printed value the reader reads as another than its face prints is flagged: its face may be misread."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import numpy as np

from companion.decks import DECK_DIR, Deck, load_deck_file
from vision.designs import random_design
from vision.read import Read, _value_disputed, read_photo
from vision.render import matched, render_photo

VALUES = {"E": 1, "N": 1, "T": 1, "W": 4}


def _read(face: str, value: float) -> Read:
    return Read(face, None, 1.0, 1.0, np.zeros((4, 2), np.float32), None, False, value=value)


def test_a_value_read_against_the_face_is_disputed_where_another_card_shows_that_value_read_right() -> None:
    # A hand's covered W read as N at 1.000, its 4 read as another value, beside cards whose 1 reads sure.
    misread, e, w = _read("N", 0.0001), _read("E", 1.0), _read("W", 1.0)
    assert [r is misread for r in _value_disputed([misread, e, w], VALUES)] == [True]
    # No other card shows that the nets read this deck's 1 right (a font whose 1 they misread on every card).
    assert _value_disputed([misread, _read("E", 0.5), w], VALUES) == []
    # A value read in doubt (printed small, in glare) disputes nothing.
    assert _value_disputed([_read("N", 0.2), e, w], VALUES) == []


def _deck(tmp_path: Path, value: Callable[[str, int], int]) -> Deck:
    """Word Thief's shipped deck with each face's value changed by ``value``."""
    data = json.loads((DECK_DIR / "word-thief.json").read_text(encoding="utf-8"))
    data["values"] = {face: value(face, v) for face, v in data["values"].items()}
    path = tmp_path / f"deck-{len(list(tmp_path.iterdir()))}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return load_deck_file(path)


def test_a_card_printing_another_value_than_its_deck_file_says_is_flagged(tmp_path: Path) -> None:
    cards = [("W", "d"), ("E", "h"), ("T", "s"), ("N", "c"), ("I", "h")]
    photo = render_photo(
        "word-thief",
        800,
        cards=cards,
        design=random_design("word-thief", random.Random(800), False),
        table="green-felt",
    )

    def flags(deck: Deck | None) -> tuple[list[bool], list[str]]:
        reading = read_photo(photo.image, "word-thief", deck=deck)
        taken = matched(photo.truth, [c.corners for c in reading.cards])
        assert [reading.cards[taken[i]].face for i in range(len(cards))] == [face for face, _ in cards]
        return [reading.cards[taken[i]].flagged for i in range(len(cards))], reading.notes

    assert flags(None) == ([False] * 5, [])
    # A deck file giving W the value 1: the card prints 4, and the nets read E's, T's, N's and I's 1 surely.
    assert flags(_deck(tmp_path, lambda face, v: 1 if face == "W" else v)) == (
        [True] + [False] * 4,
        [
            "check W: its printed value does not read as the deck's value 1 (a misread letter, or a deck file that differs "
            "from the cards)"
        ],
    )
    # A deck file giving every card one point more than it prints disputes no card: no value reads as printed.
    assert flags(_deck(tmp_path, lambda face, v: v + 1)) == ([False] * 5, [])
