"""A hand's covered card whose strip is far narrower than the hand's: a card and a piece of it, flagged."""

from __future__ import annotations

import numpy as np

from vision.read import _short_strips


def _hand(corners: list[float]) -> tuple[list[np.ndarray], list[float]]:
    """Cards 100 pixels wide laid from these left edges, each covering the one before from its own edge on."""
    quads = [np.float32([[x, 0], [x + 100, 0], [x + 100, 140], [x, 140]]) for x in corners]
    shown = [(b - a) / 100 for a, b in zip(corners, corners[1:])] + [1.0]
    return quads, shown


def test_a_strip_far_narrower_than_the_hands_flags_it_and_the_card_after_it() -> None:
    # A TH whose H was found as a card of its own: TH's strip 0.15 of a card where the hand's are 0.4.
    assert _short_strips(*_hand([0, 40, 80, 95, 135, 175])) == {2, 3}
    assert _short_strips(*_hand([0, 40, 80, 120, 160])) == set()
    assert _short_strips(*_hand([0, 15, 55])) == set()  # two covered cards tell no hand's strip
