"""Font families that card decks are printed in, split into a set the reader learns from and a
disjoint set it is measured on.

Families are found by their names (FreeType's own), wherever the system keeps them. Clones of one
face (metric twins, digitisations of one typeface: Liberation Sans and Arimo, Nimbus Sans and
FreeSans) sit on the same side, so that the measured set is print the reader has never seen.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from vision.errors import VisionError

FONT_ROOTS = (Path("/usr/share/fonts"),)
TRAIN_FAMILIES = (
    "DejaVu Sans",
    "DejaVu Serif",
    "DejaVu Sans Mono",
    "P052",
    "URW Bookman",
    "Roboto",
    "Roboto Condensed",
    "Open Sans",
    "Noto Sans",
    "Noto Sans Display",
    "Lato",
    "Linux Libertine O",
    "Linux Biolinum O",
    "Go",
    "Go Medium",
    "Go Mono",
    "Cantarell",
    "Comic Neue",
    "EB Garamond",
)
# Neither learnt from nor measured on: photos printed in these choose between two trained models
# (scripts/scan_training.py --validation), so that the measured set never picks one.
VALIDATION_FAMILIES = (
    "Karla",
    "Clear Sans",
    "Dosis",
    "Vollkorn",
    "Cardo",
    "Fanwood Text",
    "JetBrains Mono",
)
HELD_OUT_FAMILIES = (
    "Liberation Sans",
    "Liberation Sans Narrow",
    "Liberation Serif",
    "Liberation Mono",
    "Arimo",
    "Tinos",
    "Cousine",
    "Nimbus Sans",
    "Nimbus Sans Narrow",
    "FreeSans",
    "Nimbus Roman",
    "FreeSerif",
    "Nimbus Mono PS",
    "FreeMono",
    "C059",
    "URW Gothic",
    "Carlito",
    "Caladea",
    "Noto Serif",
    "Noto Serif Display",
    "Quicksand",
    "GFS Didot",
    "Inconsolata",
)
# Suit pips are printed from symbol fonts too; their shapes differ between printers.
TRAIN_PIP_FAMILIES = ("DejaVu Sans",)
HELD_OUT_PIP_FAMILIES = ("FreeSerif", "Noto Sans Symbols2", "DejaVu Serif")
# Held out too, and measured in a bench row of their own (bench/vision.py): pips far from every shape learnt,
# a club drawn narrow and tall that the nets read as a spade, sure.
FAR_PIP_FAMILIES = ("IPAGothic",)
# Pips no net learns nor any benchmark measures: validation photos print theirs in these.
VALIDATION_PIP_FAMILIES = ("OpenSymbol", "Asana Math", "Symbola")
TOO_THIN = ("thin", "hairline", "extralight")  # no printer sets a card index in a hairline
PACKAGES = (
    "fonts-dejavu fonts-liberation fonts-freefont-ttf fonts-urw-base35 fonts-noto-core "
    "fonts-crosextra-carlito fonts-crosextra-caladea fonts-lato fonts-open-sans fonts-roboto-unhinted "
    "fonts-linuxlibertine fonts-ebgaramond fonts-cantarell fonts-comic-neue fonts-go fonts-inconsolata "
    "fonts-quicksand fonts-croscore fonts-gfs-didot"
)
# Only choosing between two trained models needs these.
VALIDATION_PACKAGES = (
    "fonts-karla fonts-clear-sans fonts-dosis fonts-vollkorn fonts-cardo fonts-fanwood fonts-jetbrains-mono "
    "fonts-opensymbol fonts-oflb-asana-math fonts-symbola"
)


@cache
def installed() -> dict[str, tuple[str, ...]]:
    """Family name -> paths of its usable faces (every weight and slant but hairlines), sorted."""
    wanted = set(
        TRAIN_FAMILIES
        + VALIDATION_FAMILIES
        + HELD_OUT_FAMILIES
        + TRAIN_PIP_FAMILIES
        + VALIDATION_PIP_FAMILIES
        + HELD_OUT_PIP_FAMILIES
        + FAR_PIP_FAMILIES
    )
    out: dict[str, list[str]] = {}
    for root in FONT_ROOTS:
        for path in sorted(root.rglob("*")):
            if path.suffix.lower() not in (".ttf", ".otf"):
                continue
            try:
                family, style = ImageFont.truetype(str(path), 12).getname()
            except OSError:
                continue
            if family in wanted and not any(t in (style or "").lower().replace(" ", "") for t in TOO_THIN):
                out.setdefault(family, []).append(str(path))
    return {k: tuple(v) for k, v in out.items()}


def families(held_out: bool, pips: bool = False) -> dict[str, tuple[str, ...]]:
    """The installed families of one side of the split (or of its suit-pip fonts)."""
    names = (
        (HELD_OUT_PIP_FAMILIES if held_out else TRAIN_PIP_FAMILIES)
        if pips
        else (HELD_OUT_FAMILIES if held_out else TRAIN_FAMILIES)
    )
    found = {name: installed()[name] for name in names if name in installed()}
    if not found:
        raise VisionError(
            f"no {'held-out' if held_out else 'training'} card fonts installed; "
            f"apt-get install {PACKAGES} (scripts/system-deps.sh)"
        )
    return found


def prints_all(path: str, glyphs: Iterable[str]) -> bool:
    """Whether the face at ``path`` draws each of ``glyphs`` (the suits) as a shape of its own. A face
    lacking them draws its missing-glyph box in their place, or one sign for several (some faces map
    whole symbol ranges to a placeholder): neither may be learnt as a suit."""
    face = ImageFont.truetype(path, 40)

    def drawn(text: str) -> bytes:
        image = Image.new("L", (80, 80))
        ImageDraw.Draw(image).text((10, 10), text, font=face, fill=255)
        return image.tobytes()

    wanted = list(glyphs)
    shapes = {drawn(g) for g in wanted}
    return len(shapes) == len(wanted) and drawn("") not in shapes and drawn("\U0010fffd") not in shapes


def print_training_side_in(names: tuple[str, ...], pips: tuple[str, ...] | None = None) -> None:
    """Have the training side's designs printed in ``names`` from now on, their pips in ``pips`` where given
    (the validation families while two trained models are compared)."""
    global TRAIN_FAMILIES, TRAIN_PIP_FAMILIES
    TRAIN_FAMILIES = names
    if pips is not None:
        TRAIN_PIP_FAMILIES = pips
