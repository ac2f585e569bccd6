"""The best Quiddler hand: the cards arranged into words for the most points.

RULES.md scores a round as the cards in words less the cards left, so the best hand puts the
most points into words. Two-letter cards count as printed (QU-I-T uses the QU card, never Q
and U); every word takes at least 2 cards; going out puts every card into a word. Ties go to
the longer longest word (letters), then to more words: the bonuses a table plays for.

The search: every set of 2+ cards is looked up in the anagram index once (by its letters),
and kept if a word spells exactly those cards; then a dynamic programme over sets of cards,
one table per longest-word length, finds the best arrangement. Ten cards make 1,013 sets.
"""

from __future__ import annotations

from typing import Any

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from companion.anagrams import Anagrams
from companion.cards import Card
from companion.coach import BestHand
from companion.events import Word


@dataclass(frozen=True)
class _Candidate:
    mask: int  # which cards of the hand
    value: int
    letters: int
    faces: tuple[str, ...]  # in the word's order


def spell_with(word: str, faces: Counter[Any]) -> tuple[str, ...] | None:
    """The cards of ``faces`` in the order that spells ``word``, using every one of them; or None.

    >>> spell_with("QUIT", Counter({"Q": 1, "U": 1, "I": 1, "T": 1}))
    ('Q', 'U', 'I', 'T')
    >>> spell_with("QUIT", Counter({"QU": 1, "I": 1, "T": 1}))
    ('QU', 'I', 'T')
    >>> spell_with("STARE", Counter({"S": 1, "T": 1, "A": 1, "ER": 1})) is None
    True
    """

    def go(i: int) -> tuple[str, ...] | None:
        if i == len(word):
            return ()
        for n in (2, 1):
            face = word[i : i + n]
            if len(face) == n and faces[face] > 0:
                faces[face] -= 1
                rest = go(i + n)
                faces[face] += 1
                if rest is not None:
                    return (face,) + rest
        return None

    return go(0)


def _words_in(faces: list[str], value: Callable[[str], int], anagrams: Anagrams) -> list[_Candidate]:
    """Every set of 2+ cards that spells a word, with one spelling each (equal sets score alike)."""
    spelled: dict[tuple[str, ...], tuple[str, ...] | None] = {}
    found = []
    for mask in range(3, 1 << len(faces)):
        if mask & (mask - 1) == 0:
            continue  # a single card is no word
        chosen = tuple(sorted(faces[i] for i in range(len(faces)) if mask >> i & 1))
        if chosen not in spelled:
            spelled[chosen] = next(
                (
                    order
                    for word in anagrams.of("".join(chosen))
                    if (order := spell_with(word, Counter(chosen))) is not None
                ),
                None,
            )
        order = spelled[chosen]
        if order is not None:
            found.append(_Candidate(mask, sum(map(value, order)), sum(map(len, order)), order))
    return found


def best_hand(cards: Word, value: Callable[[str], int], anagrams: Anagrams, out: bool = False) -> BestHand | None:
    """The best arrangement of ``cards``; with ``out`` every card must be in a word (None if none can)."""
    n = len(cards)
    faces = [c.face for c in cards]
    starting_at: list[list[_Candidate]] = [[] for _ in range(n)]  # by the lowest card each word holds
    for cand in _words_in(faces, value, anagrams):
        starting_at[(cand.mask & -cand.mask).bit_length() - 1].append(cand)

    # best[S][L] = (points in words, words, the word holding S's lowest card or None if it is left, rest's L):
    # the best use of the cards in S whose longest word has L letters
    @cache
    def best(cards_in: int) -> dict[int, tuple[int, int, _Candidate | None, int]]:
        if not cards_in:
            return {0: (0, 0, None, 0)}
        low = cards_in & -cards_in
        table: dict[int, tuple[int, int, _Candidate | None, int]] = {}
        if not out:
            table = {longest: (v, k, None, longest) for longest, (v, k, _, _) in best(cards_in ^ low).items()}
        for cand in starting_at[low.bit_length() - 1]:
            if cand.mask & ~cards_in:
                continue
            for rest_longest, (v, k, _, _) in best(cards_in ^ cand.mask).items():
                longest = max(rest_longest, cand.letters)
                if longest not in table or (v + cand.value, k + 1) > table[longest][:2]:
                    table[longest] = (v + cand.value, k + 1, cand, rest_longest)
        return table

    full = (1 << n) - 1
    options = best(full)
    if not options:
        return None
    longest = max(options, key=lambda length: (options[length][0], length, options[length][1]))
    words: list[Word] = []
    left: list[Card] = []
    remaining, at = full, longest
    while remaining:
        _, _, word, rest_longest = best(remaining)[at]
        if word is None:
            low = remaining & -remaining
            left.append(cards[low.bit_length() - 1])
            remaining ^= low
        else:
            words.append(tuple(Card(f) for f in word.faces))
            remaining ^= word.mask
            at = rest_longest
    in_words = options[longest][0]
    return BestHand(tuple(words), tuple(left), in_words - sum(value(c.face) for c in left), longest)
