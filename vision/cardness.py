"""Card stock against the table: the one colour measure every step of finding cards uses."""

from __future__ import annotations

import cv2
import numpy as np

CARD_RATIO = 7 / 5  # height over width of every deck we read (poker size)


def cardness(img: np.ndarray) -> np.ndarray:
    """High on white or cream card stock, low on wood, felt, slate and their glare."""
    b, g, r = cv2.split(img)
    lo = cv2.min(cv2.min(b, g), r)
    hi = cv2.max(cv2.max(b, g), r)
    return cv2.subtract(lo, cv2.subtract(hi, lo) // 2)  # saturating, so never below 0
