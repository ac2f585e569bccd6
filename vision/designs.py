"""Card face designs of the three decks, drawn at any size with a chosen font.

Every design follows the convention in DESIGN.md. Positions are fractions of the
card so the recognizer can look for the index where the design puts it
(`Layout`), and a taught deck can replace that layout with the one it measured.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from companion.decks import WILD
from vision.errors import VisionError
from vision.fonts import families

# Canonical upright card the recognizer warps every card to (poker ratio 5:7).
CARD_W, CARD_H = 250, 350
FONT_DIR = Path("/usr/share/fonts/truetype")

# The classifier learns from the first set; photos for the benchmark and tests are
# printed in the second, so accuracy is measured on fonts it has never seen.
TRAIN_FONTS = {
    "sans": [
        "dejavu/DejaVuSans-Bold.ttf",
        "dejavu/DejaVuSans.ttf",
        "dejavu/DejaVuSansCondensed-Bold.ttf",
        "dejavu/DejaVuSansMono-Bold.ttf",
    ],
    "serif": [
        "dejavu/DejaVuSerif-Bold.ttf",
        "dejavu/DejaVuSerif.ttf",
        "dejavu/DejaVuSerifCondensed-Bold.ttf",
        "dejavu/DejaVuSansMono.ttf",
    ],
}
TEST_FONTS = {
    "sans": [
        "liberation/LiberationSans-Bold.ttf",
        "liberation/LiberationSans-Regular.ttf",
        "liberation/LiberationSansNarrow-Bold.ttf",
    ],
    "serif": [
        "liberation/LiberationSerif-Bold.ttf",
        "liberation/LiberationSerif-Regular.ttf",
        "liberation/LiberationMono-Bold.ttf",
    ],
}
GAME_STYLE = {"word-thief": "sans", "quiddler": "serif", "words-and-points": "sans"}
SUIT_GLYPH = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}
SUIT_FONT = "dejavu/DejaVuSans.ttf"  # suit pips are the same shape in every deck we print
RED, BLACK = (200, 24, 32), (20, 20, 24)


Box = tuple[float, float, float, float]  # x0, y0, x1, y1 as fractions of the upright card


@dataclass(frozen=True)
class Layout:
    """Where a deck prints what the recognizer reads (fractions of the upright card)."""

    face: Box
    value: Box
    suit: Box | None = None
    # Words And Points has no corner index: its value sits at the stone's lower right,
    # which also tells 0 from 180 degrees.
    corner_index: bool = True
    centre: Box = (0.3, 0.3, 0.7, 0.7)


LAYOUTS: dict[str, Layout] = {
    "word-thief": Layout(
        face=(0.02, 0.015, 0.30, 0.175), value=(0.02, 0.175, 0.30, 0.285), suit=(0.02, 0.285, 0.27, 0.385)
    ),
    "quiddler": Layout(face=(0.02, 0.015, 0.33, 0.175), value=(0.02, 0.175, 0.33, 0.285)),
    "words-and-points": Layout(face=(0.25, 0.30, 0.70, 0.64), value=(0.70, 0.585, 0.87, 0.705), corner_index=False),
}


@cache
def font(path: str, size: int) -> ImageFont.FreeTypeFont:
    """A font of the designs (a path under FONT_DIR, or an absolute one)."""
    try:
        return ImageFont.truetype(str(FONT_DIR / path), size)
    except OSError as exc:
        raise VisionError(
            f"font {FONT_DIR / path} is missing; the card reader draws its templates with it: "
            "apt-get install fonts-dejavu-core fonts-liberation"
        ) from exc


RGB = tuple[int, int, int]
HOUSE_RATIO = CARD_H / CARD_W
HOUSE_PAPER: dict[str, RGB] = {
    "word-thief": (250, 250, 246),
    "quiddler": (242, 230, 198),
    "words-and-points": (247, 245, 238),
}
STONE, STONE_EDGE = (226, 200, 150), (170, 140, 95)


@dataclass(frozen=True)
class Design:
    """How one deck is printed. Lengths are shares of the card's width (as a printer measures
    from the card's corner); the defaults are the house look, `LAYOUTS` reads them."""

    font: str  # the letters' and values' font file
    pip_font: str = SUIT_FONT
    ratio: float = HOUSE_RATIO  # height over width
    radius: float = 0.05  # of the rounded corners
    paper: RGB | None = None  # None: the game's house paper
    ink: RGB = BLACK
    red: RGB = RED
    index_x: float = 0.06
    index_top: float = 0.03 * HOUSE_RATIO
    index_cap: float = 0.11 * HOUSE_RATIO  # height of the index letters
    value_top: float = 0.195 * HOUSE_RATIO
    value_cap: float = 0.062 * HOUSE_RATIO
    suit_top: float = 0.30 * HOUSE_RATIO
    suit_cap: float = 0.07 * HOUSE_RATIO
    index_right: float | None = None  # how far right the face may reach (None: the game's layout)
    art: str = "house"  # house, ornate (rings, petals, a coloured capital) or picture (coloured shapes)
    art_size: float = 1.0  # scale of the centre art
    art_font: str | None = None  # the centre letter's font (None: ``font``)
    frame: str = "none"  # none, line or rope, printed inside the card's edge
    frame_inset: float = 0.03
    tile: bool = False  # Words And Points: the card is the bare stone
    stone: RGB = STONE


def house_design(font_path: str) -> Design:
    return Design(font=font_path)


def _text_fit(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    text: str,
    font_path: str,
    cap: int,
    fill: tuple[int, int, int],
    anchor: str = "lt",
) -> None:
    """Draw ``text`` with its ink ``cap`` pixels tall, squeezed to fit the box width."""
    size = max(4, int(cap / 0.72))
    f = font(font_path, size)
    left, top, right, bottom = f.getbbox(text)
    scale = min(cap / max(1, bottom - top), (box[2] - box[0]) / max(1, right - left))
    f = font(font_path, max(4, int(size * scale)))
    left, top, right, bottom = f.getbbox(text)
    if anchor == "lt":
        x, y = box[0] - left, box[1] - top
    else:  # centred in the box
        x = (box[0] + box[2] - (right - left)) / 2 - left
        y = (box[1] + box[3] - (bottom - top)) / 2 - top
    draw.text((x, y), text, font=f, fill=fill)


def _star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: tuple[int, int, int]) -> None:
    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    draw.polygon(pts, fill=fill)


def _top_width(font_path: str, glyph: str) -> float:
    """How wide a glyph's ink is over its top fifth, as a share of its widest: a spade rises to a
    point, a club's top is a round lobe."""
    f = font(font_path, 96)
    mask = f.getmask(glyph)
    ink = np.asarray(mask, np.uint8).reshape(mask.size[::-1]) > 127
    rows = np.nonzero(ink.any(1))[0]
    if not len(rows):
        return 0.0
    widths = ink[rows[0] : rows[-1] + 1].sum(1)
    return float(widths[: max(1, len(widths) // 5)].mean() / max(1, widths.max()))


@cache
def suit_glyphs(pip_font: str) -> dict[str, str]:
    """The code point of each suit's pip in ``pip_font``. GNU FreeFont's bold serif faces draw a
    club at the spade's code point and a spade at the club's: a deck printed so shows the other
    suit, so the two are swapped back where a face's spade is rounder at the top than its club."""
    if _top_width(pip_font, SUIT_GLYPH["s"]) > _top_width(pip_font, SUIT_GLYPH["c"]):
        return dict(SUIT_GLYPH, s=SUIT_GLYPH["c"], c=SUIT_GLYPH["s"])
    return SUIT_GLYPH


def suit_ink(design: Design, suit: str | None) -> tuple[int, int, int]:
    """The colour a card of ``suit`` is printed in: red for hearts and diamonds."""
    return design.red if suit in ("h", "d") else design.ink


def pip_box(design: Design, w: int) -> tuple[int, int, int, int]:
    """Where the top-left index prints its pip on a card ``w`` pixels wide: left, top, right (the most it may
    reach) and the pip's height."""
    return int(design.index_x * w), int(design.suit_top * w), int(0.25 * w), int(design.suit_cap * w)


def _index(img: Image.Image, game: str, face: str, value: int, suit: str | None, design: Design) -> None:
    """Draw the corner index top-left, then again rotated 180 degrees at the bottom-right."""
    w, h = img.size
    layer = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    ink = suit_ink(design, suit) + (255,)
    x0 = int(design.index_x * w)
    right = int(w * (design.index_right if design.index_right is not None else LAYOUTS[game].face[2] - 0.03))
    if face == WILD:
        _star(d, x0 + 0.09 * w, (design.index_top + design.index_cap * 0.59) * w, design.index_cap * 0.68 * w, ink)
    else:
        _text_fit(d, (x0, int(design.index_top * w), right, 0), face, design.font, int(design.index_cap * w), ink)
        _text_fit(d, (x0, int(design.value_top * w), right, 0), str(value), design.font, int(design.value_cap * w), ink)
    if suit:
        left, top, reach, cap = pip_box(design, w)
        _text_fit(d, (left, top, reach, 0), suit_glyphs(design.pip_font)[suit], design.pip_font, cap, ink)
    img.alpha_composite(layer)
    img.alpha_composite(layer.rotate(180))


def _blank(w: int, h: int, colour: RGB, radius: float) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A card with rounded corners and a thin edge; outside the corners is transparent."""
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    edge = tuple(max(0, c - 60) for c in colour)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1),
        radius=int(radius * w),
        fill=colour + (255,),
        outline=edge + (255,),
        width=max(1, w // 160),
    )
    return img, d


def _frame(d: ImageDraw.ImageDraw, w: int, h: int, design: Design, colour: RGB) -> None:
    """A line or a rope (a chain of small beads) printed just inside the card's edge."""
    m = design.frame_inset * w
    if design.frame == "line":
        d.rounded_rectangle(
            (m, m, w - 1 - m, h - 1 - m), radius=int(design.radius * w * 0.7), outline=colour, width=max(1, w // 120)
        )
    elif design.frame == "rope":
        bead = max(1.5, 0.012 * w)
        corners = [(m, m), (w - 1 - m, m), (w - 1 - m, h - 1 - m), (m, h - 1 - m)]
        for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1]):
            steps = max(2, int(math.hypot(bx - ax, by - ay) / (2.2 * bead)))
            for k in range(steps):
                x, y = ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps
                d.ellipse((x - bead, y - bead * 0.7, x + bead, y + bead * 0.7), outline=colour, width=1)


def draw_card(
    game: str,
    face: str,
    suit: str | None = None,
    value: int | None = None,
    font_path: str | None = None,
    size: tuple[int, int] | None = None,
    tint: tuple[int, int, int] | None = None,
    rng_seed: int = 0,
    design: Design | None = None,
) -> Image.Image:
    """One card face, RGBA, upright; ``value`` defaults to the standard deck's. ``design`` says how
    the deck is printed (default: the house look in ``font_path``); ``size`` defaults to 250 pixels
    wide at the design's proportions."""
    from companion.decks import standard_deck

    value = standard_deck(game).values[face] if value is None else value
    design = design or house_design(font_path or TRAIN_FONTS[GAME_STYLE[game]][0])
    w, h = size or (CARD_W, round(CARD_W * design.ratio))
    paper = tint or design.paper or HOUSE_PAPER[game]
    if design.tile:
        img, d = _blank(w, h, design.stone, design.radius)
        _stone_print(d, w, h, face, value, design, (0.1, 0.08, 0.9, 0.8), 0.5, (0.74, 0.76, 0.93, 0.92))
        return img
    img, d = _blank(w, h, paper, design.radius)
    if design.frame != "none":
        _frame(d, w, h, design, design.red if game == "word-thief" and suit in ("h", "d") else design.ink)
    if game == "words-and-points":
        s0, s1 = (int(0.12 * w), int(0.28 * h)), (int(0.88 * w), int(0.72 * h))
        edge = STONE_EDGE if design.stone == STONE else tuple(max(0, c - 56) for c in design.stone)
        d.rounded_rectangle((*s0, *s1), radius=int(0.06 * w), fill=design.stone, outline=edge, width=max(1, w // 80))
        _stone_print(d, w, h, face, value, design, (0.27, 0.32, 0.69, 0.62), 0.2, (0.72, 0.60, 0.86, 0.69))
        return img
    colour = suit_ink(design, suit)
    if design.art == "house" and game == "word-thief":
        centre = (
            int((0.5 - 0.18 * design.art_size) * w),
            int(0.33 * h),
            int((0.5 + 0.18 * design.art_size) * w),
            int(0.67 * h),
        )
        if face == WILD:
            _star(d, w / 2, h / 2, 0.15 * h * design.art_size, (40, 90, 170))
        else:
            _text_fit(
                d, centre, face, design.art_font or design.font, int(0.2 * h * design.art_size), colour, anchor="mm"
            )
    else:
        _centre_art(d, w, h, face, design, rng_seed, colour if game == "word-thief" else None)
    _index(img, game, face, value, suit, design)
    return img


def _stone_print(
    d: ImageDraw.ImageDraw, w: int, h: int, face: str, value: int, design: Design, letter: Box, cap: float, number: Box
) -> None:
    """A Words And Points stone's letter large in ``letter`` (``cap`` of the height tall, times
    the design's art size) and its value small in ``number``."""
    if face == WILD:
        return  # the blank is an empty stone
    lx0, ly0, lx1, ly1 = letter
    _text_fit(
        d,
        (int(lx0 * w), int(ly0 * h), int(lx1 * w), int(ly1 * h)),
        face,
        design.font,
        int(cap * h * design.art_size),
        design.ink,
        anchor="mm",
    )
    nx0, ny0, nx1, ny1 = number
    _text_fit(
        d,
        (int(nx0 * w), int(ny0 * h), int(nx1 * w), int(ny1 * h)),
        str(value),
        design.font,
        int(min(0.06 * h, 0.9 * (ny1 - ny0) * h)),
        design.ink,
        anchor="mm",
    )


PALETTE = [
    (170, 40, 60),
    (40, 110, 150),
    (60, 130, 70),
    (150, 90, 30),
    (110, 60, 140),
    (200, 150, 30),
    (30, 140, 140),
    (190, 80, 130),
]


def _centre_art(
    d: ImageDraw.ImageDraw, w: int, h: int, face: str, design: Design, seed: int, letter_colour: RGB | None
) -> None:
    """The centre: an ornate multicoloured letter (rings, petals, a coloured capital) or a picture
    of coloured shapes behind the letter; never read as text."""
    rng = random.Random(seed)
    palette = PALETTE[:5] if design.art == "house" else PALETTE
    c1, c2, c3 = (palette[(seed + i) % len(palette)] for i in range(3))
    cx, cy, r = w / 2, h / 2, 0.2 * w * design.art_size
    if design.art == "picture":
        for _ in range(rng.randint(4, 9)):
            px, py = cx + rng.uniform(-r, r) * 0.8, cy + rng.uniform(-r, r) * 0.8
            rr = rng.uniform(0.15, 0.45) * r
            shape = d.ellipse if rng.random() < 0.6 else d.rectangle
            shape((px - rr, py - rr * rng.uniform(0.5, 1.2), px + rr, py + rr), fill=rng.choice(PALETTE))
    else:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=tuple(min(255, c + 150) for c in c2), outline=c1, width=3)
        petals = 8 if design.art == "house" else rng.choice((6, 8, 10, 12, 16))
        dot = 6 if design.art == "house" else max(3.0, 0.06 * r)
        for i in range(petals):
            a = i * 2 * math.pi / petals
            px, py = cx + 1.15 * r * math.cos(a), cy + 1.15 * r * math.sin(a)
            d.ellipse((px - dot, py - dot, px + dot, py + dot), fill=c3)
    if face != WILD:
        _text_fit(
            d,
            (int(cx - r * 0.8), int(cy - r * 0.7), int(cx + r * 0.8), int(cy + r * 0.7)),
            face,
            design.art_font or design.font,
            int(1.2 * r),
            letter_colour or c1,
            anchor="mm",
        )
    else:
        _star(d, cx, cy, 0.8 * r, c1)


PAPERS: dict[str, RGB] = {"white": (250, 250, 246), "cream": (242, 230, 198), "tan": (222, 200, 160)}
INKS: tuple[RGB, ...] = (BLACK, (10, 10, 10), (60, 40, 28), (28, 32, 80))
STONES: tuple[RGB, ...] = (STONE, (236, 220, 180), (210, 180, 130), (245, 240, 225))


def random_design(game: str, rng: random.Random, held_out: bool) -> Design:
    """A deck design as some printer might make it within DESIGN.md's card convention: a font
    family of one side of the split (its weights and slants), the index's size and place, centre
    art, frame, proportions, corners, paper and ink."""
    fams = families(held_out)
    family = rng.choice(sorted(fams))
    font_path = rng.choice(fams[family])
    pips = families(held_out, pips=True)
    pip_font = rng.choice(pips[rng.choice(sorted(pips))])
    art_fams = fams[rng.choice(sorted(fams))]
    tile = game == "words-and-points" and rng.random() < 0.5
    ratio = rng.uniform(1.0, 1.15) if tile else rng.uniform(1.3, 1.6)
    paper = tuple(min(255, max(0, c + rng.randint(-6, 6))) for c in rng.choice(list(PAPERS.values())))
    cap = rng.uniform(0.12, 0.20)
    top = rng.uniform(0.03, 0.08)
    value_top = top + cap + rng.uniform(0.03, 0.07)
    value_cap = cap * rng.uniform(0.45, 0.7)
    suit_top = value_top + value_cap + rng.uniform(0.03, 0.06)
    suit_cap = cap * rng.uniform(0.5, 0.75)
    index_x = rng.uniform(0.04, 0.10)
    index_right = min(index_x + rng.uniform(0.18, 0.26), 0.36)
    bottom = (suit_top + suit_cap) if game == "word-thief" else (value_top + value_cap)
    # Centre art as large as it may be without touching the index: beside it or below it.
    room = max(0.5 - index_right, ratio / 2 - bottom) - 0.03
    art_size = min(room, 0.45) / 0.2 * rng.uniform(0.55, 1.0)
    inset = rng.uniform(0.015, max(0.016, index_x - 0.02))
    return Design(
        font=font_path,
        pip_font=pip_font,
        ratio=ratio,
        radius=rng.uniform(0.0, 0.12),
        paper=paper,
        ink=rng.choice(INKS),
        red=rng.choice((RED, (170, 20, 30), (220, 40, 40))),
        index_x=index_x,
        index_top=top,
        index_cap=cap,
        value_top=value_top,
        value_cap=value_cap,
        suit_top=suit_top,
        suit_cap=suit_cap,
        index_right=index_right,
        art=rng.choice(("house", "ornate", "picture")),
        art_size=art_size if not tile else rng.uniform(0.8, 1.3),
        art_font=rng.choice(art_fams),
        frame=rng.choice(("none", "none", "line", "rope")),
        frame_inset=inset,
        tile=tile,
        stone=rng.choice(STONES),
    )


def deck_cards(game: str) -> list[tuple[str, str | None]]:
    """Every distinct (face, suit) the deck prints, in a stable order."""
    from companion.decks import standard_deck

    return sorted(standard_deck(game).counts, key=lambda k: (k[0] == WILD, len(k[0]), k[0], k[1] or ""))


def contact_sheet(game: str, columns: int = 9) -> Image.Image:
    """Every distinct card of ``game`` in the first training font, in rows, for assets/cards."""
    keys = deck_cards(game)
    w, h = CARD_W // 2, CARD_H // 2
    rows = (len(keys) + columns - 1) // columns
    sheet = Image.new("RGB", (columns * (w + 8) + 8, rows * (h + 8) + 8), (40, 70, 50))
    for i, (face, suit) in enumerate(keys):
        card = draw_card(game, face, suit, size=(w, h), rng_seed=i)
        sheet.paste(card, (8 + (i % columns) * (w + 8), 8 + (i // columns) * (h + 8)), card)
    return sheet
