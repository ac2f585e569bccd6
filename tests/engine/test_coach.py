"""The coach: best Quiddler hands worked out by hand, Words And Points' best word, Word Thief steals, reviews."""

from __future__ import annotations

import marshal

from companion.anagrams import Anagrams, anagram_index
from companion.cards import spell
from companion.paths import data_dir
from tests.engine.enginekit import cards, hand, make, qd, round_, steal, wp, wt


def best(text: str, out: bool = False):
    return qd().best_hand(cards(text, "quiddler"), out=out)


def test_two_letter_card_changes_the_best_hand():
    # E R A T as four cards: RATE (or TARE, TEAR) takes them all: 2+5+2+3 = 12, longest 4.
    single = best("E R A T", out=True)
    assert single.score == 12 and single.longest == 4 and not single.left
    assert spell(single.words[0]) in {"RATE", "TARE", "TEAR"}
    # With the ER card the E must come straight before the R: no RATE, TARE or TEAR.
    # ER-A (ERA) = 7+2 = 9, T left 3: 9 - 3 = 6; AT with ER left would be 5 - 7 = -2.
    er = best("ER A T")
    assert [[c.face for c in w] for w in er.words] == [["ER", "A"]]
    assert [c.face for c in er.left] == ["T"] and er.score == 6 and er.longest == 3
    assert best("ER A T", out=True) is None  # no word takes ER, A and T together


def test_q_without_u_and_going_out_impossible():
    # Q I T A: QAT = 15+2+3 = 20 with I (2) left: 18. ENABLE has no QI, so no word takes the I as well.
    b = best("Q I T A")
    assert spell(b.words[0]) == "QAT" and [c.face for c in b.left] == ["I"] and b.score == 18
    assert best("Q I T A", out=True) is None
    # Q A I D: QAID takes every card: 15+2+2+5 = 24, and so goes out.
    assert spell(best("Q A I D", out=True).words[0]) == "QAID" and best("Q A I D", out=True).score == 24


def test_the_qu_card_is_worth_less_than_q_and_u():
    # QUIT from QU-I-T is 9+2+3 = 14; from Q-U-I-T it is 15+4+2+3 = 24 (RULES.md: Q+U 19, QU 9).
    assert best("QU I T").score == 14 and best("Q U I T").score == 24


def test_ties_go_to_the_longer_longest_word():
    # S O O N: SOON and SO + ON both score 3+2+2+5 = 12 with nothing left; SOON's 4 letters win.
    b = best("S O O N")
    assert b.score == 12 and b.longest == 4 and len(b.words) == 1


def test_no_word_at_all_deducts_the_whole_hand():
    b = best("Z Q X")
    assert not b.words and b.score == -(14 + 15 + 12) and b.longest == 0


def test_words_and_points_best_word_through_one_table_letter():
    game = wp()
    # An empty table: the hand alone. C A T S: CATS (or ACTS, CAST, SCAT) = 5+1+2+2 = 10.
    first = game.best_hand(cards("C A T S", "words-and-points"))
    assert first.score == 10 and first.longest == 4 and not first.left
    game.apply(make("Ann", "Z I P", game="words-and-points"))
    # Table Z I P. Hand O O E S through the Z: OOZES = 1+1+4+1+2 = 9, every card of the hand.
    b = game.best_hand(cards("O O E S", "words-and-points"), table=game.table_cards())
    assert spell(b.words[0]) == "OOZES" and b.score == 9 and not b.left
    assert [c.table for c in b.words[0]].count(True) == 1


def test_words_and_points_review_sets_each_word_against_the_best_of_its_cards():
    game = wp()
    game.apply(make("Ann", "Z I P", game="words-and-points"))
    [moment] = game.review()  # Z I P laid from the hand: ZIP (4+1+3 = 8) is the best they make
    assert (moment.player, moment.played, moment.points, moment.best, moment.best_points) == (
        "Ann",
        "ZIP",
        8,
        "Z-I-P",
        8,
    )


def test_steals_of_cart_adding_one_letter():
    # CART = 3+1+1+1 = 6. Adding K: TRACK 6+5 = 11, +5 for 5 letters = 16, the best with one letter.
    (ideas,) = wt().steals_for(["cart"], add=1)
    assert (ideas[0].word, ideas[0].add, ideas[0].letter_sum, ideas[0].length_bonus) == ("TRACK", ("K",), 11, 5)
    assert [i.points for i in ideas] == sorted((i.points for i in ideas), reverse=True)
    assert {"CARTS", "CRATE", "CHART"} <= {i.word for i in ideas}


def test_a_joker_in_the_stolen_word_stands_for_any_letter():
    # Q, a joker and T: the joker may turn into U for QUIT (add I) or stay A for QATS (add S).
    (ideas,) = wt().steals_for(["q*at"], add=1)
    assert {i.word for i in ideas} >= {"QATS", "QUIT"}
    assert all(i.letter_sum == 10 + 1 + 1 for i in ideas)  # Q 10, T 1, the added letter 1, the joker 0


def test_steals_leave_out_letters_the_deck_has_no_more_of():
    # The stand-in deck has one Z: ZA + Z + J = JAZZ would need a second.
    (ideas,) = wt().steals_for(["za"])
    assert "JAZZ" not in {i.word for i in ideas} and "ZAX" in {i.word for i in ideas}


def test_table_steals_skip_own_and_locked_words():
    game = wt()
    game.apply(make("Ann", "Ch Ah Rs Ts"))
    game.apply(make("Bob", "Dh Oh Gh"))  # DOG, all hearts: locked
    # Ann to play: Bob's DOG is locked and CART is her own, so nothing to steal.
    assert game.table_steals() == []
    game.apply(make("Ann", "Ed Rs"))
    assert {i.owner for i in game.table_steals()} == {"Ann"}  # Bob may steal CART or ER


def test_word_thief_review_names_the_strongest_steal_offered():
    game = wt()
    game.apply(make("Ann", "Ch Ah Rs Ts"))
    game.apply(steal("Bob", "Ann", "CART", "Ch Ah Rs Ts Sd"))
    first, second = game.review()
    assert (first.at, first.played, first.note, first.best) == ("turn 1", "made CART", "nothing to steal", "")
    # Bob could have made OXCART: 6 + O 1 + X 8 = 15, +10 for 6 letters = 25. He took CARTS: 7 + 5 = 12.
    assert second.note == "stole" and second.best_points == 25 and "OXCART" in second.best
    assert second.points == 12


def test_quiddler_round_review_sets_each_hand_against_its_best():
    game = qd()
    game.apply(round_("Ann", hand("Ann", ["C A T"]), hand("Bob", [], "E R A")))
    ann, bob = game.round_review(1)
    # Ann laid CAT = 8+2+3 = 13, her best too. Bob laid nothing: -(2+5+2) = -9; ERA would have made +9.
    assert (ann.points, ann.best_points, ann.note) == (13, 13, "went out")
    assert (bob.points, bob.best_points) == (-9, 9) and bob.best.replace("-", "") in {"ERA", "EAR", "ARE"}
    assert game.review() == [ann, bob]


def test_the_anagram_index_is_cached_on_disk_by_the_list_and_rebuilt_when_damaged():
    words = frozenset({"TONE", "NOTE", "ONSET"})
    index = anagram_index.__wrapped__(words)
    assert index.of("ETON") == ("NOTE", "TONE")
    (path,) = data_dir().glob("anagrams-*.marshal")
    assert sorted(marshal.loads(path.read_bytes())["ENOT"]) == ["NOTE", "TONE"]
    path.write_bytes(b"not marshal")
    assert anagram_index.__wrapped__(words).of("SETON") == ("ONSET",)
    assert marshal.loads(path.read_bytes())["ENOST"] == ["ONSET"]  # written again, whole


def test_house_list_rulings_reach_the_coach():
    index = Anagrams.build(["TONE", "NOTE"]).with_house(accepted={"ETON"}, banned={"TONE"})
    assert index.of("NOTE") == ("ETON", "NOTE")
