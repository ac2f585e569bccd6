"""Cards as the regions their outlines enclose: a cue that needs no contrast of colour between
card and table, only an edge between them (a card's thin printed edge and its shadow part it
from a cloth as pale as itself)."""

from __future__ import annotations

import cv2
import numpy as np

PRINTED = 0.02  # of a card's region is print (holes in it) at least: a blank check of a cloth has none
FILLED = 0.85  # a card's region (its art's holes filled) fills its quadrilateral; a leak into the table does not


def smooth_lab(small: np.ndarray) -> np.ndarray:
    """The (work-scale) photo blurred a little, in Lab: what `colour_edges` and the stock's colour
    (detect.paper_coloured) are found in."""
    return cv2.cvtColor(cv2.GaussianBlur(small, (3, 3), 0), cv2.COLOR_BGR2Lab)


def colour_edges(lab: np.ndarray) -> np.ndarray:
    """Edges in lightness or in either colour axis (``lab``: `smooth_lab`): a tan card on a beige cloth
    differs from it more in colour than in lightness, a white card on a white cloth only by its printed edge."""
    light, a, b = cv2.split(lab)
    return cv2.Canny(light, 8, 30) | cv2.Canny(a, 8, 24) | cv2.Canny(b, 8, 24)


def enclosed(edges: np.ndarray, min_area: float, max_area: float, where: np.ndarray | None = None) -> list[np.ndarray]:
    """Outer contours of the regions that ``edges`` enclose with print inside (a card's index and
    art: holes in the region; a cloth's check has none), between ``min_area`` and ``max_area``
    pixels with their holes filled, and reaching into the mask ``where`` when given. Four-connected,
    so a diagonal step through an edge line is no way out."""
    free = (cv2.dilate(edges, np.ones((2, 2), np.uint8)) == 0).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(free, connectivity=4)
    wanted = np.bincount(labels[where > 0], minlength=count) > 0 if where is not None else np.ones(count, bool)
    out = []
    for i in range(1, count):
        x, y, w, h, area = stats[i]
        if not wanted[i] or w * h < min_area or area > max_area or area < 0.3 * min_area:
            continue
        region = (labels[y : y + h, x : x + w] == i).astype(np.uint8)
        contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE, offset=(int(x), int(y)))
        contour = max(contours, key=cv2.contourArea)
        filled = cv2.contourArea(contour)
        if min_area <= filled <= max_area and area < (1 - PRINTED) * filled:
            out.append(contour)
    return out
