"""Actions as frozen values. A game's state is the fold of its events.

Words are tuples of card tuples, so events hash and compare by value.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.cards import Card

Word = tuple[Card, ...]


@dataclass(frozen=True)
class Make:
    """Lay down new words from the hand (Word Thief, Words And Points)."""

    player: str
    words: tuple[Word, ...]
    type = "make"


@dataclass(frozen=True)
class Steal:
    """Take whole words from opponents and rebuild them with cards from the hand (Word Thief).

    ``targets`` holds (victim, spelling) pairs: one by default, one per opponent with
    the ``one_steal_per_opponent`` option.
    """

    player: str
    targets: tuple[tuple[str, str], ...]
    words: tuple[Word, ...]
    type = "steal"


@dataclass(frozen=True)
class Pass:
    player: str
    type = "pass"


@dataclass(frozen=True)
class Challenge:
    """Challenge the latest play; Quiddler names the owner (``of``) and the ``word`` of the latest round,
    and so may Word Thief: a word of the latest play, or any word on the table with ``challenge_any``."""

    player: str
    of: str | None = None
    word: str | None = None
    type = "challenge"


@dataclass(frozen=True)
class QuiddlerHand:
    player: str
    words: tuple[Word, ...]
    left: Word


@dataclass(frozen=True)
class Round:
    """One whole Quiddler round: who went out, and every player's words and left-over cards."""

    out: str
    hands: tuple[QuiddlerHand, ...]
    type = "round"


@dataclass(frozen=True)
class End:
    """The table stops: the cards each player still holds (Word Thief deducts them)."""

    hands: tuple[tuple[str, Word], ...] = ()
    type = "end"


@dataclass(frozen=True)
class HouseWord:
    """The table accepts or bans a word for the rest of the game (and the house list)."""

    word: str
    accept: bool
    type = "house"


Event = Make | Steal | Pass | Challenge | Round | End | HouseWord
