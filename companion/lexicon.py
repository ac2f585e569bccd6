"""The dictionary judge: a word list plus the table's house list of accepted and banned words."""

from __future__ import annotations

import hashlib
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from companion.errors import CompanionError
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
    plain = ["".join(c for c in unicodedata.normalize("NFKD", w) if not unicodedata.combining(c)).upper()
             for w in typed]
    bad = [t for t, w in zip(typed, plain) if not (w.isalpha() and w.isascii())]
    if bad:
        raise CompanionError(f"{printable(', '.join(bad))}: a word is plain letters only "
                             "(no digits, hyphens or apostrophes)")
    changed = [f"{t.upper()} as {w}" for t, w in zip(typed, plain) if t.upper() != w]
    return Typed(plain, f"judged {', '.join(changed)}: the cards carry no accents" if changed else "")


@dataclass
class Lexicon:
    """Judges words: valid when in the word list or accepted by the house, and not banned by it.

    >>> lexicon = Lexicon.load(house={"accept": ["ZUZU"], "ban": ["QAT"]})
    >>> lexicon.judge(["ZUZU"]), lexicon.judge(["qat"])
    (True, False)
    >>> lexicon.judge(["CAT", "DOGZ"])  # a play of several words stands or falls as a whole
    False
    """

    words: frozenset[str]
    accepted: set[str] = field(default_factory=set)
    banned: set[str] = field(default_factory=set)
    source: str = "ENABLE"

    @classmethod
    def load(cls, path: str | Path | None = None, house: dict | None = None, text: str | None = None) -> Lexicon:
        """ENABLE, or the word list at ``path`` (its ``text`` when already read), with a house list."""
        name = Path(path).name if path else "ENABLE"
        words = words_from_text(text, printable(name)) if text is not None else load_words(path or ENABLE)
        lex = cls(words, source=name)
        for word in (house or {}).get("accept", []):
            lex.house(word, True)
        for word in (house or {}).get("ban", []):
            lex.house(word, False)
        return lex

    def is_word(self, word: str) -> bool:
        w = word.upper()
        if w in self.banned:
            return False
        return w in self.accepted or (w in self.words)

    def judge(self, words: list[str]) -> bool:
        """A play of several words is judged as a whole: VALID only if every word is."""
        return bool(words) and all(self.is_word(w) for w in words)

    def house(self, word: str, accept: bool) -> None:
        w = word.upper()
        if not (w.isalpha() and w.isascii() and len(w) >= 2):
            raise CompanionError(f"{word!r} cannot go on the house list: a word is 2 or more plain letters")
        (self.accepted if accept else self.banned).add(w)
        (self.banned if accept else self.accepted).discard(w)
