"""Synthetic teaching photos: a whole deck laid upright in rows, as a player lays it to teach it.

The rows are as a person lays them by hand: the whole layout turned a few degrees, each card a
little more or less, gaps between cards and rows uneven, on any table, under the renderer's light
and camera. The truth lists the cards in the order the player would name them (row by row, left
to right), each with its corners in the photo.
"""

from __future__ import annotations

import random

import cv2
import numpy as np

from companion.decks import WILD, standard_deck
from vision.designs import GAME_STYLE, HOUSE_RATIO, TEST_FONTS, Design, draw_card, house_design
from vision.render import PALE_TABLES, TABLES, RenderedPhoto, _camera, _composite, _light, _place, _table

LAYOUT_SIZE = (1920, 1440)  # a phone's 4:3 photo: a whole deck fills more of it than of a 16:9 frame
DECK_CARDS = 31


def deck_order(game: str, n: int, rng: random.Random) -> list[tuple[str, str | None]]:
    """``n`` cards: every face of the deck once (shuffled), then random ones to make up ``n``."""
    deck = standard_deck(game)
    suits = "shdc" if deck.has_suits else ""
    faces = list(deck.values)
    rng.shuffle(faces)
    while len(faces) < n:
        faces.append(rng.choice([f for f in deck.values if f != WILD]))
    return [(f, rng.choice(suits) if suits and f != WILD else None) for f in faces[:n]]


def render_deck(
    game: str,
    seed: int,
    n: int = DECK_CARDS,
    table: str | None = None,
    tilt: float = 6.0,
    size: tuple[int, int] = LAYOUT_SIZE,
    design: Design | None = None,
) -> RenderedPhoto:
    """``n`` cards of ``game`` laid upright in rows; the layout turned up to ``tilt`` degrees.
    ``design``: how the deck is printed (default: the house look in a held-out font).
    The truth's cards are in teaching order; its words are the rows."""
    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    w, h = size
    cards = deck_order(game, n, rng)
    per_row = rng.randint(6, 9)
    rows = [list(range(i, min(n, i + per_row))) for i in range(0, n, per_row)]
    gaps = [[rng.uniform(0.06, 0.45) for _ in row[1:]] for row in rows]  # between cards, in card widths
    row_gaps = [rng.uniform(0.12, 0.45) for _ in rows[1:]]  # between rows, in card heights
    angle = np.deg2rad(rng.uniform(-tilt, tilt))
    # The layout's size in card widths, then the card width that fits it in the photo once turned.
    span_w = max(len(r) + sum(g) for r, g in zip(rows, gaps))
    ratio = design.ratio if design else HOUSE_RATIO
    span_h = len(rows) * ratio + sum(row_gaps) * ratio
    c, s = abs(np.cos(angle)), abs(np.sin(angle))
    card_w = min(0.86 * w / (span_w * c + span_h * s), 0.86 * h / (span_w * s + span_h * c))
    card_h = card_w * ratio
    u = np.array([np.cos(angle), np.sin(angle)])
    v = np.array([-np.sin(angle), np.cos(angle)])
    centre = np.array([w / 2, h / 2]) + rng.uniform(-0.03, 0.03) * np.array([w, h])
    table = table or rng.choice(TABLES + PALE_TABLES)
    scene = _table(table, nrng, size)
    cam = _camera(rng, size)
    font_path = rng.choice(TEST_FONTS[GAME_STYLE[game]])  # drawn even with a ``design``: the rest stays as it was
    design = design or house_design(font_path)
    truth_cards: list[dict] = []
    y = -span_h * card_w / 2 + card_h / 2
    for r, (row, row_gap) in enumerate(zip(rows, row_gaps + [0.0])):
        x = -span_w * card_w / 2 + card_w / 2 + rng.uniform(0, 0.05) * card_w
        for k, i in enumerate(row):
            at = centre + u * x + v * (y + rng.uniform(-0.04, 0.04) * card_h)
            corners = _place(at, card_w, card_h, angle + np.deg2rad(rng.uniform(-2.5, 2.5)))
            photo_corners = cv2.perspectiveTransform(corners[None], cam)[0]
            face, suit = cards[i]
            _composite(scene, draw_card(game, face, suit, design=design, rng_seed=rng.randrange(5)), photo_corners)
            truth_cards.append(
                {
                    "face": face,
                    "value": standard_deck(game).values[face],
                    "suit": suit,
                    "corners": np.round(photo_corners).astype(int).tolist(),
                }
            )
            x += card_w * (1 + (gaps[r][k] if k < len(gaps[r]) else 0))
        y += card_h * (1 + row_gap)
    img = np.clip(_light(scene, rng, nrng), 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, rng.randint(70, 92)])
    assert ok
    return RenderedPhoto(cv2.imdecode(buf, cv2.IMREAD_COLOR), {"cards": truth_cards, "words": rows}, table)


def order_text(cards: list[dict]) -> str:
    """The ``--order`` a player would type for these truth cards."""
    return " ".join(c["face"] + (c["suit"] or "") for c in cards)
