"""The demo: a Word Thief game for three with a few plays made, so every screen has something to show."""

from __future__ import annotations

from companion.events import Make, Steal
from companion.games import Game
from companion.store import SavedGame, Store, new_game

PLAYERS = ["Ann", "Bob", "Cy"]
# (player, typed words, stolen (victim, word) or None): a locked trump word, a steal, a locked spade word.
PLAYS = [
    ("Ann", "cat/h", None),
    ("Bob", "rain/sdhc", None),
    ("Cy", "brain/dsdhc", ("Bob", "RAIN")),
    ("Ann", "jot/s", None),
    ("Bob", "hose/hsdc", None),
]


def demo_game(store: Store) -> Game:
    game = new_game(store, "word-thief", PLAYERS, {"trump": "h"})
    for player, typed, stolen in PLAYS:
        words = game.parse_play(typed)
        game.apply(Steal(player, (stolen,), words) if stolen else Make(player, words))
    return game


def build_demo(store: Store) -> SavedGame:
    """The demo game. A saved demo nobody has played on (nothing added, nothing undone) is opened again,
    so launching the demo does not fill the saved games with copies; a demo played on stays as it was."""
    demo = demo_game(store)
    for info in store.games():
        if info.kind == demo.kind and info.players == demo.players and info.events == len(demo.events):
            saved = store.load(info.id)
            if saved.game.options == demo.options and saved.game.events == demo.events and not saved.game.can_redo:
                return saved
    return store.create(demo)
