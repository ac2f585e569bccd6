"""Screenshots of the live board for docs/serve.md, at phone and TV sizes, in Debian's Chromium.

Run from the repository root: python tests/web/screenshots.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.events import End, Make, Pass, QuiddlerHand, Round, Steal  # noqa: E402
from companion.store import Store, new_saved_game  # noqa: E402
from tests.web.browser import ROOT, launch, serving  # noqa: E402

PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}


def word_thief(store: Store, end: bool) -> int:
    """A trump lock, a steal, a joker, a spade lock and a pass; at the end, the hands shown."""
    saved = new_saved_game(store, "word-thief", ["Ann", "Bob", "Cy", "Dee"], {"trump": "h"})
    plays = [
        ("Ann", "cat/h", None),
        ("Bob", "rain/sdhc", None),
        ("Cy", "brain/dsdhc", ("Bob", "RAIN")),
        ("Dee", "w*ay/dd", None),
        ("Ann", "jot/s", None),
        ("Bob", "hose/hsdc", None),
    ]
    for player, typed, stolen in plays:
        words = saved.game.parse_play(typed)
        saved.apply(Steal(player, (stolen,), words) if stolen else Make(player, words))
    saved.apply(Pass("Cy"))
    if end:
        hands = saved.game.parse_play("qe/dd")[0]
        saved.apply(End((("Cy", hands),)))
    return saved.id


def quiddler(store: Store) -> int:
    saved = new_saved_game(store, "quiddler", ["Ann", "Bob", "Cy"])

    def cards(text: str):
        return saved.game.parse_play(text)[0] if text else ()

    rounds = [
        ("Ann", {"Ann": (["qu-i-t"], ""), "Bob": ([], "z-e-a"), "Cy": (["a-t"], "e")}),
        ("Bob", {"Ann": ([], "a-e-i-o"), "Bob": (["c-a-t-s"], ""), "Cy": (["th-e"], "r-s")}),
        ("Cy", {"Ann": (["in-k"], "e-r-s"), "Bob": (["b-e-d"], "l-o"), "Cy": (["er-a", "s-o-n"], "")}),
    ]
    for out, hands in rounds:
        saved.apply(
            Round(
                out,
                tuple(
                    QuiddlerHand(p, tuple(cards(w) for w in words), cards(left)) for p, (words, left) in hands.items()
                ),
            )
        )
    return saved.id


def main() -> None:
    docs = ROOT / "docs"
    with tempfile.TemporaryDirectory() as tmp, launch() as browser:
        store = Store(Path(tmp) / "ledger.sqlite3")
        shots = {
            "board-word-thief": (word_thief(store, end=False), [PHONE, TV]),
            "board-quiddler": (quiddler(store), [TV]),
            "board-game-over": (word_thief(store, end=True), [PHONE]),
        }
        with serving(Path(tmp)) as (base, _):
            for name, (gid, sizes) in shots.items():
                for size in sizes:
                    page = browser.new_page(viewport=size)
                    page.goto(f"{base}/board/{gid}")
                    page.wait_for_selector("#live:not(.off)")
                    kind = "phone" if size is PHONE else "tv"
                    page.screenshot(path=docs / f"{name}-{kind}.png", full_page=size is PHONE)
                    page.close()
                    print(f"docs/{name}-{kind}.png")


if __name__ == "__main__":
    main()
