"""Properties of the coach: no arrangement a player could lay beats its best hand, and every steal it lists
is a dictionary word holding all the stolen word's letters."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cards import Card, spell
from companion.lexicon import load_words
from companion.games.quiddler import splits
from tests.engine.enginekit import qd, wp, wt

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
QUIDDLER = qd()
DECK = sorted(f for (f, _), n in QUIDDLER.deck.counts.items() for _ in range(n))
WORDS = sorted(w for w in load_words() if 2 <= len(w) <= 6)
THIEF_LETTERS = Counter(f for (f, _), n in wt().deck.counts.items() for _ in range(n))
TABLE_WORDS = [w for w in WORDS if len(w) <= 5 and not Counter(w) - THIEF_LETTERS]  # the deck can hold them


@st.composite
def quiddler_hands(draw, most: int = 8) -> tuple[Card, ...]:
    """A hand that often holds a word: a dictionary word's cards, then random cards of the deck."""
    word = draw(st.sampled_from(WORDS))
    spellings = splits(word, QUIDDLER.deck)
    faces = list(draw(st.sampled_from(spellings))) if spellings else []
    pool = Counter(DECK) - Counter(faces)
    extra = draw(st.lists(st.sampled_from(sorted(pool.elements())), max_size=max(0, most - len(faces))))
    faces = (faces + extra)[:most]
    faces = [f for f, n in (Counter(faces) & Counter(DECK)).items() for _ in range(n)]
    return tuple(Card(f) for f in draw(st.permutations(faces)))


def score_of(words: list[tuple[Card, ...]], left: list[Card]) -> int:
    value = QUIDDLER.deck.value
    return sum(value(c.face) for w in words for c in w) - sum(value(c.face) for c in left)


@SETTINGS
@given(quiddler_hands(), st.data())
def test_no_random_arrangement_beats_the_coach(hand, data):
    # a random arrangement: the cards in some order, cut into groups; a group spelling a word is laid
    order = data.draw(st.permutations(hand))
    cuts = sorted(data.draw(st.sets(st.integers(1, max(1, len(order) - 1)), max_size=len(order))))
    groups = [order[a:b] for a, b in zip([0, *cuts], [*cuts, len(order)]) if order[a:b]]
    words = [g for g in groups if len(g) >= 2 and QUIDDLER.is_word(spell(g))]
    left = [c for g in groups if g not in words for c in g]
    coach = QUIDDLER.best_hand(hand)
    assert coach.score >= score_of(words, left)
    assert sorted(c.face for c in [*(c for w in coach.words for c in w), *coach.left]) == sorted(c.face for c in hand)
    assert all(QUIDDLER.is_word(spell(w)) and len(w) >= 2 for w in coach.words)
    assert coach.score == score_of(list(coach.words), list(coach.left))
    if not left:
        out = QUIDDLER.best_hand(hand, out=True)
        assert out is not None and not out.left and out.score >= score_of(words, [])


def brute_best(hand: tuple[Card, ...]) -> tuple[int, int, int]:
    """Every way to lay the cards (each group in every order), the best by score, longest word, word count."""
    best = (-(10**9), 0, 0)

    def go(rest: tuple[Card, ...], words: list, left: list) -> None:
        nonlocal best
        if not rest:
            key = (score_of(words, left), max((len(spell(w)) for w in words), default=0), len(words))
            best = max(best, key)
            return
        first, others = rest[0], rest[1:]
        go(others, words, left + [first])
        for mask in range(1, 1 << len(others)):
            group = [first] + [c for i, c in enumerate(others) if mask >> i & 1]
            remaining = tuple(c for i, c in enumerate(others) if not mask >> i & 1)
            spelled = next((p for p in permutations(group) if QUIDDLER.is_word(spell(p))), None)
            if spelled:
                go(remaining, words + [spelled], left)

    go(hand, [], [])
    return best


@SETTINGS
@given(quiddler_hands(most=5))
def test_the_coach_matches_a_brute_force_search(hand):
    coach = QUIDDLER.best_hand(hand)
    assert (coach.score, coach.longest, len(coach.words)) == brute_best(hand)


@SETTINGS
@given(st.sampled_from(TABLE_WORDS), st.integers(1, 2))
def test_every_steal_is_a_word_holding_all_the_stolen_letters(word, add):
    game = wt()
    (ideas,) = game.steals_for([word], add)
    for idea in ideas:
        assert game.is_word(idea.word)
        assert not Counter(word) - Counter(idea.word)  # every letter of the stolen word is used
        assert 1 <= len(idea.word) - len(word) == len(idea.add) <= add
        assert not Counter(idea.add) - (Counter(idea.word) - Counter(word))
        assert idea.points == idea.letter_sum + 5 * max(0, len(idea.word) - 4)
    assert [i.points for i in ideas] == sorted((i.points for i in ideas), reverse=True)


POINTS = wp()
POINTS_LETTERS = Counter(f for (f, _), n in POINTS.deck.counts.items() for _ in range(n) if f != "*")
POINTS_WORDS = [w for w in WORDS if len(w) >= 3 and not Counter(w) - POINTS_LETTERS]


@SETTINGS
@given(st.sampled_from(POINTS_WORDS), st.data())
def test_no_word_through_one_table_letter_beats_the_best_word(word, data):
    """Words And Points: a hand holding a word but for one letter, which lies on the table."""
    at = data.draw(st.integers(0, len(word) - 1))
    rest = word[:at] + word[at + 1 :]
    extra = data.draw(
        st.lists(
            st.sampled_from(sorted((POINTS_LETTERS - Counter(rest)).elements())), max_size=2, unique_by=lambda x: x
        )
    )  # the deck holds the hand
    hand = tuple(Card(x) for x in rest + "".join(extra))
    table = (Card(word[at], table=True), Card(data.draw(st.sampled_from(sorted(POINTS_LETTERS))), table=True))
    coach = POINTS.best_hand(hand, table=table)
    value = POINTS.deck.value
    assert coach is not None and coach.score >= sum(map(value, word))  # the word itself is one way to play
    (best,) = coach.words
    assert POINTS.is_word(spell(best)) and sum(c.table for c in best) == 1
    assert coach.score == sum(value(c.face) for c in best)
    laid = [c.letter for c in best if not c.table]
    assert sorted(laid + [c.letter for c in coach.left]) == sorted(c.letter for c in hand)
