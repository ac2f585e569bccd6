"""Photo -> cards -> words: the reader's pipeline and its result types."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

import cv2
import numpy as np

from companion.decks import WILD, Deck, standard_deck
from vision.designs import CARD_H, CARD_W
from vision.detect import find_cards
from vision.errors import CardsOverlap, NoCardsFound, NotAnImage, OcrUnavailable, TinyImage
from vision.glyphs import EMPTY, Classifier, Ink, Parts, card_parts, features, hog, ink_of
from vision.model import Model, model
from vision.ocr import backend, ocr_status
from vision.photo_file import decode

MAX_SIDE = 4000  # larger photos are shrunk first: more pixels only cost time
MIN_SIDE = 200
SURE = 0.6  # a classifier read at least this confident needs no second opinion (misreads stay under 0.45)
NO_INK = 2.0  # distance of a glyph to "nothing printed": the largest there is, ink does not appear
MISSING = 1.0  # distance of an empty box to a glyph: smaller, as a faint or tiny glyph may be lost
FACE_MARGIN = 0.25  # lead over the runner-up face that makes a read certain
SUIT_SURE = 0.8  # a pip has no second reader: it must be clearer on its own
RED = 0.25  # redness above which a pip is red (hearts, diamonds)
SUIT_MARGIN = 0.15  # pips differ less within a colour than letters do
FACE_FAR = 1.8  # a face costing this much matches none of its templates (99% of read faces cost < 1.55)
SUIT_FAR = 1.3  # (99% of read pips cost < 1.0)
ONE_CORNER = 0.75  # confidence kept by a read from one index instead of two
RAISE = 0.025  # a covered card's second read: its corners moved up by this share of its height
VALUE_WEIGHT = 0.5  # the value is printed small: it settles close calls, it does not overrule letters
# A photo holds letter cards when at least one card reads as one beyond doubt: its face (letters and
# value) costs under LETTER_COST and its centre art, where it shows, is under CENTRE_FAR from the
# face's. Playing cards, dominoes, a board's squares and patterned cloth never do (bench/vision_decoys.py:
# their cheapest cards cost over 1.24 with the centre hidden, and their centres over 1.0); every
# rendered photo of real cards has such a card. Calibrated to this classifier's distances.
LETTER_COST = 1.2
PATTERN_BLOBS = 12  # more blobs no card can be cut from than a table of heaps shows
CENTRE_FAR = 1.0


@dataclass(frozen=True)
class CardRead:
    face: str
    value: int
    suit: str | None
    confidence: float
    corners: list[list[int]]  # photo pixels, clockwise from the card's own top-left
    flagged: bool = False  # shown to the player for a check: the read may be wrong

    def to_json(self) -> dict:
        return {
            "face": self.face,
            "value": self.value,
            "suit": self.suit,
            "confidence": round(self.confidence, 3),
            "check": self.flagged,
            "corners": self.corners,
        }


@dataclass
class PhotoReading:
    cards: list[CardRead]
    words: list[list[int]]
    notes: list[str] = field(default_factory=list)  # what the player may want to know (no OCR, heaps)

    def to_json(self) -> dict:
        return {"cards": [c.to_json() for c in self.cards], "words": self.words}


def load_image(source: str | Path | np.ndarray) -> np.ndarray:
    """A BGR image from a path or an array; refuses tiny ones (see open_photo)."""
    return open_photo(source)[0]


def open_photo(source: str | Path | np.ndarray) -> tuple[np.ndarray, float]:
    """A BGR image from a path or an array, shrunk to MAX_SIDE, and its scale to the source's
    pixels. Refuses tiny ones, and files that are no photo (see photo_file.decode)."""
    scale = 1.0
    if isinstance(source, np.ndarray):
        img = source
        if img.ndim == 2:
            img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
        elif img.ndim == 3 and img.shape[2] == 4:
            img = cv2.cvtColor(img, cv2.COLOR_BGRA2BGR)
        elif img.ndim != 3 or img.shape[2] != 3:
            raise NotAnImage(f"an array of shape {img.shape} is not a BGR image; pass height x width x 3")
        img = img.astype(np.uint8, copy=False)
    else:
        img, scale = decode(Path(source))
    if img.size == 0 or min(img.shape[:2]) < MIN_SIDE:
        raise TinyImage(
            f"image of {img.shape[1]}x{img.shape[0]} pixels is too small to read cards; "
            f"take a photo at least {MIN_SIDE} pixels on each side"
        )
    if max(img.shape[:2]) > MAX_SIDE:  # more pixels only cost time
        shrink = MAX_SIDE / max(img.shape[:2])
        img = cv2.resize(img, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
        scale *= shrink
    return img, scale


def warp_card(img: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The card at ``corners`` (clockwise from the corner that becomes top-left) at 250x350."""
    dst = np.float32([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]])
    return cv2.warpPerspective(img, cv2.getPerspectiveTransform(np.float32(corners), dst), (CARD_W, CARD_H))


def _distances(
    clf: Classifier, inks: list[Ink], classes: list[str], blank: str = EMPTY, missing: float = MISSING
) -> np.ndarray:
    """(len(inks), len(classes)) distances; an empty box is near only the class ``blank``."""
    out = np.full((len(inks), len(classes)), missing, np.float32)
    inked = [i for i, ink in enumerate(inks) if ink.glyph is not None]
    if inked:
        d = clf.distances(features([inks[i] for i in inked]))
        col = {c: j for j, c in enumerate(clf.classes)}
        for k, c in enumerate(classes):
            out[inked, k] = d[:, col[c]] if c in col else NO_INK
    for i, ink in enumerate(inks):
        if ink.glyph is None and blank in classes:
            out[i, classes.index(blank)] = 0.0
    return out


def _per_card(d: np.ndarray, owner: list[int], n: int) -> np.ndarray:
    """Rows of ``d`` averaged per card (a card may be seen in one corner or two)."""
    sums = np.zeros((n, d.shape[1]), np.float32)
    np.add.at(sums, owner, d)
    return sums / np.maximum(np.bincount(owner, minlength=n), 1)[:, None]


def _margin_confidence(costs: np.ndarray, full: float = FACE_MARGIN, far: float = FACE_FAR) -> tuple[int, float]:
    """The cheapest class and a confidence: its lead over the runner-up, 1.0 from ``full`` on;
    none at all when even the cheapest is ``far`` (the box holds something else)."""
    order = np.argsort(costs)
    if costs[order[0]] >= far:
        return int(order[0]), 0.0
    margin = float(costs[order[1]] - costs[order[0]]) if len(costs) > 1 else full
    return int(order[0]), float(np.clip(margin / full, 0, 1))


class Read(NamedTuple):
    """One card as the classifier read it, before Tesseract's vote."""

    face: str
    suit: str | None
    confidence: float  # of the face (letters and value)
    suit_confidence: float  # 1.0 where there is no suit to read
    quad: np.ndarray  # corners from the card's own top-left
    face_ink: np.ndarray | None  # the letters' ink (either corner shows it upright), for Tesseract
    no_index: bool  # an index deck's card with no letters in either corner: not one card
    cost: float = 0.0  # the chosen face's distance to its templates (letters and value)
    centre_cost: float = 0.0  # the centre art's distance to the chosen face's (0 where it is hidden)


class Reader:
    """Reads cards of one game, warped upright or upside down, in a batch."""

    def __init__(self, game: str, deck: Deck | None = None):
        self.m: Model = model(game)
        self.deck = deck or standard_deck(game)
        self.faces = list(self.deck.values)  # every face with a value; "*" included when the deck has it
        self.index_deck = self.m.layout.corner_index

    def _orient(self, cards: list[np.ndarray]) -> list[bool]:
        """Words And Points: which cards lie upside down. The value sits at the stone's lower
        right; whichever of that corner and the opposite one holds the better digits is it."""
        lay = self.m.layout
        inks = []
        for card in cards:
            for view in (card, cv2.flip(card, -1)):
                inks.append(ink_of(view, cv2.cvtColor(view, cv2.COLOR_BGR2GRAY), lay.value))
        d = _distances(self.m.value, inks, self.m.value.classes, missing=NO_INK).min(1)  # any digit beats none
        return [bool(d[2 * i + 1] < d[2 * i]) for i in range(len(cards))]

    def read(self, img: np.ndarray, quads: list[np.ndarray], shown: list[float] | None = None) -> list[Read]:
        """Read each card at ``quads``; a card with less than all its width ``shown`` (covered in
        a spread hand) is read from the strip that shows, its top-left index."""
        lay = self.m.layout
        shown = shown or [1.0] * len(quads)
        covered = [s < 1.0 for s in shown]
        views: list[tuple[Parts, Parts | None]] = []
        starts: list[np.ndarray] = []
        cards = [warp_card(img, q) if s >= 1.0 else _strip_only(warp_card(img, q), s) for q, s in zip(quads, shown)]
        turn = self._orient(cards) if not self.index_deck else [False] * len(cards)
        for q, card, turned, hidden, s in zip(quads, cards, turn, covered, shown):
            if turned:
                q = np.roll(q, -2, axis=0)
                card = cv2.flip(card, -1)
            # An index deck shows its index in both corners: read both. A covered card shows one:
            # it is read again a little higher up, as a corner found a few pixels low cuts the
            # top off a letter (a T becomes an I); the two reads must agree.
            second = None
            if self.index_deck:
                second = (
                    card_parts(_strip_only(warp_card(img, q + RAISE * (q[0] - q[3])), s), lay)
                    if hidden
                    else card_parts(cv2.flip(card, -1), lay)
                )
            views.append((card_parts(card, lay), second))
            starts.append(q)
        faces = self.faces
        values = [str(self.m.values[f]) if f != WILD else EMPTY for f in faces]
        value_classes = sorted(set(values))
        n = len(quads)
        shown = [(i, p) for i, v in enumerate(views) for p in v if p is not None]
        owner = [i for i, _ in shown]
        # A wild card with nothing printed (a blank) is the one face an empty box can be.
        blank = WILD if WILD not in self.m.face.classes else EMPTY
        d_face = _per_card(_distances(self.m.face, [p.face for _, p in shown], faces, blank), owner, n)
        d_value = _per_card(_distances(self.m.value, [p.value for _, p in shown], value_classes), owner, n)
        vcol = [value_classes.index(v) for v in values]
        joint = d_face + VALUE_WEIGHT * d_value[:, vcol]
        picks = [_margin_confidence(joint[i]) for i in range(n)]
        chosen = [faces[b] for b, _ in picks]
        suits = self._suits(views, chosen) if self.deck.has_suits else [(None, 1.0)] * n
        flips, centre_costs = self._upside_down(views, chosen, covered)
        unreadable = [hidden and not self.index_deck for hidden in covered]  # its stone is under another card
        out = []
        for i in range(n):
            q = np.roll(starts[i], -2, axis=0) if flips[i] else starts[i]
            no_index = self.index_deck and all(v.face.glyph is None for v in views[i] if v is not None)
            cost = float(joint[i, picks[i][0]])
            if no_index or unreadable[i]:
                out.append(
                    Read(chosen[i], suits[i][0], 0.0, suits[i][1], q, None, no_index, cost, centre_costs[i])
                )  # no vote: flagged
                continue
            # An index deck's card seen in one corner only (covered in a hand) has half the evidence.
            conf = picks[i][1] * (ONE_CORNER if self.index_deck and covered[i] else 1.0)
            out.append(
                Read(
                    chosen[i], suits[i][0], conf, suits[i][1], q, views[i][0].face.mask, no_index, cost, centre_costs[i]
                )
            )
        return out

    def _suits(self, views: list[tuple[Parts, Parts | None]], faces: list[str]) -> list[tuple[str | None, float]]:
        """Suit and its confidence per card: the pip's colour picks red or black, its shape the rest."""
        out: list[tuple[str | None, float]] = [(None, 1.0)] * len(views)
        inks, owner = [], []
        for i, (view, face) in enumerate(zip(views, faces)):
            if face == WILD:
                continue
            out[i] = (None, 0.0)  # a letter card whose pip cannot be seen: flagged for a check
            for part in view:
                if part is not None and part.suit is not None and part.suit.glyph is not None:
                    inks.append(part.suit)
                    owner.append(i)
        if not inks or self.m.suit is None:
            return out
        d = self.m.suit.distances(features(inks))
        classes = self.m.suit.classes
        for i in sorted(set(owner)):
            rows = [k for k, o in enumerate(owner) if o == i]
            redness = float(np.mean([inks[k].redness for k in rows]))
            allowed = ("h", "d") if redness > RED else ("s", "c")
            costs = np.array([d[rows, j].mean() if s in allowed else 9.0 for j, s in enumerate(classes)])
            best, conf = _margin_confidence(costs, SUIT_MARGIN, SUIT_FAR)
            # a pip whose colour is neither clearly red nor clearly black is for the player to check
            out[i] = (classes[best], min(conf, abs(redness - RED) / 0.15))
        return out

    def _upside_down(
        self, views: list[tuple[Parts, Parts | None]], faces: list[str], covered: list[bool]
    ) -> tuple[list[bool], list[float]]:
        """Per card: whether its centre art matches the face's upright templates better turned round
        (an index deck; Words And Points was turned by its value), and how far it is from them.
        A covered card's centre is hidden: it is taken as it lies."""
        shown = [i for i in range(len(views)) if not covered[i] and faces[i] in self.m.centre.classes]
        flips, costs = [False] * len(views), [0.0] * len(views)
        if shown:
            pictures = [p.centre for i in shown for p in views[i][: 1 + self.index_deck] if p is not None]
            d = self.m.centre.distances(hog(np.stack(pictures)))
            k = 0
            for i in shown:
                j = self.m.centre.classes.index(faces[i])
                both = self.index_deck and views[i][1] is not None
                flips[i] = bool(both and d[k + 1, j] < d[k, j])
                costs[i] = float(d[k : k + 1 + both, j].min())
                k += 1 + both
        return flips, costs


def _strip_only(card: np.ndarray, shown: float) -> np.ndarray:
    """A covered card with what lies on it (the next card's edge and index) painted over in
    the card's own paper colour, so that only its own strip is read."""
    x = max(1, int(shown * CARD_W))
    paper = np.percentile(card[:, :x].reshape(-1, 3), 90, axis=0)
    card[:, x:] = paper.astype(card.dtype)
    return card


def _axes(quads: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Unit vectors along the rows and across them: the cards' mean top-edge direction,
    folded so that upside-down cards agree."""
    angles = [np.arctan2(*(q[1] - q[0])[::-1]) % np.pi for q in quads]
    a = np.angle(np.mean(np.exp(2j * np.array(angles)))) / 2
    u = np.array([np.cos(a), np.sin(a)])
    if u[0] < 0:
        u = -u
    return u, np.array([-u[1], u[0]])


def group_rows(corners: list[np.ndarray]) -> list[list[int]]:
    """Cards in rows (by the cards' own axis), top row first, each read left to right."""
    if not corners:
        return []
    quads = [np.float32(c) for c in corners]
    u, v = _axes(quads)
    centres = np.array([q.mean(0) for q in quads])
    heights = np.array([np.linalg.norm(q[3] - q[0]) for q in quads])
    along, across = centres @ u, centres @ v
    rows: list[list[int]] = []
    for i in np.argsort(across):
        if rows and abs(across[i] - np.mean(across[rows[-1]])) < 0.5 * np.median(heights):
            rows[-1].append(int(i))
        else:
            rows.append([int(i)])
    return [sorted(row, key=lambda i: along[i]) for row in rows]


def group_words(corners: list[np.ndarray]) -> list[list[int]]:
    """Cards in rows, each row cut into words where the gap between neighbours exceeds half a
    card width; read left to right."""
    if not corners:
        return []
    quads = [np.float32(c) for c in corners]
    u, _ = _axes(quads)
    along = np.array([q.mean(0) for q in quads]) @ u
    widths = np.array([np.linalg.norm(q[1] - q[0]) for q in quads])
    words = []
    for row in group_rows(quads):
        word = [row[0]]
        for prev, cur in zip(row, row[1:]):
            gap = along[cur] - along[prev] - (widths[cur] + widths[prev]) / 2
            if gap > 0.5 * np.median(widths):
                words.append(word)
                word = []
            word.append(cur)
        words.append(word)
    return words


def _two_cards(reader: Reader, img: np.ndarray, read: Read) -> list[Read]:
    """A "card" with no index in either corner may be two cards side by side whose seam the
    detector missed (together they have a card's proportions): read the halves instead."""
    c0, c1, c2, c3 = np.float32(read.quad)
    m12, m03 = (c1 + c2) / 2, (c0 + c3) / 2
    halves = reader.read(img, [np.float32([c1, m12, m03, c0]), np.float32([m12, c2, c3, m03])])
    return halves if not any(h.no_index for h in halves) else [read]


def card_heap(img: np.ndarray, outline: np.ndarray) -> bool:
    """Whether a blob the finder could not cut into cards looks like cards piled on each other:
    an outline of straight edges that is not convex (cards lie at angles), around paper with some
    print on it. A patch of glare is round and blank, a board one convex square, a cloth's pattern
    blank or mostly dark: none of them is a heap."""
    contour = np.float32(outline).reshape(-1, 1, 2)
    peri = cv2.arcLength(contour, True)
    poly = cv2.approxPolyDP(contour, 0.01 * peri, True).reshape(-1, 2)
    sides = np.linalg.norm(np.roll(poly, -1, axis=0) - poly, axis=1)
    solidity = cv2.contourArea(contour) / max(cv2.contourArea(cv2.convexHull(contour)), 1.0)
    if solidity >= 0.95 or float(sides[sides > 0.03 * peri].sum()) < 0.85 * peri:
        return False
    inside = np.zeros(img.shape[:2], np.uint8)
    cv2.fillPoly(inside, [np.int32(np.round(outline))], 255)
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)[cv2.erode(inside, np.ones((9, 9), np.uint8)) > 0]
    if gray.size == 0:
        return False
    ink = float((gray < np.percentile(gray, 90) - 60).mean())
    return 0.01 < ink < 0.3


def _letter_card(read: Read) -> bool:
    """A card that is a letter card of the deck beyond doubt (see LETTER_COST)."""
    return not read.no_index and read.face != WILD and read.cost < LETTER_COST and read.centre_cost < CENTRE_FAR


def no_letter_cards(source: str | Path | np.ndarray, cut_off: int = 0) -> NoCardsFound:
    where = "the photo" if isinstance(source, np.ndarray) else str(source)
    advice = (
        "step back so that every card is whole in the photo"
        if cut_off
        else "lay the game's cards flat on a plain table, fill the frame with them, and avoid glare"
    )
    return NoCardsFound(f"no letter cards found in {where}; {advice}")


def read_photo(
    source: str | Path | np.ndarray, game: str, require_ocr: bool = False, deck: Deck | None = None
) -> PhotoReading:
    """Cards and words on a photo of the table, with their values in ``deck`` (the table's own deck
    file; the game's shipped deck when None). Raises NotAnImage, TinyImage, NoCardsFound, CardsOverlap,
    or OcrUnavailable (only with ``require_ocr``)."""
    ocr = backend()
    if ocr is None and require_ocr:
        raise OcrUnavailable(ocr_status() or "Tesseract is not available")
    img, scale = open_photo(source)
    quads, shown, _, cut_off, outlines = find_cards(img)
    # Dozens of shapeless blobs are a cloth's pattern or a board's squares, not heaps of cards.
    heaps = sum(card_heap(img, o) for o in outlines) if len(outlines) <= PATTERN_BLOBS else 0
    if not quads:
        if heaps:
            raise CardsOverlap(
                f"found {heaps} heap(s) of overlapping cards; spread them so each card's "
                "corner shows, and take the photo again"
            )
        raise no_letter_cards(source, cut_off)
    reader = Reader(game, deck)
    reads = reader.read(img, quads, shown)
    if not any(map(_letter_card, reads)):  # playing cards, dominoes, a board: never read as letters
        raise no_letter_cards(source)
    reads = [r for read in reads for r in (_two_cards(reader, img, read) if read.no_index else [read])]
    unsure = [i for i, r in enumerate(reads) if r.confidence < SURE and r.face_ink is not None]
    votes = dict(zip(unsure, ocr.read([reads[i].face_ink for i in unsure]))) if ocr and unsure else {}
    cards = []
    for i, (face, suit, conf, suit_conf, q, *_) in enumerate(reads):
        if conf < SURE:
            vote = votes.get(i)
            # Two independent readers agreeing is strong evidence; disagreeing, or no second
            # reader at all, is for the player to check. Tesseract has no say on the suit, and
            # its reading nothing does not confirm a joker or a blank.
            if vote is not None and vote == face != WILD:
                conf = SURE
        flagged = conf < SURE or suit_conf < SUIT_SURE
        conf = min(conf, suit_conf)
        corners = (np.asarray(q) / scale).round().astype(int).tolist()
        cards.append(CardRead(face, reader.deck.values[face], suit, conf, corners, flagged))
    notes = []
    if heaps:
        notes.append(f"{heaps} heap(s) of overlapping cards were skipped")
    if cut_off:
        notes.append("cards cut by the photo's edge were left out; step back so every card is whole in the photo")
    if ocr is None:
        notes.append(ocr_status() or "")
    return PhotoReading(cards, group_words([np.float32(c.corners) for c in cards]), notes)
