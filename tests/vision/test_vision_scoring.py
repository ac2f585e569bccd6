"""How the benches and the reader's calibration pair the cards found with the renderer's truth."""

from __future__ import annotations

import numpy as np

from vision.render import matched


def _card(x: float) -> list[list[float]]:
    return [[x, 0.0], [x + 100.0, 0.0], [x + 100.0, 140.0], [x, 140.0]]


def test_a_card_not_found_in_a_spread_hand_leaves_its_neighbours_their_own_reads() -> None:
    # Five cards 100 wide, spread 25 apart: neighbours' centres are nearer than 0.3 of a card. The
    # middle card is not found; its neighbours' quads must not shift onto it, one card off (every
    # right read would be scored wrong, and a sure one as wrong and unflagged).
    truth = {"cards": [{"corners": _card(25.0 * k)} for k in range(5)]}
    found = [np.float32(_card(25.0 * k)) + 1.0 for k in (0, 1, 3, 4)]
    assert matched(truth, found) == {0: 0, 1: 1, 3: 2, 4: 3}


def test_a_hand_card_found_too_wide_is_paired_by_its_index_corner() -> None:
    # A spread hand's cards found 1.4 times too wide (its top card was two cards taken as one, and
    # gave every card its width): each found card's centre lies nearer the next card's than its
    # own, but its index corner, where it was found and read, lies on its own card. Paired by
    # centre, every right read was scored as its neighbour's, wrong and unflagged.
    truth = {"cards": [{"corners": _card(25.0 * k)} for k in range(5)]}
    found = [np.float32(_card(25.0 * k)) * [1.4, 1.0] - [10.0 * k, 0.0] for k in range(5)]
    assert matched(truth, found) == {k: k for k in range(5)}
