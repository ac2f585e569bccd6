"""The net's cards against a hand the cues found on them (vision.detect._agreed), on cards laid out by hand."""

from __future__ import annotations

import cv2
import numpy as np

from vision.detect import Candidate, _agreed

SCALE = 0.5  # work pixels per photo pixel (a 1920 x 1080 photo)
W, H = 100, 140  # a card's width and height in the photo


def _card(x: float, y: float, w: float = W) -> np.ndarray:
    return np.float32([[x, y], [x + w, y], [x + w, y + H], [x, y + H]])


def _agreed_on(net_cards: list[np.ndarray], hand: list[np.ndarray]) -> list[Candidate]:
    """What stands of the net's cards (each with its core in its middle) and the cues' ``hand``."""
    cores, card = np.zeros((540, 960), np.uint8), np.zeros((540, 960), np.uint8)
    for q in net_cards:
        middle = q.mean(0)
        cv2.fillConvexPoly(cores, np.int32((middle + 0.4 * (q - middle)) * SCALE), 255)
        cv2.fillConvexPoly(card, np.int32(q * SCALE), 1)
    net = [Candidate(q, 1.0, False) for q in net_cards]
    return _agreed(net, [Candidate(q, 0.3, True, group=1) for q in hand], cores, SCALE, card)


ELSEWHERE = [_card(200, 700), _card(320, 700)]  # cards of another word: the photo's card size


def test_two_whole_cards_cut_into_strips_are_no_hand() -> None:
    # Two cards side by side, the cues' "hand" six strips over them (a Words And Points L and C read as six blanks).
    pair = [_card(200, 300), _card(300, 300)]
    strips = [_card(200 + 30 * i, 300, 60) for i in range(6)]
    out = _agreed_on([*pair, *ELSEWHERE], strips)
    assert not any(c.hand for c in out) and len(out) == 4


def test_a_spread_holding_two_whole_cards_stays_a_hand() -> None:
    # Nine cards, each showing a strip a third of its width; the net saw the first and the top card whole.
    spread = [_card(600 + 30 * i, 300) for i in range(9)]
    out = _agreed_on([spread[0], spread[-1], *ELSEWHERE], spread)
    assert sum(c.hand for c in out) == 9 and len(out) == 11
