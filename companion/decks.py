"""Deck files: faces, values and counts of each game's cards, loaded from JSON.

A game's deck file ships in ``assets/decks/<game>.json``; a user may load his own file
with the same shape (for instance the printed Word Thief distribution sheet).
"""

from __future__ import annotations

from typing import Any

import json
import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from companion.errors import DeckError
from companion.files import read_text_file
from companion.paths import ASSETS
from companion.text import printable

DECK_DIR = ASSETS / "decks"
SUITS = ("s", "h", "d", "c")
SUIT_NAMES = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
WILD = "*"
_SUIT_ITEM = re.compile(r"^([A-Z])(\d*)$")


@dataclass(frozen=True)
class Deck:
    """A closed set of physical cards.

    ``counts`` maps a card key to its copies: ``(face, suit)`` with suit ``None``
    for decks without suits; the wild card's key is ``("*", None)``.
    """

    game: str
    name: str
    values: dict[str, int]  # face -> points; the wild face "*" included when the deck has one
    counts: dict[tuple[str, str | None], int]

    @property
    def size(self) -> int:
        return sum(self.counts.values())

    @property
    def faces(self) -> list[str]:
        return sorted({face for face, _ in self.counts if face != WILD}, key=lambda f: (len(f), f))

    @property
    def has_wild(self) -> bool:
        return (WILD, None) in self.counts

    @property
    def has_suits(self) -> bool:
        return any(suit for _, suit in self.counts)

    def value(self, face: str) -> int:
        return self.values[face]

    def count(self, face: str, suit: str | None = None) -> int:
        return self.counts.get((face, suit), 0)


def _parse_suit_line(game: str, suit: str, line: str) -> Counter[Any]:
    out: Counter[Any] = Counter()
    for item in line.split():
        m = _SUIT_ITEM.match(item)
        if not m:
            raise DeckError(f"{game} deck: suit {suit} lists {item!r}; write a letter and a count, like E3")
        out[(m.group(1), suit)] += int(m.group(2) or 1)
    return out


def parse_deck(data: dict[str, Any], source: str = "deck file") -> Deck:
    """Build and check a deck from the JSON shape of ``assets/decks``. Without a ``"total"``, a deck holds
    as many cards as the game's shipped deck."""
    game = data.get("game")
    if not isinstance(game, str) or not re.fullmatch(r"[a-z]+(?:-[a-z]+)*", game):
        raise DeckError(f"{source}: game must be the name of the game the deck is for, like word-thief, not {game!r}")
    counts: Counter[Any] = Counter()
    values: dict[str, int] = {}
    try:
        if "suits" in data:
            values.update({str(k): int(v) for k, v in data["values"].items()})
            for suit, line in data["suits"].items():
                if suit not in SUITS:
                    raise DeckError(f"{source}: unknown suit {suit!r}; use s h d c")
                counts.update(_parse_suit_line(game, suit, line))
        else:
            for face, card in data["cards"].items():
                values[face] = int(card["value"])
                counts[(face, None)] += int(card["count"])
        if "wild" in data:
            values[WILD] = int(data["wild"].get("value", 0))
            counts[(WILD, None)] = int(data["wild"]["count"])
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise DeckError(f"{source}: not a deck file ({exc!r}); compare with assets/decks/{game}.json") from exc
    for face, _ in counts:
        if face not in values:
            raise DeckError(f'{source}: card {face} has no value; add it to "values"')
        if face != WILD and not re.fullmatch(r"[A-Z]{1,2}", face):
            raise DeckError(f"{source}: face {face!r} must be one or two capital letters")
    shipped = DECK_DIR / f"{game}.json"
    expected = (
        data["total"]
        if "total" in data
        else (standard_deck(game).size if shipped.is_file() and source != str(shipped) else None)
    )
    deck = Deck(game, str(data.get("name", game)), values, dict(counts))
    if expected is not None and deck.size != expected:
        raise DeckError(f'{source}: holds {deck.size} cards but says {expected}; fix the counts or "total"')
    return deck


DECK_LIMIT = 64 * 1024  # bytes: a deck file lists a few dozen faces


def read_deck_file(path: str | Path) -> str:
    """The text of a deck file, checked to be a small regular file."""
    return read_text_file(path, DECK_LIMIT, "deck file", fault=DeckError)


def deck_from_text(text: str, source: str) -> Deck:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise DeckError(f"deck file {source} is not JSON ({exc}); compare with {DECK_DIR}") from exc
    if not isinstance(data, dict):
        raise DeckError(f"{source}: not a deck file; compare with {DECK_DIR}")
    return parse_deck(data, source)


def load_deck_file(path: str | Path) -> Deck:
    return deck_from_text(read_deck_file(path), printable(str(path)))


@cache
def standard_deck(game: str, path: Path | None = None) -> Deck:
    """The deck shipped for ``game``: ``assets/decks/<game>.json``, or the file its game class names."""
    return load_deck_file(path or DECK_DIR / f"{game}.json")
