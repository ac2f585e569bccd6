"""Word Thief rules of RULES.md, one worked example each; the numbers are worked out by hand in the comments.

Default deck values: A1 B3 C3 D2 E1 F4 G2 H4 I1 J8 K5 L1 M3 N1 O1 P3 Q10 R1 S1 T1 U1 V4 W4 X8 Y4 Z10, joker 0.
"""

from __future__ import annotations

import pytest

from companion.decks import parse_deck
from companion.errors import DeckError, IllegalPlay, SetupError, UnknownPlayer
from companion.events import Challenge, HouseWord, Pass
from companion.games import WordThief

from enginekit import end, letter_cards, make, pile_runners, steal, steal_many, words_of, wt


def refused(game, event, match: str, error=IllegalPlay) -> None:
    """The event is refused with a message that says why, and the game is exactly as it was."""
    before = (game.scores, dict(game.state.table), dict(game.state.hands), game.state.pile, len(game.events))
    with pytest.raises(error, match=match):
        game.apply(event)
    assert (game.scores, dict(game.state.table), dict(game.state.hands), game.state.pile, len(game.events)) == before


# --- scoring a word -------------------------------------------------------------------------------


def test_locked_in_trump_triples_the_letter_sum():
    g = wt(trump="h")
    out = g.apply(make("Ann", "Ch Ah Th"))
    # CAT in hearts, trump hearts: (3+1+1) x3 = 15, locked
    assert g.scores == {"Ann": 15, "Bob": 0}
    assert out.lines[0].word == 15 and out.lines[0].bonus == 0
    assert g.state.table["Ann"][0].locked


def test_locked_outside_trump_doubles():
    g = wt(trump="s")
    g.apply(make("Ann", "Ch Ah Th"))
    # CAT in hearts, trump spades: (3+1+1) x2 = 10
    assert g.scores["Ann"] == 10


def test_no_trump_option_means_no_suit_is_trump():
    g = wt()
    g.apply(make("Ann", "Ch Ah Th"))
    # locked hearts, nothing is trump: 5 x2 = 10
    assert g.scores["Ann"] == 10


def test_mixed_suits_score_the_plain_letter_sum():
    g = wt(trump="h")
    g.apply(make("Ann", "Ch Ah Ts"))
    # hearts, hearts, spades: not locked, 3+1+1 = 5 x1
    assert g.scores["Ann"] == 5
    assert not g.state.table["Ann"][0].locked


def test_joker_is_worth_nothing_and_does_not_break_a_lock():
    g = wt(trump="h")
    g.apply(make("Ann", "Ch *a Th"))
    # C(3) + joker(0) + T(1) = 4, the non-joker cards are all hearts: locked, trump x3 = 12
    assert g.scores["Ann"] == 12
    assert g.state.table["Ann"][0].locked


def test_a_word_of_jokers_only_is_not_locked():
    g = wt(trump="h")
    g.apply(make("Ann", "*a *t"))
    # AT of two jokers: 0 x1 = 0, no suit, so not locked and open to a steal
    word = g.state.table["Ann"][0]
    assert not word.locked and word.word_points == 0
    g.apply(steal("Bob", "Ann", "AT", "Cs *a *t"))
    assert words_of(g, "Bob") == ["CAT"]


def test_length_bonus_is_added_after_the_multiplier():
    g = wt(trump="h")
    out = g.apply(make("Ann", "Hh Eh Ah Rh Th"))
    # HEART all hearts, trump: letter sum 4+1+1+1+1 = 8, x3 = 24 word points; 5 letters: +5 bonus (not tripled)
    assert (out.lines[0].word, out.lines[0].bonus) == (24, 5)
    assert g.scores["Ann"] == 29


def test_a_joker_counts_as_a_letter_for_the_length_bonus():
    g = wt()
    out = g.apply(make("Ann", "Ps Ld Ah Nc Es *t"))
    # PLANET: 3+1+1+1+1+0 = 7 x1; six letters (the joker is one): +10
    assert (out.lines[0].word, out.lines[0].bonus) == (7, 10)
    assert g.scores["Ann"] == 17


def test_whole_hand_bonus_for_using_all_seven_cards():
    g = wt()
    out = g.apply(make("Ann", "Ps Ld Ah Nc Th Es Sd"))
    # PLANETS: 3+1+1+1+1+1+1 = 9 x1; 7 letters +15; every card of a 7-card hand: +20; total 9 + 35 = 44
    assert (out.lines[0].word, out.lines[0].bonus) == (9, 35)
    assert g.scores["Ann"] == 44
    # hand 7 - 7 = 0, refilled to 7; pile 108 - 14 = 94, less 7 = 87
    assert g.state.hands["Ann"] == 7 and g.state.pile == 87


def test_whole_hand_bonus_needs_every_card_of_a_bigger_hand():
    g = wt()
    g.apply(Pass("Ann"))  # Ann -5, hand 8
    g.apply(Pass("Bob"))
    assert g.state.hands["Ann"] == 8
    out = g.apply(make("Ann", "Ps Ld Ah Nc Th Es Sd"))
    # 7 of 8 cards: no whole-hand bonus; PLANETS 9 + length 15 = 24; Ann -5 + 24 = 19
    assert out.lines[0].bonus == 15 and g.scores["Ann"] == 19
    g.apply(Pass("Bob"))
    g2 = wt()
    g2.apply(Pass("Ann"))
    g2.apply(Pass("Bob"))
    out = g2.apply(make("Ann", "Ps Ld Ah Nc Th Es Rs Sd"))
    # PLANTERS from a hand of 8: 3+1+1+1+1+1+1+1 = 10; 8 letters +20; whole hand of 8 (>= 7) +20; -5 + 50 = 45
    assert (out.lines[0].word, out.lines[0].bonus) == (10, 40)
    assert g2.scores["Ann"] == 45


def _small_deck() -> WordThief:
    # 20 cards: two players are dealt 14, the pile holds 6
    deck = parse_deck(
        {
            "game": "word-thief",
            "name": "small",
            "total": 20,
            "values": {"A": 1, "C": 3, "T": 1, "E": 1},
            "suits": {"s": "A3 C T3 E3", "h": "A3 C T3 E3"},
        }
    )
    return WordThief(["Ann", "Bob"], {}, deck=deck)


def test_no_whole_hand_bonus_for_a_hand_under_seven():
    g = _small_deck()
    assert g.state.pile == 6
    g.apply(make("Ann", "Cs As Th"))  # hand 4, draws 3: pile 3
    g.apply(make("Bob", "Ts Es Ah Th Eh"))  # hand 2, draws the last 3: hand 5, pile 0
    assert g.state.hands == {"Ann": 7, "Bob": 5} and g.state.pile == 0
    g.apply(Pass("Ann"))  # the pile is empty: Ann loses 5 and draws nothing
    assert g.state.hands["Ann"] == 7
    out = g.apply(make("Bob", "As Es Ts Ah Eh"))
    # every card of a hand of 5: no whole-hand bonus; 5 x1 + length +5 only
    assert (out.lines[0].word, out.lines[0].bonus) == (5, 5)
    assert g.state.hands["Bob"] == 0


def test_hand_sizes_and_the_pile():
    g = wt("Ann Bob Cid")
    # pile starts at 108 - 7 x 3 = 87
    assert g.state.pile == 87 and g.state.hands == {"Ann": 7, "Bob": 7, "Cid": 7}
    g.apply(make("Ann", "Ch Ah Ts"))  # 7 - 3 = 4, refill to 7: pile 84
    g.apply(Pass("Bob"))  # draws 1: hand 8, pile 83
    g.apply(steal("Cid", "Ann", "CAT", "Ch Ah Ts Sd"))  # 7 - 1 = 6, refill to 7: pile 82
    assert g.state.hands == {"Ann": 7, "Bob": 8, "Cid": 7} and g.state.pile == 82


def test_half_deck_for_two_players():
    assert wt(half_deck=True).state.pile == 54
    with pytest.raises(SetupError, match="two players"):
        wt("Ann Bob Cid", half_deck=True)


def test_a_play_cannot_take_more_cards_than_the_hand_holds():
    g = wt()
    refused(g, make("Ann", "Ps Ld Ah Nc Th Es Rs Sd"), "holds 7 cards but this play takes 8")


# --- turns, pass --------------------------------------------------------------------------------


def test_pass_costs_five_and_draws_one():
    g = wt()
    out = g.apply(Pass("Ann"))
    assert g.scores == {"Ann": -5, "Bob": 0}
    assert out.lines[0].penalty == 5
    assert g.state.hands["Ann"] == 8 and g.state.pile == 93
    assert g.to_play == "Bob"


def test_turns_rotate_in_seating_order():
    g = wt("Ann Bob Cid")
    refused(g, Pass("Bob"), "it is Ann's turn")
    g.apply(Pass("Ann"))
    g.apply(Pass("Bob"))
    assert g.to_play == "Cid"
    refused(g, Pass("Zed"), "unknown player", UnknownPlayer)


def test_one_word_per_make_by_default():
    g = wt()
    refused(g, make("Ann", "Ch Ah Ts", "Od Xs"), "one word per make")


def test_several_words_option():
    g = wt(several_words=True)
    out = g.apply(make("Ann", "Ch Ah Ts", "Od Xs"))
    # CAT 5 + OX (1+8) 9 = 14; 5 cards of 7 used: no whole-hand bonus
    assert g.scores["Ann"] == 14 and len(out.lines) == 2
    assert words_of(g, "Ann") == ["CAT", "OX"]


def test_several_words_whole_hand_bonus_counts_once():
    g = wt(several_words=True)
    g.apply(make("Ann", "Ch Ah Ts", "Od Xs", "Id Tc"))
    # CAT 5 + OX 9 + IT 2 = 16, seven cards from a hand of 7: +20 once = 36
    assert g.scores["Ann"] == 36


def test_a_word_is_two_letters_or_more():
    g = wt()
    refused(g, make("Ann", "Ah"), "too short")


# --- stealing -----------------------------------------------------------------------------------


def test_steal_moves_word_points_and_victim_keeps_bonus():
    g = wt()
    g.apply(make("Ann", "Hs Ed Ac Rs Td"))
    # HEART: 4+1+1+1+1 = 8 word points, +5 length: Ann 13
    assert g.scores["Ann"] == 13
    out = g.apply(steal("Bob", "Ann", "HEART", "Hs Ed Ac Rs Td Sd"))
    # HEARTS: 9 word points + 10 length = 19 to Bob; Ann loses the 8 word points, keeps the 5 bonus
    assert g.scores == {"Ann": 5, "Bob": 19}
    lost = [ln for ln in out.lines if ln.player == "Ann"]
    assert lost[0].lost == 8 and lost[0].total == -8
    assert words_of(g, "Ann") == [] and words_of(g, "Bob") == ["HEARTS"]


def test_steal_may_split_into_two_words():
    g = wt()
    g.apply(make("Ann", "Ch Ah Ts Sd"))  # CATS 6
    g.apply(steal("Bob", "Ann", "CATS", "Ch Ah Ts", "Sd Os"))
    # CAT 5 + SO 2 = 7 to Bob; Ann 6 - 6 = 0
    assert g.scores == {"Ann": 0, "Bob": 7}
    assert words_of(g, "Bob") == ["CAT", "SO"]


def test_steal_can_lock_and_jokers_change_letter():
    g = wt(trump="h")
    g.apply(make("Ann", "*a *t"))
    g.apply(steal("Bob", "Ann", "AT", "Ch *o *t"))
    # the jokers now stand as O and T; COT has only hearts among its naturals: locked, (3+0+0) x3 = 9
    word = g.state.table["Bob"][0]
    assert word.text == "COT" and word.locked and g.scores["Bob"] == 9
    refused(g, steal("Ann", "Bob", "COT", "Ch *o *t Ss"), "locked")


def test_steal_refused_own_word():
    g = wt()
    g.apply(make("Ann", "Ch Ah Ts"))
    g.apply(Pass("Bob"))
    refused(g, steal("Ann", "Ann", "CAT", "Ch Ah Ts Sd"), "own word")


def test_steal_refused_locked_word():
    g = wt()
    g.apply(make("Ann", "Ch Ah Th"))
    refused(g, steal("Bob", "Ann", "CAT", "Ch Ah Th Sd"), "locked")


def test_steal_refused_missing_word():
    g = wt()
    g.apply(make("Ann", "Ch Ah Ts"))
    refused(g, steal("Bob", "Ann", "DOG", "Dh Oh Gh Sd"), "Ann has no word DOG")


def test_steal_refused_when_a_stolen_card_is_left_out():
    g = wt()
    g.apply(make("Ann", "Ch Ah Ts Sd"))
    refused(g, steal("Bob", "Ann", "CATS", "Ch Ah Ts Xs"), "leave out Sd")


def test_steal_refused_without_a_card_from_hand():
    g = wt()
    g.apply(make("Ann", "Ch Ah Ts Sd"))
    refused(g, steal("Bob", "Ann", "CATS", "Ch Ah Sd Ts"), "at least one card from the hand")


def test_steal_refused_when_a_new_word_holds_no_stolen_card():
    g = wt()
    g.apply(make("Ann", "Ch Ah Ts Sd"))
    refused(g, steal("Bob", "Ann", "CATS", "Ch Ah Ts Sd", "Os Xs"), "each new word must hold")


def test_one_steal_per_turn_by_default():
    g = wt("Ann Bob Cid")
    g.apply(make("Ann", "Ch Ah Ts"))
    g.apply(make("Bob", "Od Xs"))
    refused(g, steal_many("Cid", [("Ann", "CAT"), ("Bob", "OX")], "Ch Ah Ts Od Xs Sd"), "one word per steal")


def test_one_steal_per_opponent_option():
    g = wt("Ann Bob Cid", one_steal_per_opponent=True, several_words=True)
    g.apply(make("Ann", "Ch Ah Ts"))
    g.apply(make("Bob", "Od Xs"))
    g.apply(steal_many("Cid", [("Ann", "CAT"), ("Bob", "OX")], "Ch Ah Ts Sd", "Od Xs Ec"))
    # CATS 6 + OXE (1+8+1) 10 = 16 to Cid; Ann 5 - 5 = 0; Bob 9 - 9 = 0
    assert g.scores == {"Ann": 0, "Bob": 0, "Cid": 16}
    g.apply(make("Ann", "Id Tc"))  # IT 2
    g.apply(make("Bob", "Ah Ns"))  # AN 2
    refused(g, steal_many("Cid", [("Ann", "IT"), ("Ann", "IT")], "Id Tc Sc"), "one word from each opponent")


def test_steal_takes_the_unlocked_copy_whose_cards_are_used():
    g = wt(several_words=True)
    g.apply(make("Ann", "Ch Ah Th", "Cs As Td"))  # a locked CAT and an unlocked CAT
    g.apply(steal("Bob", "Ann", "CAT", "Cs As Td Sd"))
    assert [w.locked for w in g.state.table["Ann"]] == [True]


def test_steal_between_two_unlocked_copies_takes_the_one_used():
    g = wt(several_words=True)
    g.apply(make("Ann", "Ch Ah Ts", "Cs As Td"))
    g.apply(steal("Bob", "Ann", "CAT", "Cs As Td Sd"))
    left = g.state.table["Ann"]
    assert [c.token for c in left[0].cards] == ["Ch", "Ah", "Ts"]


# --- challenges ---------------------------------------------------------------------------------


def test_challenge_not_valid_takes_the_make_back():
    g = wt()
    g.apply(make("Ann", "Xs Qd Zc"))
    # XQZ: 8+10+10 = 28; Ann's hand 7 - 3 + 3 = 7, pile 94 - 3 = 91
    out = g.apply(Challenge("Bob"))
    # NOT VALID: 28 undone, -5 as for a pass: Ann -5; the 3 cards back to hand (10) and draw 1 (11); pile 90
    assert out.verdict is False
    assert g.scores == {"Ann": -5, "Bob": 0}
    assert g.state.hands["Ann"] == 11 and g.state.pile == 90
    assert words_of(g, "Ann") == []
    # no further turn: it is still Bob's turn
    assert g.to_play == "Bob"


def test_challenge_not_valid_returns_a_stolen_word_with_its_points():
    g = wt()
    g.apply(make("Ann", "Ch Ah Ts"))  # CAT 5
    g.apply(steal("Bob", "Ann", "CAT", "Ch Ah Ts Xs"))  # CATX 13 to Bob, Ann 0
    assert g.scores == {"Ann": 0, "Bob": 13}
    out = g.apply(Challenge("Ann"))
    # CATX NOT VALID: Bob 13 - 13 - 5 = -5; CAT back to Ann with its 5 word points
    assert out.verdict is False
    assert g.scores == {"Ann": 5, "Bob": -5}
    assert words_of(g, "Ann") == ["CAT"] and words_of(g, "Bob") == []
    # Bob: 7 - 1 + 1 = 7, the X back (8), draws 1 (9); pile 94 - 3 - 1 - 1 = 89
    assert g.state.hands["Bob"] == 9 and g.state.pile == 89


def test_challenge_not_valid_undoes_the_bonus_too():
    g = wt()
    g.apply(make("Ann", "Ps Ld Ah Nc Th Es Xs"))  # PLANETX: 3+1+1+1+1+1+8 = 16, +15 +20 = 51
    assert g.scores["Ann"] == 51
    g.apply(Challenge("Bob"))
    assert g.scores["Ann"] == -5


def test_challenge_valid_costs_the_challenger_nothing_by_default():
    g = wt()
    g.apply(make("Ann", "Ch Ah Ts"))
    out = g.apply(Challenge("Bob"))
    assert out.verdict is True
    assert g.scores == {"Ann": 5, "Bob": 0}
    assert words_of(g, "Ann") == ["CAT"]


def test_challenger_penalty_option():
    g = wt(challenger_penalty=5)
    g.apply(make("Ann", "Ch Ah Ts"))
    out = g.apply(Challenge("Bob"))
    assert out.verdict is True and g.scores == {"Ann": 5, "Bob": -5}
    assert out.lines[0].penalty == 5


def test_a_multi_word_play_is_judged_as_a_whole():
    g = wt(several_words=True)
    g.apply(make("Ann", "Ch Ah Ts", "Xs Qd"))
    # CAT is a word, XQ is not: the play is NOT VALID and both words are taken back
    assert g.apply(Challenge("Bob")).verdict is False
    assert words_of(g, "Ann") == [] and g.scores["Ann"] == -5


def test_challenge_targets_the_latest_play_still_standing():
    g = wt()
    g.apply(make("Ann", "Xs Qd Zc"))  # not a word, but nobody challenges now
    g.apply(make("Bob", "Ch Ah Ts"))
    g.apply(Pass("Ann"))
    out = g.apply(Challenge("Ann"))  # targets Bob's CAT, the latest play, even after a pass
    assert out.verdict is True and "CAT" in out.summary


def test_cannot_challenge_your_own_play_or_nothing():
    g = wt()
    refused(g, Challenge("Ann"), "no play")
    g.apply(make("Ann", "Ch Ah Ts"))
    refused(g, Challenge("Ann"), "own play")


def test_challenge_with_a_named_word_must_be_the_latest_play_without_the_option():
    g = wt()
    g.apply(make("Ann", "Xs Qd Zc"))
    g.apply(make("Bob", "Ch Ah Ts"))
    refused(g, Challenge("Bob", "Ann", "XQZ"), "challenge_any")
    out = g.apply(Challenge("Ann", "Bob", "CAT"))
    assert out.verdict is True


def test_house_list_in_the_options():
    g = wt(house={"accept": ["xq"], "ban": ["CAT"]})
    g.apply(make("Ann", "Xs Qd"))
    assert g.apply(Challenge("Bob")).verdict is True
    g.apply(make("Bob", "Ch Ah Ts"))
    assert g.apply(Challenge("Ann")).verdict is False


def test_house_word_event_changes_the_judge_from_then_on():
    g = wt()
    g.apply(make("Ann", "Xs Qd"))
    g.apply(HouseWord("XQ", True))
    assert g.apply(Challenge("Bob")).verdict is True
    g.apply(HouseWord("xq", False))
    assert g.apply(Challenge("Bob")).verdict is False
    with pytest.raises(IllegalPlay, match="house list"):
        g.apply(HouseWord("X", True))


# --- challenge_any option -----------------------------------------------------------------------


def test_challenge_any_takes_back_an_older_make():
    g = wt(challenge_any=True)
    g.apply(make("Ann", "Xs Qd Zc"))  # XQZ 28, hand 7, pile 91
    g.apply(make("Bob", "Ch Ah Ts"))  # CAT 5, pile 88
    out = g.apply(Challenge("Bob", "Ann", "XQZ"))
    # Ann: 28 - 28 - 5 = -5, the 3 cards back (10) and draws 1 (11), pile 87; Bob's CAT stays
    assert out.verdict is False
    assert g.scores == {"Ann": -5, "Bob": 5}
    assert words_of(g, "Ann") == [] and words_of(g, "Bob") == ["CAT"]
    assert g.state.hands["Ann"] == 11 and g.state.pile == 87
    # the latest play is still Bob's CAT
    assert g.apply(Challenge("Ann")).verdict is True


def test_challenge_any_valid_word_costs_the_challenger_the_penalty_option():
    g = wt(challenge_any=True, challenger_penalty=5)
    g.apply(make("Ann", "Ch Ah Ts"))
    g.apply(make("Bob", "Od Xs"))
    out = g.apply(Challenge("Bob", "Ann", "CAT"))
    assert out.verdict is True and g.scores == {"Ann": 5, "Bob": 4}


def test_challenge_any_on_a_word_made_by_a_steal_undoes_the_steal():
    g = wt("Ann Bob Cid", challenge_any=True)
    g.apply(make("Ann", "Ch Ah Ts"))  # CAT 5
    g.apply(steal("Bob", "Ann", "CAT", "Ch Ah Ts Xs"))  # CATX 13, Ann 0
    g.apply(make("Cid", "Od Yh"))  # OY 1+4 = 5
    out = g.apply(Challenge("Cid", "Bob", "CATX"))
    # CATX NOT VALID: Bob 13 - 13 - 5 = -5, CAT returns to Ann with its 5 points
    assert out.verdict is False
    assert g.scores == {"Ann": 5, "Bob": -5, "Cid": 5}
    assert words_of(g, "Ann") == ["CAT"] and words_of(g, "Bob") == [] and words_of(g, "Cid") == ["OY"]


def test_challenge_any_refuses_a_word_not_on_the_table():
    g = wt(challenge_any=True)
    g.apply(make("Ann", "Ch Ah Ts"))
    g.apply(steal("Bob", "Ann", "CAT", "Ch Ah Ts Sd"))
    refused(g, Challenge("Bob", "Ann", "CAT"), "Ann has no word CAT")
    refused(g, Challenge("Bob", "Bob", "CATS"), "own")


# --- end of game, deck conservation, chips --------------------------------------------------------


def test_end_deducts_the_cards_left_in_hand():
    g = wt()
    g.apply(make("Ann", "Ch Ah Ts"))  # 5
    out = g.apply(end(Ann="Qd Zc *e", Bob="Kh"))
    # Ann: 5 - (10 + 10 + 0) = -15; Bob: 0 - 5 = -5
    assert g.scores == {"Ann": -15, "Bob": -5}
    assert {ln.player: ln.deduction for ln in out.lines} == {"Ann": 20, "Bob": 5}
    assert g.ended and g.to_play is None
    assert g.winner() == "Bob"
    refused(g, Pass("Bob"), "ended")


def test_end_before_the_pile_is_empty_and_missing_players_deduct_nothing():
    g = wt("Ann Bob Cid")
    g.apply(make("Ann", "Ch Ah Ts"))
    g.apply(end(Bob="Qd"))
    assert g.scores == {"Ann": 5, "Bob": -10, "Cid": 0}


def test_more_copies_than_the_deck_holds_on_the_table():
    g = wt()
    g.apply(make("Ann", "Qd Is"))  # the only Q of diamonds
    refused(g, make("Bob", "Qd Is"), "2 copies of the Q of diamonds", DeckError)


def test_five_jokers_are_one_too_many():
    g = wt(several_words=True)
    g.apply(make("Ann", "*a *t", "*o *x"))
    refused(g, make("Bob", "*a Ts"), "5 copies of the wild card", DeckError)


def test_conservation_at_end_counts_the_hands():
    g = wt()
    g.apply(make("Ann", "Qd Is"))
    refused(g, end(Bob="Qd"), "2 copies", DeckError)


def test_a_card_the_deck_lacks():
    g = wt()
    refused(g, make("Ann", "Bs Es"), "no B of spades", DeckError)


def test_chips_after_a_play_make_change():
    g = wt(trump="h")
    out = g.apply(make("Ann", "Ch Ah Th"))
    # 15 points: 3 blue chips
    assert g.chips("Ann").as_dict() == {"red": 0, "blue": 3, "white": 0}
    assert out.chips["Ann"].blue == 3 and not out.chips["Bob"]
    out = g.apply(Pass("Bob"))  # Bob is at -5: a debt, no chips
    assert g.chips("Bob").total == 0 and not out.chips["Bob"]
    out = g.apply(make("Ann", "Od Xs"))
    # 15 + 9 = 24: one red, four whites; Ann returns 3 blues and takes 1 red and 4 whites
    assert g.chips("Ann").as_dict() == {"red": 1, "blue": 0, "white": 4}
    assert (out.chips["Ann"].red, out.chips["Ann"].blue, out.chips["Ann"].white) == (1, -3, 4)


def test_design_example_log():
    from enginekit import DESIGN_LOG

    from companion.gamelog import import_log, summary

    g = import_log(DESIGN_LOG)
    # Ann makes CAT (hearts, hearts, spades: not locked): 3+1+1 = 5
    # Bob steals it as CATS: 3+1+1+1 = 6; Ann loses 5 -> 0
    # Ann passes: -5; Ann challenges CATS: a word, VALID, the challenger loses nothing (default)
    # end: Ann holds the Q of diamonds, 10: Ann -15; Bob 6
    # chips: Bob 6 = 1 blue + 1 white; Ann is in debt: none
    assert summary(g) == {
        "scores": {"Ann": -15, "Bob": 6},
        "winner": "Bob",
        "chips": {"Ann": {"red": 0, "blue": 0, "white": 0}, "Bob": {"red": 0, "blue": 1, "white": 1}},
    }
    # pile: 108 - 14 = 94; Ann refills 3 (91), Bob 1 (90), the pass draws 1 (89)
    assert g.state.pile == 89 and g.state.hands == {"Ann": 8, "Bob": 7}


def test_challenge_any_refuses_a_play_partly_stolen_since():
    g = wt(challenge_any=True, several_words=True)
    g.apply(make("Ann", "Ch Ah Ts", "Od Xs"))
    g.apply(steal("Bob", "Ann", "OX", "Od Xs Ec"))
    refused(g, Challenge("Bob", "Ann", "CAT"), "stolen since")


def test_whole_hand_bonus_on_a_steal():
    g = wt()
    g.apply(make("Ann", "Ah Ts"))  # AT 2
    out = g.apply(steal("Bob", "Ann", "AT", "Ah Ts Ps Ld Ac Nc Es Rs Sd"))
    # all 7 of Bob's cards plus the stolen A and T: 9 letters, 1+1+3+1+1+1+1+1+1 = 11 x1;
    # length 5 x (9 - 4) = +25, whole hand +20: bonus 45; Bob 56; Ann 2 - 2 = 0
    assert (out.lines[0].word, out.lines[0].bonus) == (11, 45)
    assert g.scores == {"Ann": 0, "Bob": 56}


def test_check_can_and_preview_leave_the_game_alone():
    g = wt(trump="h")
    event = make("Ann", "Ch Ah Th")
    assert g.can(event) and not g.can(Pass("Bob"))
    assert g.preview(event).after == {"Ann": 15, "Bob": 0}
    g.check(event)
    with pytest.raises(IllegalPlay):
        g.check(Pass("Bob"))
    assert g.events == [] and g.scores == {"Ann": 0, "Bob": 0} and g.state.pile == 94


# --- the game ends itself: the pile is empty and a player holds no cards --------------------------


def run_out(game: WordThief) -> None:
    """Nine seven-card makes of a two-player half-deck game: the pile runs out, then Ann's hand."""
    for i, tokens in enumerate(pile_runners()):
        game.apply(make(game.players[i % 2], " ".join(tokens)))


def test_the_game_is_over_when_the_pile_is_empty_and_a_hand_is_used_up():
    g = wt(half_deck=True)
    run_out(g)
    # 54 = 7 refills of 7 + Bob's last refill of 5; Ann's ninth play uses her 7 with nothing to draw
    assert g.state.pile == 0 and g.state.hands == {"Ann": 0, "Bob": 5}
    assert g.end_due() == "the draw pile is empty and Ann holds no cards"
    assert g.to_play == "Bob" and not g.ended
    refused(g, Pass("Bob"), "Ann holds no cards: the game is over; only a challenge of the latest play or the end")
    refused(g, make("Bob", "Ch Ah Ts"), "the game is over")
    g.apply(end(Bob=" ".join(letter_cards()[63:68])))  # five cards the table has not laid
    assert g.ended and g.end_due() is None


def test_a_challenge_of_the_last_play_reopens_the_game():
    g = wt(half_deck=True)
    run_out(g)
    before = g.scores
    out = g.apply(Challenge("Bob"))  # seven cards of nonsense: NOT VALID, back to Ann's hand, no card to draw
    assert g.state.hands == {"Ann": 7, "Bob": 5} and out.lines[-1].note == "failed play: loses 5 as for a pass"
    assert g.end_due() is None
    g.apply(Pass("Bob"))  # nothing to draw: -5, the hand stays at 5
    assert g.state.hands["Bob"] == 5 and g.scores["Bob"] == before["Bob"] - 5


def test_once_over_only_the_latest_play_may_be_challenged():
    g = wt(half_deck=True, challenge_any=True)
    run_out(g)
    first = g.state.table["Ann"][0].text
    refused(g, Challenge("Bob", "Ann", first), "Ann holds no cards: only the latest play may still be challenged")


def test_hand_sizes_are_known():
    g = wt(half_deck=True)
    assert g.hand_sizes() == {"Ann": 7, "Bob": 7}
    g.apply(Pass("Ann"))
    assert g.hand_sizes() == {"Ann": 8, "Bob": 7}


# --- cards a challenge hands back stay in the deck check until played again ------------------------


def test_cards_handed_back_by_a_challenge_count_in_the_deck_check():
    g = wt()
    g.apply(make("Ann", "Zc Od"))  # ZO is NOT VALID
    g.apply(Challenge("Bob"))  # the O of diamonds goes back to Ann's hand
    g.apply(make("Bob", "Dh Od"))  # the deck's second O of diamonds: one on the table, one in Ann's hand
    g.apply(Pass("Ann"))
    refused(g, make("Bob", "Gd Od Ds"), "3 copies of the O of diamonds", DeckError)
    refused(g, end(Bob="Od"), "3 copies of the O of diamonds", DeckError)
    g.apply(end(Ann="Od Zc"))  # Ann shows the card she took back: counted once


def test_a_card_handed_back_may_be_played_again_once():
    g = wt()
    g.apply(make("Ann", "Zc Od"))
    g.apply(Challenge("Bob"))
    g.apply(make("Bob", "Dh Od"))
    g.apply(make("Ann", "Od Nd"))  # her own O of diamonds, laid again: ON
    assert g.state.returned["Ann"] == {("Z", "c"): 1}  # the Z is still in her hand
    refused(g, make("Bob", "Gd Od Ds"), "3 copies of the O of diamonds", DeckError)


def test_a_failed_steal_hands_the_thiefs_cards_back():
    g = wt()
    g.apply(make("Ann", "Ch Ah Ts"))
    g.apply(steal("Bob", "Ann", "CAT", "Ch Ah Ts Xs"))  # CATX is NOT VALID
    g.apply(Challenge("Ann"))  # CAT goes back to Ann, the X of spades to Bob's hand
    assert words_of(g, "Ann") == ["CAT"] and g.state.hands["Bob"] == 9  # 7, the X back, 1 drawn
    g.apply(Pass("Ann"))
    g.apply(Pass("Bob"))
    refused(g, make("Ann", "Ad Xs"), "2 copies of the X of spades", DeckError)


def test_the_end_dialog_needs_exactly_the_hands_the_ledger_knows():
    g = wt()
    g.apply(make("Ann", "Ch Ah Ts"))
    g.apply(Pass("Bob"))  # Bob holds 8
    with pytest.raises(IllegalPlay, match="Ann holds 7 cards; 2 given"):
        g.check_hands_shown(end(Ann="Qd Zc", Bob="Es Eh Ed Ec Ss Sh Sd Sc"))
    with pytest.raises(IllegalPlay, match="Bob holds 8 cards; 0 given"):
        g.check_hands_shown(end(Ann="Qd Zc Es Eh Ed Ec Ss"))
    g.check_hands_shown(end(Ann="Qd Zc Es Eh Ed Ec Ss", Bob="Is Ih Id Ic Ns Nh Nd Nc"))
    g.apply(end(Ann="Qd Zc"))  # a log may show fewer: the table stops as it likes
