"""A deck's recognizer: the reader's nets (vision/net.py), and what the user taught from photos
of a real deck (`vision.teach`): where it prints its index and nearest-neighbour templates of its
letters and values, kept as feature arrays in the user's data directory.
"""

from __future__ import annotations

import json
import zipfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from companion import paths
from companion.decks import standard_deck
from vision.designs import LAYOUTS, Layout
from vision.errors import VisionError
from vision.glyphs import Classifier, Samples, features
from vision.net import card_net, index_net


def data_dir() -> Path:
    """Where taught decks and cached templates live: beside the saved games (COMPANION_DATA_DIR overrides)."""
    return paths.data_dir() / "vision"


def taught_path(game: str) -> Path:
    return data_dir() / f"taught-{game}.npz"


@dataclass
class Model:
    game: str
    layout: Layout  # the taught deck's, else the house layout
    values: dict[str, int]
    face: Classifier | None  # taught templates (None: nothing taught)
    value: Classifier | None  # (the suit is the net's alone: pips vary less than letters)


def sample_arrays(samples: Samples) -> dict[str, np.ndarray]:
    """Feature arrays of a sample set, keyed for an .npz file."""
    out: dict[str, np.ndarray] = {}
    for kind in ("face", "value"):
        items = getattr(samples, kind)
        out[f"{kind}_x"] = features([ink for _, ink in items]) if items else np.zeros((0, 1), np.float32)
        out[f"{kind}_y"] = np.array([label for label, _ in items], dtype=str)
    return out


def save_arrays(path: Path, arrays: dict[str, np.ndarray]) -> None:
    """Write an .npz whole or not at all: a reader never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, **arrays)
    tmp.replace(path)


def taught_arrays(game: str) -> tuple[dict[str, np.ndarray], Layout | None]:
    """The templates and layout the user taught for ``game`` (none yet: empty and None)."""
    path = taught_path(game)
    if not path.is_file():
        return {}, None
    try:
        with np.load(path) as f:
            arrays = dict(f)
        fields = json.loads(str(arrays.pop("layout")))
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as exc:
        raise VisionError(
            f"{path} is damaged; teach the deck again with --replace, "
            "or delete the file to read with the drawn designs only"
        ) from exc
    layout = Layout(**{k: tuple(v) if isinstance(v, list) else v for k, v in fields.items()})
    return arrays, layout


def _classifier(parts: list[dict[str, np.ndarray]], kind: str) -> Classifier | None:
    xs = [p[f"{kind}_x"] for p in parts if len(p.get(f"{kind}_y", ()))]
    ys = [p[f"{kind}_y"] for p in parts if len(p.get(f"{kind}_y", ()))]
    if not xs:
        return None
    return Classifier(np.concatenate(xs), [str(y) for y in np.concatenate(ys)])


def _stamp(game: str) -> float:
    path = taught_path(game)
    return path.stat().st_mtime if path.is_file() else 0.0


def model(game: str) -> Model:
    """The recognizer of ``game``, rebuilt when the user teaches the deck again."""
    return _model(game, _stamp(game), str(data_dir()))


@cache
def _model(game: str, _taught_stamp: float, _where: str) -> Model:
    index_net(), card_net()  # loaded once, before the first photo: a damaged model file is said at once
    taught, taught_layout = taught_arrays(game)
    parts = [taught] if taught else []
    return Model(
        game,
        taught_layout or LAYOUTS[game],
        standard_deck(game).values,
        _classifier(parts, "face"),
        _classifier(parts, "value"),
    )
