"""A table's own deck file and word list, given as options, are used and survive a replay."""

import json
import os
from pathlib import Path

import pytest

from companion.decks import DECK_DIR, DECK_LIMIT
from companion.errors import CompanionError, DeckError
from companion.events import Challenge, Make
from companion.gamelog import LogError, export_log, import_log, read_log
from companion.games import new_game
from companion.store import Store


def _own_deck(tmp_path, **change):
    data = json.loads((DECK_DIR / "word-thief.json").read_text())
    data.update(change)
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data))
    return path


def test_own_deck_file_changes_values_and_survives_export(tmp_path):
    values = dict(json.loads((DECK_DIR / "word-thief.json").read_text())["values"], C=7)
    game = new_game("word-thief", ["Ann", "Bob"], {"deck_file": str(_own_deck(tmp_path, values=values))})
    game.apply(Make("Ann", game.parse_play("cat/hhs")))
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
    game.apply(Make("Ann", game.parse_play("tac/hhs")))
    assert game.apply(Challenge("Bob")).verdict is True  # TAC is in this list, not in ENABLE
    game2 = new_game("word-thief", ["Ann", "Bob"], {"dictionary": str(words)})
    game2.apply(Make("Ann", game2.parse_play("cat/hhs")))
    assert game2.apply(Challenge("Bob")).verdict is False  # CAT is not in it
    with pytest.raises(CompanionError, match="cannot read word list"):
        new_game("word-thief", ["Ann", "Bob"], {"dictionary": str(tmp_path / "missing.txt")})


# --- the files a game depends on are checked, read relative to a log, and kept with the saved game ----------


@pytest.mark.parametrize(
    "make, match",
    [
        (lambda d: (os.mkfifo(d / "fifo"), d / "fifo")[1], "deck file .*fifo is not a regular file"),
        (lambda d: Path("/dev/zero"), "deck file /dev/zero is not a regular file"),
        (lambda d: d, "is not a regular file"),
        (lambda d: d / "missing.json", "cannot read deck file .*No such file"),
        (lambda d: (d / "big.json").write_text(" " * (DECK_LIMIT + 1)) and d / "big.json", "more than the 65,536"),
        (lambda d: (d / "list.json").write_text("[1, 2]") and d / "list.json", "not a deck file"),
        (lambda d: (d / "words.json").write_text("cat\ndog\n") and d / "words.json", "is not JSON"),
    ],
    ids=["fifo", "dev-zero", "folder", "missing", "too-big", "a-list", "not-json"],
)
def test_a_deck_file_is_checked_before_it_is_read(tmp_path, make, match):
    log = {"game": "word-thief", "players": ["Ann", "Bob"], "options": {"deck_file": str(make(tmp_path))}}
    with pytest.raises(LogError, match=f"event 0: .*{match}"):
        import_log(log)  # returns at once: a FIFO is never opened, /dev/zero never read


def test_a_word_list_is_checked_before_it_is_read(tmp_path):
    (tmp_path / "bin.txt").write_bytes(b"CAT\x00\x01DOG")
    for path, match in ((Path("/dev/zero"), "not a regular file"), (tmp_path / "bin.txt", "is not text")):
        with pytest.raises(LogError, match=f"event 0: word list .*{match}"):
            import_log({"game": "words-and-points", "players": ["Ann", "Bob"], "options": {"dictionary": str(path)}})


def test_paths_in_a_log_are_read_relative_to_the_log_and_the_saved_game_keeps_their_text(tmp_path, monkeypatch):
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "words.txt").write_text("tac\n")
    log = {
        "game": "word-thief",
        "players": ["Ann", "Bob"],
        "options": {"dictionary": "words.txt"},
        "events": [
            {"type": "make", "player": "Ann", "words": [["Th", "Ah", "Ch"]]},
            {"type": "challenge", "player": "Bob"},
        ],
    }
    (folder / "game.json").write_text(json.dumps(log))
    monkeypatch.chdir(tmp_path)  # elsewhere: words.txt is not beside the working directory
    game = read_log(folder / "game.json")
    assert game.outcomes[-1].verdict is True  # TAC is a word of the club's list, not of ENABLE
    store = Store(tmp_path / "ledger.sqlite3")
    saved = store.create(game)
    (folder / "words.txt").write_text("nothing\n")  # the file changes, then goes: the saved game does not care
    (folder / "words.txt").unlink()
    again = Store(tmp_path / "ledger.sqlite3").load(saved.id)
    assert again.game.outcomes[-1].verdict is True and again.game.scores == game.scores
