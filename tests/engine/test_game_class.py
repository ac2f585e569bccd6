"""What a game class says of itself: capabilities that match its events, options checked from one
description (which docs/gamelog.md shows), and the words a challenge may target."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.errors import SetupError
from companion.games import GAME_CLASSES, new_game, options_table
from enginekit import make

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.parametrize("cls", GAME_CLASSES.values(), ids=list(GAME_CLASSES))
def test_capabilities_match_the_events_a_game_takes(cls) -> None:
    assert cls.can_steal == ("steal" in cls.event_types)
    assert cls.can_pass == ("pass" in cls.event_types)
    assert cls.has_rounds == ("round" in cls.event_types)
    assert cls.has_suits == cls(["Ann", "Bob"]).deck.has_suits


def test_the_docs_show_the_options_as_the_games_describe_them() -> None:
    assert options_table() in (DOCS / "gamelog.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("kind", "options", "message"),
    [
        ("word-thief", {"trumps": "h"}, "unknown option 'trumps' for Word Thief; did you mean trump"),
        ("quiddler", {"trump": "h"}, "unknown option 'trump'"),  # another game's option
        ("word-thief", {"several_words": "yes"}, "several_words is on or off: write true or false"),
        ("word-thief", {"challenger_penalty": True}, "challenger_penalty must be a whole number"),
        ("quiddler", {"one_bonus": "shortest"}, 'one_bonus must be "longest" or "most"'),
        ("words-and-points", {"dictionary": 5}, "dictionary must be the path of a file"),
        ("word-thief", {"house": {"accept": "QI"}}, "house must look like"),
    ],
)
def test_options_are_strict(kind: str, options: dict, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        new_game(kind, ["Ann", "Bob"], options)


def test_the_new_game_screen_names_the_chosen_options() -> None:
    game = new_game("quiddler", ["Ann", "Bob"], {"one_bonus": "most", "negative_rounds": True})
    assert game.chosen_options() == ["most words only", "Round scores may go below 0"]
    assert new_game("word-thief", ["Ann", "Bob"], {"challenger_penalty": 5, "trump": "s"}).chosen_options() == [
        "A challenger who loses takes -5"
    ]


def test_challengeable_words() -> None:
    game = new_game("word-thief", ["Ann", "Bob"])
    assert game.challengeable() == []
    game.apply(make("Ann", "Ch Ah Ts"))
    assert game.challengeable() == [("Ann", "CAT")] and not game.challenge_names_word
    anyword = new_game("word-thief", ["Ann", "Bob"], {"challenge_any": True})
    anyword.apply(make("Ann", "Ch Ah Ts"))
    anyword.apply(make("Bob", "Dh Od Gh"))
    assert anyword.challengeable() == [("Ann", "CAT"), ("Bob", "DOG")] and anyword.challenge_names_word
    wp = new_game("words-and-points", ["Ann", "Bob"])
    wp.apply(make("Ann", "C A T", game="words-and-points"))
    assert wp.challengeable() == [("Ann", "CAT")]
