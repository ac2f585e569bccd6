"""Card face designs of the three decks, drawn at any size with a chosen font.

Every design follows the convention in DESIGN.md. Positions are fractions of the
card so the recognizer can look for the index where the design puts it
(`Layout`), and a taught deck can replace that layout with the one it measured.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from companion.decks import WILD
from vision.errors import VisionError

# Canonical upright card the recognizer warps every card to (poker ratio 5:7).
CARD_W, CARD_H = 250, 350
FONT_DIR = Path("/usr/share/fonts/truetype")

# The classifier learns from the first set; photos for the benchmark and tests are
# printed in the second, so accuracy is measured on fonts it has never seen.
TRAIN_FONTS = {
    "sans": ["dejavu/DejaVuSans-Bold.ttf", "dejavu/DejaVuSans.ttf", "dejavu/DejaVuSansCondensed-Bold.ttf",
             "dejavu/DejaVuSansMono-Bold.ttf"],
    "serif": ["dejavu/DejaVuSerif-Bold.ttf", "dejavu/DejaVuSerif.ttf", "dejavu/DejaVuSerifCondensed-Bold.ttf",
              "dejavu/DejaVuSansMono.ttf"],
}
TEST_FONTS = {
    "sans": ["liberation/LiberationSans-Bold.ttf", "liberation/LiberationSans-Regular.ttf",
             "liberation/LiberationSansNarrow-Bold.ttf"],
    "serif": ["liberation/LiberationSerif-Bold.ttf", "liberation/LiberationSerif-Regular.ttf",
              "liberation/LiberationMono-Bold.ttf"],
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
    "word-thief": Layout(face=(0.02, 0.015, 0.30, 0.175), value=(0.02, 0.175, 0.30, 0.285),
                         suit=(0.02, 0.285, 0.27, 0.385)),
    "quiddler": Layout(face=(0.02, 0.015, 0.33, 0.175), value=(0.02, 0.175, 0.33, 0.285)),
    "words-and-points": Layout(face=(0.25, 0.30, 0.70, 0.64), value=(0.70, 0.585, 0.87, 0.705),
                               corner_index=False),
}


@cache
def font(path: str, size: int) -> ImageFont.FreeTypeFont:
    """A font of the designs; the card templates are drawn with DejaVu, test photos with Liberation."""
    try:
        return ImageFont.truetype(str(FONT_DIR / path), size)
    except OSError as exc:
        raise VisionError(f"font {FONT_DIR / path} is missing; the card reader draws its templates with it: "
                          "apt-get install fonts-dejavu-core fonts-liberation") from exc


def _text_fit(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], text: str, font_path: str,
              cap: int, fill: tuple[int, int, int], anchor: str = "lt") -> None:
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


def _index(img: Image.Image, game: str, face: str, value: int, suit: str | None, font_path: str) -> None:
    """Draw the corner index top-left, then again rotated 180 degrees at the bottom-right."""
    w, h = img.size
    layer = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    ink = (RED if suit in ("h", "d") else BLACK) + (255,)
    lay = LAYOUTS[game]
    fx0, fy0, fx1, fy1 = lay.face
    x0 = int(0.06 * w)
    if face == WILD:
        _star(d, x0 + 0.09 * w, (0.03 + 0.065) * h, 0.075 * h, ink)
    else:
        _text_fit(d, (x0, int(0.03 * h), int((fx1 - 0.03) * w), 0), face, font_path, int(0.11 * h), ink)
        _text_fit(d, (x0, int(0.195 * h), int((fx1 - 0.03) * w), 0), str(value), font_path, int(0.062 * h), ink)
    if suit:
        _text_fit(d, (x0, int(0.30 * h), int(0.25 * w), 0), SUIT_GLYPH[suit], SUIT_FONT, int(0.07 * h), ink)
    img.alpha_composite(layer)
    img.alpha_composite(layer.rotate(180))


def _blank(w: int, h: int, colour: tuple[int, int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A card with rounded corners and a thin edge; outside the corners is transparent."""
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    edge = tuple(max(0, c - 60) for c in colour)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=int(0.05 * w), fill=colour + (255,), outline=edge + (255,),
                        width=max(1, w // 160))
    return img, d


def draw_card(game: str, face: str, suit: str | None = None, value: int | None = None,
              font_path: str | None = None, size: tuple[int, int] = (CARD_W, CARD_H),
              tint: tuple[int, int, int] | None = None, rng_seed: int = 0) -> Image.Image:
    """One card face, RGBA, upright; ``value`` defaults to the standard deck's."""
    from companion.decks import standard_deck

    value = standard_deck(game).values[face] if value is None else value
    font_path = font_path or TRAIN_FONTS[GAME_STYLE[game]][0]
    w, h = size
    if game == "word-thief":
        img, d = _blank(w, h, tint or (250, 250, 246))
        ink = RED if suit in ("h", "d") else BLACK
        centre = (int(0.32 * w), int(0.33 * h), int(0.68 * w), int(0.67 * h))
        if face == WILD:
            _star(d, w / 2, h / 2, 0.15 * h, (40, 90, 170))
        else:
            _text_fit(d, centre, face, font_path, int(0.2 * h), ink, anchor="mm")
        _index(img, game, face, value, suit, font_path)
    elif game == "quiddler":
        img, d = _blank(w, h, tint or (242, 230, 198))
        _quiddler_art(d, w, h, face, font_path, rng_seed)
        _index(img, game, face, value, None, font_path)
    else:
        img, d = _blank(w, h, tint or (247, 245, 238))
        s0, s1 = (int(0.12 * w), int(0.28 * h)), (int(0.88 * w), int(0.72 * h))
        d.rounded_rectangle((*s0, *s1), radius=int(0.06 * w), fill=(226, 200, 150), outline=(170, 140, 95),
                            width=max(1, w // 80))
        if face != WILD:
            _text_fit(d, (int(0.27 * w), int(0.32 * h), int(0.69 * w), int(0.62 * h)), face, font_path,
                      int(0.2 * h), BLACK, anchor="mm")
            _text_fit(d, (int(0.72 * w), int(0.60 * h), int(0.86 * w), int(0.69 * h)), str(value), font_path,
                      int(0.06 * h), BLACK, anchor="mm")
    return img


def _quiddler_art(d: ImageDraw.ImageDraw, w: int, h: int, face: str, font_path: str, seed: int) -> None:
    """The ornate multicoloured centre letter: rings, petals and a coloured capital."""
    palette = [(170, 40, 60), (40, 110, 150), (60, 130, 70), (150, 90, 30), (110, 60, 140)]
    c1, c2, c3 = (palette[(seed + i) % len(palette)] for i in range(3))
    cx, cy, r = w / 2, h / 2, 0.2 * w
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=tuple(min(255, c + 150) for c in c2), outline=c1, width=3)
    for i in range(8):
        a = i * math.pi / 4
        px, py = cx + 1.15 * r * math.cos(a), cy + 1.15 * r * math.sin(a)
        d.ellipse((px - 6, py - 6, px + 6, py + 6), fill=c3)
    _text_fit(d, (int(cx - r * 0.8), int(cy - r * 0.7), int(cx + r * 0.8), int(cy + r * 0.7)), face, font_path,
              int(1.2 * r), c1, anchor="mm")


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
