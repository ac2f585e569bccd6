"""How sharp a photo's cards are: a shaken or unfocused camera blurs every letter, and the player is better told to
take the photo again than left to correct card after card."""

from __future__ import annotations

import cv2
import numpy as np

from vision.glyphs import _pct

# A card's steepest edges (its print's), as the share of the card's contrast they climb per pixel of the photo:
# most of it where a letter's edge is a pixel or two wide, 1 / (2.5 sigma) where the photo is blurred by sigma pixels.
INSIDE = 0.06  # of the card, kept off each side: its outline against the table is no print
STEEPEST = 99.5  # the percentile of the gradient taken as the print's steepest edges
# Validation renders of Word Thief, 10 photos a row (medians over a photo's cards): as rendered 0.35-0.52 at 1080p and
# 0.40-0.57 at 720p; blurred again by 1.5 pixels 0.25-0.47, by 3 pixels 0.16-0.27. Under BLURRED on 2 of 480
# validation photos of the three decks as rendered: one layout on two tables, its indexes smeared past reading.
BLURRED = 0.25


def sharpness(img: np.ndarray, quad: np.ndarray) -> float:
    """How steep the print's edges are on a card of a BGR photo (``quad``: its corners), in its contrast per pixel."""
    centre = quad.mean(0)
    inner = np.int32(np.round(centre + (quad - centre) * (1 - 2 * INSIDE)))
    x, y, w, h = cv2.boundingRect(inner)
    x, y = max(x, 0), max(y, 0)
    grey = cv2.cvtColor(img[y : y + h, x : x + w], cv2.COLOR_BGR2GRAY)
    inside = np.zeros(grey.shape, np.uint8)
    cv2.fillConvexPoly(inside, inner - (x, y), 1)
    if grey.size < 9 or not inside.any():
        return np.inf  # no card's worth of pixels to judge
    # Sobel's 3x3 kernels weigh a one-pixel step 8 times: divided, a gradient in levels per pixel
    steep = cv2.magnitude(cv2.Sobel(grey, cv2.CV_32F, 1, 0), cv2.Sobel(grey, cv2.CV_32F, 0, 1))[inside > 0] / 8
    k = int(STEEPEST / 100 * (len(steep) - 1))
    levels = grey[inside > 0]
    return float(np.partition(steep, k)[k] / max(_pct(levels, 95) - _pct(levels, 2), 1.0))


def blurred(img: np.ndarray, quads: list[np.ndarray]) -> bool:
    """Whether a BGR photo's cards (``quads``) are blurred: their median sharpness is under BLURRED."""
    return bool(quads) and float(np.median([sharpness(img, np.float32(q)) for q in quads])) < BLURRED
