"""Cards and the game-log card tokens of DESIGN.md.

>>> parse_token("Qd", "word-thief")
Card(face='Q', suit='d', letter='Q', table=False)
>>> parse_token("*e", "word-thief").token("word-thief")
'*e'
>>> parse_token("=A", "words-and-points").table
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.decks import WILD
from companion.errors import MalformedCard

CardKey = tuple[str, str | None]  # a deck entry: face and suit (a wild card is ("*", None))

_WT_TOKEN = re.compile(r"^(?:([A-Z])([shdc])|\*([a-z]))$")
_Q_TOKEN = re.compile(r"^[A-Z]{1,2}$")
_WP_TOKEN = re.compile(r"^(=?)(?:([A-Z])|\*([a-z]))$")


@dataclass(frozen=True)
class Card:
    """One physical card as played.

    ``face`` is what is printed ("Q", "QU", or "*" for a wild card); ``letter`` is
    what it spells (a wild card's chosen letter); ``suit`` is a Word Thief suit;
    ``table`` marks a Words And Points letter that was already on the table.
    """

    face: str
    suit: str | None = None
    letter: str = ""
    table: bool = False

    def __post_init__(self) -> None:
        if not self.letter and self.face != WILD:
            object.__setattr__(self, "letter", self.face)

    @property
    def wild(self) -> bool:
        return self.face == WILD

    @property
    def key(self) -> CardKey:
        """The deck entry this card is a copy of (a wild card whatever it stands for)."""
        return (WILD, None) if self.wild else (self.face, self.suit)

    def token(self, game: str) -> str:
        core = f"*{self.letter.lower()}" if self.wild else self.face + (self.suit or "")
        return ("=" if self.table else "") + core

    def __str__(self) -> str:
        return self.token("word-thief")


def parse_token(text: str, game: str) -> Card:
    """Parse one card token of the JSON game log, strictly."""
    if not isinstance(text, str):
        raise MalformedCard(f"card {text!r} is not text")
    if game == "word-thief":
        m = _WT_TOKEN.match(text)
        if not m:
            raise MalformedCard(f"malformed card {text!r}: write a capital letter and a suit s h d c (Qd), or * and a letter (*e)")
        if m.group(3):
            return Card(WILD, None, m.group(3).upper())
        return Card(m.group(1), m.group(2))
    if game == "quiddler":
        if not _Q_TOKEN.match(text):
            raise MalformedCard(f"malformed card {text!r}: write the face in capitals (A, QU, TH)")
        return Card(text)
    m = _WP_TOKEN.match(text)
    if not m:
        raise MalformedCard(f"malformed card {text!r}: write a capital letter (A), a blank as * and a letter (*e), = before a table letter (=A)")
    table = m.group(1) == "="
    if m.group(3):
        return Card(WILD, None, m.group(3).upper(), table)
    return Card(m.group(2), None, "", table)


def spell(cards: tuple[Card, ...] | list[Card]) -> str:
    """The word the cards spell, in capitals (a two-letter card gives both letters)."""
    return "".join(c.letter for c in cards)


def tokens(cards: tuple[Card, ...] | list[Card], game: str) -> list[str]:
    return [c.token(game) for c in cards]


def suit_of(cards: tuple[Card, ...] | list[Card]) -> str | None:
    """The one suit all non-wild cards share, or None (a word of wild cards only has none)."""
    suits = {c.suit for c in cards if not c.wild}
    return suits.pop() if len(suits) == 1 and None not in suits else None

