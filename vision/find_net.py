"""The finder's net: which pixels of a photo are card, and which are a card's core.

A small fully convolutional net (trained by scripts/train_finder.py on photos vision.render draws)
looks at the photo shrunk to NET_WIDTH and gives, at half that size, two maps: *card* (any pixel of
a card) and *core* (a whole card's interior, each side shrunk by CORE of its short side), so cards
that touch have cores apart. It learnt cards from their shape, outline and print, not from a colour
rule: it finds cards on cloths and stone where card stock against the table is no cue, though its
corners are rougher on fine stripes and checks. Run in-process by onnxruntime, as the reader's nets
are (vision/net.py).
"""

from __future__ import annotations

from functools import cache

import cv2
import numpy as np

from vision.net import MODELS, Net

NET_WIDTH = 480  # the photo is shrunk to this width: a 720p card's seam still shows
STEP = 16  # the net halves its maps four times: its input's sides are multiples of this
OUT = 2  # its maps are at half the input's size
CORE = 0.18  # of a card's short side, how far its core keeps off its edges


def net_image(img: np.ndarray, width: int = NET_WIDTH) -> tuple[np.ndarray, float]:
    """The photo shrunk to ``width``, and the scale (work pixels per photo pixel)."""
    scale = width / img.shape[1]
    return cv2.resize(img, (width, round(img.shape[0] * scale)), interpolation=cv2.INTER_AREA), scale


def net_input(small: np.ndarray) -> np.ndarray:
    """(H, W, 3) uint8 BGR -> (1, 3, H', W') float32, padded at the bottom and right to multiples of STEP
    by repeating the edge (as a table goes on)."""
    h, w = small.shape[:2]
    padded = cv2.copyMakeBorder(small, 0, -h % STEP, 0, -w % STEP, cv2.BORDER_REPLICATE)
    return np.ascontiguousarray((padded.astype(np.float32) / 255 - 0.5).transpose(2, 0, 1)[None])


@cache
def _net() -> Net:
    return Net(MODELS / "finder.onnx", {}, trainer="scripts/train_finder.py")


def card_maps(small: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Probabilities (0-1, float32, at ``small``'s size) that each pixel is card, and a card's core."""
    out = _net().forward(net_input(small))[0]  # (2, H'/OUT, W'/OUT) logits
    h, w = small.shape[:2]
    maps = []
    for logit in out:
        up = cv2.resize(logit, (logit.shape[1] * OUT, logit.shape[0] * OUT), interpolation=cv2.INTER_LINEAR)
        maps.append(1 / (1 + np.exp(-up[:h, :w])))
    return maps[0], maps[1]
