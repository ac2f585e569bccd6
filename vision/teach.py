"""Teach the reader a real deck: one photo of its cards laid upright in a known order.

The photo's cards are found and put in reading order (rows, left to right); the i-th
card is the i-th token of ``order``. From them the reader learns where this deck
prints its index (the rows of ink in the top-left corner) and templates of its
letters, values and suits, saved in the user's data directory and used by every
later read of the game.
"""

from __future__ import annotations

import json
import re

import cv2
import numpy as np

from companion.decks import WILD, standard_deck
from vision.designs import CARD_H, CARD_W, LAYOUTS, Layout
from vision.detect import find_cards
from vision.errors import NoCardsFound, VisionError
from vision.glyphs import EMPTY, Samples, card_parts
from vision.model import sample_arrays, save_arrays, taught_path
from vision.read import group_words, load_image, warp_card

_SUITED = re.compile(r"^([A-Z]|\*)([SHDC])?$")
_PLAIN = re.compile(r"^([A-Z]{1,2}|\*)()$")


def parse_order(game: str, order: str) -> list[tuple[str, str | None]]:
    """``"Ah Qs *"`` (Word Thief), ``"QU A ER"`` (Quiddler), ``"A B *"`` (Words And Points)."""
    deck = standard_deck(game)
    cards = []
    for token in order.split():
        m = (_SUITED if deck.has_suits else _PLAIN).match(token.upper())
        if not m:
            raise VisionError(f"card {token!r} in --order: write a face like A or QU"
                              + (" followed by its suit, like Ah or Qs" if deck.has_suits else ""))
        face, suit = m.group(1), (m.group(2) or "").lower() or None
        if face not in deck.values:
            raise VisionError(f"card {token!r}: {game} has no face {face}; faces are {' '.join(deck.values)}")
        if deck.has_suits and face != WILD and suit is None:
            raise VisionError(f"card {token!r}: give the suit too, like {face}h")
        cards.append((face, suit if face != WILD else None))
    return cards


def _upright(quad: np.ndarray) -> np.ndarray:
    """Of the two short sides, the one higher in the photo is the top (cards are laid upright)."""
    top_a = quad[0][1] + quad[1][1]
    top_b = quad[2][1] + quad[3][1]
    return quad if top_a <= top_b else np.roll(quad, -2, axis=0)


def _index_rows(cards: list[np.ndarray]) -> list[tuple[float, float]]:
    """Bands of ink rows in the top-left corner, common to the taught cards, as fractions of height."""
    region = (slice(0, int(0.45 * CARD_H)), slice(int(0.02 * CARD_W), int(0.33 * CARD_W)))
    profile = np.zeros(region[0].stop)
    for card in cards:
        gray = cv2.cvtColor(card, cv2.COLOR_BGR2GRAY)[region].astype(np.float32)
        ink = gray < (np.percentile(gray, 90) - 60)
        profile += ink[:, 3:-3].any(1)  # the outermost columns may catch the card's edge
    rows = profile > 0.3 * len(cards)
    rows[:int(0.015 * CARD_H)] = False  # so may the topmost rows: a warp a pixel off shows table
    bands, start = [], None
    for y, on in enumerate(np.append(rows, False)):
        if on and start is None:
            start = y
        elif not on and start is not None:
            if y - start >= 4:
                bands.append((start / CARD_H, y / CARD_H))
            start = None
    return bands


def learn_layout(game: str, cards: list[np.ndarray]) -> Layout:
    """Our layout with the face, value and suit boxes moved to where this deck prints them."""
    ours = LAYOUTS[game]
    if not ours.corner_index:
        return ours  # no corner index to look for
    bands = _index_rows(cards)
    want = 3 if ours.suit else 2
    if len(bands) < want:
        return ours
    bands = bands[:want]
    edges = [0.01] + [(a[1] + b[0]) / 2 for a, b in zip(bands, bands[1:])] + [bands[-1][1] + 0.02]
    x0, x1 = ours.face[0], ours.face[2]
    boxes = [(x0, edges[i], x1, edges[i + 1]) for i in range(want)]
    return Layout(face=boxes[0], value=boxes[1], suit=boxes[2] if want == 3 else None, centre=ours.centre)


def teach(game: str, order: str, photo) -> int:
    """Learn the deck of ``game`` from ``photo``; returns how many cards were learnt."""
    deck = standard_deck(game)
    wanted = parse_order(game, order)
    img = load_image(photo)
    quads = find_cards(img).quads
    if not quads:
        raise NoCardsFound("no cards found in the teaching photo; lay the cards upright in rows on a plain table")
    quads = [_upright(q) for q in quads]
    reading_order = [i for word in group_words(quads) for i in word]
    if len(reading_order) != len(wanted):
        raise VisionError(f"found {len(reading_order)} cards but --order lists {len(wanted)}; "
                          "lay them apart in rows and list every card left to right, row by row")
    cards = [warp_card(img, quads[i]) for i in reading_order]
    layout = learn_layout(game, cards)
    samples = Samples([], [], [], [])
    for (face, suit), card in zip(wanted, cards):
        value = str(deck.values[face]) if face != WILD else EMPTY
        # Both corners of an index deck carry the index: learn from the upside-down one as well.
        samples.add(face, value, suit, card_parts(card, layout))
        if layout.corner_index:
            samples.add(face, value, suit, card_parts(np.ascontiguousarray(card[::-1, ::-1]), layout), centre=False)
    arrays = sample_arrays(samples)
    arrays["layout"] = np.array(json.dumps({k: getattr(layout, k) for k in
                                            ("face", "value", "suit", "corner_index", "centre")}))
    save_arrays(taught_path(game), arrays)
    return len(cards)
