"""TUI benchmark: launch to the first painted table, and preview latency per keystroke.

Targets on a 2-core machine: first paint under 1 s, preview under 20 ms.
- first paint: a fresh Python process runs ``make_app(demo=True)`` (what ``companion --demo`` runs), headless
  at 80x24; timed from just before the process is spawned until the table screen's first compositor refresh.
- preview: in one running app, each key event of a typed play is sent as the terminal driver sends it, and
  timed until the preview holds the new text (``preview``) and until the screen has been repainted (``painted``).
Run: .venv/bin/python bench/tui.py   (--runs N launches, default 9)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHILD = """
import time
from textual.screen import Screen
from companion.tui.app import make_app

refresh = Screen._compositor_refresh

def first_paint(screen):
    refresh(screen)
    if type(screen).__name__ == "TableScreen" and screen.is_current:
        print(time.time(), flush=True)
        screen.app.exit()

Screen._compositor_refresh = first_paint
make_app(demo=True).run(headless=True, size=(80, 24))
"""

PLAYS = ["load/c", "brains/dsdhcs", "c*at/hds", "quiz/dddd", "tdt/d"]


def first_paint(runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            env = {**os.environ, "COMPANION_DATA_DIR": tmp}
            start = time.time()
            out = subprocess.run(
                [sys.executable, "-c", CHILD], env=env, cwd=ROOT, capture_output=True, text=True, check=True
            ).stdout
            times.append(float(out.split()[-1]) - start)
    return times


async def preview_latency() -> tuple[list[float], list[float]]:
    from textual import events
    from textual.keys import _character_to_key
    from textual.screen import Screen

    from companion.tui.app import make_app
    from companion.tui.widgets.preview import Preview

    painted_at: list[float] = []
    refresh = Screen._compositor_refresh

    def record(screen: Screen) -> None:
        refresh(screen)
        painted_at.append(time.perf_counter())

    Screen._compositor_refresh = record  # type: ignore[method-assign]
    to_preview, to_paint = [], []
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["COMPANION_DATA_DIR"] = tmp
        app = make_app(demo=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            preview = app.screen.query_one(Preview)
            for play in PLAYS:
                for ch in play:
                    before, paints = preview.render(), len(painted_at)
                    start = time.perf_counter()
                    app._driver.send_message(events.Key(_character_to_key(ch) if not ch.isalnum() else ch, ch))
                    while preview.render() is before:
                        await asyncio.sleep(0)
                    to_preview.append(time.perf_counter() - start)
                    while len(painted_at) == paints or painted_at[-1] < to_preview[-1] + start:
                        await asyncio.sleep(0.0005)
                    to_paint.append(painted_at[-1] - start)
                    await pilot.pause()
                await pilot.press("ctrl+u")
                await pilot.pause()
    Screen._compositor_refresh = refresh  # type: ignore[method-assign]
    return to_preview, to_paint


def machine() -> str:
    model = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        "unknown CPU",
    )
    return f"{os.cpu_count()} cores, {model}, load average {os.getloadavg()[0]:.1f}"


def ms(values: list[float]) -> str:
    p90 = sorted(values)[int(len(values) * 0.9)]
    return f"median {statistics.median(values) * 1000:.1f} ms, p90 {p90 * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    print(f"machine: {machine()}; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    paint = first_paint(args.runs)
    print(f"first paint of the table ({args.runs} launches): {ms(paint)}  (target < 1000 ms)")
    to_preview, to_paint = asyncio.run(preview_latency())
    print(f"preview per keystroke ({len(to_preview)} keys), key to preview text: {ms(to_preview)}  (target < 20 ms)")
    print(f"preview per keystroke, key to repainted screen: {ms(to_paint)}")


if __name__ == "__main__":
    main()
