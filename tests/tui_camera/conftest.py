"""Camera tests: a stand-in webcam that hands over the sample photos, one reader set-up per session."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from companion.store import Store
from companion.tui.app import CompanionApp, make_app
from .camkit import StandInCamera


@pytest.fixture(scope="session")
def vision_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("vision-data")


@pytest.fixture(autouse=True)
def _data_dir(vision_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Overrides the root fixture: the reader's templates are drawn once per session (seconds per game),
    while each test keeps its saved games in its own store file."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(vision_dir))


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "ledger.sqlite3")


@pytest.fixture
def app_for(store: Store) -> Callable[..., CompanionApp]:
    def build(*photos: str, **kwargs) -> CompanionApp:
        app = make_app(store=store, camera=StandInCamera(*photos), **kwargs)
        app.cursor_blink = False
        return app

    return build
