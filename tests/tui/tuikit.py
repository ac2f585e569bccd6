"""What the TUI tests share besides fixtures: the terminal size and a fresh look at the SQLite ledger."""

from __future__ import annotations

import sqlite3

from textual.command import CommandList
from textual.pilot import Pilot

from companion.store import Store

SIZE = (80, 24)


def ledger_rows(store: Store, gid: int) -> list[tuple[str, int]]:
    """The events as SQLite holds them, read through a fresh connection: what a restart would see."""
    with sqlite3.connect(store.path) as db:
        return db.execute("SELECT body, undone FROM events WHERE game_id = ? ORDER BY seq", (gid,)).fetchall()


async def run_command(pilot: Pilot, title: str) -> None:
    """Open the command palette, search for ``title`` and run the first match once the search has found it."""
    await pilot.press("ctrl+p", *title)
    for _ in range(100):  # the palette searches in the background: wait for it rather than for a fixed time
        found = pilot.app.screen.query(CommandList)
        if found and found.first().option_count and found.first().highlighted is not None:
            break
        await pilot.pause(0.05)
    await pilot.press("enter")
    await pilot.pause()
