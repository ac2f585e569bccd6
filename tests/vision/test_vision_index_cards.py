"""Cards the finder missed, found by their two index corners (vision.index_cards), on corners laid out by hand."""

from __future__ import annotations

import numpy as np

from vision.corner_net import Corner
from vision.index_cards import missed_cards

W, H = 100.0, 140.0  # a card's width and height in the photo


def _card(x: float, y: float) -> np.ndarray:
    """An upright card, clockwise from its own top-left corner at (x, y)."""
    return np.float32([[x, y], [x + W, y], [x + W, y + H], [x, y + H]])


def _corners(card: np.ndarray) -> list[Corner]:
    """A card's two index corners as the corner net gives them: its own top-left and its turned-round bottom-right."""
    return [Corner(card, 0.9), Corner(np.roll(card, -2, axis=0), 0.9)]


ROW = [_card(50 + 120 * i, 100) for i in range(3)]  # three cards found, both index corners seen


def test_a_card_both_of_whose_index_corners_show_is_found() -> None:
    missed = _card(410, 100)
    drop, new = missed_cards([c for q in [*ROW, missed] for c in _corners(q)], ROW, set())
    assert drop == set()
    assert len(new) == 1
    assert min(float(np.abs(np.roll(new[0], k, axis=0) - missed).max()) for k in range(4)) < 1


def test_a_card_chosen_cut_short_gives_way_to_the_card_between_its_corners() -> None:
    # Chosen with its top side a third of its height too low: its own top-left corner is none of the net's.
    card = _card(410, 100)
    short = card + np.float32([[0, 50], [0, 50], [0, 0], [0, 0]])
    drop, new = missed_cards([c for q in [*ROW, card] for c in _corners(q)], [*ROW, short], set())
    assert drop == {3}
    assert len(new) == 1
    assert min(float(np.abs(np.roll(new[0], k, axis=0) - card).max()) for k in range(4)) < 1


def test_a_hand_whose_cards_show_their_index_is_not_broken() -> None:
    # A hand of three cards, each showing 0.4 of its width; its top card chosen a little off, so its index
    # corners are none of a chosen card's: they pair into a card lying on the hand.
    hand = [_card(50 + 40 * i, 400) for i in range(3)]
    chosen = [*ROW, *hand[:2], hand[2] + np.float32([0, 30])]
    corners = [c for q in ROW for c in _corners(q)] + [Corner(q, 0.9) for q in hand] + _corners(hand[2])[1:]
    assert missed_cards(corners, chosen, {3, 4, 5}) == (set(), [])


def test_a_card_already_chosen_is_not_found_again() -> None:
    # Chosen a fifth of a width off: its corners are too far for the net's to be its own, near enough to be one card.
    card = _card(410, 100)
    assert missed_cards([c for q in [*ROW, card] for c in _corners(q)], [*ROW, card + np.float32([20, 0])], set()) == (
        set(),
        [],
    )


# As the finder and the corner net gave them on a photo of a word slanted in perspective (Word Thief, 1080p):
# two cards whose two index corners the net saw (their shape), a V and an I chosen side by side, the V's
# turned-round corner seen 18 px off its chosen card and the I's own top-left corner.
SLANTED = [
    np.float32([[599, 514], [480, 523], [508, 306], [621, 295]]),
    np.float32([[475, 536], [360, 538], [396, 314], [503, 314]]),
]
SLANTED_CORNERS = [
    Corner(np.float32(q), 0.8)
    for q in (
        [[604, 514], [461, 520], [452, 293], [595, 288]],
        [[508, 303], [649, 304], [648, 530], [506, 529]],
        [[481, 533], [336, 539], [326, 310], [471, 304]],
        [[400, 317], [542, 316], [543, 542], [401, 543]],
        [[1262, 532], [1118, 525], [1130, 297], [1274, 304]],
        [[1225, 312], [1368, 313], [1367, 541], [1224, 540]],
    )
]
V_AND_I = [
    np.float32([[1244, 526], [1137, 525], [1118, 309], [1237, 310]]),
    np.float32([[1383, 541], [1250, 528], [1239, 306], [1333, 306]]),
]


def test_two_neighbours_corners_are_no_card_across_them() -> None:
    # They paired into a slanted card half over each, which the reader read as an N.
    assert missed_cards(SLANTED_CORNERS, [*SLANTED, *V_AND_I], set()) == (set(), [])


def test_the_same_corners_over_a_gap_are_a_card() -> None:
    drop, new = missed_cards(SLANTED_CORNERS, SLANTED, set())
    assert drop == set() and len(new) == 1
    assert float(np.linalg.norm(new[0].mean(0) - [1241, 421])) < 15
