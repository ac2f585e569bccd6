"""Hands read from their index corners (vision/corner_net.py): each card of a hand shows its index
corner, the next card's corner lying along its top edge, less than a card's width on. A chain of such
corners is a hand, its last card the one on top, shown whole. A covered card's bottom-right corner, where
the deck prints its index again turned round, lies under the cards over it: a chain of cards showing it
is a word's cards touching side by side."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from vision.corner_net import Corner
from vision.hands import signed_angle

# The next card's corner lies this far along a card's top edge, in its widths (hands show 0.36-0.46 of
# each covered card; a camera's slant and a fan's turn widen the range), and at most ACROSS_OFF of its
# height off that edge's line.
ALONG = (0.15, 0.75)
ACROSS_OFF = 0.2
# The most the next card of a hand is turned from the one it covers, as the net reads their turns: a fan
# turns up to 13 degrees a card and the net's turn for one card errs by up to 12 (99th percentile; validation
# fonts' fans, 2026-12-06), so two true neighbours may read 30 apart (Word Thief fan 300007 on a check: its
# first card left out at 25).
TURN = np.deg2rad(35)
LEAST_CARDS = 3  # two cards, one a little over the other, are as often two cards laid carelessly
BRIDGE = 0.4  # a step of 2 +- this many pitches between two chains holds one card the net missed (see _bridged)
GAP = 1.6  # a step this many of the hand's pitch or more holds cards the net missed (about two pitches: one)
# A turned-round index corner shows a card's bottom-right corner within TWIN_NEAR of its width across and
# TWIN_DOWN of its height down from where it is looked for (see _twins_shown): the net's size for a card is rough.
TWIN_NEAR = 0.25
TWIN_DOWN = (0.6, 1.3)
# A hand's top card shows its own turned-round corner within TOP_TWIN_NEAR of its width across: the net's rectangle
# leaves out the camera's slant, which moves a card's bottom-right corner across by up to a third of its width
# (validation fonts' Word Thief spread 300112, 0.27: its top card not found, every box off, the top card unread).
# Only the top card's corner shows there, the covered cards' lying under it. Validation fonts' hands: of 480 (seeds
# from 300000, training tables) 1 card more found, 1 wrong card fewer, 9 right cards fewer flagged, none worse; with
# HAND_CARD (vision/detect.py) on 640 fresh ones (from 300200, training and tuned tables) 5 wrong cards fewer, 10 right
# cards fewer flagged, none worse.
TOP_TWIN_NEAR = 0.4
PROPORTIONS = (1.3, 1.6)  # height over width of the decks with index corners printers make


class IndexHand(NamedTuple):
    quads: list[np.ndarray]  # photo pixels, clockwise from each card's own top-left corner, in the order laid
    shown: list[float]  # the share of each card's width that shows; the top card's 1.0


Frame = tuple[np.ndarray, np.ndarray, float, float]  # see card_frame


def card_frame(quad: np.ndarray) -> Frame:
    """A card's top-left corner, its top edge's direction (unit), its width and height."""
    across, down = quad[1] - quad[0], quad[3] - quad[0]
    w, h = float(np.linalg.norm(across)), float(np.linalg.norm(down))
    return quad[0], across / max(w, 1e-6), w, h


def _along(frame: Frame, point: np.ndarray) -> tuple[float, float]:
    """How far ``point`` lies along a card's top edge from its corner, and how far off that edge's line."""
    p, u, _, _ = frame
    rel = point - p
    return float(rel @ u), abs(float(rel[0] * u[1] - rel[1] * u[0]))


def lies_over(under: Frame, over: Frame) -> bool:
    """Whether card ``over`` may be the next card of a hand over card ``under``: its corner along ``under``'s top edge
    (ALONG, ACROSS_OFF), turned little (TURN)."""
    _, u, w, h = under
    along, off = _along(under, over[0])
    return ALONG[0] * w <= along <= ALONG[1] * w and off <= ACROSS_OFF * h and abs(signed_angle(u, over[1])) <= TURN


def _next(i: int, frames: list[Frame]) -> int | None:
    """The corner of the card lying over card ``i`` in a hand: nearest along its top edge, turned little."""
    over = [j for j in range(len(frames)) if j != i and lies_over(frames[i], frames[j])]
    return min(over, key=lambda j: _along(frames[i], frames[j][0])[0], default=None)


def _twins(frame: Frame, base: np.ndarray, frames: list, near: float = TWIN_NEAR) -> list[int]:
    """The turned-round index corners among ``frames`` (their indexes) that may be a card's own bottom-right one:
    about its height (TWIN_DOWN) below ``base``, within ``near`` of its width across (the net's size for a card is
    rough)."""
    p, u, w, h = frame
    down = np.float32([-u[1], u[0]])
    out = []
    for i, (q, v, _, _) in enumerate(frames):
        rel = q - base
        if (
            float(u @ v) < 0
            and TWIN_DOWN[0] * h <= float(rel @ down) <= TWIN_DOWN[1] * h
            and abs(float(rel @ u)) < near * w
        ):
            out.append(i)
    return out


def _twins_shown(chain: list[int], frames: list[Frame]) -> int:
    """How many of a ``chain``'s covered cards show their own bottom-right index corner (see `_twins`), below their
    top-right corner or below the corner of the card after them: where a word's cards touch, that is the same
    place, and the net's width for a card in dim light or blur may be a third too large. Each turned-round corner
    is one card's: one the net found on a hand's bottom edge (glare, a covered card's edge) lies near several
    covered cards' (Quiddler spread 400015: two such corners stood for five cards, and the hand was taken for a
    word's cards side by side)."""
    used: set[int] = set()
    for a, b in zip(chain, chain[1:]):
        p, u, w, _ = frames[a]
        found = [i for base in (p + u * w, frames[b][0]) for i in _twins(frames[a], base, frames) if i not in used]
        used.update(found[:1])
    return len(used)


def top_twin(hand: IndexHand, corners: list[Corner]) -> np.ndarray | None:
    """The bottom-right corner of a ``hand``'s top card, where its turned-round index shows (see `_twins`),
    the one nearest where the net's size for it puts it; None where none shows."""
    frame = card_frame(hand.quads[-1])
    p, u, w, h = frame
    frames = [card_frame(c.quad) for c in corners]
    found = [frames[i][0] for i in _twins(frame, p + u * w, frames, TOP_TWIN_NEAR)]
    return min(found, key=lambda q: float(np.linalg.norm(q - hand.quads[-1][2]))) if found else None


def _angles(quads: list[np.ndarray]) -> np.ndarray:
    """The directions of the cards' top edges, in radians, unwrapped down the hand."""
    return np.unwrap([float(np.arctan2(f[1][1], f[1][0])) for f in map(card_frame, quads)])


def _evened(quads: list[np.ndarray]) -> list[np.ndarray]:
    """A hand's cards with one deck's size (the medians of their widths and heights) and turned evenly from
    the first to the last (a straight line fitted to their top edges' angles down the hand: a spread's
    all alike, a fan's turning by about one step), each still from its own corner: the net's turn and
    size for one card are rougher than the hand's."""
    frames = [card_frame(q) for q in quads]
    w = float(np.median([f[2] for f in frames]))
    h = float(np.median([f[3] for f in frames]))
    fitted = np.polyval(np.polyfit(np.arange(len(quads)), _angles(quads), 1), np.arange(len(quads)))
    out = []
    for (p, _, _, _), a in zip(frames, fitted):
        across = np.float32([np.cos(a), np.sin(a)]) * w
        down = np.float32([-np.sin(a), np.cos(a)]) * h
        out.append(np.float32([p, p + across, p + across + down, p + down]))
    return out


def _shown(quads: list[np.ndarray]) -> list[float]:
    """The share of each card's width that shows: up to the next card's corner; the top card's 1.0."""
    laid = [card_frame(q) for q in quads]
    return [*(min(1.0, float((b[0] - a[0]) @ a[1]) / a[2]) for a, b in zip(laid, laid[1:])), 1.0]


def shaped(hand: IndexHand, top: np.ndarray) -> IndexHand:
    """The hand's cards of the shape of its ``top`` card as the photo shows it (its corners, from the hand's
    last corner), each still from its own corner: the net's sizes are a tenth or two off, and its rectangles
    leave out the camera's slant. A slanted camera skews each card by its own turn on the table, so the others
    are not the top card's shape turned: the photo is taken as the table through one linear map, the one that
    takes a card of the top card's proportions as the photo shows them (held to PROPORTIONS: beyond, the camera
    stretched it) to its shape, and each card is that card turned on the table until it lies along its own top
    edge in the photo. On 1200 hands of training and validation fonts, the same faces were read right with the
    proportions as shown, held or all poker size (CARD_RATIO); poker size read a fan of a deck 1.6 long wrong."""
    across, down = top[1] - top[0], top[3] - top[0]
    ratio = float(np.clip(np.linalg.norm(down) / max(float(np.linalg.norm(across)), 1e-6), *PROPORTIONS))
    seen = np.stack([across, down / ratio], 1)  # the table's axes along the top card, a card's width long
    unseen = np.linalg.inv(seen)
    unit = np.float32([[0, 0], [1, 0], [1, ratio], [0, ratio]])
    quads = []
    for q, a in zip(hand.quads, _angles(hand.quads)):
        edge = unseen @ np.float32([np.cos(a), np.sin(a)])  # its top edge's direction on the table
        c, s = edge / np.linalg.norm(edge)
        quads.append(np.float32(q[0] + unit @ (seen @ np.float32([[c, -s], [s, c]])).T))
    return IndexHand(quads, _shown(quads))


def without_top(hand: IndexHand) -> IndexHand:
    """The ``hand`` without its last card, the card before it now on top."""
    return IndexHand(hand.quads[:-1], _shown(hand.quads[:-1]))


def _gaps_filled(quads: list[np.ndarray]) -> list[np.ndarray]:
    """A chain's cards with a card put where the next corner lies about twice the hand's pitch (its median step)
    or more on (GAP): the net missed a covered card's index there (Quiddler fan 300081: one missed, and the cards
    after it read a place off). The card put is its neighbour's shape, moved along the step."""
    steps = [float(np.linalg.norm(b[0] - a[0])) for a, b in zip(quads, quads[1:])]
    pitch = float(np.median(steps))
    out = [quads[0]]
    for a, b, step in zip(quads, quads[1:], steps):
        missed = round(step / pitch) - 1 if step >= GAP * pitch else 0
        out += [a + (b[0] - a[0]) * (k / (missed + 1)) for k in range(1, missed + 1)] + [b]
    return out


def _bridged(chains: list[list[int]], frames: list[Frame]) -> list[list[int]]:
    """``chains`` with one joined to the next where the net missed the one index between them: the next chain's
    first corner lies along the last card's top edge about two of the joined chain's pitches on (2 +- BRIDGE),
    past ALONG but within a card's width, turned little (Word Thief fan 300091: a red R on a red gingham). The
    next chain runs on for two corners at least: a lone corner past a hand's top card was a gingham's square
    or glare each time on 1200 training and validation hands (three), a run of a hand's cards never."""
    out = [list(c) for c in chains]
    for a in out:
        for b in out:
            if a is b or not a or len(b) < 2 or set(a) & set(b):  # two chains may run into one card
                continue
            _, u, w, h = frames[a[-1]]
            q, v, _, _ = frames[b[0]]
            along, off = _along(frames[a[-1]], q)
            if not ALONG[1] * w < along < w or off > ACROSS_OFF * h:
                continue
            steps = [float(np.linalg.norm(frames[y][0] - frames[x][0])) for c in (a, b) for x, y in zip(c, c[1:])]
            if abs(along / float(np.median(steps)) - 2) <= BRIDGE and abs(signed_angle(u, v)) <= 2 * TURN:
                a += b
                b.clear()
    return [c for c in out if c]


def _one_each(chains: list[list[int]]) -> list[list[int]]:
    """``chains`` less each that shares a corner with a longer one: a corner is one card's, of one hand. The net may
    find two peaks on one index, each starting a chain that runs on through the same cards (Word Thief fan 1000 on a
    check: two hands of 10 and 11 cards, which read as 11 cards and a piece once the top card's shape was found).
    Validation fonts' hands (1120, seeds from 300000 and 300200): 2 cards more found in Quiddler fans, a piece of a card
    fewer, nothing else changed."""
    kept: list[list[int]] = []
    for chain in sorted(chains, key=len, reverse=True):
        if not any(set(chain) & set(k) for k in kept):
            kept.append(chain)
    return kept


def index_hands(corners: list[Corner]) -> list[IndexHand]:
    """The hands the index ``corners`` chain into (see the module's docstring)."""
    frames = [card_frame(c.quad) for c in corners]
    nxt = [_next(i, frames) for i in range(len(frames))]
    covered = {j for j in nxt if j is not None}
    chains = []
    for start in range(len(corners)):
        if start in covered:
            continue  # a chain starts at a card no other covers
        chain, seen = [start], {start}
        while nxt[chain[-1]] is not None and nxt[chain[-1]] not in seen:
            chain.append(nxt[chain[-1]])
            seen.add(chain[-1])
        chains.append(chain)
    hands = []
    for chain in _one_each(_bridged(chains, frames)):
        if len(chain) < LEAST_CARDS or 2 * _twins_shown(chain, frames) >= len(chain) - 1:
            continue
        quads = _evened(_gaps_filled([corners[k].quad for k in chain]))
        hands.append(IndexHand(quads, _shown(quads)))
    return hands
