"""Glyph features (HOG written with numpy: OpenCV 5 has no HOGDescriptor nor ml) and a
nearest-neighbour classifier over templates cut from a taught deck's photographed cards
(`vision.teach`); and the ink of a card's index letters, for Tesseract.

A template is cut from a card by the same code that cuts a card being read (`card_parts`),
so what the classifier learnt and what it sees differ only in photography, never in cropping.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.designs import CARD_H, CARD_W, Box, Layout

SIDE = 32  # glyphs are compared as 32x32 images
EMPTY = ""  # the token of a box with no ink (a joker's value, a blank's letter)


def hog(imgs: np.ndarray) -> np.ndarray:
    """Histograms of oriented gradients of (N, 32, 32) images: 4x4 cells of 9 unsigned bins,
    plus the 8x8 ink picture itself, each part L2-normalised."""
    imgs = imgs.astype(np.float32)
    gx = np.zeros_like(imgs)
    gy = np.zeros_like(imgs)
    gx[:, :, 1:-1] = imgs[:, :, 2:] - imgs[:, :, :-2]
    gy[:, 1:-1, :] = imgs[:, 2:, :] - imgs[:, :-2, :]
    mag = np.hypot(gx, gy)
    bins = (np.arctan2(gy, gx) % np.pi / np.pi * 9).astype(np.int32) % 9
    n = len(imgs)
    cells = np.stack([(mag * (bins == k)).reshape(n, 4, 8, 4, 8).sum((2, 4)) for k in range(9)], -1)
    cells = cells.reshape(n, -1)
    small = imgs.reshape(n, 8, 4, 8, 4).mean((2, 4)).reshape(n, -1)
    parts = [cells, small]
    return np.concatenate([p / (np.linalg.norm(p, axis=1, keepdims=True) + 1e-6) for p in parts], 1)


@dataclass
class Ink:
    """What a box of the card holds: a normalised glyph image, or nothing."""

    glyph: np.ndarray | None  # (32, 32) float, 1 = ink
    aspect: float  # width / height of the ink, log-scaled into the features
    redness: float  # red minus the stronger other channel, each relative to the paper: > 0.25 is red
    mask: np.ndarray | None = None  # the kept ink at card scale (255 = ink), cut to its bounding box


def _pct(levels: np.ndarray, q: float) -> float:
    """A percentile of uint8 ``levels`` (the value a sort puts at ``q`` percent of the way), by their histogram:
    on an index region's 17200 levels a partial sort of them took 8 times as long, np.percentile 6 times."""
    hist = cv2.calcHist([np.ascontiguousarray(levels)], [0], None, [256], [0, 256]).ravel()
    k = min(levels.size - 1, int(q / 100 * levels.size))
    return float(np.searchsorted(np.cumsum(hist), k + 1))


def _crop(card: np.ndarray, box: Box) -> np.ndarray:
    x0, y0, x1, y1 = box
    return card[int(y0 * CARD_H) : int(y1 * CARD_H), int(x0 * CARD_W) : int(x1 * CARD_W)]


def fitted(img: np.ndarray, side: int, margin: int) -> np.ndarray:
    """``img`` scaled to fit a ``side`` x ``side`` square, ``margin`` pixels from its sides, centred on zeros."""
    h, w = img.shape
    scale = (side - 2 * margin) / max(h, w)
    small = cv2.resize(img, (max(1, round(w * scale)), max(1, round(h * scale))), interpolation=cv2.INTER_AREA)
    out = np.zeros((side, side), np.float32)
    oy, ox = (side - small.shape[0]) // 2, (side - small.shape[1]) // 2
    out[oy : oy + small.shape[0], ox : ox + small.shape[1]] = small
    return out


def ink_of(
    card_bgr: np.ndarray, card_gray: np.ndarray, box: Box, min_contrast: float = 45, core: Box | None = None
) -> Ink:
    """Cut the ink in ``box`` to its bounding box and scale it into a 32x32 glyph; with a ``core`` (inside
    ``box``), only the ink of strokes that reach into it, and no long thin line across the box (a stone's edge),
    its paper and ink levels the core's (a stone printed on a card: the card's paper round it is no ink's ground)."""
    gray = _crop(card_gray, box).astype(np.float32)
    levels = _crop(card_gray, box if core is None else core)
    bg = _pct(levels, 90)
    lo = _pct(levels, 1)
    if bg - lo < min_contrast:
        return Ink(None, 0.0, 0.0)
    ink = np.clip((bg - gray) / (bg - lo), 0, 1)
    mask = (ink > (0.45 if core is None else FAINT)).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    h, w = mask.shape
    keep = np.zeros(count, bool)
    reached = np.ones(count, bool)
    if core is not None:
        cx0, cy0 = round((core[0] - box[0]) * CARD_W), round((core[1] - box[1]) * CARD_H)
        cx1, cy1 = round((core[2] - box[0]) * CARD_W), round((core[3] - box[1]) * CARD_H)
        reached[:] = False
        reached[np.unique(labels[cy0:cy1, cx0:cx1])] = True
    for i in range(1, count):
        x, y, bw, bh, area = stats[i]
        # Specks, and strips of table or card edge along the box's rim when a warp is a little off.
        # Left and top are the card's own edges for a corner index: strips there go even when
        # short; right and bottom only when long (a stone's edge), as a letter may touch them.
        vertical = bw < 0.15 * w and ((x == 0 and bh > 0.25 * h) or (x + bw == w and bh > 0.6 * h))
        horizontal = bh < 0.15 * h and ((y == 0 and bw > 0.25 * w) or (y + bh == h and bw > 0.6 * w))
        line = core is not None and bh < 0.15 * h and bw > 0.6 * w
        edge_strip = vertical or horizontal or line
        keep[i] = area >= max(6, 0.004 * h * w) and not edge_strip and reached[i]
    if not keep.any():
        return Ink(None, 0.0, 0.0)
    sel = keep[labels]
    ys, xs = np.nonzero(sel)
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    glyph = np.where(sel, ink, 0)[y0:y1, x0:x1]
    gh, gw = glyph.shape
    out = fitted(glyph, SIDE, 2)
    colour = _crop(card_bgr, box)[y0:y1, x0:x1][sel[y0:y1, x0:x1]].astype(np.float32).mean(0)
    paper = np.float32([_pct(_crop(card_bgr, box)[..., c], 90) for c in range(3)]) + 1
    b, g, r = colour / paper
    mask = sel[y0:y1, x0:x1].astype(np.uint8) * 255
    return Ink(out, float(np.log(gw / gh)), float(r - max(g, b)), mask)


INDEX_REGION: Box = (0.02, 0.01, 0.42, 0.5)  # where any design's corner index lies (vision.net.CORNER)
# A stone's letter is printed as large as the design likes: the layout's face box cuts a T's bar or a
# G's curves off, and Tesseract reads an I or a C. Its ink is cut from the box grown this share of the
# card on every side, the strokes that reach into the box kept whole.
LETTER_REACH = 0.2
FAINT = 0.3  # ... at this share of the ink's depth, not 0.45: a blurred serif T's thin bar is lighter
# Straight ink at least this share of the index region across or down is a line (the card's edge, a frame),
# no letter (a letter is at most 0.4 of the region high). Renders of training designs, Word Thief: without,
# Tesseract was shown a diamond pip or a frame's corner for half of the right I's it read nothing in; with,
# 13 right index cards more confirmed and 2 fewer on 400 photos of index decks, a wrong I put right as a T.
LINE_ACROSS = 0.5
LINE_DOWN = 1 / 3


def _lines(ink: np.ndarray, across: int, down: int) -> np.ndarray:
    """The ink (0/1) of straight lines at least ``across`` pixels long across or ``down`` pixels long down."""
    out = np.zeros_like(ink)
    for kernel in (np.ones((1, across), np.uint8), np.ones((down, 1), np.uint8)):
        # no ink beyond the border: a letter touching the region's edge is no line running off it
        out |= cv2.morphologyEx(ink, cv2.MORPH_OPEN, kernel, borderType=cv2.BORDER_CONSTANT, borderValue=0)
    return out


def face_ink(card_bgr: np.ndarray, layout: Layout | None = None) -> np.ndarray | None:
    """The ink of the index letters of an upright card, for Tesseract: in ``layout``'s face box
    (a taught deck), or else the topmost line of letter-sized print in the top-left corner (a
    design prints its letters first, its value and pip below; a frame's lines and beads are no
    letter's size)."""
    gray = cv2.cvtColor(card_bgr, cv2.COLOR_BGR2GRAY)
    if layout is not None and not layout.corner_index:
        x0, y0, x1, y1 = layout.face
        r = LETTER_REACH
        grown = (max(0.0, x0 - r), max(0.0, y0 - r), min(1.0, x1 + r), min(1.0, y1 + r))
        return ink_of(card_bgr, gray, grown, core=layout.face).mask
    if layout is not None:
        return ink_of(card_bgr, gray, layout.face).mask
    region = _crop(gray, INDEX_REGION)
    h, w = region.shape
    paper = _pct(region, 90)
    ink = (region < paper - 45).astype(np.uint8)
    # The card's edge or a printed frame may run along the region's top and left: a letter printed against
    # it joins it into one blob of no letter's size, and the glyph under the letter was cut instead.
    lines = _lines(ink, int(LINE_ACROSS * w), int(LINE_DOWN * h))
    if lines.any():
        lines = cv2.dilate(lines, np.ones((3, 3), np.uint8)) > 0  # and their blurred rims
        gray = gray.copy()  # painted in paper for ink_of too
        top, left = int(INDEX_REGION[1] * CARD_H), int(INDEX_REGION[0] * CARD_W)
        gray[top : top + h, left : left + w][lines] = paper
        ink[lines] = 0
    count, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    glyphs = [
        (y, y + bh, x, x + bw)
        for x, y, bw, bh, area in stats[1:]
        if 0.06 * h <= bh <= 0.4 * h and bw <= 0.6 * w and area >= 0.15 * bw * bh
    ]
    if not glyphs:
        return None
    top = min(glyphs)
    line = [g for g in glyphs if g[0] < top[1] - 0.3 * (top[1] - top[0])]  # beside the first glyph
    y0, y1 = min(g[0] for g in line), max(g[1] for g in line)
    x0, x1 = min(g[2] for g in line), max(g[3] for g in line)
    rx, ry = INDEX_REGION[0] * CARD_W, INDEX_REGION[1] * CARD_H
    box = ((rx + x0 - 2) / CARD_W, (ry + y0 - 2) / CARD_H, (rx + x1 + 2) / CARD_W, (ry + y1 + 2) / CARD_H)
    return ink_of(card_bgr, gray, box).mask


def features(inks: list[Ink]) -> np.ndarray:
    """Feature rows for inked boxes (the caller keeps empty boxes apart)."""
    glyphs = np.stack([i.glyph for i in inks])
    aspect = np.array([[i.aspect] for i in inks], np.float32) * 0.5
    return np.concatenate([hog(glyphs), aspect], 1)


class Classifier:
    """Nearest neighbour per class: a class's distance is that of its closest template."""

    def __init__(self, feats: np.ndarray, labels: list[str]):
        order = np.argsort(np.array(labels), kind="stable")
        self.feats = feats[order].astype(np.float32)
        sorted_labels = [labels[i] for i in order]
        self.classes = sorted(set(labels))
        self.starts = np.array([sorted_labels.index(c) for c in self.classes])
        self.sq = (self.feats**2).sum(1)
        self.feats_t = np.ascontiguousarray(self.feats.T)

    def distances(self, feats: np.ndarray) -> np.ndarray:
        """(M, classes) distance of each query to each class."""
        feats = feats.astype(np.float32, copy=False)
        # cv2.gemm, not numpy's BLAS: its threads fight OpenCV's for two cores and lose time.
        d2 = (feats**2).sum(1)[:, None] + self.sq[None] - 2 * cv2.gemm(feats, self.feats_t, 1.0, None, 0.0)
        return np.sqrt(np.maximum(np.minimum.reduceat(d2, self.starts, axis=1), 0))


@dataclass
class Parts:
    """What the taught templates compare on one upright card."""

    face: Ink
    value: Ink


def card_parts(card_bgr: np.ndarray, layout: Layout) -> Parts:
    gray = cv2.cvtColor(card_bgr, cv2.COLOR_BGR2GRAY)
    return Parts(ink_of(card_bgr, gray, layout.face), ink_of(card_bgr, gray, layout.value))


@dataclass
class Samples:
    """Cut boxes of known cards, before features: the training set of one deck."""

    face: list[tuple[str, Ink]]
    value: list[tuple[str, Ink]]

    def add(self, face: str, value: str, parts: Parts) -> None:
        """Keep what the card shows."""
        if parts.face.glyph is not None:
            self.face.append((face, parts.face))
        if parts.value.glyph is not None:
            self.value.append((value, parts.value))
