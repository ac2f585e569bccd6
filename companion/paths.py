"""Where the table companion finds its files: the shipped assets, and the user's data directory (or
COMPANION_DATA_DIR)."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_path

from companion.errors import SaveError

APP = "table-companion"
# Deck files, the word list, card designs and sample photos. An installed wheel carries them inside the
# package; a checkout (and so an editable install) keeps them at the top of the repository.
_PACKAGED = Path(__file__).resolve().parent / "assets"
ASSETS = _PACKAGED if _PACKAGED.is_dir() else _PACKAGED.parent.parent / "assets"


def data_dir() -> Path:
    override = os.environ.get("COMPANION_DATA_DIR")
    path = Path(override) if override else user_data_path(APP, appauthor=False)
    if path.exists() and not path.is_dir():
        raise SaveError(f"the data folder {path} is a file, not a folder: move it aside, or start with --data-dir DIR")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(
            f"the data folder {path} cannot be made ({exc.strerror}): start with --data-dir DIR, a folder you can write"
        ) from exc
    return path


def ledger_path() -> Path:
    return data_dir() / "ledger.sqlite3"
