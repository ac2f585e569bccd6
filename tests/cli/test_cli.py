"""The command line: replay's JSON contract and exit codes, judge, games, export and import."""

import json
import subprocess
import sys
from pathlib import Path


from companion.cli import main
from companion.decks import standard_deck
from tests.engine.enginekit import DESIGN_LOG


def _write(tmp_path: Path, data) -> Path:
    path = tmp_path / "log.json"
    path.write_text(json.dumps(data))
    return path


def test_replay_json_of_the_design_log(tmp_path, capsys):
    # Ann: CAT all hearts (trump) = (3+1+1) x3 = 15. Bob steals it as CATS (Sd breaks the lock):
    # Bob 3+1+1+1 = 6, Ann loses 15 -> 0. Ann passes: -5. Ann challenges CATS: VALID, costs 0.
    # End: Ann holds Qd (10) -> -15. Bob 6 = 1 blue + 1 white. Ann's debt holds no chips.
    assert main(["replay", str(_write(tmp_path, DESIGN_LOG)), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "scores": {"Ann": -15, "Bob": 6},
        "winner": "Bob",
        "chips": {"Ann": {"red": 0, "blue": 0, "white": 0}, "Bob": {"red": 0, "blue": 1, "white": 1}},
    }


def test_replay_illegal_event_exits_2_with_its_number(tmp_path, capsys):
    bad = dict(DESIGN_LOG, events=DESIGN_LOG["events"][:1] + [{"type": "pass", "player": "Ann"}])
    assert main(["replay", str(_write(tmp_path, bad)), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip() == "event 2: it is Bob's turn, not Ann's"


def test_replay_unknown_game_is_event_0(tmp_path, capsys):
    assert main(["replay", str(_write(tmp_path, {"game": "chess", "players": ["A", "B"], "events": []}))]) == 2
    assert capsys.readouterr().err.startswith("event 0: ")


def test_replay_not_json(tmp_path, capsys):
    path = tmp_path / "x.json"
    path.write_text("{oops")
    assert main(["replay", str(path)]) == 2
    assert "not JSON" in capsys.readouterr().err


def test_judge_exit_codes(capsys):
    assert main(["judge", "qat"]) == 0
    assert "VALID" in capsys.readouterr().out
    assert main(["judge", "qat", "xyzzyq"]) == 1  # a play is judged as a whole
    assert "NOT VALID" in capsys.readouterr().out
    assert main(["judge", "don't"]) == 2
    assert "plain letters only" in capsys.readouterr().err


def test_judge_one_argument_of_several_words_and_accents(capsys):
    assert main(["judge", "cat dog", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"words": ["CAT", "DOG"], "valid": True}
    assert main(["judge", "cat xyzzyq"]) == 1  # one argument, judged as a whole like `judge cat xyzzyq`
    assert "NOT VALID  CAT XYZZYQ" in capsys.readouterr().out
    assert main(["judge", "Café"]) == 0
    assert capsys.readouterr().out.splitlines() == ["VALID  CAFE", "judged CAFÉ as CAFE: the cards carry no accents"]
    assert main(["judge", "naïve", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["note"] == "judged NAÏVE as NAIVE: the cards carry no accents"


def test_the_judge_screen_takes_the_word_list_and_house_list(tmp_path, monkeypatch):
    import companion.tui.app

    opened = {}

    class Opened:
        return_code = 0

        def run(self) -> None:
            pass

    monkeypatch.setattr(companion.tui.app, "make_app", lambda **kwargs: opened.update(kwargs) or Opened())
    words = tmp_path / "family.txt"
    words.write_text("cat\ndog\n")
    assert main(["judge", "--words-file", str(words), "--game", "quiddler"]) == 0
    assert opened["judge_only"] and opened["house_of"] == "quiddler"
    assert opened["lexicon"].source == "family.txt" and opened["lexicon"].words == {"CAT", "DOG"}
    assert main(["judge", "--words-file", str(tmp_path / "missing.txt")]) == 2  # said before the app opens


def test_import_export_and_games_roundtrip(tmp_path, capsys):
    assert main(["import", str(_write(tmp_path, DESIGN_LOG))]) == 0
    capsys.readouterr()
    assert main(["games", "--json"]) == 0
    games = json.loads(capsys.readouterr().out)
    assert [(g["game"], g["players"], g["events"]) for g in games] == [("word-thief", ["Ann", "Bob"], 5)]
    out = tmp_path / "out.json"
    assert main(["export", str(games[0]["id"]), str(out)]) == 0
    assert json.loads(out.read_text()) == DESIGN_LOG


def test_help_everywhere():
    for args in ([], ["replay"], ["judge"], ["games"], ["export"], ["import"]):
        run = subprocess.run([sys.executable, "-m", "companion", *args, "--help"], capture_output=True, text=True)
        assert run.returncode == 0 and "usage: companion" in run.stdout


def test_games_lists_leader_score_and_finished_and_delete_asks_first(tmp_path, capsys, monkeypatch):
    main(["import", str(_write(tmp_path, DESIGN_LOG))])  # finished: Bob won with 6
    main(["import", str(_write(tmp_path, dict(DESIGN_LOG, events=DESIGN_LOG["events"][:1])))])  # Ann leads with 5
    capsys.readouterr()
    assert main(["games", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [(g["leader"], g["score"], g["finished"]) for g in listed] == [("Ann", 5, False), ("Bob", 6, True)]
    main(["games"])
    table = capsys.readouterr().out
    assert "Ann leads with 5" in table and "in play" in table and "Bob won with 6" in table and "finished" in table
    first = listed[1]["id"]
    monkeypatch.setattr("builtins.input", lambda prompt: "n")
    assert main(["delete", str(first)]) == 1
    assert "Word Thief · Ann, Bob · Bob won with 6 · finished" in capsys.readouterr().out
    monkeypatch.setattr("builtins.input", lambda prompt: "y")
    assert main(["delete", str(first)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith(f"deleted #{first}  Word Thief · Ann, Bob")
    main(["games", "--json"])
    assert [g["id"] for g in json.loads(capsys.readouterr().out)] == [listed[0]["id"]]
    assert main(["delete", str(first), "--yes"]) == 2
    assert "there is no saved game" in capsys.readouterr().err
    assert main(["delete", str(listed[0]["id"]), "--yes"]) == 0


def test_replay_refuses_a_turn_once_the_pile_and_a_hand_are_used_up(tmp_path, capsys):
    # two players, half a deck: 7 refills of 7 and one of 5 empty the pile of 54, the ninth make Ann's hand
    cards = [f + s for (f, s), n in standard_deck("word-thief").counts.items() if s for _ in range(n)]
    makes = [{"type": "make", "player": ("Ann", "Bob")[i % 2], "words": [cards[7 * i : 7 * i + 7]]} for i in range(9)]
    data = {
        "game": "word-thief",
        "players": ["Ann", "Bob"],
        "options": {"half_deck": True},
        "events": makes + [{"type": "pass", "player": "Bob"}],
    }
    assert main(["replay", str(_write(tmp_path, data)), "--json"]) == 2
    assert capsys.readouterr().err.strip() == (
        "event 10: the draw pile is empty and Ann holds no cards: the game is "
        "over; only a challenge of the latest play or the end may follow"
    )


def test_a_long_name_is_cut_in_the_saved_games_list(tmp_path, capsys):
    long = "Bartholomew-Alexander the Third"
    log = dict(DESIGN_LOG, players=[long, "Bob"], events=[dict(DESIGN_LOG["events"][0], player=long)])
    main(["import", str(_write(tmp_path, log))])
    capsys.readouterr()
    main(["games", "--json"])
    assert json.loads(capsys.readouterr().out)[0]["players"] == [long, "Bob"]  # the data keeps the whole name
    from companion.overview import overview
    from companion.store import Store

    (line,) = [g.line() for g in overview(Store())]
    assert "Bartholomew-Ale…, Bob · Bartholomew-Ale… leads with 5" in line
    assert long not in line
