"""What the camera tests share: the stand-in webcam, the samples' truth, and waiting for a reading."""

from __future__ import annotations

import json
from pathlib import Path

from textual.pilot import Pilot

from companion.gamelog import export_log
from companion.store import Store
from companion.tui.card_reader import SAMPLES
from companion.tui.screens.snap import SnapScreen
from companion.tui.widgets.card_row import CardRow

SIZE = (80, 24)


class StandInCamera:
    """A webcam that returns the given sample photos in turn (the last one again and again)."""

    def __init__(self, *names: str) -> None:
        self.photos = [SAMPLES / f"{name}.jpg" for name in names]
        self.snaps = 0

    def __call__(self) -> Path:
        if not self.photos:
            from vision.errors import NoCamera

            raise NoCamera("no webcam at index 0: plug one in or try --camera 1")
        photo = self.photos[min(self.snaps, len(self.photos) - 1)]
        self.snaps += 1
        return photo


def truth(name: str) -> list[list[str]]:
    """The sample's cards word by word, as labels: ``Rc``, ``QU``, ``E``."""
    data = json.loads((SAMPLES / f"{name}.json").read_text())
    return [[c["face"] + (c["suit"] or "") for c in (data["cards"][i] for i in word)] for word in data["words"]]


def saved_events(store: Store, gid: int) -> list[dict]:
    """The game's events as a restart would load them (a fresh connection), in the JSON log's form."""
    fresh = Store(store.path)
    try:
        return export_log(fresh.load(gid).game)["events"]
    finally:
        fresh.close()


async def settled(pilot: Pilot, timeout: float = 60) -> SnapScreen:
    """The snap screen once its worker is done: cards shown, or the one line saying what went wrong."""
    for _ in range(int(timeout / 0.05)):
        await pilot.pause(0.05)
        screen = pilot.app.screen
        if isinstance(screen, SnapScreen) and screen.is_mounted and not screen.query_one("#snap-loading").display:
            await pilot.pause()
            return screen
    raise AssertionError("the snap screen never finished reading")


def shown(screen: SnapScreen) -> list[list[str]]:
    """The cards on screen, word by word, as labels (wild cards ``*`` plus their letter)."""
    return [[c.face + (c.suit or "") for c in row.cards] for row in screen.query(CardRow)]


def status(screen: SnapScreen) -> str:
    return str(screen.query_one("#snap-status").render())


def hint(screen: SnapScreen) -> str:
    return str(screen.query_one("#snap-hint").render())
