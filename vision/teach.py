"""Teach the reader a real deck: photos of its cards laid upright in rows, in a known order.

The photos' cards are found and put in teaching order (photo by photo, rows from the top,
left to right); the i-th card is the i-th token of ``order``. From them the reader learns
where this deck prints its index (the rows of ink in the top-left corner) and templates of
its letters and values, saved in the user's data directory and used by every later
read of the game. Each photo is also written back with its cards boxed and numbered, so the
player sees what was found, and where the count went wrong when it does not match.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.decks import WILD, standard_deck
from companion.plural import plural
from companion.errors import MalformedCard
from vision.designs import CARD_H, CARD_W, LAYOUTS, Layout
from vision.detect import find_cards
from vision.quad_order import clockwise
from vision.errors import NoCardsFound, OrderMismatch, VisionError
from vision.glyphs import EMPTY, Samples, card_parts
from vision.model import data_dir, sample_arrays, save_arrays, taught_arrays, taught_path
from vision.picture import boxed
from vision.read import Reader, group_rows, load_image, warp_card

SMALL = 0.6  # a found card under this share of the median card's area may be part of a card
PART = 0.8  # the larger part of a card cut in two


def parse_order(game: str, order: str) -> list[tuple[str, str | None]]:
    """``"Ah Qs *"`` (Word Thief), ``"QU A ER"`` (Quiddler), ``"A B *"`` (Words And Points): each card
    as the game reads a printed card (its ``parse_printed``)."""
    from companion.games import game_class  # the rules load only when a deck is taught

    deck, cls = standard_deck(game), game_class(game)
    try:
        cards = [cls.parse_printed(token, deck) for token in order.split()]
    except MalformedCard as exc:
        raise VisionError(f"{exc} (in --order)") from None
    return [(card.face, card.suit) for card in cards]


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
    rows[: int(0.015 * CARD_H)] = False  # so may the topmost rows: a warp a pixel off shows table
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


@dataclass
class Found:
    """A card found in a teaching photo, in teaching order."""

    photo: int  # from 0
    row: int  # from 1, top row first
    position: int  # from 1, left to right
    quad: np.ndarray  # corners clockwise from the card's top-left (cards are laid upright)
    small: bool  # much smaller than the others: a card cut in two, or a scrap

    def where(self, photos: int) -> str:
        return (f"photo {self.photo + 1}, " if photos > 1 else "") + f"row {self.row}, position {self.position}"


@dataclass
class Lesson:
    """What a teaching found, before it is saved: the player checks ``pictures`` first."""

    game: str
    wanted: list[tuple[str, str | None]]
    images: list[np.ndarray]
    found: list[Found]
    pictures: list[Path]  # each photo with its found cards boxed and numbered
    problem: str | None  # why the found cards cannot be taught as listed (None: they can)
    marked: frozenset[int] = frozenset()  # the found cards (by index) the problem names


def picture_paths(game: str, photos: int) -> list[Path]:
    """Where the boxed and numbered teaching photos are written."""
    if photos == 1:
        return [data_dir() / f"teach-{game}.jpg"]
    return [data_dir() / f"teach-{game}-{k + 1}.jpg" for k in range(photos)]


def _area(quad: np.ndarray) -> float:
    return float(cv2.contourArea(np.float32(quad)))


def _rejoin(quads: list[np.ndarray]) -> list[np.ndarray]:
    """The cards of one deck are all one size: two pieces much smaller than the others that
    together fill one card's outline are one card the finder cut in two (by its centre art)."""
    quads = list(quads)
    while len(quads) > 2:
        median = float(np.median([_area(q) for q in quads]))
        areas = [_area(q) for q in quads]
        parts = [i for i, a in enumerate(areas) if a < PART * median]  # a card is seldom cut in the middle
        pair = None
        for a in parts:
            for b in parts:
                if a < b and min(areas[a], areas[b]) < SMALL * median:
                    rect = cv2.minAreaRect(np.concatenate([quads[a], quads[b]]).astype(np.float32))
                    whole = rect[1][0] * rect[1][1]
                    if 0.75 * median < whole < 1.3 * median and whole < 1.25 * (areas[a] + areas[b]):
                        pair = (a, b, rect)
                        break
            if pair:
                break
        if pair is None:
            return quads
        a, b, rect = pair
        box = clockwise(cv2.boxPoints(rect).astype(np.float32))
        if np.linalg.norm(box[1] - box[0]) > np.linalg.norm(box[2] - box[1]):
            box = np.roll(box, -1, axis=0)  # from a corner whose next side is a short one: the top or bottom
        quads = [q for i, q in enumerate(quads) if i not in (a, b)] + [box]
    return quads


def find_layout(images: list[np.ndarray]) -> list[Found]:
    """Every photo's cards, upright, in teaching order."""
    found: list[Found] = []
    for k, img in enumerate(images):
        # Cards laid apart in rows: no hands, and no card missed between two index corners to look for (the
        # corners of cards in neighbouring rows paired into a card that is not there: bench/vision_teach.py).
        quads = [_upright(q) for q in _rejoin(find_cards(img, layout=True, indexed=False).quads)]
        areas = [_area(q) for q in quads]
        median = float(np.median(areas)) if areas else 0.0
        for r, row in enumerate(group_rows(quads), 1):
            found += [Found(k, r, p, quads[i], areas[i] < SMALL * median) for p, i in enumerate(row, 1)]
    return found


def align(read: list[str], wanted: list[str]) -> tuple[list[int], list[tuple[int, int]]]:
    """Where two lists of faces part: found cards ``read`` that --order lacks, and the cards
    --order lists that are not found, each with the number of found cards before it. An edit
    distance; a card read as another face is a substitution (the deck may not be taught yet)."""
    n, m = len(read), len(wanted)
    cost = np.zeros((n + 1, m + 1))
    cost[:, 0], cost[0, :] = np.arange(n + 1), np.arange(m + 1)
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            cost[i, j] = min(
                cost[i - 1, j - 1] + 0.9 * (read[i - 1] != wanted[j - 1]), cost[i - 1, j] + 1, cost[i, j - 1] + 1
            )
    extra, missing = [], []
    i, j = n, m
    while i or j:
        if i and j and cost[i, j] == cost[i - 1, j - 1] + 0.9 * (read[i - 1] != wanted[j - 1]):
            i, j = i - 1, j - 1
        elif i and cost[i, j] == cost[i - 1, j] + 1:
            extra.append(i - 1)
            i -= 1
        else:
            missing.append((j - 1, i))
            j -= 1
    return extra[::-1], missing[::-1]


def _mismatch(
    game: str, found: list[Found], images: list[np.ndarray], wanted: list[tuple[str, str | None]], pictures: list[Path]
) -> tuple[str, set[int]]:
    """One line saying which found cards are off (by their numbers in the pictures), and those cards."""
    read = []
    reader = Reader(game)
    for k, img in enumerate(images):
        quads = [f.quad for f in found if f.photo == k]
        read += [r.face for r in reader.read(img, quads)] if quads else []
    extra, missing = align(read, [face for face, _ in wanted])
    extra += [i for i, f in enumerate(found) if f.small and i not in extra]
    said = []
    for i in sorted(extra)[:3]:
        f = found[i]
        said.append(
            f"card {i + 1} ({f.where(len(images))}) is not in --order"
            + (", and smaller than the others: part of a card?" if f.small else "")
        )
    for j, before in missing[:3]:
        at = f"after card {before} ({found[before - 1].where(len(images))})" if before else "before card 1"
        said.append(f"--order's card {j + 1} ({wanted[j][0]}) is missing {at}")
    pics = " and ".join(str(p) for p in pictures)
    return (
        f"found {plural(len(found), 'card')} but --order lists {len(wanted)}: {'; '.join(said)}. "
        f"The found cards are boxed and numbered in {pics}; lay the cards apart in rows, "
        "and list every card left to right, row by row"
    ), set(extra)


def prepare(game: str, order: str, photos: list) -> Lesson:
    """Find the cards of the teaching photos and write the boxed and numbered pictures."""
    wanted = parse_order(game, order)
    images = [load_image(p) for p in photos]
    found = find_layout(images)
    if not found:
        raise NoCardsFound("no cards found in the teaching photo; lay the cards upright in rows on a plain table")
    pictures = picture_paths(game, len(images))
    problem, marked = None, set()
    if len(found) != len(wanted):
        problem, marked = _mismatch(game, found, images, wanted, pictures)
    tokens = [face + (suit or "") for face, suit in wanted]
    for k, (img, path) in enumerate(zip(images, pictures)):
        mine = [i for i, f in enumerate(found) if f.photo == k]
        labels = [f"{i + 1}" + (f" {tokens[i]}" if problem is None else "") for i in mine]
        _write(path, boxed(img, [found[i].quad for i in mine], labels, {mine.index(i) for i in marked if i in mine}))
    return Lesson(game, wanted, images, found, pictures, problem, frozenset(marked))


def _write(path: Path, picture: np.ndarray) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        written = cv2.imwrite(str(path), picture, [cv2.IMWRITE_JPEG_QUALITY, 85])
    except (OSError, cv2.error):
        written = False
    if not written:
        raise VisionError(
            f"cannot write {path}: make the folder writable, or set COMPANION_DATA_DIR to a folder you can write to"
        )


def save(lesson: Lesson, replace: bool = False) -> int:
    """Learn the lesson's cards; they join an earlier teaching of the game unless ``replace``.
    Returns how many cards were learnt."""
    if lesson.problem:
        raise OrderMismatch(lesson.problem)
    deck = standard_deck(lesson.game)
    cards = [warp_card(lesson.images[f.photo], f.quad) for f in lesson.found]
    layout = learn_layout(lesson.game, cards)
    samples = Samples([], [])
    for (face, _), card in zip(lesson.wanted, cards):
        value = str(deck.values[face]) if face != WILD else EMPTY
        # Both corners of an index deck carry the index: learn from the upside-down one as well.
        samples.add(face, value, card_parts(card, layout))
        if layout.corner_index:
            samples.add(face, value, card_parts(np.ascontiguousarray(card[::-1, ::-1]), layout))
    arrays = sample_arrays(samples)
    earlier = {} if replace else taught_arrays(lesson.game)[0]
    for key, new in list(arrays.items()):
        if len(earlier.get(key, ())) and (new.ndim == 1 or earlier[key].shape[1:] == new.shape[1:]):
            arrays[key] = np.concatenate([earlier[key], new])
    arrays["layout"] = np.array(
        json.dumps({k: getattr(layout, k) for k in ("face", "value", "suit", "corner_index", "centre")})
    )
    try:
        save_arrays(taught_path(lesson.game), arrays)
    except OSError as exc:
        raise VisionError(
            f"cannot save the taught deck in {taught_path(lesson.game).parent} ({exc.strerror}): "
            "make it writable, or set COMPANION_DATA_DIR to a folder you can write to"
        ) from exc
    return len(cards)


def teach(game: str, order: str, photos: list, replace: bool = False) -> int:
    """Learn the deck of ``game`` from ``photos`` (paths or images) at once; returns how many
    cards were learnt. Raises OrderMismatch, saying which cards are off, when the count differs."""
    return save(prepare(game, order, photos), replace)
