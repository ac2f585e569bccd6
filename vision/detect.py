"""Find cards in a photo: pale, unsaturated quadrilaterals on a table.

Cards touching in a word merge into one blob. A blob is straightened into a strip
and cut where a seam runs the full height (a card's edge or a sliver of table),
about one card width apart; the card width follows from the strip's height.
"""

from __future__ import annotations

import cv2
import numpy as np

WORK_WIDTH = 960  # blobs are found at this width; corners are refined back in the full photo
CARD_RATIO = 7 / 5


def cardness(img: np.ndarray) -> np.ndarray:
    """High on white or cream card stock, low on wood, felt, slate and their glare."""
    f = img.astype(np.int16)
    lo, hi = f.min(2), f.max(2)
    return np.clip(lo - (hi - lo) // 2, 0, 255).astype(np.uint8)


def card_mask(small: np.ndarray) -> np.ndarray:
    """Cards against a table whose light varies: brighter than the surroundings and than a floor."""
    c = cv2.GaussianBlur(cardness(small), (5, 5), 0)
    block = (max(small.shape[:2]) // 6) | 1
    local = cv2.adaptiveThreshold(c, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY, block, -20)
    _, otsu = cv2.threshold(c, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    mask = cv2.bitwise_and(local, cv2.bitwise_or(otsu, (c > 55).astype(np.uint8) * 255))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    return mask


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


def fit_quad(contour: np.ndarray) -> np.ndarray | None:
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
    if approx is None:
        return None
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


def _seam_score(paper: np.ndarray, card_w: float) -> np.ndarray:
    """Per column of a straightened row of cards (``paper`` is 1 on card, holes filled): how much
    it looks like the edge between two cards, a sliver of table or a notch in the row's outline
    where two rounded corners meet. Only the outline counts: print inside a card never does."""
    h = paper.shape[0]
    gap = 1 - paper[int(0.1 * h):int(0.9 * h)].mean(0)
    top = np.argmax(paper, 0).astype(np.float32)
    bot = (h - np.argmax(paper[::-1], 0)).astype(np.float32)
    k = max(3, int(0.3 * card_w)) | 1
    base_top = cv2.erode(top[None], np.ones((1, k), np.uint8)).ravel()  # the outline without its notches
    base_bot = cv2.dilate(bot[None], np.ones((1, k), np.uint8)).ravel()
    depth = max(3.0, 0.03 * h)
    # A seam notches the outline at both ends; print near one edge can dent only one.
    notch = np.clip(np.minimum(top - base_top, base_bot - bot) / depth, 0, 1)
    return np.maximum(gap, notch)


def _fill_holes(mask: np.ndarray) -> np.ndarray:
    """Card art paler or darker than the card stock is part of the card, not a hole in it."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return cv2.drawContours(np.zeros_like(mask), contours, -1, 1, cv2.FILLED)


def _short_side_first(quad: np.ndarray) -> np.ndarray:
    sides = [float(np.linalg.norm(quad[(i + 1) % 4] - quad[i])) for i in range(4)]
    return np.roll(quad, -1, axis=0) if sides[0] + sides[2] > sides[1] + sides[3] else quad


def split_blob(img: np.ndarray, quad: np.ndarray) -> list[np.ndarray]:
    """Cards of a blob (``quad`` in photo pixels), each as four corners clockwise from a short
    side. The blob is straightened into a strip with a margin above and below; seams are
    looked for about one card width apart, the width following from the cards' height."""
    q = np.roll(_short_side_first(quad), -1, axis=0)  # q0 -> q1 along the row of cards
    length = float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
    height = float(np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / 2
    if length / height < 1.15:
        return []  # too stubby for a card lying either way
    w, h = max(8, round(length)), max(8, round(height))
    m = max(2, round(0.06 * h))
    rect = np.float32([[0, m], [w, m], [w, h + m], [0, h + m]])
    to_strip = cv2.getPerspectiveTransform(q.astype(np.float32), rect)
    strip = cv2.warpPerspective(img, to_strip, (w, h + 2 * m), borderMode=cv2.BORDER_REPLICATE)
    c = cardness(strip)
    _, paper = cv2.threshold(c, 0, 1, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    paper = _fill_holes(cv2.morphologyEx(paper, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)))
    has = paper.any(0)
    tops = np.argmax(paper, 0)[has]
    bots = (paper.shape[0] - np.argmax(paper[::-1], 0))[has]
    card_h = float(np.median(bots - tops)) if has.any() else float(h)
    card_w = card_h / CARD_RATIO
    score = _seam_score(paper, card_w)
    n_est = w / card_w
    if n_est < 1.6:
        return []
    if n_est < 2.4 and 1.2 <= length / height <= 1.65:
        # One card lying lengthwise or two side by side: only a seam in the middle tells them apart.
        if score[int(0.4 * w):int(0.6 * w)].max(initial=0) < 0.5:
            return [_short_side_first(quad)]
    cuts = [0]
    while w - cuts[-1] > 1.5 * card_w:
        lo, hi = int(cuts[-1] + 0.88 * card_w), int(min(w - 0.5 * card_w, cuts[-1] + 1.15 * card_w))
        best = lo + int(np.argmax(score[lo:hi])) if hi > lo else lo
        cuts.append(best if score[best] >= 0.5 else int(cuts[-1] + card_w))
    if w - cuts[-1] < 0.6 * card_w:
        cuts.pop()
    cuts.append(w)
    back = np.linalg.inv(to_strip)
    cards = []
    for x0, x1 in zip(cuts, cuts[1:]):
        # Each card's own top and bottom: cards of a word are rarely in a perfect line.
        inner = slice(x0 + (x1 - x0) // 5, x1 - (x1 - x0) // 5)
        sel = has[inner]
        top = float(np.median(np.argmax(paper[:, inner], 0)[sel])) if sel.any() else m
        bot = float(np.median((paper.shape[0] - np.argmax(paper[::-1, inner], 0))[sel])) if sel.any() else h + m
        corners = np.float32([[x0, top], [x1, top], [x1, bot], [x0, bot]])
        cards.append(cv2.perspectiveTransform(corners[None], back)[0])
    return cards


def find_cards(img: np.ndarray) -> tuple[list[np.ndarray], int]:
    """Card quads in a BGR photo (photo pixels, clockwise from a short side; which short side is
    the top is for the reader to decide), and how many card-sized blobs were too irregular to
    read (cards heaped over each other)."""
    scale = WORK_WIDTH / img.shape[1]
    small = cv2.resize(img, (WORK_WIDTH, round(img.shape[0] * scale)), interpolation=cv2.INTER_AREA)
    mask = card_mask(small)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    min_area = 0.0015 * mask.size
    found: list[np.ndarray] = []
    irregular = 0
    for c in contours:
        area = cv2.contourArea(c)
        if area < min_area:
            continue
        quad = fit_quad(c)
        fill = area / max(cv2.contourArea(quad), 1.0) if quad is not None else 0.0
        cards = split_blob(img, quad / scale) if fill >= 0.82 else []
        if not cards:
            irregular += 1
        found.extend(cards)
    return found, irregular
