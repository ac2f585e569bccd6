"""The reader's benchmark counts what a player would meet: a piece of a card read as a card, unflagged, is one card
too many in a game, and shows in the "cards cut in two" column."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from vision.read import CardRead, PhotoReading

BENCH = Path(__file__).resolve().parents[2] / "bench" / "vision.py"


def _bench(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """bench/vision.py, a script beside its helpers rather than a package."""
    monkeypatch.syspath_prepend(str(BENCH.parent))
    spec = importlib.util.spec_from_file_location("bench_vision", BENCH)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TRUTH = {
    "cards": [{"face": "TH", "value": 9, "suit": None, "corners": [[100, 100], [200, 100], [200, 240], [100, 240]]}],
    "words": [[0]],
}


def _reading(piece_flagged: bool) -> PhotoReading:
    whole = CardRead("TH", 9, None, 1.0, [[100, 100], [200, 100], [200, 240], [100, 240]])
    piece = CardRead("H", 7, None, 0.98, [[130, 100], [200, 100], [200, 240], [130, 240]], piece_flagged)
    return PhotoReading([whole, piece], [[0], [1]], [])


def test_an_unflagged_piece_of_a_card_is_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    score = _bench(monkeypatch).score_photo
    unflagged = score(TRUTH, _reading(False), (480, 640, 3))
    assert (unflagged["cut"], unflagged["pieces_unflagged"], unflagged["false"]) == (1, 1, 0)
    assert unflagged["face"] == 1 and unflagged["whole"] == 0
    assert score(TRUTH, _reading(True), (480, 640, 3))["pieces_unflagged"] == 0
