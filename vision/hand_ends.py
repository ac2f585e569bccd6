"""A hand's first and last cards, where the corner net (vision/corner_net.py) found no index: looked for again in a
view of the photo turned so that the card the hand's step and turn put there lies upright. A fan's end cards are the
most turned (40-55 degrees on a wide fan), and the net gives their indexes too little heat to be taken more often than
others' (validation fonts' fans: 5-8% of first cards, 1% of middle ones); the hand then starts a card or more late or
ends a card early (validation fonts' Quiddler fan 300205: its first four of eleven cards missed, turned 22-50 degrees,
heat 0.08-0.31 as the photo lies and up to 0.68 upright)."""

from __future__ import annotations

import numpy as np

from vision.corner_net import PEAK, Corner, Corners, upright_corners
from vision.hands import signed_angle
from vision.index_hands import IndexHand, card_frame, index_hands, lies_over, top_twin

MOST = 4  # cards looked for beyond each end of a hand (Quiddler fan 300205 above: four before its first)
NEAR = 0.25  # of a card's width: how far from where the hand's step puts it a card's index corner may lie
# The view around where the card's index corner should be, in its widths and heights along its top edge and down:
# the table before it, and the next card over it.
VIEW = (-0.8, -0.5, 1.6, 1.1)
# Past a hand's last card the view holds the top card's own print, where the net peaks weakly (validation fonts' Word
# Thief fan 300020: 0.32 on its top card's face; the top card of Quiddler fan 300214, missed: 0.67).
LAST_PEAK = 0.5
# In a fan the top card's turned-round index lies near the card under it's (neighbours' bottom-right corners lie within
# a third of a width), so that card may be taken for the top one. Past a hand whose top card's index seems to show, a
# card is still looked for, taken only a whole step on (TWIN_STEP of the hand's median step): nearer, the net
# peaks on the last card's own index again (a two-letter face's second letter: validation fonts' Quiddler fan 300035 on
# a training surface, its TH taken for an H, sure, when any step was taken). Fans of training fonts on
# render.VALIDATION_TABLES (100 each of Quiddler and Word Thief from 300000): cards found 1585 -> 1589, faces right
# 1569 -> 1578, wrong cards 17 -> 12, left unflagged 4 -> 2. Validation fonts' hands (800 fans and spreads of both
# games on those surfaces, the finder's and the tuned tables) and 120 word photos: cards found +4, faces right +5,
# nothing worse.
TWIN_STEP = 0.8


def _turned(u: np.ndarray, angle: float) -> np.ndarray:
    """Direction ``u`` turned by ``angle`` radians (as `signed_angle` measures)."""
    c, s = np.cos(angle), np.sin(angle)
    return np.float32([c * u[0] - s * u[1], s * u[0] + c * u[1]])


def _step(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """How far card ``b``'s top-left corner lies from card ``a``'s, along ``a``'s top edge and down it."""
    p, u, _, _ = card_frame(a)
    return np.float32([(b[0] - p) @ u, (b[0] - p) @ np.float32([-u[1], u[0]])])


def _pitch(quads: list[np.ndarray]) -> np.ndarray:
    """A hand's median step from card to card (see `_step`): the first alone is off where the net placed one corner a
    tenth of a width off."""
    return np.median([_step(a, b) for a, b in zip(quads, quads[1:])], 0)


def _beside(quads: list[np.ndarray], after: bool) -> tuple[np.ndarray, np.ndarray, float, float]:
    """Where a hand laid as ``quads`` are puts the card before its first (after its last, if ``after``): its top-left
    corner and top edge's direction (the hand's median step and one turn on: the hand's turns are evened), its width
    and height."""
    along, down = _pitch(quads)
    turn = signed_angle(card_frame(quads[0])[1], card_frame(quads[1])[1])
    if after:
        p, u, w, h = card_frame(quads[-1])
        return p + along * u + down * np.float32([-u[1], u[0]]), _turned(u, turn), w, h
    p, u, w, h = card_frame(quads[0])
    back = _turned(u, -turn)
    return p - along * back - down * np.float32([-back[1], back[0]]), back, w, h


def _ends(hand: IndexHand, img: np.ndarray, scale: float, after: bool, whole_step: bool = False) -> list[Corner]:
    """The index corners of the cards before a ``hand``'s first (after its last, if ``after``) the net finds upright;
    with ``whole_step``, only those a whole step on (TWIN_STEP of the hand's)."""
    quads, out = list(hand.quads), []
    for _ in range(MOST):
        at, u, w, h = _beside(quads, after)
        least = TWIN_STEP * float(_pitch(quads)[0]) if whole_step else 0.0
        box = (VIEW[0] * w, VIEW[1] * h, VIEW[2] * w, VIEW[3] * h)
        near = [
            c
            for c in upright_corners(img, scale, at, u, box)
            if c.heat >= (LAST_PEAK if after else PEAK)
            and float(np.linalg.norm(c.quad[0] - at)) <= NEAR * w
            and (
                lies_over(card_frame(quads[-1]), card_frame(c.quad))
                if after
                else lies_over(card_frame(c.quad), card_frame(quads[0]))
            )
            and (not whole_step or _step(quads[-1], c.quad)[0] >= least)
        ]
        if not near:
            break
        out.append(near[0])
        quads.insert(len(quads) if after else 0, near[0].quad)
    return out


def with_hand_ends(corners: Corners, img: np.ndarray) -> Corners:
    """``corners`` (the photo ``img``'s) with the index corners the net finds in an upright view of cards before each
    hand's first card, and after its last: a whole step on where a top card's turned-round index seems to show that it
    is the last (see TWIN_STEP; past a top card the net peaks on its own print, see LAST_PEAK)."""
    found: list[Corner] = []
    for hand in index_hands(corners.found):
        found += _ends(hand, img, corners.scale, False)
        found += _ends(hand, img, corners.scale, True, whole_step=top_twin(hand, corners.found) is not None)
    return corners._replace(found=corners.found + found) if found else corners
