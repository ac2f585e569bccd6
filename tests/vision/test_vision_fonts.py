"""The font split: what the nets learn from, what chooses between models, what the benchmarks measure."""

from __future__ import annotations

from vision import fonts


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
