"""The best Words And Points word from a hand and the letters on the table.

A word scores every letter in it, the table's included (RULES.md). Where the letters lie on
the table is not recorded, so the coach builds through one table letter, as a word crossing
another does; the first word of a game uses the hand only. The search takes the sets of hand
cards with one table letter, highest points first, and stops at the first that spells a word;
a blank tries every letter.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
from string import ascii_uppercase

from companion.anagrams import Anagrams
from companion.cards import Card
from companion.coach import BestHand
from companion.events import Word


def best_word(hand: Word, table: Word, value: Callable[[str], int], anagrams: Anagrams) -> BestHand | None:
    """The highest-scoring word of 2+ letters using hand cards and, when the table has letters, one of them."""
    n = len(hand)
    options: dict[tuple[tuple[str, str], ...], tuple[int, tuple[Card, ...]]] = {}  # one entry per distinct set of cards
    for mask in range(1, 1 << n):
        chosen = tuple(hand[i] for i in range(n) if mask >> i & 1)
        for through in table or [None]:
            cards = chosen + ((through,) if through else ())
            key = tuple(sorted((c.face, c.letter if c.table else "") for c in cards))
            if len(cards) >= 2 and key not in options:
                options[key] = (sum(value(c.face) for c in cards), cards)
    for points, cards in sorted(options.values(), key=lambda o: (-o[0], -len(o[1]))):
        word = _spell(cards, anagrams)
        if word:
            return BestHand((word,), _left(hand, word), points, len(word))
    return None


def _left(hand: Word, word: Word) -> Word:
    left = list(hand)
    for card in word:
        if not card.table:
            left.remove(card if not card.wild else next(c for c in left if c.wild))
    return tuple(left)


def _spell(cards: tuple[Card, ...], anagrams: Anagrams) -> Word | None:
    """The cards in the order of a word they spell (blanks given letters), or None."""
    fixed = "".join(c.letter for c in cards if not c.wild or c.table)
    blanks = sum(c.wild and not c.table for c in cards)
    for fill in product(ascii_uppercase, repeat=blanks):
        found = anagrams.of(fixed + "".join(fill))
        if found:
            return _order(found[0], cards, fill)
    return None


def _order(word: str, cards: tuple[Card, ...], fill: tuple[str, ...]) -> Word:
    """Lay the cards out along ``word``: hand letters first, then the table letter, then the blanks."""
    pool = [c for c in cards if not c.wild and not c.table]
    table = [c for c in cards if c.table]
    blanks = list(fill)
    out = []
    for letter in word:
        card = next((c for c in pool if c.letter == letter), None)
        if card:
            pool.remove(card)
        elif table and table[0].letter == letter:
            card = table.pop()
        else:
            blanks.remove(letter)
            card = Card("*", None, letter)
        out.append(card)
    return tuple(out)
