"""The JSON game log of DESIGN.md: every "It is an error" line gives LogError with its event number
(exit 2 in `companion replay`), and the "is NOT an error" lines replay."""

from __future__ import annotations

import copy

import pytest

from companion.gamelog import LogError, event_from_json, event_to_json, import_log, summary
from companion.text import is_control

from enginekit import letter_cards, pile_runners

WT_HEAD = {"game": "word-thief", "players": ["Ann", "Bob"]}
QD_HEAD = {"game": "quiddler", "players": ["Ann", "Bob"]}
WP_HEAD = {"game": "words-and-points", "players": ["Ann", "Bob"]}


def log(head: dict, *events: dict, **options) -> dict:
    return {**copy.deepcopy(head), "options": options, "events": list(events)}


def fails(data: dict, index: int, match: str) -> LogError:
    with pytest.raises(LogError, match=match) as info:
        import_log(data)
    assert info.value.index == index
    assert str(info.value).startswith(f"event {index}: ")
    return info.value


def mk(player: str, *words: list[str]) -> dict:
    return {"type": "make", "player": player, "words": list(words)}


def st(player: str, victim: str, word: str, *words: list[str]) -> dict:
    return {"type": "steal", "player": player, "from": victim, "word": word, "words": list(words)}


def rnd(out: str, **hands: tuple[list[list[str]], list[str]]) -> dict:
    return {"type": "round", "out": out, "hands": {p: {"words": w, "left": left} for p, (w, left) in hands.items()}}


PASS_ANN = {"type": "pass", "player": "Ann"}
PASS_BOB = {"type": "pass", "player": "Bob"}
CAT = ["Ch", "Ah", "Ts"]


# --- errors that belong to no event ---------------------------------------------------------------


@pytest.mark.parametrize(
    "data, match",
    [
        ({"game": "scrabble", "players": ["Ann", "Bob"], "events": []}, "unknown game"),
        ({"game": ["word-thief"], "players": ["Ann", "Bob"], "events": []}, "unknown game"),
        ({"game": "word-thief", "players": ["Ann", "ann"], "events": []}, "duplicate player"),
        ({"game": "word-thief", "players": ["Ann"], "events": []}, "2 to 4 players"),
        ({"game": "word-thief", "players": "Ann Bob", "events": []}, "players must be a list"),
        ({"game": "word-thief", "players": ["Ann", "Bob"], "options": ["trump"], "events": []}, "options must be"),
        ({"game": "word-thief", "players": ["Ann", "Bob"], "options": {"trump": "x"}, "events": []}, "trump"),
        (
            {"game": "word-thief", "players": ["Ann", "Bob"], "options": {"house": {"accept": [5]}}, "events": []},
            "house",
        ),
        ({"game": "word-thief", "players": ["Ann", "Bob"], "events": {}}, "events must be a list"),
        ([], "JSON object"),
    ],
)
def test_header_errors_are_event_0(data, match):
    fails(data, 0, match)


# --- strict options: an unknown name or a wrong type is event 0; on/off options are JSON booleans ----


@pytest.mark.parametrize(
    "head, options, match",
    [
        (WT_HEAD, {"trmup": "h"}, "unknown option 'trmup' for Word Thief; did you mean trump?"),
        (WT_HEAD, {"negative_rounds": True}, "unknown option 'negative_rounds' for Word Thief"),
        (QD_HEAD, {"trump": "h"}, "unknown option 'trump' for Quiddler"),
        (WP_HEAD, {"half_deck": True}, "unknown option 'half_deck' for Words And Points"),
        (WP_HEAD, {"bad_luck_blank": "false"}, "bad_luck_blank is on or off: write true or false, not 'false'"),
        (WT_HEAD, {"several_words": 1}, "several_words is on or off"),
        (WT_HEAD, {"half_deck": "yes"}, "half_deck is on or off"),
        (WT_HEAD, {"challenge_any": None}, "challenge_any is on or off"),
        (QD_HEAD, {"negative_rounds": 0}, "negative_rounds is on or off"),
        (WT_HEAD, {"trump": 1}, "trump must be one of"),
        (WT_HEAD, {"challenger_penalty": "5"}, "challenger_penalty must be a whole number"),
        (WT_HEAD, {"challenger_penalty": True}, "challenger_penalty must be a whole number"),
        (QD_HEAD, {"one_bonus": True}, "one_bonus must be"),
        (WT_HEAD, {"deck_file": 7}, "deck_file must be the path of a file"),
        (WT_HEAD, {"dictionary": ""}, "dictionary must be the path of a file"),
        (WT_HEAD, {"house": {"acept": ["QI"]}}, "house must look like"),
    ],
)
def test_options_are_strict(head, options, match):
    fails(log(head, **options), 0, match)


def test_a_false_switch_leaves_the_rule_off():
    blank = ["*c", "A", "T"]  # the blank is played: allowed unless bad_luck_blank is on
    assert import_log(log(WP_HEAD, mk("Ann", blank), bad_luck_blank=False)).events
    fails(log(WP_HEAD, mk("Ann", blank), bad_luck_blank=True), 1, "bad-luck card")


# --- malformed cards and unknown players -----------------------------------------------------------


@pytest.mark.parametrize(
    "head, token",
    [
        (WT_HEAD, "ch"),
        (WT_HEAD, "CH"),
        (WT_HEAD, "A"),
        (WT_HEAD, "*E"),
        (WT_HEAD, "Qx"),
        (WT_HEAD, "Qd "),
        (QD_HEAD, "qu"),
        (QD_HEAD, "Q1"),
        (WP_HEAD, "a"),
        (WP_HEAD, "=*E"),
        (WP_HEAD, "Ah"),
    ],
)
def test_malformed_card(head, token):
    if head is QD_HEAD:
        event = rnd("Ann", Ann=([[token, "A", "T"]], []), Bob=([], ["E", "E", "E"]))
    else:
        event = mk("Ann", [token, "Ah" if head is WT_HEAD else "A"])
    fails(log(head, event), 1, "malformed card")


def test_unknown_player():
    fails(log(WT_HEAD, mk("Zed", CAT)), 1, "unknown player 'Zed'")
    fails(log(WT_HEAD, mk("Ann", CAT), st("Bob", "Zed", "CAT", CAT + ["Sd"])), 2, "unknown player 'Zed'")
    fails(log(WT_HEAD, mk("Ann", CAT), {"type": "challenge", "player": "Zed"}), 2, "unknown player")
    fails(log(WT_HEAD, {"type": "end", "hands": {"Zed": []}}), 1, "unknown player")
    fails(log(QD_HEAD, rnd("Ann", Ann=([["C", "A", "T"]], []), Zed=([], ["E", "E", "E"]))), 1, "unknown player")


def test_a_card_the_deck_lacks():
    fails(log(WT_HEAD, mk("Ann", ["Bs", "Es"])), 1, "no B of spades")
    fails(log(QD_HEAD, rnd("Ann", Ann=([["QI", "T"]], []), Bob=([], ["E", "E", "E"]))), 1, "no QI")


# --- deck conservation -----------------------------------------------------------------------------


def test_more_copies_than_the_deck_holds_on_the_table():
    fails(log(WT_HEAD, mk("Ann", ["Qd", "Is"]), mk("Bob", ["Qd", "Is"])), 2, "2 copies of the Q of diamonds")
    fails(log(WP_HEAD, mk("Ann", ["C", "A", "T"]), mk("Bob", ["=A", "C", "E"])), 2, "2 copies of the C")


def test_more_copies_than_the_deck_holds_counting_hands_at_end():
    fails(log(WT_HEAD, mk("Ann", ["Qd", "Is"]), {"type": "end", "hands": {"Bob": ["Qd"]}}), 2, "2 copies")
    fails(
        log(WT_HEAD, {"type": "end", "hands": {"Ann": ["*a", "*b", "*c"], "Bob": ["*d", "*e"]}}),
        1,
        "5 copies of the wild card",
    )


# --- turns -----------------------------------------------------------------------------------------


def test_players0_takes_the_first_turn_and_turns_rotate():
    fails(log(WT_HEAD, mk("Bob", CAT)), 1, "it is Ann's turn, not Bob's")
    fails(log(WT_HEAD, PASS_ANN, PASS_ANN), 2, "it is Bob's turn")
    fails(log(WT_HEAD, mk("Ann", CAT), st("Ann", "Ann", "CAT", CAT + ["Sd"])), 2, "Bob's turn")
    fails(log(WP_HEAD, PASS_BOB), 1, "Ann's turn")


def test_challenge_and_end_are_no_turns():
    g = import_log(
        log(
            {"game": "word-thief", "players": ["Ann", "Bob", "Cid"]},
            mk("Ann", CAT),
            {"type": "challenge", "player": "Cid"},
            PASS_BOB,
            {"type": "end", "hands": {}},
        )
    )
    assert g.scores == {"Ann": 5, "Bob": -5, "Cid": 0}


def test_quiddler_rounds_are_not_turn_checked_and_dealers_rotate():
    g = import_log(log(QD_HEAD, rnd("Bob", Ann=([], ["E", "E", "E"]), Bob=([["C", "A", "T"]], []))))
    assert g.scores == {"Ann": 0, "Bob": 33}
    assert g.dealer(1) == "Ann" and g.dealer(2) == "Bob" and g.dealer(3) == "Ann"


def test_turns_after_end():
    fails(log(WT_HEAD, {"type": "end", "hands": {}}, PASS_ANN), 2, "the game has ended")
    fails(
        log(QD_HEAD, {"type": "end", "hands": {}}, rnd("Ann", Ann=([["C", "A", "T"]], []), Bob=([], ["E", "E", "E"]))),
        2,
        "ended",
    )


# --- steals that break RULES.md -------------------------------------------------------------------


@pytest.mark.parametrize(
    "events, index, match",
    [
        ([mk("Ann", CAT), PASS_BOB, st("Ann", "Ann", "CAT", CAT + ["Sd"])], 3, "own word"),
        ([mk("Ann", ["Ch", "Ah", "Th"]), st("Bob", "Ann", "CAT", ["Ch", "Ah", "Th", "Sd"])], 2, "locked"),
        ([mk("Ann", CAT), st("Bob", "Ann", "DOG", ["Dh", "Oh", "Gh", "Sd"])], 2, "Ann has no word DOG"),
        ([mk("Ann", CAT + ["Sd"]), st("Bob", "Ann", "CATS", CAT + ["Xs"])], 2, "leave out Sd"),
        ([mk("Ann", CAT + ["Sd"]), st("Bob", "Ann", "CATS", ["Ch", "Ah", "Sd", "Ts"])], 2, "at least one card from"),
        ([mk("Ann", CAT + ["Sd"]), st("Bob", "Ann", "CATS", CAT + ["Sd"], ["Os", "Xs"])], 2, "each new word"),
    ],
)
def test_bad_steals(events, index, match):
    fails(log(WT_HEAD, *events), index, match)


def test_steal_matches_jokers_whatever_they_stand_for():
    g = import_log(log(WT_HEAD, mk("Ann", ["*a", "*t"]), st("Bob", "Ann", "AT", ["Ch", "*o", "*t"])))
    assert [w.text for w in g.state.table["Bob"]] == ["COT"]


def test_several_steals_in_one_event_with_the_option():
    data = log(
        {"game": "word-thief", "players": ["Ann", "Bob", "Cid"]},
        mk("Ann", CAT),
        mk("Bob", ["Od", "Xs"]),
        {
            "type": "steal",
            "player": "Cid",
            "steals": [{"from": "Ann", "word": "CAT"}, {"from": "Bob", "word": "OX"}],
            "words": [CAT + ["Sd"], ["Od", "Xs", "Ec"]],
        },
        one_steal_per_opponent=True,
    )
    # CATS 6 + OXE 10 = 16 for Cid
    assert import_log(data).scores == {"Ann": 0, "Bob": 0, "Cid": 16}
    del data["options"]["one_steal_per_opponent"]
    fails(data, 3, "one word per steal")


# --- words -----------------------------------------------------------------------------------------


def test_words_under_two_letters():
    fails(log(WT_HEAD, mk("Ann", ["Ah"])), 1, "too short")
    fails(log(WT_HEAD, mk("Ann", [])), 1, "too short")
    fails(log(WP_HEAD, mk("Ann", ["A"])), 1, "too short")
    # Quiddler counts cards: QU alone is one card though two letters
    fails(log(QD_HEAD, rnd("Ann", Ann=([["QU"], ["A", "T"]], []), Bob=([], ["E", "E", "E"]))), 1, "one card")


def test_several_words_in_a_make_need_the_option():
    fails(log(WT_HEAD, mk("Ann", CAT, ["Od", "Xs"])), 1, "one word per make")
    assert import_log(log(WT_HEAD, mk("Ann", CAT, ["Od", "Xs"]), several_words=True)).scores["Ann"] == 14


def test_words_and_points_table_letters():
    fails(log(WP_HEAD, mk("Ann", ["C", "A", "T"]), mk("Bob", ["D", "O", "G"])), 2, "letter already on the table")
    fails(log(WP_HEAD, mk("Ann", ["C", "A", "T"]), mk("Bob", ["=D", "O", "G"])), 2, "no D on the table")
    fails(log(WP_HEAD, mk("Ann", ["=C", "A", "T"])), 1, "table is empty")
    g = import_log(log(WP_HEAD, mk("Ann", ["*c", "A", "T"]), mk("Bob", ["=*c", "O", "D"])))
    # CAT with the blank as C: 0+1+2 = 3; COD on that blank: 0+1+2 = 3
    assert g.scores == {"Ann": 3, "Bob": 3}


# --- Quiddler rounds ------------------------------------------------------------------------------


def test_quiddler_round_errors():
    fails(log(QD_HEAD, rnd("Ann", Ann=([["C", "A", "T"]], []))), 1, "no hand for Bob")
    fails(log(QD_HEAD, rnd("Ann", Ann=([["A", "T"]], ["E"]), Bob=([], ["E", "E", "E"]))), 1, "went out")
    fails(
        log(QD_HEAD, rnd("Ann", Ann=([["C", "A", "T", "S"]], []), Bob=([], ["E", "E", "E"]))),
        1,
        "round 1 deals 3 cards but Ann shows 4",
    )
    fails(log(QD_HEAD, rnd("Ann", Ann=([["C", "A", "T"]], []), Bob=([], ["E", "E"]))), 1, "Bob shows 2")
    fails(log(QD_HEAD, {"type": "round", "out": "Ann", "hands": {"Ann": []}}), 1, "words")


def test_at_most_eight_rounds_in_a_log():
    events = []
    for r in range(1, 10):
        n = r + 2
        events.append(rnd("Ann", Ann=([["A"] * n], []), Bob=([], ["E"] * n)))
    fails(log(QD_HEAD, *events), 9, "ended")


def test_quiddler_challenge_names_a_word_of_the_latest_round():
    r1 = rnd("Ann", Ann=([["C", "A", "T"]], []), Bob=([], ["E", "E", "E"]))
    fails(
        log(QD_HEAD, r1, {"type": "challenge", "player": "Bob", "of": "Ann", "word": "DOG"}), 2, "Ann laid no word DOG"
    )
    fails(log(QD_HEAD, r1, {"type": "challenge", "player": "Bob", "of": "Ann", "word": 5}), 2, "word")
    g = import_log(log(QD_HEAD, r1, {"type": "challenge", "player": "Bob", "of": "Ann", "word": "CAT"}))
    # CAT 13 + both bonuses = 33; VALID: Bob loses 13 after the floor
    assert g.scores == {"Ann": 33, "Bob": -13}


# --- event types ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "head, event, match",
    [
        (
            WT_HEAD,
            rnd("Ann", Ann=([["C", "A", "T"]], []), Bob=([], ["E", "E", "E"])),
            "round is not an event of Word Thief",
        ),
        (QD_HEAD, mk("Ann", ["C", "A", "T"]), "make is not an event of Quiddler"),
        (QD_HEAD, PASS_ANN, "pass is not an event of Quiddler"),
        (WP_HEAD, st("Ann", "Bob", "CAT", ["C", "A", "T", "S"]), "steal is not an event of Words And Points"),
        (WT_HEAD, {"type": "shuffle"}, "unknown event type 'shuffle'"),
        (WT_HEAD, {"player": "Ann"}, "unknown event type None"),
        (WT_HEAD, "pass", "JSON object"),
    ],
)
def test_event_types(head, event, match):
    fails(log(head, event), 1, match)


@pytest.mark.parametrize(
    "event, match",
    [
        ({"type": "steal", "player": "Bob", "steals": ["Ann"], "words": [CAT + ["Sd"]]}, "steals"),
        ({"type": "steal", "player": "Bob", "steals": 3, "words": [CAT + ["Sd"]]}, "steals"),
        ({"type": "steal", "player": "Bob", "from": "Ann", "words": [CAT + ["Sd"]]}, "word"),
        ({"type": "challenge", "player": "Bob", "of": ["Ann"], "word": "CAT"}, "of"),
        ({"type": "make", "player": "Ann", "words": "CAT"}, "list of words"),
        ({"type": "make", "words": [CAT]}, "'player' must name a player"),
        ({"type": "house", "word": "QI", "accept": "no"}, "accept"),
        ({"type": "house", "word": 5, "accept": True}, "word"),
        ({"type": "end", "hands": ["Ann"]}, "end.hands"),
    ],
)
def test_malformed_events_give_log_errors_not_crashes(event, match):
    fails(log(WT_HEAD, mk("Ann", CAT), event), 2, match)


# --- not errors -----------------------------------------------------------------------------------


def test_a_word_missing_from_the_dictionary_is_not_an_error():
    g = import_log(log(WT_HEAD, mk("Ann", ["Xs", "Qd", "Zc"])))
    assert g.scores["Ann"] == 28


def test_end_before_the_pile_is_empty_is_not_an_error():
    g = import_log(log(WT_HEAD, mk("Ann", CAT), {"type": "end", "hands": {"Ann": ["Kh"]}}))
    # Ann 5 - K 5 = 0; Bob, missing from end.hands, deducts nothing: a tie, winner null
    assert summary(g) == {
        "scores": {"Ann": 0, "Bob": 0},
        "winner": None,
        "chips": {"Ann": {"red": 0, "blue": 0, "white": 0}, "Bob": {"red": 0, "blue": 0, "white": 0}},
    }
    assert g.state.pile > 0


def test_without_end_the_winner_is_the_current_leader():
    g = import_log(log(WT_HEAD, mk("Ann", CAT)))
    assert summary(g)["winner"] == "Ann" and not g.ended
    assert summary(import_log(log(WP_HEAD)))["winner"] is None
    assert "chips" not in summary(import_log(log(WP_HEAD)))


def test_house_words_in_options_and_events():
    g = import_log(
        log(WT_HEAD, mk("Ann", ["Xs", "Qd"]), {"type": "challenge", "player": "Bob"}, house={"accept": ["XQ"]})
    )
    assert g.scores["Ann"] == 18 and g.outcomes[-1].verdict is True
    g = import_log(
        log(
            WT_HEAD,
            mk("Ann", CAT),
            {"type": "house", "word": "CAT", "accept": False},
            {"type": "challenge", "player": "Bob"},
        )
    )
    assert g.scores["Ann"] == -5


def test_design_quiddler_round_example():
    data = log(
        QD_HEAD,
        {
            "type": "round",
            "out": "Ann",
            "hands": {"Ann": {"words": [["QU", "I", "T"]], "left": []}, "Bob": {"words": [], "left": ["Z", "E", "A"]}},
        },
    )
    # QU-I-T 9+2+3 = 14 + most words + longest = 34; Bob 0 - (14+2+2) floored to 0
    assert summary(import_log(data)) == {"scores": {"Ann": 34, "Bob": 0}, "winner": "Ann"}


@pytest.mark.parametrize(
    "game, raw",
    [
        ("word-thief", {"type": "steal", "player": "Bob", "from": "Ann", "word": "CAT", "words": [["Ch", "*a", "Ts"]]}),
        (
            "word-thief",
            {
                "type": "steal",
                "player": "Cid",
                "steals": [{"from": "Ann", "word": "CAT"}, {"from": "Bob", "word": "OX"}],
                "words": [["Ch"]],
            },
        ),
        ("word-thief", {"type": "challenge", "player": "Bob", "of": "Ann", "word": "CAT"}),
        ("quiddler", {"type": "round", "out": "Ann", "hands": {"Ann": {"words": [["QU", "I", "T"]], "left": []}}}),
        ("words-and-points", {"type": "make", "player": "Ann", "words": [["=*e", "=A", "T"]]}),
        ("word-thief", {"type": "house", "word": "QI", "accept": False}),
        ("word-thief", {"type": "end", "hands": {"Ann": ["Qd", "*e"]}}),
    ],
)
def test_events_round_trip_through_json(game, raw):
    assert event_to_json(game, event_from_json(game, raw)) == raw


def test_a_card_that_is_not_text():
    fails(log(WT_HEAD, mk("Ann", [7, "Ah"])), 1, "card 7 is not text")


def test_design_round_snippet_is_not_a_whole_round_one():
    # DESIGN.md's round example shows Bob holding Z and E only; round 1 deals 3 cards, so as a log it is refused
    snippet = {
        "type": "round",
        "out": "Ann",
        "hands": {"Ann": {"words": [["QU", "I", "T"]], "left": []}, "Bob": {"words": [], "left": ["Z", "E"]}},
    }
    fails(log(QD_HEAD, snippet), 1, "round 1 deals 3 cards but Bob shows 2")


# --- the end of a Word Thief game, and cards a challenge handed back --------------------------------


def run_out_log(*after: dict) -> dict:
    """A two-player half-deck game whose ninth make empties the pile and then Ann's hand."""
    makes = [mk(("Ann", "Bob")[i % 2], tokens) for i, tokens in enumerate(pile_runners())]
    return log(WT_HEAD, *makes, *after, half_deck=True)


def test_turns_after_the_pile_and_a_hand_run_out():
    fails(run_out_log(PASS_BOB), 10, "the draw pile is empty and Ann holds no cards: the game is over")
    fails(run_out_log(mk("Bob", CAT)), 10, "the game is over")
    # the challenge hands Ann her seven cards back; she lays them again and the game is over again
    fails(
        run_out_log({"type": "challenge", "player": "Bob"}, PASS_BOB, mk("Ann", pile_runners()[8]), PASS_BOB),
        13,
        "the draw pile is empty and Ann holds no cards",
    )


def test_after_the_pile_and_a_hand_run_out_a_challenge_or_the_end_may_follow():
    g = import_log(run_out_log({"type": "end", "hands": {"Bob": letter_cards()[63:68]}}))
    assert g.ended
    g = import_log(run_out_log({"type": "challenge", "player": "Bob"}, PASS_BOB))  # the challenge reopens it
    assert g.state.hands == {"Ann": 7, "Bob": 5}


def test_cards_handed_back_by_a_challenge_count_until_played_again():
    zo = mk("Ann", ["Zc", "Od"])  # NOT VALID: the O of diamonds goes back to Ann's hand
    challenge = {"type": "challenge", "player": "Bob"}
    fails(
        log(WT_HEAD, zo, challenge, mk("Bob", ["Dh", "Od"]), PASS_ANN, mk("Bob", ["Gd", "Od", "Ds"])),
        5,
        "3 copies of the O of diamonds",
    )
    fails(
        log(WT_HEAD, zo, challenge, mk("Bob", ["Dh", "Od"]), {"type": "end", "hands": {"Bob": ["Od"]}}),
        4,
        "3 copies of the O of diamonds",
    )
    import_log(log(WT_HEAD, zo, challenge, mk("Bob", ["Dh", "Od"]), mk("Ann", ["Od", "Nd"])))


# --- names: compared in NFC, control characters refused ----------------------------------------------------


def test_names_compare_in_nfc():
    composed, decomposed = "Zo\u00eb", "Zoe\u0308"  # one name typed two ways
    game = import_log(
        log(
            {"game": "word-thief", "players": [decomposed, "Bob"]},
            {"type": "pass", "player": composed},
            {"type": "pass", "player": "Bob"},
            {"type": "pass", "player": decomposed},
        )
    )
    assert game.players == [composed, "Bob"] and game.scores == {composed: -10, "Bob": -5}
    fails(log({"game": "word-thief", "players": [composed, decomposed]}), 0, "duplicate player")


@pytest.mark.parametrize("name", ["B\x1b[2Job", "Ann\x07", "Cy\u202e", "Di\nDi", "Eve\x9b"])
def test_control_characters_in_names_are_refused(name):
    err = fails(log({"game": "word-thief", "players": ["Ann0", name]}), 0, "holds a control character")
    assert not any(is_control(c) for c in str(err))  # shown escaped, never sent to the terminal as is
