"""Steals to look for in Word Thief: words that use every letter of a word on the table plus 1 to K more.

A joker in the stolen word may stand for any letter (RULES.md lets it change when it moves), so
it counts as a free letter like the added ones. For each K the search looks up every choice of
the free letters (26 for one, 351 for two) in the anagram index: a few hundred dictionary
lookups a word, where scanning the word list for supersets would touch every word.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import combinations_with_replacement
from string import ascii_uppercase
from typing import Any

from companion.anagrams import Anagrams
from companion.cards import spell
from companion.coach import StealIdea
from companion.events import Word


def find_steals(
    stolen: Word,
    value: Callable[[str], int],
    length_bonus: Callable[[int], int],
    anagrams: Anagrams,
    spare: Counter[Any],
    add: int = 2,
    owner: str | None = None,
) -> list[StealIdea]:
    """Every word that rebuilds ``stolen`` with 1..``add`` letters more, best first.

    Points are before suits: the letter sum (jokers 0) and the length bonus. The jokers stand
    for the cheapest of the free letters, so the letters added from a hand score the most.
    ``spare`` holds the copies of each letter not on the table: a steal needing more is left out.
    """
    fixed = "".join(c.letter for c in stolen if not c.wild)
    jokers = sum(c.wild for c in stolen)
    fixed_sum = sum(value(c.face) for c in stolen)
    stolen_text = spell(stolen)
    ideas: list[StealIdea] = []
    for extra in range(1, add + 1):
        for free in combinations_with_replacement(ascii_uppercase, jokers + extra):
            found = anagrams.of(fixed + "".join(free))
            if not found:
                continue
            added = sorted(free, key=lambda letter: (value(letter), letter))[jokers:]
            if Counter(added) - spare:
                continue  # the deck has no such card left outside the table
            letter_sum = fixed_sum + sum(map(value, added))
            bonus = length_bonus(len(stolen) + extra)
            ideas.extend(StealIdea(stolen_text, word, tuple(sorted(added)), letter_sum, bonus, owner) for word in found)
    return best_first(ideas)


def best_first(ideas: list[StealIdea]) -> list[StealIdea]:
    """Most points first, then the longer word, then alphabetical."""
    return sorted(ideas, key=lambda i: (-i.points, -len(i.word), i.word, i.owner or ""))
