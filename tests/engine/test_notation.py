"""Each game's two-way notation: what ``format_card``/``format_play`` write, ``parse_card``/``parse_play``
read back as the same cards (python-chess's ``san``/``parse_san`` round trip)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.cards import Card
from companion.decks import WILD
from companion.errors import MalformedCard
from companion.games import GAME_CLASSES, Game, new_game

GAMES = {kind: new_game(kind, ["Ann", "Bob"]) for kind in GAME_CLASSES}
LETTERS = st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def cards_of(game: Game) -> st.SearchStrategy[Card]:
    """Any card of the game's deck as played: a wild card standing for any letter, a table letter where
    the game marks them."""
    printed = st.sampled_from(sorted((f, s or "") for f, s in game.deck.counts if f != WILD))
    natural = printed.map(lambda fs: Card(fs[0], fs[1] or None))
    kinds = [natural] + ([LETTERS.map(lambda letter: Card(WILD, None, letter))] if game.deck.has_wild else [])
    card = st.one_of(kinds)
    if game.kind == "words-and-points":  # its table letters are written with =
        return st.tuples(card, st.booleans()).map(lambda ct: Card(ct[0].face, ct[0].suit, ct[0].letter, ct[1]))
    return card


def words_of(game: Game) -> st.SearchStrategy[tuple[tuple[Card, ...], ...]]:
    # a Quiddler word holds 2 cards or more: "qu" alone would be the QU card or a Q and a U
    word = st.lists(cards_of(game), min_size=2 if game.has_rounds else 1, max_size=8).map(tuple)
    return st.lists(word, min_size=1, max_size=4).map(tuple)


@pytest.mark.parametrize("kind", list(GAMES))
@given(data=st.data())
def test_format_then_parse_a_play_is_identity(kind: str, data: st.DataObject) -> None:
    game = GAMES[kind]
    words = data.draw(words_of(game))
    text = game.format_play(words)
    assert game.parse_play(text) == words, text


@pytest.mark.parametrize("kind", list(GAMES))
@given(data=st.data())
def test_format_then_parse_a_card_is_identity(kind: str, data: st.DataObject) -> None:
    game = GAMES[kind]
    card = data.draw(cards_of(game))
    assert game.parse_card(game.format_card(card)) == card


@pytest.mark.parametrize(
    ("kind", "words", "text"),
    [
        ("word-thief", [["Ch", "*a", "Ts"]], "Ch*aTs"),
        ("quiddler", [["QU", "I", "T"], ["A", "T"]], "qu-i-t a-t"),
        ("words-and-points", [["*c", "=A", "T"]], "*c=at"),
    ],
)
def test_what_format_play_writes(kind: str, words: list[list[str]], text: str) -> None:
    game = GAMES[kind]
    assert game.format_play([tuple(game.parse_card(t) for t in w) for w in words]) == text


@pytest.mark.parametrize(
    ("kind", "printed", "card"),
    [
        ("word-thief", "ah", Card("A", "h")),
        ("word-thief", "*", Card(WILD)),
        ("quiddler", "qu", Card("QU")),
        ("words-and-points", "*", Card(WILD)),
    ],
)
def test_a_printed_card(kind: str, printed: str, card: Card) -> None:
    game = GAMES[kind]
    assert game.parse_printed(printed, game.deck) == card


@pytest.mark.parametrize(
    ("kind", "printed", "message"),
    [
        ("word-thief", "A", "give the suit"),
        ("word-thief", "1h", "no face"),
        ("quiddler", "*", "no face"),
        ("quiddler", "ZZ", "no face"),
    ],
)
def test_a_printed_card_that_is_not(kind: str, printed: str, message: str) -> None:
    game = GAMES[kind]
    with pytest.raises(MalformedCard, match=message):
        game.parse_printed(printed, game.deck)
