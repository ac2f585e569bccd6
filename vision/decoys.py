"""Synthetic photos with no letter cards on them, for the reader to answer "no letter cards".

What lies on a family's table besides the game: ordinary playing cards (a corner index of rank
and suit, pips or a framed picture in the middle), dominoes, a board with a grid of squares
(Scrabble-like, its premium squares coloured and labelled), nothing at all, or a busy patterned
cloth. Each is seen under the renderer's light and camera, like the game's own photos.
"""

from __future__ import annotations

import math
import random

import cv2
import numpy as np
from PIL import Image, ImageDraw

from vision.designs import CARD_H, CARD_W, SUIT_FONT, SUIT_GLYPH, TEST_FONTS, TRAIN_FONTS, font
from vision.fonts import families
from vision.render import HELD_OUT_TABLES, PALE_TABLES, PHOTO_SIZE, TABLES, _camera, _composite, _light, _place, _table

KINDS = ("playing-cards", "dominoes", "board", "empty-table", "patterned-cloth")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RED, BLACK = (200, 24, 32), (20, 20, 24)
# Pip positions of the number cards, as (column, row) in a 3 x 7 grid of the card's middle.
PIPS = {1: [(1, 3)], 2: [(1, 0), (1, 6)], 3: [(1, 0), (1, 3), (1, 6)], 4: [(0, 0), (2, 0), (0, 6), (2, 6)]}
PIPS[5] = PIPS[4] + [(1, 3)]
PIPS[6] = PIPS[4] + [(0, 3), (2, 3)]
PIPS[7] = PIPS[6] + [(1, 1)]
PIPS[8] = PIPS[7] + [(1, 5)]
PIPS[9] = PIPS[4] + [(0, 2), (2, 2), (0, 4), (2, 4), (1, 3)]
PIPS[10] = PIPS[4] + [(0, 2), (2, 2), (0, 4), (2, 4), (1, 1), (1, 5)]


def _fonts(rng: random.Random, held_out: bool) -> str:
    if held_out:
        fams = families(held_out=True)
        return rng.choice(fams[rng.choice(sorted(fams))])
    return rng.choice(TRAIN_FONTS["sans"] + TRAIN_FONTS["serif"] + TEST_FONTS["sans"] + TEST_FONTS["serif"])


def playing_card(rank: str, suit: str, font_path: str, seed: int = 0) -> Image.Image:
    """An ordinary playing card, RGBA, upright: rank over suit pip in two corners, pips or a
    framed court picture in the middle."""
    w, h = CARD_W, CARD_H
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=int(0.05 * w), fill=(250, 250, 247, 255), outline=(150, 150, 150, 255), width=2
    )
    ink = RED if suit in "hd" else BLACK
    pip = SUIT_GLYPH[suit]
    corner = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    c = ImageDraw.Draw(corner)
    c.text((0.05 * w, 0.03 * h), rank, font=font(font_path, int(0.12 * h)), fill=ink)
    c.text((0.06 * w, 0.17 * h), pip, font=font(SUIT_FONT, int(0.09 * h)), fill=ink)
    img.alpha_composite(corner)
    img.alpha_composite(corner.rotate(180))
    x0, y0, x1, y1 = 0.25 * w, 0.2 * h, 0.75 * w, 0.8 * h
    if rank in "JQK":
        rng = random.Random(seed)
        d.rectangle((x0, y0, x1, y1), outline=ink, width=3)
        for _ in range(6):  # a robe of coloured bands and a head: a court card's picture, not a letter
            colour = rng.choice([(200, 160, 40), (40, 80, 170), RED, (30, 120, 60)])
            yy = rng.uniform(y0 + 0.3 * (y1 - y0), y1 - 20)
            d.polygon(
                [(x0 + 4, yy), (x1 - 4, yy + rng.uniform(-20, 20)), (x1 - 4, yy + 18), (x0 + 4, yy + 22)], fill=colour
            )
        r = 0.1 * w
        d.ellipse((w / 2 - r, y0 + 15, w / 2 + r, y0 + 15 + 2 * r), fill=(240, 200, 160), outline=BLACK, width=2)
        d.polygon([(w / 2 - r, y0 + 18), (w / 2, y0 + 2), (w / 2 + r, y0 + 18)], fill=(220, 180, 30))
    else:
        n = 1 if rank == "A" else int(rank)
        size = int(0.22 * h) if n == 1 else int(0.1 * h)
        f = font(SUIT_FONT, size)
        for col, row in PIPS[n]:
            cx, cy = x0 + (0.5 + col) * (x1 - x0) / 3, y0 + (0.5 + row) * (y1 - y0) / 7
            d.text((cx, cy), pip, font=f, fill=ink, anchor="mm")
    return img


def domino(a: int, b: int, dark: bool) -> Image.Image:
    """A domino, RGBA, standing upright (twice as tall as wide): ``a`` dots above the line, ``b`` below."""
    w, h = CARD_W, 2 * CARD_W
    body, dot = ((25, 25, 28), (245, 245, 240)) if dark else ((245, 242, 232), (20, 20, 24))
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=int(0.1 * w), fill=body + (255,), outline=(90, 90, 90, 255), width=3
    )
    d.line((0.1 * w, h / 2, 0.9 * w, h / 2), fill=dot, width=5)
    spots = {
        0: [],
        1: [(1, 1)],
        2: [(0, 0), (2, 2)],
        3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (0, 2), (2, 2), (1, 1)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    }
    r = 0.08 * w
    for half, n in ((0, a), (1, b)):
        for col, row in spots[n]:
            cx, cy = (0.25 + 0.25 * col) * w, half * h / 2 + (0.25 + 0.25 * row) * h / 2
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=dot)
    return img


def board(rng: random.Random, cells: int = 15, held_out: bool = False) -> Image.Image:
    """A word game's board, RGBA: a grid of beige squares, coloured premium squares labelled in small print."""
    cell = 48
    side = cells * cell + 24
    img = Image.new("RGBA", (side, side), (120, 30, 30, 255))
    d = ImageDraw.Draw(img)
    labels = {
        (200, 60, 60): ("TRIPLE", "WORD"),
        (235, 150, 150): ("DOUBLE", "WORD"),
        (40, 90, 190): ("TRIPLE", "LETTER"),
        (150, 200, 235): ("DOUBLE", "LETTER"),
    }
    small = font(_fonts(rng, held_out), 9)
    for i in range(cells):
        for j in range(cells):
            x, y = 12 + i * cell, 12 + j * cell
            mirror = (min(i, cells - 1 - i), min(j, cells - 1 - j))
            kind = (7 * mirror[0] + 3 * mirror[1] + rng.randrange(3)) % 9
            colour = list(labels)[kind] if kind < 4 else (225, 215, 185)
            d.rectangle((x + 1, y + 1, x + cell - 2, y + cell - 2), fill=colour)
            if kind < 4:
                for k, word in enumerate(labels[colour]):
                    d.text(
                        (x + cell / 2, y + cell / 2 + (k - 0.5) * 11),
                        word,
                        font=small,
                        fill=(250, 250, 250),
                        anchor="mm",
                    )
    return img


def _cloth(rng: random.Random, nrng: np.random.Generator, size: tuple[int, int]) -> np.ndarray:
    """A busy patterned tablecloth (BGR float): gingham, stripes, polka dots or flowers."""
    w, h = size
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    pattern = rng.choice(("gingham", "stripes", "dots", "flowers"))
    ground = np.array(rng.choice([(245, 245, 245), (230, 240, 250), (60, 60, 160), (40, 90, 40)]), np.float32)
    ink = np.array(rng.choice([(40, 40, 200), (160, 70, 30), (30, 30, 30), (230, 230, 230)]), np.float32)
    period = rng.uniform(30, 90)
    angle = rng.uniform(-0.3, 0.3)
    u = xx * math.cos(angle) + yy * math.sin(angle)
    v = -xx * math.sin(angle) + yy * math.cos(angle)
    if pattern == "gingham":
        a = ((u // period) % 2 == 0).astype(np.float32)
        b = ((v // period) % 2 == 0).astype(np.float32)
        share = (a + b) / 2
    elif pattern == "stripes":
        share = ((u // period) % 2 == 0).astype(np.float32)
    elif pattern == "dots":
        du, dv = (u % period) - period / 2, (v % period) - period / 2
        share = (du * du + dv * dv < (0.25 * period) ** 2).astype(np.float32)
    else:
        mask = np.zeros((h, w), np.uint8)
        for _ in range(int(w * h / period**2 / 2)):
            cx, cy = rng.randrange(w), rng.randrange(h)
            for k in range(5):  # five petals round a centre
                a = k * 2 * math.pi / 5 + rng.uniform(0, 1)
                cv2.ellipse(
                    mask,
                    (int(cx + 0.3 * period * math.cos(a)), int(cy + 0.3 * period * math.sin(a))),
                    (int(0.25 * period), int(0.12 * period)),
                    math.degrees(a),
                    0,
                    360,
                    255,
                    -1,
                )
        share = mask.astype(np.float32) / 255
    img = ground * (1 - share[..., None]) + ink * share[..., None]
    return img + nrng.normal(0, 5, (h, w, 1)).astype(np.float32)


def _lay(
    scene: np.ndarray, items: list[Image.Image], rng: random.Random, size: tuple[int, int], cam: np.ndarray
) -> None:
    """Items laid in a loose row or two, each turned a little, at a card's size in the photo."""
    w, h = size
    width = rng.uniform(0.07, 0.1) * w
    per_row = max(1, min(len(items), int(0.8 * w / (1.3 * width))))
    for k, item in enumerate(items):
        ih = width * item.height / item.width
        row, col = divmod(k, per_row)
        centre = np.array([0.12 * w + col * 1.3 * width + width / 2, 0.15 * h + row * 1.3 * ih + ih / 2])
        turn = rng.uniform(-0.2, 0.2) + (math.pi if rng.random() < 0.3 else 0.0)
        corners = _place(centre, width, ih, turn)
        _composite(scene, item, cv2.perspectiveTransform(corners[None], cam)[0])


def render_decoy(kind: str, seed: int, size: tuple[int, int] = PHOTO_SIZE, held_out: bool = False) -> np.ndarray:
    """A BGR photo (after a JPEG round trip) of ``kind`` (one of KINDS): no letter card on it.
    ``held_out``: on the renderer's held-out tables (a striped or tartan cloth for a patterned
    one), playing cards in held-out font families, as the bench measures."""
    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    w, h = size
    cam = _camera(rng, size)
    if held_out:
        cloths = ("striped-cloth", "tartan-cloth")
        scene = _table(rng.choice(cloths if kind == "patterned-cloth" else HELD_OUT_TABLES), nrng, size)
    elif kind == "patterned-cloth":
        scene = _cloth(rng, nrng, size)
    else:
        scene = _table(rng.choice(TABLES + PALE_TABLES), nrng, size)
    if kind == "playing-cards":
        font_path = _fonts(rng, held_out)
        cards = [
            playing_card(rng.choice(RANKS), rng.choice("shdc"), font_path, seed + i) for i in range(rng.randint(3, 10))
        ]
        _lay(scene, cards, rng, size, cam)
    elif kind == "dominoes":
        dark = rng.random() < 0.5
        _lay(
            scene,
            [domino(rng.randint(0, 6), rng.randint(0, 6), dark) for _ in range(rng.randint(3, 9))],
            rng,
            size,
            cam,
        )
    elif kind == "board":
        side = rng.uniform(0.7, 0.95) * h
        centre = np.array([w / 2 + rng.uniform(-0.1, 0.1) * w, h / 2])
        corners = _place(centre, side, side, rng.uniform(-0.2, 0.2))
        _composite(scene, board(rng, held_out=held_out), cv2.perspectiveTransform(corners[None], cam)[0])
    elif kind not in ("empty-table", "patterned-cloth"):
        raise ValueError(f"no decoy {kind!r}; the kinds are {', '.join(KINDS)}")
    img = np.clip(_light(scene, rng, nrng), 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, rng.randint(60, 92)])
    assert ok
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)
