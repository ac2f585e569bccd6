"""Quick typed notation for people at the table (see docs/notation.md).

Word Thief:  ``cat/h`` (every card hearts), ``cat/hhs`` (a suit per card), ``c*at/h``
(a joker standing as A), or exact tokens ``ChAhTs``. Several words: separate by spaces.
Quiddler:    ``quit`` (the app offers each way it splits into cards) or ``qu-i-t``.
Words And Points: ``cat``, ``c=at`` (the A was on the table), ``*cat`` (a blank as C).

>>> from companion.decks import standard_deck
>>> [c.token("word-thief") for c in parse_play("word-thief", "c*at/hs", standard_deck("word-thief"))[0]]
['Ch', '*a', 'Ts']
>>> splits("quit", standard_deck("quiddler"))
[['Q', 'U', 'I', 'T'], ['QU', 'I', 'T']]
"""

from __future__ import annotations

import re

from companion.cards import Card, parse_token
from companion.decks import WILD, Deck
from companion.errors import AmbiguousSpelling, MalformedCard
from companion.events import Word

_WT_EXACT = re.compile(r"^(?:[A-Z][shdc]|\*[a-z])+$")
_WT_QUICK = re.compile(r"^((?:\*?[a-z])+)(?:/([shdc]+))?$")
_CARD_SEP = re.compile(r"[-.]")


def parse_play(game: str, text: str, deck: Deck, max_cards: int | None = None) -> tuple[Word, ...]:
    """Parse one or more typed words into cards; raises MalformedCard or AmbiguousSpelling.

    ``max_cards`` is what a hand holds (a Quiddler round): a spelling of more cards is never offered.
    """
    parts = text.replace(",", " ").split()
    if not parts:
        raise MalformedCard("type a word, like " + {"word-thief": "cat/h", "quiddler": "quit",
                                                     "words-and-points": "c=at"}[game])
    if game == "quiddler":
        return tuple(_quiddler(p, deck, max_cards) for p in parts)
    parse = _word_thief if game == "word-thief" else _words_and_points
    return tuple(parse(p, deck) for p in parts)


def parse_cards(game: str, text: str, deck: Deck) -> Word:
    """Cards not forming a word (a hand at the end). A Quiddler token that is a face is that one card,
    so "qu z" is the QU card and a Z; other tokens are read as in a play and joined."""
    if not text.strip():
        return ()
    out: list[Card] = []
    for part in text.replace(",", " ").split():
        if game == "quiddler" and part.upper() in deck.faces:
            out.append(Card(part.upper()))
        else:
            out.extend(c for w in parse_play(game, part, deck) for c in w)
    return tuple(out)


def _word_thief(part: str, deck: Deck) -> Word:
    if _WT_EXACT.match(part):
        return tuple(parse_token(t, "word-thief") for t in re.findall(r"[A-Z][shdc]|\*[a-z]", part))
    low = part.lower()
    m = _WT_QUICK.match(low)
    if not m:
        raise MalformedCard(f"{part!r}: type letters, * before a joker's letter, then / and the suit: cat/h or c*at/hhs")
    letters = re.findall(r"\*?[a-z]", m.group(1))
    naturals = sum(1 for t in letters if not t.startswith("*"))
    suits = m.group(2) or ""
    if naturals and not suits:
        raise MalformedCard(f"{part!r} needs its suits: {low}/h for all hearts, or one suit per card like {low}/{'hs'[:1] * naturals}")
    if len(suits) == 1:
        suits *= naturals
    if naturals and len(suits) != naturals:
        raise MalformedCard(f"{part!r} has {naturals} suited cards but {len(suits)} suits; give one suit for all or one per card")
    it = iter(suits)
    return tuple(Card(WILD, None, t[1].upper()) if t.startswith("*") else Card(t.upper(), next(it)) for t in letters)


def splits(word: str, deck: Deck) -> list[list[str]]:
    """Every way to spell ``word`` with the deck's faces (single letters first)."""
    w = word.upper()
    faces = set(deck.faces)
    out: list[list[str]] = []

    def go(i: int, acc: list[str]) -> None:
        if i == len(w):
            out.append(list(acc))
            return
        for n in (1, 2):
            face = w[i:i + n]
            if len(face) == n and face in faces:
                acc.append(face)
                go(i + n, acc)
                acc.pop()

    go(0, [])
    return out


def _quiddler(part: str, deck: Deck, max_cards: int | None = None) -> Word:
    if not re.fullmatch(r"[A-Za-z]+(?:[-.][A-Za-z]+)*", part):
        raise MalformedCard(f"{part!r}: type the word's letters, with - between cards if you like (qu-i-t)")
    if _CARD_SEP.search(part):
        faces = [f.upper() for f in _CARD_SEP.split(part)]
        for f in faces:
            if f not in deck.faces:
                raise MalformedCard(f"{f} is not a Quiddler card; the two-letter cards are " + ", ".join(x for x in deck.faces if len(x) == 2))
        return tuple(Card(f) for f in faces)
    options = splits(part, deck)
    if not options:
        raise MalformedCard(f"{part.upper()} cannot be spelled with Quiddler cards")
    if max_cards is not None:
        fewest = min(len(o) for o in options)
        options = [o for o in options if len(o) <= max_cards]
        if not options:
            raise MalformedCard(f"{part.upper()} takes at least {fewest} cards but a hand holds {max_cards} this round")
    if len(options) > 1:
        shown = " or ".join("-".join(o) for o in options)
        raise AmbiguousSpelling(f"{part.upper()} splits {len(options)} ways: {shown}; type it with dashes", options)
    return tuple(Card(f) for f in options[0])


def _words_and_points(part: str, deck: Deck) -> Word:
    if not re.fullmatch(r"(?:=?\*?[A-Za-z])+", part):
        raise MalformedCard(f"{part!r}: type letters, = before a letter already on the table, * before a blank's letter (c=at, *cat)")
    return tuple(parse_token(t[:-1] + t[-1].lower() if "*" in t else t.upper(), "words-and-points")
                 for t in re.findall(r"=?\*?[A-Za-z]", part))
