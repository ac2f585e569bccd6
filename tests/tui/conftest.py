"""Each TUI test gets its own data directory and store, and apps with the cursor blink off."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from companion.store import Store
from companion.tui.app import CompanionApp, make_app


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "data"
    monkeypatch.setenv("COMPANION_DATA_DIR", str(path))
    return path


@pytest.fixture
def store(data_dir: Path) -> Store:
    return Store()


@pytest.fixture
def app_for(store: Store) -> Callable[..., CompanionApp]:
    def build(**kwargs) -> CompanionApp:
        app = make_app(store=store, **kwargs)
        app.cursor_blink = False
        return app

    return build
