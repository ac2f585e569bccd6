"""Benchmark of teaching a deck: rendered photos of a whole deck laid in rows, taught on the first try?

    .venv/bin/python bench/vision_teach.py [--layouts 40] [--out docs/benchmarks-vision.md]

Per deck: N photos (vision/deck_layouts.py) of 31 cards (every face, then repeats) laid upright
in rows by hand: the layout turned up to 6 degrees, each card up to 2.5 more, uneven gaps, tables
cycling through wood, felt, slate, white and cream cloths and the held-out tables, each deck
printed in its own held-out design (vision.designs.random_design: fonts and looks never learnt).
A layout is taught on the first try when `vision.teach` accepts the photo with the --order a
player would type and every found card is the card that --order names for it (its centre within
0.3 card widths of the truth's). bench/vision.py includes this section.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench_doc import pct, run, stamp  # noqa: E402
from vision.deck_layouts import order_text, render_deck  # noqa: E402
from vision.designs import random_design  # noqa: E402
from vision.errors import VisionError  # noqa: E402
from vision.render import HELD_OUT_TABLES, PALE_TABLES, TABLES  # noqa: E402
from vision.teach import prepare, save  # noqa: E402

GAMES = ("word-thief", "quiddler", "words-and-points")
SEED0 = 30_000
TITLE = "# Teaching a deck (31 cards laid in rows, tilted)"
KINDS = ("wood, felt, slate", "pale cloth", "held-out table")


def taught_right(game: str, seed: int, table: str) -> tuple[bool, float, str]:
    """Whether the layout is taught on the first try, the seconds it took, and why not."""
    photo = render_deck(game, seed, table=table, design=random_design(game, random.Random(seed), held_out=True))
    start = time.perf_counter()
    try:
        lesson = prepare(game, order_text(photo.truth["cards"]), [photo.image])
        if lesson.problem:
            return False, time.perf_counter() - start, lesson.problem
        save(lesson, replace=True)
    except VisionError as exc:
        return False, time.perf_counter() - start, str(exc)
    spent = time.perf_counter() - start
    for f, t in zip(lesson.found, photo.truth["cards"]):
        width = float(np.linalg.norm(np.subtract(t["corners"][1], t["corners"][0])))
        if np.linalg.norm(f.quad.mean(0) - np.mean(t["corners"], 0)) > 0.3 * width:
            return False, spent, "cards taught in the wrong order"
    return True, spent, ""


def section(layouts: int) -> str:
    """The benchmark's markdown section: per deck, plain and pale tables apart."""
    tables = TABLES + PALE_TABLES + HELD_OUT_TABLES
    rows, times, failures = [], [], Counter()
    for game in GAMES:
        got = Counter()
        for k in range(layouts):
            table = tables[k % len(tables)]
            kind = KINDS[(table in PALE_TABLES) + 2 * (table in HELD_OUT_TABLES)]
            ok, spent, why = taught_right(game, SEED0 + k, table)
            got[kind, "n"] += 1
            got[kind, "ok"] += ok
            times.append(spent)
            if not ok:
                failures[f"{game} seed {SEED0 + k} ({table}): {why[:140]}"] += 1
            print(f"\r{game}: {k + 1}/{layouts}", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        n_all, ok_all = (sum(got[kind, "n"] for kind in KINDS), sum(got[kind, "ok"] for kind in KINDS))
        rows.append(
            f"| {game} | {n_all} | {pct(ok_all, n_all)} | "
            + " | ".join(pct(got[kind, "ok"], got[kind, "n"]) for kind in KINDS)
            + " |"
        )
    lines = [
        TITLE,
        "",
        f"Measured {stamp()}.",
        "",
        f"`python bench/vision_teach.py --layouts {layouts}`: photos of 31 cards of one deck laid upright",
        "in rows by hand (the layout turned up to 6 degrees, each card up to 2.5 more, uneven gaps), 1920x1440,",
        "tables cycling through wood, felt, slate, white and cream cloths and the held-out tables",
        f"({', '.join(HELD_OUT_TABLES)}), each deck in its own held-out design. Taught on the first try:",
        "accepted with the --order a player types, every card taught as the card it is.",
        "",
        "| deck | layouts | taught on the first try | on wood, felt, slate | on pale cloths | on held-out tables |",
        "|---|---|---|---|---|---|",
        *rows,
        "",
        f"Time per teaching (finding, checking, learning 31 cards): median "
        f"{statistics.median(times):.2f} s, p95 {float(np.percentile(times, 95)):.2f} s.",
        "",
    ]
    if failures:
        lines += ["Layouts not taught:", "", *(f"- {f}" for f in sorted(failures)), ""]
    return "\n".join(lines)


def untaught_section(layouts: int) -> str:
    """The section, measured in a fresh data directory: the user's own taught decks stay as they are."""
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["COMPANION_DATA_DIR"] = tmp
        return section(layouts)


if __name__ == "__main__":
    sys.exit(run(__doc__, TITLE, "layouts", 40, "layouts per deck", untaught_section))
