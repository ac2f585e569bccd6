"""What the coach answers, whatever the game: a best hand, a steal to look for, a moment of a review.

The searches themselves belong to the games (``companion/games``); these are the values they
return, with the JSON shapes the ``companion coach`` and ``companion review`` commands print.
"""

from __future__ import annotations

from typing import Any

from dataclasses import dataclass

from companion.cards import spell
from companion.events import Word


@dataclass(frozen=True)
class BestHand:
    """Cards arranged into words for the most points; ``longest`` counts letters, not cards."""

    words: tuple[Word, ...]
    left: Word
    score: int
    longest: int

    def to_json(self) -> dict[str, Any]:
        return {
            "words": [[c.token for c in w] for w in self.words],
            "left": [c.token for c in self.left],
            "score": self.score,
            "longest": self.longest,
        }

    def text(self) -> str:
        """The words card by card (QU-I-T ER-A-S), then what is left."""
        words = " ".join("-".join(c.token for c in w) for w in self.words) or "no word"
        left = f", left {' '.join(c.token for c in self.left)}" if self.left else ""
        return words + left


@dataclass(frozen=True)
class StealIdea:
    """A word on the table rebuilt with ``add`` letters from a hand, scored before suits."""

    stolen: str
    word: str
    add: tuple[str, ...]
    letter_sum: int
    length_bonus: int
    owner: str | None = None

    @property
    def points(self) -> int:
        return self.letter_sum + self.length_bonus

    def to_json(self) -> dict[str, Any]:
        out = {
            "word": self.word,
            "add": list(self.add),
            "letter_sum": self.letter_sum,
            "length_bonus": self.length_bonus,
            "points": self.points,
        }
        return out | ({"owner": self.owner} if self.owner else {})

    def text(self) -> str:
        owner = f"{self.owner}'s " if self.owner else ""
        return f"{owner}{self.stolen} + {''.join(self.add)} = {self.word}"


@dataclass(frozen=True)
class Moment:
    """One turn or round of a finished game: what a player did against the best the coach finds."""

    at: str  # "round 3", "turn 12"
    player: str
    played: str
    points: int | None
    best: str  # "" when the coach finds nothing better to suggest
    best_points: int | None
    note: str = ""

    def line(self) -> str:
        """ "Ann 24, best 31: QU-I-T ER-A-S"."""
        best = f", best {self.best_points}: {self.best}" if self.best else ", nothing better found"
        return f"{self.player} {self.points}{best}"

    def to_json(self) -> dict[str, Any]:
        return {
            "at": self.at,
            "player": self.player,
            "played": self.played,
            "points": self.points,
            "best": self.best or None,
            "best_points": self.best_points,
            "note": self.note,
        }


def spelled(words: tuple[Word, ...]) -> str:
    return " ".join(spell(w) for w in words)
