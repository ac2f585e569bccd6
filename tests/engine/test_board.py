"""The board the whole table sees, worked out by the engine for each game (numbers from RULES.md)."""

from __future__ import annotations

from companion.board import board_of
from companion.cards import spell
from companion.chips import Chips

from enginekit import end, hand, make, qd, round_, steal, wp, wt


def test_word_thief_board_scores_chips_locks_turn_and_last_play():
    g = wt("Ann Bob", trump="h")
    g.apply(make("Ann", "Ch Ah Th"))  # CAT all hearts, the trump: C3 A1 T1 = 5, x3 = 15
    g.apply(make("Bob", "Rs Ah Id Nc"))  # RAIN mixed suits: 1+1+1+1 = 4, not locked
    g.apply(steal("Ann", "Bob", "RAIN", "Bd Rs Ah Id Nc"))  # BRAIN: 3+4 = 7, +5 for 5 letters; Bob -4
    b = board_of(g, 7)
    ann, bob = b.players
    # 108 cards, 14 dealt, then 3 + 4 + 1 drawn back to seven
    assert (b.id, b.title, b.facts) == (7, "Word Thief", ("trump: hearts", "draw pile 86"))
    assert (ann.score, bob.score) == (27, 0)
    assert ann.chips == Chips(red=1, blue=1, white=2) and bob.chips == Chips()
    assert [(spell(w.cards), w.locked) for w in ann.words] == [("CAT", True), ("BRAIN", False)]
    assert bob.words == () and (ann.hand, bob.hand) == (7, 7)
    assert b.waiting == ("Bob", "to play") and bob.waited_for and not ann.waited_for
    assert b.last is not None and b.last.summary == "Ann steals BRAIN"
    assert b.last.points == (("Ann", 12), ("Bob", -4))
    assert b.rounds is None and b.result is None and b.events == 3


def test_word_thief_board_names_the_winner_at_the_end():
    g = wt("Ann Bob")
    g.apply(make("Ann", "Ch As Ts"))  # CAT: 5
    g.apply(end(Ann="", Bob="Qd"))  # Bob holds Q: -10
    b = board_of(g, 1)
    assert b.result == "Ann wins" and b.waiting is None and b.facts == ("no trump",)
    assert [(p.name, p.score, p.winner) for p in b.players] == [("Ann", 5, True), ("Bob", -10, False)]


def test_a_tie_has_no_winner():
    g = wt("Ann Bob")
    g.apply(end())
    b = board_of(g, 1)
    assert b.result == "a tie" and not any(p.winner for p in b.players)


def test_quiddler_board_has_the_round_table_and_the_dealer():
    g = qd("Ann Bob")
    # round 1: Ann QU-I-T 14 + most words 10 + longest 10 = 34; Bob holds Z E A: -18, floored to 0
    g.apply(round_("Ann", hand("Ann", ["QU I T"]), hand("Bob", [], "Z E A")))
    # round 2 (4 cards): Bob goes out with CATS: 8+2+3+3 = 16, bonuses +20 = 36; Ann holds A A A A: -8, floored
    g.apply(round_("Bob", hand("Ann", [], "A A A A"), hand("Bob", ["C A T S"])))
    b = board_of(g, 2)
    assert b.rounds is not None and b.rounds.rounds == 8
    assert b.rounds.scores == ({"Ann": 34, "Bob": 0}, {"Ann": 0, "Bob": 36})
    assert [p.score for p in b.players] == [34, 36]
    assert b.waiting == ("Ann", "deals round 3") and b.facts == ("round 3 of 8 · dealer Ann · 5 cards each",)
    assert [spell(w.cards) for w in b.players[1].words] == ["CATS"] and b.players[0].words == ()
    assert all(p.chips is None and p.hand is None for p in b.players)


def test_words_and_points_board_lists_each_players_words():
    g = wp("Ann Bob")
    g.apply(make("Ann", "C A T", game="words-and-points"))
    g.apply(make("Bob", "=C O W", game="words-and-points"))
    b = board_of(g, 3)
    assert [[spell(w.cards) for w in p.words] for p in b.players] == [["CAT"], ["COW"]]
    assert not any(w.locked for p in b.players for w in p.words)
    assert b.waiting == ("Ann", "to play") and b.rounds is None
    # 55 cards, 14 dealt, then C A T and O W drawn back
    assert b.facts == ("draw pile 36",)
