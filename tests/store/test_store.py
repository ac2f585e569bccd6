"""The SQLite ledger: every committed event survives, undo/redo persist, damaged files are left alone."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion.errors import GameMovedOn, IllegalPlay, SaveError
from companion.events import HouseWord, Make, Pass
from companion.gamelog import export_log
from companion.store import Store, new_saved_game

ROOT = Path(__file__).resolve().parents[2]


def _word(saved, text):
    return saved.game.parse_play(text)


def test_events_undo_and_redo_survive_reopening(tmp_path):
    path = tmp_path / "ledger.sqlite3"
    saved = new_saved_game(Store(path), "word-thief", ["Ann", "Bob"], {"trump": "h"})
    saved.apply(Make("Ann", _word(saved, "cat/h")))  # (3+1+1) x3 locked in trump = 15
    saved.apply(Pass("Bob"))  # -5
    assert saved.undo() == Pass("Bob")
    again = Store(path).load(saved.id)
    assert again.game.scores == {"Ann": 15, "Bob": 0}
    assert again.game.can_redo
    assert again.redo() == Pass("Bob")
    assert Store(path).load(saved.id).game.scores == {"Ann": 15, "Bob": -5}


def test_a_new_event_after_undo_drops_the_undone_ones(tmp_path):
    path = tmp_path / "ledger.sqlite3"
    saved = new_saved_game(Store(path), "word-thief", ["Ann", "Bob"])
    saved.apply(Pass("Ann"))
    saved.undo()
    saved.apply(Make("Ann", _word(saved, "dog/h")))  # D2 O1 G2 = 5 x2 locked in hearts (no trump) = 10
    loaded = Store(path).load(saved.id)
    assert loaded.game.scores == {"Ann": 10, "Bob": 0}
    assert not loaded.game.can_redo


def test_illegal_event_writes_nothing(tmp_path):
    path = tmp_path / "ledger.sqlite3"
    saved = new_saved_game(Store(path), "word-thief", ["Ann", "Bob"])
    saved.apply(Make("Ann", _word(saved, "cat/h")))
    with pytest.raises(IllegalPlay):
        saved.apply(Make("Ann", _word(saved, "dog/h")))  # Bob's turn
    rows = sqlite3.connect(path).execute("SELECT count(*) FROM events").fetchone()[0]
    assert rows == 1
    assert Store(path).load(saved.id).game.events == saved.game.events


def test_house_words_are_kept_for_the_next_game(tmp_path):
    store = Store(tmp_path / "ledger.sqlite3")
    saved = new_saved_game(store, "words-and-points", ["Ann", "Bob"])
    saved.apply(HouseWord("zzx", True))
    assert store.house("words-and-points").as_lists() == {"accept": ["ZZX"], "ban": []}
    later = new_saved_game(store, "words-and-points", ["Cy", "Di"])
    assert later.game.is_word("ZZX")
    assert not new_saved_game(store, "quiddler", ["Cy", "Di"]).game.is_word("ZZX")


@pytest.mark.parametrize("content", [b"not a database at all", b"SQLite format 3\x00" + b"\x07" * 200])
def test_damaged_file_is_reported_and_left_untouched(tmp_path, content):
    path = tmp_path / "ledger.sqlite3"
    path.write_bytes(content)
    with pytest.raises(SaveError, match="left untouched"):
        Store(path)
    assert path.read_bytes() == content


def test_foreign_sqlite_file_is_refused(tmp_path):
    path = tmp_path / "other.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (x)")
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(SaveError, match="another program"):
        Store(path)
    assert path.read_bytes() == before


def test_damaged_event_row_is_reported(tmp_path):
    path = tmp_path / "ledger.sqlite3"
    saved = new_saved_game(Store(path), "word-thief", ["Ann", "Bob"])
    saved.apply(Pass("Ann"))
    db = sqlite3.connect(path)
    db.execute('UPDATE events SET body = \'{"type": "make", "player": "Bob", "words": [["Q"]]}\'')
    db.commit()
    with pytest.raises(SaveError, match="damaged"):
        Store(path).load(saved.id)


def test_sigkill_mid_game_loses_nothing_committed(tmp_path):
    """A child process commits events, reports each, and is killed with SIGKILL mid-stream."""
    path = tmp_path / "ledger.sqlite3"
    child = textwrap.dedent(f"""
        import sys
        from companion.events import Pass
        from companion.store import Store, new_saved_game
        saved = new_saved_game(Store({str(path)!r}), "word-thief", ["Ann", "Bob", "Cy"])
        print(saved.id, flush=True)
        n = 0
        while True:
            saved.apply(Pass(saved.game.to_play))
            n += 1
            print(n, flush=True)
    """)
    proc = subprocess.Popen([sys.executable, "-c", child], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    gid = int(proc.stdout.readline())
    committed = 0
    while committed < 40:
        committed = int(proc.stdout.readline())
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    game = Store(path).load(gid).game
    assert len(game.events) >= committed  # every event reported as committed is there
    n = len(game.events)
    # each pass costs 5; turns rotate Ann, Bob, Cy
    assert sum(game.scores.values()) == -5 * n
    assert json.loads(json.dumps(export_log(game)))["events"][-1]["type"] == "pass"


def test_undo_that_cannot_be_written_changes_nothing(tmp_path):
    path = tmp_path / "ledger.sqlite3"
    saved = new_saved_game(Store(path), "word-thief", ["Ann", "Bob"])
    saved.apply(Pass("Ann"))
    blocker = sqlite3.connect(path, timeout=0)
    blocker.execute("BEGIN IMMEDIATE")  # another writer holds the file
    saved.store.db.execute("PRAGMA busy_timeout = 0")
    with pytest.raises(SaveError, match="another program holds it locked; nothing was written"):
        saved.undo()
    blocker.rollback()
    assert saved.game.scores == {"Ann": -5, "Bob": 0} and len(saved.game.events) == 1
    assert saved.undo() == Pass("Ann")
    assert Store(path).load(saved.id).game.events == []


def test_another_connection_s_write_moves_data_version_and_the_game_s_head(tmp_path):
    path = tmp_path / "ledger.sqlite3"
    mine, theirs = Store(path), Store(path)
    saved = new_saved_game(theirs, "word-thief", ["Ann", "Bob"])
    before, revision = mine.data_version(), mine.revision(saved.id)
    assert mine.latest_event(saved.id) == 0
    assert mine.data_version() == before  # nothing written: nothing to follow
    saved.apply(Pass("Ann"))
    saved.apply(Pass("Bob"))
    assert mine.data_version() != before
    assert mine.latest_event(saved.id) == 2
    saved.undo()
    assert mine.latest_event(saved.id) == 1
    assert mine.revision(saved.id) == revision + 3  # two plays and an undo


def test_a_ledger_of_the_first_version_is_upgraded_in_place(tmp_path):
    path = tmp_path / "ledger.sqlite3"
    saved = new_saved_game(Store(path), "word-thief", ["Ann", "Bob"])
    saved.apply(Pass("Ann"))
    db = sqlite3.connect(path)
    db.execute("ALTER TABLE games DROP COLUMN revision")
    db.execute("ALTER TABLE games DROP COLUMN files")
    db.execute("DROP TABLE settings")
    db.execute("PRAGMA user_version=1")
    db.commit()
    db.close()
    store = Store(path)
    assert store.revision(saved.id) == 0
    assert store.load(saved.id).game.events == saved.game.events
    assert store.setting("coach", False) is False
    store.set_setting("coach", True)
    assert Store(path).setting("coach") is True


def _two_windows(tmp_path):
    """One saved game opened by two stores on one file, as two windows at one table would."""
    path = tmp_path / "ledger.sqlite3"
    a = new_saved_game(Store(path), "word-thief", ["Ann", "Bob"])
    return a, Store(path).load(a.id)


def test_two_windows_playing_in_turn_lose_nothing(tmp_path):
    a, b = _two_windows(tmp_path)
    a.apply(Make("Ann", _word(a, "cat/h")))
    b = b.reload()
    b.apply(Make("Bob", _word(b, "red/s")))
    a = a.reload()
    a.apply(Pass("Ann"))
    b = b.reload()
    assert b.game.events == a.game.events and len(a.game.events) == 3
    assert Store(a.store.path).load(a.id).game.events == a.game.events


def test_a_window_that_fell_behind_is_told_and_overwrites_nothing(tmp_path):
    a, b = _two_windows(tmp_path)
    b.apply(Make("Ann", _word(b, "red/s")))
    b.apply(Make("Bob", _word(b, "lid/h")))
    played = list(b.game.events)
    with pytest.raises(GameMovedOn, match="changed in another window; nothing was written"):
        a.apply(Make("Ann", _word(a, "tin/h")))  # a still shows the game before RED
    assert a.game.events == []  # the stale window's own copy is unchanged too
    with pytest.raises(GameMovedOn):
        a.apply(Pass("Ann"))
    assert Store(a.store.path).load(a.id).game.events == played
    b.apply(Pass("Ann"))  # the window that is up to date plays on: no gap, nothing damaged
    assert Store(a.store.path).load(a.id).game.events == [*played, Pass("Ann")]


def test_undo_and_redo_check_the_game_too(tmp_path):
    a, b = _two_windows(tmp_path)
    a.apply(Pass("Ann"))
    b = b.reload()
    b.undo()
    with pytest.raises(GameMovedOn):
        a.undo()
    with pytest.raises(GameMovedOn):
        a.apply(Pass("Bob"))
    a = a.reload()
    assert a.game.events == [] and a.game.can_redo
    a.redo()
    with pytest.raises(GameMovedOn):
        b.redo()
    assert Store(a.store.path).load(a.id).game.events == [Pass("Ann")]


def test_undoing_a_house_ruling_takes_it_off_the_table_wide_list(tmp_path):
    store = Store(tmp_path / "ledger.sqlite3")
    store.set_house("words-and-points", "QAT", False)  # banned by an earlier game
    saved = new_saved_game(store, "words-and-points", ["Ann", "Bob"])
    saved.apply(HouseWord("zzx", True))
    saved.apply(HouseWord("qat", True))
    assert store.house("words-and-points").as_lists() == {"accept": ["QAT", "ZZX"], "ban": []}
    saved.undo()
    saved.undo()
    assert store.house("words-and-points").as_lists() == {"accept": [], "ban": ["QAT"]}
    assert not new_saved_game(store, "words-and-points", ["Cy", "Di"]).game.is_word("ZZX")
    saved.redo()
    assert store.house("words-and-points").as_lists() == {"accept": ["ZZX"], "ban": ["QAT"]}
