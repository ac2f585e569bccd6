"""Glyph features (HOG written with numpy: OpenCV 5 has no HOGDescriptor nor ml) and a
nearest-neighbour classifier over templates cut from cards drawn in the training fonts.

A template is cut from a whole card by the same code that cuts a photographed card
(`card_parts`), so what the classifier learns and what it sees differ only in print
and photography, never in cropping.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image

from vision.designs import CARD_H, CARD_W, LAYOUTS, TRAIN_FONTS, GAME_STYLE, Box, Layout, deck_cards, draw_card

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


def _pct(a: np.ndarray, q: float) -> float:
    """A percentile by partial sort: np.percentile costs ten times more on small crops."""
    flat = a.ravel()
    k = min(len(flat) - 1, int(q / 100 * len(flat)))
    return float(np.partition(flat, k)[k])


def _crop(card: np.ndarray, box: Box) -> np.ndarray:
    x0, y0, x1, y1 = box
    return card[int(y0 * CARD_H) : int(y1 * CARD_H), int(x0 * CARD_W) : int(x1 * CARD_W)]


def ink_of(card_bgr: np.ndarray, card_gray: np.ndarray, box: Box, min_contrast: float = 45) -> Ink:
    """Cut the ink in ``box`` to its bounding box and scale it into a 32x32 glyph."""
    gray = _crop(card_gray, box).astype(np.float32)
    bg = _pct(gray, 90)
    lo = _pct(gray, 1)
    if bg - lo < min_contrast:
        return Ink(None, 0.0, 0.0)
    ink = np.clip((bg - gray) / (bg - lo), 0, 1)
    mask = (ink > 0.45).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    h, w = mask.shape
    keep = np.zeros(count, bool)
    for i in range(1, count):
        x, y, bw, bh, area = stats[i]
        # Specks, and strips of table or card edge along the box's rim when a warp is a little off.
        # Left and top are the card's own edges for a corner index: strips there go even when
        # short; right and bottom only when long (a stone's edge), as a letter may touch them.
        vertical = bw < 0.15 * w and ((x == 0 and bh > 0.25 * h) or (x + bw == w and bh > 0.6 * h))
        horizontal = bh < 0.15 * h and ((y == 0 and bw > 0.25 * w) or (y + bh == h and bw > 0.6 * w))
        edge_strip = vertical or horizontal
        keep[i] = area >= max(6, 0.004 * h * w) and not edge_strip
    if not keep.any():
        return Ink(None, 0.0, 0.0)
    sel = keep[labels]
    ys, xs = np.nonzero(sel)
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    glyph = np.where(sel, ink, 0)[y0:y1, x0:x1]
    gh, gw = glyph.shape
    scale = (SIDE - 4) / max(gh, gw)
    small = cv2.resize(glyph, (max(1, round(gw * scale)), max(1, round(gh * scale))), interpolation=cv2.INTER_AREA)
    out = np.zeros((SIDE, SIDE), np.float32)
    oy, ox = (SIDE - small.shape[0]) // 2, (SIDE - small.shape[1]) // 2
    out[oy : oy + small.shape[0], ox : ox + small.shape[1]] = small
    colour = _crop(card_bgr, box)[y0:y1, x0:x1][sel[y0:y1, x0:x1]].astype(np.float32).mean(0)
    paper = np.float32([_pct(_crop(card_bgr, box)[..., c], 90) for c in range(3)]) + 1
    b, g, r = colour / paper
    mask = sel[y0:y1, x0:x1].astype(np.uint8) * 255
    return Ink(out, float(np.log(gw / gh)), float(r - max(g, b)), mask)


def centre_picture(card_gray: np.ndarray, box: Box) -> np.ndarray:
    """The card's centre art as a fixed 32x32 crop (no re-centring: its position tells which way is up)."""
    crop = _crop(card_gray, box).astype(np.float32)
    crop = (crop.max() - crop) / max(1.0, float(crop.max() - crop.min()))
    return cv2.resize(crop, (SIDE, SIDE), interpolation=cv2.INTER_AREA)


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
    """Everything the reader looks at on one upright card."""

    face: Ink
    value: Ink
    suit: Ink | None
    centre: np.ndarray


def card_parts(card_bgr: np.ndarray, layout: Layout) -> Parts:
    gray = cv2.cvtColor(card_bgr, cv2.COLOR_BGR2GRAY)
    return Parts(
        ink_of(card_bgr, gray, layout.face),
        ink_of(card_bgr, gray, layout.value),
        ink_of(card_bgr, gray, layout.suit) if layout.suit else None,
        centre_picture(gray, layout.centre),
    )


def photographed(card_rgba: Image.Image, rng: random.Random) -> np.ndarray:
    """A drawn card as the reader would get it back from a photo: shrunk to photo size, a little
    blurred and noisy, and warped back upright from corners found a few pixels off."""
    rgba = np.asarray(card_rgba, np.float32)
    bgr = rgba[..., 2::-1] * (rgba[..., 3:] / 255) + 60 * (1 - rgba[..., 3:] / 255)
    s = rng.uniform(0.45, 0.85)
    w, h = CARD_W * s, CARD_H * s
    pad = 12
    canon = np.float32([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]])
    placed = np.float32([[pad, pad], [pad + w, pad], [pad + w, pad + h], [pad, pad + h]])
    out_size = (int(w) + 2 * pad, int(h) + 2 * pad)
    small = cv2.warpPerspective(bgr, cv2.getPerspectiveTransform(canon, placed), out_size)
    sigma = rng.uniform(0, 1.0)
    if sigma > 0.25:
        small = cv2.GaussianBlur(small, (0, 0), sigma)
    small = small * rng.uniform(0.7, 1.05) + np.random.default_rng(rng.randrange(1 << 30)).normal(0, 3, small.shape)
    found = placed + np.float32([[rng.uniform(-1.5, 1.5) for _ in range(2)] for _ in range(4)])
    back = cv2.warpPerspective(
        np.clip(small, 0, 255).astype(np.uint8), cv2.getPerspectiveTransform(found, canon), (CARD_W, CARD_H)
    )
    return back


@dataclass
class Samples:
    """Cut boxes of known cards, before features: the training set of one deck."""

    face: list[tuple[str, Ink]]
    value: list[tuple[str, Ink]]
    suit: list[tuple[str, Ink]]
    centre: list[tuple[str, np.ndarray]]

    def add(self, face: str, value: str, suit: str | None, parts: Parts, centre: bool = True) -> None:
        """Keep what the card shows; ``centre=False`` for a card seen upside down."""
        if parts.face.glyph is not None:
            self.face.append((face, parts.face))
        if parts.value.glyph is not None:
            self.value.append((value, parts.value))
        if suit and parts.suit is not None and parts.suit.glyph is not None:
            self.suit.append((suit, parts.suit))
        if centre:
            self.centre.append((face, parts.centre))


def synthetic_samples(game: str, copies: int = 3, seed: int = 7) -> Samples:
    """Draw every card of the deck in every training font, photograph it ``copies`` times and cut it."""
    from companion.decks import standard_deck

    rng = random.Random(seed)
    values = standard_deck(game).values
    layout = LAYOUTS[game]
    out = Samples([], [], [], [])
    keys = deck_cards(game)
    if game == "word-thief":  # every letter in every suit may lie on a table, not only the deck's pairs
        keys = [(f, s) for f in values if f != "*" for s in "shdc"] + [("*", None)]
    for font_path in TRAIN_FONTS[GAME_STYLE[game]]:
        for face, suit in keys:
            card = draw_card(game, face, suit, font_path=font_path, rng_seed=rng.randrange(5))
            reps = copies if (game != "word-thief" or face == "*" or rng.random() < 0.5) else 1
            for _ in range(reps):
                out.add(
                    face, str(values[face]) if face != "*" else EMPTY, suit, card_parts(photographed(card, rng), layout)
                )
    return out
