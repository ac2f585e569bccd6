"""A hand read by its index corners against the cards chosen on it (vision.detect._with_index_hands), on corners and
cards laid out by hand."""

from __future__ import annotations

import numpy as np

from vision.corner_net import Corner, Corners
from vision.detect import Candidate, _agrees, _top_past_cues, _with_index_hands
from vision.index_hands import index_hands

W, H = 100.0, 140.0  # a card's width and height in the photo
PHOTO = np.zeros((800, 1200, 3), np.uint8)  # no top card's outline to find: the hand keeps the net's rectangles


def _card(x: float, y: float, w: float = W, h: float = H) -> np.ndarray:
    """An upright card, clockwise from its own top-left corner at (x, y)."""
    return np.float32([[x, y], [x + w, y], [x + w, y + h], [x, y + h]])


def _corners(quads: list[np.ndarray]) -> Corners:
    return Corners([Corner(q, 0.9) for q in quads], np.zeros((1, 1), np.float32), 1.0)


def test_pieces_of_the_top_cards_art_do_not_make_a_hand_cards_side_by_side() -> None:
    # A spread of five, the finder's only cards two pieces of the top card's face (its centre art), card-shaped but a
    # third of a card wide (validation Word Thief fan 300076: then read as no letter card at all).
    hand = [_card(200 + 40 * i, 200) for i in range(5)]
    pieces = [_card(380, 240, 0.35 * W, 0.5 * H), _card(380, 280, 0.35 * W, 0.5 * H)]
    out = _with_index_hands(_corners(hand), PHOTO, [Candidate(q, 1.0, False) for q in pieces])
    assert [c.hand for c in out] == [True] * 5
    np.testing.assert_allclose([c.quad[0] for c in out], [q[0] for q in hand], atol=0.5)


def test_a_words_cards_side_by_side_stay_cards() -> None:
    # Three cards of a word touching, the net's size for each a third too large and its corners a little low: they
    # chain like a hand's, no chosen card agreeing with its cards. The three whole cards chosen on it say they are a
    # word's.
    word = [_card(200 + 100 * i, 200) for i in range(3)]
    chosen = [Candidate(q, 1.0, False) for q in word]
    net = [_card(200 + 100 * i, 225, 1.4 * W, 1.4 * H) for i in range(3)]
    out = _with_index_hands(_corners(net), PHOTO, chosen)
    assert len(out) == 3 and all(a is b for a, b in zip(out, chosen))


def test_a_cues_card_far_off_square_agrees_with_no_hand_card() -> None:
    # The cues' hand of a spread of five, its first card a rhombus fitted across the first cards from the first card's
    # own corner (validation Quiddler fan 300078: it stood for that card, read as Q at 0.000, and the Y was missed). It
    # agrees with no card of the corner net's hand: here, where no top card's outline shows to shape the net's hand
    # by, the cues' hand stays with that card checked.
    hand = [_card(200 + 40 * i, 200) for i in range(5)]
    rhombus = np.float32([[200, 200], [260, 100], [300, 250], [240, 350]])
    strips = [Candidate(rhombus, 0.4, True, group=1)]
    strips += [
        Candidate(_card(200 + 40 * i, 200, 40 if i < 4 else W), 0.4 if i < 4 else 1.0, True, group=1)
        for i in range(1, 5)
    ]
    out = _with_index_hands(_corners(hand), PHOTO, strips)
    assert [(c.quad[0].tolist(), c.doubt) for c in out] == [(s.quad[0].tolist(), s is strips[0]) for s in strips]


def test_a_covered_cards_far_corner_stands_for_the_top_card_only_where_no_whole_top_shows() -> None:
    # A fan's covered card, shaped by the cues as a whole card: its far corner lies on the hand's top card's index
    # (validation Quiddler fan 300033, dim felt: the last two cards read as one). Where the photo shows that top card
    # whole, the covered card does not stand for it; where it does not, the "top card" is as often print on the top
    # card's face, and that corner still does (three fans in 100 cut in two else). A card the cues show whole stands
    # for it by any corner either way.
    top = _card(300, 200)
    covered = Candidate(_card(200, 200), 0.5, True, group=1)
    whole = covered._replace(shown=1.0)
    assert not _agrees(covered, top, True, top_shown=True)
    assert _agrees(covered, top, True, top_shown=False)
    assert _agrees(whole, top, True, top_shown=True)
    assert not _agrees(covered, top, False, top_shown=False)  # a covered card of the hand by its own corner only


def test_a_top_card_past_the_cues_hand_is_added_to_it() -> None:
    # A spread of seven of which the corner net found five indexes (the second and fifth missed) and the cues six
    # cards, missing the top one: their last card, the one under it, taken whole (validation fonts' Quiddler spread
    # 300075: F read as the B over it, B missed). The top card's turned-round index shows it the top one: it is
    # added to the cues' hand, whose last card is now covered by it.
    net = [_card(x, 200) for x in (200, 260, 290, 350, 380)]
    turned = _card(380, 200)[[2, 3, 0, 1]]  # the top card's index printed upside down at its bottom-right
    cues = [Candidate(_card(200 + 30 * i, 200), 0.3, True, group=1) for i in range(5)]
    cues.append(Candidate(_card(350, 200), 1.0, True, group=1))
    out = _with_index_hands(_corners([*net, turned]), PHOTO, cues)
    assert all(a is b for a, b in zip(out, cues[:5]))
    np.testing.assert_allclose([c.quad[0] for c in out], [[200 + 30 * i, 200] for i in range(7)], atol=0.5)
    assert [c.shown for c in out[5:]] == [0.3, 1.0] and {c.group for c in out} == {1}


def test_a_corner_hand_beginning_past_the_cues_first_card_adds_no_top_card() -> None:
    # A corner-net hand whose top card lies a step past the cues' hand, its turned-round index showing, but which
    # begins a card later than the cues' hand: it lies off the cards (validation Word Thief spread 300064 on sisal,
    # whose cues read it right; a card added, one was cut in two and three read wrong). Where both begin at the same
    # card, the top card is the cues' missed one.
    net = [_card(200 + 30 * i, 200) for i in range(1, 7)]
    corners = _corners([*net, _card(380, 200)[[2, 3, 0, 1]]])
    (hand,) = index_hands(corners.found)
    cues = [Candidate(_card(200 + 30 * i, 200), 0.3, True, group=1) for i in range(5)]
    cues.append(Candidate(_card(350, 200), 1.0, True, group=1))
    assert not _top_past_cues(cues, hand, corners.found)
    assert _top_past_cues(cues[1:], hand, corners.found)


def test_a_cues_hand_off_its_index_corners_is_offered_their_shapes_in_order() -> None:
    # The cues' hand of a dim spread on sisal lies a third of a step before the cards (validation Quiddler spread
    # 300026: five of ten read wrong, all checked); the corner net's cards lie where the cards do, but two of the cues'
    # lie too far from theirs to agree, and no top card's outline shows: the cues' hand stays, those two checked. Of as
    # many cards, each within IN_ORDER of the pitch of its place, it is offered the net's shapes card by card
    # (Candidate.other), and the reader keeps the shapes it reads surer.
    hand = [_card(200 + 40 * i, 200) for i in range(5)]
    off = [12, 22, 12, 22, 12]
    cues = [Candidate(_card(200 + 40 * i - d, 200), 0.4, True, group=1) for i, d in enumerate(off[:4])]
    cues.append(Candidate(_card(360 - off[4], 200), 1.0, True, group=1))
    out = _with_index_hands(_corners(hand), PHOTO, cues)
    assert [c.quad[0].tolist() for c in out] == [c.quad[0].tolist() for c in cues]
    assert [c.doubt for c in out] == [False, True, False, True, False]
    assert all(c.other is not None for c in out)
    np.testing.assert_allclose([c.other[0] for c in out], [q[0] for q in hand], atol=0.5)
