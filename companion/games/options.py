"""A game's options described once: their JSON type, default and wording.

The engine checks a log's options against these, the new-game screen builds its form from them,
and docs/gamelog.md's table of options is written from them (a test keeps the two the same).

>>> TRUMP.check("h")
>>> TRUMP.check("x")
Traceback (most recent call last):
...
companion.errors.SetupError: trump must be one of s h d c, not 'x'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.decks import SUITS
from companion.errors import SetupError


@dataclass(frozen=True)
class Option:
    """One option of a game log's ``options``.

    ``type`` is the JSON type of its value (``bool`` for an on/off option); ``choices`` the values
    it may take, if only a few; ``label`` its wording on the new-game screen ("" keeps it off that
    screen), where ``ticked`` is what a tick box sets it to, or ``labels`` name the choices of a pick
    list whose first choice is ``start`` (None: the option left out, which plays the ``default``).
    """

    key: str
    type: type
    meaning: str
    default: str  # the rules' play without the option, in words (docs)
    label: str = ""
    choices: tuple[Any, ...] = ()
    ticked: Any = True
    labels: tuple[str, ...] = ()  # one per choice, with the "left out" choice (None) first
    start: Any = None
    suits: bool = False  # the choices are suits: the screen draws them as suits
    expect: str = ""  # what a value must be, in words, where "one of" the choices does not say it

    def check(self, value: Any) -> None:
        """Raise SetupError unless ``value`` is one this option takes (on/off options are JSON booleans)."""
        if self.type is bool:
            if not isinstance(value, bool):
                raise SetupError(f"{self.key} is on or off: write true or false, not {value!r}")
        elif self.choices:
            if isinstance(value, bool) or value not in self.choices:
                expect = self.expect or f"one of {' '.join(map(str, self.choices))}"
                raise SetupError(f"{self.key} must be {expect}, not {value!r}")
        elif self.type is int:
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise SetupError(f"{self.key} must be a whole number of points, 0 or more, not {value!r}")
        elif self.type is dict:
            check_house(value)
        elif not (isinstance(value, str) and value.strip()):  # the text options name files
            raise SetupError(f"{self.key} must be the path of a file, not {value!r}")

    @property
    def picks(self) -> list[tuple[str, Any]]:
        """A pick list's (label, value) pairs; None stands for leaving the option out."""
        values = [None, *self.choices] if len(self.labels) > len(self.choices) else list(self.choices)
        return list(zip(self.labels, values))


TRUMP = Option("trump", str, "trump suit `s h d c`", "none", label="Trump suit", choices=SUITS, start="h", suits=True)
CHALLENGER_PENALTY = Option(
    "challenger_penalty", int, "points a challenger loses when the word stands", "0; Quiddler: the word's value"
)
HOUSE = Option("house", dict, '`{"accept": [...], "ban": [...]}` words the table ruled on', "none")
DECK_FILE = Option("deck_file", str, "path of the table's own deck file", "the shipped one")
DICTIONARY = Option("dictionary", str, "path of a word list, one word a line", "ENABLE")
COACH = Option(
    "coach", bool, "the app offers the coach's hints during play: the steals on the table", "off; see docs/coach.md"
)
SHOW_VERDICTS = Option(
    "show_verdicts",
    bool,
    "the app's play line says whether each typed word is in the dictionary before anyone challenges",
    "off: a bluff stays a bluff until it is challenged",
    label="Show whether a typed word is in the dictionary",
)
COMMON = (CHALLENGER_PENALTY, HOUSE, DECK_FILE, DICTIONARY, COACH, SHOW_VERDICTS)


def check_house(house: Any) -> None:
    if (
        not isinstance(house, dict)
        or not set(house) <= {"accept", "ban"}
        or not all(
            isinstance(words := house.get(k, []), list) and all(isinstance(w, str) for w in words)
            for k in ("accept", "ban")
        )
    ):
        raise SetupError('house must look like {"accept": ["QI"], "ban": ["ZA"]}')
