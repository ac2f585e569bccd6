"""The sample photos shipped in assets/samples read as their sidecar JSON says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vision import read_photo

from vision_helpers import match, words_as_truth

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "assets" / "samples").glob("*.jpg"))


def test_there_are_samples_for_every_game() -> None:
    games = {p.stem.rsplit("-", 1)[0] for p in SAMPLES}
    assert games == {"word-thief", "quiddler", "words-and-points"}


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_sample_reads_as_its_truth(path: Path) -> None:
    game = path.stem.rsplit("-", 1)[0]
    truth = json.loads(path.with_suffix(".json").read_text())
    reading = read_photo(path, game)
    data = reading.to_json()
    pairs = match(truth, data)
    assert len(pairs) == len(truth["cards"]) == len(data["cards"])
    for i, j in pairs.items():
        t, c = truth["cards"][i], reading.cards[j]
        # right, or at least flagged for the player to check
        assert (c.face, c.value, c.suit) == (t["face"], t["value"], t["suit"]) or c.flagged
    assert words_as_truth(truth, data)
