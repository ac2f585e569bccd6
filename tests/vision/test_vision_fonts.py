"""The font split: what the nets learn from, what chooses between models, what the benchmarks measure."""

from __future__ import annotations

import pytest

from vision import fonts
from vision.designs import SUIT_GLYPH


def test_the_three_sides_share_no_family() -> None:
    learnt, validation, held_out = (
        set(fonts.LEARNT_FAMILIES),
        set(fonts.VALIDATION_FAMILIES),
        set(fonts.HELD_OUT_FAMILIES),
    )
    assert set(fonts.TRAIN_FAMILIES) <= learnt
    assert not learnt & validation and not learnt & held_out and not validation & held_out


def test_the_training_side_prints_in_the_families_it_is_given() -> None:
    installed, training = set(fonts.installed()), fonts.TRAIN_FAMILIES
    assert set(fonts.families(held_out=False)) == set(training) & installed
    try:
        fonts.print_training_side_in(("Tinos", "Liberation Sans"))  # families the test machine has
        assert set(fonts.families(held_out=False)) == {"Tinos", "Liberation Sans"}
    finally:
        fonts.print_training_side_in(training)


@pytest.mark.parametrize(
    "family, prints",
    [
        ("DejaVu Sans", True),
        ("Cantarell", False),  # the missing-glyph box for each suit
        ("B612", False),  # spades and clubs, and the box for hearts and diamonds
        ("Sora", False),  # a face filling the private-use area: the old test's "missing" glyph was a real one
    ],
)
def test_suit_pips_are_learnt_only_from_faces_that_draw_all_four(family: str, prints: bool) -> None:
    if family not in fonts.installed():
        pytest.skip(f"{family} is one of the families only training needs (vision.fonts.LEARNING_PACKAGES)")
    assert fonts.prints_all(fonts.installed()[family][0], SUIT_GLYPH.values()) is prints
