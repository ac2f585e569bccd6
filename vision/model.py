"""A deck's recognizer: its layout and one nearest-neighbour classifier per thing read.

Templates come from the deck's own designs drawn in the training fonts, plus whatever
the user taught from photos of a real deck (`vision.teach`). Both are cached as
feature arrays in the user's data directory, so only the first read of a game pays
for drawing its cards.
"""

from __future__ import annotations

import hashlib
import json
import zipfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from companion import paths
from companion.decks import standard_deck
from vision import designs, glyphs
from vision.designs import LAYOUTS, Layout
from vision.errors import VisionError
from vision.glyphs import Classifier, Samples, features, hog


def data_dir() -> Path:
    """Where taught decks and cached templates live: beside the saved games (COMPANION_DATA_DIR overrides)."""
    return paths.data_dir() / "vision"


def taught_path(game: str) -> Path:
    return data_dir() / f"taught-{game}.npz"


@dataclass
class Model:
    game: str
    layout: Layout
    values: dict[str, int]
    face: Classifier
    value: Classifier
    suit: Classifier | None
    centre: Classifier


def sample_arrays(samples: Samples) -> dict[str, np.ndarray]:
    """Feature arrays of a sample set, keyed for an .npz file."""
    out: dict[str, np.ndarray] = {}
    for kind in ("face", "value", "suit"):
        items = getattr(samples, kind)
        out[f"{kind}_x"] = features([ink for _, ink in items]) if items else np.zeros((0, 1), np.float32)
        out[f"{kind}_y"] = np.array([label for label, _ in items], dtype=str)
    out["centre_x"] = hog(np.stack([c for _, c in samples.centre])) if samples.centre else np.zeros((0, 1))
    out["centre_y"] = np.array([label for label, _ in samples.centre], dtype=str)
    return out


def _source_stamp() -> str:
    """Changes whenever the drawing or the cutting of cards changes, invalidating cached templates."""
    h = hashlib.sha256()
    for mod in (designs, glyphs):
        h.update(Path(mod.__file__).read_bytes())
    return h.hexdigest()[:12]


def save_arrays(path: Path, arrays: dict[str, np.ndarray]) -> None:
    """Write an .npz whole or not at all: a reader never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, **arrays)
    tmp.replace(path)


def _synthetic(game: str) -> dict[str, np.ndarray]:
    path = data_dir() / "cache" / f"{game}-{_source_stamp()}.npz"
    try:
        with np.load(path) as f:
            return dict(f)
    except (OSError, ValueError, EOFError, zipfile.BadZipFile):
        pass  # not drawn yet, or damaged (a write cut short, a full disk): drawn again and rewritten below
    arrays = sample_arrays(glyphs.synthetic_samples(game))
    try:
        for stale in path.parent.glob(f"{game}-*.npz"):  # templates of an older version of the designs
            stale.unlink()
        save_arrays(path, arrays)
    except OSError:
        pass  # a data folder we may not write to: the templates are drawn again next session
    return arrays


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
    synthetic = _synthetic(game)
    taught, taught_layout = taught_arrays(game)
    # A taught deck's print replaces ours where it was measured: its layout wins, and its
    # templates join (not replace) ours, so letters it was not shown are still known.
    parts = [synthetic, taught] if taught else [synthetic]
    face, value, centre = (_classifier(parts, k) for k in ("face", "value", "centre"))
    assert face is not None and value is not None and centre is not None
    return Model(
        game,
        taught_layout or LAYOUTS[game],
        standard_deck(game).values,
        face,
        value,
        _classifier(parts, "suit"),
        centre,
    )
