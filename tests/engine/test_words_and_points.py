"""Words And Points (Multi Playing Cards rule 16) with hand-worked numbers.

Values: A1 B3 C5 D2 E1 F4 G3 H4 I1 J4 K3 L3 M3 N1 O1 P3 Q10 R2 S2 T2 U4 V4 W5 X8 Y8 Z4, blank 0.
"""

from __future__ import annotations

import pytest

from companion.errors import DeckError, IllegalPlay, SetupError
from companion.events import Challenge, Pass

from enginekit import end, make, wp

G = "words-and-points"


def m(player: str, *words: str):
    return make(player, *words, game=G)


def refused(game, event, match: str, error=IllegalPlay) -> None:
    before = (game.scores, game.state.plays, dict(game.state.hands), game.state.pile, len(game.events))
    with pytest.raises(error, match=match):
        game.apply(event)
    assert (game.scores, game.state.plays, dict(game.state.hands), game.state.pile, len(game.events)) == before


def test_deck_values_and_size():
    g = wp()
    assert g.deck.size == 55
    assert [g.deck.value(f) for f in "AQXYZ"] == [1, 10, 8, 8, 4]
    assert g.deck.count("E") == 8 and g.deck.count("*") == 1 and g.deck.value("*") == 0


def test_words_score_every_letter_including_table_letters():
    g = wp()
    g.apply(m("Ann", "C A T"))
    # CAT: 5+1+2 = 8; the first word needs no = letter
    assert g.scores == {"Ann": 8, "Bob": 0}
    g.apply(m("Bob", "=C A R"))
    # CAR built on the table's C: 5+1+2 = 8, the C counted again
    assert g.scores == {"Ann": 8, "Bob": 8}
    g.apply(m("Ann", "=T *o"))
    # TO with the blank as O: 2+0 = 2
    assert g.scores["Ann"] == 10
    g.apply(m("Bob", "=*o X"))
    # OX on the blank standing as O: 0+8 = 8
    assert g.scores["Bob"] == 16


def test_hands_and_pile():
    g = wp("Ann Bob Cid")
    # 55 - 21 = 34 in the pile
    assert g.state.pile == 34
    g.apply(m("Ann", "C A T"))  # 3 from hand, refill 3: pile 31
    g.apply(m("Bob", "=C A R"))  # 2 from hand: pile 29
    assert g.state.pile == 29 and g.state.hands == {"Ann": 7, "Bob": 7, "Cid": 7}


def test_later_words_need_a_table_letter():
    g = wp()
    g.apply(m("Ann", "C A T"))
    refused(g, m("Bob", "D O G"), "must use a letter already on the table")


def test_the_table_letter_must_be_on_the_table():
    g = wp()
    g.apply(m("Ann", "C A T"))
    refused(g, m("Bob", "=Z O O"), "no Z on the table")
    # the blank on the table stands as O: it is =*o, not =O
    g.apply(m("Bob", "=T *o"))
    refused(g, m("Ann", "=O X"), "no O on the table")


def test_the_first_word_has_no_table_letters():
    g = wp()
    refused(g, m("Ann", "=C A T"), "the table is empty")


def test_a_play_lays_a_card_from_hand():
    g = wp()
    g.apply(m("Ann", "C A T"))
    refused(g, m("Bob", "=C =A =T"), "at least one card from the hand")


def test_pass_costs_nothing():
    g = wp()
    out = g.apply(Pass("Ann"))
    assert g.scores == {"Ann": 0, "Bob": 0} and out.lines == ()
    assert g.to_play == "Bob" and g.state.hands["Ann"] == 7 and g.state.pile == 41


def test_challenge_not_valid_is_taken_back_without_penalty():
    g = wp()
    g.apply(m("Ann", "Q X"))  # 10+8 = 18, hand 7 - 2 + 2 = 7, pile 39
    out = g.apply(Challenge("Bob"))
    assert out.verdict is False
    assert g.scores == {"Ann": 0, "Bob": 0}
    # the two cards go back to Ann's hand; no draw, no penalty
    assert g.state.hands["Ann"] == 9 and g.state.pile == 39
    # the table is empty again: the next word needs no = letter
    g.apply(m("Bob", "C A T"))
    assert g.scores["Bob"] == 8


def test_challenge_valid_and_challenger_penalty():
    g = wp()
    g.apply(m("Ann", "C A T"))
    assert g.apply(Challenge("Bob")).verdict is True
    assert g.scores == {"Ann": 8, "Bob": 0}
    g = wp(challenger_penalty=5)
    g.apply(m("Ann", "C A T"))
    g.apply(Challenge("Bob"))
    assert g.scores == {"Ann": 8, "Bob": -5}


def test_challenge_judges_the_latest_play_and_the_house_list():
    g = wp(house={"ban": ["CAT"]})
    g.apply(m("Ann", "C A T"))
    refused(g, Challenge("Ann"), "own play")
    assert g.apply(Challenge("Bob")).verdict is False


def test_bad_luck_blank_option():
    g = wp(bad_luck_blank=True)
    refused(g, m("Ann", "*c A T"), "bad-luck")
    g.apply(m("Ann", "C A T"))


def test_no_hand_deduction_at_the_end():
    g = wp()
    g.apply(m("Ann", "C A T"))
    g.apply(end(G, Ann="Q X", Bob="Z"))
    # Words And Points deducts nothing for cards in hand: Ann keeps 8
    assert g.scores == {"Ann": 8, "Bob": 0} and g.ended and g.winner() == "Ann"


def test_deck_conservation():
    g = wp()
    g.apply(m("Ann", "C A T"))
    refused(g, m("Bob", "=A C E"), "2 copies of the C", DeckError)
    refused(g, end(G, Bob="C"), "2 copies of the C", DeckError)


def test_two_to_four_players():
    with pytest.raises(SetupError, match="2 to 4"):
        wp("Ann Bob Cid Dan Eve")
    with pytest.raises(SetupError, match="2 to 4"):
        wp("Ann")


def test_a_challenge_that_names_a_word_must_name_the_latest_play():
    g = wp()
    g.apply(m("Ann", "C A T"))
    g.apply(m("Bob", "=C A R"))
    refused(g, Challenge("Ann", "Ann", "CAT"), "latest play, Bob.s CAR")
    assert g.apply(Challenge("Ann", "Bob", "car")).verdict is True
