"""The reader honours a table's own deck file: a card's value is the one that deck gives it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.decks import DECK_DIR, load_deck_file
from vision import read_photo
from vision.__main__ import main

SAMPLE = Path(__file__).resolve().parents[2] / "assets" / "samples" / "quiddler-1.jpg"


def _dearer_deck(tmp_path: Path) -> Path:
    """Quiddler's deck with every card worth one point more."""
    data = json.loads((DECK_DIR / "quiddler.json").read_text(encoding="utf-8"))
    for card in data["cards"].values():
        card["value"] += 1
    path = tmp_path / "ours.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_read_photo_gives_the_values_of_the_tables_deck(tmp_path: Path) -> None:
    shipped = read_photo(SAMPLE, "quiddler")
    ours = read_photo(SAMPLE, "quiddler", deck=load_deck_file(_dearer_deck(tmp_path)))
    assert shipped.cards and [c.face for c in ours.cards] == [c.face for c in shipped.cards]
    assert [c.value for c in ours.cards] == [c.value + 1 for c in shipped.cards]


def test_vision_read_takes_the_deck_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["read", "--game", "quiddler", "--json", str(SAMPLE)]) == 0
    shipped = json.loads(capsys.readouterr().out)
    assert main(["read", "--game", "quiddler", "--deck", str(_dearer_deck(tmp_path)), "--json", str(SAMPLE)]) == 0
    ours = json.loads(capsys.readouterr().out)
    assert [c["value"] for c in ours["cards"]] == [c["value"] + 1 for c in shipped["cards"]]
    assert main(["read", "--game", "word-thief", "--deck", str(_dearer_deck(tmp_path)), str(SAMPLE)]) == 10
    assert "that deck file is for quiddler, not word-thief" in capsys.readouterr().err
