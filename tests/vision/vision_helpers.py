"""Matching a reading against a rendered photo's truth."""

from __future__ import annotations

import numpy as np


def match(truth: dict, reading: dict) -> dict[int, int]:
    """Truth card index -> read card index, pairing each card with the nearest read card whose
    centre is close (in a hand, neighbouring cards' centres are close too)."""
    cards = reading["cards"]
    out = {}
    for i, t in enumerate(truth["cards"]):
        tc = np.mean(t["corners"], 0)
        width = np.linalg.norm(np.subtract(t["corners"][1], t["corners"][0]))
        dist = [float(np.linalg.norm(np.mean(c["corners"], 0) - tc)) for c in cards]
        if dist and min(dist) < 0.3 * width:
            out[i] = int(np.argmin(dist))
    return out


def words_as_truth(truth: dict, reading: dict) -> bool:
    back = {j: i for i, j in match(truth, reading).items()}
    got = sorted(tuple(back.get(j, -1) for j in w) for w in reading["words"])
    return got == sorted(tuple(w) for w in truth["words"])
