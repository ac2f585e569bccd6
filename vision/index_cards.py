"""Cards the finder missed, found by their two index corners (vision/corner_net.py): a whole card shows its
index at both ends, at its own top-left corner and, printed turned round, at its bottom-right one (the
net's corner there has its top edge pointing the other way). Where the net sees such a pair and no card
chosen has its index there, a card lies between them the finder did not see (parted from its neighbour,
or taken with it into one quad). The pair is told by the shape of the cards found near it: the camera's
slant gives cards near each other the same shape in the photo."""

from __future__ import annotations

import cv2
import numpy as np

from vision.corner_net import Corner
from vision.index_hands import Frame, card_frame
from vision.quad_order import clockwise, short_side_first

# Measured on 680 training photos (Quiddler 1080p and 720p, Word Thief 720p, 200 each from 300000; 40 fans and
# 40 spreads), the cards found counted against the truth: NEAR 0.1-0.25, SAME_TOP 0.8-0.95, TWIN_ALONG 0.2-0.5,
# TWIN_DOWN 0.2-0.45, LOCAL 1-5, SEEN 0.3-1 and SAME_CARD 0.15-0.5 all find the same 5 cards more and 4 pieces of
# cards fewer; TWIN_DOWN 0.15 left 4 pieces, LEAST_SHAPES 5 found 3 cards fewer.
NEAR = 0.15  # of a card's width: a chosen card's index corner on a net's corner
SAME_TOP = 0.9  # the least cosine of the angle between two top edges taken as one (or, negated, as turned round)
# A twin lies within TWIN_ALONG of the card's width along its top edge and TWIN_DOWN of its height down
# from where the shape of the LOCAL nearest confirmed cards (LEAST_SHAPES at least) puts it.
TWIN_ALONG = 0.35
TWIN_DOWN = 0.3
LOCAL = 3
LEAST_SHAPES = 2
# Of a card's width: a chosen card whose corners lie this near a found one's is that card (0.2 and 0.15 replaced
# the chosen cards of 22 and 52 of those photos, 0.25 of 12, most of them a card chosen a little off; 0.35 of 7).
SAME_CORNERS = 0.25
SAME_CARD = 0.3  # of a card's width: two cards found whose corners lie this near are one
# The share of a hand's cards showing an index corner from which the hand stands: 0.91-1 of the hands' photos',
# 0-0.33 of the cues' "hands" cut out of cards on a checked cloth (a word's two cards as 5 strips).
SEEN = 0.5
# A card found between two index corners lies where no chosen card does (in a gap of a row, or on the quad it
# replaces); lying across chosen cards it does not replace, the corners were two neighbours' (a V's turned index
# and the next I's top-left one gave a slanted card over both). Renders of training designs, Word Thief and
# Quiddler words, 200 photos a size from 300000: the cards so found had 0-0.13 of their area under chosen cards
# they do not lie on; with validation fonts the one such false card had 0.96, the true ones 0-0.06.
COVERED = 0.5


def _ordered(quad: np.ndarray) -> np.ndarray:
    """A quadrilateral clockwise as seen in the photo, from a short side's corner."""
    return short_side_first(clockwise(np.asarray(quad, np.float32)))


def _ends(quad: np.ndarray) -> list[np.ndarray]:
    """A card's quad seen from each of its two index corners (its own top-left and bottom-right)."""
    q = _ordered(quad)
    return [q, np.roll(q, -2, 0)]


def _corners_at(corners: list[Frame], end: np.ndarray) -> set[int]:
    """Which of the net's ``corners`` are the index corner ``end`` starts from (NEAR, SAME_TOP)."""
    if not corners:
        return set()
    p, u, w, _ = card_frame(end)
    at = np.stack([c[0] for c in corners])
    tops = np.stack([c[1] for c in corners])
    on = (np.linalg.norm(at - p, axis=1) < NEAR * w) & (tops @ u >= SAME_TOP)
    return set(np.flatnonzero(on).tolist())


def _similar(shape: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """A card's ``shape`` (from its own top-left) turned, scaled and moved so its corners 0 and 2 lie on ``a``, ``b``."""
    z = shape[:, 0] + 1j * shape[:, 1]
    moved = a[0] + 1j * a[1] + (z - z[0]) * ((b[0] - a[0]) + 1j * (b[1] - a[1])) / (z[2] - z[0])
    return np.stack([moved.real, moved.imag], 1).astype(np.float32)


def _down(u: np.ndarray) -> np.ndarray:
    """Down a card whose top edge runs along ``u`` (unit)."""
    return np.asarray([-u[1], u[0]], np.float32)


def _twin_at(corner: Frame, shapes: list[np.ndarray]) -> tuple[np.ndarray, float, float]:
    """Where the ``shapes`` of cards near put a ``corner``'s twin (their bottom-right corners along and across
    their top edges from their top-left ones, on the mean), and their mean width and height."""
    p, u, _, _ = corner
    seen = []
    for s in shapes:
        _, v, w, h = card_frame(s)
        diagonal = s[2] - s[0]
        seen.append((float(diagonal @ v), float(diagonal @ _down(v)), w, h))
    along, across, w, h = np.mean(seen, 0)
    return p + along * u + across * _down(u), float(w), float(h)


def _twin(i: int, frames: list[Frame], free: set[int], shapes: list[np.ndarray]) -> int | None:
    """Among the ``free`` corners, the turned-round one nearest where the shapes of the LOCAL cards nearest corner
    ``i`` put its twin (TWIN_ALONG, TWIN_DOWN)."""
    near = sorted(shapes, key=lambda s: float(np.linalg.norm(s.mean(0) - frames[i][0])))[:LOCAL]
    at, w, h = _twin_at(frames[i], near)
    u = frames[i][1]
    best, best_off = None, np.inf
    for j in free - {i}:
        q, v, _, _ = frames[j]
        rel = q - at
        off = max(abs(float(rel @ u)) / (TWIN_ALONG * w), abs(float(rel @ _down(u))) / (TWIN_DOWN * h))
        if float(u @ v) <= -SAME_TOP and off <= 1 and off < best_off:
            best, best_off = j, off
    return best


def _fitted(a: np.ndarray, b: np.ndarray, shapes: list[np.ndarray]) -> np.ndarray:
    """The card between index corners ``a`` and ``b``: the mean of the LOCAL nearest ``shapes`` laid through them."""
    near = sorted(shapes, key=lambda s: float(np.linalg.norm(s.mean(0) - (a + b) / 2)))[:LOCAL]
    return np.asarray(np.mean([_similar(s, a, b) for s in near], 0), np.float32)


def _alike(a: np.ndarray, b: np.ndarray, share: float) -> bool:
    """Whether two cards' corners all lie within ``share`` of ``a``'s width of each other's (either way round)."""
    a, b = _ordered(a), _ordered(b)
    tol = share * float(np.linalg.norm(a[1] - a[0]))
    return any(float(np.linalg.norm(a - np.roll(b, k, 0), axis=1).max()) < tol for k in range(4))


def _lies_on(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether either card's centre lies on the other."""
    return any(
        cv2.pointPolygonTest(np.asarray(y, np.float32).reshape(-1, 1, 2), tuple(float(v) for v in x.mean(0)), False) > 0
        for x, y in ((a, b), (b, a))
    )


def _covered(card: np.ndarray, quads: list[np.ndarray]) -> float:
    """The share of a ``card``'s area the ``quads`` cover, summed (a hand's overlapping cards count twice)."""
    shared = sum(cv2.intersectConvexConvex(np.float32(card), np.float32(q))[0] for q in quads)
    return float(shared) / max(abs(cv2.contourArea(np.float32(card))), 1e-6)


def missed_cards(corners: list[Corner], quads: list[np.ndarray], hands: set[int]) -> tuple[set[int], list[np.ndarray]]:
    """The chosen ``quads`` to drop and the cards to add: cards between a pair of index ``corners`` at least one
    of which no chosen card has (see the module's docstring). ``hands``: the quads that are a hand's cards."""
    frames = [card_frame(c.quad) for c in corners]
    ends = [_ends(q) for q in quads]
    at_ends = [[_corners_at(frames, e) for e in es] for es in ends]  # each chosen card's corners at each of its ends
    on = [top | bottom for top, bottom in at_ends]
    owner = {k: i for i, ks in enumerate(on) for k in ks}
    # Confirmed cards (the net saw both index corners) give the photo's card shape where they lie.
    confirmed = [i for i, (top, bottom) in enumerate(at_ends) if top and bottom]
    shapes = [ends[i][0] for i in confirmed]
    if len(shapes) < LEAST_SHAPES:
        return set(), []
    loose = set(range(len(corners))) - set(owner)
    # A twin may be the corner of a chosen card the net did not confirm (a card chosen cut short, a strip of a
    # "hand" cut out of cards); a confirmed card's corners are its own.
    free = loose | {k for i, ks in enumerate(on) if i not in confirmed for k in ks}
    pairs = {tuple(sorted((i, j))) for i in loose if (j := _twin(i, frames, free, shapes)) is not None}
    seen = sum(bool(on[i]) for i in hands) / max(1, len(hands))
    drop: set[int] = set()
    new: list[np.ndarray] = []
    for a, b in sorted(pairs):
        card = _fitted(frames[a][0], frames[b][0], shapes)
        under = {i for i, q in enumerate(quads) if _lies_on(card, q)}
        if any(_alike(card, quads[i], SAME_CORNERS) for i in under) or (under & hands and seen >= SEEN):
            continue
        if _covered(card, [q for i, q in enumerate(quads) if i not in under]) > COVERED:
            continue
        drop |= under
        new.append(card)
    # A confirmed card dropped under a found one comes back between its own corners.
    for i in drop & set(confirmed):
        a, b = (min(ks) for ks in at_ends[i])
        new.append(_fitted(frames[a][0], frames[b][0], shapes))
    kept: list[np.ndarray] = []
    for card in new:
        if not any(_alike(card, k, SAME_CARD) for k in kept):
            kept.append(card)
    return drop, kept
