"""Poker chips that mirror a Word Thief score: white 1, blue 5, red 20, fewest chips.

>>> Chips.for_score(47)
Chips(red=2, blue=1, white=2)
>>> ChipMove.between(0, 18).describe()
'takes 3 blue, 3 white'
>>> ChipMove.between(18, 23).describe()  # 3 blue and 3 white become 1 red and 3 white
'pays 3 blue, gets 1 red back'
"""

from __future__ import annotations

from dataclasses import dataclass

COLOURS = ("red", "blue", "white")
VALUES = {"red": 20, "blue": 5, "white": 1}


@dataclass(frozen=True)
class Chips:
    red: int = 0
    blue: int = 0
    white: int = 0

    @classmethod
    def for_score(cls, score: int) -> Chips:
        """The fewest chips worth ``score``; a negative score holds none (it is a debt)."""
        s = max(score, 0)
        return cls(s // 20, s % 20 // 5, s % 5)

    @property
    def total(self) -> int:
        return sum(getattr(self, c) * VALUES[c] for c in COLOURS)

    def as_dict(self) -> dict[str, int]:
        return {c: getattr(self, c) for c in COLOURS}


@dataclass(frozen=True)
class ChipMove:
    """What one player takes from the bank (positive) or returns to it (negative), by colour."""

    red: int = 0
    blue: int = 0
    white: int = 0

    @classmethod
    def between(cls, before: int, after: int) -> ChipMove:
        a, b = Chips.for_score(before), Chips.for_score(after)
        return cls(b.red - a.red, b.blue - a.blue, b.white - a.white)

    def __bool__(self) -> bool:
        return any((self.red, self.blue, self.white))

    def describe(self) -> str:
        """In the bank's plain words: 'takes 3 blue, 3 white', or with change 'pays 1 red, gets 2 white back'."""
        take = ", ".join(f"{n} {c}" for c in COLOURS if (n := getattr(self, c)) > 0)
        give = ", ".join(f"{-n} {c}" for c in COLOURS if (n := getattr(self, c)) < 0)
        if give:
            return f"pays {give}" + (f", gets {take} back" if take else "")
        return f"takes {take}" if take else "no chips move"
