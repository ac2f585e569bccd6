"""Choose the reader's flagging thresholds (vision/read.py SURE, STONE_SURE, SUIT_SURE) on renders of TRAINING designs
(never the held-out ones, nor the benchmarks' seeds): every wrong card must be flagged, and as few right
ones as may be.

    nice -n 10 /work/main/.venv/bin/python scripts/calibrate_reader.py --photos 80

Each photo is read once (the finder's own quads, Tesseract asked about every card it could vote on);
then, per deck and for each pair of thresholds, prints the wrong cards left unflagged, the right cards
flagged, and the photos that need no correction (every card right and none flagged); and every wrong
card the shipped thresholds leave unflagged, with what was wrong (face, value, suit; a stone turned).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import NamedTuple

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vision.detect import find_cards  # noqa: E402
from vision.ocr import backend  # noqa: E402
from vision.read import (  # noqa: E402
    RIVAL_SURE,
    SUIT_SURE,
    TURN_SURE,
    TWIN_TURN_SURE,
    TWINS,
    VOTE_FLOOR,
    Read,
    Reader,
    _two_cards,
    checked,
    outvoted,
    second_opinions,
)
from vision.render import matched, render_varied  # noqa: E402

GAMES = ("word-thief", "quiddler", "words-and-points")
SEED0 = 9_000_000  # the training script draws from 7 000 000 to 8 100 000; the benches stay under 1 000 000
SYMMETRIC = set("HINOSXZ*")  # look the same turned round (as in bench/vision.py)
SURES = (0.8, 0.9, 0.95, 0.98, 0.99, 0.995)
SUIT_SURES = (0.78, 0.9, 0.95, 0.98, 0.99, 0.995)


class Card(NamedTuple):
    photo: int
    right: bool
    read: Read
    vote: str | None
    truth: str
    turned: bool  # read from the wrong end (its top-left corner at the truth's lower right)


def cards_of(game: str, seed: int, hand: bool) -> list[Card]:
    """Every true card the finder found, with its read and Tesseract's vote (asked whatever the read's confidence)."""
    photo = render_varied(game, seed, held_out=False, size=(1920, 1080) if seed % 2 else (1280, 720), hand=hand)
    reader = Reader(game)
    quads, shown, *_ = find_cards(photo.image, indexed=reader.index_deck)  # as read_photo finds them
    if not quads:
        return []
    reads = [
        r
        for read in reader.read(photo.image, quads, shown)
        for r in (_two_cards(reader, photo.image, read) if read.no_index else [read])
    ]
    votes = second_opinions(reads, backend(), sure=1.01)
    out = []
    for i, j in sorted(matched(photo.truth, [r.quad for r in reads]).items()):
        t = photo.truth["cards"][i]
        width = float(np.linalg.norm(np.subtract(t["corners"][1], t["corners"][0])))
        r, vote = reads[j], votes.get(j)
        if (swapped := outvoted(r, vote, reader.outvote)) is not r:
            r, vote = swapped, None  # as read_photo reads it: outvoted by Tesseract, no confirmation
        right = (r.face, reader.deck.values[r.face], r.suit) == (t["face"], t["value"], t["suit"])
        turned = t["face"] not in SYMMETRIC and np.linalg.norm(r.quad[0] - t["corners"][0]) > 0.3 * width
        out.append(Card(seed, right, r, vote, f"{t['face']}{t['suit'] or ''}", bool(turned)))
    return out


def why_flagged(c: Card, sure: float) -> str:
    """Why the shipped thresholds (``sure``: the deck's) flag a card (the first reason that applies; ""
    where they do not: a read under ``sure`` that Tesseract confirmed)."""
    r = c.read
    if not checked(r, c.vote if r.confidence < sure else None, sure)[1]:
        return ""
    if r.suit_confidence < SUIT_SURE:
        return "suit"
    if r.confidence < VOTE_FLOOR:
        return "face under VOTE_FLOOR"
    if r.rival >= RIVAL_SURE or r.turn < (TWIN_TURN_SURE if r.face in TWINS else TURN_SURE):
        return "face, a read's rival or the turn in doubt"
    if c.vote is None:
        return "face, no ink for Tesseract"
    return "face, Tesseract read nothing" if c.vote == "" else "face, Tesseract read another"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--photos", type=int, default=80, help="photos per deck (every third an index deck's hand)")
    ap.add_argument("--decks", nargs="+", default=GAMES, choices=GAMES)
    ap.add_argument("--first", type=int, default=SEED0, help="the first photo's seed (a second range to check on)")
    args = ap.parse_args()
    for game in args.decks:
        cards = [
            c
            for k in range(args.photos)
            for c in cards_of(game, args.first + k, hand=k % 3 == 2 and game != "words-and-points")
        ]
        wrong = [c for c in cards if not c.right]
        shipped = Reader(game).sure
        print(f"{game}: {len(cards)} cards found, {len(wrong)} wrong")
        for c in sorted(wrong, key=lambda c: -min(c.read.confidence, c.read.suit_confidence))[:8]:
            print(
                f"  {c.truth} read {c.read.face}{c.read.suit or ''}: confidence {c.read.confidence:.3f}, "
                f"suit {c.read.suit_confidence:.3f}, Tesseract {c.vote!r}"
            )
        for c in wrong:
            if not checked(c.read, c.vote if c.read.confidence < shipped else None, shipped)[1]:
                print(
                    f"  unflagged: photo {c.photo} {c.truth} read {c.read.face}{c.read.suit or ''}"
                    f"{' turned' if c.turned else ''}: confidence {c.read.confidence:.3f}, suit "
                    f"{c.read.suit_confidence:.3f}, Tesseract {c.vote!r}, rival {c.read.rival:.2f}, turn {c.read.turn:.1f}"
                )
        reasons: dict[str, Counter[str]] = defaultdict(Counter)
        for c in cards:
            if c.right and (why := why_flagged(c, shipped)):
                reasons[why][c.truth if why == "suit" else c.read.face] += 1
        print(f"  right cards flagged, by reason ({len(cards)} cards found):")
        for why, faces in sorted(reasons.items(), key=lambda kv: -kv[1].total()):
            print(f"    {why}: {faces.total()} ({', '.join(f'{f} {n}' for f, n in faces.most_common(8))})")
        for sure in SURES:
            for suit_sure in SUIT_SURES if game == "word-thief" else SUIT_SURES[:1]:
                flags = [
                    checked(c.read, c.vote if c.read.confidence < sure else None, sure, suit_sure)[1] for c in cards
                ]
                clean: dict[int, bool] = defaultdict(lambda: True)
                for c, f in zip(cards, flags):
                    clean[c.photo] &= c.right and not f
                missed = sum(not c.right and not f for c, f in zip(cards, flags))
                extra = sum(c.right and f for c, f in zip(cards, flags))
                print(
                    f"  SURE {sure} SUIT_SURE {suit_sure}: wrong unflagged {missed}, right flagged {extra} "
                    f"({100 * extra / max(len(cards), 1):.1f}%), photos needing no correction "
                    f"{100 * np.mean(list(clean.values())):.0f}%"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
