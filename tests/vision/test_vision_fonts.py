"""The font split: what the nets learn from, what chooses between models, what the benchmarks measure."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import fonts
from vision.designs import SUIT_GLYPH
from vision.render import render_varied


def test_the_three_sides_share_no_family() -> None:
    training, validation, held_out = (
        set(fonts.TRAIN_FAMILIES),
        set(fonts.VALIDATION_FAMILIES),
        set(fonts.HELD_OUT_FAMILIES),
    )
    assert not training & validation and not training & held_out and not validation & held_out


def test_no_pip_family_is_both_learnt_and_measured() -> None:
    learnt = set(fonts.TRAIN_PIP_FAMILIES + fonts.TRAIN_FAMILIES)  # the nets learn every training face's pips
    validation = set(fonts.VALIDATION_PIP_FAMILIES + fonts.VALIDATION_FAMILIES)
    held_out = set(fonts.HELD_OUT_PIP_FAMILIES + fonts.FAR_PIP_FAMILIES)
    assert not learnt & validation and not validation & held_out
    assert learnt & held_out == {"DejaVu Serif"}  # its letters are learnt, its pips never (train_reader.pip_fonts)


def test_the_training_side_prints_in_the_families_it_is_given() -> None:
    installed, training = set(fonts.installed()), fonts.TRAIN_FAMILIES
    assert set(fonts.families(held_out=False)) == set(training) & installed
    try:
        fonts.print_training_side_in(("Tinos", "Liberation Sans"))  # families the test machine has
        assert set(fonts.families(held_out=False)) == {"Tinos", "Liberation Sans"}
    finally:
        fonts.print_training_side_in(training)


FACES = fonts.FONT_ROOTS[0]


@pytest.mark.parametrize(
    "face, prints",
    [
        ("truetype/dejavu/DejaVuSans.ttf", True),
        ("opentype/cantarell/Cantarell-Regular.otf", False),  # the missing-glyph box for each suit
        ("opentype/b612/B612-Regular.otf", False),  # spades and clubs, and the box for hearts and diamonds
        ("opentype/sora/Sora-Regular.otf", False),  # fills the private-use area the old test took for missing
        ("opentype/inter/Inter-Regular.otf", False),  # one bar-like sign for spades, diamonds and clubs
    ],
)
def test_suit_pips_are_learnt_only_from_faces_that_draw_all_four(face: str, prints: bool) -> None:
    if not (FACES / face).exists():
        pytest.skip(f"{face} is not installed (its Debian package: fonts-{face.split('/')[1]})")
    assert fonts.prints_all(str(FACES / face), SUIT_GLYPH.values()) is prints


def test_the_far_pips_photos_are_the_held_out_photos_with_only_their_pips_printed_otherwise() -> None:
    # bench/vision.py reads Word Thief's held-out photos again with their pips in a far face: the cards,
    # their places and the table must stay, or its rows would not be the same photos.
    face = str(FACES / "truetype/dejavu/DejaVuSans.ttf")  # a learnt face, no held-out design's pips
    plain = render_varied("word-thief", 1003, True, size=(1280, 720))
    far = render_varied("word-thief", 1003, True, size=(1280, 720), pip_font=face)
    assert far.truth == plain.truth and far.table == plain.table
    changed = np.abs(far.image.astype(int) - plain.image.astype(int)).max(2) > 40
    assert changed.any()  # the pips are printed otherwise
    cards = np.zeros(changed.shape, np.uint8)
    cv2.fillPoly(cards, [np.int32(np.round(card["corners"])) for card in plain.truth["cards"]], 1)
    assert not (changed & (cards == 0)).any()  # and nothing but the cards changed
