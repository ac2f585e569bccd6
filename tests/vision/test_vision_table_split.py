"""The table split: surfaces the nets learn on, surfaces to tune on, surfaces the benchmarks measure."""

from __future__ import annotations

import itertools

import numpy as np

from vision.render import ALL_TABLES, HELD_OUT_TABLES, TRAIN_TABLES, VALIDATION_TABLES, _table, render_varied


def test_the_three_sides_share_no_surface() -> None:
    learnt = set(ALL_TABLES + TRAIN_TABLES)  # scripts/train_finder.py, train_corners.py and train_reader.py draw these
    validation, held_out = set(VALIDATION_TABLES), set(HELD_OUT_TABLES)
    assert len(validation) == len(VALIDATION_TABLES)
    assert not learnt & validation and not learnt & held_out and not validation & held_out


def test_each_validation_surface_is_drawn_as_its_own() -> None:
    size = (320, 180)
    drawn = {kind: _table(kind, np.random.default_rng(1), size) for kind in VALIDATION_TABLES}
    for kind, img in drawn.items():
        assert img.shape == (180, 320, 3) and np.isfinite(img).all(), kind
        assert 15 < float(img.mean()) < 240, kind  # a table, not a blank
    for (a, x), (b, y) in itertools.combinations(drawn.items(), 2):
        assert float(np.abs(x.mean((0, 1)) - y.mean((0, 1))).max()) > 4 or float(np.abs(x - y).mean()) > 10, (a, b)


def test_a_photo_asked_for_on_validation_surfaces_lies_on_one() -> None:
    photo = render_varied("quiddler", 300_000, False, hand=True, tables=VALIDATION_TABLES)
    assert photo.table in VALIDATION_TABLES
    assert photo.truth["cards"]
