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

from companion.decks import WILD

HAND_WILD = "A"  # a wild card left in hand stands for nothing, but the notation needs a letter (it scores 0)


def snap_text(game: str, words: Sequence[Sequence[tuple[str, str | None]]], hand: bool = False) -> str:
    """Words of ``(face, suit)`` as typed notation. A wild card's face is ``*`` plus the letter it stands
    for (``*E``); a bare ``*`` raises ValueError, except in a ``hand`` (cards left, spelling nothing).
    Quiddler cards are joined by dashes, so a word never has two spellings to choose from."""
    parts = []
    for word in words:
        tokens = []
        for face, suit in word:
            if face.startswith(WILD):
                letter = face[1:] or (HAND_WILD if hand else "")
                if len(letter) != 1 or not letter.isalpha():
                    raise ValueError("a wild card needs the one letter it stands for")
                tokens.append(f"*{letter.lower()}")
            elif game == "word-thief":
                tokens.append(f"{face.upper()}{suit or ''}")
            else:
                tokens.append(face.lower())
        if tokens:
            parts.append(("-" if game == "quiddler" else "").join(tokens))
    return " ".join(parts)


def spelled(words: Sequence[Sequence[tuple[str, str | None]]]) -> str:
    """The words as letters for the judge (``QUIT CAT``); a wild card spells the letter it stands for.

    >>> spelled([[("QU", None), ("I", None), ("*T", None)]])
    'QUIT'
    """
    return " ".join("".join(face.lstrip(WILD) for face, _ in word) for word in words if word)
