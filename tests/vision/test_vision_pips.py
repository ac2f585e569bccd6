"""Where a Word Thief card's pip is found in its index region (vision.pips._pip), on the glyphs of regions seen in
validation photos: (top, bottom, left, right, label) in a region 100 pixels wide and 172 high."""

from __future__ import annotations

from vision.pips import _pip

WIDTH = 100


def test_a_speck_above_the_letters_does_not_hide_the_pip() -> None:
    # A fleck of the frame's corner is the region's topmost glyph; the pip lies under the value, not under the fleck.
    speck, letter, frame = (7, 15, 4, 10, 1), (10, 54, 15, 44, 2), (21, 49, 2, 5, 3)
    value, pip = (66, 87, 12, 26, 4), (101, 129, 11, 41, 5)
    assert _pip([speck, letter, frame, value, pip], WIDTH) == pip


def test_letters_touching_the_regions_edge_still_show_the_pips_column() -> None:
    # A quad fitted tight: the letter touches the region's top and left edges, the value "1" is narrow and off the
    # pip's left edge, the pip centred under it.
    letter, value, pip = (0, 40, 0, 30, 1), (50, 66, 12, 18, 2), (76, 92, 4, 22, 3)
    assert _pip([letter, value, pip], WIDTH) == pip


def test_centre_art_beside_the_index_and_a_frames_corner_are_no_pip() -> None:
    letter, value, pip = (10, 50, 6, 36, 1), (58, 74, 10, 20, 2), (82, 98, 8, 24, 3)
    arc, dot = (100, 150, 55, 95, 4), (152, 160, 70, 78, 5)  # centre art: a dot under its arc, right of the column
    assert _pip([letter, value, pip, arc, dot], WIDTH) == pip
    corner = (0, 12, 2, 14, 6)  # pip-shaped, but at the region's top: the card's edge or its frame
    assert _pip([corner, letter], WIDTH) is None
    assert _pip([letter], WIDTH) is None  # a letter alone has no glyph over it
