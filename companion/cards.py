"""Cards, and how a card is written in the game log of DESIGN.md (each game reads its own tokens).

>>> Card("Q", "d").token
'Qd'
>>> Card("*", None, "E").token
'*e'
>>> Card("A", table=True).token
'=A'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.decks import WILD

CardKey = tuple[str, str | None]  # a deck entry: face and suit (a wild card is ("*", None))


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

    @property
    def token(self) -> str:
        """The card in the game log: ``Qd``, ``QU``, ``=A``; a wild card ``*`` and its letter (``*e``)."""
        core = f"*{self.letter.lower()}" if self.wild else self.face + (self.suit or "")
        return ("=" if self.table else "") + core

    def __str__(self) -> str:
        return self.token


def spell(cards: tuple[Card, ...] | list[Card]) -> str:
    """The word the cards spell, in capitals (a two-letter card gives both letters)."""
    return "".join(c.letter for c in cards)


def suit_of(cards: tuple[Card, ...] | list[Card]) -> str | None:
    """The one suit all non-wild cards share, or None (a word of wild cards only has none)."""
    suits = {c.suit for c in cards if not c.wild}
    return suits.pop() if len(suits) == 1 and None not in suits else None


def read_as(text: str) -> str:
    """The cards a typed play names, before its suits are read: "br*ad/hsd" reads "B R *A D" (a joker *A,
    a Words And Points table letter =A). Shown beside an error, so the player sees what the app understood."""
    words = [re.findall(r"=?\*?[A-Za-z]", w.split("/")[0]) for w in text.replace(",", " ").split()]
    return "   ".join(" ".join(t.upper() for t in w) for w in words if w)
