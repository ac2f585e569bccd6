"""Benchmark of the card reader's time per photo against an earlier commit, in the same run.

    .venv/bin/python bench/vision_speed.py --against 01ddcc5 [--photos 60] [--hands 20] [--rounds 3] [--out docs/benchmarks-vision.md]

These machines are noisy: a figure measured an hour ago on another machine says little. So the
commit given is checked out beside this one (a detached git worktree) and both read the same held-out
photos (rendered once, by this checkout), taking turns round by round; each photo's time is its
fastest round. Reported: each side's median and p95, and the median of the per-photo ratios. Words are
read on every deck, and hands (spreads and fans, half each) on the decks that print a corner index.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench_doc import replace_section, stamp  # noqa: E402

GAMES = ("word-thief", "quiddler", "words-and-points")
HAND_GAMES = ("word-thief", "quiddler")  # Words And Points stones show no index to hold a hand by
SEED0 = 10_000  # bench/vision.py's held-out photos
TITLE = "# Time per photo against an earlier commit"


def child(checkout: Path, game: str, photos: Path) -> None:
    """In a checkout: time `read_photo` on each saved photo (decoded first), print the times as JSON."""
    sys.path.insert(0, str(checkout))
    os.environ["COMPANION_DATA_DIR"] = tempfile.mkdtemp(prefix="vision-speed-")
    import cv2

    from vision.errors import VisionError
    from vision.read import read_photo

    images = [cv2.imread(str(p)) for p in sorted(photos.glob("*.png"))]
    read_photo(images[0], game)  # models loaded before the clock starts
    times = []
    for image in images:
        start = time.perf_counter()
        try:
            read_photo(image, game)
        except VisionError:
            pass  # a photo read as "no cards" took its time all the same
        times.append(1000 * (time.perf_counter() - start))
    print(json.dumps(times))


def timed(checkout: Path, game: str, photos: Path) -> np.ndarray:
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(checkout), game, str(photos)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return np.array(json.loads(out.splitlines()[-1]))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--against", help="the earlier commit (any git revision)")
    p.add_argument("--photos", type=int, default=60, help="held-out 1080p photos of words per deck")
    p.add_argument("--hands", type=int, default=20, help="held-out photos of hands per index deck")
    p.add_argument("--rounds", type=int, default=3, help="times each side reads every photo")
    p.add_argument("--out", default=str(ROOT / "docs" / "benchmarks-vision.md"))
    p.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        child(Path(args.child[0]), args.child[1], Path(args.child[2]))
        return 0
    if not args.against:
        p.error("give --against REV, the commit to compare with")
    import cv2

    from vision.render import render_varied

    rev = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", args.against], check=True, capture_output=True, text=True
    ).stdout.strip()
    head = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], check=True, capture_output=True, text=True
    ).stdout.strip()
    rows = []
    with tempfile.TemporaryDirectory(prefix="vision-speed-") as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(base), rev], check=True)
        try:
            sets = [(game, game, args.photos, False) for game in GAMES]
            sets += [(f"{game} hands", game, args.hands, True) for game in HAND_GAMES if args.hands]
            for label, game, n, hand in sets:
                photos = Path(tmp) / label.replace(" ", "-")
                photos.mkdir()
                for k in range(n):
                    fan = hand and k % 2 == 1  # bench/vision.py's hands: spreads from seed 15000, fans from 16000
                    seed = SEED0 + (6000 if fan else 5000 if hand else 0) + k
                    photo = render_varied(game, seed, True, hand=hand, fan=fan)
                    cv2.imwrite(str(photos / f"{k:04d}.png"), photo.image)
                ours, theirs = [], []
                for r in range(args.rounds):
                    ours.append(timed(ROOT, game, photos))
                    theirs.append(timed(base, game, photos))
                    print(f"\r{label}: round {r + 1}/{args.rounds}", end="", file=sys.stderr, flush=True)
                print(file=sys.stderr)
                a, b = np.min(ours, 0), np.min(theirs, 0)
                rows.append(
                    f"| {label} | {n} | {np.median(a):.0f} | {np.percentile(a, 95):.0f} | "
                    f"{np.median(b):.0f} | {np.percentile(b, 95):.0f} | {np.median(a / b):.2f} |"
                )
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=True)
    text = "\n".join(
        [
            TITLE,
            "",
            f"- {stamp()}",
            f"- command: `python bench/vision_speed.py --against {args.against} --photos {args.photos} "
            f"--hands {args.hands} --rounds {args.rounds}`",
            f"- this checkout: {head}; the earlier commit: {rev}. Held-out 1080p photos (bench/vision.py's seeds),",
            "  words and hands (half of them fans);",
            "  `read_photo` in-process on the decoded image, each photo's fastest of the rounds.",
            "",
            f"| deck | photos | {head} median ms | {head} p95 ms | {rev} median ms | {rev} p95 ms | "
            f"per-photo ratio {head} / {rev} (median) |",
            "|---|---|---|---|---|---|---|",
            *rows,
        ]
    )
    replace_section(Path(args.out), TITLE, text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
