"""An anagram index of a word list: each word filed under its letters in alphabetical order.

The coach asks it "which words hold exactly these letters?" thousands of times a search,
so a lookup is one sort of a few letters and one dict access. The index of a word list is
built once per process, and kept on disk in the user data directory under the SHA-256 of
the list's text, so a second run loads it instead of building it.

>>> index = Anagrams.build(frozenset({"CARET", "CRATE", "REACT", "CAT"}))
>>> index.of("TRACE")
('CARET', 'CRATE', 'REACT')
>>> index.with_house({"TRACE"}, {"REACT"}).of("ETCAR")
('CARET', 'CRATE', 'TRACE')
"""

from __future__ import annotations

import hashlib
import marshal
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from companion.paths import data_dir

CACHE_VERSION = 1


def letters_key(letters: str) -> str:
    return "".join(sorted(letters))


@dataclass(frozen=True)
class Anagrams:
    """Words by their sorted letters, plus the house list's accepted words and less its banned ones."""

    groups: Mapping[str, list[str]]
    banned: frozenset[str] = frozenset()
    extra: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @classmethod
    def build(cls, words: Iterable[str]) -> Anagrams:
        groups: dict[str, list[str]] = {}
        for word in words:
            groups.setdefault("".join(sorted(word)), []).append(word)
        return cls(groups)

    def of(self, letters: str) -> tuple[str, ...]:
        """The words spelled by exactly these letters, in any order (alphabetical)."""
        key = letters_key(letters)
        found: Iterable[str] = self.groups.get(key, ())
        if key in self.extra:
            found = set(found) | set(self.extra[key])
        if not found:
            return ()  # most lookups of a search
        return tuple(sorted(w for w in found if w not in self.banned))

    def with_house(self, accepted: Iterable[str], banned: Iterable[str]) -> Anagrams:
        extra: dict[str, tuple[str, ...]] = {}
        for word in accepted:
            extra[letters_key(word)] = extra.get(letters_key(word), ()) + (word,)
        return Anagrams(self.groups, frozenset(banned), extra)


def _digest(words: frozenset[str]) -> str:
    """The word list's SHA-256: kept from its file when it came from one, else worked out from the words."""
    return getattr(words, "digest", None) or hashlib.sha256("\n".join(sorted(words)).encode()).hexdigest()


def _cache_path(words: frozenset[str]) -> Path:
    return data_dir() / f"anagrams-v{CACHE_VERSION}-{_digest(words)[:24]}.marshal"


@cache
def anagram_index(words: frozenset[str]) -> Anagrams:
    """The index of a word list: loaded from the disk cache, or built and written there (best effort)."""
    try:
        groups = marshal.loads(_cache_path(words).read_bytes())
        if isinstance(groups, dict):
            return Anagrams(groups)
    except (OSError, ValueError, EOFError, TypeError):
        pass  # no cache yet, or a damaged one: build it again
    index = Anagrams.build(words)
    try:
        path = _cache_path(words)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(marshal.dumps(dict(index.groups)))
        os.replace(tmp, path)  # whole or not at all: another process may be reading it
    except OSError:
        pass  # a read-only data directory only costs the next run a build
    return index
