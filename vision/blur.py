"""How sharp a photo's cards are: a shaken or unfocused camera blurs every letter, and the player is better told to
take the photo again than left to correct card after card."""

from __future__ import annotations

import cv2
import numpy as np

from vision.designs import CARD_H, CARD_W
from vision.quad_order import side_pairs

# A card's steepest edges (its print's), as the share of the card's contrast they climb per pixel of the photo:
# about 1 where a letter's edge is one pixel wide, 1 / (2.5 sigma) where the photo is blurred by sigma pixels.
INSIDE = 0.06  # of the warped card's width, kept off each side: its outline against the table is no print
STEEPEST = 99.5  # the percentile of the gradient taken as the print's steepest edges
# Validation renders of Word Thief (medians over a photo's cards): as rendered 0.37-0.72 at 1080p and 0.45-0.95 at
# 720p; blurred again by 1.5 pixels 0.27-0.46, by 3 pixels 0.18-0.29 (1080p). Under 0.25 on 2 of 480 validation
# photos of the three decks as rendered: one layout on two tables, its indexes smeared past reading.
BLURRED = 0.25


def sharpness(quad: np.ndarray, card: np.ndarray) -> float:
    """How steep the print's edges are on a card of a photo (``quad``: its corners in the photo; ``card``: it warped
    to CARD_W x CARD_H, BGR), in its contrast per pixel of the photo."""
    m = int(INSIDE * CARD_W)
    grey = cv2.cvtColor(card[m : CARD_H - m, m : CARD_W - m], cv2.COLOR_BGR2GRAY).astype(np.float32)
    # Sobel's 3x3 kernels weigh a one-pixel step 8 times: divided, a gradient in levels per pixel of the card
    steep = np.hypot(cv2.Sobel(grey, cv2.CV_32F, 1, 0), cv2.Sobel(grey, cv2.CV_32F, 0, 1)) / 8
    low, high = np.percentile(grey, (2, 95))
    per_photo_pixel = CARD_W / max(min(side_pairs(np.float32(quad))) / 2, 1.0)
    return float(np.percentile(steep, STEEPEST) * per_photo_pixel / max(float(high - low), 1.0))


def blurred(quads: list[np.ndarray], cards: list[np.ndarray]) -> bool:
    """Whether a photo's cards (``quads`` in the photo, ``cards`` warped) are blurred: their median sharpness is
    under BLURRED."""
    return bool(quads) and float(np.median([sharpness(q, c) for q, c in zip(quads, cards)])) < BLURRED
