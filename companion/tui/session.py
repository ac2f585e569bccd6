"""Opening and starting saved games, with the dictionary the table chose kept in the game's options."""

from __future__ import annotations

import json

from companion.errors import CompanionError, SaveError
from companion.lexicon import Lexicon
from companion.store import SavedGame, Store, new_saved_game

DICTIONARY = "dictionary"  # option key: path of a word list other than ENABLE


def _lexicon(options: dict) -> Lexicon | None:
    path = options.get(DICTIONARY)
    return Lexicon.load(path) if path else None


def start_game(store: Store, kind: str, players: list[str], options: dict) -> SavedGame:
    lexicon = _lexicon(options)  # read the word list first, so a bad path saves no game
    saved = new_saved_game(store, kind, players, options)
    if lexicon is not None:
        # new_saved_game takes no lexicon; a game without events has judged nothing yet.
        saved.game.lexicon = lexicon
    return saved


def load_game(store: Store, gid: int) -> SavedGame:
    """Replay a saved game with its own dictionary (a challenge's verdict depends on it)."""
    # The store loads with a given lexicon but has no query for a game's options alone.
    row = store.db.execute("SELECT options FROM games WHERE id = ?", (gid,)).fetchone()
    if row is None:
        raise SaveError(f"there is no saved game {gid}")
    try:
        lexicon = _lexicon(json.loads(row[0]))
    except (CompanionError, ValueError) as exc:
        raise SaveError(f"saved game {gid} cannot be opened: {exc}") from exc
    return store.load(gid, lexicon)
