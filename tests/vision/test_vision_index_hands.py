"""Hands chained from index corners (vision/index_hands.py) and the corner net's output read as cards
(vision/corner_net.py), on corners laid out by hand."""

from __future__ import annotations

import numpy as np
import pytest

from vision.corner_net import SIDE_UNIT, Corner, decode, from_out, to_out
from vision.index_hands import index_hands, shaped, top_twin

W, H = 100.0, 140.0


def _card(x: float, y: float, turn: float = 0.0, w: float = W, h: float = H) -> Corner:
    """A card whose own top-left corner is at (x, y), its top edge turned by ``turn`` radians."""
    u = np.float32([np.cos(turn), np.sin(turn)])
    d = np.float32([-u[1], u[0]])
    p = np.float32([x, y])
    return Corner(np.float32([p, p + w * u, p + w * u + h * d, p + h * d]), 0.9)


def _turned_round(c: Corner) -> Corner:
    """The same card's other index corner: its bottom-right, the card turned half round."""
    return Corner(np.roll(c.quad, -2, axis=0), c.heat)


def test_a_spread_is_one_hand_its_top_card_whole() -> None:
    cards = [_card(100 + 40 * i, 200) for i in range(5)]
    # In any order, with the top card's turned-round index showing too (only the top card's shows).
    corners = [cards[3], _turned_round(cards[4]), cards[0], cards[4], cards[1], cards[2]]
    (hand,) = index_hands(corners)
    assert [q[0].tolist() for q in hand.quads] == [c.quad[0].tolist() for c in cards]
    assert hand.shown == pytest.approx([0.4, 0.4, 0.4, 0.4, 1.0])


def test_a_fans_cards_are_evened_to_one_size_and_turning_by_steps() -> None:
    step = np.deg2rad(8)
    cards = [_card(100 + 38 * i, 200 + 3 * i * i, i * step) for i in range(5)]
    # The net's turn and size for one card are rough: one card read 6 degrees off and 20% too wide.
    rough = cards[:2] + [_card(*cards[2].quad[0], 2 * step + np.deg2rad(6), w=1.2 * W)] + cards[3:]
    (hand,) = index_hands(rough)
    q = hand.quads[2]
    along = q[1] - q[0]
    assert float(np.linalg.norm(along)) == pytest.approx(W, rel=0.01)
    assert float(np.arctan2(along[1], along[0])) == pytest.approx(2 * step, abs=np.deg2rad(1.5))


def test_a_hands_cards_take_the_shape_its_top_card_shows() -> None:
    # A fan on the table, each card turned 8 degrees more, photographed by a slanted camera: the photo is the
    # table through a linear map that stretches and skews it, so each card shows skewed by its own turn. The
    # top card shows longer than any deck's cards (1.6 of their width, PROPORTIONS): the camera stretched it.
    step = np.deg2rad(8)
    camera = np.float32([[0.85, -0.2], [0.0, 1.25]])
    table = [_card(100 + 38 * i, 200 + 3 * i * i, i * step, h=1.6 * W).quad for i in range(5)]
    photo = [q @ camera.T for q in table]
    # The net's corners: where each card's own corner and top edge lie, as rectangles of a rough size.
    nets = []
    for q in photo:
        across = q[1] - q[0]
        nets.append(_card(*q[0], float(np.arctan2(across[1], across[0])), w=1.2 * W, h=1.2 * H))
    (hand,) = index_hands(nets)
    out = shaped(hand, photo[-1])
    for got, want in zip(out.quads, photo):
        np.testing.assert_allclose(got, want, atol=1.5)
    widths = [float(np.linalg.norm(q[1] - q[0])) for q in photo]
    steps = [float(np.linalg.norm(b[0] - a[0])) for a, b in zip(photo, photo[1:])]
    assert out.shown[:-1] == pytest.approx([s / w for s, w in zip(steps, widths)], rel=0.03)


def test_a_hands_top_card_ends_where_its_turned_round_index_shows() -> None:
    cards = [_card(100 + 40 * i, 200) for i in range(4)]
    (hand,) = index_hands(cards)
    assert top_twin(hand, cards) is None
    twin = _turned_round(_card(220 + 4, 200 + 6, w=1.1 * W, h=1.1 * H))  # the net's size for the top card rough
    (hand,) = index_hands([*cards, twin])
    assert top_twin(hand, [*cards, twin]) == pytest.approx(twin.quad[0])


def test_a_slanted_top_cards_turned_round_index_is_its_bottom_right_corner() -> None:
    # A camera's slant skews the top card: its bottom-right corner shows 0.3 of its width left of where the net's
    # rectangle puts it (validation Word Thief spread 300112: 0.27). No covered card's corner shows there.
    cards = [_card(100 + 40 * i, 200) for i in range(4)]
    twin = _turned_round(_card(220 - 0.3 * W, 200))
    (hand,) = index_hands([*cards, twin])
    assert top_twin(hand, [*cards, twin]) == pytest.approx(twin.quad[0])
    far = _turned_round(_card(220 - 0.45 * W, 200))  # beyond any slant: another card's corner
    assert top_twin(hand, [*cards, far]) is None


def test_two_peaks_on_one_index_make_one_hand() -> None:
    # The net found the second card's index twice, a tenth of a width apart: each peak starts a chain through the
    # same cards after it. One hand of every card, the first included.
    cards = [_card(100 + 40 * i, 200) for i in range(6)]
    twice = _card(100 + 40 + 4, 200 + 11)
    hands = index_hands([*cards, twice])
    assert len(hands) == 1
    assert [q[0].tolist() for q in hands[0].quads] == [c.quad[0].tolist() for c in cards]


@pytest.mark.parametrize("missed", [1, 2])
def test_a_hand_whose_index_the_net_missed_is_one_hand_of_all_its_cards(missed: int) -> None:
    # A red index on a red-checked cloth: the net misses it, and the step over it is twice the hand's pitch,
    # past where the next card of a hand lies (ALONG). The card is put where it was missed.
    cards = [_card(100 + 40 * i, 200) for i in range(6)]
    (hand,) = index_hands(cards[:missed] + cards[missed + 1 :])
    assert [q[0].tolist() for q in hand.quads] == [c.quad[0].tolist() for c in cards]


def test_a_lone_corner_past_a_hands_top_card_is_not_joined_to_it() -> None:
    # A gingham's dark square beside a whole top card, about two pitches on: no card was missed there.
    cards = [_card(100 + 40 * i, 200) for i in range(5)]
    (hand,) = index_hands([*cards, _card(cards[-1].quad[0][0] + 80, 200)])
    assert [q[0].tolist() for q in hand.quads] == [c.quad[0].tolist() for c in cards]


def test_two_hands_a_cards_width_apart_stay_two() -> None:
    first = [_card(100 + 40 * i, 200) for i in range(4)]
    second = [_card(first[-1].quad[0][0] + W + 40 * i, 200) for i in range(4)]
    assert len(index_hands(first + second)) == 2


@pytest.mark.parametrize("pitch", [1.0, 0.9])
def test_cards_side_by_side_are_no_hand(pitch: float) -> None:
    # A word's cards touching (their corners a card's width apart), or read by the net a little too wide
    # (0.9 of its width apart): each card shows its turned-round index, which a hand's covered cards hide.
    cards = [_card(100 + pitch * W * i, 200) for i in range(4)]
    assert index_hands(cards + [_turned_round(c) for c in cards]) == []


def test_two_overlapping_cards_are_no_hand() -> None:
    assert index_hands([_card(100, 200), _card(140, 200)]) == []


def test_a_fan_whose_turns_the_net_reads_roughly_is_one_hand() -> None:
    # A fan turning 10 degrees a card, the net reading each card's turn 10 degrees off either way: two
    # neighbours read 30 degrees apart, their corners where a fan puts them.
    step = np.deg2rad(10)
    cards = [_card(100 + 38 * i, 200 + 3 * i * i, i * step) for i in range(5)]
    rough = [_card(*c.quad[0], i * step + np.deg2rad(10 if i % 2 else -10)) for i, c in enumerate(cards)]
    (hand,) = index_hands(rough)
    assert [q[0].tolist() for q in hand.quads] == [c.quad[0].tolist() for c in cards]


def test_cards_turned_far_from_each_other_are_no_hand() -> None:
    assert index_hands([_card(100 + 40 * i, 200, np.deg2rad(40 * i)) for i in range(4)]) == []


def test_output_pixels_and_photo_pixels_round_trip() -> None:
    points = np.float32([[0, 0], [1919, 1079], [640.5, 33.25]])
    assert from_out(to_out(points, 0.25), 0.25) == pytest.approx(points, abs=1e-3)


def test_a_peak_is_read_as_its_card() -> None:
    # One peak at output pixel (10, 6), the corner 0.25 right and 0.5 down of it, the top edge turned a
    # quarter round (pointing down the photo), the card 2 and 3 units wide and high.
    maps = np.full((7, 16, 24), -6.0, np.float32)
    maps[:, 6, 10] = [3.0, 0.25, 0.5, 0.0, 1.0, np.log(2.0), np.log(3.0)]
    maps[0, 6, 11] = 1.0  # a neighbour less hot: no peak of its own
    (corner,) = decode(maps, 0.5).found
    p = np.float32([10.25, 6.5])
    expected = np.stack([p, p + [0, 2 * SIDE_UNIT], p + [-3 * SIDE_UNIT, 2 * SIDE_UNIT], p + [-3 * SIDE_UNIT, 0]])
    assert corner.quad == pytest.approx(from_out(expected, 0.5), abs=1e-3)
    assert corner.heat == pytest.approx(1 / (1 + np.exp(-3.0)))


def test_heat_at_a_photo_point_is_the_most_within_an_output_pixel_of_it() -> None:
    maps = np.full((7, 16, 24), -6.0, np.float32)
    maps[0, 6, 10] = 3.0
    corners = decode(maps, 0.5)

    def at(x: float, y: float) -> float:  # at output pixel (x, y)
        return corners.heat_at(from_out(np.float32([x, y]), 0.5))

    assert at(11.4, 6) == pytest.approx(1 / (1 + np.exp(-3.0)))  # the peak one output pixel away
    assert at(12.6, 6) == pytest.approx(1 / (1 + np.exp(6.0)))  # two away: only the cold map
    assert at(-3, 6) == 0.0 and at(10, 40) == 0.0  # off the photo


def test_cards_side_by_side_read_too_wide_and_turned_are_no_hand() -> None:
    # Small cards in dim, blurred light: the net read each a half too wide and high, the turned-round corners
    # 8 degrees off. Each card's turned-round index shows below the next card's corner, where the card ends.
    w, h = 60.0, 100.0
    tops = [_card(100 + w * i, 200, w=1.5 * w, h=1.5 * h) for i in range(4)]
    turned = [_card(100 + w * (i + 1), 200 + h, np.pi + np.deg2rad(8), w=1.5 * w, h=1.5 * h) for i in range(4)]
    assert index_hands(tops + turned) == []
