"""Photo -> cards -> words: the reader's pipeline and its result types."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, partial
from pathlib import Path
from typing import NamedTuple

import cv2
import numpy as np

from companion.decks import WILD, Deck, standard_deck
from vision.blur import blurred
from vision.designs import CARD_H, CARD_W, Layout
from vision.detect import find_cards
from vision.errors import CardsOverlap, NoCardsFound, NotAnImage, OcrUnavailable, TinyImage
from vision.glyphs import EMPTY, Classifier, Ink, card_parts, face_ink, features
from vision.model import Model, model
from vision.net import (
    CARD_HEADS,
    CORNER,
    INDEX_HEADS,
    NO_VALUE,
    SUITS,
    VALUES,
    Heads,
    card_crop,
    card_net,
    centre_crop,
    centre_net,
    corner_crop,
    index_net,
    pip_shapes,
)
from vision.ocr import Ocr, backend, ocr_status
from vision.photo_file import decode
from vision.pips import likeness, pip_picture
from vision.quad_order import proportions, side_pairs

MAX_SIDE = 4000  # larger photos are shrunk first: more pixels only cost time
MIN_SIDE = 200
STEP_BACK = "step back so every card is whole in the photo"  # the advice where the photo's edge cuts cards
BLURRED_ADVICE = "the photo is blurred: hold the camera still and take it again"  # where no card could be read
BLURRED_NOTE = "the photo is blurred: cards may be misread; hold the camera still and take it again"  # some flagged
# Confidence is the net's joint posterior of the chosen face (both corners, letters and value) among
# the deck's faces. Thresholds chosen on renders of TRAINING designs (scripts/calibrate_reader.py):
SURE = 0.98  # a read this sure needs no second opinion; below it Tesseract must agree or the card is flagged
STONE_SURE = 0.95  # the same for a Words And Points stone (the card net's read: its wrong reads are less sure)
SUIT_SURE = 0.99  # a pip has no second reader: both corners must agree on it, and their sum be clear
# ... and a card whose two corners both show must be surer still: pips printed unlike every pip the nets
# learnt are read as the other suit of their colour at 0.99-0.999 from both corners. Validation fonts and
# pips, Word Thief, 200 photos a row: wrong cards unflagged 12 -> 7 at 720p and 8 -> 5 at 1080p, right cards
# flagged 132 -> 169 and 23 -> 32; training designs 86 -> 115 and 26 -> 29, none unflagged either way; hands
# (their covered cards keep SUIT_SURE) 1 -> 1 and 3 -> 2 unflagged, right flagged 74 -> 76 and 88 -> 89.
SUIT_SURE_WHOLE = 0.999
VOTE_FLOOR = 0.25  # Tesseract agreeing lifts a doubtful read to SURE, not a read the net all but rejects
# A covered card of a hand shows one strip of its index, which Tesseract reads as the net does: a letter whose
# stroke the next card or the strip's edge hides reads as another to both (an L as an I, a Q as an O). Its vote
# lifts a covered card's read from COVERED_VOTE_FLOOR only. Hands of training and validation fonts (12 rows of
# 100): of the covered cards Tesseract lifted, 98 right and 5 wrong (0.28-0.93); from 0.8, 3 of the wrong stay
# flagged and 19 right ones more (photos needing no correction 868 -> 859); word photos alike.
COVERED_VOTE_FLOOR = 0.8
# Tesseract agreeing does not lift a read that one of the net's reads (a corner, the grown quad's) gives
# another face this surely (a T whose bar the quad cut reads I there, and to Tesseract), nor a stone
# turned upright with log-odds under TURN_SURE (Tesseract reads it as turned; an M turned is a W).
# Renders of training designs: 0.3% of the right index cards, 0.1% of the right stones lose the vote.
RIVAL_SURE = 0.8
TURN_SURE = 4.0
# An M and a W are each other turned round: once Tesseract is shown the whole letter (glyphs.LETTER_REACH)
# it reads a wrongly turned W as the M the card net made of it. Renders of training designs: a W turned
# with log-odds 5.1 confirmed as an M; no right M or W under 9.
TWINS = frozenset("MW")
TWIN_TURN_SURE = 8.0
# Tesseract reading nothing at all in either corner (a short or thin letter is no word to it, nor to its layout
# analysis) does not contradict an index read at least QUIET_SURE from both corners, which no read (a corner, the
# grown quad's) gives another face as much as QUIET_RIVAL: it is as good as confirmed. Not an I (LONE_STROKE): a
# letter whose strokes the quad or glare cut off reads as one. Renders of training designs, 100 photos each of
# Word Thief and Quiddler at 1080p and 720p, with the crops of glyphs.LINE_ACROSS: right cards flagged 250 -> 226
# (400 more photos: 209 -> 197), no wrong card more left unflagged on either range. Wrong faces Tesseract left
# silent were I's or under 0.51 there; from 0.7 (250 -> 221) a D read for an O at 0.76 was unflagged but for its suit.
QUIET_SURE = 0.9
QUIET_RIVAL = 0.5
LONE_STROKE = frozenset({"I", WILD})
# Tesseract reading another face of the deck outvotes the net where the net gives that face this share
# of its posterior (renders of training designs: 16 of 80 wrong faces put right, no right one lost).
OUTVOTE = 0.1
# A stone's letter is printed large in its middle, and Tesseract reads it far better than an index: it
# outvotes the card net from this share, except where either face is an I (Tesseract takes any bar for
# one). Renders of training designs: 13 of 25 wrong stones put right, none lost (OUTVOTE: 9). Lowered from 0.01:
# on renders of training designs (Words And Points, 200 photos a size from 300000) the right stones Tesseract read
# as another face gave that face 0.00005 at most, three wrong ones it read right 0.0009-0.0025 (an I, which needs
# OUTVOTE, and two stones turned in doubt, where its reading does not count: no photo changed); on validation fonts'
# renders 4 wrong stones more were put right (an O for a Q twice, an F for an H, a V for an M), none lost. Index
# decks keep OUTVOTE: there the faces Tesseract read otherwise were its misreads of a small index.
OUTVOTE_STONE = 0.0002
# A pip read with log-odds PIP_SEEN over its partner suit (the same colour: spades and clubs, hearts
# and diamonds) shows how the photo's deck prints it; a card whose two corners lean at least PIP_LEAN
# the other way is not of that suit (renders of training designs: 5-10% fewer right cards flagged for
# their suit, no wrong one more left unflagged; leaning 1 log-odds, a club read for a spade went unflagged).
PIP_SEEN = 8.0
PIP_LEAN = 3.0
PARTNER = (SUITS.index("c"), SUITS.index("d"), SUITS.index("h"), SUITS.index("s"))  # of SUITS[:4]
# The pips of a photo's cards whose suit is read PIP_REF sure show what each suit looks like in its deck
# (vision/pips.py): a card under SUIT_SURE whose colour is COLOUR_SURE and whose every pip picture lies at
# least PIP_LIKE of the way from its partner suit's mean picture to its own suit's is SUIT_SURE_WHOLE sure,
# where each suit has PIP_REFS pictures (renders of training designs: 8-17% fewer right cards flagged for
# their suit, no wrong one more left unflagged; from one picture each, a spade read as a club went unflagged).
PIP_REF = 0.8
PIP_LIKE = 0.8
COLOUR_SURE = 0.99
PIP_REFS = 2
# A card the index net reads surely of its suit whose pip pictures in both corners lie under PIP_UNLIKE of
# the way from its partner suit's mean picture to its own suit's looks like its partner's pips: it is
# flagged, its suit PIP_DOUBT sure (renders of training designs: a spade read as a club, net 1.000,
# likeness 0.05 and 0.09; on two ranges of 80 photos no right card more flagged).
PIP_UNLIKE = 0.15
PIP_DOUBT = 0.5
# The pip net (vision/models/pip.onnx, scripts/train_pips.py) learnt pips' shapes alone, from the training fonts'
# glyphs and as many pips drawn in shapes no font prints. A card whose pips it reads, summed over both corners,
# PIP_NET_DOUBT log-odds or more as its partner suit's is flagged (PIP_DOUBT), and one unsure of its suit whose pips
# it reads PIP_NET_SURE or more as the chosen suit's (and that shape over every other) is SUIT_SURE_WHOLE sure.
# Chosen from each card's log-odds on renders in validation fonts and pips (Word Thief 720p and 1080p, 200 photos a
# row from 300000 and 400000, and 100 spread hands) and training designs (720p): of 18 wrong suits left unflagged,
# 11 flagged at 1.5 and 18 right cards flagged more (12 and 41 at 1.0, 10 and 11 at 2.0); from 8, 31 right cards no
# longer flagged for their suit and no wrong suit made sure (one from 6). The narrower net first shipped (16, 32 and
# 64 channels, f8260a0; trained on the same pictures) caught 12 at 1.0 with 38 right cards flagged, 9 at 1.5 with 22.
PIP_NET_DOUBT = 1.5
PIP_NET_SURE = 8.0
# Where the pip net reads the partner suit PIP_NET_SWITCH log-odds surer than the index nets read the chosen one,
# the card is read as of the partner suit, flagged all the same (PIP_DOUBT): the two are independent views of one
# pip. On renders in validation fonts and pips (Word Thief 720p, 400 photos from 300000; 1080p, 200; 150 spread
# hands at 720p) and of training designs (720p, 200 from 400000): 18 wrong suits made right and 1 right suit made
# wrong (a hand's card), every one of them flagged before and after; at 3, 14 and 0; at 1, 25 and 7; at 0, 38 and 22.
PIP_NET_SWITCH = 2.0
# One deck lies on the table: where a card's suit is left in doubt (under SUIT_SURE), the index nets may misread that
# suit's pips on every card of the photo, and each other card read of it whose pips the pip net does not read as its
# suit's over its partner's by PIP_NET_LEAN log-odds (or with no pip cut) is flagged too (PIP_DOUBT). The photo needs
# a look already: no photo more to correct. Validation fonts and pips (a deck whose clubs the index nets read as
# spades, some surely), Word Thief 1080p and 720p, tuned tables and TRAIN_TABLES, 400 photos from 300100 (with
# pips.py's column rule): wrong cards left unflagged 7 -> 2, right cards flagged 195 -> 217; 400 from 300200: 6 -> 5,
# 255 -> 285; 240 hands from 301000: 1 -> 1, 189 -> 219; photos needing no correction alike or more.
PIP_NET_LEAN = 1.0
# An index deck prints the face large in the card's middle (DESIGN.md): the centre net reads it (both ways up,
# weighed by its own odds of which is upright) and its log-share, floored at CENTRE_FLOOR, joins the corners'
# joint posterior with CENTRE_WEIGHT. Where it gives the chosen face CENTRE_SURE and the joint posterior gives
# it CENTRE_JOINT, the face is confirmed. Renders of training designs, Word Thief and Quiddler at 1080p and
# 720p, 200 photos a row, seeds from 300000 (chosen) and 400000 (checked): wrong cards 52 -> 35 and 49 -> 40
# (Quiddler 720p 12 -> 3 and 7 -> 3), right cards flagged 290 -> 142 and 256 -> 148, photos needing no
# correction 655 -> 709 and 674 -> 708 of 800, wrong cards left unflagged 2 -> 1 and 2 -> 2. Weight 0.5 put
# right 5 wrong cards of 34 on Word Thief 720p, 1.0 seven. Confirming only where Tesseract's would count
# (VOTE_FLOOR, RIVAL_SURE) left 184 and 185 right cards flagged. A middle CENTRE_SURE of another face keeps
# Tesseract from confirming a card: on the same photos a J read for an I was flagged so, and one right T.
# Flagging also the cards the corners read sure where the middle is surer than 0.9999 of another face
# caught one wrong card in 3200 photos and flagged 12 right ones: not done.
# CENTRE_JOINT 0.95 flagged 1-4 right cards fewer a row and no wrong card more on the training rows, but left
# one held-out Word Thief 720p wrong card more unflagged on the bench (2026-12-05): not done.
CENTRE_SURE = 0.99
# A card the corners read SURE whose middle the centre net reads DISPUTE_SURE as another face is disputed:
# flagged (validation designs, Word Thief at 1080p and 720p: a condensed O read U from both corners, its middle O
# at 1.0). Renders of training and validation designs, Word Thief and Quiddler at 1080p and 720p, 200 photos a
# row: at DISPUTE_SURE 0.99999 that O was caught at both sizes and right cards flagged went 284 -> 287 of 13144 (at
# CENTRE_SURE, 0.99, some 30 more). Tesseract reading what the corners read cleared it at first, but it reads the
# same corner: an O whose index touches the card's top, read U by both (validation Word Thief spread 300054). Not
# clearing it, on validation fonts' renders (600 word photos, 1120 hands; seeds from 300000 and 300200): 1 wrong
# card more flagged, 2 right ones; on the held-out bench (2026-12-07 11:10) no wrong card, 13 right ones of 5124.
# Kept: a card read wrong and passed costs a score, a right one flagged a glance.
DISPUTE_SURE = 0.99999
# Of a hand shaped two ways (vision.detect.Detected.reshaped), the index corners' shapes are kept where their cards'
# faces read surer: their mean log-confidence, each floored at SHAPE_FLOOR, SHAPE_MARGIN over the cues' (both sure:
# the two differ by under 0.01 in rounding). Validation fonts' hands (Quiddler and Word Thief, fans and spreads, on
# the tuned tables and TRAIN_TABLES; 600 from seed 301000): faces right 4723 -> 4732 of 4784, wrong cards 76 -> 66,
# right cards flagged 288 -> 281, cards found, cut, false and wrong left unflagged alike; 600 more from 301075 (not
# looked at before): faces right +3, wrong cards 65 -> 63, right cards flagged 213 -> 211, a card cut in two fewer.
# Offering the net's rectangles too where the top card's shape is not found: faces right +2 on each range, right
# cards flagged 281 -> 280 and 211 -> 208, a card more found and one fewer cut; nothing else changed.
# The same margin keeps a word's card in its neighbours' size (vision.detect.OFF_SIZE): validation fonts' word photos
# (3 decks, 1080p and 720p, tuned tables and TRAIN_TABLES, 1200 from seed 300100): faces right +5, wrong cards -3,
# wrong left unflagged 11 -> 8, right cards flagged -8; 1200 more from 300200: +2, -2, 12 -> 11, -6.
SHAPE_FLOOR = 0.01
SHAPE_MARGIN = 0.02
# A stone's sides differ by 1.0-1.15 (perspective: up to 1.3); where they are nearly alike, its corners may start from
# its side, and lying sideways it reads as no letter (a D as an S at 0.000). Only such a stone is read a quarter turn
# round: an N turned is a Z, an E an M, and a right read a little unsure may lose to its twin read surely. Validation
# fonts' word photos (250 from seed 300000 a size, training tables): the stones a quarter turn put right read
# 0.000-0.004 sideways, each as another face, and no right read was under 0.097 as it lay; wrong stones 25 -> 17, right
# ones flagged 57 -> 58.
QUARTER_ASPECT = 1.3
QUARTER_DOUBT = 0.05
CENTRE_JOINT = 0.99
CENTRE_WEIGHT = 1.0
CENTRE_FLOOR = -4.0
RAISE = 0.025  # a covered card's second read: its corners moved up by this share of its height
GROW = 0.05  # an index is read again from the card's quad grown by this share of its width on every side
# unless the quad's read of both corners is this sure of a face (renders of training designs read the
# same cards, faces and flags with 0.95 to 0.999, and with no skipping at all: the most cautious)
GROWN_SURE = 0.999
VALUE_WEIGHT = 0.5  # the value is printed small: it settles close calls, it does not overrule letters
VALUE_FLOOR = -4.0  # nor does a value the deck file changed (the card prints another): its log-probability is capped
# ... but a card to whose face's printed value the nets give under VALUE_DOUBT of their share, where they read that
# very value VALUE_SEEN sure on another card of the photo (this deck prints it as they learnt), is flagged: it prints
# another value, and its face may be misread however sure. A hand's covered W read as N at 1.000, its 4 read as 6,
# beside N, E and T read with their 1 at 1.000 (validation spread 300018, printed in fonts of neither side). On 5065
# validation cards (Word Thief and Quiddler, words at 720p and 1080p and hands, 40 photos a row) it flagged that card
# and no right card unflagged before; under 0.05 it would have flagged two right cards more. On 6078 fresh ones (all
# three decks, seeds from 300100) it flagged 5 wrong cards flagged already and no right card.
VALUE_DOUBT = 0.01
VALUE_SEEN = 0.99
# A hand's covered card showing a strip under SHORT_STRIP of the photo's covered cards' median (three or more) is
# flagged, with the card whose corner ends its strip: two corners found on one index are a card and a piece of it, one
# card too many (a Quiddler fan's TH read as TH, then an H at 0.981, unflagged, between it and the next card:
# validation 300002 in fonts of neither side, the TH's strip 0.40 of the median, the H's 0.52). On 2229 covered cards
# of 320 validation hands no other strip was under 0.63, nor under 0.62 on 2119 of 320 fresh ones (seeds from 300100).
SHORT_STRIP = 0.5
TAUGHT_WEIGHT = 4.0  # log-odds per unit of template distance: what a taught deck's own print adds
TAUGHT_FAR = 1.3  # template distance of a face the teaching did not show
# A photo holds letter cards when at least one card is one beyond doubt: the net's "letter card" head
# at least LETTER_SURE. Playing cards, dominoes, a board's squares and patterned cloth never are; a
# card whose corners both say "no index" under NO_INDEX is no one card (two halves, or no letter card).
LETTER_SURE = 0.9
# and when they are not a stray few among many cards: a playing card or a domino the net mistakes for
# a letter card is one in a photo of a dozen; on renders of training designs a photo of letter cards
# has at least 60% of its cards sure.
LETTER_SHARE = 0.25
# and one of them at least is a face the net finds likelier right than wrong: a board's squares
# can pass the letter head while no face fits them (the covered stones of a hand, too, but its top
# stone is read).
LETTER_FACE = 0.5
NO_INDEX = 0.5
# A Word Thief card under SMALL_CARD pixels wide in the photo prints its pip in 5-8 pixels: on renders in validation
# fonts and pips at 720p (400 photos from 300000), suits were read wrong on 4.8% of the cards 70-89 pixels wide,
# 2.7% of those 90-99 wide and 1.4% of those 100-119 wide; 1.4% of all the cards at 1080p (200 photos).
SMALL_CARD = 100
PATTERN_BLOBS = 12  # more blobs no card can be cut from than a table of heaps shows
GRID_LINES = 0.85  # a blob whose ink is this much long straight lines, all at right angles, is a board's grid
GRID_ALIGNED = 0.95  # ... the lines' agreement on one pair of right-angled directions (1: exactly)
# ... the shortest of those lines, of the blob's shorter side: a run of squares joins into a blob two to
# four squares across, and the grid shows inside it between two squares, a square's side long or less.
GRID_REACH = 0.12


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
    return cv2.warpPerspective(img, _to_card(corners), (CARD_W, CARD_H))


def _to_card(corners: np.ndarray) -> np.ndarray:
    dst = np.float32([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]])
    return cv2.getPerspectiveTransform(np.float32(corners), dst)


def _corners_warped(img: np.ndarray, corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Of `warp_card` and of the card turned round, only the top-left part that holds the index
    (`net.CORNER`): a warp of two windows costs two fifths of a whole card's."""
    w, h = int(CORNER[2] * CARD_W), int(CORNER[3] * CARD_H)
    m = _to_card(corners)
    far = np.float64([[1, 0, w - CARD_W], [0, 1, h - CARD_H], [0, 0, 1]]) @ m  # the lower right window
    return cv2.warpPerspective(img, m, (w, h)), cv2.flip(cv2.warpPerspective(img, far, (w, h)), -1)


def _distances(clf: Classifier, inks: list[Ink], classes: list[str]) -> np.ndarray:
    """(len(inks), len(classes)) distances to taught templates; an empty box, or a class the
    teaching did not show, is TAUGHT_FAR from everything (no evidence either way)."""
    out = np.full((len(inks), len(classes)), TAUGHT_FAR, np.float32)
    inked = [i for i, ink in enumerate(inks) if ink.glyph is not None]
    if inked:
        d = clf.distances(features([inks[i] for i in inked]))
        col = {c: j for j, c in enumerate(clf.classes)}
        for k, c in enumerate(classes):
            if c in col:
                out[inked, k] = np.minimum(d[:, col[c]], TAUGHT_FAR)
    return out


def _per_card(d: np.ndarray, owner: list[int], n: int, mean: bool = False) -> np.ndarray:
    """Rows of ``d`` summed (or averaged) per card (a card may be seen in one corner or two)."""
    sums = np.zeros((n, d.shape[1]), np.float32)
    np.add.at(sums, owner, d)
    return sums / np.maximum(np.bincount(owner, minlength=n), 1)[:, None] if mean else sums


def _shares(scores: np.ndarray) -> np.ndarray:
    """Each row of log-scores as probabilities."""
    p = np.exp(scores - scores.max(-1, keepdims=True))
    return p / p.sum(-1, keepdims=True)


def _posterior(score: np.ndarray) -> tuple[int, float]:
    """The best class of log-scores and its probability among the classes."""
    p = _shares(score)
    best = int(np.argmax(p))
    return best, float(p[best])


class Read(NamedTuple):
    """One card as the nets read it, before Tesseract's vote."""

    face: str
    suit: str | None
    confidence: float  # of the face (letters and value)
    suit_confidence: float  # 1.0 where there is no suit to read
    quad: np.ndarray  # corners from the card's own top-left
    face_ink: Callable[[], list[np.ndarray]] | None  # cuts the letters' ink for Tesseract, each print (None: no vote)
    no_index: bool  # an index deck's card with no index in either corner: not one card
    letter: float = 0.0  # how sure the net is that this is a letter card of the game
    # Tesseract reads one crop of the card, so its agreeing is no second opinion where that crop may
    # be the wrong one: where one of the net's reads (a corner, the grown quad's) is sure of another
    # face, or where a stone, whose letter Tesseract reads upright as the card net turned it, may be
    # turned the wrong way.
    rival: float = 0.0  # the surest share any one read gives a face other than the chosen one
    turn: float = np.inf  # a stone's log-odds for the way it was turned (an index deck reads both corners)
    shares: dict[str, float] | None = None  # the joint posterior of each of the deck's faces
    # A stone read blank whose letter box holds no ink: a second look, as Tesseract's is for a letter
    # (the letter head doubts blank stones: 0.70-0.91 on renders of training designs, under STONE_SURE).
    empty: bool = False
    both: bool = False  # read from the index in both corners (an index deck's card, not covered)
    # The centre net's share of each of the deck's faces, from the face an index deck prints large in the
    # card's middle (None: a stone, a covered card whose middle is hidden, or a card whose corners are sure,
    # whose middle is not weighed): a second opinion of its own.
    centre: dict[str, float] | None = None
    # The centre net's surest share of another face than the one read, wherever it read the middle, weighed
    # or not: what disputes a read the corners are sure of (see _disputed).
    centre_rival: float = 0.0
    covered: bool = False  # a hand's covered card: read from the strip of it that shows
    value: float = 1.0  # the value head's share of the value the face read prints (1.0: a value the net does not know)


def _value_col(face: str, value: int) -> int:
    """The value head's column of what ``face`` prints (-1: a value the net does not know)."""
    printed = NO_VALUE if face == WILD else str(value)
    return VALUES.index(printed) if printed in VALUES else -1


class Reader:
    """Reads cards of one game, warped upright or upside down, in one batch per net."""

    def __init__(self, game: str, deck: Deck | None = None):
        self.m: Model = model(game)
        self.deck = deck or standard_deck(game)
        self.faces = list(self.deck.values)  # every face with a value; "*" included when the deck has it
        self.index_deck = self.m.layout.corner_index
        self.sure = SURE if self.index_deck else STONE_SURE
        self.outvote = OUTVOTE if self.index_deck else OUTVOTE_STONE
        face_classes = (INDEX_HEADS if self.index_deck else CARD_HEADS)["face"]
        # Each deck face's column in the face head and its printed value's in the value head.
        self.face_col = np.array([face_classes.index(f) for f in self.faces])
        self.value_col = np.array([_value_col(f, v) for f, v in self.deck.values.items()])

    def _turned(self, cards: list[np.ndarray]) -> tuple[np.ndarray, Heads]:
        """The log-odds that each card lies upside down, by the card net on each card as it lies and
        turned round (its centre art, or a stone's letter and value); and the net's heads for both views."""
        crops = [card_crop(card) for card in cards]
        heads = card_net()([v for crop in crops for v in (crop, cv2.flip(crop, -1))])  # shrinking commutes with turning
        return _turn_odds(heads["up"]), heads

    def read(self, img: np.ndarray, quads: list[np.ndarray], shown: list[float] | None = None) -> list[Read]:
        """Read each card at ``quads``; a card with less than all its width ``shown`` (covered in
        a spread hand) is read from the strip that shows, its top-left index."""
        shown = shown or [1.0] * len(quads)
        covered = [s < 1.0 for s in shown]
        n = len(quads)
        cards = [warp_card(img, q) if s >= 1.0 else _strip_only(warp_card(img, q), s) for q, s in zip(quads, shown)]
        turn, whole = self._turned(cards)
        turned = [t > 0 and not c for t, c in zip(turn, covered)]  # a covered card's centre is hidden
        starts = [np.roll(q, -2, axis=0) if t else q for q, t in zip(quads, turned)]
        if self.index_deck:
            # An index deck shows its index in both corners: read both. A covered card shows one:
            # it is read again a little higher up, as a corner found a few pixels low cuts the
            # top off a letter (a T becomes an I); both reads count.
            # Each corner is also read from the quad grown a little: a finder's quad cut inside the
            # card (a printed frame taken for its edge) cuts the index off; the two reads are averaged.
            views = []
            for q, card, hidden, s in zip(quads, cards, covered, shown):
                views += [
                    card,
                    _strip_only(warp_card(img, q + RAISE * (q[0] - q[3])), s) if hidden else cv2.flip(card, -1),
                ]
            first = index_net()([corner_crop(v) for v in views])
            # A card whose corners both read sure from its quad is not read again from the grown quad.
            sure = np.exp(first["face"].max(1)).reshape(n, 2).min(1) >= GROWN_SURE
            grown = [i for i in range(n) if not covered[i] and not sure[i]]
            again = index_net()(
                [corner_crop(v) for i in grown for v in _corners_warped(img, _enlarged(quads[i], GROW))]
            )
            rows = np.array([2 * i + j for i in grown for j in (0, 1)], int)
            logp = {}
            for name, lp in first.logp.items():
                second = lp.copy()  # a covered card's second read is its first, raised or not
                second[rows] = again[name]
                logp[name] = np.stack([lp.reshape(n, 2, -1), second.reshape(n, 2, -1)], 1).reshape(4 * n, -1)
            reads = logp["face"]  # each corner from the quad and from the grown quad
            heads = _mean_views(Heads(logp), 2)
            uprights = cards  # either corner shows the index upright
        else:
            heads, reads = whole, whole["face"]
            uprights = [cv2.flip(c, -1) if t else c for c, t in zip(cards, turned)]
        owner = [i // 2 for i in range(2 * n)]
        value = np.maximum(heads["value"], VALUE_FLOOR)
        value = np.where(self.value_col >= 0, value[:, np.maximum(self.value_col, 0)], value.min(1, keepdims=True))
        per_view = heads["face"][:, self.face_col] + VALUE_WEIGHT * value  # (views, deck faces)
        joint = _per_card(per_view, owner, n)
        if self.m.face is not None:
            joint -= TAUGHT_WEIGHT * self._taught(uprights)
        # An index deck prints its index in both corners: the surer corner says whether this is a letter
        # card (glare washing one corner out leaves it sure there is no index there). A stone's two
        # views, as it lies and turned round, see the same print: averaged.
        yes = heads["letter"][:, 1].reshape(n, 2)
        letter = np.exp(yes.max(1) if self.index_deck else yes.mean(1))
        centres: list[dict[str, float] | None] = [None] * n
        middles = np.zeros((n, len(self.faces)))  # the centre net's share of each face; none where covered
        if self.index_deck:
            # A card whose corners both read sure of a face (GROWN_SURE) outweighs the middle's floor twice
            # over: its middle does not join its joint posterior, but may dispute its read (see _disputed).
            centre, seen = self._centres(cards, covered)
            middles[seen] = np.exp(centre)
            for k, i in enumerate(seen):
                if not sure[i]:
                    joint[i] += CENTRE_WEIGHT * np.maximum(centre[k], CENTRE_FLOOR)
                    centres[i] = dict(zip(self.faces, middles[i].tolist()))
        picks = [_posterior(joint[i]) for i in range(n)]
        printed = _shares(_per_card(heads["value"], owner, n))  # both views
        chosen = [self.faces[b] for b, _ in picks]
        # Two views agreeing make the joint posterior sure even when each alone is not: the card is
        # only as sure as its least sure view as well.
        view_share = _shares(per_view)
        read_share = _shares(reads[:, self.face_col]).reshape(n, -1, len(self.faces))  # (cards, reads, faces)
        if self.deck.has_suits:

            @cache  # cut once: the pip net and the photo's other pips (`_alike`) both look at them
            def pictures(i: int) -> list[np.ndarray]:
                return _pip_pictures(cards[i], covered[i])

            suits = self._suits(heads, owner, chosen, covered, pictures)
        else:
            suits = [(None, 1.0)] * n
        out = []
        for i in range(n):
            no_index = self.index_deck and not covered[i] and letter[i] < NO_INDEX
            unreadable = covered[i] and not self.index_deck  # its stone is under another card
            weakest = float(view_share[2 * i : 2 * i + 2, picks[i][0]].min())
            # nor surer than that it is a letter card at all (a stone found alone, lying sideways, is not)
            conf = min(picks[i][1], weakest, float(letter[i]))
            if no_index or unreadable:
                conf = 0.0  # no vote: flagged
            # a stone's letter is in its middle (the layout's box); an index is found where it is printed
            taught = self.m.face is not None or not self.index_deck
            layout = self.m.layout if taught else None
            both = self.index_deck and not covered[i]
            ink = None if conf == 0.0 else partial(_face_inks, uprights[i], layout, both)
            others = np.delete(read_share[i], picks[i][0], axis=1)
            turn_odds = np.inf if self.index_deck or covered[i] else abs(float(turn[i]))
            empty = ink is not None and chosen[i] == WILD and not self.index_deck and not ink()
            out.append(
                Read(
                    chosen[i],
                    suits[i][0],
                    conf,
                    suits[i][1],
                    starts[i],
                    ink,
                    no_index,
                    float(letter[i]),
                    float(others.max()),
                    turn_odds,
                    dict(zip(self.faces, _shares(joint[i]).tolist())),
                    empty,
                    both,
                    centres[i],
                    float(np.delete(middles[i], picks[i][0]).max()),
                    covered[i],
                    float(printed[i, self.value_col[picks[i][0]]]) if self.value_col[picks[i][0]] >= 0 else 1.0,
                )
            )
        return out

    def _centres(self, cards: list[np.ndarray], skip: list[bool]) -> tuple[np.ndarray, list[int]]:
        """The centre net's log-share of each deck face for the cards not to ``skip`` (and their indexes):
        the middle read as it lies and turned round, each weighed by the net's odds that it is upright."""
        seen = [i for i, passed in enumerate(skip) if not passed]
        crops = [centre_crop(cards[i]) for i in seen]  # net.CENTRE is the card's middle: turning the crop turns it
        heads = centre_net()([v for crop in crops for v in (crop, cv2.flip(crop, -1))])
        back = 0.5 + 0.5 * np.tanh(0.5 * _turn_odds(heads["up"])[:, None])  # the logistic, without overflow
        face = heads["face"][:, self.face_col]
        shares = (1.0 - back) * _shares(face[0::2]) + back * _shares(face[1::2])
        return np.log(np.maximum(shares, 1e-9)), seen

    def _taught(self, cards: list[np.ndarray]) -> np.ndarray:
        """(cards, faces) distance of each card's face and value to the taught templates (both corners)."""
        lay = self.m.layout
        parts = [card_parts(c, lay) for c in cards]
        if self.index_deck:
            parts = [p for c, first in zip(cards, parts) for p in (first, card_parts(cv2.flip(c, -1), lay))]
        owner = [i // (1 + self.index_deck) for i in range(len(parts))]
        values = [str(self.deck.values[f]) if f != WILD else EMPTY for f in self.faces]
        d_face = _distances(self.m.face, [p.face for p in parts], self.faces)
        d = d_face
        if self.m.value is not None:
            d = d + VALUE_WEIGHT * _distances(self.m.value, [p.value for p in parts], values)
        return _per_card(d, owner, len(cards), mean=True)

    def _suits(
        self,
        heads: Heads,
        owner: list[int],
        faces: list[str],
        covered: list[bool] | None = None,
        pictures: Callable[[int], list[np.ndarray]] | None = None,
    ) -> list[tuple[str | None, float]]:
        """Suit and its confidence per card, from the index net's pip head (both corners), and from
        each card's pip ``pictures`` (by its index: `pip_picture`) beside those of the photo's other cards."""
        pips = heads["suit"][:, :4]  # a letter card has a pip
        logp = _per_card(pips, owner, len(faces))
        view_share = _shares(pips)
        reads: list[tuple[int, float, float] | None] = []  # best suit, its share, log-odds over its partner
        for i, face in enumerate(faces):
            if face == WILD:
                reads.append(None)
                continue
            best, p = _posterior(logp[i])
            corners = view_share[2 * i : 2 * i + 2]
            # Two corners agreeing on a pip each read small and unsure is sure (a 720p pip is 5-8 pixels);
            # corners that disagree leave the card as sure as the corner that doubts the sum's choice.
            agree = corners[0].argmax() == corners[1].argmax() and not (covered and covered[i])
            if not agree:
                p = min(p, float(corners[:, best].min()))
            reads.append((best, p, float(logp[i, best] - logp[i, PARTNER[best]]) if agree else 0.0))
        # One deck lies on the table: where its pip of one suit is read beyond doubt on a card of the
        # photo, a card whose corners both lean away from that suit to its partner (a club's from a
        # spade's) is no card of it, and the partner's share is taken from among the other suits.
        seen = {r[0] for r in reads if r is not None and r[2] >= PIP_SEEN}
        out: list[tuple[str | None, float]] = []
        for i, r in enumerate(reads):
            if r is None:
                out.append((None, 1.0))
                continue
            best, p, odds = r
            if odds > PIP_LEAN and PARTNER[best] in seen:
                share = _shares(logp[i])
                p = max(p, float(share[best] / (1.0 - share[PARTNER[best]])))
            out.append((SUITS[best], p))
        return _shaped(_alike(out, logp, pictures), logp, pictures) if pictures is not None else out


def _turn_odds(up: np.ndarray) -> np.ndarray:
    """The log-odds that each card lies turned, from an "up" head read on its views as it lies and turned
    round (alternate rows): it looks turned as it lies, and upright turned round."""
    return up[0::2, 1] + up[1::2, 0] - up[0::2, 0] - up[1::2, 1]


def _pip_pictures(card: np.ndarray, covered: bool) -> list[np.ndarray]:
    """The pictures of a warped card's pips (`pip_picture`): both corners, a covered card's strip only."""
    views = [card] if covered else [card, cv2.flip(card, -1)]
    return [pic for pic in (pip_picture(v) for v in views) if pic is not None]


def _alike(
    suits: list[tuple[str | None, float]], logp: np.ndarray, pictures: Callable[[int], list[np.ndarray]]
) -> list[tuple[str | None, float]]:
    """``suits`` with a card unsure of its suit made SUIT_SURE_WHOLE where its pip ``pictures`` look like the pips of
    the photo's cards surely of that suit and unlike those surely of its partner (see PIP_LIKE), and a card
    sure of its suit made PIP_DOUBT where they look like its partner's (see PIP_UNLIKE)."""
    out = list(suits)
    for i, (suit, p) in enumerate(suits):
        if suit is None:
            continue
        best = SUITS.index(suit)
        sure = [
            [j for j, (other, q) in enumerate(suits) if j != i and other == SUITS[s] and q >= PIP_REF]
            for s in (best, PARTNER[best])
        ]
        if not all(sure) or not pictures(i):
            continue  # no pip is cut where the photo shows no sure card of one of the two suits
        share = _shares(logp[i])
        if p < SUIT_SURE and share[best] + share[PARTNER[best]] < COLOUR_SURE:
            continue  # a red pip read black: no black pip is like it
        refs = [[pic for j in js for pic in pictures(j)] for js in sure]
        if min(len(r) for r in refs) < PIP_REFS:
            continue
        mine, partner = np.mean(refs[0], 0), np.mean(refs[1], 0)
        like = [likeness(pic, mine, partner) for pic in pictures(i)]
        if p < SUIT_SURE and min(like) >= PIP_LIKE:
            out[i] = (suit, SUIT_SURE_WHOLE)
        elif p >= SUIT_SURE and len(like) == 2 and max(like) < PIP_UNLIKE:
            out[i] = (suit, PIP_DOUBT)
    return out


def _shaped(
    suits: list[tuple[str | None, float]], index: np.ndarray, pictures: Callable[[int], list[np.ndarray]]
) -> list[tuple[str | None, float]]:
    """``suits`` with the pip net's word on each card's pips (see PIP_NET_DOUBT): a card whose pips look like its
    partner suit's made PIP_DOUBT sure, and of that suit where they look it by far more than the index nets read
    its own (PIP_NET_SWITCH; ``index``: their log-probabilities per card); one unsure of its suit whose pips look
    surely like it made SUIT_SURE_WHOLE; and every other card of a suit left in doubt whose pips do not speak for it
    made PIP_DOUBT sure (see PIP_NET_LEAN)."""
    read = [i for i, (suit, _) in enumerate(suits) if suit is not None and pictures(i)]
    if not read:
        return suits
    logp = pip_shapes([pic for i in read for pic in pictures(i)])
    owner = np.repeat(np.arange(len(read)), [len(pictures(i)) for i in read])
    out = list(suits)
    leaning: dict[int, float] = {}  # each card's pips' log-odds for its partner suit over its own
    for k, i in enumerate(read):
        suit, p = suits[i]
        best = SUITS.index(suit or "")
        mine = logp[owner == k].sum(0)
        odds = leaning[i] = float(mine[PARTNER[best]] - mine[best])
        if odds > float(index[i, best] - index[i, PARTNER[best]]) + PIP_NET_SWITCH:
            out[i] = (SUITS[PARTNER[best]], min(p, PIP_DOUBT))
        elif odds > PIP_NET_DOUBT:
            out[i] = (suit, min(p, PIP_DOUBT))
        elif -odds > PIP_NET_SURE and p < SUIT_SURE_WHOLE and mine.argmax() == best:  # a shape of its colour too
            out[i] = (suit, SUIT_SURE_WHOLE)
    doubted = {suit for (suit, _), (_, q) in zip(suits, out) if q < SUIT_SURE}  # as the index nets read it
    for i, (suit, p) in enumerate(out):
        if suit in doubted and p >= SUIT_SURE and leaning.get(i, 0.0) > -PIP_NET_LEAN:
            out[i] = (suit, PIP_DOUBT)
    return out


def _face_inks(card: np.ndarray, layout: Layout | None, both: bool) -> list[np.ndarray]:
    """The ink of the letters for Tesseract in each corner that prints them (``both``: an index deck's
    card, not covered): a corner in glare or cut by the quad gives no ink or garbage, the other may not."""
    views = [card, cv2.flip(card, -1)] if both else [card]
    return [ink for ink in (face_ink(view, layout) for view in views) if ink is not None]


def _enlarged(quad: np.ndarray, by: float) -> np.ndarray:
    """``quad`` grown about its centre by ``by`` of its size on every side."""
    centre = quad.mean(0)
    return np.float32(centre + (quad - centre) * (1 + 2 * by))


def _mean_views(heads: Heads, k: int) -> Heads:
    """Heads of ``k`` reads of each view (rows: card by card, the k reads' views in turn) as one
    read per view: their log-probabilities averaged, renormalised."""
    out = {}
    for name, logp in heads.logp.items():
        rows = logp.reshape(-1, k, 2, logp.shape[1]).mean(1).reshape(-1, logp.shape[1])
        out[name] = rows - np.log(np.exp(rows).sum(1, keepdims=True))
    return Heads(out)


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
    ink, inside = _inner_ink(img, outline)
    return inside > 0 and 0.01 < float(ink.sum()) / inside < 0.3


def _inner_ink(img: np.ndarray, outline: np.ndarray) -> tuple[np.ndarray, int]:
    """The dark print inside a blob, away from its rim (a 0/1 mask of the photo), and the inside's area."""
    inside = np.zeros(img.shape[:2], np.uint8)
    cv2.fillPoly(inside, [np.int32(np.round(outline))], 255)
    inner = cv2.erode(inside, np.ones((9, 9), np.uint8)) > 0
    if not inner.any():
        return np.zeros(img.shape[:2], np.uint8), 0
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    return ((gray < np.percentile(gray[inner], 90) - 60) & inner).astype(np.uint8), int(inner.sum())


def printed_grid(img: np.ndarray, outline: np.ndarray) -> bool:
    """Whether a blob's print is a board's grid: nearly all of its ink lies on long straight lines, and
    those run in one pair of right-angled directions. Cards piled on each other show letters, and
    their frames and stones lie at the cards' several angles."""
    ink, _ = _inner_ink(img, outline)
    if not ink.any():
        return False
    _, _, w, h = cv2.boundingRect(np.int32(np.round(outline)).reshape(-1, 1, 2))
    reach = GRID_REACH * min(w, h)
    lines = cv2.HoughLinesP(ink * 255, 1, np.pi / 180, int(reach * 0.6), minLineLength=reach, maxLineGap=3)
    if lines is None:
        return False
    on = np.zeros_like(ink)
    direction, length = 0j, 0.0
    for x1, y1, x2, y2 in lines.reshape(-1, 4).tolist():
        cv2.line(on, (x1, y1), (x2, y2), 1, 3)
        n = float(np.hypot(x2 - x1, y2 - y1))
        direction += n * np.exp(4j * np.arctan2(y2 - y1, x2 - x1))  # 4x: both directions of a right angle agree
        length += n
    lined = float((on & ink).sum()) / float(ink.sum())
    return lined >= GRID_LINES and abs(direction) / length >= GRID_ALIGNED


def _letter_card(read: Read) -> bool:
    """A card that is a letter card of the deck beyond doubt (see LETTER_SURE)."""
    return not read.no_index and read.face != WILD and read.letter >= LETTER_SURE


def second_opinions(reads: list[Read], ocr: Ocr | None, sure: float = SURE) -> dict[int, str]:
    """Tesseract's reading of the letters of each card under ``sure`` (by index in ``reads``; none for a card
    with no ink), in one call."""
    if not ocr:
        return {}
    # The ink is cut only for the cards asked about: most are sure. Each print of the index is read;
    # the vote is the net's face where one of them reads it, else the face of the deck read that the net
    # finds likeliest, else the first that reads anything. A read under VOTE_FLOOR is asked too: Tesseract
    # cannot confirm it, but it may outvote it (see outvoted); and a sure read the middle disputes (_disputed).
    asked = [i for i, r in enumerate(reads) if r.face_ink and (0.0 < r.confidence < sure or _disputed(r, sure))]
    inks = [(i, ink) for i in asked for ink in reads[i].face_ink()]
    texts: dict[int, list[str]] = {}
    for (i, _), text in zip(inks, ocr.read([ink for _, ink in inks]) if inks else []):
        texts.setdefault(i, []).append(text)
    return {i: _vote(reads[i], got) for i, got in texts.items()}


def _vote(read: Read, texts: list[str]) -> str:
    """Tesseract's vote on a card from its readings of the card's prints of the index."""
    if read.face in texts:
        return read.face
    shares = read.shares or {}
    faces = [t for t in texts if t in shares]
    return max(faces, key=shares.__getitem__) if faces else next((t for t in texts if t), "")


def outvoted(read: Read, vote: str | None, outvote: float = OUTVOTE) -> Read:
    """The card as Tesseract reads it where the net finds that face likely enough (OUTVOTE), itself
    unsure (a T whose bar is thin and an I; an E whose arms blur into an L): the net's second choice
    is then most often right. Tesseract's reading of a stone whose way up is in doubt is no evidence
    (it reads the stone as turned). The card keeps the share the net gives that face: it stays flagged."""
    share = (read.shares or {}).get(vote or "", 0.0)
    needed = max(outvote, OUTVOTE) if "I" in (vote, read.face) else outvote
    if vote is None or vote == read.face or share < needed or read.turn < TURN_SURE:
        return read
    return read._replace(face=vote, confidence=share)


def voted(
    reads: list[Read], ocr: Ocr | None, sure: float = SURE, outvote: float = OUTVOTE
) -> list[tuple[Read, float, bool]]:
    """Each card once Tesseract voted on those under ``sure`` (the deck's, Reader.sure; ``outvote``:
    Reader.outvote): as it is then read, its confidence, and whether the player must check it."""
    votes = second_opinions(reads, ocr, sure)
    out = []
    for i, read in enumerate(reads):
        vote = votes.get(i)
        if (swapped := outvoted(read, vote, outvote)) is not read:
            read, vote = swapped, None  # the two readers disagreed: no confirmation
        out.append((read, *checked(read, vote, sure)))
    return out


def checked(read: Read, vote: str | None, sure: float = SURE) -> tuple[float, bool]:
    """A card's confidence once Tesseract voted (``vote``: its reading, None when not asked), and
    whether the player must check it."""
    conf = read.confidence
    # Two independent readers agreeing is strong evidence; disagreeing, or no second reader at
    # all, is for the player to check. Tesseract has no say on the suit, and its reading nothing
    # does not confirm a joker or a blank.
    # Nor is it a second opinion where its crop may be the wrong one (see Read.rival, Read.turn).
    # A blank stone is the same either way up: its empty letter box is its second opinion.
    upright = read.turn >= (TWIN_TURN_SURE if read.face in TWINS else TURN_SURE)
    quiet = vote == "" and read.both and read.face not in LONE_STROKE  # see QUIET_SURE
    confirmed = read.empty or (vote is not None and vote == read.face != WILD and upright)
    confirmed |= quiet and conf >= QUIET_SURE and read.rival < QUIET_RIVAL
    # The centre net reads another print of the face: it is a second opinion even where one corner reads
    # another face (cut by the quad, in glare), which keeps Tesseract's, reading a corner, from counting; and
    # where it is sure of another face, the readers disagree: Tesseract's agreeing settles nothing.
    centre = read.centre or {}
    contradicted = max((p for face, p in centre.items() if face != read.face), default=0.0) >= CENTRE_SURE
    # A read the corners are sure of that the middle surely contradicts is checked, whatever Tesseract reads.
    disputed = _disputed(read, sure)
    floor = COVERED_VOTE_FLOOR if read.covered else VOTE_FLOOR
    if conf < sure and confirmed and conf >= floor and read.rival < RIVAL_SURE and not contradicted:
        conf = sure
    joint = (read.shares or {}).get(read.face, 0.0)
    if centre.get(read.face, 0.0) >= CENTRE_SURE and joint >= CENTRE_JOINT and read.letter >= sure:
        conf = max(conf, sure)
    return min(conf, read.suit_confidence), conf < sure or _suit_doubted(read) or disputed


def _short_strips(quads: list[np.ndarray], shown: list[float]) -> set[int]:
    """The covered cards whose strip is under SHORT_STRIP of the median strip of the photo's covered cards (three or
    more), and for each the card whose index corner lies nearest the end of its strip, where the next card starts."""
    covered = [i for i, s in enumerate(shown) if s < 1.0]
    if len(covered) < 3:
        return set()
    least = SHORT_STRIP * float(np.median([shown[i] for i in covered]))
    out = set()
    for i in covered:
        if shown[i] < least:
            end = quads[i][0] + shown[i] * (quads[i][1] - quads[i][0])
            others = [k for k in range(len(quads)) if k != i]
            out |= {i, min(others, key=lambda k: float(np.linalg.norm(quads[k][0] - end)))}
    return out


def _value_disputed(reads: list[Read], values: dict[str, int]) -> list[Read]:
    """The reads whose value the nets read as another than their face prints (VALUE_DOUBT), where they read that
    value surely on another card of the photo (VALUE_SEEN): this deck prints it as they learnt, so the card prints
    another value and its face may be misread. A deck that prints other values than its deck file is read alike on
    every card, so none is disputed."""
    seen = {values[r.face] for r in reads if r.value >= VALUE_SEEN}
    return [r for r in reads if r.value < VALUE_DOUBT and values[r.face] in seen]


def _suit_doubted(read: Read) -> bool:
    """Whether the player must check a card's suit (a card with no suit: never)."""
    return read.suit_confidence < (SUIT_SURE_WHOLE if read.both else SUIT_SURE)


def small_cards_note(reads: list[Read]) -> str | None:
    """A note where a card's suit is in doubt and the photo's cards are under SMALL_CARD pixels wide (the median):
    their pips are too few pixels to tell a club from a spade, and a closer photo reads them surer."""
    if not any(_suit_doubted(r) for r in reads):
        return None
    width = float(np.median([min(side_pairs(r.quad)) / 2 for r in reads]))
    if width >= SMALL_CARD:
        return None
    return f"the cards are small (about {int(width)} pixels wide): suits may be misread; take the photo closer"


def _disputed(read: Read, sure: float) -> bool:
    """A card read ``sure`` from its corners whose middle the centre net reads DISPUTE_SURE as another face."""
    return read.confidence >= sure and read.centre_rival >= DISPUTE_SURE


def no_letter_cards(source: str | Path | np.ndarray, cut_off: int = 0, blur: bool = False) -> NoCardsFound:
    where = "the photo" if isinstance(source, np.ndarray) else str(source)
    if cut_off:
        advice = STEP_BACK
    elif blur:
        advice = BLURRED_ADVICE
    else:
        advice = "lay the game's cards flat on a plain table, fill the frame with them, and avoid glare"
    return NoCardsFound(f"no letter cards found in {where}; {advice}")


def _surer_shapes(
    reader: Reader,
    img: np.ndarray,
    quads: list[np.ndarray],
    shown: list[float],
    reads: list[Read],
    reshaped: tuple[tuple[tuple[int, ...], tuple[np.ndarray, ...]], ...],
) -> tuple[list[np.ndarray], list[Read]]:
    """The cards' ``quads`` and ``reads`` with each card or hand shaped more ways (see Detected.reshaped) in the shape
    whose faces read surest: the mean log-confidence over its cards, each floored at SHAPE_FLOOR, SHAPE_MARGIN over the
    first."""
    quads, reads = list(quads), list(reads)
    if not reshaped:
        return quads, reads
    # All the other shapes in one batch: a card's face is read from its own crops alone.
    again = iter(reader.read(img, [q for _, qs in reshaped for q in qs], [shown[i] for ix, _ in reshaped for i in ix]))
    best: dict[tuple[int, ...], float] = {}
    for ix, others in reshaped:
        other_reads = [next(again) for _ in ix]
        score = _shape_score(other_reads)
        if score > best.get(ix, _shape_score([reads[i] for i in ix]) + SHAPE_MARGIN):
            best[ix] = score
            for i, q, r in zip(ix, others, other_reads):
                quads[i], reads[i] = q, r
    return quads, reads


def _quarter_turns(quads: list[np.ndarray], shown: list[float], reads: list[Read]) -> list[int]:
    """The whole stones read as no letter (QUARTER_DOUBT) whose sides are nearly alike: a square stone has no short side
    to start its corners from, and lying sideways it reads as no letter."""
    return [
        i
        for i, (q, s, r) in enumerate(zip(quads, shown, reads))
        if s >= 1.0 and r.confidence < QUARTER_DOUBT and proportions(q) > 1 / QUARTER_ASPECT
    ]


def _quarter_turned(
    reader: Reader, img: np.ndarray, quads: list[np.ndarray], shown: list[float], reads: list[Read]
) -> tuple[list[np.ndarray], list[Read]]:
    """The ``quads`` and ``reads`` with each of `_quarter_turns` read a quarter turn round, and so kept where that reads
    another face, surer (SHAPE_MARGIN): what reads alike both ways (an O, a blank, a pale patch of table) is no surer
    for being turned."""
    turns = _quarter_turns(quads, shown, reads)
    turned = [np.roll(quads[i], -1, axis=0) for i in turns]
    quads, reads = list(quads), list(reads)
    for i, q, r in zip(turns, turned, reader.read(img, turned, [shown[i] for i in turns]) if turns else []):
        if r.face != reads[i].face and _shape_score([r]) > _shape_score([reads[i]]) + SHAPE_MARGIN:
            quads[i], reads[i] = q, r
    return quads, reads


def _shape_score(reads: list[Read]) -> float:
    """How sure the reads of a hand's cards are (see SHAPE_FLOOR)."""
    return float(np.mean([np.log(max(r.confidence, SHAPE_FLOOR)) for r in reads]))


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
    reader = Reader(game, deck)
    quads, shown, _, cut_off, outlines, doubtful, reshaped = find_cards(img, indexed=reader.index_deck)
    # Dozens of shapeless blobs are a cloth's pattern or a board's squares, not heaps of cards; nor
    # are a few when one of them is printed with a grid: the rest are squares of the same board.
    heaped = [o for o in outlines if card_heap(img, o)] if len(outlines) <= PATTERN_BLOBS else []
    heaps = 0 if any(printed_grid(img, o) for o in heaped) else len(heaped)
    if not quads:
        if heaps:
            raise CardsOverlap(
                f"found {heaps} heap(s) of overlapping cards; spread them so each card's "
                "corner shows, and take the photo again"
            )
        raise no_letter_cards(source, cut_off)
    reads = reader.read(img, quads, shown)
    if not reader.index_deck:
        quads, reads = _quarter_turned(reader, img, quads, shown, reads)
    surer, reads = _surer_shapes(reader, img, quads, shown, reads, reshaped)
    if reader.deck.has_suits and any(a is not b for a, b in zip(surer, quads)):
        # Read again as a whole: the photo's cards together show how its deck prints each suit's pip.
        reads = reader.read(img, surer, shown)
    # The doubtful cards' reads, by their quads' identity: `voted` keeps each read's quad, and a read that
    # `_two_cards` splits is two new cards.
    doubted = {id(reads[i].quad) for i in set(doubtful) | _short_strips(quads, shown)}
    letter_cards = [r for r in reads if _letter_card(r)]
    if len(letter_cards) < LETTER_SHARE * len(reads):
        raise no_letter_cards(source)  # playing cards, dominoes
    if all(r.confidence < LETTER_FACE for r in letter_cards):  # a board's squares; or letters blurred past reading
        raise no_letter_cards(source, blur=blurred(img, [r.quad for r in letter_cards]))
    reads = [r for read in reads for r in (_two_cards(reader, img, read) if read.no_index else [read])]
    disputed = _value_disputed(reads, reader.deck.values)
    doubted |= {id(r.quad) for r in disputed}
    cards = []
    for read, conf, flagged in voted(reads, ocr, reader.sure, reader.outvote):
        corners = (np.asarray(read.quad) / scale).round().astype(int).tolist()
        doubt = id(read.quad) in doubted
        cards.append(CardRead(read.face, reader.deck.values[read.face], read.suit, conf, corners, flagged or doubt))
    notes = []
    if heaps:
        notes.append(f"{heaps} heap(s) of overlapping cards were skipped")
    if cut_off:
        notes.append(f"cards cut by the photo's edge were left out; {STEP_BACK}")
    if disputed:
        faces = sorted({r.face for r in disputed})
        its, values = ("its printed value does", "") if len(faces) == 1 else ("their printed values do", "s")
        deck = ", ".join(str(reader.deck.values[f]) for f in faces)
        notes.append(
            f"check {', '.join(faces)}: {its} not read as the deck's value{values} {deck} "
            "(a misread letter, or a deck file that differs from the cards)"
        )
    if small := small_cards_note(reads):
        notes.append(small)
    if any(card.flagged for card in cards) and blurred(img, [r.quad for r in reads]):
        notes.append(BLURRED_NOTE)
    if ocr is None:
        notes.append(ocr_status() or "")
    return PhotoReading(cards, group_words([np.float32(c.corners) for c in cards]), notes)
