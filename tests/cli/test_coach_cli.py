"""`companion coach hand|steals` and `companion review`: the JSON shapes, exit codes and one-line errors."""

import json

from companion.cli import main

QUIDDLER_LOG = {
    "game": "quiddler",
    "players": ["Ann", "Bob"],
    "events": [
        {
            "type": "round",
            "out": "Ann",
            "hands": {"Ann": {"words": [["C", "A", "T"]], "left": []}, "Bob": {"words": [], "left": ["E", "R", "A"]}},
        }
    ],
}


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_coach_hand_json(capsys):
    # QU-I-T (14) with ER-S (10) would leave E: 24 - 2 = 22. QU-I-E-T-ER-S (QUIETERS) takes all six cards:
    # 9+2+2+3+7+3 = 26 with nothing left, and 8 letters.
    code, out, _ = run(capsys, "coach", "hand", "--game", "quiddler", "--json", "QU", "I", "T", "E", "ER", "S")
    assert code == 0
    assert json.loads(out) == {"words": [["QU", "I", "E", "T", "ER", "S"]], "left": [], "score": 26, "longest": 8}


def test_coach_hand_out_impossible_prints_null_and_exits_1(capsys):
    code, out, _ = run(capsys, "coach", "hand", "--game", "quiddler", "--out", "--json", "Q", "I", "T", "A")
    assert code == 1 and json.loads(out) is None
    code, out, _ = run(capsys, "coach", "hand", "--game", "quiddler", "--out", "Q", "I", "T", "A")
    assert code == 1 and "going out is impossible" in out


def test_coach_hand_words_and_points_through_a_table_letter(capsys):
    code, out, _ = run(
        capsys, "coach", "hand", "--game", "words-and-points", "--table", "zip", "--json", "O", "O", "E", "S"
    )
    assert code == 0 and json.loads(out) == {
        "words": [["O", "O", "=Z", "E", "S"]],
        "left": [],
        "score": 9,
        "longest": 5,
    }


def test_coach_hand_bad_card_is_one_line(capsys):
    code, out, err = run(capsys, "coach", "hand", "--game", "quiddler", "Q1")
    assert code == 2 and out == "" and "Traceback" not in err and "(qu-i-t)" in err
    code, _, err = run(capsys, "coach", "hand", "--game", "quiddler", *["Z"] * 3)
    assert code == 2 and "3 copies of the Z" in err


def test_coach_steals_json(capsys):
    code, out, _ = run(capsys, "coach", "steals", "--json", "--add", "1", "cart", "qat")
    assert code == 0
    cart, qat = json.loads(out)["words"]
    assert cart["word"] == "CART" and cart["steals"][0] == {
        "word": "TRACK",
        "add": ["K"],
        "letter_sum": 11,
        "length_bonus": 5,
        "points": 16,
    }
    assert qat["word"] == "QAT" and {s["word"] for s in qat["steals"]} == {"QATS"}


def test_coach_steals_refuses_a_k_it_cannot_search(capsys):
    code, _, err = run(capsys, "coach", "steals", "--add", "9", "cart")
    assert code == 2 and "--add takes 1, 2 or 3" in err


def test_review_of_a_saved_quiddler_game(tmp_path, capsys):
    log = tmp_path / "q.json"
    log.write_text(json.dumps(QUIDDLER_LOG))
    assert main(["import", str(log)]) == 0
    capsys.readouterr()
    code, out, _ = run(capsys, "review", "1", "--json")
    assert code == 0
    review = json.loads(out)
    assert review["game"] == "quiddler"
    ann, bob = review["moments"]
    assert (ann["player"], ann["played"], ann["points"], ann["best_points"]) == ("Ann", "C-A-T", 13, 13)
    assert (bob["played"], bob["points"], bob["best_points"]) == ("no word", -9, 9)
    code, out, _ = run(capsys, "review", "1")
    assert code == 0 and "round 1" in out and "Bob" in out


def test_docs_show_the_review_of_the_demo_game():
    from pathlib import Path

    from companion.store import Store
    from companion.tui.demo import build_demo

    doc = (Path(__file__).resolve().parents[2] / "docs" / "coach.md").read_text()
    for m in build_demo(Store()).game.review():
        row = next(line for line in doc.splitlines() if line.startswith(f"│ {m.at} "))
        assert all(str(part) in row for part in (m.player, m.played, m.points, m.best or "-", m.note))
