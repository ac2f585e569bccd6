"""Camera benchmark: from the snap key to the cards shown, with a stand-in webcam returning the sample photos.

- key to cards: a game at 80x24 (headless); ``^o`` is pressed on the table (Quiddler: in the round dialog);
  timed from just before the key is sent until the snap screen has mounted the card rows and repainted.
- cold: the first snap in a fresh process, the reader's templates loaded from the disk cache. Headless apps
  skip the table's warm-up, so this is what a player waits without it.
- warm: later snaps in the same process: what a player waits once the warm-up has run.
- baseline: ``vision.read_photo`` alone on the same photos in the same process; "first read ever" is its
  first call in a fresh data directory, which draws the templates and caches them on disk (once per install).
Run: .venv/bin/python bench/camera.py   (--runs N warm snaps per photo, default 5; --cold N fresh processes)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GAMES = ("word-thief", "quiddler", "words-and-points")


def table_photos(game: str) -> list[Path]:
    """The game's sample photos of words laid on the table (``-3`` is a hand or a cloth)."""
    from companion.tui.card_reader import SAMPLES

    return sorted(SAMPLES.glob(f"{game}-[12].jpg"))


async def key_to_cards(game: str, runs: int) -> list[float]:
    """Seconds from ^o to the painted cards, for ``runs`` snaps cycling through the game's samples."""
    from companion.store import Store, new_saved_game
    from companion.tui.app import make_app
    from companion.tui.screens.snap import SnapScreen

    photos = table_photos(game)
    shots = iter(photos[i % len(photos)] for i in range(runs))
    shown: asyncio.Queue[float] = asyncio.Queue()
    original = SnapScreen.show_snap

    async def timed_show(screen: SnapScreen, snap) -> None:
        await original(screen, snap)
        screen.call_after_refresh(lambda: shown.put_nowait(time.perf_counter()))

    SnapScreen.show_snap = timed_show  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "ledger.sqlite3")
        gid = new_saved_game(store, game, ["Ann", "Bob"], {}).id
        app = make_app(store=store, game_id=gid, camera=lambda: next(shots))
        times = []
        async with app.run_test(size=(80, 24)) as pilot:
            if game == "quiddler":
                await pilot.press("ctrl+r")
            for _ in range(runs):
                start = time.perf_counter()
                await pilot.press("ctrl+o")
                times.append(await asyncio.wait_for(shown.get(), 120) - start)
                await pilot.press("escape")
        store.close()
    SnapScreen.show_snap = original  # type: ignore[method-assign]
    return times


def baseline(game: str, runs: int) -> tuple[float, list[float]]:
    """The very first read (the templates drawn and cached on disk), then ``runs`` warm reads."""
    from vision import read_photo

    photos = table_photos(game)
    start = time.perf_counter()
    read_photo(photos[0], game)
    drawn = time.perf_counter() - start
    times = []
    for i in range(runs):
        start = time.perf_counter()
        read_photo(photos[i % len(photos)], game)
        times.append(time.perf_counter() - start)
    return drawn, times


def cold(game: str, processes: int, data_dir: str) -> list[float]:
    env = {**os.environ, "COMPANION_DATA_DIR": data_dir}
    out = []
    for _ in range(processes):
        result = subprocess.run(
            [sys.executable, __file__, "--child", game], env=env, cwd=ROOT, check=True, capture_output=True, text=True
        ).stdout
        out.append(json.loads(result.splitlines()[-1])[0])
    return out


def ms(values: list[float]) -> str:
    values = sorted(values)
    p90 = values[min(len(values) - 1, round(0.9 * (len(values) - 1)))]
    return f"{1000 * statistics.median(values):.0f} ms ({1000 * p90:.0f} ms)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="warm snaps per photo (default 5)")
    parser.add_argument("--cold", type=int, default=3, help="fresh processes per game for the cold snap")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(asyncio.run(key_to_cards(args.child, 1))))
        return
    with tempfile.TemporaryDirectory() as data_dir:
        os.environ["COMPANION_DATA_DIR"] = data_dir  # the templates are drawn here once, then cached on disk
        rows = []
        for game in GAMES:
            drawn, warm_base = baseline(game, 2 * args.runs)  # draws and caches the templates for the cold runs
            first = cold(game, args.cold, data_dir)
            warm = asyncio.run(key_to_cards(game, 2 * args.runs + 1))[1:]  # the first of these is cold
            ratio = statistics.median(warm) / statistics.median(warm_base)
            rows.append(f"| {game} | {ms(first)} | {ms(warm)} | {ms(warm_base)} | {ratio:.2f}x | {drawn:.1f} s |")
    load = os.getloadavg()[0]
    print(f"{time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC, {os.cpu_count()} cores, load avg {load:.1f}\n")
    print(
        "| game | key to cards, cold: median (p90) | key to cards, warm: median (p90) "
        "| read_photo alone, warm | warm ratio | first read ever |"
    )
    print("|---|---|---|---|---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
