"""A table's own deck file and word list, given as options, are used and survive a replay."""

import json

import pytest

from companion.decks import DECK_DIR
from companion.errors import CompanionError, DeckError
from companion.events import Challenge, Make
from companion.gamelog import export_log, import_log
from companion.games import new_game
from companion.notation import parse_play


def _own_deck(tmp_path, **change):
    data = json.loads((DECK_DIR / "word-thief.json").read_text())
    data.update(change)
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data))
    return path


def test_own_deck_file_changes_values_and_survives_export(tmp_path):
    values = dict(json.loads((DECK_DIR / "word-thief.json").read_text())["values"], C=7)
    game = new_game("word-thief", ["Ann", "Bob"], {"deck_file": str(_own_deck(tmp_path, values=values))})
    game.apply(Make("Ann", parse_play("word-thief", "cat/hhs", game.deck)))
    assert game.scores["Ann"] == 9  # C is worth 7 in this deck: 7 + 1 + 1, mixed suits, no lock
    assert import_log(export_log(game)).scores == {"Ann": 9, "Bob": 0}


def test_broken_deck_file_is_a_setup_error(tmp_path):
    path = tmp_path / "deck.json"
    path.write_text('{"game": "word-thief", "values": {}, "suits": {"s": "A3"}}')
    with pytest.raises(DeckError, match="has no value"):
        new_game("word-thief", ["Ann", "Bob"], {"deck_file": str(path)})


def test_own_word_list_judges_challenges(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("tac\nact\n")
    game = new_game("word-thief", ["Ann", "Bob"], {"dictionary": str(words)})
    game.apply(Make("Ann", parse_play("word-thief", "tac/hhs", game.deck)))
    assert game.apply(Challenge("Bob")).verdict is True  # TAC is in this list, not in ENABLE
    game2 = new_game("word-thief", ["Ann", "Bob"], {"dictionary": str(words)})
    game2.apply(Make("Ann", parse_play("word-thief", "cat/hhs", game2.deck)))
    assert game2.apply(Challenge("Bob")).verdict is False  # CAT is not in it
    with pytest.raises(CompanionError, match="cannot read word list"):
        new_game("word-thief", ["Ann", "Bob"], {"dictionary": str(tmp_path / "missing.txt")})
