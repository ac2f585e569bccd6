"""The photo with each found card boxed and numbered, for a player to check what was found."""

from __future__ import annotations

from collections.abc import Collection, Sequence

import cv2
import numpy as np

GOOD = (70, 190, 60)  # BGR: a card found as expected
BAD = (40, 40, 230)  # a card to look at
MAX_SIDE = 1600  # a picture for the eye: larger photos are shrunk


def boxed(
    img: np.ndarray, quads: Sequence[np.ndarray], labels: Sequence[str], marked: Collection[int] = ()
) -> np.ndarray:
    """A copy of ``img`` (shrunk to MAX_SIDE) with card ``i`` outlined and ``labels[i]`` written in a
    filled box on its lower part (clear of the index and the centre's letter); the cards in
    ``marked`` in red, the others in green."""
    scale = min(1.0, MAX_SIDE / max(img.shape[:2]))
    out = cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else img.copy()
    for i, (quad, label) in enumerate(zip(quads, labels)):
        q = np.float32(quad) * scale
        colour = BAD if i in marked else GOOD
        width = float(np.linalg.norm(q[1] - q[0]))
        cv2.polylines(out, [np.int32(np.round(q))], True, colour, max(2, round(width / 40)), cv2.LINE_AA)
        font_scale = max(0.4, width / 110)
        thick = max(1, round(font_scale * 2))
        (tw, th), base = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, font_scale, thick)
        cx, cy = q.mean(0) + 0.3 * ((q[2] + q[3]) / 2 - (q[0] + q[1]) / 2)  # between centre and bottom edge
        x0, y0 = int(cx - tw / 2), int(cy - th / 2)
        cv2.rectangle(out, (x0 - 4, y0 - 4), (x0 + tw + 4, y0 + th + base + 4), colour, -1)
        cv2.putText(
            out, label, (x0, y0 + th), cv2.FONT_HERSHEY_SIMPLEX, font_scale, (255, 255, 255), thick, cv2.LINE_AA
        )
    return out


def cells(
    img: np.ndarray, quads: Sequence[np.ndarray], marked: Collection[int], cols: int, rows: int
) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """The photo at terminal resolution, ``cols`` wide and at most ``rows`` character cells tall
    (two RGB pixels a cell, one above the other), with each card outlined; and for each card the
    cell (column, row) where its number goes."""
    h, w = img.shape[:2]
    scale = min(cols / w, 2 * rows / h)
    size = (max(1, round(w * scale)), max(2, 2 * round(h * scale / 2)))
    out = img.copy()
    thick = max(2, round(1.2 / scale))  # about one pixel once shrunk
    for i, quad in enumerate(quads):
        cv2.polylines(out, [np.int32(np.round(quad))], True, BAD if i in marked else GOOD, thick)
    small = cv2.cvtColor(cv2.resize(out, size, interpolation=cv2.INTER_AREA), cv2.COLOR_BGR2RGB)
    # A number goes left of a card's middle: a covered card of a hand shows only its left strip.
    mids = [q[0] + 0.2 * (q[1] - q[0]) + 0.5 * (q[3] - q[0]) for q in map(np.float32, quads)]
    spots = [(int(x * scale), int(y * scale / 2)) for x, y in mids]
    return small, spots


def crop(img: np.ndarray, quad: np.ndarray, cols: int) -> np.ndarray:
    """One card, upright, ``cols`` pixels wide and two pixels a cell tall, RGB."""
    from vision.read import warp_card

    card = warp_card(img, np.float32(quad))
    rows = max(1, round(cols * card.shape[0] / card.shape[1] / 2))
    return cv2.cvtColor(cv2.resize(card, (cols, 2 * rows), interpolation=cv2.INTER_AREA), cv2.COLOR_BGR2RGB)
