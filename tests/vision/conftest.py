"""Vision tests keep taught decks and template caches in a private data directory."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def _vision_data(tmp_path_factory) -> Path:
    """One directory for the whole run, so each deck's templates are drawn once, not per test."""
    return tmp_path_factory.mktemp("vision-data")


@pytest.fixture(autouse=True)
def _private_data_dir(_vision_data: Path, monkeypatch) -> None:
    # Only for the tests of this folder: other suites keep their own COMPANION_DATA_DIR.
    monkeypatch.setenv("COMPANION_DATA_DIR", str(_vision_data))


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """A fresh data directory for a test that teaches a deck."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    return tmp_path
