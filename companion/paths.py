"""Where the table companion keeps its files: the user's data directory, or COMPANION_DATA_DIR."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_path

APP = "table-companion"


def data_dir() -> Path:
    override = os.environ.get("COMPANION_DATA_DIR")
    path = Path(override) if override else user_data_path(APP, appauthor=False)
    path.mkdir(parents=True, exist_ok=True)
    return path


def ledger_path() -> Path:
    return data_dir() / "ledger.sqlite3"
