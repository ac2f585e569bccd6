"""The typed text a reading becomes, the corrections a player types, and how a reading becomes words (no app)."""

from __future__ import annotations

import pytest

from companion.games import new_game
from companion.tui.card_reader import SAMPLES, SnapCard, fix_card, read_cards
from companion.tui.snap_text import snap_text, spelled


@pytest.mark.parametrize(
    ("game", "words", "text"),
    [
        ("word-thief", [[("C", "h"), ("A", "h"), ("T", "s")]], "ChAhTs"),
        ("word-thief", [[("*E", None), ("L", "d")], [("O", "c"), ("X", "s")]], "*eLd OcXs"),
        ("quiddler", [[("QU", None), ("I", None), ("T", None)]], "qu-i-t"),
        ("quiddler", [[("Q", None), ("U", None), ("I", None), ("T", None)]], "q-u-i-t"),
        ("words-and-points", [[("C", None), ("A", None), ("T", None)], [("*O", None), ("X", None)]], "cat *ox"),
    ],
)
def test_text_parses_back_to_the_same_cards(game: str, words: list, text: str) -> None:
    assert snap_text(game, words) == text
    parsed = new_game(game, ["Ann", "Bob"]).parse_play(text)
    assert [[(c.face if not c.wild else "*" + c.letter, c.suit) for c in w] for w in parsed] == words


def test_a_wild_card_needs_its_letter_except_in_a_hand() -> None:
    with pytest.raises(ValueError, match="letter"):
        snap_text("word-thief", [[("*", None), ("T", "s")]])
    hand = snap_text("word-thief", [[("Q", "d"), ("*", None)]], hand=True)
    assert [c.token for c in new_game("word-thief", ["Ann", "Bob"]).parse_cards(hand)] == ["Qd", "*a"]


def test_the_judge_gets_the_spelling() -> None:
    assert spelled([[("QU", None), ("I", None), ("T", None)], [("*A", None), ("X", "s")]]) == "QUIT AX"


READ = SnapCard("R", "d", 0.42, flagged=True)


@pytest.mark.parametrize(
    ("game", "card", "typed", "face", "suit"),
    [
        ("word-thief", READ, "th", "T", "h"),
        ("word-thief", READ, "T", "T", "d"),  # the letter alone keeps the suit read
        ("word-thief", READ, "/c", "R", "c"),  # the suit alone keeps the letter
        ("word-thief", READ, "*e", "*E", None),
        ("word-thief", SnapCard("*", None, 0.9, False), "e", "*E", None),  # on a joker a letter is what it stands for
        ("word-thief", SnapCard("*", None, 0.9, False), "eh", "E", "h"),  # ... and letter and suit make it a card
        ("quiddler", SnapCard("Q", None, 0.3, True), "qu", "QU", None),
        ("words-and-points", SnapCard("*", None, 1.0, False), "c", "*C", None),
    ],
)
def test_fix_card(game: str, card: SnapCard, typed: str, face: str, suit: str | None) -> None:
    fixed = fix_card(game, card, typed)
    assert (fixed.face, fixed.suit, fixed.flagged, fixed.fixed) == (face, suit, False, True)


@pytest.mark.parametrize(
    ("game", "typed", "message"),
    [
        ("word-thief", "rdx", "letter and the suit"),
        ("quiddler", "zz", "not a Quiddler card"),
        ("quiddler", "*e", "no wild card"),
    ],
)
def test_fix_card_says_what_to_type(game: str, typed: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        fix_card(game, READ, typed)


def test_cards_the_reader_left_out_of_words_still_show(monkeypatch: pytest.MonkeyPatch) -> None:
    from vision.read import CardRead, PhotoReading

    corners = [[0, 0], [1, 0], [1, 1], [0, 1]]
    reading = PhotoReading([CardRead("Q", 10, "d", 1.0, corners), CardRead("A", 1, "h", 0.5, corners, True)], [[1]])
    monkeypatch.setattr("vision.read.read_photo", lambda photo, game, deck: reading)
    snap = read_cards(SAMPLES / "word-thief-1.jpg", "word-thief")  # the reading above stands in for its own
    assert [[(c.face, c.suit, c.flagged) for c in w] for w in snap.words] == [[("A", "h", True)], [("Q", "d", False)]]
