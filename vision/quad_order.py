"""The order of a card's four corners: clockwise as the photo shows them, from a short side's corner."""

from __future__ import annotations

import numpy as np


def clockwise(quad: np.ndarray) -> np.ndarray:
    """Corners in clockwise order as seen in the photo (y grows downwards)."""
    x, y = quad[:, 0], quad[:, 1]
    area2 = float((x * np.roll(y, -1) - np.roll(x, -1) * y).sum())
    return quad if area2 > 0 else quad[::-1].copy()


def sides(quad: np.ndarray) -> list[float]:
    """Lengths of the four sides, the first from the first corner to the second."""
    return [float(np.linalg.norm(quad[(i + 1) % 4] - quad[i])) for i in range(4)]


def side_pairs(quad: np.ndarray) -> tuple[float, float]:
    """Lengths of the first and third sides together, and of the second and fourth."""
    a, b, c, d = sides(quad)
    return a + c, b + d


def proportions(quad: np.ndarray) -> float:
    """Short sides over long sides of a quadrilateral (a card: 5/7, less some slant; a Words And Points stone: 0.87-1)."""
    a, b = side_pairs(quad)
    return min(a, b) / max(a, b, 1e-6)


def short_side_first(quad: np.ndarray) -> np.ndarray:
    """The corners from one whose next side is a short one (a card's top or bottom)."""
    a, b = side_pairs(quad)
    return np.roll(quad, -1, axis=0) if a > b else quad
