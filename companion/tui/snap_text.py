"""Cards read from a photo, as the text a player would have typed (docs/notation.md).

>>> snap_text("word-thief", [[("C", "h"), ("*A", None), ("T", "s")]])
'Ch*aTs'
>>> snap_text("quiddler", [[("QU", None), ("I", None), ("T", None)], [("A", None), ("T", None)]])
'qu-i-t a-t'
>>> snap_text("words-and-points", [[("*C", None), ("A", None), ("T", None)]])
'*cat'
>>> snap_text("word-thief", [[("Q", "d"), ("*", None)]], hand=True)
'Qd*a'
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.cards import Card
from companion.decks import WILD
from companion.games import game_class

HAND_WILD = "A"  # a wild card left in hand stands for nothing, but the notation needs a letter (it scores 0)


def snap_text(game: str, words: Sequence[Sequence[tuple[str, str | None]]], hand: bool = False) -> str:
    """Words of ``(face, suit)`` as the game's typed notation (its ``format_play``). A wild card's face is
    ``*`` plus the letter it stands for (``*E``); a bare ``*`` raises ValueError, except in a ``hand``
    (cards left, spelling nothing)."""
    cards = []
    for word in words:
        if not word:
            continue
        cards.append(tuple(_card(face, suit, hand) for face, suit in word))
    return game_class(game).format_play(cards)


def _card(face: str, suit: str | None, hand: bool) -> Card:
    if not face.startswith(WILD):
        return Card(face.upper(), suit)
    letter = face[1:] or (HAND_WILD if hand else "")
    if len(letter) != 1 or not letter.isalpha():
        raise ValueError("a wild card needs the one letter it stands for")
    return Card(WILD, None, letter.upper())


def spelled(words: Sequence[Sequence[tuple[str, str | None]]]) -> str:
    """The words as letters for the judge (``QUIT CAT``); a wild card spells the letter it stands for.

    >>> spelled([[("QU", None), ("I", None), ("*T", None)]])
    'QUIT'
    """
    return " ".join("".join(face.lstrip(WILD) for face, _ in word) for word in words if word)
