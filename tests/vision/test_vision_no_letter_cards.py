"""Photos with no letter cards on them are answered "no letter cards", never with a card."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from vision import NoCardsFound, read_photo
from vision.decoys import KINDS, render_decoy

from test_vision_bad_input import run_cli


@pytest.mark.parametrize("game", ["word-thief", "quiddler", "words-and-points"])
def test_ordinary_playing_cards_are_no_letter_cards(game: str) -> None:
    # A court card's corner shows a letter (J, Q, K) and an ace's an A: the reader must still see
    # that pips, a court picture and a rank without a value are no card of a letter deck.
    photo = render_decoy("playing-cards", 11)
    with pytest.raises(NoCardsFound, match="^no letter cards found in the photo;"):
        read_photo(photo, game)


def test_a_playing_card_taken_for_a_letter_card_is_one_stray_among_many() -> None:
    # On this photo (held-out fonts) the net is sure one playing card of nine is a letter card:
    # one sure card among many does not make a photo of letter cards.
    with pytest.raises(NoCardsFound, match="no letter cards found"):
        read_photo(render_decoy("playing-cards", 63_600_006, held_out=True), "word-thief")


def test_a_board_whose_squares_pass_for_letter_cards_has_no_face_to_read() -> None:
    # On this board the letter head is sure two squares of five are letter cards, but no face
    # fits them (0.29 and 0.33): they must not make it a photo of letter cards.
    with pytest.raises(NoCardsFound, match="no letter cards found"):
        read_photo(render_decoy("board", 90_022), "quiddler")


def test_a_board_whose_squares_join_into_heap_shaped_blobs_is_no_heap() -> None:
    # On this board (held-out font and table) no card is found, and a run of squares joins into a
    # blob of straight edges at angles with print inside: a heap's outline. Its print is the board's
    # grid (long lines at right angles), so it is no heap, and the photo has no letter cards.
    with pytest.raises(NoCardsFound, match="no letter cards found"):
        read_photo(render_decoy("board", 93_036, held_out=True), "quiddler")


def test_a_board_whose_squares_join_into_small_blobs_is_no_heap() -> None:
    # On this board (held-out font and table) no card is found, and runs of two to four squares join
    # into heap-shaped blobs: the grid shows inside them between two squares only, its lines a
    # square's side long, too short to be taken for a grid's lines across a larger blob.
    with pytest.raises(NoCardsFound, match="no letter cards found"):
        read_photo(render_decoy("board", 92_532, held_out=True), "word-thief")


@pytest.mark.parametrize("kind", [k for k in KINDS if k != "playing-cards"])
def test_other_things_on_a_table_are_no_letter_cards(kind: str) -> None:
    with pytest.raises(NoCardsFound, match="no letter cards found"):
        read_photo(render_decoy(kind, 3), "quiddler")


def test_cli_says_no_letter_cards_in_one_line_and_json(tmp_path: Path) -> None:
    photo = tmp_path / "poker night.jpg"
    cv2.imwrite(str(photo), render_decoy("playing-cards", 12))
    result = run_cli("read", "--game", "word-thief", "--json", str(photo))
    assert result.returncode == NoCardsFound.exit_code
    assert json.loads(result.stdout) == {"error": json.loads(result.stdout)["error"]}
    assert json.loads(result.stdout)["error"].startswith(f"no letter cards found in {photo};")
    assert result.stderr.strip().splitlines() == [json.loads(result.stdout)["error"]]
