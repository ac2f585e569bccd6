"""Score the card reader on renders of TRAINING designs, photo by photo: the photos to tune a change on
(seeds from 300000 up, which no benchmark uses, a few of them pinned by tests as the cases a change was made for;
fonts and tables of the training side).
With ``--validation`` the designs are printed in fonts no model learnt from and no benchmark measures
(vision.fonts.VALIDATION_FAMILIES, their pips in VALIDATION_PIP_FAMILIES): the photos to choose between two
trained models on. With ``--validation-tables`` the cards lie on surfaces no net learnt (vision.render.VALIDATION_TABLES):
the photos to tune a change on where the table matters.

    .venv/bin/python scripts/scan_training.py quiddler --size 720p --photos 200 --save /tmp/before.json
    .venv/bin/python scripts/scan_training.py quiddler --size 720p --photos 200 --against /tmp/before.json

Prints the totals (bench/vision.py's counts: cards found, cut in two, false, faces and suits right, wrong cards
and those left unflagged, right cards flagged, photos needing no correction); with ``--against``, every photo whose
counts changed since a saved run, and both runs' totals.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "bench"))  # for bench_doc: after the root, where the package `vision` is found

from vision import fonts  # noqa: E402
from vision.render import TRAIN_TABLES, VALIDATION_TABLES, render_varied  # noqa: E402

# bench/vision.py shares its name with the package: loaded from its file, under another name.
_spec = importlib.util.spec_from_file_location("vision_bench", ROOT / "bench" / "vision.py")
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

SIZES = {"1080p": (1920, 1080), "720p": (1280, 720)}
SHOWN = ("cards", "found", "cut", "false", "face", "suit", "wrong", "unflagged", "right_flagged", "whole", "clean")


def scan(
    game: str, size: str, start: int, photos: int, hand: str, turned: bool, tables: tuple[str, ...] = ()
) -> dict[int, Counter[str]]:
    """Each photo's counts, by its seed."""
    out = {}
    for seed in range(start, start + photos):
        p = render_varied(game, seed, False, size=SIZES[size], hand=bool(hand), fan=hand == "fan", tables=tables)
        image, truth = bench._turned(p) if turned else (p.image, p.truth)
        score = bench.score_photo(truth, bench._read(image, game), image.shape)
        score["unflagged"] = score["wrong"] - score["wrong_flagged"]
        out[seed] = score
    return out


def totals(run: dict[int, Counter[str]]) -> str:
    t: Counter[str] = sum(run.values(), Counter())
    return f"{len(run)} photos: " + ", ".join(f"{k} {t[k]}" for k in SHOWN)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", choices=bench.GAMES)
    ap.add_argument("--size", choices=SIZES, default="1080p")
    ap.add_argument("--start", type=int, default=300_000, help="first seed (300000 and up: training photos)")
    ap.add_argument("--photos", type=int, default=100)
    ap.add_argument("--hand", choices=("spread", "fan"), help="hands held so that only each index shows")
    ap.add_argument("--turned", action="store_true", help="the photos seen upside down")
    ap.add_argument("--validation", action="store_true", help="designs in the validation font families")
    ap.add_argument(
        "--finder-tables",
        action="store_true",
        help="lay the cards on the surfaces only the finder's training draws (vision.render.TRAIN_TABLES),"
        " none of them one the reader was tuned on",
    )
    ap.add_argument(
        "--validation-tables",
        action="store_true",
        help="lay the cards on surfaces no net trained on and no benchmark measures (vision.render.VALIDATION_TABLES)",
    )
    ap.add_argument("--save", type=Path, help="write each photo's counts here")
    ap.add_argument("--against", type=Path, help="a run saved earlier with the same options: show what changed")
    args = ap.parse_args()
    if args.start < 300_000:
        ap.error("--start must be 300000 or more: lower seeds are the benchmarks' and the tests'")
    if args.validation:
        have = set(fonts.installed())
        if not (set(fonts.VALIDATION_FAMILIES) & have and set(fonts.VALIDATION_PIP_FAMILIES) & have):
            ap.error(
                f"no validation font family (or pip family) is installed: apt-get install {fonts.VALIDATION_PACKAGES}"
            )
        fonts.print_training_side_in(fonts.VALIDATION_FAMILIES, fonts.VALIDATION_PIP_FAMILIES)
    if args.finder_tables and args.validation_tables:
        ap.error("--finder-tables and --validation-tables are two sets of surfaces: choose one")
    tables = TRAIN_TABLES if args.finder_tables else VALIDATION_TABLES if args.validation_tables else ()
    run = scan(args.game, args.size, args.start, args.photos, args.hand, args.turned, tables)
    if args.against:
        before = {int(k): Counter(v) for k, v in json.loads(args.against.read_text()).items()}
        for seed, now in run.items():
            was = before.get(seed, Counter())
            changed = {k: (was[k], now[k]) for k in SHOWN if was[k] != now[k]}
            if changed:
                print(seed, ", ".join(f"{k} {a} -> {b}" for k, (a, b) in changed.items()))
        print("before", totals({s: before[s] for s in run if s in before}))
    print("now   " if args.against else "", totals(run), sep="")
    if args.save:
        args.save.write_text(json.dumps({s: dict(c) for s, c in run.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
