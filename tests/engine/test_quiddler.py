"""Quiddler rules of RULES.md with hand-worked numbers.

Values: A2 B8 C8 D5 E2 F6 G6 H7 I2 J13 K8 L3 M5 N5 O2 P6 Q15 R5 S3 T3 U4 V11 W10 X12 Y4 Z14 CL10 ER7 IN7 QU9 TH9.
"""

from __future__ import annotations

import pytest

from companion.errors import DeckError, IllegalPlay, SetupError, UnknownPlayer
from companion.events import Challenge, HouseWord

from enginekit import end, hand, qd, round_


def refused(game, event, match: str, error=IllegalPlay) -> None:
    before = (game.scores, game.state.rounds, len(game.events))
    with pytest.raises(error, match=match):
        game.apply(event)
    assert (game.scores, game.state.rounds, len(game.events)) == before


def test_round_sizes_and_dealer_rotation():
    g = qd("Ann Bob Cid")
    # dealer of round r is players[(r-1) % 3]: Ann, Bob, Cid, Ann ...
    assert [g.dealer(r) for r in range(1, 9)] == ["Ann", "Bob", "Cid", "Ann", "Bob", "Cid", "Ann", "Bob"]
    assert g.dealer() == "Ann" and g.round_number == 1
    # round r deals r+2 cards: 3 in round 1, 4 in round 2
    g.apply(round_("Ann", hand("Ann", ["C A T"]), hand("Bob", [], "E E E"), hand("Cid", [], "A A A")))
    assert g.round_number == 2 and g.dealer() == "Bob"
    refused(
        g,
        round_("Ann", hand("Ann", ["C A T"]), hand("Bob", [], "E E E"), hand("Cid", [], "A A A")),
        "round 2 deals 4 cards but Ann shows 3",
    )


def test_two_letter_card_scores_less_than_its_two_letters():
    g = qd()
    # round 1 (3 cards): QU-I-T is 3 cards, 9+2+3 = 14; Bob's Z is left: -14, floored to 0
    out = g.apply(round_("Ann", hand("Ann", ["QU I T"]), hand("Bob", [], "Z E A")))
    # bonuses: Ann is the only one with a word: most words +10, longest (QUIT, 4 letters) +10: 14 + 20 = 34
    assert g.scores == {"Ann": 34, "Bob": 0}
    # Bob: Z 14 + E 2 + A 2 = 18 left: -18, and the ledger says the floor took it to 0
    assert out.lines[1].note == "no words: 0 - 18 left, -18 floored at 0"
    assert "floored" not in out.lines[0].note
    g.apply(round_("Bob", hand("Ann", [], "A A A A"), hand("Bob", ["Q U I T"])))
    # round 2 (4 cards): Q+U+I+T = 15+4+2+3 = 24 (+20 bonuses = 44); Ann 0 - 8 floored to 0
    assert g.scores == {"Ann": 34, "Bob": 44}


def test_bonuses_and_floor_three_players():
    g = qd("Ann Bob Cid")
    out = g.apply(round_("Ann", hand("Ann", ["C A T"]), hand("Bob", ["A T"], "Z"), hand("Cid", [], "E E E")))
    # Ann CAT 8+2+3 = 13; Bob AT 5 - Z 14 = -9; Cid 0 - 6 = -6
    # most words: Ann 1, Bob 1 -> tie, nobody; longest: CAT 3 letters beats AT -> Ann +10
    # floor at 0 after bonuses: Ann 23, Bob 0, Cid 0
    assert g.scores == {"Ann": 23, "Bob": 0, "Cid": 0}
    ann = next(ln for ln in out.lines if ln.player == "Ann")
    assert (ann.word, ann.bonus) == (13, 10)


def test_negative_rounds_option():
    g = qd("Ann Bob Cid", negative_rounds=True)
    g.apply(round_("Ann", hand("Ann", ["C A T"]), hand("Bob", ["A T"], "Z"), hand("Cid", [], "E E E")))
    assert g.scores == {"Ann": 23, "Bob": -9, "Cid": -6}


def filler(g, rounds: int) -> None:
    """Rounds in which the first player goes out with one word of A cards and the others hold E, I ... cards."""
    for _ in range(rounds):
        n = g.round_number + 2
        others = [hand(p, [], " ".join([x] * n)) for p, x in zip(g.players[1:], "EIO")]
        g.apply(round_(g.players[0], hand(g.players[0], [" ".join(["A"] * n)]), *others))


def test_floor_applies_after_the_bonuses():
    g = qd("Ann Bob Cid")
    filler(g, 3)
    before = g.scores
    # round 4, 6 cards: Ann goes out with TEASES 3+2+2+3+2+3 = 15, 6 letters: longest +10 = 25
    # Bob AT 5 - EEEE 8 = -3 -> 0; Cid AT + TO 10 - ZZ 28 = -18, most words (2) +10 = -8 -> 0
    # (a floor before the bonus would have given Cid 10)
    g.apply(
        round_("Ann", hand("Ann", ["T E A S E S"]), hand("Bob", ["A T"], "E E E E"), hand("Cid", ["A T", "T O"], "Z Z"))
    )
    assert {p: g.scores[p] - before[p] for p in before} == {"Ann": 25, "Bob": 0, "Cid": 0}
    g2 = qd("Ann Bob Cid")
    g2.apply(round_("Ann", hand("Ann", ["C A T"]), hand("Bob", ["A T"], "E"), hand("Cid", [], "K E E")))
    # Bob: 5 - 2 = 3, no bonus; Ann CAT 13 + longest 10 = 23; Cid -12 -> 0
    assert g2.scores == {"Ann": 23, "Bob": 3, "Cid": 0}


def _tied_round_one(g) -> None:
    # round 1: Ann goes out with CAT 8+2+3 = 13, Bob lays TOE 3+2+2 = 7: one 3-letter word each, so
    # most words and longest word both tie and nobody takes them
    g.apply(round_("Ann", hand("Ann", ["C A T"]), hand("Bob", ["T O E"])))
    assert g.scores == {"Ann": 13, "Bob": 7}


def test_ties_give_no_bonus_and_one_player_takes_both():
    g = qd()
    _tied_round_one(g)
    g.apply(round_("Ann", hand("Ann", ["A T", "O E"]), hand("Bob", ["T E A"], "E")))
    # round 2: Ann two words (AT 5 + OE 4 = 9) against one: most words +10 = 19;
    # Bob TEA 3+2+2 = 7 - 2 = 5, the longest (3 letters): +10 = 15
    assert g.scores == {"Ann": 13 + 19, "Bob": 7 + 15}
    g.apply(round_("Ann", hand("Ann", ["C A T", "A T"]), hand("Bob", ["T O"], "E E E")))
    # round 3: Ann CAT 13 + AT 5 = 18, most words and longest word both: +20 = 38; Bob 5 - 6 = -1 -> 0
    assert g.scores == {"Ann": 32 + 38, "Bob": 22}


def test_one_players_two_equal_words_are_no_tie():
    g = qd()
    _tied_round_one(g)
    g.apply(round_("Ann", hand("Ann", ["A T", "T O"]), hand("Bob", ["A T"], "E E")))
    # Ann's two 2-letter words do not tie each other, but Bob's AT ties her longest: nobody gets longest;
    # most words: Ann 2 v 1: +10; Ann 5 + 5 + 10 = 20; Bob 5 - 4 = 1
    assert g.scores == {"Ann": 13 + 20, "Bob": 7 + 1}


def test_a_player_with_no_word_takes_no_bonus():
    g = qd()
    g.apply(round_("Ann", hand("Ann", ["A T E"]), hand("Bob", [], "E E E")))
    # Ann alone laid a word: she takes both bonuses, 2+3+2 + 20 = 27; Bob takes none: 0 - 6 -> 0
    assert g.scores == {"Ann": 27, "Bob": 0}
    g = qd("Ann Bob Cid", negative_rounds=True)
    g.apply(round_("Ann", hand("Ann", ["C A T"]), hand("Bob", ["T O E"]), hand("Cid", [], "E E E")))
    # Ann and Bob tie both bonuses; Cid, with no word, does not inherit them: -6
    assert g.scores == {"Ann": 13, "Bob": 7, "Cid": -6}


def _two_rounds(**options):
    g = qd(**options)
    _tied_round_one(g)
    # round 2: Ann AT + TO = 10 with most words; Bob TEA 7 - E 2 = 5 with the longest word
    g.apply(round_("Ann", hand("Ann", ["A T", "T O"]), hand("Bob", ["T E A"], "E")))
    return g


def test_two_players_get_both_bonuses_by_default():
    assert _two_rounds().scores == {"Ann": 13 + 20, "Bob": 7 + 15}


def test_one_bonus_option():
    assert _two_rounds(one_bonus="longest").scores == {"Ann": 13 + 10, "Bob": 7 + 15}
    assert _two_rounds(one_bonus="most").scores == {"Ann": 13 + 20, "Bob": 7 + 5}
    with pytest.raises(SetupError, match="one_bonus"):
        qd(one_bonus="both")


def _challenge_round(**options):
    g = qd(**options)
    _tied_round_one(g)
    # round 2 (4 cards): Ann QU-I-T-E 9+2+3+2 = 16, 5 letters; Bob XQ (not a word) 12+15 = 27, A B left 10: 17
    # most words 1-1 tie; longest Ann (5 letters) +10: Ann 26, Bob 17
    g.apply(round_("Ann", hand("Ann", ["QU I T E"]), hand("Bob", ["X Q"], "A B")))
    assert g.scores == {"Ann": 13 + 26, "Bob": 7 + 17}
    return g


def test_challenge_not_valid_strikes_the_word_and_reworks_bonuses():
    g = _challenge_round()
    out = g.apply(Challenge("Ann", "Bob", "XQ"))
    # XQ struck: Bob 0 - 10 = -10 -> 0 (struck cards are not counted as left over, only A B are);
    # Ann alone has a word now: most words +10 too: 16 + 20 = 36
    assert out.verdict is False
    assert g.scores == {"Ann": 13 + 36, "Bob": 7 + 0}
    assert g.state.rounds[-1].hands[1].words == ()


def test_challenge_not_valid_with_negative_rounds():
    g = qd(negative_rounds=True)
    g.apply(round_("Ann", hand("Ann", ["QU I T"]), hand("Bob", ["X Q"], "A")))
    # Ann 14 + longest 10 = 24 (1 word each: no most-words); Bob 27 - 2 = 25
    assert g.scores == {"Ann": 24, "Bob": 25}
    g.apply(Challenge("Ann", "Bob", "XQ"))
    # Bob 0 - 2 = -2 (XQ's cards count neither way); Ann takes most words too: 34
    assert g.scores == {"Ann": 34, "Bob": -2}


def test_challenge_valid_costs_the_challenger_the_word_value_after_the_floor():
    g = qd("Ann Bob Cid")
    g.apply(round_("Ann", hand("Ann", ["QU I T"]), hand("Bob", ["A T"], "Z"), hand("Cid", [], "E E E")))
    # Ann 14 + longest 10 = 24 (most words tied 1-1 with Bob); Bob 5 - 14 -> 0; Cid -6 -> 0
    assert g.scores == {"Ann": 24, "Bob": 0, "Cid": 0}
    out = g.apply(Challenge("Cid", "Ann", "QUIT"))
    # QUIT is VALID: Cid loses QUIT's value 14 after the floor: 0 - 14 = -14
    assert out.verdict is True
    assert g.scores == {"Ann": 24, "Bob": 0, "Cid": -14}
    assert [ln.penalty for ln in out.lines if ln.player == "Cid"] == [14]


def test_challenge_valid_with_challenger_penalty_option():
    g = qd(challenger_penalty=5)
    g.apply(round_("Ann", hand("Ann", ["QU I T"]), hand("Bob", [], "E E E")))
    g.apply(Challenge("Bob", "Ann", "QUIT"))
    assert g.scores == {"Ann": 34, "Bob": -5}


def test_challenge_uses_the_house_list():
    g = qd(house={"accept": ["XQ"]})
    g.apply(round_("Ann", hand("Ann", ["QU I T"]), hand("Bob", ["X Q"], "A")))
    assert g.apply(Challenge("Ann", "Bob", "XQ")).verdict is True
    g.apply(HouseWord("QUIT", False))
    assert g.apply(Challenge("Bob", "Ann", "QUIT")).verdict is False


def test_challenge_needs_a_word_of_the_latest_round():
    g = qd()
    refused(g, Challenge("Ann", "Bob", "AT"), "no round")
    _tied_round_one(g)
    refused(g, Challenge("Ann"), "names the player and the word")
    refused(g, Challenge("Ann", "Bob", "AT"), "Bob laid no word AT")
    refused(g, Challenge("Ann", "Zed", "AT"), "unknown player", UnknownPlayer)


def test_at_most_eight_rounds():
    g = qd(house={"accept": ["A" * 10]})
    filler(g, 8)
    # the last round deals 10 cards; the game ends after round 8
    assert g.ended and g.round_number == 9
    refused(g, round_("Ann", hand("Ann", ["A T"]), hand("Bob", [], "E E")), "ended")
    # a challenge of the last round still works after the game ended
    assert g.apply(Challenge("Bob", "Ann", "A" * 10)).verdict is True


def test_round_errors():
    g = qd("Ann Bob")
    refused(g, round_("Ann", hand("Ann", ["A T", "E"]), hand("Bob", [], "E E E")), "one card")
    refused(g, round_("Ann", hand("Ann", ["A T"], "E"), hand("Bob", [], "E E E")), "went out")
    refused(g, round_("Ann", hand("Ann", ["C A T"])), "no hand for Bob")
    refused(g, round_("Zed", hand("Ann", ["C A T"]), hand("Bob", [], "E E E")), "unknown player", UnknownPlayer)
    refused(g, round_("Ann", hand("Ann", ["Z Z Z"]), hand("Bob", [], "E E E")), "3 copies of the Z", DeckError)
    refused(g, round_("Ann", hand("Ann", ["C A T"]), hand("Bob", [], "E E EX")), "no EX", DeckError)


def test_end_stops_the_game_without_deductions():
    g = qd()
    g.apply(round_("Ann", hand("Ann", ["C A T"]), hand("Bob", [], "E E E")))
    g.apply(end())
    assert g.ended and g.scores == {"Ann": 33, "Bob": 0} and g.winner() == "Ann"


def test_cannot_challenge_your_own_word():
    g = qd()
    _tied_round_one(g)
    refused(g, Challenge("Ann", "Ann", "CAT"), "his own word")


def test_one_bonus_is_a_two_player_option():
    # RULES.md offers one bonus for two players only; with three both bonuses still apply
    g = qd("Ann Bob Cid", one_bonus="longest")
    filler(g, 1)
    before = g.scores
    g.apply(round_("Ann", hand("Ann", ["A T", "T O"]), hand("Bob", ["T E A"], "E"), hand("Cid", [], "E E E E")))
    # round 2: Ann AT + TO 10 + most words 10 = 20; Bob TEA 7 - 2 + longest 10 = 15; Cid 0 - 8 -> 0
    assert {p: g.scores[p] - before[p] for p in before} == {"Ann": 20, "Bob": 15, "Cid": 0}
