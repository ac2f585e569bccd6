"""Hands: cards overlapping so that each shows only its corner index, in a straight spread or
a fan. Each covered card is found by its index, which the deck prints just under the card's
top edge at the left: the seams between white cards are often too faint to see."""

from __future__ import annotations

import cv2
import numpy as np

from vision.cardness import CARD_RATIO, cardness


# Of the usual contrast of ink against card stock, what a second look for a hand's indexes asks where
# none show at the usual (on renders of training designs: thin blurred strokes and indexes in glare
# show at this, few specks of art do).
FAINT = 0.6
# The most of a fan's cards (their union) that may lie off the blob it was found in (on renders of
# training designs: up to 0.15 for fans, where the mask misses a rim of paper; 0.14-0.5 for "fans"
# read into a spread or a row of cards, whose cards turned too far reach out over the table).
OFF_BLOB = 0.2
# A fan found at other proportions than poker cards' covers at least COVERED of its blob and has at
# most three quarters of OFF_BLOB off it (one found at the wrong proportions is a few of the hand's
# cards turned about a wrong pivot, or a spread read as a fan).
COVERED = 0.8
# The proportions (high over wide) a fan's cards are tried at: poker cards', then a narrower and a wider deck's.
RATIOS = (CARD_RATIO, 1.65, 1.2)
# The least height over width a straight spread's top card may show. Its strip is straightened from the
# hand's quadrilateral, so the camera's slant is mostly taken out: a "top card" as wide as this is the
# last two cards taken as one, the top card's index lost (on renders of training designs: such tops at
# 1.11-1.18, true ones at 1.25 and up). A fan's strip is turned about a guessed pivot, its cards' width
# a guess from RATIOS: its top card may show as wide as 1.05.
SPREAD_TOP = 1.22
# Where an index's letters may start, a strip's top edge stands no more than TOP_REACH of a card's height above the
# median of the tops over TOP_RUN card widths round it (see _top_edge; the first values tried, on renders of training
# designs), that median taken over some 2 * TOP_SAMPLES columns of each window.
TOP_REACH = 0.03
TOP_RUN = 1.5
TOP_SAMPLES = 32


def notches_closed(paper: np.ndarray, card_w: float) -> np.ndarray:
    """The mask of a row of cards with the notches that an index printed near a card's edge
    eats into it filled (they are narrower than an index; a lower card's strip is wider)."""
    return cv2.morphologyEx(paper, cv2.MORPH_CLOSE, np.ones((1, max(3, int(0.33 * card_w)) | 1), np.uint8))


def missed_by_stock(blobs: np.ndarray, stock: np.ndarray) -> np.ndarray:
    """The blobs of a mask (the outline flood's) that the stock cue cannot have cut into cards: with
    hardly any ``stock`` in them (a table as pale as the cards in dim light: neither stands out), or
    lying within a blob of stock that reaches the photo's rim and is several times their size (the
    table taken for stock, a hand merged with it)."""
    h, w = stock.shape
    table = np.zeros_like(stock)
    for contour in cv2.findContours(stock, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]:
        x, y, bw, bh = cv2.boundingRect(contour)
        if x <= 0 or y <= 0 or x + bw >= w or y + bh >= h:
            cv2.drawContours(table, [contour], -1, 255, cv2.FILLED)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(blobs)
    area = stats[:, cv2.CC_STAT_AREA]
    paper = np.bincount(labels[stock > 0], minlength=count)
    on_table = np.bincount(labels[table > 0], minlength=count)
    keep = (paper < area / 3) | ((on_table >= 0.9 * area) & (cv2.countNonZero(table) >= 3 * area))
    keep[0] = False
    return keep[labels].astype(np.uint8) * 255


def index_spans(strip: np.ndarray, paper: np.ndarray, card_w: float, faint: float = 1.0) -> list[tuple[int, int]]:
    """Column spans of the letters printed just under the strip's top edge, where an index deck
    prints each card's face in its corner: in a spread hand, one span per card. Ink is told from
    the card stock by its contrast, ``faint`` times the usual (FAINT: thin strokes blurred, glare)."""
    card_h = card_w * CARD_RATIO
    # The outline's top, its notches (an index printed close to the edge eats into the mask) filled.
    notch = np.ones((1, max(3, int(0.3 * card_w)) | 1), np.uint8)
    rows = np.argmax(paper, 0).astype(np.float32)
    top = cv2.erode(rows[None], notch).ravel()
    # Where the letters may start: below the top edge, a pale patch of table joined onto it not counted.
    first = cv2.erode(_top_edge(rows, card_w)[None], notch).ravel()
    h = min(paper.shape[0], int(top.max() + 0.3 * card_h) + 2)  # only the rows of the index are looked at
    strip, paper = strip[:h], paper[:h]
    c = cardness(strip)
    # Ink is far darker than the card stock around it (light, shadow and glare vary across a hand).
    k = cv2.getStructuringElement(cv2.MORPH_RECT, (max(3, int(0.12 * card_w)) | 1,) * 2)
    stock = cv2.dilate(c, k).astype(np.float32)
    y = np.arange(h)[:, None]
    # On the card (its notches closed) and off its rim (the mask comes from a smaller copy of the
    # photo: its rim may hold a pixel or two of table), in the rows of the index.
    r = max(1, round(0.012 * card_h))
    card = cv2.erode(notches_closed(paper, card_w), np.ones((2 * r + 1, 2 * r + 1), np.uint8))
    band = (y < top + 0.3 * card_h) & (card > 0)
    ink = (c < (1 - 0.35 * faint) * stock).astype(np.uint8) * band.astype(np.uint8)
    # A card's edge line or shadow, a frame printed inside its edge (a line, or a rope of beads
    # whose gaps are closed first), or table beside a card's top, runs far longer than any stroke
    # of a glyph: taken out first, so that a glyph touching it is kept.
    gap = max(3, int(0.03 * card_w)) | 1
    lines = np.zeros_like(ink)
    for joint, run in (((gap, 1), (max(3, int(0.2 * card_h)), 1)), ((1, gap), (1, max(3, int(0.35 * card_w))))):
        joined = cv2.morphologyEx(ink, cv2.MORPH_CLOSE, np.ones(joint, np.uint8))
        lines |= cv2.morphologyEx(joined, cv2.MORPH_OPEN, np.ones(run, np.uint8))
    # The letters, a little darker, with the lines (found on the paler ink, where a rope's beads
    # join up) taken out; each must hold solid ink: a frame's thin beads, blurred, never do.
    off_lines = 1 - cv2.dilate(lines, np.ones((3, 3), np.uint8))
    ink = (c < (1 - 0.4 * faint) * stock).astype(np.uint8) * band.astype(np.uint8) * off_lines
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink)
    solid = np.bincount(labels[c < (1 - 0.5 * faint) * stock], minlength=count) > 0
    left, starts = stats[:, cv2.CC_STAT_LEFT], stats[:, cv2.CC_STAT_TOP]
    height = stats[:, cv2.CC_STAT_HEIGHT]
    # The face's letters: letter-sized and just under the card's top edge (what lies lower, a
    # value, a pip, a stone or centre art, is not needed to find the index).
    glyph = (
        solid
        & (height >= 0.04 * card_h)
        & (height < 0.2 * card_h)
        & (stats[:, cv2.CC_STAT_WIDTH] >= 2)  # a thin I, its sides blurred pale
        & (stats[:, cv2.CC_STAT_WIDTH] <= 2.5 * height)  # a piece of a slanting edge line is no letter
        & (starts < first[np.minimum(left, len(first) - 1)] + 0.12 * card_h)
    )
    glyph[0] = False
    cols = glyph[labels].sum(0) >= max(2, 0.01 * card_h)
    rim = max(2, int(0.03 * card_w))
    cols[:rim] = cols[-rim:] = False  # the strip's own ends: a card's outline and the table beyond
    spans: list[list[int]] = []
    smeared: set[int] = set()  # ink running on wider than an index without a break: no index
    for x in np.flatnonzero(cols):
        # The letters of one face: close together, and together no wider than an index.
        if spans and x - spans[-1][1] <= 0.08 * card_w and x - spans[-1][0] <= 0.32 * card_w:
            spans[-1][1] = int(x)
        else:
            if spans and x - spans[-1][1] == 1:
                smeared |= {len(spans) - 1, len(spans)}
            spans.append([int(x), int(x)])
    spans = [s for i, s in enumerate(spans) if i not in smeared]
    return [(a, b) for a, b in spans if b - a >= 2]  # narrower: specks on a card's edge


def _top_edge(top: np.ndarray, card_w: float) -> np.ndarray:
    """A strip's ``top`` (its mask's first row in each column), lowered to no higher than TOP_REACH of a
    card's height above the run of tops round it (the median over TOP_RUN card widths): a pale patch of
    table joined onto the cards' top edge (a cloth's check) is no card, and would hide the indexes below it."""
    half = max(1, int(TOP_RUN * card_w / 2))
    # The run of tops with the notches an index eats into the top edge filled (opened: a notch is a narrow peak
    # of the rows), as they would pull the median down; the checks' patches, higher, are not widened.
    notch = np.ones((1, max(3, int(0.33 * card_w)) | 1), np.uint8)
    padded = np.pad(cv2.morphologyEx(top[None], cv2.MORPH_OPEN, notch).ravel(), half, mode="edge")
    step = max(1, half // TOP_SAMPLES)  # a wide strip's windows sampled: their median is as good, far quicker
    run = np.median(np.lib.stride_tricks.sliding_window_view(padded, 2 * half + 1)[:, ::step], axis=1)
    return np.maximum(top, run - TOP_REACH * card_w * CARD_RATIO)


def _chain(starts: list[int], pitch: float) -> tuple[list[float], list[bool]]:
    """The index starts that follow each other about ``pitch`` apart, from the first, and which
    of them show: one too faint to show is put back between its neighbours, ink between two
    indexes (centre art, a speck) is passed over, and the chain ends at a gap of more than
    three indexes."""
    chain, seen = [float(starts[0])], [True]
    for s in starts[1:]:
        k = round((s - chain[-1]) / pitch)
        if k < 1 or abs((s - chain[-1]) / pitch - k) > 0.3:
            continue
        if k > 3:
            break
        chain.extend(chain[-1] + (s - chain[-1]) * j / k for j in range(1, k + 1))
        seen.extend([False] * (k - 1) + [True])
    return chain, seen


def _hand_steps(starts: list[int], card_w: float) -> list[int]:
    """The steps between neighbouring index starts that a hand's pitch allows: well under a card
    width, at least a fifth of one."""
    return [b - a for a, b in zip(starts, starts[1:]) if 0.2 * card_w <= b - a <= 0.8 * card_w]


def row_spread(strip: np.ndarray, paper: np.ndarray, score: np.ndarray, card_w: float) -> tuple[list[int] | None, bool]:
    """The left edges of a spread hand's cards in a row's ``strip`` (see spread_edges), and whether
    the hand lies turned round (seen from across the table: its indexes run along the strip's
    bottom, its edges then counted from the strip's right end). Faint indexes (thin strokes, blur,
    glare) are looked for only where no hand shows at the usual contrast and two indexes a hand's
    pitch apart do, either way up (on renders of training designs every hand found that way shows
    such a pair; a row of cards side by side, or a patch of table, rarely does)."""
    seen: list[list[int]] = []  # the index starts found so far, either way up
    flipped = None
    for faint in (1.0, FAINT):
        if faint != 1.0 and not any(_hand_steps(starts, card_w) for starts in seen):
            break
        for turned in (False, True):
            if turned and flipped is None:
                flipped = cv2.rotate(strip, cv2.ROTATE_180), cv2.rotate(paper, cv2.ROTATE_180)
            spans = index_spans(*(flipped if turned else (strip, paper)), card_w, faint)
            seen.append([a for a, _ in spans])
            edges = spread_edges(spans, strip.shape[1], score[::-1].copy() if turned else score, card_w, SPREAD_TOP)
            if edges is not None:
                return edges, turned
    return None, False


def spread_edges(
    spans: list[tuple[int, int]], w: int, score: np.ndarray, card_w: float, top_ratio: float = 1.05
) -> list[int] | None:
    """The left edges of a spread hand's cards found from their index ``spans`` along a strip
    ``w`` wide, or None when the strip is no spread: index after index well under a card width
    apart (uneven, as a hand held by a person is), the first near the strip's start and the last
    followed by one whole card, at least ``top_ratio`` high over wide (see SPREAD_TOP). ``card_w``
    is only a guess from the cards' height (decks and the camera's slant change their proportions
    by a third)."""
    starts = [a for a, _ in spans]
    steps = _hand_steps(starts, card_w)
    if not steps:
        return None
    pitch = float(np.median(steps))
    chain, seen = _chain(starts, pitch)
    # The first card's own index may be lost (a frame touching it): it stands a pitch before.
    if round((chain[0] - 0.3 * pitch) / pitch) == 1:
        chain.insert(0, chain[0] - pitch)
        seen.insert(0, False)
    offset = chain[0]  # where the deck prints its index, measured on the uncovered left edge
    card_h = card_w * CARD_RATIO
    # The top card's index is the last one with a whole card after it (any deck's proportions,
    # slanted by the camera, allowed); ink further right is the top card's own art.
    tops = [j for j in range(1, len(chain)) if top_ratio < card_h / max(1.0, w - (chain[j] - offset)) < 2.1]
    if not tops and 1.2 < card_h / max(1.0, w - (chain[-1] + pitch - offset)) < 2.0:
        # The top card's own index lost (glare, a frame through it): one more card a pitch on.
        chain.append(chain[-1] + pitch)
        seen.append(False)
        tops = [len(chain) - 1]
    if not tops or not 0.02 * card_w < offset < 0.25 * card_w:
        return None
    chain, seen = chain[: tops[-1] + 1], seen[: tops[-1] + 1]
    if 2 * sum(seen) <= len(chain):  # more put back than shown: specks on a row of cards, no hand
        return None
    top_w = w - (chain[-1] - offset)
    gaps = np.diff(chain)
    if gaps.min() < 0.2 * top_w or gaps.max() > 0.8 * top_w:  # a narrower strip cannot show a whole face
        return None
    raw = np.float32(chain) - offset
    return [0, *_on_seams(raw, score, top_w)[1:]]


def _on_seams(raw: np.ndarray, score: np.ndarray, card_w: float) -> list[int]:
    """Edges near ``raw`` moved onto the seams the strip shows. A seam (a card's edge line, with
    the frame printed just inside it) is a run of high ``score``, its first column a few pixels
    before the edge (the score is spread across a line's width). The first card's index, where
    ``raw`` was measured, may start further from its edge than the others': the median shift
    onto the seams is taken first, then each edge goes to the seam nearest it, if one is near."""
    high = np.flatnonzero(score >= 0.6)
    if not len(high):
        return [round(float(e)) for e in raw]
    firsts = high[np.r_[True, np.diff(high) > 1]] + 3
    near = [firsts[np.abs(firsts - e) <= 0.1 * card_w] for e in raw]
    shifts = [float((c - e)[np.argmin(np.abs(c - e))]) for c, e in zip(near, raw) if len(c)]
    shift = float(np.median(shifts)) if len(shifts) >= len(raw) / 2 else 0.0
    edges = []
    for c, e in zip(near, raw + shift):
        best = c[np.argmin(np.abs(c - e))] if len(c) else None
        edges.append(int(best) if best is not None and abs(best - e) <= 0.04 * card_w else round(float(e)))
    return edges


def _straight_runs(contour: np.ndarray, ragged: bool = False) -> list[tuple[np.ndarray, np.ndarray]]:
    """The outline as straight runs, longest first: each run goes on while the outline turns by no
    more than a few degrees from it or, on a ``ragged`` outline (a mask's rough edge, a shadow,
    kinking a card's side by degrees over a few pixels), while its corners stay within a hair of
    the line from the run's start (a turn between two cards' edges moves off it)."""
    pts = cv2.approxPolyDP(contour, 1.5, True).reshape(-1, 2).astype(np.float32)
    n = len(pts)
    if n < 3:
        return []
    tol = max(2.0, 0.012 * float(np.ptp(pts, 0).max()))
    if ragged:  # start at the sharpest corner, so that no run is cut where the outline's list begins
        before, after = pts - np.roll(pts, 1, axis=0), np.roll(pts, -1, axis=0) - pts
        turn = (before * after).sum(1) / np.maximum(
            np.linalg.norm(before, axis=1) * np.linalg.norm(after, axis=1), 1e-6
        )
        pts = np.roll(pts, -int(np.argmin(turn)), axis=0)
    pts = np.vstack([pts, pts[:1]])
    runs = []
    i = 0
    while i < n:
        j = i + 1
        while j < n and (on_line(pts[i : j + 2], tol) if ragged else _in_line(pts[i], pts[j], pts[j + 1])):
            j += 1
        runs.append((pts[i], pts[j]))
        i = j
    return sorted(runs, key=lambda r: -float(np.linalg.norm(r[1] - r[0])))


def _in_line(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> bool:
    """Whether the step from ``b`` to ``c`` turns by under 5 degrees from the run from ``a`` to ``b``."""
    return float(np.dot(b - a, c - b)) > np.cos(np.deg2rad(5)) * float(np.linalg.norm(b - a) * np.linalg.norm(c - b))


def on_line(pts: np.ndarray, tol: float) -> bool:
    """Whether every point lies within ``tol`` of the line through the first and last."""
    d = pts[-1] - pts[0]
    rel = pts - pts[0]
    return bool((np.abs(rel[:, 0] * d[1] - rel[:, 1] * d[0]) <= tol * max(float(np.linalg.norm(d)), 1e-6)).all())


def _refit(contour: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """A straight run refitted as a line to the outline's points along its middle (the polygon's
    corners can sit a pixel or two off the true side, which turns it by degrees), from where the
    outline comes onto that line to where it leaves it (a ragged run may reach into the rounded
    corners)."""
    pts = contour.reshape(-1, 2).astype(np.float32)
    d = (b - a) / np.linalg.norm(b - a)
    rel = pts - a
    along = rel @ d
    near = np.abs(rel[:, 0] * d[1] - rel[:, 1] * d[0]) < 2.0
    length = float(np.linalg.norm(b - a))
    sel = pts[near & (along > 0.1 * length) & (along < 0.9 * length)]
    if len(sel) < 5:
        return np.float32([a, b])
    vx, vy, x0, y0 = cv2.fitLine(sel, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
    u, p0 = np.float32([vx, vy]), np.float32([x0, y0])
    u *= np.sign(float(u @ d))
    rel = pts - p0
    t = rel @ u
    ta, tb = float((a - p0) @ u), float((b - p0) @ u)
    on = (np.abs(rel[:, 0] * u[1] - rel[:, 1] * u[0]) < 1.5) & (t > ta - 0.1 * length) & (t < tb + 0.1 * length)
    if on.sum() >= 5:
        ta, tb = float(t[on].min()), float(t[on].max())
    return np.float32([p0 + u * ta, p0 + u * tb])


def _right(up: np.ndarray) -> np.ndarray:
    """A card's rightward direction (in the photo, y down) from its upward one."""
    return np.float32([-up[1], up[0]])


def _turn(angle: float) -> np.ndarray:
    c, s = np.cos(angle), np.sin(angle)
    return np.float32([[c, -s], [s, c]])


def signed_angle(u: np.ndarray, v: np.ndarray) -> float:
    """Signed angle turning ``u`` onto ``v``."""
    return float(np.arctan2(u[0] * v[1] - u[1] * v[0], u @ v))


def fan_cards(
    img: np.ndarray, blob: np.ndarray, contour: np.ndarray, scale: float
) -> tuple[list[np.ndarray], list[float]]:
    """The cards of a fanned hand (``blob``: its mask at work scale, ``contour`` its outline),
    each as four corners clockwise from its own top-left in photo pixels, and the share of
    each card's width that shows; nothing when the blob is no fan.

    A fan's two outer sides are the long edges of its first and last card, the longest
    straight runs of its outline, closer together at the bottom where the hand is held. The
    last card is the first turned about one point; the strip swept by the first card's index
    corner turning about that point is read like a straight spread."""
    # Slits of table or shadow between the cards' edges, open at the bottom, are no part of the
    # fan's outline: closed first. Its sides are taken as ragged runs (a mask's rough edge, a
    # shadow); a wide fan's top, whose cards' edges turn little from one to the next, may make
    # one long ragged run: its runs are then those that turn by no more than a few degrees.
    closed = cv2.morphologyEx(blob, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7)))
    outline = max(cv2.findContours(closed, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)[0], key=cv2.contourArea)
    for mask, edge, runs, ratios in (
        (closed, outline, _straight_runs(outline, ragged=True), RATIOS),
        (blob, contour, _straight_runs(contour), RATIOS),
        # The hull's sides at poker proportions only: a patterned cloth's blob whose lines pass for indexes
        # would otherwise be read at every deck's proportions again.
        (closed, outline, _hull_runs(closed, outline), RATIOS[:1]),
    ):
        quads, shown = _fan_from_runs(img, mask, edge, scale, runs, blob, ratios)
        if quads:
            return quads, shown
    return [], []


def _hull_runs(mask: np.ndarray, contour: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """The sides of the outline's convex hull that the ``mask`` runs along, longest first: a side whose
    mask is eaten into (a shadow, a frame or ink near the card's edge notching it) still spans its
    card's edge from end to end. The chord across a fan's open bottom has no mask along it."""
    hull = cv2.approxPolyDP(cv2.convexHull(contour), 1.5, True).reshape(-1, 2).astype(np.float32)
    centre = hull.mean(0)
    t = np.linspace(0.1, 0.9, 9)[:, None]
    runs = []
    for a, b in zip(hull, np.roll(hull, -1, axis=0)):
        pts = a + t * (b - a)
        inward = pts + 3 * (centre - pts) / np.maximum(np.linalg.norm(centre - pts, axis=1, keepdims=True), 1e-6)
        xs = np.clip(np.round(inward[:, 0]).astype(int), 0, mask.shape[1] - 1)
        ys = np.clip(np.round(inward[:, 1]).astype(int), 0, mask.shape[0] - 1)
        if (mask[ys, xs] > 0).mean() >= 0.7:
            runs.append((a, b))
    return sorted(runs, key=lambda r: -float(np.linalg.norm(r[1] - r[0])))


def _off_blob(quads: list[np.ndarray], blob: np.ndarray, scale: float) -> tuple[float, float]:
    """The share of the cards' union (``quads`` in photo pixels) lying off ``blob`` (work scale), and
    the share of the blob it covers: a fan's cards cover its blob, however turned; a "fan" read into
    cards side by side reaches out."""
    union = np.zeros_like(blob)
    for q in quads:
        cv2.fillConvexPoly(union, np.round(q * scale).astype(np.int32), 255)
    on = cv2.countNonZero(union & blob)
    return 1 - on / max(1, cv2.countNonZero(union)), on / max(1, cv2.countNonZero(blob))


def _fan_from_runs(
    img: np.ndarray,
    blob: np.ndarray,
    contour: np.ndarray,
    scale: float,
    runs: list[tuple[np.ndarray, np.ndarray]],
    within: np.ndarray,
    ratios: tuple[float, ...],
) -> tuple[list[np.ndarray], list[float]]:
    """The cards of a fan whose outline's straight ``runs`` are given, longest first (see fan_cards),
    covering the blob ``within`` (see OFF_BLOB)."""
    if len(runs) < 3:
        return [], []
    lengths = [float(np.linalg.norm(b - a)) for a, b in runs[:2]]
    if lengths[1] < 0.7 * lengths[0]:
        return [], []
    (a1, b1), (a2, b2) = sides = [_refit(contour, a, b) / scale for a, b in runs[:2]]
    # The ends further apart are the tops.
    t1, s1, t2, s2 = max(
        ((t, s, u, v) for t, s in ((a1, b1), (b1, a1)) for u, v in ((a2, b2), (b2, a2))),
        key=lambda e: np.linalg.norm(e[0] - e[2]) - np.linalg.norm(e[1] - e[3]),
    )
    card_h = max(float(np.linalg.norm(b - a)) for a, b in sides) / 0.93  # the rounded corners cut the sides
    sides = []
    for t, s in ((t1, s1), (t2, s2)):
        up = (t - s) / np.linalg.norm(t - s)
        mid = (t + s) / 2
        sides.append((mid + up * card_h / 2, mid - up * card_h / 2, up))
    (top1, bot1, up1), (top2, bot2, up2) = sides
    if _right(up1) @ (top2 + bot2 - top1 - bot1) > 0 > _right(up2) @ (top1 + bot1 - top2 - bot2):
        (tf, bf, uf), (tl, bl, ul) = sides  # the first card's left edge, the last card's right edge
    elif _right(up2) @ (top1 + bot1 - top2 - bot2) > 0 > _right(up1) @ (top2 + bot2 - top1 - bot1):
        (tl, bl, ul), (tf, bf, uf) = sides
    else:
        return [], []
    # The width is a guess from the height: where poker proportions find no fan covering the blob but
    # show a hand's indexes, a narrower deck's and a wider one's are tried (decks print 1.3-1.6 high
    # over wide, slanted by the camera). The top card's own width, from its found left edge to the
    # fan's side, then gives the pivot and the cards' reach again.
    for ratio in ratios:
        card_w = card_h / ratio
        fan, indexed = _fan_pass(img, blob, scale, (tf, uf), (tl, ul), card_w, card_h)
        if fan is None:
            if not indexed and ratio == CARD_RATIO:  # no hand's indexes in the strip: no hand to look for
                break
            continue
        quads, shown, width = fan
        if abs(width - card_w) > 0.05 * card_w and 1.05 < card_h / width < 2.1:
            fan = _fan_pass(img, blob, scale, (tf, uf), (tl, ul), width, card_h)[0]
            if fan is not None:
                quads, shown, _ = fan
        off, covered = _off_blob(quads, within, scale)
        other = ratio != CARD_RATIO
        if off <= (0.75 if other else 1.0) * OFF_BLOB and (covered >= COVERED or not other):
            return quads, shown
    return [], []


def _fan_pass(
    img: np.ndarray,
    blob: np.ndarray,
    scale: float,
    first: tuple[np.ndarray, np.ndarray],
    last: tuple[np.ndarray, np.ndarray],
    card_w: float,
    card_h: float,
) -> tuple[tuple[list[np.ndarray], list[float], float] | None, bool]:
    """The cards of a fan whose first card's top-left corner and upward direction are ``first``
    and whose last card's top-right corner and upward direction are ``last``, for cards
    ``card_w`` wide: their corners, shares shown, and the top card's width as found (None when no fan
    shows); and whether two indexes a hand's pitch apart show in the strip the pass looked at."""
    (tf, uf), (tl, ul) = first, last
    last_tl = tl - card_w * _right(ul)
    alpha = signed_angle(uf, ul)
    if abs(alpha) < np.deg2rad(3):
        return None, False
    turn = _turn(alpha)
    pivot = np.linalg.solve(np.eye(2) - turn, last_tl - turn @ tf)
    radius = float(np.linalg.norm(tf - pivot))
    if not 0.3 * card_h < radius < 20 * card_h:
        return None, False
    sense = 1.0 if alpha > 0 else -1.0
    sweep = abs(signed_angle(tf - pivot, tl - pivot))  # to the last card's top-right corner
    strip_w = int(radius * sweep) + 1
    # Rows from well above the first card's top corner (the pivot is an estimate: cards further
    # round may stand higher) to below the index.
    ys = np.arange(-0.2 * card_h, 0.5 * card_h, dtype=np.float32)
    phis = sense * np.arange(strip_w, dtype=np.float32) / radius
    # Strip pixel (row y, column j): the first card's left-edge point y below its top corner,
    # turned about the pivot through the angle column j stands for.
    base = (tf - pivot)[None, :] - ys[:, None] * uf[None, :]  # (rows, 2)
    c, s = np.cos(phis)[None, :], np.sin(phis)[None, :]
    map_x = (pivot[0] + c * base[:, :1] - s * base[:, 1:]).astype(np.float32)
    map_y = (pivot[1] + s * base[:, :1] + c * base[:, 1:]).astype(np.float32)
    strip = cv2.remap(img, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    paper = (cv2.remap(blob, map_x * scale, map_y * scale, cv2.INTER_NEAREST) > 127).astype(np.uint8)
    last_w = radius * abs(signed_angle(last_tl - pivot, tl - pivot))  # the top card's width along the strip
    edges, indexed = None, False
    for faint in (1.0, FAINT):  # faint indexes only where none show at the usual contrast
        if edges is None:
            spans = index_spans(strip, paper, last_w, faint)
            indexed = indexed or bool(_hand_steps([a for a, _ in spans], last_w))
            edges = spread_edges(spans, strip_w, np.zeros(strip_w, np.float32), last_w)
    if edges is None or len(edges) < 3:  # two cards a little askew side by side are no fan
        return None, indexed
    # Each card from where its own top edge shows in the strip: its top-left corner, and its top
    # edge's direction there (the camera's slant skews cards in the photo, so turning the first
    # card about the pivot is only near), its side turned with it.
    top = np.argmax(notches_closed(paper, last_w), 0)
    corners, acrosses, downs = [], [], []
    for e, end in zip(edges, edges[1:] + [strip_w]):
        cols = np.arange(e + (end - e) // 5, end - (end - e) // 5)
        pts = np.stack([map_x[top[cols], cols], map_y[top[cols], cols]], 1)
        corners.append(np.float32([map_x[top[e + 1], e], map_y[top[e + 1], e]]))
        vx, vy, _, _ = cv2.fitLine(pts, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        acrosses.append(np.float32([vx, vy]) * np.sign(np.float32([vx, vy]) @ (pts[-1] - pts[0])))
        downs.append(-_turn(sense * e / radius) @ uf)
    width = float(np.linalg.norm(tl - corners[-1]))  # the top card shows whole: corner to corner
    quads = [
        np.float32([p, p + width * a, p + width * a + card_h * d, p + card_h * d])
        for p, a, d in zip(corners, acrosses, downs)
    ]
    shown = [(b - a) / (strip_w - edges[-1]) for a, b in zip(edges, edges[1:])] + [1.0]
    return (quads, shown, width), indexed
