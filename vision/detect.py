"""Find cards in a photo: pale, unsaturated quadrilaterals on a table.

Cards touching in a word merge into one blob. A blob is straightened into a strip
and cut into the number of cards whose evenly spaced seams (a sliver of table, a
notch where rounded corners meet, an edge line running the full height) it shows
best; the strip's height says roughly how many to expect.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import NamedTuple

import cv2
import numpy as np

from vision.corner_net import NO_CORNERS, Corner, Corners, closer_corners, index_corners
from vision.hand_ends import with_hand_ends
from vision.index_cards import missed_cards
from vision.quad_order import clockwise, proportions, short_side_first, side_pairs, sides
from vision.index_hands import LEAST_CARDS, IndexHand, index_hands, shaped, top_twin, without_top
from vision.hands import fan_cards, missed_by_stock, notches_closed, on_line, row_spread
from vision.cardness import CARD_RATIO, cardness
from vision.find_net import CORE, card_maps, net_image
from vision.regions import FILLED, colour_edges, enclosed, smooth_lab

_HANDS = itertools.count(1)  # numbers the hands found
WORK_WIDTH = 960  # blobs are found at this width; corners are refined back in the full photo
# The cues look where the net's card mask holds at least this share of a card that none of the net's
# cards covers (on renders of training designs: none on photos of words, 1.7 cards and more by a hand).
UNEXPLAINED = 0.5
# Degrees by which a net card's opposite sides may splay before its sides are sought further out
# (SPLAY), and before the cues look at it again (SKEW). Chosen on renders of training designs, by the
# corners' error: 0.059 of a card's width (mean) with neither, 0.056 with SPLAY, 0.053 with both.
SPLAY = 3.0
SKEW = 8.0
# Four corners reduced from one card's outline that cover less than this share of its hull, and of the
# four hull points enclosing the most area, kept a bump and dropped a corner (on training renders, a
# card's cover 0.9 of the largest four and more; 5% of them cover less of the hull).
SLIVER = 0.85
# A core of the finder net's (its map over one half) MERGED times the photo's typical one or larger is two
# touching cards' whose seam the map dips at but stays over one half across (dim light, stones): it is
# parted where the map over a higher level of SPLIT is. On training renders (120 photos a deck and size,
# seeds 300000+, Quiddler and Words And Points): 10 more cards found of 3884, "cards cut in two" (two
# stones read as one) from 8 to 3.
MERGED = 1.5
# A core PAIRED times the typical one (up to MERGED) is parted only into pieces BALANCED of the largest at least:
# two stones edge to edge whose seam dips their joined core below one half along most of it (1.23 times a
# stone's), not a tall card's core that a lopsided dip cuts (pieces 0.25-0.57 of the largest). Training renders
# (seeds 300000+, 200 photos a deck and size, 100 a hand; training and validation fonts): 8 cards more found of
# 26268 (one photo's pair at both sizes in both fonts read as one stone before), no other photo changed.
PAIRED = 1.15
BALANCED = 0.7
SPLIT = (0.7, 0.8, 0.9, 0.95)
SURE_CORE = 0.95  # the finder net's peak of a card's core it is sure of (most cards': 0.99-1)
PRINTED = 0.01  # the least share of a card (its rim left out) that is ink
PAPER = (40, 25)  # the least cardness of a card's paper (its 75th percentile); of a printed card the net is sure of
# Cardness and print's contrast fall with the light: a card whose paper (its grey's 90th percentile) is
# darker than LIT is judged by PAPER and PRINTED as if lit so that its paper were LIT grey. Half of the
# cards of training renders are darker than 180, a tenth than 100; in dim light some are 35-65, their
# cardness 15-39 and their ink 10-25 levels under their paper, and lit to LIT their cardness is 77 or
# more (every card's of 7201 cores on training renders, 150 photos a deck and size, seeds 300000+).
LIT = 160.0
SMALLEST = 0.55  # of the photo's typical card's area, the least of a card of the net (one deck, one size)
BLANK_AREA = (0.85, 1.2)  # of the typical card's area, a blank's grown out of a patch the net was unsure of
# A net card whose opposite sides splay more than DOUBTFUL_SPLAY degrees and whose card probability is
# under DOUBTFUL_CARD (on average) is no card of the net's (on training renders: none of 889 cards;
# 8 of the 17 patches of veined stone the tests above leave).
DOUBTFUL_SPLAY = 15.0
DOUBTFUL_CARD = 0.9
# A hand of the cues holding no core of the net's stands where the net's card mask covers this share of it.
CARDED = 0.8
# Any hand of the cues is one only where the net's card mask covers this share of it (on renders of training
# designs: 0.74-0.98 of real hands; 0-0.06 of "hands" read into a checked cloth's squares, as large as the photo).
HAND_CARDED = 0.5
# A blob of card stock whose short side is more than TALLEST of the deck's cards long (the net's cards' long
# side), and that the net's card mask mostly leaves out, is no row, hand, fan or pair of touching rows (at most
# 1.5 and 2.3 cards tall): it is the table, a cloth's pale ground joined into one blob. On training renders: the
# cloths' blobs 3.2-5.4 cards tall, under 0.3 of them card to the net; the cards' own blobs 1.2 cards tall at most;
# a close-up card (the net's "cards" its print) 3.5-4.7 of those, 0.74-1 card to the net.
TALLEST = 3.0
# A hand on a cloth no net learnt may show the corner net too little of its index corners to chain (terrazzo, floral,
# sisal: every card missed), and the finder's net no card but its top one: where the corners chain into no hand and
# the cards chosen cover under LOST_COVERED of the card the finder's net left unexplained, the corner net looks again
# closer (`_closer_where_lost`), and the cards of its hand that no card chosen stands for are doubted. Validation
# fonts' hands (`scan_training.py GAME --hand spread|fan --validation [--validation-tables] --photos 100`, 8 rows):
# cards found +35, faces right +33, wrong cards +2 (flagged), one card cut more (Quiddler fan 300075 on terrazzo: 5
# cards found of 7 where none was); training fonts' fans on those tables: Quiddler found +7, cut +2 (300019 on lace,
# 7 of 10 found where none was), Word Thief alike. A cues' hand read right (validation Word Thief spread 300033)
# covers 0.78 of it: looked at closer, one of its cards was cut. Undoubted, one card read wrong went unflagged.
LOST_COVERED = 0.5
# Cards of a deck laid out to be taught narrower than CLOSER of the photo's width (the net learnt cards
# of 7-10%) are looked at again in a part of the photo where they are CLOSE_WIDTH.
CLOSER = 0.055
CLOSE_WIDTH = 0.085
PIECE_MOST = 1.5  # of the photo's typical card: the most a card cut by the photo's edge shows (nearer the camera)
# The least share of a candidate at the photo's edge the net's card mask covers, for a piece of a card: validation
# fonts' photos cut through their first card, 0.96-1.0; a striped or veined table's bands at the edge, 0-0.003.
PIECE_CARDED = 0.5
# A blob of the cues at the photo's edge that cannot be cut into cards holds cards the edge cuts where the net's
# card mask covers half of its part this share of the photo's width from the edge: not a hand joined to a cloth's
# band that runs on to the edge.
EDGE_BAND = 0.02
# A hand whose cards match the patch of the net's card mask they lie on (intersection over union) by more than
# this worse than another hand's is a part of a hand (on renders of training designs: 0.41 against 0.90; two
# readings of a whole hand differ by 0-0.07).
PARTIAL = 0.1
# How far a pixel's colour (Lab, its lightness counted at LIGHTNESS: light and shadow vary across a hand) may
# lie from the card stock's to count as stock (paper_coloured). On fans of training designs on a checked cloth
# (15 a deck, seeds 320000+; cards found, Word Thief / Quiddler): 10 and 0.5 found 51% / 33%; 7: 38% / 23%;
# 14: 38% / 25%; lightness at 0.3: 38% / 23%, at 1: 31% / 26%; without the cue, 8% / 14%.
PAPER_COLOUR = 10.0
LIGHTNESS = 0.5
# The closings (work pixels) of the stock-coloured mask, each giving its own blobs to read hands in: 7 closes the
# seams between a hand's cards; a card's print (a frame, its art), running down a covered card's strip, parts a fan
# into bands that only 25 joins again. On the fans above (both ways up): 7 alone found 224 of 564 cards; 7 and 11,
# 265; 7 and 15, 274; 7 and 25, 296; 7, 15 and 25, 298; 15 alone, 242. The coarser closings only where the net's
# cards do not give the deck's size (fewer than three: a hand, its covered cards showing the net no core): on
# photos of words they join more of a word's cards into rows that are then looked at again for faint indexes.
PAPER_CLOSINGS = (7, 25)
# A card chosen alone whose short sides are WHOLE of its long ones is a whole card (cards are 0.6-0.77, less the
# camera's slant), not a covered card's strip that the net took for a card (under 0.5 of a card wide: 0.35) nor a
# square piece of one (a spread's first strip cut in two: Word Thief spread 300034, read as one card of seven).
WHOLE = (0.5, 0.85)
# A hand of the cues lying mostly (SIDE_BY_SIDE) on two or more of the net's whole cards (WHOLE, and WHOLE_AREA of the
# photo's typical card at least) apart is those cards cut into strips: validation fonts' renders, Words And Points 720p
# 300120, six strips over an L and a C, 0.85 of it on them; real hands holding two whole cards, 0.43 and 0.49 (Word
# Thief spreads at 720p 300001, 300073); of 400 training hands at 1080p none held two.
SIDE_BY_SIDE = 0.7
WHOLE_AREA = 0.8
# A card chosen on a corner hand counts as one of two whole cards there (a word's cards side by side, see
# `_with_index_hands`) only where it is WHOLE_AREA of HAND_CARD of the hand's cards' median area: the corner net's
# rectangles run up to a fifth too large each way (a card 0.69 of theirs). Two card-shaped pieces of a fan's top card
# (its centre art, a third of a card wide) made Word Thief fan 300076 (validation fonts, a gradient) "cards side by
# side" and then no letter card at all. Validation fonts, training tables: of 480 hands (seeds from 300000) 5 cards
# more found, nothing else changed; 360 word photos alike.
HAND_CARD = 0.6
# A card between two of a row (`_with_row_gaps`): their centres GAP_PITCH of a card's width apart, its rim at most
# GAP_PAPER of the way from their paper's colour to the table's (TABLE_APART or more apart, 0-255 per channel), GAP_CARD
# of it the net's card. Training renders (Words And Points, seeds 300000+, 200 photos a size): the missed blank found
# (300120, both sizes) lay 0.00-0.02 of the way and was 0.50-0.52 card; the gaps between words that a looser test
# took for cards (300067, 300126, 300152) lay 0.35-0.37 of the way and were 0.23-0.25 card.
GAP_PITCH = (1.8, 2.3)
# A card a step beyond either end of two touching ones (centres END_PITCH of a width apart), by the same tests: a row's
# first stone in a shadow, or on a striped cloth, that the net's card mask covers with no core. Validation fonts' word
# photos (Words And Points, 250 a size from 300000 on training tables, 100 from 300300 on the tuned ones): stones
# missed 21 -> 16, no card more that is none; the stones so found lay 0.12-0.17 of the way and were 0.49-0.62 card, the
# table beyond other rows' ends 0.28 of the way and more or 0.27 card at most. Index decks' cards are not looked for so.
END_PITCH = (0.85, 1.3)
GAP_PAPER = 0.25
GAP_CARD = 0.4
TABLE_APART = 15.0
# ... or one the net's card mask covers GAP_SURE of, whatever its colour: a stone in glare or shade, or on a table of
# its paper's colour, doubted (checked by the player). Word photos of Words And Points at both sizes, 200 each, from
# 300000, in training and validation fonts on the tuned and the validation tables: stones found +12, wrong cards
# left unflagged, cut and false cards alike; one found stone read wrong (a D in glare as P), flagged.
GAP_SURE = 0.7
# A stone found so stands beside the next: the search runs again while it finds any, ROW_GAP_LOOKS times at most. The
# same 1600 photos: 5 stones more (a row's first two or three in glare or in shade), each doubted; nothing else.
ROW_GAP_LOOKS = 3
# Fewer whole cards of the finder's net than this, and the corner net looks for hands though none is unexplained.
HAND_LOOK = 3
# The fewest cards' area a hand covers: three cards, the two covered showing 0.36-0.46 of their width.
HAND_CARDS = 1.5
# A chosen card agrees with a corner-net hand's card when one of its corners lies within AGREE of the top card's
# width of that card's own corner (the net's corners are 0.02 of a width off, median, on training fans).
AGREE = 0.15
# Nor does a chosen card whose corners are further than this (the cosine of 60 degrees) off square: no card's or strip's
# shape, a quadrilateral the cues fitted across a fan's first cards (validation Quiddler fan 300078: a rhombus starting
# at the first card's corner stood for it, read as Q at 0.000, and the card was missed).
AGREE_SQUARE = 0.5
# A chosen card holding a hand card's corner on it (within COVERS of the top card's width outside its outline) and
# more than COVERS of its own span along the hand from either side is no card of a word side by side (`_covers_next`).
COVERS = 0.15
# A card the cues chose on a corner-net hand lying this many of its pitch past its top card's corner is on that card's
# face (`_cues_longer`): the next card's corner would lie a pitch on.
PAST = 0.5
# Where the cues chose a card more on a corner-net hand than it has, each of its cards agreeing with one of theirs,
# the cards agreeing with none are slices of its top card where the corner net's heat at their corners is under
# UNMARKED (half of corner_net.PEAK): no index shows there. Training and validation fans whose top card the cues cut
# showed 0.02-0.12 there; hands of which the net missed a card's corner, 0.16-0.76.
UNMARKED = 0.15
# A corner-net hand's top card, the one card of it shown whole, has its right side sought this far (of its width)
# either way of the net's: the net's widths are 0.85-1.23 of the true ones (p5-p95, on the top cards of training
# hands: 120 spreads and fans from seed 300000), the side found puts them at 0.93-1.03 (0.85-1.15 seeking 0.1 of
# it). That side is the card's where it passes within TWIN_ON of its width of the card's bottom-right corner found
# by its index: on the striped cloths of tests/vision/test_vision_hands.py, sides caught on a stripe missed it by
# 0.09 and 0.17; true sides on a gingham, blurred or slanted, by up to 0.072 (validation fonts' Word Thief spread
# 300021). 0.06 at first; 0.08 put 13 training and validation hands of 1200 right, none wrong. Where the side's
# top end lies within TWIN_ON of the net's top-right corner, TWIN_ON_TOP: the photo and the net agree where the side
# starts, and its lower end bends off on the covered cards' print (the twin 0.09-0.14 off it on five validation
# hands; 7 hands of 1200 better, 1 of them a card short where three were read wrong).
SIDE_REACH = 0.3
TWIN_ON = 0.08
TWIN_ON_TOP = 2 * TWIN_ON
# A hand's top card so found is whole where its short sides are TOP_WHOLE of its long ones: true top cards of
# validation fonts' hands (600 spreads and fans from seed 301000) showed 0.50-0.77, two under WHOLE's 0.5 (0.495 and
# 0.498, a steep camera); slivers, from a corner the net found on the top card's face to its right side, 0.37-0.40.
TOP_WHOLE = (0.45, WHOLE[1])
# A hand's top card the cues chose is theirs where one of its corners lies within TWIN_OFF of its width of where the
# top card's turned-round index shows (`_top_on_twin`). Validation fonts' hands (600 spreads and fans from seed
# 301000, 483 with the top card so found): the cues' top card off that corner by 0.1 or more in 100, 55 of them off
# the true card by over a tenth of its width where the top card so found was within 0.07, none the other way.
TWIN_OFF = 0.1
# A hand's cards as its index corners show them are read too where the cues' lie this far off them (the median of
# their bottom-left corners' distances, in the top card's widths, or the net's where that card's shape is not found;
# see `_with_other_shapes`): four in five of the hands where the cues' stood lie closer (validation fonts, 472 of 600
# hands), and reading a hand twice costs time.
OTHER_APART = 0.15
# A cues' hand of as many cards as a corner-net hand, no top card's shape found to shape that hand by, is offered its
# shapes card by card where each of its cards' corners lies within IN_ORDER of the hand's pitch of the corner hand's
# card of its place (`_in_order`): a hand a whole card off is paired otherwise. The cues' hand of a dim spread on sisal
# lay a third to 0.57 of a step before its cards (validation fonts' Quiddler spread 300026: five of ten read wrong).
IN_ORDER = 0.75
# One deck lies on the table: a whole card whose long or short sides are OFF_SIZE (log) or more longer than each of
# its nearest whole neighbours' (the two nearest within NEIGHBOUR of its long side), or as much shorter, was fitted
# long or short (a side lost in glare on a pale cloth, or run on into the table), and is read too stretched or
# trimmed at either end to their size (see `_off_size`). Cards fitted well (their true outline overlapping 0.9 or
# more) lie within 0.07 of their two neighbours' median in 19 of 20 (validation fonts, 600 photos of words).
OFF_SIZE = 0.1
NEIGHBOUR = 1.6


def pale_table(c: np.ndarray) -> bool:
    """The table is as pale as card stock (a white or cream tablecloth): the rim of the photo's
    cardness ``c``, which is table, is card-coloured."""
    rim = np.concatenate([c[:8].ravel(), c[-8:].ravel(), c[:, :8].ravel(), c[:, -8:].ravel()])
    return float(np.median(rim)) > 120


def outlined_mask(small: np.ndarray) -> np.ndarray:
    """Cards on a pale table, by their outlines: what the table, flooded in from the photo's rim
    over everything but edges, does not reach."""
    gray = cv2.GaussianBlur(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), (3, 3), 0)
    edges = cv2.dilate(cv2.Canny(gray, 12, 30), np.ones((3, 3), np.uint8))
    h, w = edges.shape
    flood = edges.copy()
    fill = np.zeros((h + 2, w + 2), np.uint8)
    for x, y in [(x, y) for x in range(0, w, 16) for y in (0, h - 1)] + [
        (x, y) for y in range(0, h, 16) for x in (0, w - 1)
    ]:
        if flood[y, x] == 0:
            cv2.floodFill(flood, fill, (x, y), 128)
    mask = (flood != 128).astype(np.uint8) * 255
    mask = cv2.erode(mask, np.ones((3, 3), np.uint8))  # the outline's own dilation back off
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7)))


def paper_coloured(
    lab: np.ndarray, net_mask: np.ndarray, edges: np.ndarray, least: float, closings: tuple[int, ...]
) -> list[np.ndarray]:
    """The pixels coloured like the card stock that the finder net's card mask (``net_mask``: 0 or 1,
    work scale) holds, in regions that the ``edges`` (colour_edges) part from the rest and that reach
    into that mask, closed again at each of ``closings`` (PAPER_CLOSINGS; one mask each), in blobs of ``least``
    pixels or more. On a cloth whose checks are as pale as the cards, neither cardness nor outlines part a hand
    from the cloth, and the net's own mask is too coarse to show a fan's sides (nor always reaches a fan's ends),
    but the stock's colour (paper tinted, a cloth grey) or, on checks of that colour, the cards' edges may."""
    held = cv2.erode(net_mask, np.ones((9, 9), np.uint8))
    if not held.any():
        return []
    # OpenCV's arithmetic, not numpy's float64: the same pixels in a fifth of the time or less (a 1080p photo's
    # work scale: 28-34 ms down to 3-7 ms, on a loaded machine).
    diff = cv2.subtract(lab.astype(np.float32), (*_byte_median(lab, held), 0.0))
    near = cv2.transform(cv2.multiply(diff, diff), np.float32([[LIGHTNESS**2, 1, 1]])) < PAPER_COLOUR**2
    free = near & (cv2.dilate(edges, np.ones((2, 2), np.uint8)) == 0)
    count, labels = cv2.connectedComponents(free.astype(np.uint8), connectivity=4)
    keep = np.bincount(labels[held > 0], minlength=count) > 0
    keep[0] = False
    stock = keep[labels].astype(np.uint8) * 255
    masks = []
    for size in closings:
        # The seams between a hand's cards (their edge lines, a frame printed inside them) closed, or its bands joined.
        mask = cv2.morphologyEx(stock, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        count, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
        big = stats[:, cv2.CC_STAT_AREA] >= least
        big[0] = False
        masks.append(big[labels].astype(np.uint8) * 255)
    return masks


def _byte_median(img: np.ndarray, mask: np.ndarray) -> list[float]:
    """Each channel's median (as np.median gives it) of a uint8 image's pixels where ``mask`` is set (some
    are), from the channel's histogram: np.median sorts tens of thousands of pixels, 5-10 ms a photo."""
    n = cv2.countNonZero(mask)
    out = []
    for channel in cv2.split(img):
        below = cv2.calcHist([channel], [0], mask, [256], [0, 256]).ravel().cumsum()
        # The middle pixel's value, or the two middle ones' mean (n even).
        low, high = np.searchsorted(below, [(n - 1) // 2, n // 2], side="right")
        out.append((float(low) + float(high)) / 2)
    return out


def card_mask(small: np.ndarray, c: np.ndarray) -> np.ndarray:
    """Cards against a table whose light varies (``c``: the photo's cardness): brighter than the
    surroundings and than a floor."""
    c = cv2.GaussianBlur(c, (5, 5), 0)
    block = (max(small.shape[:2]) // 6) | 1
    local = cv2.adaptiveThreshold(c, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY, block, -20)
    t, otsu = cv2.threshold(c, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    # Clearly card-coloured pixels count even where cards crowd and raise the local mean
    # (a card's coloured centre art among its neighbours).
    local = cv2.bitwise_or(local, (c > t + 40).astype(np.uint8) * 255)
    mask = cv2.bitwise_and(local, cv2.bitwise_or(otsu, (c > 55).astype(np.uint8) * 255))
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))


def _line_intersections(lines: list[tuple[np.ndarray, np.ndarray]]) -> np.ndarray | None:
    pts = []
    for i in range(4):
        (p, d), (q, e) = lines[i - 1], lines[i]
        # p + t d = q + s e, by Cramer's rule (numpy's solver costs a hundred times more on 2x2)
        det = float(e[0] * d[1] - d[0] * e[1])
        if abs(det) < 1e-6:
            return None
        rx, ry = float(q[0] - p[0]), float(q[1] - p[1])
        pts.append(p + np.float32((e[0] * ry - e[1] * rx) / det) * d)
    return np.float32(pts)


@functools.cache
def _fours(n: int) -> np.ndarray:
    """Every choice of four of ``n`` indices, in order, as four index arrays."""
    return np.array(list(itertools.combinations(range(n), 4))).T


def _largest_quad(hull: np.ndarray) -> np.ndarray:
    """The four points of a convex hull that enclose the most area, in the hull's order: a card's
    four corners, however round (the sides are refitted after)."""
    peri = cv2.arcLength(hull, True)
    pts = hull.reshape(-1, 2).astype(np.float32)
    for eps in (0.005, 0.01, 0.02, 0.04):
        if len(pts) <= 24:
            break
        pts = cv2.approxPolyDP(hull, eps * peri, True).reshape(-1, 2).astype(np.float32)
    n = len(pts)
    if n <= 4:
        return pts
    i, j, k, m = _fours(n)
    a, b, c, d = pts[i], pts[j], pts[k], pts[m]
    area = np.abs((c - a)[:, 0] * (d - b)[:, 1] - (c - a)[:, 1] * (d - b)[:, 0])  # twice the area, by diagonals
    best = int(np.argmax(area))
    return np.float32([a[best], b[best], c[best], d[best]])


def fit_quad(contour: np.ndarray, one_card: bool = False) -> np.ndarray:
    """Four corners, clockwise, of a card-like contour: its hull reduced to four corners (or, when it
    will not reduce, the hull's four points enclosing the most area), each side then fitted as a
    line to the outline, so that rounded corners do not pull the corners inwards. ``one_card``: the
    contour outlines one card, so a reduction that is a SLIVER of it gives way to the four points
    enclosing the most area."""
    hull = cv2.convexHull(contour)
    peri = cv2.arcLength(hull, True)
    approx = None
    for eps in (0.02, 0.03, 0.04, 0.05, 0.07):
        a = cv2.approxPolyDP(hull, eps * peri, True)
        if len(a) == 4:
            approx = a.reshape(4, 2).astype(np.float32)
            break
    if approx is None:  # a ragged outline (a corner cut off, cards of a word not quite in line)
        approx = _largest_quad(hull)
    elif one_card and abs(cv2.contourArea(approx)) < SLIVER * cv2.contourArea(hull):
        largest = _largest_quad(hull)
        if abs(cv2.contourArea(approx)) < SLIVER * abs(cv2.contourArea(largest)):
            approx = largest
    if len(approx) < 4:
        return clockwise(cv2.boxPoints(cv2.minAreaRect(contour)).astype(np.float32))
    quad = _refit_sides(approx, contour.reshape(-1, 2).astype(np.float32))
    if quad is None or np.abs(quad - approx).max() > 0.15 * peri / 4:
        quad = approx
    return clockwise(quad)


def _refit_sides(quad: np.ndarray, pts: np.ndarray) -> np.ndarray | None:
    """The quadrilateral whose sides are lines fitted to the outline ``pts`` along the middle of
    each side of ``quad``."""
    lines = []
    for i in range(4):
        p, q = quad[i], quad[(i + 1) % 4]
        d = q - p
        length = float(np.linalg.norm(d))
        d /= max(length, 1e-6)
        rel = pts - p
        along = rel @ d
        across = np.abs(rel[:, 0] * d[1] - rel[:, 1] * d[0])
        sel = pts[(along > 0.15 * length) & (along < 0.85 * length) & (across < max(3.0, 0.04 * length))]
        if len(sel) < 5:
            lines.append((p, d))
            continue
        vx, vy, x0, y0 = cv2.fitLine(sel, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.float32([x0, y0]), np.float32([vx, vy])))
    return _line_intersections(lines)


def _seam_score(gray: np.ndarray, paper: np.ndarray, card_w: float, spread: bool = False) -> np.ndarray:
    """Per column of a straightened row of cards (``paper`` is 1 on card, holes filled): how much
    it looks like the edge between two cards: a sliver of table, a notch in the outline where
    two rounded corners meet, or a card's edge line running (nearly) the full height, which a
    letter's stroke never does. In a ``spread`` hand the cards stand at different heights, so
    an edge need only run most of one card's height."""
    h = paper.shape[0]
    rows = slice(int(0.08 * h), int(0.92 * h))
    gap = 1 - paper[rows].mean(0)
    top = np.argmax(paper, 0).astype(np.float32)
    bot = (h - np.argmax(paper[::-1], 0)).astype(np.float32)
    k = max(3, int(0.3 * card_w)) | 1
    base_top = cv2.erode(top[None], np.ones((1, k), np.uint8)).ravel()  # the outline without its notches
    base_bot = cv2.dilate(bot[None], np.ones((1, k), np.uint8)).ravel()
    depth = max(3.0, 0.03 * h)
    # A seam notches the outline at both ends; print near one edge can dent only one.
    notch = np.clip(np.minimum(top - base_top, base_bot - bot) / depth, 0, 1)
    g = cv2.GaussianBlur(gray.astype(np.float32), (1, 9), 0)  # smooth along the seam, not across
    valley = np.zeros(g.shape, np.uint8)
    valley[:, 2:-2] = ((g[:, :-4] + g[:, 4:]) / 2 - g[:, 2:-2] > 5).astype(np.uint8)
    valley = cv2.dilate(valley, np.ones((1, 7), np.uint8))  # a seam may lean a degree or two
    # Counted over each column's own stretch of card: cards of a hand or word are not level.
    y = np.arange(h)[:, None]
    inside = (y >= top + 0.04 * h) & (y < bot - 0.04 * h)
    if spread:
        line = np.clip(((valley * inside).sum(0) / (card_w * CARD_RATIO) - 0.7) / 0.15, 0, 1)
    else:
        line = np.clip(((valley * inside).sum(0) / np.maximum(inside.sum(0), 1) - 0.85) / 0.1, 0, 1)
    return np.maximum.reduce([gap, notch, line])


def _strong_seams(score: np.ndarray, spacing: float) -> np.ndarray:
    """Positions of unmistakable seams, at least ``spacing`` apart."""
    peaks: list[int] = []
    for x in np.argsort(-score):
        if score[x] < 0.9:
            break
        if all(abs(x - p) >= spacing for p in peaks):
            peaks.append(int(x))
    return np.array(peaks)


def _fit(score: np.ndarray, seams: np.ndarray, pitch: float, strong: np.ndarray) -> float:
    """How strongly the strip shows a seam near each expected position, less a tenth for every
    unmistakable seam the layout leaves unexplained."""
    tol = 0.1 * pitch
    shown = float(np.mean([score[max(0, int(x - tol)) : int(x + tol) + 1].max() for x in seams])) if len(seams) else 0.5
    missed = sum(1 for p in strong if len(seams) == 0 or np.abs(seams - p).min() > tol)
    return shown - 0.1 * missed


def _count_cards(score: np.ndarray, n_est: float, ratio: float) -> int:
    """How many cards side by side: the count whose evenly spaced seams the strip shows best.
    The cards' proportions give only an estimate (a camera's slant changes them by 10-15%)."""
    w = len(score)
    card_w = w / n_est
    strong = _strong_seams(score[int(0.1 * card_w) : w - int(0.1 * card_w)], 0.2 * card_w) + int(0.1 * card_w)
    best, best_fit = 0, -1.0
    for n in range(max(1, int(n_est * 0.8)), int(n_est * 1.2) + 2):
        if n == 1:  # a lone card (slanted by the camera): no seam needed
            fit = _fit(score, np.array([]), w, strong) if 1.15 <= ratio <= 1.9 else -1.0
        else:
            pitch = w / n
            fit = _fit(score, pitch * np.arange(1, n), pitch, strong)
            fit -= 0.5 * abs(n - n_est) / n_est  # near-ties go to the count the proportions suggest
        if fit > best_fit:
            best, best_fit = n, fit
    if best_fit >= 0.3:
        return best
    n = max(1, round(n_est))
    return n if n_est >= 0.75 else 0  # no clear seams: trust the proportions


def _spread_seams(score: np.ndarray, card_w: float) -> list[int] | None:
    """The left edges of the covering cards of a spread hand, or None when the strip is no
    spread: clear seams, evenly spaced well under a card width apart (a faint one may be
    missing), then one whole card."""
    w = len(score)
    r = max(1, int(0.2 * card_w))
    smooth = cv2.blur(score[None].astype(np.float32), (5, 1)).ravel()
    local = cv2.dilate(smooth[None], np.ones((1, 2 * r + 1), np.uint8)).ravel()
    peaks: list[int] = []
    for x in np.flatnonzero((smooth >= 0.6) & (smooth >= local)):
        if 0.15 * card_w < x < w - 0.5 * card_w and (not peaks or x - peaks[-1] >= r):
            peaks.append(int(x))  # the first column of a plateau stands for it
    if len(peaks) < 2:
        return None
    pitch = float(np.median(np.diff(peaks)))
    seams = [peaks[0]]
    for p in peaks[1:]:  # a seam too faint to show is put back between its neighbours
        k = round((p - seams[-1]) / pitch)
        if k < 1 or abs((p - seams[-1]) / pitch - k) > 0.3:
            return None
        seams.extend(seams[-1] + (p - seams[-1]) * j // k for j in range(1, k + 1))
    fits = 0.25 * card_w < pitch < 0.75 * card_w and seams[0] < 1.4 * pitch and w - seams[-1] > 0.7 * card_w
    return seams if fits else None


def split_blob(
    img: np.ndarray, blob: np.ndarray, scale: float, quad: np.ndarray, seams_alone: bool = True, indexed: bool = True
) -> tuple[list[np.ndarray], list[float]]:
    """Cards of a blob (``blob``: its filled mask at work scale; ``quad``: its corners in photo
    pixels), each as four corners clockwise from a short side, and the share of each card's
    width that shows (under 1 for all but the last card of a spread hand). The blob is straightened
    into a strip with a margin above and below, and cut where `_count_cards` finds its seams. A
    spread is found by its seams alone (Words And Points) only with ``seams_alone``, by its index corners only with
    ``indexed`` (a deck printing none: the tops of big letters in a row of touching stones look like a hand's
    indexes, validation Words And Points 300168)."""
    q = np.roll(short_side_first(quad), -1, axis=0)  # q0 -> q1 along the row of cards
    if q[1][0] < q[0][0]:
        q = np.roll(q, 2, axis=0)  # left to right as photographed: a spread hand's top card is on the right
    length = float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
    height = float(np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / 2
    if length / height < 1.15:
        return [short_side_first(quad)], [1.0]  # too stubby for cards in a row: one square tile (Words And Points)
    w, h = max(8, round(length)), max(8, round(height))
    m = max(2, round(0.06 * h))
    rect = np.float32([[0, m], [w, m], [w, h + m], [0, h + m]])
    to_strip = cv2.getPerspectiveTransform(q.astype(np.float32), rect)
    strip = cv2.warpPerspective(img, to_strip, (w, h + 2 * m), borderMode=cv2.BORDER_REPLICATE)
    from_small = to_strip @ np.diag([1 / scale, 1 / scale, 1.0])
    paper = (cv2.warpPerspective(blob, from_small, (w, h + 2 * m)) > 127).astype(np.uint8)
    has = paper.any(0)
    tops = np.argmax(paper, 0)[has]
    bots = (paper.shape[0] - np.argmax(paper[::-1], 0))[has]
    card_h = float(np.median(bots - tops)) if has.any() else float(h)
    card_w = card_h / CARD_RATIO
    gray = cv2.cvtColor(strip, cv2.COLOR_BGR2GRAY)
    score = _seam_score(gray, paper, card_w)
    spread_score = _seam_score(gray, paper, card_w, spread=True)
    spread_cuts, turned = row_spread(strip, paper, spread_score, card_w) if indexed else (None, False)
    if turned:
        q = np.roll(q, 2, axis=0)
        to_strip = cv2.getPerspectiveTransform(q.astype(np.float32), rect)
        paper = cv2.rotate(paper, cv2.ROTATE_180)
        has = has[::-1].copy()
    if spread_cuts is None and seams_alone:
        seams = _spread_seams(spread_score, card_w)
        spread_cuts = None if seams is None else [0, *seams]
    spread = spread_cuts is not None
    if spread_cuts is not None:
        cuts = spread_cuts
    else:
        n = _count_cards(score, w / card_w, length / height)
        if n == 0:
            return [], []
        if n == 1:
            return [short_side_first(quad)], [1.0]
        # Seams near their even spacing, each moved to the strongest edge close by: gaps between
        # cards make the spacing uneven.
        pitch = w / n
        cuts = [0]
        for j in range(1, n):
            lo, hi = int(j * pitch - 0.12 * pitch), int(j * pitch + 0.12 * pitch) + 1
            best = lo + int(np.argmax(score[lo:hi]))
            cuts.append(best if score[best] >= 0.3 else int(j * pitch))
    # A covered card reaches as far as the top card does: one card width past its left edge.
    ends = [c + (w - cuts[-1]) for c in cuts[:-1]] + [w] if spread else cuts[1:] + [w]
    back = np.linalg.inv(to_strip)
    outline = notches_closed(paper, w - cuts[-1] if spread else card_w)  # a spread: its top card, whole
    cards = []
    for x0, x1, shown in zip(cuts, ends, cuts[1:] + [w]):
        # Each card's own top and bottom, where it shows: cards of a word or a hand are rarely
        # in a perfect line.
        inner = slice(x0 + (shown - x0) // 5, shown - (shown - x0) // 5)
        sel = has[inner]
        top = float(np.median(np.argmax(outline[:, inner], 0)[sel])) if sel.any() else m
        bot = float(np.median((paper.shape[0] - np.argmax(outline[::-1, inner], 0))[sel])) if sel.any() else h + m
        corners = np.float32([[x0, top], [x1, top], [x1, bot], [x0, bot]])
        cards.append(cv2.perspectiveTransform(corners[None], back)[0])
    shown = [(b - a) / (w - cuts[-1]) for a, b in zip(cuts, cuts[1:])] + [1.0] if spread else [1.0] * len(cards)
    return cards, shown


def _fits(blob: np.ndarray, quad: np.ndarray) -> bool:
    """The blob is (nearly) its quadrilateral: cards in a row are; a heap of cards is not."""
    shape = cv2.fillConvexPoly(np.zeros_like(blob), np.round(quad).astype(np.int32), 255)
    inter = cv2.countNonZero(cv2.bitwise_and(blob, shape))
    union = cv2.countNonZero(cv2.bitwise_or(blob, shape))
    return inter >= 0.8 * union


def _pull_apart(blob: np.ndarray, min_area: float) -> list[np.ndarray]:
    """Blobs joined by a narrow contact (a card of one row touching the next row), separated by
    the smallest erosion that splits them, each grown back inside the original blob."""
    x, y, w, h = cv2.boundingRect(blob)
    x0, y0 = max(0, x - 8), max(0, y - 8)
    box = (slice(y0, y + h + 8), slice(x0, x + w + 8))  # the work is done around the blob only
    part_of = blob[box]
    for k in (5, 9, 13):
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
        count, labels = cv2.connectedComponents(cv2.erode(part_of, kernel))
        parts = [(labels == i).astype(np.uint8) * 255 for i in range(1, count)]
        parts = [p for p in parts if cv2.countNonZero(p) >= min_area / 2]
        if len(parts) >= 2:
            out = []
            for p in parts:
                whole = np.zeros_like(blob)
                whole[box] = cv2.bitwise_and(cv2.dilate(p, kernel), part_of)
                out.append(whole)
            return out
    return []


class Detected(NamedTuple):
    quads: list[np.ndarray]  # photo pixels, clockwise from a short side (the reader decides which is the top)
    shown: list[float]  # share of each card's width not covered by another (a spread hand's index strips)
    heaps: int  # card-sized blobs too irregular to read: cards piled on each other
    cut_off: int  # cards (or words of cards) left out because the photo's edge cuts them
    heap_outlines: tuple[np.ndarray, ...] = ()  # the heaps' outlines, photo pixels
    doubtful: tuple[int, ...] = ()  # cards whose place the cues and the index corners disagree on: to be checked
    # Cards shaped more ways: the indexes of a hand's cards in ``quads`` and the cards as their index corners show them
    # (see `_with_index_hands`), or of one card and that card in its neighbours' size (`_off_size`); the reader keeps
    # the shapes it reads the surest.
    reshaped: tuple[tuple[tuple[int, ...], tuple[np.ndarray, ...]], ...] = ()


class Candidate(NamedTuple):
    quad: np.ndarray  # photo pixels
    shown: float
    hand: bool  # one card of a spread or fanned hand: its quad overlaps its neighbours' by design
    precise: bool = True  # corners found in the full photo (not at work scale)
    group: int = 0  # the cards of one hand share a group
    doubt: bool = False  # a hand's card no index corner agrees with, kept for want of a better hand; a row's stone
    # found by the net's card mask alone
    other: np.ndarray | None = None  # a hand's card as its index corners show it, where the cues' shape is far off


def _stock_cards(
    img: np.ndarray,
    mask: np.ndarray,
    scale: float,
    where: np.ndarray | None = None,
    seams_alone: bool = True,
    card_long: float | None = None,
    net_mask: np.ndarray | None = None,
    indexed: bool = True,
) -> tuple[list[Candidate], list[np.ndarray], int]:
    """Cards of the blobs a work-scale ``mask`` shows (touching cards split, hands taken apart),
    the outlines (work pixels) of blobs that could not be cut into cards, and how many of those
    the photo's edge cuts (with the net's card mask ``net_mask``, work scale, 1 on card: only those
    mostly card to it, not a cloth's band). Only blobs reaching into ``where`` (when given) are looked
    at, and with the deck's ``card_long`` side (when known) none that is the table (see TALLEST); a
    spread is found by its seams alone only with ``seams_alone``, hands by their index corners only with
    ``indexed`` (see split_blob)."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    min_area = 0.0015 * mask.size
    queue = []
    for c in contours:
        x, y, w, h = cv2.boundingRect(c)
        if cv2.contourArea(c) < min_area or (where is not None and not where[y : y + h, x : x + w].any()):
            continue
        blob = cv2.drawContours(np.zeros_like(mask), [c], -1, 255, cv2.FILLED)
        if where is None or cv2.countNonZero(blob & where):
            queue.append((blob, c, True))
    found: list[Candidate] = []
    outlines: list[np.ndarray] = []
    cut_off = 0
    while queue:
        blob, contour, may_split = queue.pop()
        x, y, bw, bh = cv2.boundingRect(contour)
        at_edge = x <= 1 or y <= 1 or x + bw >= mask.shape[1] - 1 or y + bh >= mask.shape[0] - 1
        quad = fit_quad(contour)
        if card_long and net_mask is not None and _table_blob(blob, quad, card_long, net_mask):
            continue
        fits = _fits(blob, quad)
        cards, visible = split_blob(img, blob, scale, quad / scale, seams_alone, indexed) if fits else ([], [])
        if len(cards) <= 1 and indexed:  # a small fan can look nearly four-sided, like one slanted card
            fan, fan_shown = fan_cards(img, blob, contour, scale)
            if fan:
                cards, visible = fan, fan_shown
        if cards:
            hand = min(visible) < 1.0
            group = next(_HANDS) if hand else 0  # each hand its own, even two cues' same reading
            found += [Candidate(q, s, hand, True, group) for q, s in zip(cards, visible)]
            continue
        parts = _pull_apart(blob, min_area) if may_split else []
        for part in parts:
            cs, _ = cv2.findContours(part, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
            queue.append((part, max(cs, key=cv2.contourArea), False))
        # Cards in a word whose last card the photo's edge cuts are no card-shaped blob either.
        cut_off += not parts and at_edge and (net_mask is None or _carded(_at_photo_edge(blob), net_mask))
        if not parts and not at_edge:
            outlines.append(contour.reshape(-1, 2))
    return found, outlines, cut_off


def _table_blob(blob: np.ndarray, quad: np.ndarray, card_long: float, net_mask: np.ndarray) -> bool:
    """The blob (work scale, 255 on it; ``quad`` its corners) is the table: TALLEST cards of the deck tall
    (``card_long``: their long side) and mostly no card to the net (``net_mask``: 1 on card)."""
    return min(side_pairs(quad)) / 2 > TALLEST * card_long and not _carded(blob, net_mask)


def _at_photo_edge(blob: np.ndarray) -> np.ndarray:
    """The part of a blob (work scale, 255 on it) within EDGE_BAND of the photo's width of its edge."""
    return np.where(_rim_band(blob.shape, max(1, round(EDGE_BAND * blob.shape[1]))), blob, 0).astype(blob.dtype)


def _rim_band(shape: tuple[int, ...], width: int) -> np.ndarray:
    """True on the pixels within ``width`` of an image's edge."""
    band = np.zeros(shape[:2], bool)
    band[:width], band[-width:], band[:, :width], band[:, -width:] = True, True, True, True
    return band


def _carded(blob: np.ndarray, net_mask: np.ndarray) -> bool:
    """The net's card mask (``net_mask``: 1 on card) covers at least half of the blob (255 on it)."""
    return 2 * cv2.countNonZero(blob & net_mask) >= cv2.countNonZero(blob)


def _region_cards(edges: np.ndarray, min_area: float, scale: float, where: np.ndarray | None = None) -> list[Candidate]:
    """A card for every region the (work-scale) edges enclose (reaching into ``where``, when given)
    that fills its quadrilateral, grown by the width of the edge line it stops at."""
    found = []
    near = cv2.dilate(edges, np.ones((3, 3), np.uint8))  # the edges a side may run along (see _beyond_frame)
    for contour in enclosed(edges, min_area, 0.08 * edges.size, where):
        quad = fit_quad(contour)
        if cv2.contourArea(contour) >= FILLED * abs(cv2.contourArea(quad)):
            quad = _beyond_frame(_grown(quad, 1.5), near)
            found.append(Candidate(short_side_first(quad) / scale, 1.0, False, False))
    return found


def _grown(quad: np.ndarray, d: float) -> np.ndarray:
    """The quadrilateral with each side moved ``d`` pixels outwards."""
    lines = []
    for i in range(4):
        p, q = quad[i], quad[(i + 1) % 4]
        u = (q - p) / max(float(np.linalg.norm(q - p)), 1e-6)
        normal = np.float32([u[1], -u[0]])  # outwards for clockwise corners (y down)
        lines.append((p + d * normal, u))
    grown = _line_intersections(lines)
    return quad if grown is None else grown


def _side_support(quad: np.ndarray, near_edge: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """Per side (rows) and per outward offset in pixels (columns), the share of points along the
    middle of the side, moved out by the offset, that lie on an edge."""
    h, w = near_edge.shape
    t = np.linspace(0.12, 0.88, 16)[:, None]
    out = np.zeros((4, len(offsets)))
    for i in range(4):
        p, q = quad[i], quad[(i + 1) % 4]
        u = (q - p) / max(float(np.linalg.norm(q - p)), 1e-6)
        normal = np.float32([u[1], -u[0]])  # outwards for clockwise corners (y down)
        line = p + t * (q - p)
        for k, off in enumerate(offsets):
            pts = np.round(line + off * normal).astype(int)
            ok = (pts[:, 0] >= 0) & (pts[:, 0] < w) & (pts[:, 1] >= 0) & (pts[:, 1] < h)
            out[i, k] = float(near_edge[pts[ok, 1], pts[ok, 0]].sum()) / len(t) / 255
    return out


def _beyond_frame(quad: np.ndarray, near: np.ndarray) -> np.ndarray:
    """A quadrilateral found inside a card's printed frame grown to the card's edge: out to the
    end of the band of edges (``near``: the colour edges widened by a pixel; frame, thin paper, the
    card's edge and shadow) that each side runs along, when that band is about as wide on all four
    sides (a printer insets a frame evenly; beyond a card lies table or the next card, no even band)."""
    offsets = np.arange(0, max(3, int(0.06 * min(side_pairs(quad)) / 2)) + 1)
    support = _side_support(quad, near, offsets)
    bands = [int(np.argmin(np.append(row, 0) >= 0.5)) for row in support]  # first offset off the band
    if min(bands) < 3 or max(bands) - min(bands) > 2:  # a card's own edge and shadow: no frame
        return quad
    return _grown(quad, float(min(bands) - 1))


def _off_square(quad: np.ndarray) -> float:
    """The cosine of a quadrilateral's corner furthest off a right angle (0 for a rectangle)."""
    worst = 0.0
    for i in range(4):
        a, b = quad[i - 1] - quad[i], quad[(i + 1) % 4] - quad[i]
        worst = max(worst, abs(float(a @ b)) / max(float(np.linalg.norm(a) * np.linalg.norm(b)), 1e-6))
    return worst


def _shape(quad: np.ndarray) -> float:
    """1 for a card's or a stone's shape (convex, corners near right angles, short sides over long
    at least 0.45, as a camera's slant may leave a card of 1.6), falling to 0."""
    if not cv2.isContourConvex(np.float32(quad).reshape(-1, 1, 2)):
        return 0.0
    square = float(np.clip(1 - (_off_square(quad) - 0.3) / 0.25, 0, 1))  # cos 73 degrees, to 57
    return square * float(np.clip((proportions(quad) - 0.38) / 0.07, 0, 1))


def _outlined(quad: np.ndarray, near_edge: np.ndarray) -> float:
    """How much of the quadrilateral's sides runs along an edge (``near_edge``: edges widened by
    the distance a side may be off): the mean of its sides and of its worst side."""
    shares = _side_support(quad, near_edge, np.zeros(1))[:, 0]
    return 0.5 * float(np.mean(shares)) + 0.5 * float(shares.min())


def _median_area(quads: list[np.ndarray]) -> float:
    """The median area of quadrilaterals: the photo's typical card (one deck, one size)."""
    return float(np.median([abs(cv2.contourArea(np.float32(q))) for q in quads]))


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    """Area shared by two convex quadrilaterals, as a share of the smaller."""
    shared, _ = cv2.intersectConvexConvex(np.float32(a), np.float32(b))
    return float(shared) / max(min(abs(cv2.contourArea(np.float32(a))), abs(cv2.contourArea(np.float32(b)))), 1e-6)


def _overlaps(quads: list[np.ndarray]) -> np.ndarray:
    """Pairwise `_overlap` of convex quadrilaterals (0 where their bounding boxes are apart)."""
    n = len(quads)
    lo = np.array([q.min(0) for q in quads])
    hi = np.array([q.max(0) for q in quads])
    out = np.zeros((n, n))
    for i in range(n):
        for j in range(i + 1, n):
            if (lo[i] < hi[j]).all() and (lo[j] < hi[i]).all():
                out[i, j] = out[j, i] = _overlap(quads[i], quads[j])
    return out


def _paper_between(paper: np.ndarray, inner: np.ndarray, outer: np.ndarray) -> bool:
    """Whether the ring between two nested quadrilaterals is mostly card stock (``paper``: the
    stock cue's mask): a card around its art, frame or printed stone. Table in it makes the outer
    one a card with a ring of table that grain or weave closed round it."""
    box, ring = _ring(outer, inner, paper.shape)
    return float((paper[box] > 0)[ring > 0].mean()) >= 0.6 if ring.any() else True


def _ring(outer: np.ndarray, inner: np.ndarray, shape: tuple[int, ...]) -> tuple[tuple[slice, slice], np.ndarray]:
    """The pixels between two nested quadrilaterals in an image of ``shape``: the rows and columns of the box
    they lie in, and the ring as a 0/1 mask of that box."""
    x, y, w, h = cv2.boundingRect(np.round(outer).astype(np.int32))
    x, y = max(x, 0), max(y, 0)
    ring = cv2.fillConvexPoly(np.zeros((h + 1, w + 1), np.uint8), np.round(outer - [x, y]).astype(np.int32), 1)
    cv2.fillConvexPoly(ring, np.round(inner - [x, y]).astype(np.int32), 0)
    ring = ring[: shape[0] - y, : shape[1] - x]
    return (slice(y, y + ring.shape[0]), slice(x, x + ring.shape[1])), ring


def _choose(cands: list[Candidate], edges: np.ndarray, paper: np.ndarray, scale: float) -> list[Candidate]:
    """The candidates that are cards: card-shaped and outlined by edges, none overlapping another.
    A candidate centred inside a card-shaped larger one is the larger's art, printed frame or
    stone; one holding two cards side by side is no card; of two that agree, the one whose corners
    were found in the full photo wins. Where readings of the same paper differ (a piece of a card
    or the card, one card or two), the deck's size decides: the median of the likely cards'."""
    if not cands:
        return []
    near_edge = cv2.dilate(edges, np.ones((5, 5), np.uint8))
    quads = [c.quad * scale for c in cands]
    areas = np.array([abs(cv2.contourArea(np.float32(q))) for q in quads])
    hand = np.array([c.hand for c in cands])
    plain = np.array([_shape(q) * _outlined(q, near_edge) for q in quads])
    fit = np.where(hand, 1.0, plain)
    over = _overlaps(quads)
    centres = np.array([q.mean(0) for q in quads])
    score = fit.copy()
    card = float(np.median(areas[fit >= 0.5] if (fit >= 0.5).any() else areas))  # a first guess of the deck's size
    for j in range(len(cands)):
        inner = np.flatnonzero((over[:, j] > 0.9) & (areas < 0.9 * areas[j]))
        halves = [i for i in inner if areas[i] >= 0.7 * card and fit[i] >= 0.5]
        if any(over[a, b] < 0.25 for a in halves for b in halves if a < b):
            score[j] = float(hand[j])  # cards side by side taken as one
        elif fit[j] >= 0.5 and not hand[j]:
            # The card's printed frame, stone or centre art, or the card in a ring of table. Not in a hand's
            # card: its quad, whose height is a guess, may reach past the card onto table, and a covered
            # card's holds other cards' print; what lies inside it loses to the hand as its rival below.
            for i in inner:
                if (
                    not hand[i]
                    and np.linalg.norm(centres[i] - centres[j]) < 0.1 * np.sqrt(areas[j])
                    and areas[i] >= 0.1 * areas[j]
                ):
                    score[i if _paper_between(paper, quads[i], quads[j]) else j] = 0.0
    same = np.zeros_like(over, dtype=bool)  # the same card: corners a few hundredths of its size apart
    for i, j in zip(*np.nonzero(over > 0.8)):
        apart = min(float(np.abs(np.roll(quads[i], k, axis=0) - quads[j]).max()) for k in range(4))
        same[i, j] = apart < 0.05 * np.sqrt(min(areas[i], areas[j]))
    for i in range(len(cands)):
        for j in np.flatnonzero(same[i]):
            if score[j] >= 0.4 and cands[j].precise and not cands[i].precise:
                score[i] = 0.0
    likely = score >= 0.5
    typical = float(np.median(areas[likely] if likely.any() else areas))
    size = np.clip(1 - (np.abs(np.log(areas / typical)) - 0.2) / 0.45, 0, 1)
    rival = ((over > 0.25) & ~same & (score[None, :] >= 0.4)).any(1)
    plausible = (areas > 0.3 * typical) & (areas < 3.5 * typical)  # a lone candidate's size need only be near
    score *= np.where(hand | (~rival & plausible), 1.0, size)
    score *= np.where([c.precise for c in cands], 1.0, 0.97)  # near-ties to the corners found in the full photo
    while True:
        chosen: list[int] = []
        refuted: set[int] = set()  # hands with a card where a whole card lies: cards side by side
        for i in np.argsort(-score, kind="stable"):
            if score[i] < 0.35:
                break
            # A hand's cards overlap each other by design, not another reading of the same hand.
            rivals = [j for j in chosen if over[i, j] >= 0.25 and not (hand[i] and cands[i].group == cands[j].group)]
            if not rivals:
                chosen.append(int(i))
            elif hand[i] and not all(hand[j] for j in rivals):
                refuted.add(cands[i].group)
        if not refuted:
            return [cands[i] if hand[i] or not cands[i].hand else cands[i]._replace(shown=1.0) for i in chosen]
        members = np.array([c.hand and c.group in refuted for c in cands])
        hand &= ~members
        score[members] = plain[members]  # each its own card now, or a piece of one


def _holding(blobs: np.ndarray, stock: np.ndarray) -> np.ndarray:
    """The blobs of a mask that are at least a third card stock (the others are table: wood grain,
    felt) but not nearly all of it (those the stock cue has found as they are)."""
    count, labels = cv2.connectedComponents(blobs)
    size = np.bincount(labels.ravel(), minlength=count)
    paper = np.bincount(labels[stock > 0], minlength=count)
    keep = (paper >= size / 3) & (paper < 0.85 * size)
    keep[0] = False
    return keep[labels].astype(np.uint8) * 255


def _at_rim(quad: np.ndarray, shape: tuple[int, ...]) -> bool:
    """The (work-scale) quadrilateral reaches the photo's edge: the photo cuts it."""
    h, w = shape[:2]
    return bool(quad.min() <= 2 or (quad[:, 0] >= w - 3).any() or (quad[:, 1] >= h - 3).any())


def _heaps(
    small: np.ndarray, outlines: list[np.ndarray], chosen: list[Candidate], scale: float
) -> tuple[list[np.ndarray], list[Candidate]]:
    """Of the blobs the stock cue could not cut into cards (work-scale ``outlines``), those that may
    be heaps, and the chosen cards less those lying on a heap. A blob the chosen cards fill is
    cards (separated cards are never a heap); one with a single card and as much paper again
    beside it is that card lying on a heap of others."""
    if not outlines:
        return [], chosen
    c = cardness(small)
    quads = [np.round(card.quad * scale).astype(np.int32) for card in chosen]
    covered = np.zeros(small.shape[:2], np.uint8)
    for q in quads:
        cv2.fillConvexPoly(covered, q, 255)
    typical = _median_area(quads) if quads else 0.0
    heaps, on_heap = [], set()
    for o in outlines:
        blob = cv2.fillPoly(np.zeros_like(covered), [o.astype(np.int32)], 255)
        area = cv2.countNonZero(blob)
        cards = cv2.bitwise_and(blob, covered)
        rest = cv2.subtract(blob, covered)
        if cv2.countNonZero(cards) >= 0.85 * area:
            continue
        inside = {i for i, q in enumerate(quads) if blob[tuple(np.clip(q.mean(0)[::-1], 0, None).astype(int))]}
        # Only the top card of a heap shows whole; two whole cards in a blob are cards lying apart.
        if len(inside) == 1 and cv2.countNonZero(rest) >= 0.3 * typical:
            paper = float(np.median(c[cards > 0]))
            if float(np.median(c[rest > 0])) >= 0.85 * paper:
                on_heap |= inside
                heaps.append(o / scale)
                continue
        if cv2.countNonZero(cards) < 0.5 * area:
            heaps.append(o / scale)
    return heaps, [card for i, card in enumerate(chosen) if i not in on_heap]


class Cues(NamedTuple):
    """What the cues found in a photo, before the cards are chosen."""

    small: np.ndarray  # the photo at work scale
    scale: float  # work pixels per photo pixel
    edges: np.ndarray  # colour edges at work scale
    paper: np.ndarray  # the stock cue's mask
    cands: list[Candidate]
    outlines: list[np.ndarray]  # blobs the stock cue could not cut into cards (work pixels)
    cut_blobs: int  # of those, how many the photo's edge cuts


def work_image(img: np.ndarray) -> tuple[np.ndarray, float]:
    """The photo at WORK_WIDTH, and the scale (work pixels per photo pixel)."""
    scale = WORK_WIDTH / img.shape[1]
    return cv2.resize(img, (WORK_WIDTH, round(img.shape[0] * scale)), interpolation=cv2.INTER_AREA), scale


def cues(
    img: np.ndarray,
    small: np.ndarray,
    scale: float,
    where: np.ndarray | None = None,
    net_mask: np.ndarray | None = None,
    card_long: float | None = None,
    indexed: bool = True,
) -> Cues:
    """Candidate cards of a BGR photo (``small``: at work scale) from three cues: blobs of card stock
    against the table (or, on a cloth as pale as the cards, what a flood from the photo's rim stopped
    by edges leaves), on other tables also the outlines' blobs holding card stock (a card whose art
    reaches across it), and the regions that edges enclose; hands also in the finder net's card mask
    ``net_mask`` (0 or 1, work scale; when given). Only blobs and regions reaching into the
    work-scale mask ``where`` (when given) are looked at; with the deck's ``card_long`` side (work
    pixels; when known) and ``net_mask``, no blob that is the table (see TALLEST). Hands are looked for by their
    index corners only with ``indexed`` (a deck printing them)."""
    c = cardness(small)
    pale = pale_table(c)
    mask = outlined_mask(small) if pale else card_mask(small, c)
    cards_of = functools.partial(
        _stock_cards, img, scale=scale, where=where, card_long=card_long, net_mask=net_mask, indexed=indexed
    )
    stock, outlines, cut_blobs = cards_of(mask)
    if not pale:
        outlined = outlined_mask(small)
        stock += cards_of(_holding(outlined, mask))[0]
        # A hand on a pale table that the stock cue took for table (dim light, a vein of marble):
        stock += [c for c in cards_of(missed_by_stock(outlined, mask))[0] if c.hand]
    if net_mask is not None and indexed:
        # A hand in the finder net's card mask, which it learnt on every kind of table: it parts a
        # hand from stone, cloth and grain where neither card stock nor outlines do. Its sides are
        # rough at the net's scale: a hand there is found by its indexes, never by seams alone.
        stock += [c for c in cards_of(net_mask * 255, seams_alone=False)[0] if c.hand]
    lab = smooth_lab(small)
    edges = colour_edges(lab)
    if net_mask is not None and indexed:
        # Hands in the stock's colour: only blobs a hand's size when the deck's size is known (a lone card's
        # blob is the net's card, and would be looked at again for faint indexes).
        least = HAND_CARDS * card_long**2 / CARD_RATIO if card_long else 0.0
        closings = PAPER_CLOSINGS[:1] if card_long else PAPER_CLOSINGS
        for paper in paper_coloured(lab, net_mask, edges, least, closings):
            stock += [c for c in cards_of(paper, seams_alone=False)[0] if c.hand]
    cands = stock + _region_cards(edges, 0.0015 * mask.size, scale, where)
    return Cues(small, scale, edges, mask, cands, outlines, cut_blobs)


def _refit_across(
    quad: np.ndarray,
    t: np.ndarray,
    offsets: np.ndarray,
    edge_points: Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]],
    min_points: int,
    max_move: float,
) -> np.ndarray:
    """The quadrilateral (clockwise) with each side refitted through the points ``edge_points`` picks
    across it: given, for all four sides at once, points along each side at fractions ``t``, each
    sampled at ``offsets`` outwards across it (shape (4, len(t), len(offsets), 2)), it gives each row's
    point ((4, len(t), 2)) and whether the row has one ((4, len(t))). A side with fewer than
    ``min_points`` keeps its line; if a corner would move more than ``max_move`` the quadrilateral
    stays as it was. (All sides in one call: a photo's cards are refitted a few hundred times.)"""
    along, rows = [], []
    for i in range(4):
        p, q = quad[i], quad[(i + 1) % 4]
        u = (q - p) / max(float(np.linalg.norm(q - p)), 1e-6)
        normal = np.float32([u[1], -u[0]])  # outwards for clockwise corners (y down)
        along.append(u)
        rows.append((p + t * (q - p) + offsets * normal).astype(np.float32))
    pts, ok = edge_points(np.stack(rows))
    lines = []
    for i in range(4):
        if ok[i].sum() < min_points:
            lines.append((quad[i], along[i]))
            continue
        vx, vy, x0, y0 = cv2.fitLine(np.float32(pts[i][ok[i]]), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.float32([x0, y0]), np.float32([vx, vy])))
    moved = _line_intersections(lines)
    return quad if moved is None or np.abs(moved - quad).max() > max_move else moved


def _on_edges(quad: np.ndarray, card: np.ndarray) -> np.ndarray:
    """The quadrilateral (clockwise, work pixels) with each side that borders the table moved to where
    the card probability ``card`` falls through one half, between pixels: a pixel mask's outline lies
    half a pixel inside the card and steps. A side along another card (no such fall) stays."""

    def falls(at: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        flat = at.reshape(-1, *at.shape[2:])
        prob = cv2.remap(card, flat[..., 0], flat[..., 1], cv2.INTER_LINEAR, borderValue=0.0)
        out = (prob[:, :-1] >= 0.5) & (prob[:, 1:] < 0.5)  # falls between k and k + 1
        # Along each row across the side, the fall nearest the middle of the row.
        k = np.argmin(np.where(out, np.abs(np.arange(out.shape[1]) - prob.shape[1] // 2), out.shape[1]), 1)
        rows = np.arange(len(k))
        a, b = prob[rows, k], prob[rows, k + 1]
        f = (a - 0.5) / np.maximum(a - b, np.float32(1e-6))
        pts = np.float32(flat[rows, k] + f[:, None] * (flat[rows, k + 1] - flat[rows, k]))
        return pts.reshape(*at.shape[:2], 2), out.any(1).reshape(at.shape[:2])

    t = np.linspace(0.15, 0.85, 15)[:, None, None]
    offsets = np.arange(-3, 3.01, 0.25, dtype=np.float32)[None, :, None]
    return _refit_across(quad, t, offsets, falls, min_points=6, max_move=4)


def _sharpened(img: np.ndarray, quad: np.ndarray, reach: float) -> np.ndarray:
    """The quadrilateral (clockwise, photo pixels) with each side refitted in the full photo: across
    each point of its middle, the strongest change of colour within ``reach`` pixels (nearer ones
    preferred), where a card meets the table or the next card. The net's maps are at an eighth of a
    1080p photo's size: its corners are good to a few pixels, the reader's index crop wants better."""
    offsets = np.arange(-reach, reach + 0.01, 0.5, dtype=np.float32)[None, :, None]
    prior = np.exp(-0.5 * (offsets[0, 2:-2, 0] / reach) ** 2)

    def steps(at: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        flat = at.reshape(-1, *at.shape[2:])
        colour = cv2.remap(img, flat[..., 0], flat[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        colour = colour.astype(np.float32)
        step = np.linalg.norm(colour[:, 4:] - colour[:, :-4], axis=2) * prior  # across 2 px: edges are blurred
        k = np.argmax(step, 1)
        peak = step[np.arange(len(k)), k].reshape(at.shape[:2])
        floor = np.maximum(8.0, 0.5 * np.median(peak, 1))[:, None]  # each side's own
        return flat[np.arange(len(k)), k + 2].reshape(*at.shape[:2], 2), peak > floor

    t = np.linspace(0.12, 0.88, 24)[:, None, None]
    return _refit_across(quad, t, offsets, steps, min_points=8, max_move=2 * reach)


class NetFound(NamedTuple):
    """What the finder's net found in a photo."""

    cards: list[Candidate]
    cores: np.ndarray  # where the cards' cores are (WORK_WIDTH)
    unexplained: (
        np.ndarray
    )  # where the cues should look again (WORK_WIDTH): a hand, a heap, a card the net fitted badly
    cut_off: int  # patches of card the photo's rim cuts that none of the net's cards covers
    card: np.ndarray  # the net's card probability (at NET_WIDTH)


def _refined(img: np.ndarray, quad: np.ndarray, reach: float) -> np.ndarray:
    """A net card's quadrilateral `_sharpened` in the full photo; where its opposite sides then splay more
    than SPLAY degrees (no card's do), a side caught on grain or left on the midway line between touching
    cards: sharpened again looking twice as far, if that makes them less splayed."""
    quad = _sharpened(img, quad, reach)
    if _splay(quad) > SPLAY:
        wider = _sharpened(img, quad, 2 * reach)
        if _splay(wider) < _splay(quad):
            return wider
    return quad


def _net_cards(img: np.ndarray, small: np.ndarray, s: float) -> NetFound:
    """Cards the finder's net shows whole in the photo ``img`` (shrunk to ``small`` by `net_image`, ``s`` net
    pixels a photo pixel): each core a seed, each card pixel near a core given to its nearest seed, each seed's
    region fitted with a quadrilateral it fills."""
    card, core = card_maps(small)
    stock = cardness(small)
    grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    mask = (card > 0.5).astype(np.uint8)
    seeds, stats = _seeds(core, 0.0004 * mask.size)
    keep = stats[:, cv2.CC_STAT_AREA] > 0
    keep[0] = False
    # The nearest seed of every pixel: cards that touch are parted midway between their cores.
    dist, nearest = _nearest(seeds)
    owner = nearest * mask
    # Half a core's width, at most (where two cores meet, each stops).
    depth = cv2.distanceTransform(((seeds > 0) & ~_between(seeds)).astype(np.uint8), cv2.DIST_L2, 5)
    found: list[tuple[Candidate, float]] = []
    table: list[np.ndarray] = []  # what the net took for cards that is table (work pixels)
    unsure: list[np.ndarray] = []  # patches with no print that it was unsure of: table, unless a blank (work pixels)
    for i in np.flatnonzero(keep):
        x, y, w, h, n = stats[i]
        # A card reaches CORE / (1 - 2 CORE) of its core's width beyond it (0.28): card pixels further
        # out are a neighbour the net did not part, or a cloth it took for card.
        reach = 2 * float(depth[y : y + h, x : x + w][seeds[y : y + h, x : x + w] == i].max()) * 0.45 + 1
        near = _box(x, y, w, h, int(1.05 * reach) + 2, mask.shape)  # all within reach (a chamfer distance)
        region = ((owner[near] == i) & (dist[near] <= reach)).astype(np.uint8)
        contours, _ = cv2.findContours(
            region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE, offset=(near[1].start, near[0].start)
        )
        quad = _on_edges(fit_quad(max(contours, key=cv2.contourArea), one_card=True), card)
        shape = _shape(quad)
        if shape <= 0.5:  # the card mask ran on into the table (a cloth's stripes): its core is the card's
            quad = _on_edges(_core_grown(seeds[near] == i, (near[1].start, near[0].start)), card)
            shape = _shape(quad)
        area = abs(cv2.contourArea(quad))
        corners = np.round(quad).astype(np.int32)
        qx, qy = corners.min(0)
        on = _box(qx, qy, *(corners.max(0) - corners.min(0) + 1), 0, mask.shape)
        inside = cv2.fillConvexPoly(np.zeros_like(mask[on]), corners - [on[1].start, on[0].start], 1)
        # The card fills its quadrilateral, and its core is a fair share of it.
        fills = cv2.countNonZero(inside & mask[on]) >= FILLED * area and cv2.countNonZero(region) <= 1.3 * area
        # A core the net is unsure of (a patch of stone between veins, of cloth between stripes) is a
        # card only with print on it.
        sure = float(core[y : y + h, x : x + w][seeds[y : y + h, x : x + w] == i].max()) >= SURE_CORE
        # Card stock is pale and unsaturated (judged as if lit to LIT): a knot in dark wood is no card. A card
        # in a shadow or in dim light passes a lower floor where the net is sure of its core and it shows print.
        pale = _lit_pale(stock[on][inside > 0], grey[on][inside > 0])
        paper = pale >= PAPER[0] or (sure and pale >= PAPER[1] and _printed(img, quad / s))
        if fills and paper and n >= 0.3 * area and shape > 0.5:
            if not (sure or _printed(img, quad / s)):
                unsure.append(quad)
                continue
            fitted = _refined(img, quad / s, 1.5 / s)
            # Sides splayed as no card's are, round a patch the net half believes is card: a patch of
            # stone between veins, or a card fitted badly. Left to the cues (see _unexplained).
            if _splay(fitted) > DOUBTFUL_SPLAY and float(card[on][inside > 0].mean()) < DOUBTFUL_CARD:
                continue
            found.append((Candidate(short_side_first(fitted), 1.0, False), area))
    # One deck lies on the table: a "card" far smaller than the others is a patch of table.
    typical = float(np.median([a for _, a in found])) if len(found) >= 3 else 0.0
    size = (WORK_WIDTH, round(img.shape[0] * WORK_WIDTH / img.shape[1]))
    cards = [c for c, a in found if a >= SMALLEST * typical]
    table += [c.quad * s for c, a in found if a < SMALLEST * typical]
    for quad in unsure:
        stone = _blank(img, quad / s, typical / s**2)
        if stone is None:
            table.append(quad)
        else:
            cards.append(Candidate(short_side_first(stone), 1.0, False))
    cores = cv2.resize((seeds > 0).astype(np.uint8) * 255, size, interpolation=cv2.INTER_NEAREST)
    unexplained, cut_off = _unexplained(mask, seeds > 0, dist, [c.quad * s for c in cards], table)
    unexplained = cv2.resize(unexplained, size, interpolation=cv2.INTER_NEAREST)
    return NetFound(cards, cores, cv2.dilate(unexplained, np.ones((9, 9), np.uint8)), cut_off, card)


def _seeds(core: np.ndarray, least: float) -> tuple[np.ndarray, np.ndarray]:
    """The cards' cores (labels, 0 elsewhere) where the net's ``core`` map passes one half, in pieces of
    ``least`` pixels or more, and their stats (as cv2.connectedComponentsWithStats gives them; the area
    0 for a label unused). A core MERGED times the photo's typical one's area or more is two cards' that
    touch, their seam too faint at one half: where the map at a higher level (SPLIT) parts it into
    pieces of ``least`` or more, each piece is a core, grown back over the core's pixels nearest it."""
    _, seeds, stats, _ = cv2.connectedComponentsWithStats((core > 0.5).astype(np.uint8), connectivity=4)
    keep = stats[:, cv2.CC_STAT_AREA] >= least
    keep[0] = False
    seeds = np.where(keep[seeds], seeds, 0)
    stats[~keep, cv2.CC_STAT_AREA] = 0
    if keep.sum() < 3:
        return seeds, stats
    typical = float(np.median(stats[keep, cv2.CC_STAT_AREA]))
    rows = [stats]
    for i in np.flatnonzero(stats[:, cv2.CC_STAT_AREA] >= PAIRED * typical):
        box = _box(*stats[i, :4], 0, core.shape)
        mine = seeds[box] == i
        for level in SPLIT:
            _, pieces, piece_stats, _ = cv2.connectedComponentsWithStats(
                ((core[box] > level) & mine).astype(np.uint8), connectivity=4
            )
            areas = piece_stats[1:, cv2.CC_STAT_AREA]
            # A core a little over the typical one parts only into like halves (a card's own dip is lopsided).
            if stats[i, cv2.CC_STAT_AREA] < MERGED * typical:
                areas = np.where(areas >= BALANCED * areas.max(initial=0), areas, 0)
            big = np.flatnonzero(areas >= least) + 1
            if len(big) < 2:
                continue
            grown = _nearest(np.where(np.isin(pieces, big), pieces, 0))[1] * mine  # each pixel to its nearest piece
            first = sum(len(r) for r in rows)
            for k, piece in enumerate(big):
                py, px = np.nonzero(grown == piece)
                rows.append(
                    np.array(
                        [[px.min() + box[1].start, py.min() + box[0].start, np.ptp(px) + 1, np.ptp(py) + 1, len(px)]]
                    )
                )
                seeds[box][grown == piece] = first + k
            stats[i, cv2.CC_STAT_AREA] = 0
            break
    return seeds, np.concatenate(rows).astype(stats.dtype)


def _nearest(labels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each pixel's distance to the nearest labelled pixel of ``labels`` (0: none), and that pixel's label."""
    dist, nearest = cv2.distanceTransformWithLabels(
        (labels == 0).astype(np.uint8), cv2.DIST_L2, 5, labelType=cv2.DIST_LABEL_PIXEL
    )
    label_of = np.zeros(nearest.max() + 1, np.int32)
    ys, xs = np.nonzero(labels)
    label_of[nearest[ys, xs]] = labels[ys, xs]
    return dist, label_of[nearest]


def _between(seeds: np.ndarray) -> np.ndarray:
    """Pixels of one core (labels ``seeds``, 0 elsewhere) next to another's (a core `_seeds` parted)."""
    out = np.zeros(seeds.shape, bool)
    across = (seeds[:, 1:] != seeds[:, :-1]) & (seeds[:, 1:] > 0) & (seeds[:, :-1] > 0)
    out[:, 1:] |= across
    out[:, :-1] |= across
    down = (seeds[1:] != seeds[:-1]) & (seeds[1:] > 0) & (seeds[:-1] > 0)
    out[1:] |= down
    out[:-1] |= down
    return out


def _core_grown(core: np.ndarray, offset: tuple[int, int]) -> np.ndarray:
    """The quadrilateral (net pixels) of the card whose core is the 0/1 mask ``core`` (its pixels at
    ``offset``): the core's own quadrilateral grown by CORE of the card's short side on every side."""
    contours, _ = cv2.findContours(core.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE, offset=offset)
    quad = fit_quad(max(contours, key=cv2.contourArea), one_card=True)
    return _grown(quad, CORE / (1 - 2 * CORE) * min(side_pairs(quad)) / 2 + 0.5)  # + 0.5: a mask's outline lies inside


def _blank(img: np.ndarray, quad: np.ndarray, typical: float) -> np.ndarray | None:
    """A blank card or stone in a patch the net was unsure of and that shows no print (``quad``,
    photo pixels): its card mask stops short of a blank's edges, so the patch is grown out to the
    strongest change of colour round it; a blank where that is one of the deck's cards, its size
    (``typical`` area, photo pixels) and shape. A patch of stone or cloth grows to no such card."""
    short = min(side_pairs(quad)) / 2
    grown = _sharpened(img, _grown(quad, 0.15 * short), 0.2 * short)
    area = abs(cv2.contourArea(grown))
    if BLANK_AREA[0] * typical <= area <= BLANK_AREA[1] * typical and _shape(grown) == 1 and _splay(grown) <= SPLAY:
        return grown
    return None


def _box(x: int, y: int, w: int, h: int, margin: int, shape: tuple[int, ...]) -> tuple[slice, slice]:
    """Rows and columns of the box at ``x, y`` sized ``w, h``, grown by ``margin``, within an image of ``shape``."""
    return (
        slice(max(0, int(y) - margin), min(shape[0], int(y + h) + margin)),
        slice(max(0, int(x) - margin), min(shape[1], int(x + w) + margin)),
    )


def _unexplained(
    mask: np.ndarray, cored: np.ndarray, to_core: np.ndarray, quads: list[np.ndarray], table: list[np.ndarray]
) -> tuple[np.ndarray, int]:
    """Where the cues should look again (255, net pixels): the patches of the net's card ``mask`` that
    none of its cards (``quads``) nor the patches of table it took for cards (``table``) covers, at
    least UNEXPLAINED of the cards' median area, clear of the photo's rim (a card the rim cuts is left
    out anyway) and in a blob of the mask that holds a core (``cored``; a card of the cues' holding
    none is not taken, `_agreed`): a hand's covered cards, a heap, a close-up card whose print the net
    took for cards; and the cards whose opposite sides splay more than SKEW degrees, as no card's do in
    a photo: a side fitted to wood grain or to the midway line between touching cards, which the stock
    cue cuts at their seam. With no card found, all of the photo. Also how many cards the photo's rim
    cuts: patches at the rim that no card covers, a quarter of a card or more, and blobs that hold a
    card's or a patch of table's core (``quads``, ``table``) and reach the rim within a card's width of a
    core (``to_core``: each pixel's distance to the nearest core; the net's card may stop short of the
    rim). A blob reaching the rim only further off is a cloth's band the net joined to a card."""
    if not quads:
        return np.full_like(mask, 255), 0
    blobs, blob_of = cv2.connectedComponents(mask)
    has_core = np.bincount(blob_of[cored], minlength=blobs) > 0
    covered = np.zeros_like(mask)
    # A blob holding a core that passed for card or for a card-sized patch of table (a card the edge cuts is
    # smaller than the deck's), not one whose cores none of the net's tests passed (pale stone at the edge).
    fitted = np.zeros(blobs, bool)
    for q in quads + table:
        cv2.fillConvexPoly(covered, np.round(q).astype(np.int32), 1)
        x, y = np.clip(np.round(np.mean(q, 0)).astype(int), 0, [mask.shape[1] - 1, mask.shape[0] - 1])
        fitted[blob_of[y, x]] = True
    rest = cv2.morphologyEx(
        mask & (1 - cv2.dilate(covered, np.ones((5, 5), np.uint8))), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)
    )
    count, labels, stats, _ = cv2.connectedComponentsWithStats(rest)
    rim = _at_rims(stats, mask.shape)
    width = float(np.median([min(side_pairs(q)) / 2 for q in quads]))
    blob_rim = np.bincount(blob_of[_rim_band(mask.shape, 2) & (mask > 0) & (to_core <= width)], minlength=blobs) > 0
    area = stats[:, cv2.CC_STAT_AREA]
    typical = _median_area(quads)
    keep = (area >= UNEXPLAINED * typical) & ~rim
    keep[0] = False
    out = (keep[labels] & has_core[blob_of]).astype(np.uint8) * 255
    for q in quads:
        if _splay(q) > SKEW:
            cv2.fillConvexPoly(out, np.round(q).astype(np.int32), 255)
    cut = (rim & (area >= 0.25 * typical))[1:].sum() + (blob_rim & fitted)[1:].sum()
    return out, int(cut)


def _at_rims(stats: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """Which connected components (``stats`` of cv2.connectedComponentsWithStats) reach the image's rim."""
    x, y, w, h = stats[:, 0], stats[:, 1], stats[:, 2], stats[:, 3]
    return (x <= 1) | (y <= 1) | (x + w >= shape[1] - 1) | (y + h >= shape[0] - 1)


def _splay(quad: np.ndarray) -> float:
    """The larger angle, in degrees, between two opposite sides of a quadrilateral."""
    angles = []
    for i in (0, 1):
        u, v = quad[i + 1] - quad[i], quad[i + 2] - quad[(i + 3) % 4]
        angles.append(abs(float(np.degrees(np.arctan2(u[0] * v[1] - u[1] * v[0], u @ v)))))
    return max(angles)


def _lit(paper: float) -> float:
    """How many times brighter a card whose paper is ``paper`` grey would be lit to LIT (at least 1)."""
    return max(1.0, LIT / max(paper, 1.0))


def _lit_pale(stock: np.ndarray, grey: np.ndarray) -> float:
    """A card's paleness (the 75th percentile of its pixels' cardness ``stock``) as if lit to LIT (``grey``:
    the same pixels' grey); 0 for no pixels."""
    if not stock.size:
        return 0.0
    return float(np.percentile(stock, 75)) * _lit(float(np.percentile(grey, 90)))


def _printed(img: np.ndarray, quad: np.ndarray) -> bool:
    """Whether the photo shows print inside the quadrilateral (clockwise, photo pixels), its rim left out:
    at least PRINTED of it is ink, 40 grey levels darker than its paper lit to LIT (a small index will do)."""
    inner = _grown(quad, -0.06 * min(side_pairs(quad)))
    x, y, w, h = cv2.boundingRect(np.round(inner).astype(np.int32))
    x, y = max(x, 0), max(y, 0)
    grey = cv2.cvtColor(img[y : y + h, x : x + w], cv2.COLOR_BGR2GRAY)
    inside = cv2.fillConvexPoly(np.zeros_like(grey), np.round(inner - [x, y]).astype(np.int32), 1)
    if not inside.any():
        return False
    grey = grey[inside > 0]
    paper = float(np.percentile(grey, 90))
    return float(np.mean(grey < paper - 40 / _lit(paper))) >= PRINTED


def _card_shaped(quad: np.ndarray) -> bool:
    """Whether a quadrilateral has a whole card's proportions (WHOLE): no strip of a covered card, no square piece."""
    return WHOLE[0] <= proportions(quad) <= WHOLE[1]


def _whole(quad: np.ndarray, typical: float) -> bool:
    """Whether a net's card is a whole card of the photo's ``typical`` area (WHOLE_AREA at least)."""
    return _card_shaped(quad) and abs(cv2.contourArea(np.float32(quad))) >= WHOLE_AREA * typical


def _agreed(
    net: list[Candidate], stock: list[Candidate], cores: np.ndarray, scale: float, card: np.ndarray
) -> list[Candidate]:
    """The net's cards and the cues' chosen ones (``stock``): a hand replaces the cards of the net it
    holds (its top card, and strips of covered cards the net took for cards: half the hand's cards
    at most; a hand holding more is cards side by side) where it holds a core or the net's ``card``
    mask (work scale) covers it (the top card of a fan, turned, may show no core of the net's).
    Other cards of the cues count where they hold a core (a card the net did not part from its
    neighbour; not a patch of cloth) and overlap no card kept, and stand for the net's card they
    agree with; one larger than the net knows cards stands alone. A hand or card of the cues far
    smaller than the net's cards is none."""

    def cored(quads: list[np.ndarray]) -> bool:
        return bool(cv2.countNonZero(_inside(quads, scale, cores.shape) & cores))

    def carded(quads: list[np.ndarray]) -> bool:
        return _card_share(quads, card, scale) >= CARDED

    # One deck lies on the table: cards of the cues far smaller than the net's are pieces of a card
    # (a "hand" fanned out of a card's round art, a corner cut off by a stripe).
    typical = _median_area([n.quad for n in net]) if net else 0.0
    least = SMALLEST * typical if len(net) >= 3 else 0.0
    out = list(net)
    for group in {c.group for c in stock if c.hand}:
        hand = [c for c in stock if c.hand and c.group == group]
        held = [n for n in net if any(_overlap(n.quad, c.quad) > 0.5 for c in hand)]
        whole = [n for n in held if _whole(n.quad, typical)]
        if (
            len(whole) >= 2
            and _card_share([c.quad for c in hand], _inside([n.quad for n in whole], scale, cores.shape), scale)
            >= SIDE_BY_SIDE
        ):
            continue  # the net's whole cards side by side, cut into a "hand" of strips
        if (
            len(held) <= max(1, len(hand) // 2)
            and (cored([c.quad for c in hand]) or carded([c.quad for c in hand]))
            and _median_area([c.quad for c in hand]) >= least
        ):
            out = [n for n in out if all(n is not h for h in held)] + hand
    for c in stock:
        if c.hand:
            continue
        twin = [i for i, n in enumerate(out) if not n.hand and _same(c.quad, n.quad)]
        if twin:  # the same card: the cue's corners, found at twice the net's scale, are the finer
            out[twin[0]] = c
        elif _too_big(c.quad, cores.shape[1] / scale):  # the net saw the print of such cards as cards
            if sum(_overlap(c.quad, o.quad) > 0.85 for o in out if not o.hand) >= 2:
                continue  # or it holds cards of the net whole: a row of cards the cues did not part
            size = 0.3 * abs(cv2.contourArea(c.quad))
            out = [o for o in out if _overlap(c.quad, o.quad) < 0.25 and abs(cv2.contourArea(o.quad)) > size] + [c]
        elif cored([c.quad]) and _median_area([c.quad]) >= least and all(_overlap(c.quad, o.quad) < 0.25 for o in out):
            out.append(c)
    return out


def _with_index_hands(corners: Corners, img: np.ndarray, chosen: list[Candidate]) -> list[Candidate]:
    """The chosen cards, where a hand read by its index corners (vision/index_hands.py) has a card that no card chosen on
    it agrees with (AGREE), with that hand's cards instead of those, shaped as its top card shows (see `_top_card`),
    also where the cues found fewer cards (the net's rectangles, a fifth too large, put a spread of small cards a place
    off: validation fonts' Quiddler spread 300072 on a striped cloth). Of a hand only the top card shows whole: where
    two whole cards (not strips of covered cards: see WHOLE; of a card's size: HAND_CARD) were chosen on it, the "hand"
    is cards side by side (a word's cards touching, their corners and their turned-round corners in a line). Where the
    cues chose a hand of more cards, agreeing with all but one of the corner hand's, the net missed indexes and found
    one between two (Quiddler fan 300094: nine cards of twelve where the cues had all twelve), or the one it found
    past theirs is the top card they missed (`_top_past_cues`), added to their hand; but where such a card of
    theirs lies past the top card's corner and no index shows at its own (UNMARKED), it is a slice of the top card
    (Quiddler fan 1049: thirteen cards of twelve, each a little narrower than the pitch, two read wrong). Where the top
    card's shape is not found, the cues' hand stays unless it cut the top card into slices (`_past_top`) or lies off the
    corners, most of the hand's cards agreeing with none of its (Word Thief fan 1029: the cues' cards up to a third of a
    width below their corners, four of nine read)."""
    for hand in index_hands(corners.found):
        hand, top = _top_trimmed(img, hand, corners.found)
        on = [c for c in chosen if any(_overlap(c.quad, q) > 0.5 for q in hand.quads)]
        typical = HAND_CARD * _median_area(hand.quads)
        whole = [c for c in on if not c.hand and _whole(c.quad, typical) and not _covers_next(c, hand)]
        alone = [q for q in hand.quads if not any(_agrees(c, q, q is hand.quads[-1], top is not None) for c in on)]
        sliced = _past_top(on, hand, corners.found)
        extra = [c for c in on if not any(_agrees(c, q, q is hand.quads[-1]) for q in hand.quads)]
        slices = sliced and all(corners.heat_at(c.quad[0]) < UNMARKED for c in extra)
        more = len(alone) == 1 and sum(c.hand for c in on) > len(hand.quads) and not sliced
        if len(whole) > 1 or more:
            if more and not whole and alone[0] is hand.quads[-1] and _top_past_cues(on, hand, corners.found):
                chosen = _with_top_past_cues(chosen, on, hand, top)
            continue
        if not (alone or slices):  # the cues' hand stands: its top card, maybe not
            chosen = _with_other_shapes(top, hand, on, _top_on_twin(top, hand, on, chosen))
            continue
        if len(on) >= len(hand.quads):
            # The cues' hand lies off the corners where most of the net's cards agree with none of its.
            lost = len(alone) > len(hand.quads) / 2
            # The cues' hand stays, the cards no corner agrees with checked, the net's rectangles offered as their shapes.
            if top is None and not (sliced or lost):
                chosen = [
                    c._replace(doubt=True)
                    if any(c is o for o in on) and not any(_agrees(c, q, q is hand.quads[-1]) for q in hand.quads)
                    else c
                    for c in chosen
                ]
                chosen = _with_other_shapes(None, hand, on, chosen)
                continue  # the net's rectangles, their size rough and the camera's slant left out, are only offered
        if top is not None:
            hand = shaped(hand, top)
        group = next(_HANDS)
        chosen = [c for c in chosen if all(c is not o for o in on)] + [
            Candidate(q, s, True, False, group) for q, s in zip(hand.quads, hand.shown)
        ]
    return chosen


def _with_other_shapes(
    top: np.ndarray | None, hand: IndexHand, on: list[Candidate], chosen: list[Candidate]
) -> list[Candidate]:
    """The ``chosen`` cards, those of the cues' hand standing on a corner-net ``hand`` given that hand's shapes as its
    ``top`` card shows them (`shaped`; the net's rectangles where that card's shape is not found) as their ``other``,
    where each card of the hand agrees with one of the cues' (or lies at the same place in a hand of as many cards:
    `_in_order`) and their bottom-left corners lie apart by OTHER_APART of
    the top card's width or more (median). Neither is always right: the cues' seams may lean against the cards (a
    slanted spread on a gingham: six cards of twelve read wrong), and one shape for the whole hand leaves out how a
    slanted camera turns each card's sides differently (the cues' seams follow them), the net's rectangles the slant
    itself; the reader keeps the shapes it reads the surer (vision.read.read_photo)."""
    shapes = shaped(hand, top).quads if top is not None else hand.quads
    groups = {c.group for c in on if c.hand}  # the cues' hand, its top card maybe reshaped (`_top_on_twin`)
    cues = [c for c in chosen if c.hand and c.group in groups]
    pairs = _agreeing(hand, shapes, cues) or _in_order(hand, shapes, cues)
    if not pairs:
        return chosen
    last = hand.quads[-1] if top is None else top  # the top card, as found or as the net gives it
    width = float(np.linalg.norm(last[1] - last[0]))
    apart = np.median([float(np.linalg.norm(c.quad[3] - q[3])) for c, q in pairs[:-1]]) / width
    if apart < OTHER_APART:
        return chosen
    others = {id(c): q for c, q in pairs}
    return [c._replace(other=others[id(c)]) if id(c) in others else c for c in chosen]


def _agreeing(hand: IndexHand, shapes: list[np.ndarray], cues: list[Candidate]) -> list[tuple[Candidate, np.ndarray]]:
    """Each card of a corner-net ``hand`` (in its ``shapes``) with the cues' card agreeing with it (as
    `_with_index_hands` found them, by the net's size); none where one has no such card."""
    pairs: list[tuple[Candidate, np.ndarray]] = []
    for card, q in zip(hand.quads, shapes):
        mine = [c for c in cues if _agrees(c, card, False) and all(c is not p for p, _ in pairs)]
        if not mine:
            return []
        pairs.append((min(mine, key=lambda c: float(np.linalg.norm(c.quad[0] - q[0]))), q))
    return pairs


def _in_order(hand: IndexHand, shapes: list[np.ndarray], cues: list[Candidate]) -> list[tuple[Candidate, np.ndarray]]:
    """Each card of a corner-net ``hand`` (in its ``shapes``) with the cues' card of the same place in a hand of as
    many cards, each within IN_ORDER of the hand's pitch of it along its top edge; none where the hands differ."""
    if len(cues) != len(hand.quads):
        return []
    along, step = _pitch(hand)
    cues = sorted(cues, key=lambda c: float(c.quad[0] @ along))
    if any(abs(float((c.quad[0] - q[0]) @ along)) > IN_ORDER * step for c, q in zip(cues, hand.quads)):
        return []
    return list(zip(cues, shapes))


def _top_on_twin(
    top: np.ndarray | None, hand: IndexHand, on: list[Candidate], chosen: list[Candidate]
) -> list[Candidate]:
    """The ``chosen`` cards with the one chosen ``on`` a corner-net ``hand``'s top card replaced by that card as the
    photo shows it (``top``, see `_top_card`) where none of its corners lies within TWIN_OFF of its width of the top
    card's bottom-right corner, which its turned-round index marks (``top``'s third corner): the cues cut the top
    card short or skewed it, and one of its two indexes was read from a crop that misses it, the card flagged."""
    mine = [c for c in on if _agrees(c, hand.quads[-1], False)]  # by its own corner: not the card it covers
    if top is None or not mine:
        return chosen
    cue = min(mine, key=lambda c: float(np.linalg.norm(c.quad.mean(0) - top.mean(0))))
    if float(np.linalg.norm(cue.quad - top[2], axis=1).min()) < TWIN_OFF * float(np.linalg.norm(top[1] - top[0])):
        return chosen
    return [c._replace(quad=top, shown=1.0, precise=True) if c is cue else c for c in chosen]


def _past_top(on: list[Candidate], hand: IndexHand, corners: list[Corner]) -> bool:
    """Whether a card chosen ``on`` a corner-net ``hand`` that agrees with no card of it lies past its top card's
    corner (PAST of the hand's pitch along its top edge) where that card's turned-round index shows it the top one:
    the cues cut the top card into slices (Word Thief fan 400055, fourteen cards where eleven lie). Where no such
    index shows, the net may have missed the true top card's corner, and the cues found it (Quiddler fan 1043)."""
    top = hand.quads[-1]
    along, step = _pitch(hand)
    past = float(top[0] @ along) + PAST * step
    return top_twin(hand, corners) is not None and any(
        float(c.quad[0] @ along) > past and not any(_agrees(c, q, q is top) for q in hand.quads) for c in on
    )


def _pitch(hand: IndexHand) -> tuple[np.ndarray, float]:
    """A corner-net ``hand``'s direction along its top card's top edge (unit) and its median step along it."""
    top = hand.quads[-1]
    along = (top[1] - top[0]) / max(float(np.linalg.norm(top[1] - top[0])), 1e-6)
    return along, float(np.median(np.diff([float(q[0] @ along) for q in hand.quads])))


def _top_past_cues(on: list[Candidate], hand: IndexHand, corners: list[Corner]) -> bool:
    """Whether a corner-net ``hand``'s top card, which no card chosen ``on`` it agrees with, lies past all of them
    (PAST of the hand's pitch along its top edge) where its turned-round index shows it the top one: the cues missed
    the top card and took the card under it for a whole one (validation fonts' Quiddler spread 300075: F read as the
    B over it, B missed). Both hands must begin at the same card: a corner-net hand beginning a part of a step on from
    the cues' lies off the cards (validation fonts' Word Thief spread 300064 on sisal, read right by the cues; with a
    card added, cut in two and three read wrong). ``on`` holds a card at least (`_with_index_hands` asks where the cues
    chose more cards than the hand has)."""
    top = hand.quads[-1]
    along, step = _pitch(hand)
    first = min(on, key=lambda c: float(c.quad[0] @ along))
    return (
        top_twin(hand, corners) is not None
        and _agrees(first, hand.quads[0], False)
        and float(top[0] @ along) > max(float(c.quad[0] @ along) for c in on) + PAST * step
    )


def _with_top_past_cues(
    chosen: list[Candidate], on: list[Candidate], hand: IndexHand, top: np.ndarray | None
) -> list[Candidate]:
    """The ``chosen`` cards with a corner-net ``hand``'s top card (as the photo shows it, ``top``, or the net's
    rectangle) added to the cues' hand ``on`` it, their card that seemed whole now covered by it (`_top_past_cues`)."""
    along, _ = _pitch(hand)
    last = max(on, key=lambda c: float(c.quad[0] @ along))
    card = hand.quads[-1] if top is None else top
    width = float(np.linalg.norm(card[1] - card[0]))
    covered = last._replace(shown=min(1.0, float(np.linalg.norm(card[0] - last.quad[0])) / max(width, 1e-6)))
    return [covered if c is last else c for c in chosen] + [Candidate(card, 1.0, True, top is not None, last.group)]


def _covers_next(chosen: Candidate, hand: IndexHand) -> bool:
    """Whether a ``chosen`` card holds the corner of a card of the ``hand`` on it away from its sides (COVERS of its
    span along the hand's top edge): a covered card's strip grown over the cards after it (Quiddler spread 300079:
    the first card and the top card chosen whole-shaped, ten cards between them lost), not a card of a word laid
    side by side, whose neighbour's corner lies on its own right side."""
    top = hand.quads[-1]
    width = float(np.linalg.norm(top[1] - top[0]))
    along = (top[1] - top[0]) / max(width, 1e-6)
    ends = chosen.quad @ along
    lo, hi = float(ends.min()), float(ends.max())
    margin = COVERS * (hi - lo)
    contour = chosen.quad.reshape(-1, 1, 2)
    return any(
        lo + margin < float(q[0] @ along) < hi - margin
        and cv2.pointPolygonTest(contour, (float(q[0][0]), float(q[0][1])), True) > -COVERS * width
        for q in hand.quads
    )


def _with_missed_cards(corners: list[Corner], chosen: list[Candidate], cut: list[Candidate]) -> list[Candidate]:
    """The chosen cards with the cards found between two index ``corners`` instead of those lying on them
    (vision/index_cards.py). The cards the photo's edge cuts (``cut``) are cards chosen to it: no card is
    found on them again, as they are counted among those cut off."""
    quads = [c.quad for c in chosen + cut]
    drop, new = missed_cards(corners, quads, {i for i, c in enumerate(chosen) if c.hand})
    return [c for i, c in enumerate(chosen) if i not in drop] + [Candidate(q, 1.0, False, False) for q in new]


def _agrees(chosen: Candidate, card: np.ndarray, top: bool, top_shown: bool = False) -> bool:
    """Whether a ``chosen`` card's own top-left corner lies on that of a corner-net hand's ``card`` (AGREE): a hand's
    card's first corner (cues' hands are clockwise from it), either end of a whole card's diagonal (the reader
    decides which is the top). Not any corner: a covered card's top-right one lies on the next card's (training
    hands: a cues' hand missing cards or cut wrong passed as agreeing, Word Thief spread 300039 read no card). The
    hand's ``top`` card by any corner still: its corner where no chosen card's own lies is as often print on the
    top card's face taken for an index (a card beyond the cues' whole top: Quiddler fan 400021, cut in two) as a
    top card the cues missed (Quiddler spread upside down 300030). Where the photo shows that top card whole
    (``top_shown``: see `_top_card`), by any corner of a card the cues show whole only: a covered card's shape past
    its strip is the cues' guess, and in a fan its far corner can lie on the top card's index (validation fonts'
    Quiddler fan 300033: the last two cards read as one; where no whole top card shows, such a corner stood for print
    on the top card's face taken for an index, in three fans of 100 cut in two else). A card far off square agrees
    with none (AGREE_SQUARE)."""
    if _off_square(chosen.quad) > AGREE_SQUARE:
        return False
    if top and (chosen.shown >= 1.0 or not top_shown):
        own = chosen.quad
    else:
        own = chosen.quad[:1] if chosen.hand else chosen.quad[::2]
    return float(np.linalg.norm(own - card[0], axis=1).min()) < AGREE * float(np.linalg.norm(card[1] - card[0]))


def _top_card(img: np.ndarray, hand: IndexHand, corners: list[Corner]) -> np.ndarray | None:
    """A corner-net ``hand``'s top card as the photo shows it (see `_top_outline`), where it has a top card's
    proportions (TOP_WHOLE); not a sliver: the net took a letter on the top card's face for an index corner
    (Quiddler fan 300053), and the hand's cards would take the shape of a sliver."""
    return _whole_top(_top_outline(img, hand, corners))


def _whole_top(card: np.ndarray | None) -> np.ndarray | None:
    """A top card's outline where it has a top card's proportions (TOP_WHOLE)."""
    return card if card is not None and TOP_WHOLE[0] <= proportions(card) <= TOP_WHOLE[1] else None


def _top_outline(img: np.ndarray, hand: IndexHand, corners: list[Corner]) -> np.ndarray | None:
    """A corner-net ``hand``'s top card as the photo shows it, clockwise from the net's corner: along the net's top
    edge to its right side found in the photo (`_sharpened`, SIDE_REACH), down that side to its bottom-right
    corner where its turned-round index shows (`top_twin`), the left side parallel to the right (the camera's
    slant skews a card; the left side lies on the covered card's print, where a step of colour is no side).
    None where no such corner shows or the side found misses it (TWIN_ON: a cloth's stripe along the card)."""
    twin = top_twin(hand, corners)
    if twin is None:
        return None
    top = hand.quads[-1]
    width = float(np.linalg.norm(top[1] - top[0]))
    found = _sharpened(img, top, SIDE_REACH * width)
    right, off = found[2] - found[1], twin - found[1]
    miss = abs(float(right[0] * off[1] - right[1] * off[0])) / (width * max(float(np.linalg.norm(right)), 1e-6))
    # Where no right side is found, `_sharpened` keeps the net's line: its top end then agrees with nothing.
    refit = not on_line(np.stack([top[1], found[1], found[2], top[2]]), 0.5)
    on_top = refit and float(np.linalg.norm(found[1] - top[1])) < TWIN_ON * width
    if miss >= (TWIN_ON_TOP if on_top else TWIN_ON):
        return None
    # Where the top edge (from the corner along the net's) meets the right side.
    t = np.linalg.solve(np.float32([top[1] - top[0], -right]).T, found[1] - top[0])[0]
    corner = top[0] + t * (top[1] - top[0])
    return np.float32([top[0], corner, twin, top[0] + twin - corner])


def _top_trimmed(img: np.ndarray, hand: IndexHand, corners: list[Corner]) -> tuple[IndexHand, np.ndarray | None]:
    """The ``hand`` without its last card where that card's corner lies on the top card's face: the card it would
    be is a sliver (under TOP_WHOLE) from that corner to the top card's right side, and the hand without it has a
    whole top card (the net's weak peak on the top card's top edge or frame, half its width along it: validation
    fonts' Quiddler fans 301026 and 301097, each read with a card more). With the hand kept, its top card as the
    photo shows it (`_top_card`; None where it is not found whole)."""
    outline = _top_outline(img, hand, corners)
    if len(hand.quads) <= LEAST_CARDS or outline is None or proportions(outline) >= TOP_WHOLE[0]:
        return hand, _whole_top(outline)
    rest = without_top(hand)
    top = _top_card(img, rest, corners)
    return (rest, top) if top is not None else (hand, None)


def _inside(quads: list[np.ndarray], scale: float, shape: tuple[int, ...]) -> np.ndarray:
    """The union of ``quads`` (photo pixels) as a 0/1 mask at ``scale``, ``shape`` big."""
    out = np.zeros(shape[:2], np.uint8)
    for q in quads:
        cv2.fillConvexPoly(out, np.round(q * scale).astype(np.int32), 1)
    return out


def _card_share(quads: list[np.ndarray], card: np.ndarray, scale: float) -> float:
    """The share of the union of ``quads`` (photo pixels) that the net's ``card`` mask (0/1 at ``scale``) covers."""
    where = _inside(quads, scale, card.shape)
    return cv2.countNonZero(where & card) / max(1, cv2.countNonZero(where))


def _carded_hands(cands: list[Candidate], card: np.ndarray, scale: float) -> list[Candidate]:
    """The candidates less the hands the net's ``card`` mask does not cover (HAND_CARDED): a checked
    cloth's squares read as a spread of cards as large as the photo, which would beat the real hand.
    The hands come first, and a hand that matches the patch of card mask it lies on (intersection over
    union) by more than PARTIAL worse than another hand comes after the others: `_choose` takes equal
    scores in the order given, and of two cues' readings of one hand, such a one is a part of the hand
    (a blob that slits between the cards cut short) read as a hand of its own."""
    if not any(c.hand for c in cands):
        return cands  # most photos: the mask's patches need not be labelled
    count, patches = cv2.connectedComponents(card)
    fit: dict[int, float] = {}
    for group in {c.group for c in cands if c.hand}:
        union = _inside([c.quad for c in cands if c.hand and c.group == group], scale, card.shape)
        on = np.isin(patches, np.flatnonzero(np.bincount(patches[union > 0], minlength=count)[1:]) + 1)
        both = cv2.countNonZero(union & on.astype(np.uint8))
        if both >= HAND_CARDED * cv2.countNonZero(union):
            fit[group] = both / max(1, cv2.countNonZero(union | on.astype(np.uint8)))
    best = max(fit.values(), default=0.0)
    hands = sorted((c for c in cands if c.hand and c.group in fit), key=lambda c: fit[c.group] < best - PARTIAL)
    return hands + [c for c in cands if not c.hand]


def _rim_colour(img: np.ndarray, quad: np.ndarray, inner: float) -> np.ndarray:
    """The median colour of the band inside a quadrilateral's sides, ``inner`` of its short side deep (a card's paper,
    clear of its print); NaN where the band lies off the photo."""
    short = min(side_pairs(quad)) / 2
    box, band = _ring(_grown(quad, -0.03 * short), _grown(quad, -inner * short), img.shape)
    return np.float32(_byte_median(img[box], band)) if band.any() else np.full(3, np.nan, np.float32)


def _with_row_gaps(img: np.ndarray, chosen: list[Candidate], card: np.ndarray, scale: float) -> list[Candidate]:
    """The chosen cards and the stones `_row_gap_stones` finds beside them, looked for again beside those found
    (ROW_GAP_LOOKS times at most): a row's first three stones in glare, each a step past the one before."""
    for _ in range(ROW_GAP_LOOKS):
        added = _row_gap_stones(img, chosen, card, scale)
        if not added:
            break
        chosen = chosen + added
    return chosen


def _row_gap_stones(img: np.ndarray, chosen: list[Candidate], card: np.ndarray, scale: float) -> list[Candidate]:
    """A card in each gap between two cards of a row alike in size (GAP_PITCH of a card's width
    apart, in line), and beyond either end of two touching (END_PITCH), that shows their paper (its rim GAP_PAPER of
    the way from their paper's colour to the table's beyond its ends, at most) and that the net's card mask mostly
    covers (GAP_CARD): a stone between two the net saw no core of, a blank whose mottled face it was unsure of (Words
    And Points 300120), a row's first stone in a shadow. A gap between two words shows the table; a gap where the table
    is the paper's colour (TABLE_APART) is left alone unless the mask all but covers it (GAP_SURE; doubted). For decks
    without corner indexes: the others' cards between two are found by their index corners (`_with_missed_cards`)."""
    whole = [c.quad for c in chosen if not c.hand]
    found: list[tuple[bool, np.ndarray, float]] = []  # whether it shows their paper, the place, a card's width
    for i, a in enumerate(whole):
        for b in whole[i + 1 :]:
            if not 0.8 < abs(cv2.contourArea(a)) / max(abs(cv2.contourArea(b)), 1.0) < 1.25:
                continue
            w = float(np.linalg.norm(a[1] - a[0]))  # a short side: the card's width
            u = (a[1] - a[0]) / max(w, 1e-6)
            d = b.mean(0) - a.mean(0)
            along = abs(float(d @ u)) / w
            if abs(float(d[0] * u[1] - d[1] * u[0])) >= 0.25 * w:
                continue
            midway = GAP_PITCH[0] < along < GAP_PITCH[1]
            if not (midway or END_PITCH[0] < along < END_PITCH[1]):
                continue
            # b's corners in a's order (either may lie upside down), then the card midway or a step beyond each end
            turn = min(range(4), key=lambda k: float(np.linalg.norm(np.roll(b, -k, 0) - b.mean(0) - a + a.mean(0))))
            c = np.roll(b, -turn, 0)
            places = [(a + c) / 2] if midway else [2 * c - a, 2 * a - c]
            # the colours last: a row's end mostly lies on the table, where the net's card mask is not
            for gap in places:
                share = _card_share([gap], card, scale)
                if any(_overlap(gap, q) > 0.15 for q in whole) or share < GAP_CARD:
                    continue
                paper = (_rim_colour(img, a, 0.15) + _rim_colour(img, b, 0.15)) / 2
                down = gap[3] - gap[0]
                table = (_rim_colour(img, gap + 0.75 * down, 0.5) + _rim_colour(img, gap - 0.75 * down, 0.5)) / 2
                apart = float(np.linalg.norm(table - paper))
                papered = (
                    apart > TABLE_APART
                    and float(np.linalg.norm(_rim_colour(img, gap, 0.15) - paper)) < GAP_PAPER * apart
                )
                if papered or share >= GAP_SURE:
                    found.append((papered, gap, w))
    # Those showing the paper first: a place found by the net's card mask alone is doubted, and may lie over one.
    added: list[Candidate] = []
    for papered, gap, w in sorted(found, key=lambda f: not f[0]):
        if all(_overlap(gap, c.quad) <= 0.15 for c in added):
            added.append(Candidate(short_side_first(_sharpened(img, gap, 0.1 * w)), 1.0, False, doubt=not papered))
    return added


def _reshaped(chosen: list[Candidate]) -> tuple[tuple[tuple[int, ...], tuple[np.ndarray, ...]], ...]:
    """The hands among the ``chosen`` cards shaped two ways (see Detected.reshaped)."""
    groups: dict[int, list[int]] = {}
    for i, c in enumerate(chosen):
        if c.other is not None:
            groups.setdefault(c.group, []).append(i)
    return tuple((tuple(ix), tuple(chosen[i].other for i in ix)) for ix in groups.values())


def _off_size(chosen: list[Candidate]) -> tuple[tuple[tuple[int, ...], tuple[np.ndarray, ...]], ...]:
    """Each chosen whole card of another size than its nearest whole neighbours (see OFF_SIZE), once for each other
    shape: its long sides (or short ones) stretched or trimmed at one end, then at the other, to their median size."""
    pairs = {i: side_pairs(c.quad) for i, c in enumerate(chosen) if not c.hand}
    whole = [i for i, p in pairs.items() if min(p) >= 2]  # no sides of no length
    if len(whole) < 2:
        return ()
    quads = np.float32([chosen[i].quad for i in whole])
    centres = quads.mean(1)
    sizes = np.float32([pairs[i] for i in whole]) / 2  # short, long (clockwise from a short side)
    out: list[tuple[tuple[int, ...], tuple[np.ndarray, ...]]] = []
    for k, quad in enumerate(quads):
        far = np.linalg.norm(centres - centres[k], axis=1)
        far[k] = np.inf
        near = [j for j in np.argsort(far)[:2] if far[j] < NEIGHBOUR * sizes[k, 1]]
        if not near:
            continue
        logs = np.log(sizes[near] / sizes[k])  # (neighbours, sides)
        # corners moved, each from the corner it keeps: the short sides' ends at the second side (a long one), then
        # at the fourth; the long sides' at the first side, then at the third
        for side, ends in zip(logs.T, (((1, 0), (2, 3)), ((0, 3), (1, 2)))):
            if not (all(side >= OFF_SIZE) or all(side <= -OFF_SIZE)):
                continue  # of a size with a neighbour, or between two (a row going away from the camera)
            ratio = float(np.exp(np.median(side)))
            for moved in (ends, tuple((b, a) for a, b in ends)):
                other = quad.copy()
                for a, b in moved:
                    other[a] = quad[b] + (quad[a] - quad[b]) * ratio
                out.append(((whole[k],), (other,)))
    return tuple(out)


def _too_big(quad: np.ndarray, width: float) -> bool:
    """A card wider than the net ever saw one (it learnt cards 7-10% of the photo's width): a photo
    taken close up, where the cues' cards stand alone."""
    return min(side_pairs(quad)) / 2 > 0.15 * width


def _same(a: np.ndarray, b: np.ndarray) -> bool:
    """Two quadrilaterals are one card: nearly all of each lies on the other."""
    ratio = abs(cv2.contourArea(np.float32(a))) / max(abs(cv2.contourArea(np.float32(b))), 1.0)
    return 0.8 < ratio < 1.25 and _overlap(a, b) > 0.85


def find_cards(img: np.ndarray, layout: bool = False, indexed: bool = True) -> Detected:
    """The cards in a BGR photo (see `_found`; ``indexed``: of a deck printing corner indexes, whose hands
    are found by them too). ``layout``: a whole deck laid out in rows to be taught;
    where its cards are far smaller than the finder's net learnt cards, they are found again in the
    part of the photo they lie in, shown to the net as if taken closer (the photo's rim is the first
    look's). Not for photos of words: cards a little under CLOSER there were read worse closer (a
    stone's inset taken for the card)."""
    found = _found(img, indexed)
    box = _closer(img.shape, found.quads) if layout else None
    if box is None:
        return found
    closer = _found(img[box], indexed)
    shift = np.float32([box[1].start, box[0].start])
    return Detected(
        [q + shift for q in closer.quads],
        closer.shown,
        closer.heaps,
        found.cut_off,
        tuple(o + shift for o in closer.heap_outlines),
        closer.doubtful,
    )


def _closer(shape: tuple[int, ...], quads: list[np.ndarray]) -> tuple[slice, slice] | None:
    """Rows and columns of the photo (of ``shape``) to look at again, so that its cards (``quads``) are
    CLOSE_WIDTH of its width: all the cards and two cards' widths round them. None where the cards are
    not under CLOSER of the photo's width (nor three cards to tell: one may be a piece of a hand), or
    the part would not be much narrower than the photo."""
    if len(quads) < 3:
        return None
    width = float(np.median([min(side_pairs(q)) / 2 for q in quads]))
    if width >= CLOSER * shape[1]:
        return None
    points = np.concatenate(quads)
    (x0, y0), (x1, y1) = points.min(0) - 2 * width, points.max(0) + 2 * width  # a card missed at the edge
    wide = max(x1 - x0, width / CLOSE_WIDTH)
    if wide > 0.75 * shape[1]:
        return None
    x0 = float(np.clip((x0 + x1 - wide) / 2, 0, shape[1] - wide))
    return slice(max(0, int(y0)), min(shape[0], int(np.ceil(y1)))), slice(int(x0), int(np.ceil(x0 + wide)))


def _closer_where_lost(
    corners: Corners, img: np.ndarray, unexplained: np.ndarray, chosen: list[Candidate], scale: float
) -> Corners | None:
    """The corner net's closer look at the photo ``img`` (`corner_net.closer_corners`) where ``corners`` chain into
    no hand, the cards ``chosen`` (at ``scale``) cover under LOST_COVERED of the card the finder's net left
    ``unexplained``, and the closer look chains into a hand; else None."""
    if not unexplained.any() or index_hands(corners.found):
        return None
    left = (unexplained > 0).astype(np.uint8)
    covered = cv2.countNonZero(_inside([c.quad for c in chosen], scale, left.shape) & left)
    if covered >= LOST_COVERED * cv2.countNonZero(left):
        return None
    closer = closer_corners(img)
    return closer if index_hands(closer.found) else None


# The corner net reads the photo on the second core while the finder's net and its cards take the first: its
# batch of one photo hardly shares out among onnxruntime's threads (docs/benchmarks-vision.md, "Time per photo").
_CORNER_NET = ThreadPoolExecutor(max_workers=1, thread_name_prefix="corner-net")


def _found(img: np.ndarray, indexed: bool) -> Detected:
    """The cards in a BGR photo: the cues' candidates compete card by card (`_choose`), then stand
    against the net's cards (`_agreed`); with ``indexed``, a hand read by its index corners may
    replace what was chosen on it (`_with_index_hands`), and a card between two index corners what
    was chosen on it (`_with_missed_cards`); without, a card in a gap of a row is found (`_with_row_gaps`)."""
    shrunk = net_image(img)  # as the finder's net and the corner net see the photo
    ahead = _CORNER_NET.submit(index_corners, *shrunk) if indexed else None
    net, cores, unexplained, net_cut, net_card = _net_cards(img, *shrunk)
    scale = WORK_WIDTH / img.shape[1]
    card = (cv2.resize(net_card, cores.shape[::-1], interpolation=cv2.INTER_LINEAR) > 0.5).astype(np.uint8)
    # The cues look only where the net leaves card unexplained: elsewhere they find the net's cards again.
    if unexplained.any():
        small, scale = work_image(img)
        # One deck lies on the table: the net's cards give its size, when it found a few.
        card_long = float(np.median([max(side_pairs(n.quad)) / 2 for n in net])) * scale if len(net) >= 3 else None
        where = None if not net else unexplained
        _, _, edges, paper, cands, outlines, cut_blobs = cues(img, small, scale, where, card, card_long, indexed)
    else:
        edges, paper, cands, outlines, cut_blobs = unexplained, unexplained, [], [], 0
    # A candidate that the photo's edge cuts is part of a card (or a pale patch of table, a
    # wood-grain highlight): its warp would stretch whatever shows into a whole card, so a
    # sliver of a letter would read as a sure card, an empty one as a blank.
    rim = [_at_rim(cand.quad * scale, cores.shape) for cand in cands + net]  # cores: at work scale
    cut = [cand for cand, at in zip(cands + net, rim) if at]
    chosen = _choose(_carded_hands([cand for cand, at in zip(cands, rim) if not at], card, scale), edges, paper, scale)
    chosen = _agreed([cand for cand, at in zip(net, rim[len(cands) :]) if not at], chosen, cores, scale, card)
    corners = ahead.result() if ahead else NO_CORNERS
    # Hands by their index corners where the net leaves card unexplained (a hand's covered cards), or where it found
    # few cards: it may mark a fan's top card alone and no card beside it (on photos of words they are none).
    if indexed and (unexplained.any() or len(net) < HAND_LOOK):
        closer = _closer_where_lost(corners, img, unexplained, chosen, scale)
        corners, before = with_hand_ends(closer or corners, img), chosen
        chosen = _with_index_hands(corners, img, chosen)
        if closer:  # its own cards are found where both nets failed, shaped by the net's sizes for another zoom
            chosen = [c._replace(doubt=True) if c.hand and all(c is not b for b in before) else c for c in chosen]
    if indexed:  # cards missed between their two index corners (some 23 ms a photo for the corner net, 4 for them)
        chosen = _with_missed_cards(corners.found, chosen, cut)
    else:
        chosen = _with_row_gaps(img, chosen, card, scale)
    # A blob holding no card's core is table that looks like card stock, no heap.
    outlines = [
        o for o in outlines if cv2.countNonZero(cv2.fillPoly(np.zeros_like(cores), [o.astype(np.int32)], 1) & cores)
    ]
    heaps, chosen = _heaps(small, outlines, chosen, scale) if outlines else ([], chosen)  # outlines: the cues ran
    # Only a card's worth of paper is worth telling the player about; a highlight is smaller, and what is
    # larger than PIECE_MOST cards, or has a side longer than a card's diagonal, is no card's piece (a patch
    # of felt in uneven light, a gingham's band or squares in glare), nor what the net's card mask leaves out
    # (PIECE_CARDED: a striped cloth's band cut card-sized by the photo's edge).
    typical = _median_area([card.quad for card in chosen]) if chosen else 0.0
    diagonal = float(np.median([np.hypot(*side_pairs(card.quad)) / 2 for card in chosen])) if chosen else 0.0
    pieces: list[np.ndarray] = []
    for cand in cut:
        area = abs(cv2.contourArea(np.float32(cand.quad)))
        if (
            0.25 * typical <= area <= PIECE_MOST * typical
            and max(sides(cand.quad)) <= diagonal
            and all(_overlap(cand.quad, p) < 0.25 for p in pieces)
            and _card_share([cand.quad], card, scale) >= PIECE_CARDED
        ):
            pieces.append(cand.quad)
    cut_off = max(cut_blobs, len(pieces), net_cut)
    return Detected(
        [card.quad for card in chosen],
        [card.shown for card in chosen],
        len(heaps),
        cut_off,
        tuple(heaps),
        tuple(i for i, card in enumerate(chosen) if card.doubt),
        _reshaped(chosen) + _off_size(chosen),
    )
