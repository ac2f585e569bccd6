"""Vision tests keep taught decks and template caches in a private data directory."""

from __future__ import annotations

import os
import tempfile

import pytest

# Set before any vision module computes its data directory; one directory for the whole run
# so the deck templates are drawn once, not once per test.
os.environ["COMPANION_DATA_DIR"] = tempfile.mkdtemp(prefix="vision-tests-")


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """A fresh data directory for a test that teaches a deck."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    return tmp_path
