"""The dictionary judge: a word list plus the table's house list of accepted and banned words."""

from __future__ import annotations

from typing import Any

import hashlib
import unicodedata
from collections.abc import Container
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from companion.errors import CompanionError, IllegalPlay
from companion.files import read_text_file
from companion.paths import ASSETS
from companion.text import printable

ENABLE = ASSETS / "words" / "enable1.txt"


class WordList(frozenset[str]):
    """The words of a word list file, with the SHA-256 of the file's text: what the anagram cache is keyed by."""

    digest: str


WORDS_LIMIT = 16 * 1024 * 1024  # bytes: ENABLE is under 2 MB


def read_word_list(path: str | Path) -> str:
    """The text of a word list, checked to be a regular file of at most WORDS_LIMIT bytes."""
    return read_text_file(path, WORDS_LIMIT, "word list")


@cache
def words_from_text(text: str, source: str) -> WordList:
    """A word list's text (one word a line, any case) as upper-case words of 2+ letters."""
    if "\0" in text:
        raise CompanionError(f"word list {source} is not text; give a text file with one word a line")
    words = WordList(w for w in text.upper().split() if len(w) >= 2 and w.isalpha() and w.isascii())
    if not words:
        raise CompanionError(f"word list {source} holds no words; give a text file with one word a line")
    words.digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return words


@cache
def load_words(path: str | Path = ENABLE) -> WordList:
    return words_from_text(read_word_list(path), printable(str(path)))


@dataclass(frozen=True)
class Typed:
    """Words typed to be judged, in plain capitals, and a note when accents were dropped to get there."""

    words: list[str]
    note: str = ""


def read_words(text: str) -> Typed:
    """Split typed text into the words of one play (spaces or commas apart). Cards carry no accents, so an
    accented letter is judged as its plain letter (CAFÉ as CAFE) and the note says so; anything else that is
    not a letter is refused with what to type."""
    typed = text.replace(",", " ").split()
    plain = [
        "".join(c for c in unicodedata.normalize("NFKD", w) if not unicodedata.combining(c)).upper() for w in typed
    ]
    bad = [t for t, w in zip(typed, plain) if not (w.isalpha() and w.isascii())]
    if bad:
        raise CompanionError(
            f"{printable(', '.join(bad))}: a word is plain letters only (no digits, hyphens or apostrophes)"
        )
    changed = [f"{t.upper()} as {w}" for t, w in zip(typed, plain) if t.upper() != w]
    return Typed(plain, f"judged {', '.join(changed)}: the cards carry no accents" if changed else "")


@dataclass(frozen=True)
class House:
    """The table's house list: words it accepts beyond the word list and words it bans from it.

    The one shape of it everywhere: a game's options (``{"accept": [...], "ban": [...]}``), its state,
    the save file and the judge.

    >>> house = House.of({"accept": ["zuzu"]}).ruling("QAT", accept=False)
    >>> house.allows("ZUZU", set()), house.allows("QAT", {"QAT"}), house.as_lists()
    (True, False, {'accept': ['ZUZU'], 'ban': ['QAT']})
    """

    accepted: frozenset[str] = frozenset()
    banned: frozenset[str] = frozenset()

    @classmethod
    def of(cls, lists: dict[str, Any] | None) -> House:
        """The house list of a game log's options, in capitals."""
        lists = lists or {}
        return cls(
            frozenset(w.upper() for w in lists.get("accept", ())), frozenset(w.upper() for w in lists.get("ban", ()))
        )

    def ruling(self, word: str, accept: bool) -> House:
        """The list with ``word`` accepted or banned from now on; IllegalPlay for what is not a word."""
        w = word.upper()
        if not (w.isalpha() and w.isascii() and len(w) >= 2):
            raise IllegalPlay(f"{word!r} cannot go on the house list: a word is 2 or more plain letters")
        if accept:
            return House(self.accepted | {w}, self.banned - {w})
        return House(self.accepted - {w}, self.banned | {w})

    def say(self, word: str) -> bool | None:
        """The house's say on ``word``: accepted (True), banned (False), or nothing (None)."""
        w = word.upper()
        return True if w in self.accepted else False if w in self.banned else None

    def allows(self, word: str, listed: Container[str]) -> bool:
        """A word stands when the house accepts it, or it is ``listed`` and the house does not ban it."""
        w = word.upper()
        return w not in self.banned and (w in self.accepted or w in listed)

    def __or__(self, other: House) -> House:
        return House(self.accepted | other.accepted, self.banned | other.banned)

    def __bool__(self) -> bool:
        return bool(self.accepted or self.banned)

    def as_lists(self) -> dict[str, list[str]]:
        """As a game log's options write it."""
        return {"accept": sorted(self.accepted), "ban": sorted(self.banned)}


@dataclass(frozen=True)
class Lexicon:
    """Judges words: valid when in the word list or accepted by the house, and not banned by it.

    >>> lexicon = Lexicon.load(house=House.of({"accept": ["ZUZU"], "ban": ["QAT"]}))
    >>> lexicon.judge(["ZUZU"]), lexicon.judge(["qat"])
    (True, False)
    >>> lexicon.judge(["CAT", "DOGZ"])  # a play of several words stands or falls as a whole
    False
    """

    words: frozenset[str]
    house: House = House()
    source: str = "ENABLE"

    @classmethod
    def load(cls, path: str | Path | None = None, house: House | None = None, text: str | None = None) -> Lexicon:
        """ENABLE, or the word list at ``path`` (its ``text`` when already read), with a house list."""
        name = Path(path).name if path else "ENABLE"
        words = words_from_text(text, printable(name)) if text is not None else load_words(path or ENABLE)
        return cls(words, house or House(), source=name)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.is_word(word)

    def is_word(self, word: str) -> bool:
        return self.house.allows(word, self.words)

    def judge(self, words: list[str]) -> bool:
        """A play of several words is judged as a whole: VALID only if every word is."""
        return bool(words) and all(self.is_word(w) for w in words)
