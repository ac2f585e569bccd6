"""Deck files hold what RULES.md says; card tokens, typed notation, the judge and chips."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.cards import Card, spell, suit_of
from companion.chips import ChipMove, Chips
from companion.decks import parse_deck, standard_deck
from companion.cards import read_as
from companion.errors import AmbiguousSpelling, DeckError, IllegalPlay, MalformedCard
from companion.games import Quiddler, WordsAndPoints, WordThief, game_class, new_game
from companion.games.quiddler import splits
from companion.lexicon import House, Lexicon

WT_VALUES = dict(
    A=1,
    B=3,
    C=3,
    D=2,
    E=1,
    F=4,
    G=2,
    H=4,
    I=1,
    J=8,
    K=5,
    L=1,
    M=3,
    N=1,
    O=1,
    P=3,
    Q=10,
    R=1,
    S=1,
    T=1,
    U=1,
    V=4,
    W=4,
    X=8,
    Y=4,
    Z=10,
)
WT_COUNTS = dict(
    A=10,
    B=2,
    C=2,
    D=4,
    E=13,
    F=2,
    G=3,
    H=2,
    I=10,
    J=1,
    K=1,
    L=4,
    M=2,
    N=7,
    O=9,
    P=2,
    Q=1,
    R=7,
    S=4,
    T=6,
    U=4,
    V=2,
    W=2,
    X=1,
    Y=2,
    Z=1,
)
WT_SUITS = {
    "s": "A3 C D E3 F H I2 J L N2 O2 P R2 S T U V X",
    "h": "A3 C D E3 G H I2 K L N2 O2 P R2 S T U V Y",
    "d": "A2 B D E4 G I3 L M N2 O2 Q R S T2 U W Y",
    "c": "A2 B D E3 F G I3 L M N O3 R2 S T2 U W Z",
}
QD = {
    "A": (2, 10),
    "B": (8, 2),
    "C": (8, 2),
    "D": (5, 4),
    "E": (2, 12),
    "F": (6, 2),
    "G": (6, 4),
    "H": (7, 2),
    "I": (2, 8),
    "J": (13, 2),
    "K": (8, 2),
    "L": (3, 4),
    "M": (5, 2),
    "N": (5, 6),
    "O": (2, 8),
    "P": (6, 2),
    "Q": (15, 2),
    "R": (5, 6),
    "S": (3, 4),
    "T": (3, 6),
    "U": (4, 6),
    "V": (11, 2),
    "W": (10, 2),
    "X": (12, 2),
    "Y": (4, 4),
    "Z": (14, 2),
    "CL": (10, 2),
    "ER": (7, 2),
    "IN": (7, 2),
    "QU": (9, 2),
    "TH": (9, 2),
}
WP = {
    "A": (1, 3),
    "B": (3, 1),
    "C": (5, 1),
    "D": (2, 3),
    "E": (1, 8),
    "F": (4, 1),
    "G": (3, 2),
    "H": (4, 1),
    "I": (1, 2),
    "J": (4, 1),
    "K": (3, 2),
    "L": (3, 2),
    "M": (3, 2),
    "N": (1, 4),
    "O": (1, 3),
    "P": (3, 1),
    "Q": (10, 1),
    "R": (2, 3),
    "S": (2, 3),
    "T": (2, 3),
    "U": (4, 2),
    "V": (4, 1),
    "W": (5, 1),
    "X": (8, 1),
    "Y": (8, 1),
    "Z": (4, 1),
}


def test_word_thief_deck_is_the_rules_table():
    deck = standard_deck("word-thief")
    assert deck.size == 108 and deck.count("*") == 4 and deck.value("*") == 0
    assert {f: deck.value(f) for f in WT_VALUES} == WT_VALUES
    per_letter = Counter()
    for (face, _suit), n in deck.counts.items():
        if face != "*":
            per_letter[face] += n
    assert dict(per_letter) == WT_COUNTS
    for suit, line in WT_SUITS.items():
        want = Counter()
        for item in line.split():
            want[item[0]] += int(item[1:] or 1)
        got = {f: n for (f, s), n in deck.counts.items() if s == suit}
        assert got == dict(want) and sum(got.values()) == 26


def test_quiddler_and_words_and_points_decks():
    qd = standard_deck("quiddler")
    assert qd.size == 118 and {f: (qd.value(f), qd.count(f)) for f in QD} == QD and not qd.has_wild
    wp = standard_deck("words-and-points")
    assert wp.size == 55 and {f: (wp.value(f), wp.count(f)) for f in WP} == WP
    assert wp.count("*") == 1 and wp.value("*") == 0


def test_deck_files_are_checked():
    with pytest.raises(DeckError, match="holds 3 cards but says 108"):
        parse_deck({"game": "word-thief", "values": {"A": 1}, "suits": {"s": "A3"}})
    with pytest.raises(DeckError, match="unknown suit"):
        parse_deck({"game": "word-thief", "values": {"A": 1}, "suits": {"x": "A"}, "total": 1})
    with pytest.raises(DeckError, match="no value"):
        parse_deck({"game": "word-thief", "values": {}, "suits": {"s": "A"}, "total": 1})
    with pytest.raises(DeckError, match="game must be"):
        parse_deck({"game": 7})


def test_card_tokens():
    assert WordThief.parse_card("Qd") == Card("Q", "d")
    joker = WordThief.parse_card("*e")
    assert joker.wild and joker.letter == "E" and joker.key == ("*", None) and joker.token == "*e"
    assert Quiddler.parse_card("QU").letter == "QU"
    blank = WordsAndPoints.parse_card("=*e")
    assert blank.table and blank.wild and blank.token == "=*e"
    for bad, game in [
        ("qd", "word-thief"),
        ("Q", "word-thief"),
        ("*", "word-thief"),
        ("qu", "quiddler"),
        ("QUI", "quiddler"),
        ("==A", "words-and-points"),
        ("*E", "words-and-points"),
    ]:
        with pytest.raises(MalformedCard):
            game_class(game).parse_card(bad)


def test_spell_and_suit():
    word = tuple(WordThief.parse_card(t) for t in ["Ch", "*a", "Th"])
    assert spell(word) == "CAT" and suit_of(word) == "h"
    assert suit_of(tuple(WordThief.parse_card(t) for t in ["*a", "*t"])) is None
    assert suit_of(tuple(WordThief.parse_card(t) for t in ["Ch", "As"])) is None


def test_typed_notation():
    wt, qd, wp = (new_game(kind, ["Ann", "Bob"]) for kind in ("word-thief", "quiddler", "words-and-points"))
    [cat] = wt.parse_play("cat/h")
    assert [c.token for c in cat] == ["Ch", "Ah", "Th"]
    [w] = wt.parse_play("c*at/hs")
    assert [c.token for c in w] == ["Ch", "*a", "Ts"]
    assert len(wt.parse_play("cat/h ox/ds")) == 2
    with pytest.raises(MalformedCard, match="needs its suits"):
        wt.parse_play("cat")
    with pytest.raises(MalformedCard, match="3 suited cards but 2 suits"):
        wt.parse_play("cat/hs")
    assert splits("quit", qd.deck) == [["Q", "U", "I", "T"], ["QU", "I", "T"]]
    with pytest.raises(AmbiguousSpelling) as info:
        qd.parse_play("quit")
    assert info.value.options == [["Q", "U", "I", "T"], ["QU", "I", "T"]]
    [quit_] = qd.parse_play("qu-i-t")
    assert [c.face for c in quit_] == ["QU", "I", "T"]
    # a hand of 3 cards (round 1) cannot hold Q-U-I-T: the one spelling left is taken
    [quit_] = qd.parse_play("quit", max_cards=3)
    assert [c.face for c in quit_] == ["QU", "I", "T"]
    with pytest.raises(AmbiguousSpelling) as info:
        qd.parse_play("thin", max_cards=3)
    assert ["T", "H", "I", "N"] not in info.value.options and len(info.value.options) == 3
    with pytest.raises(MalformedCard, match="QUITE takes at least 4 cards but a hand holds 3 this round"):
        qd.parse_play("quite", max_cards=3)
    [w] = wp.parse_play("c=at")
    assert [c.token for c in w] == ["C", "=A", "T"]
    assert [c.token for c in wp.parse_cards("*cat")] == ["*c", "A", "T"]


def test_lexicon_and_house_list():
    house = House.of({"accept": ["qx"], "ban": ["cat"]})
    lex = Lexicon.load(house=house)
    assert lex.is_word("dog") and lex.is_word("QX") and not lex.is_word("CAT") and not lex.is_word("XQZ")
    # a play of several words is VALID only if every word is
    assert lex.judge(["DOG", "QX"]) and not lex.judge(["DOG", "XQZ"]) and not lex.judge([])
    house = house.ruling("cat", True)
    assert Lexicon.load(house=house).is_word("CAT") and house == House(frozenset({"CAT", "QX"}))
    with pytest.raises(IllegalPlay, match="a word is 2 or more plain letters"):
        house.ruling("don't", True)


@pytest.mark.parametrize(
    "score, chips",
    [
        (0, (0, 0, 0)),
        (4, (0, 0, 4)),
        (5, (0, 1, 0)),
        (19, (0, 3, 4)),
        (20, (1, 0, 0)),
        (47, (2, 1, 2)),
        (-12, (0, 0, 0)),
    ],
)
def test_fewest_chips_reds_then_blues_then_whites(score, chips):
    c = Chips.for_score(score)
    assert (c.red, c.blue, c.white) == chips
    assert c.total == max(score, 0)


def test_chip_moves_make_change():
    # 4 (four whites) -> 5 (one blue): return 4 whites, take a blue
    move = ChipMove.between(4, 5)
    assert (move.red, move.blue, move.white) == (0, 1, -4)
    assert move.describe() == "pays 4 white, gets 1 blue back"
    assert ChipMove.between(20, 2).describe() == "pays 1 red, gets 2 white back"
    assert ChipMove.between(0, 18).describe() == "takes 3 blue, 3 white"
    # 5 -> 3: return a blue, take back three whites (RULES.md's "making change")
    assert ChipMove.between(5, 3) == ChipMove(0, -1, 3)
    # 23 -> 40: return 3 whites, take a red (20 + 0 + 3 -> 40 + 0 + 0)
    assert ChipMove.between(23, 40) == ChipMove(1, 0, -3)
    # going into debt returns everything and takes nothing
    assert ChipMove.between(7, -3) == ChipMove(0, -1, -2)
    assert not ChipMove.between(-3, -8) and ChipMove.between(-3, -8).describe() == "no chips move"
    assert ChipMove.between(0, 26).describe() == "takes 1 red, 1 blue, 1 white"


def test_a_lone_quiddler_card_in_hand_is_one_card():
    cards = new_game("quiddler", ["Ann", "Bob"]).parse_cards("qu z e")
    assert [c.face for c in cards] == ["QU", "Z", "E"]


def test_a_joker_suit_count_mismatch_names_the_players_word_and_the_fix():
    with pytest.raises(
        MalformedCard,
        match=r"a joker takes no suit, so BR\*AD has 3 suited cards \(B R D; \*A is "
        r"the joker\) but 4 suits: type br\*ad/csd, or br\*ad/c for all",
    ):
        new_game("word-thief", ["Ann", "Bob"]).parse_play("br*ad/cshd")
    assert read_as("br*ad/cshd c=at") == "B R *A D   C =A T"
