"""Coach benchmark: the anagram index, the best Quiddler hand of 10 cards, the steals of a 12-word table.

Each figure is set against a brute-force baseline measured in the same run:
- the index build against reading the word list itself, and its load from the disk cache against the build;
- best hand (p95 over 200 random 10-card hands) against a depth-first search over the same
  words with no table of sub-results (every arrangement is visited);
- steals of 12 words against scanning the word list for every word that holds the stolen letters.
Times are the process's CPU time (time.process_time): on a machine whose cores are shared, wall time
also counts the waits for a core, which have nothing to do with the search. Add --wall for wall time.
Run: .venv/bin/python bench/coach.py   (add --md for the markdown table of docs/benchmarks.md)
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.anagrams import Anagrams, anagram_index  # noqa: E402
from companion.cards import Card  # noqa: E402
from companion.games import new_game  # noqa: E402
from companion.games.best_hand import _words_in, best_hand  # noqa: E402
from companion.lexicon import load_words, words_from_text  # noqa: E402
from engine import ms_row, print_rows, timed  # noqa: E402  (bench/engine.py: the same timer and table)

CLOCK = time.perf_counter if "--wall" in sys.argv else time.process_time
TABLE = ["CART", "DOG", "RAIN", "LIE", "QAT", "TOE", "STAR", "HEN", "BOX", "JET", "MOUSE", "PLANE"]


def p95(times: list[float]) -> float:
    return statistics.quantiles(times, n=20)[-1]


def dfs_best_hand(cards, value, anagrams) -> int:
    """The best points in words by visiting every arrangement (no table of sub-results)."""
    n = len(cards)
    cands = _words_in([c.face for c in cards], value, anagrams)
    best = 0

    def go(remaining: int, points: int) -> None:
        nonlocal best
        best = max(best, points)
        if not remaining:
            return
        low = remaining & -remaining
        go(remaining ^ low, points)
        for c in cands:
            if c.mask & low and not c.mask & ~remaining:
                go(remaining ^ c.mask, points + c.value)

    go((1 << n) - 1, 0)
    return best


def scan_steals(words: list[str], lexicon: frozenset[str], add: int = 2) -> int:
    by_length: dict[int, list[str]] = {}
    for w in lexicon:
        by_length.setdefault(len(w), []).append(w)
    found = 0
    for word in words:
        need = Counter(word)
        for extra in range(1, add + 1):
            found += sum(1 for w in by_length.get(len(word) + extra, ()) if not need - Counter(w))
    return found


def main() -> None:
    rows = []
    base = timed(lambda: (load_words.cache_clear(), words_from_text.cache_clear(), load_words()), 7, CLOCK)
    words = load_words()
    build = timed(lambda: Anagrams.build(words), 7, CLOCK)
    rows.append(ms_row("anagram index build (172,823 words)", build, base, "reading the word list"))
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["COMPANION_DATA_DIR"] = tmp
        anagram_index.__wrapped__(words)  # writes the cache
        cached = timed(lambda: anagram_index.__wrapped__(words), 7, CLOCK)
    rows.append(ms_row("anagram index from the disk cache", cached, build, "building it"))

    quiddler = new_game("quiddler", ["Ann", "Bob"])
    anagrams, value = quiddler.anagrams(), quiddler.deck.value
    deck = [f for (f, _), n in quiddler.deck.counts.items() for _ in range(n)]
    rng = random.Random(14)
    hands = [tuple(Card(f) for f in rng.sample(deck, 10)) for _ in range(200)]
    ours = [timed(lambda h=h: best_hand(h, value, anagrams), 1, CLOCK)[0] for h in hands]
    base = [timed(lambda h=h: dfs_best_hand(h, value, anagrams), 1, CLOCK)[0] for h in hands[:40]]
    for h in hands[:40]:  # the two searches agree on the points
        assert best_hand(h, value, anagrams).score == 2 * dfs_best_hand(h, value, anagrams) - sum(
            value(c.face) for c in h
        )
    rows.append(
        ("best Quiddler hand, 10 cards: p95", p95(ours) * 1e3, "ms", p95(base) * 1e3, "depth-first, every arrangement")
    )
    rows.append(ms_row("best Quiddler hand, 10 cards: median", ours, base, "depth-first, every arrangement"))

    thief = new_game("word-thief", ["Ann", "Bob"])
    thief.anagrams()
    ours = timed(lambda: thief.steals_for(TABLE), 15, CLOCK)
    base = timed(lambda: scan_steals(TABLE, words), 3, CLOCK)
    rows.append(ms_row("steals of a 12-word table (1-2 letters)", ours, base, "scan the word list"))

    print_rows(rows)


if __name__ == "__main__":
    main()
