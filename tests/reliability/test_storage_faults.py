"""Every storage fault is one line with the right advice and exit 2; nothing recorded is lost or changed."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import SaveError
from companion.events import Pass
from companion.store import Store, new_saved_game

from .faultkit import damage_page_holding, read_only

ROOT = Path(__file__).resolve().parents[2]
LOG = {"game": "word-thief", "players": ["Ann", "Bob"], "events": [{"type": "pass", "player": "Ann"}]}


def one_line(err: str) -> str:
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err.strip()


def _log(tmp_path: Path, data=LOG, name: str = "log.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return path


def test_a_data_folder_that_is_a_file(tmp_path, capsys):
    (tmp_path / "data").write_text("not a folder")
    assert main(["--data-dir", str(tmp_path / "data"), "games"]) == 2
    assert "is a file, not a folder: move it aside" in one_line(capsys.readouterr().err)


def test_a_data_folder_that_cannot_be_made(tmp_path, capsys):
    (tmp_path / "file").write_text("")
    assert main(["--data-dir", str(tmp_path / "file" / "data"), "games"]) == 2
    assert "cannot be made" in one_line(capsys.readouterr().err)


def test_a_game_number_beyond_sqlite(tmp_path, capsys):
    assert main(["--data-dir", str(tmp_path), "export", str(10**23)]) == 2
    assert "there is no saved game with that number" in one_line(capsys.readouterr().err)


@pytest.mark.parametrize(
    "data, match",
    [
        ({**LOG, "events": [{"type": ["make"]}]}, r"event 1: unknown event type \['make'\]"),
        ("[" * 100_000 + "]" * 100_000, "event 0: .* nests lists and objects more than 16 deep"),
        ({**LOG, "players": ["Ann", "B\x1b]0;pwned\x07ob"]}, r"event 0: .*holds a control character \(\\x1b\)"),
    ],
    ids=["type-a-list", "deep-brackets", "escape-in-name"],
)
def test_hostile_logs_are_one_line_and_save_nothing(tmp_path, capsys, data, match):
    log = _log(tmp_path, data)
    for command in (["replay", str(log)], ["--data-dir", str(tmp_path / "d"), "import", str(log)]):
        assert main(command) == 2
        err = one_line(capsys.readouterr().err)
        assert re.search(match, err), err
        assert "\x1b" not in err
    assert not (tmp_path / "d" / "ledger.sqlite3").exists()


def test_a_log_over_the_size_limit(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("companion.gamelog.LOG_LIMIT", 100)
    assert main(["replay", str(_log(tmp_path, {**LOG, "pad": "x" * 200}))]) == 2
    assert "more than the 100 a game log may" in one_line(capsys.readouterr().err)


def test_cli_errors_are_one_unwrapped_line_when_stderr_is_not_a_terminal(tmp_path):
    long = tmp_path / ("a-very-long-folder-name-" * 6) / "log.json"
    result = subprocess.run(
        [sys.executable, "-m", "companion", "replay", str(long)], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 2
    assert one_line(result.stderr).startswith("companion: cannot read game log ")


def test_export_never_overwrites_unasked_and_never_the_ledger(tmp_path, capsys):
    data = tmp_path / "d"
    assert main(["--data-dir", str(data), "import", str(_log(tmp_path))]) == 0
    target = tmp_path / "out.json"
    target.write_text("precious")
    assert main(["--data-dir", str(data), "export", "1", str(target)]) == 2
    assert "exists; add --force to replace it" in one_line(capsys.readouterr().err)
    assert target.read_text() == "precious"
    assert main(["--data-dir", str(data), "export", "1", str(target), "--force"]) == 0
    assert json.loads(target.read_text())["events"] == LOG["events"]
    ledger = data / "ledger.sqlite3"
    before = ledger.read_bytes()
    for path in (ledger, data / "." / "ledger.sqlite3"):
        assert main(["--data-dir", str(data), "export", "1", str(path), "--force"]) == 2
        assert "is the ledger that holds every saved game" in one_line(capsys.readouterr().err)
    assert ledger.read_bytes() == before and len(Store(ledger).games()) == 1


@pytest.mark.parametrize(
    "where, match",
    [("no-such-folder/out.json", "cannot write .*No such file or directory"), (".", "is a folder; name a file in it")],
)
def test_a_bad_export_path(tmp_path, capsys, where, match):
    data = tmp_path / "d"
    assert main(["--data-dir", str(data), "import", str(_log(tmp_path))]) == 0
    capsys.readouterr()
    assert main(["--data-dir", str(data), "export", "1", str(tmp_path / where)]) == 2
    assert re.search(match, one_line(capsys.readouterr().err))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d", "log.json"]  # no half-written file left


def test_a_full_disk_rolls_the_import_back(tmp_path):
    store = Store(tmp_path / "ledger.sqlite3")
    new_saved_game(store, "word-thief", ["Ann", "Bob"]).apply(Pass("Ann"))
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count={pages}")  # the file may not grow: SQLite's full disk
    big = new_saved_game.__globals__["new_game"](store, "word-thief", ["Cy", "Di"])
    big.options["dictionary"] = "x" * 20_000  # a header row larger than the room left
    with pytest.raises(SaveError, match="the disk is full; nothing was written: free some space"):
        store.create(big)
    assert [g.players for g in store.games()] == [["Ann", "Bob"]]
    assert not store.db.in_transaction
    store.db.execute(f"PRAGMA max_page_count={pages * 100}")
    assert store.create(big).id == 2  # once there is room the same store writes again


def test_a_read_only_ledger_lists_and_exports_and_refuses_an_import_with_advice(tmp_path, capsys):
    data = tmp_path / "d"
    assert main(["--data-dir", str(data), "import", str(_log(tmp_path))]) == 0
    capsys.readouterr()
    with read_only(data):
        assert main(["--data-dir", str(data), "games", "--json"]) == 0
        assert json.loads(capsys.readouterr().out)[0]["players"] == ["Ann", "Bob"]
        assert main(["--data-dir", str(data), "export", "1", str(tmp_path / "out.json")]) == 0
        capsys.readouterr()
        assert main(["--data-dir", str(data), "import", str(_log(tmp_path))]) == 2
        err = one_line(capsys.readouterr().err)
        assert "is read-only; nothing was written: saved games can still be listed and exported" in err
    assert json.loads((tmp_path / "out.json").read_text())["events"] == LOG["events"]


def _three_games_one_damaged(tmp_path: Path) -> Path:
    path = tmp_path / "d" / "ledger.sqlite3"
    path.parent.mkdir()
    store = Store(path)
    for players in (["Ann", "Bob"], ["Zed", "Yul"], ["Cy", "Di"]):
        saved = new_saved_game(store, "word-thief", players)
        for i in range(300):
            saved.apply(Pass(players[i % 2]))
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    damage_page_holding(path, b'"player": "Yul"', nth=75)  # a page amid game 2's events, none of the others'
    return path


def test_a_damaged_page_makes_one_game_unreadable_and_the_others_usable(tmp_path, capsys):
    path = _three_games_one_damaged(tmp_path)
    data = str(path.parent)
    assert main(["--data-dir", data, "games", "--json"]) == 0
    listed = {g["id"]: g["events"] for g in json.loads(capsys.readouterr().out)}
    assert listed == {1: 300, 2: None, 3: 300}
    assert main(["--data-dir", data, "export", "2"]) == 2
    assert "saved game 2 cannot be read: the ledger" in one_line(capsys.readouterr().err)
    assert main(["--data-dir", data, "export", "3"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == ["Cy", "Di"]
    assert main(["--data-dir", data, "games"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if "Zed" in line)
    assert "cannot be read" in row and "damaged" in row


def test_the_ledger_is_written_with_synchronous_full(tmp_path):
    assert Store(tmp_path / "ledger.sqlite3").db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


async def test_the_app_starts_on_a_damaged_ledger_and_says_which_game_is_unreadable(tmp_path):
    from textual.widgets import OptionList, Static

    from companion.tui.app import make_app
    from companion.tui.screens.start import StartScreen
    from companion.tui.screens.table import TableScreen

    store = Store(_three_games_one_damaged(tmp_path))
    app = make_app(store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("ctrl+r")
        listed = app.screen.query_one("#saved-games", OptionList)
        lines = {
            listed.get_option_at_index(i).id: str(listed.get_option_at_index(i).prompt)
            for i in range(listed.option_count)
        }
        assert "cannot be read · damaged" in lines["2"] and "in play" in lines["1"] and "in play" in lines["3"]
        listed.highlighted = [*lines].index("2")
        await pilot.press("enter")
        assert isinstance(app.screen, StartScreen)
        assert "saved game 2 cannot be read" in str(app.screen.query_one("#start-error", Static).content)
        listed.highlighted = [*lines].index("3")
        await pilot.press("enter")
        assert isinstance(app.screen, TableScreen) and app.screen.game.players == ["Cy", "Di"]
