"""Engine benchmark: dictionary load, judge lookups per second, resume of a 500-event game, one play committed.

Each figure is set against a baseline measured in the same run (the plain-Python floor
for the same work), so the ratio stays meaningful on a noisy machine.
Run: .venv/bin/python bench/engine.py   (add --md to print a markdown table for docs/benchmarks.md)
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.events import Challenge, Make, Pass  # noqa: E402
from companion.gamelog import export_log, import_log  # noqa: E402
from companion.games import new_game  # noqa: E402
from companion.lexicon import ENABLE, Lexicon, load_words, words_from_text  # noqa: E402
from companion.store import Store  # noqa: E402
from bench_doc import cpu_name  # noqa: E402


def timed(fn, repeat: int, clock=time.perf_counter) -> list[float]:
    out = []
    for _ in range(repeat):
        t = clock()
        fn()
        out.append(clock() - t)
    return out


def ms_row(label: str, ours: list[float], base: list[float], base_label: str) -> tuple[str, float, str, float, str]:
    """A table row of medians in milliseconds: ours against the baseline timed in the same run."""
    return (label, statistics.median(ours) * 1e3, "ms", statistics.median(base) * 1e3, base_label)


def build_500_event_log() -> dict:
    """A 4-player Word Thief game: real makes and steals, then make/challenge/pass cycles."""
    game = new_game("word-thief", ["Ann", "Bob", "Cy", "Di"], {"trump": "h"})

    def play(text: str) -> None:
        game.apply(Make(game.to_play, game.parse_play(text)))

    for text in ("cat/h", "dog/h", "rain/d", "lie/c"):
        play(text)
    junk = ["tca/s", "nrt/c", "pkh/h", "sfx/s"]
    i = 0
    while len(game.events) < 500:
        player = game.to_play
        play(junk[i % 4])
        nxt = game.players[(game.players.index(player) + 1) % 4]
        game.apply(Challenge(nxt))  # NOT VALID: taken back, -5, draw 1
        if len(game.events) < 500:
            game.apply(Pass(game.to_play))
        i += 1
    return export_log(game)


def main() -> None:
    rows = []
    # dictionary load: the engine's reader against a bare read-and-split of the same file
    base = timed(lambda: set(Path(ENABLE).read_text().split()), 15)
    ours = timed(lambda: (load_words.cache_clear(), words_from_text.cache_clear(), load_words()), 15)
    rows.append(ms_row("dictionary load (172,823 words)", ours, base, "bare set(read().split())"))

    lex = Lexicon.load()
    words = sorted(lex.words)[::50] + ["QZXJ", "AAAAA", "ZZZ"] * 100
    n = len(words)
    base_t = statistics.median(timed(lambda: [w in lex.words for w in words], 15))
    ours_t = statistics.median(timed(lambda: [lex.judge([w]) for w in words], 15))
    rows.append(("judge lookups", n / ours_t / 1e6, "M/s", n / base_t / 1e6, "bare set membership"))

    log = build_500_event_log()
    text = json.dumps(log)
    base = timed(lambda: json.loads(text), 15)
    ours = timed(lambda: import_log(json.loads(text), lex), 15)
    rows.append(ms_row("resume: replay a 500-event log", ours, base, "json.loads of the log alone"))

    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "ledger.sqlite3")
        saved = store.create(import_log(log, lex))
        ours = timed(lambda: store.load(saved.id, lex), 15)
        rows.append(ms_row("resume from SQLite (500 events)", ours, base, "json.loads of the log alone"))

    # one play committed: the ledger's synchronous=FULL against NORMAL, on the same disk in the same run
    with tempfile.TemporaryDirectory(dir=Path(__file__).resolve().parent) as tmp:
        per_play = {}
        for mode in ("NORMAL", "FULL", "NORMAL", "FULL"):  # interleaved, so a noisy moment hits both
            store = Store(Path(tmp) / f"{mode}.sqlite3")
            store.db.execute(f"PRAGMA synchronous={mode}")
            saved = store.create(new_game("word-thief", ["Ann", "Bob"]))
            per_play.setdefault(mode, []).extend(timed(lambda s=saved: s.apply(Pass(s.game.to_play)), 100))
            store.close()
        rows.append(
            ms_row(
                "commit one play (synchronous=FULL)",
                per_play["FULL"],
                per_play["NORMAL"],
                "the same with synchronous=NORMAL",
            )
        )

    print_rows(rows)


def print_rows(rows: list[tuple[str, float, str, float, str]]) -> None:
    """The machine, then one line (or with --md a markdown row) per measure: ours, the baseline, the ratio."""
    cpu = cpu_name()
    print(f"date {time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, {cpu}, Python {platform.python_version()}")
    if "--md" in sys.argv:
        print("| measure | median | baseline (same run) | ratio |\n|---|---|---|---|")
    for name, value, unit, baseline, what in rows:
        ratio = value / baseline
        if "--md" in sys.argv:
            print(f"| {name} | {value:.2f} {unit} | {baseline:.2f} {unit} ({what}) | {ratio:.3g}x |")
        else:
            print(f"{name:34s} {value:9.2f} {unit:4s}  baseline {baseline:9.2f} {unit:4s} ({what})  ratio {ratio:.3g}")


if __name__ == "__main__":
    main()
