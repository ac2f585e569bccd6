"""The demo: a Word Thief game for three with a few plays made, so every screen has something to show."""

from __future__ import annotations

from companion.events import Make, Steal
from companion.notation import parse_play
from companion.store import SavedGame, Store, new_saved_game

PLAYERS = ["Ann", "Bob", "Cy"]
# (player, typed words, stolen (victim, word) or None): a locked trump word, a steal, a locked spade word.
PLAYS = [
    ("Ann", "cat/h", None),
    ("Bob", "rain/sdhc", None),
    ("Cy", "brain/dsdhc", ("Bob", "RAIN")),
    ("Ann", "jot/s", None),
    ("Bob", "hose/hsdc", None),
]


def build_demo(store: Store) -> SavedGame:
    saved = new_saved_game(store, "word-thief", PLAYERS, {"trump": "h"})
    deck = saved.game.deck
    for player, typed, stolen in PLAYS:
        words = parse_play("word-thief", typed, deck)
        saved.apply(Steal(player, (stolen,), words) if stolen else Make(player, words))
    return saved
