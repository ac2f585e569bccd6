"""Live boards under load: N boards open on one game, a play committed by another window, until every board has it.

`companion serve` runs in its own process, as at a table. Each board is a live feed (the server-sent events a
board page listens to) read by this process, which also commits the plays through its own store, so commit and
arrival are timed on one clock. A play is a pass (always legal, it moves a score); the next is committed once
every board has the last. Baseline in the same run: one board open. While the boards are open, the time to serve
a whole board page shows whether the server stays responsive; its memory is read from /proc.

Run: .venv/bin/python bench/serve.py [--boards 50] [--plays 40]   (add --md for docs/benchmarks.md)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.events import Pass  # noqa: E402
from companion.store import Store, new_saved_game  # noqa: E402
from tests.web.browser import serving  # noqa: E402

EVENTS = re.compile(r'data-events="(\d+)"')


def rss_mb(pid: int) -> float:
    """Resident memory of a process, in MB."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) >= 2 else values[0]


async def board(
    session: aiohttp.ClientSession,
    url: str,
    seen: dict[int, list[float]],
    ready: asyncio.Event,
    opened: list[int],
    want: int,
) -> None:
    """One open board: note when each event count first reaches it."""
    async with session.get(url, timeout=aiohttp.ClientTimeout(total=None)) as feed:
        data: list[str] = []
        async for raw in feed.content:
            line = raw.decode().rstrip("\r\n")
            if line.startswith("data:"):
                data.append(line[5:])
                continue
            if line or not data:
                continue
            page, data = "\n".join(data), []
            if match := EVENTS.search(page):
                seen.setdefault(int(match.group(1)), []).append(time.perf_counter())
            opened.append(1)
            if len(opened) == want:
                ready.set()


async def page_times(session: aiohttp.ClientSession, url: str, n: int) -> list[float]:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        async with session.get(url) as response:
            await response.read()
        times.append(time.perf_counter() - t)
        await asyncio.sleep(0.02)
    return times


async def run(base: str, gid: int, saved, boards: int, plays: int, pid: int) -> dict:
    """Open ``boards`` feeds, commit ``plays`` passes one after another, time each to its last board."""
    seen: dict[int, list[float]] = {}
    ready, opened = asyncio.Event(), []
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        tasks = [
            asyncio.create_task(board(session, f"{base}/board/{gid}/live", seen, ready, opened, boards))
            for _ in range(boards)
        ]
        await asyncio.wait_for(ready.wait(), 60)
        latencies, pages = [], []
        for _ in range(plays):
            start = len(saved.game.events)
            t = time.perf_counter()
            saved.apply(Pass(saved.game.to_play))
            deadline = t + 10
            while len(seen.get(start + 1, [])) < boards:
                if time.perf_counter() > deadline:
                    raise SystemExit(f"a board did not get event {start + 1} in 10 s")
                await asyncio.sleep(0.002)
            latencies.append(max(seen[start + 1]) - t)
            pages += await page_times(session, f"{base}/board/{gid}", 2)  # a board page served meanwhile
        memory = rss_mb(pid)  # the boards still open
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return {"latencies": latencies, "pages": pages, "memory": memory}


async def idle_pages(base: str, gid: int, n: int) -> list[float]:
    async with aiohttp.ClientSession() as session:
        return await page_times(session, f"{base}/board/{gid}", n)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=50)
    ap.add_argument("--plays", type=int, default=40)
    ap.add_argument("--md", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "ledger.sqlite3")
        saved = new_saved_game(store, "word-thief", ["Ann", "Bob", "Cy", "Di"], {"trump": "h"})
        with serving(Path(tmp)) as (base, server):
            idle_mb = rss_mb(server.pid)
            idle = asyncio.run(idle_pages(base, saved.id, args.plays * 2))
            one = asyncio.run(run(base, saved.id, saved, 1, args.plays, server.pid))
            many = asyncio.run(run(base, saved.id, saved, args.boards, args.plays, server.pid))
    loaded_mb = many["memory"]
    ms = 1000
    rows = [
        (
            f"commit to every board updated, {args.boards} boards",
            statistics.median(many["latencies"]) * ms,
            p95(many["latencies"]) * ms,
            statistics.median(one["latencies"]) * ms,
            "1 board",
        ),
        (
            f"board page served, {args.boards} boards open",
            statistics.median(many["pages"]) * ms,
            p95(many["pages"]) * ms,
            statistics.median(idle) * ms,
            "no board open",
        ),
    ]
    print(
        f"{time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, {platform.processor() or platform.machine()}, "
        f"Python {platform.python_version()}; {args.plays} plays, the server polls the ledger every 100 ms"
    )
    if args.md:
        print("\n| measure | median | p95 | baseline median (same run) | ratio |\n|---|---|---|---|---|")
        for name, med, high, base_med, base_name in rows:
            print(
                f"| {name} | {med:.1f} ms | {high:.1f} ms | {base_med:.1f} ms ({base_name}) | {med / base_med:.2f}x |"
            )
        print(
            f"| server memory (RSS) | {loaded_mb:.0f} MB, {args.boards} boards open | | {idle_mb:.0f} MB "
            f"idle | {loaded_mb / idle_mb:.2f}x |"
        )
    else:
        for name, med, high, base_med, base_name in rows:
            print(
                f"{name}: median {med:.1f} ms, p95 {high:.1f} ms; {base_name}: {base_med:.1f} ms "
                f"({med / base_med:.2f}x)"
            )
        print(f"server memory: {idle_mb:.0f} MB idle, {loaded_mb:.0f} MB with {args.boards} boards open")


if __name__ == "__main__":
    main()
