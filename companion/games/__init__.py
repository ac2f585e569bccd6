"""Each game's rules and what it says of itself. ``new_game`` picks the class for a game name."""

from __future__ import annotations

from typing import Any

from companion.games.base import Game
from companion.games.options import Option
from companion.games.quiddler import Quiddler
from companion.games.word_thief import WordThief
from companion.games.words_and_points import WordsAndPoints

GAME_CLASSES: dict[str, type[Game[Any]]] = {cls.kind: cls for cls in (WordThief, Quiddler, WordsAndPoints)}


def game_class(kind: object) -> type[Game[Any]]:
    """The class of a game name (a log's "game" may be anything)."""
    from companion.errors import SetupError

    cls = GAME_CLASSES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise SetupError(f"unknown game {kind!r}; choose one of {', '.join(GAME_CLASSES)}")
    return cls


def register(cls: type[Game[Any]]) -> type[Game[Any]]:
    """Add a game: its class is all the app needs (with its deck file). Usable as a class decorator."""
    GAME_CLASSES[cls.kind] = cls
    return cls


def options_table() -> str:
    """The Markdown table of every game's options, as docs/gamelog.md shows it."""
    rows: dict[str, tuple[list[str], Option]] = {}
    for cls in GAME_CLASSES.values():
        for option in cls.options_known().values():
            rows.setdefault(option.key, ([], option))[0].append(cls.title)
    every = [cls.title for cls in GAME_CLASSES.values()]
    ordered = sorted(rows.values(), key=lambda row: row[0] == every)  # each game's own first, then the common
    lines = ["| option | game | meaning (default) |", "|---|---|---|"]
    lines += [
        f"| `{o.key}` | {'all' if games == every else ', '.join(games)} | {o.meaning} ({o.default}) |"
        for games, o in ordered
    ]
    return "\n".join(lines)


def new_game(kind: str, players: list[str], options: dict[str, Any] | None = None, **kw: Any) -> Game[Any]:
    return game_class(kind)(players, options or {}, **kw)


__all__ = [
    "Game",
    "WordThief",
    "Quiddler",
    "WordsAndPoints",
    "new_game",
    "game_class",
    "GAME_CLASSES",
    "Option",
    "options_table",
    "register",
]
