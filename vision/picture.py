"""The photo with each found card boxed and numbered, for a player to check what was found."""

from __future__ import annotations

from collections.abc import Collection, Sequence

import cv2
import numpy as np

GOOD = (70, 190, 60)  # BGR: a card found as expected
BAD = (40, 40, 230)  # a card to look at
MAX_SIDE = 1600  # a picture for the eye: larger photos are shrunk


def boxed(img: np.ndarray, quads: Sequence[np.ndarray], labels: Sequence[str],
          marked: Collection[int] = ()) -> np.ndarray:
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
        cv2.putText(out, label, (x0, y0 + th), cv2.FONT_HERSHEY_SIMPLEX, font_scale, (255, 255, 255), thick,
                    cv2.LINE_AA)
    return out
