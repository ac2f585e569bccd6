"""The corner net: where each card's index corner shows in a photo, and its card's sides from there.

A hand shows of each covered card only its index corner, and the seams between cards of one stock are
faint: the finder's net (vision/find_net.py) gives such cards no core, and the cues find a hand by its
outline, which a cloth as pale as the cards or a check joined onto it spoils. This net (the finder's
architecture, trained by scripts/train_corners.py on index decks' photos vision.render draws) gives, at
half the size of the photo shrunk to find_net.NET_WIDTH, a *heat* map peaking on every index corner that
shows (a card's own top-left corner, and its bottom-right one, which the deck prints turned round), and
at each peak the corner's place within its pixel, the direction of the card's top edge from it and the
card's width and height. Each peak is thus a card's four corners (a rectangle: the camera's slant, which
skews a card a little, is left out), read by its index.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import cv2
import numpy as np

from vision.find_net import NET_WIDTH, OUT, net_image, net_input
from vision.net import MODELS, Net

SIDE_UNIT = 16.0  # a card's width and height are given as the log of their output pixels over this
PEAK = 0.3  # the least heat of a peak taken for an index corner
# The closer look (`closer_corners`) sees the photo this much larger than the finder's net does: on cloths no net
# learnt, it shows the net index corners it gave too little heat (validation fonts' hands on
# render.VALIDATION_TABLES, 60 fans: Quiddler 452 -> 464 of 490 corners found, Word Thief 448 -> 464).
CLOSER_ZOOM = 1.2


class Corner(NamedTuple):
    quad: np.ndarray  # (4, 2) float32 photo pixels, clockwise from the corner's own card's top-left
    heat: float


class Corners(NamedTuple):
    """The index corners found in a photo (`Corner`s, strongest first) and the heat map they peak in."""

    found: list[Corner]
    heat: np.ndarray  # (H, W) 0-1 at the net's output pixels
    scale: float  # of the photo as shrunk for the net (see to_out)

    def heat_at(self, point: np.ndarray) -> float:
        """The most heat within an output pixel of a photo ``point``'s: how much an index corner shows there."""
        x, y = np.round(to_out(np.asarray(point, np.float32)[None], self.scale)[0]).astype(int)
        h, w = self.heat.shape
        if not (0 <= x < w and 0 <= y < h):
            return 0.0
        return float(self.heat[max(y - 1, 0) : y + 2, max(x - 1, 0) : x + 2].max())


NO_CORNERS = Corners([], np.zeros((1, 1), np.float32), 1.0)


def to_out(points: np.ndarray, scale: float) -> np.ndarray:
    """Photo pixels -> the net's output pixels (pixel centres on both sides), for a photo shrunk by ``scale``."""
    return ((np.asarray(points, np.float32) + 0.5) * scale - 0.5 - (OUT - 1) / 2) / OUT


def from_out(points: np.ndarray, scale: float) -> np.ndarray:
    """The net's output pixels -> photo pixels (see to_out)."""
    return ((np.asarray(points, np.float32) * OUT + (OUT - 1) / 2 + 0.5) / scale - 0.5).astype(np.float32)


@cache
def _net() -> Net:
    return Net(MODELS / "corners.onnx", {}, trainer="scripts/train_corners.py")


def decode(maps: np.ndarray, scale: float) -> Corners:
    """The index corners of the net's output ``maps`` (7, H, W: heat logit, offset x y, the top edge's
    direction x y, log of the card's width and height over SIDE_UNIT), strongest first, in photo pixels."""
    heat = 1 / (1 + np.exp(-maps[0]))
    peaks = (heat >= PEAK) & (heat >= cv2.dilate(heat, np.ones((3, 3), np.uint8)))
    out = []
    for y, x in zip(*np.nonzero(peaks)):
        ox, oy, ux, uy, lw, lh = maps[1:, y, x]
        p = np.float32([x + ox, y + oy])
        u = np.float32([ux, uy]) / max(float(np.hypot(ux, uy)), 1e-6)
        across, down = u * SIDE_UNIT * np.exp(lw), np.float32([-u[1], u[0]]) * SIDE_UNIT * np.exp(lh)
        quad = from_out(np.stack([p, p + across, p + across + down, p + down]), scale)
        out.append(Corner(quad, float(heat[y, x])))
    return Corners(sorted(out, key=lambda c: -c.heat), heat, scale)


def index_corners(small: np.ndarray, scale: float) -> Corners:
    """Every index corner showing in a BGR photo, as the card it stands for (see Corner), given the photo
    as `find_net.net_image` shrinks it (``small``, ``scale``)."""
    maps = _net().forward(net_input(small))[0]
    h, w = small.shape[:2]
    return decode(maps[:, : (h + OUT - 1) // OUT, : (w + OUT - 1) // OUT], scale)


def closer_corners(img: np.ndarray) -> Corners:
    """The index corners in a BGR photo looked at CLOSER_ZOOM times larger than `index_corners` looks, those whose own
    corner and middle lie on the photo (nearer its rim the larger view shows the net a table's print as corners). The
    net gives a card's size about as it learnt cards, whatever the zoom: these cards' sides come out about 0.86 of
    the truth (validation fonts' hands, the median), and a hand's top card shapes them where it shows; taken
    CLOSER_ZOOM times longer, they cut more cards in two (validation Quiddler fan 300081: two)."""
    found = index_corners(*net_image(img, round(NET_WIDTH * CLOSER_ZOOM)))
    rows, cols = img.shape[:2]
    on = [c for c in found.found if all(0 <= x < cols and 0 <= y < rows for x, y in (c.quad[0], c.quad.mean(0)))]
    return found._replace(found=on)


def upright_corners(
    img: np.ndarray, scale: float, at: np.ndarray, u: np.ndarray, box: tuple[float, ...]
) -> list[Corner]:
    """The index corners in a view of the photo ``img`` turned so that direction ``u`` (a card's top edge) runs
    across: the net gives a fan's outermost cards, the most turned, too little heat more often than others (validation
    fonts' fans, seeds from 300200: 5-8% of first cards under PEAK, 1% of middle ones), and more upright. ``box``
    (left, top, right, bottom) is the view's extent in photo pixels along ``u`` and down from the photo point ``at``;
    the view is shrunk by ``scale`` as `find_net.net_image` shrinks the photo (from the photo itself: turning the
    shrunk photo blurs an index past the net's reading). Corners are in photo pixels, strongest first."""
    u = np.float32(u) / max(float(np.linalg.norm(u)), 1e-6)
    axes = np.float32([u, [-u[1], u[0]]]).T  # columns: across, down
    left, top, right, bottom = box
    # The view's pixel (x, y) is the photo's at + (x + left) * across + (y + top) * down.
    view_to_photo = np.hstack([axes, (np.asarray(at, np.float32) + axes @ np.float32([left, top]))[:, None]])
    size = (max(int(right - left), 1), max(int(bottom - top), 1))
    view = cv2.warpAffine(
        img, view_to_photo, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE
    )
    shrunk = (max(round(size[0] * scale), 1), max(round(size[1] * scale), 1))
    maps = _net().forward(net_input(cv2.resize(view, shrunk, interpolation=cv2.INTER_AREA)))[0]
    found = decode(maps[:, : (shrunk[1] + OUT - 1) // OUT, : (shrunk[0] + OUT - 1) // OUT], scale).found
    return [Corner((c.quad @ view_to_photo[:, :2].T + view_to_photo[:, 2]).astype(np.float32), c.heat) for c in found]
