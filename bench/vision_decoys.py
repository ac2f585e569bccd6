"""Benchmark of photos with no letter cards: does the reader answer "no letter cards", never a card?

    .venv/bin/python bench/vision_decoys.py [--photos 40] [--out docs/benchmarks-vision.md]

Per deck and kind (vision/decoys.py: ordinary playing cards, dominoes, a board with a grid of
squares, an empty table, a busy patterned cloth): N rendered 1920x1080 photos, read as that
deck, on the renderer's held-out tables (striped and tartan cloths for the patterned one) with
playing cards in held-out font families. Right is `NoCardsFound` saying "no letter cards found"; any card returned is counted, and
an unflagged one is the worst outcome. bench/vision.py includes this section.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench_doc import pct, run, stamp  # noqa: E402
from vision.decoys import KINDS, render_decoy  # noqa: E402
from vision.errors import NoCardsFound, VisionError  # noqa: E402
from vision.read import read_photo  # noqa: E402

GAMES = ("word-thief", "quiddler", "words-and-points")
SEED0 = 50_000  # photos the tests never use
TITLE = "# Photos with no letter cards"


def answer(image, game: str) -> tuple[str, int, int]:
    """What the reader says of a photo: "no letter cards", another error's class, or "cards";
    with how many cards it returned and how many of them unflagged."""
    try:
        reading = read_photo(image, game)
    except NoCardsFound as exc:
        return ("no letter cards" if "no letter cards found" in str(exc) else "NoCardsFound"), 0, 0
    except VisionError as exc:
        return type(exc).__name__, 0, 0
    return "cards", len(reading.cards), sum(not c.flagged for c in reading.cards)


def section(photos: int) -> str:
    rows, total = [], Counter()
    for kind in KINDS:
        for game in GAMES:
            t = Counter()
            for k in range(photos):
                said, cards, unflagged = answer(render_decoy(kind, SEED0 + k, held_out=True), game)
                t[said] += 1
                t["cards returned"] += cards
                t["unflagged"] += unflagged
            total.update(t)
            others = (
                ", ".join(
                    f"{n} {s}"
                    for s, n in sorted(t.items())
                    if s not in ("no letter cards", "cards returned", "unflagged")
                )
                or "none"
            )
            rows.append(
                f"| {kind} | {game} | {photos} | {pct(t['no letter cards'], photos)} | {others} | "
                f"{t['cards returned']} | {t['unflagged']} |"
            )
            print(f"\r{kind} {game}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    n = photos * len(KINDS) * len(GAMES)
    return "\n".join(
        [
            TITLE,
            "",
            f"Measured {stamp()}.",
            "",
            f"`python bench/vision_decoys.py --photos {photos}`: rendered 1920x1080 photos (vision/decoys.py) with no",
            "letter card on them, on held-out tables (vision.render.HELD_OUT_TABLES; striped and tartan cloths",
            'for the patterned one), each read as every deck. Right is one line, "no letter cards found in PHOTO"',
            "(exit 13).",
            "",
            f'All together: {pct(total["no letter cards"], n)} of {n} photos answered "no letter cards"; '
            f"{total['cards returned']} cards returned, {total['unflagged']} of them unflagged.",
            "",
            '| photo | read as | photos | "no letter cards" | other answers | cards returned | unflagged cards |',
            "|---|---|---|---|---|---|---|",
            *rows,
            "",
        ]
    )


if __name__ == "__main__":
    sys.exit(run(__doc__, TITLE, "photos", 40, "photos per kind and deck", section))
