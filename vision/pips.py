"""A Word Thief card's pip as a picture, compared with the pips of the other cards in the same photo.

One deck lies on the table, so every pip of one suit in a photo is printed alike and photographed at
nearly the same size: where the index net is unsure whether a small pip is a spade or a club (a heart
or a diamond), the pips of the photo's cards it reads surely show what each suit looks like here.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.glyphs import INDEX_REGION, _crop, _pct, fitted

WIN = 28  # a pip is compared as a WIN x WIN picture of its ink, scaled to fit with a margin
MARGIN = 3  # pixels of the picture on each side of the scaled pip
BLUR = 1.0  # sigma: a pixel's shift in where a 5-8 pixel pip falls on the warped card is no difference
MIN_CONTRAST = 45  # paper against the darkest ink of the index region (as glyphs.face_ink)
INK = 0.45  # share of that contrast that is ink
# The index prints its letters, then its value, then its pip, one under another in one column: a glyph
# is letter-sized (not a frame's line), and a pip is about as wide as high and the lowest in their column.
GLYPH_H = (0.03, 0.4)  # of the region's height
GLYPH_W = 0.6  # of the region's width at most
PIP_ASPECT = (0.6, 1.6)  # width / height
COLUMN = 0.4  # of the region's width: the index column's pip starts left of this (centre art lies to the right)
OVERLAP = 0.3  # of the narrower glyph's width: a glyph over another shares this much of it when in one column
BEAD_SHIFT = 1  # pixels: a frame's beads are printed alike, one under another


def _glyphs(ink: np.ndarray) -> tuple[np.ndarray, list[tuple[int, int, int, int, int]]]:
    """Connected components of an ink mask that are glyph-sized: labels and (top, bottom, left, right, label)."""
    h, w = ink.shape
    _, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    glyphs = [
        (y, y + bh, x, x + bw, k)
        for k, (x, y, bw, bh, area) in enumerate(stats[1:].tolist(), 1)
        if GLYPH_H[0] * h <= bh <= GLYPH_H[1] * h and bw <= GLYPH_W * w and area >= max(6, 0.15 * bw * bh)
    ]
    return labels, glyphs


def _pip(glyphs: list[tuple[int, int, int, int, int]], width: int) -> tuple[int, int, int, int, int] | None:
    """The pip among the index region's glyphs: the lowest pip-shaped glyph in the region's left part (``width``:
    the region's) with a glyph above it in its column, the value or the letters."""
    # The letters and the value may touch the region's top or left edge (a quad fitted tight, an index printed near
    # the card's corner) and still show the column; a pip touching the top is the card's edge or a frame's corner,
    # and one touching the left edge may run on past it (its picture would be of a part).
    glyphs = [g for g in glyphs if not _bead(g, glyphs)]
    below = [
        g
        for g in glyphs
        if g[0] > 0
        and 0 < g[2] < COLUMN * width
        and PIP_ASPECT[0] <= (g[3] - g[2]) / (g[1] - g[0]) <= PIP_ASPECT[1]
        and any(_over(o, g) for o in glyphs if o is not g)
    ]
    return max(below, key=lambda g: g[1]) if below else None


def _over(o: tuple[int, int, int, int, int], g: tuple[int, int, int, int, int]) -> bool:
    """Whether glyph ``o`` lies above glyph ``g`` in one column: over it, sharing OVERLAP of the narrower's width."""
    shared = min(o[3], g[3]) - max(o[2], g[2])
    return o[1] <= g[0] + 1 and shared >= OVERLAP * min(o[3] - o[2], g[3] - g[2])


def _bead(g: tuple[int, int, int, int, int], glyphs: list[tuple[int, int, int, int, int]]) -> bool:
    """Whether a glyph is one of a frame's beads: another glyph of its size lies in line with it, across or down."""
    h, w = g[1] - g[0], g[3] - g[2]
    return any(
        o is not g
        and min(abs(o[2] - g[2]), abs(o[0] - g[0])) <= BEAD_SHIFT
        and abs((o[1] - o[0]) - h) <= BEAD_SHIFT
        and abs((o[3] - o[2]) - w) <= BEAD_SHIFT
        for o in glyphs
    )


def pip_picture(card: np.ndarray) -> np.ndarray | None:
    """The pip of an upright warped card's top-left index as a blurred WIN x WIN ink picture, zero
    mean and unit norm; None where no pip shows where the index prints it."""
    levels = cv2.cvtColor(_crop(card, INDEX_REGION), cv2.COLOR_BGR2GRAY)
    paper, darkest = _pct(levels, 90), _pct(levels, 1)
    if paper - darkest < MIN_CONTRAST:
        return None
    region = levels.astype(np.float32)
    ink = np.clip((paper - region) / (paper - darkest), 0, 1)
    labels, glyphs = _glyphs((ink > INK).astype(np.uint8))
    pip = _pip(glyphs, ink.shape[1])
    if pip is None:
        return None
    y0, y1, x0, x1, k = pip
    pip = np.where(labels == k, ink, 0)[max(0, y0 - 2) : y1 + 2, max(0, x0 - 2) : x1 + 2]
    out = cv2.GaussianBlur(fitted(pip, WIN, MARGIN), (0, 0), BLUR)
    out -= out.mean()
    norm = float(np.linalg.norm(out))
    return out / norm if norm > 0 else None


def likeness(pip: np.ndarray, mine: np.ndarray, other: np.ndarray) -> float:
    """Where ``pip`` lies on the way from the mean picture ``other`` (0) to ``mine`` (1): the two
    suits' pips share their blob, and only what tells them apart counts."""
    apart = mine - other
    return float(((pip - other) * apart).sum() / max(float((apart * apart).sum()), 1e-9))
