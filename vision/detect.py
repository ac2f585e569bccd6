"""Find cards in a photo: pale, unsaturated quadrilaterals on a table.

Cards touching in a word merge into one blob. A blob is straightened into a strip
and cut into the number of cards whose evenly spaced seams (a sliver of table, a
notch where rounded corners meet, an edge line running the full height) it shows
best; the strip's height says roughly how many to expect.
"""

from __future__ import annotations

from typing import NamedTuple

import cv2
import numpy as np

from vision.hands import fan_cards, index_spans, notches_closed, spread_edges
from vision.cardness import CARD_RATIO, cardness

WORK_WIDTH = 960  # blobs are found at this width; corners are refined back in the full photo


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


def card_mask(small: np.ndarray) -> np.ndarray:
    """Cards against a table whose light varies: brighter than the surroundings and than a floor."""
    c = cardness(small)
    if pale_table(c):
        return outlined_mask(small)
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
        a = np.array([d, -e]).T
        if abs(np.linalg.det(a)) < 1e-6:
            return None
        t = np.linalg.solve(a, q - p)
        pts.append(p + t[0] * d)
    return np.float32(pts)


def fit_quad(contour: np.ndarray) -> np.ndarray:
    """Four corners, clockwise, of a card-like contour: sides fitted as lines, so that rounded
    corners do not pull the corners inwards."""
    hull = cv2.convexHull(contour)
    peri = cv2.arcLength(hull, True)
    approx = None
    for eps in (0.02, 0.03, 0.04, 0.05, 0.07):
        a = cv2.approxPolyDP(hull, eps * peri, True)
        if len(a) == 4:
            approx = a.reshape(4, 2).astype(np.float32)
            break
    if approx is None:  # ragged outline (cards of a word not quite in line): the tightest rectangle
        return clockwise(cv2.boxPoints(cv2.minAreaRect(contour)).astype(np.float32))
    pts = contour.reshape(-1, 2).astype(np.float32)
    lines = []
    for i in range(4):
        p, q = approx[i], approx[(i + 1) % 4]
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
    quad = _line_intersections(lines)
    if quad is None or np.abs(quad - approx).max() > 0.15 * peri / 4:
        quad = approx
    return clockwise(quad)


def clockwise(quad: np.ndarray) -> np.ndarray:
    """Corners in clockwise order as seen in the photo (y grows downwards)."""
    x, y = quad[:, 0], quad[:, 1]
    area2 = float((x * np.roll(y, -1) - np.roll(x, -1) * y).sum())
    return quad if area2 > 0 else quad[::-1].copy()


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


def _side_pairs(quad: np.ndarray) -> tuple[float, float]:
    """Lengths of the first and third sides together, and of the second and fourth."""
    sides = [float(np.linalg.norm(quad[(i + 1) % 4] - quad[i])) for i in range(4)]
    return sides[0] + sides[2], sides[1] + sides[3]


def _short_side_first(quad: np.ndarray) -> np.ndarray:
    a, b = _side_pairs(quad)
    return np.roll(quad, -1, axis=0) if a > b else quad


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
    img: np.ndarray, blob: np.ndarray, scale: float, quad: np.ndarray
) -> tuple[list[np.ndarray], list[float]]:
    """Cards of a blob (``blob``: its filled mask at work scale; ``quad``: its corners in photo
    pixels), each as four corners clockwise from a short side, and the share of each card's
    width that shows (under 1 for all but the last card of a spread hand). The blob is straightened
    into a strip with a margin above and below, and cut where `_count_cards` finds its seams."""
    q = np.roll(_short_side_first(quad), -1, axis=0)  # q0 -> q1 along the row of cards
    if q[1][0] < q[0][0]:
        q = np.roll(q, 2, axis=0)  # left to right as photographed: a spread hand's top card is on the right
    length = float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
    height = float(np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / 2
    if length / height < 1.15:
        return [], []  # too stubby for a card lying either way
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
    spans = index_spans(strip, paper, card_w)
    spread_cuts = spread_edges(spans, w, spread_score, card_w)
    if spread_cuts is None:  # a hand seen from across the table: its indexes run along the strip's bottom
        turned = index_spans(cv2.rotate(strip, cv2.ROTATE_180), cv2.rotate(paper, cv2.ROTATE_180), card_w)
        spread_cuts = spread_edges(turned, w, spread_score[::-1].copy(), card_w)
        if spread_cuts is not None:
            q = np.roll(q, 2, axis=0)
            to_strip = cv2.getPerspectiveTransform(q.astype(np.float32), rect)
            paper = cv2.rotate(paper, cv2.ROTATE_180)
            has = has[::-1].copy()
    if spread_cuts is None:
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
            return [_short_side_first(quad)], [1.0]
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
    outline = notches_closed(paper, card_w)
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
    for k in (5, 9, 13):
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
        count, labels = cv2.connectedComponents(cv2.erode(blob, kernel))
        parts = [(labels == i).astype(np.uint8) * 255 for i in range(1, count)]
        parts = [p for p in parts if cv2.countNonZero(p) >= min_area / 2]
        if len(parts) >= 2:
            return [cv2.bitwise_and(cv2.dilate(p, kernel), blob) for p in parts]
    return []


def _proportions(quad: np.ndarray) -> float:
    """Short sides over long sides of a quadrilateral (a card: 5/7, less some slant)."""
    a, b = _side_pairs(quad)
    return min(a, b) / max(a, b, 1e-6)


class Detected(NamedTuple):
    quads: list[np.ndarray]  # photo pixels, clockwise from a short side (the reader decides which is the top)
    shown: list[float]  # share of each card's width not covered by another (a spread hand's index strips)
    heaps: int  # card-sized blobs too irregular to read: cards piled on each other
    cut_off: int  # cards (or words of cards) left out because the photo's edge cuts them
    heap_outlines: tuple[np.ndarray, ...] = ()  # the heaps' outlines, photo pixels


def find_cards(img: np.ndarray) -> Detected:
    """The cards in a BGR photo."""
    scale = WORK_WIDTH / img.shape[1]
    small = cv2.resize(img, (WORK_WIDTH, round(img.shape[0] * scale)), interpolation=cv2.INTER_AREA)
    mask = card_mask(small)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    min_area = 0.0015 * mask.size
    queue = [
        (cv2.drawContours(np.zeros_like(mask), [c], -1, 255, cv2.FILLED), c, True)
        for c in contours
        if cv2.contourArea(c) >= min_area
    ]
    found: list[np.ndarray] = []
    shown: list[float] = []
    irregular = cut_off = 0
    outlines: list[np.ndarray] = []
    while queue:
        blob, contour, may_split = queue.pop()
        x, y, bw, bh = cv2.boundingRect(contour)
        at_edge = x <= 1 or y <= 1 or x + bw >= mask.shape[1] - 1 or y + bh >= mask.shape[0] - 1
        quad = fit_quad(contour)
        cards, visible = split_blob(img, blob, scale, quad / scale) if _fits(blob, quad) else ([], [])
        if len(cards) <= 1:  # a small fan can look nearly four-sided, like one slanted card
            fan, fan_shown = fan_cards(img, blob, contour, scale)
            if fan:
                cards, visible = fan, fan_shown
        if cards:
            found.extend(cards)
            shown.extend(visible)
            continue
        parts = _pull_apart(blob, min_area) if may_split else []
        for part in parts:
            cs, _ = cv2.findContours(part, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
            queue.append((part, max(cs, key=cv2.contourArea), False))
        # Cards in a word whose last card the photo's edge cuts are no card-shaped blob either.
        cut_off += not parts and at_edge
        irregular += not parts and not at_edge
        if not parts and not at_edge:
            outlines.append(contour.reshape(-1, 2) / scale)
    # A sliver (the strip of table between two cards on a pale cloth, both edges outlined) has
    # nothing of a card's proportions; its warp would stretch it into a blank card.
    keep = [i for i, q in enumerate(found) if _proportions(q) > 0.45]
    found, shown = [found[i] for i in keep], [shown[i] for i in keep]
    # A candidate that the photo's edge cuts is part of a card (or a pale patch of table, a
    # wood-grain highlight): its warp would stretch whatever shows into a whole card, so a
    # sliver of a letter would read as a sure card, an empty one as a blank.
    if found:
        h, w = img.shape[:2]
        edge = 2 / scale  # two work pixels
        areas = [abs(cv2.contourArea(np.float32(q))) for q in found]
        typical = float(np.median(areas))
        cut = [q.min() <= edge or (q[:, 0] >= w - 1 - edge).any() or (q[:, 1] >= h - 1 - edge).any() for q in found]
        # Only a card's worth of paper is worth telling the player about; a highlight is smaller.
        cut_off += sum(1 for c, a in zip(cut, areas) if c and a >= 0.25 * typical)
        found, shown = [q for q, c in zip(found, cut) if not c], [s for s, c in zip(shown, cut) if not c]
    return Detected(found, shown, irregular, cut_off, tuple(outlines))
