"""The three games' rules. ``new_game`` picks the class for a game name."""

from __future__ import annotations

from companion.games.base import Game
from companion.games.quiddler import Quiddler
from companion.games.word_thief import WordThief
from companion.games.words_and_points import WordsAndPoints

GAME_CLASSES: dict[str, type[Game]] = {cls.kind: cls for cls in (WordThief, Quiddler, WordsAndPoints)}


def game_class(kind: str) -> type[Game]:
    from companion.errors import SetupError

    try:
        return GAME_CLASSES[kind]
    except (KeyError, TypeError):  # TypeError: a log's "game" that is not text
        raise SetupError(f"unknown game {kind!r}; choose one of {', '.join(GAME_CLASSES)}") from None


def new_game(kind: str, players: list[str], options: dict | None = None, **kw) -> Game:
    return game_class(kind)(players, options or {}, **kw)


__all__ = ["Game", "WordThief", "Quiddler", "WordsAndPoints", "new_game", "game_class", "GAME_CLASSES"]
