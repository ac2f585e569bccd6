"""What the TUI tests share besides fixtures: the terminal size and a fresh look at the SQLite ledger."""

from __future__ import annotations

import sqlite3

from companion.store import Store

SIZE = (80, 24)


def ledger_rows(store: Store, gid: int) -> list[tuple[str, int]]:
    """The events as SQLite holds them, read through a fresh connection: what a restart would see."""
    with sqlite3.connect(store.path) as db:
        return db.execute("SELECT body, undone FROM events WHERE game_id = ? ORDER BY seq", (gid,)).fetchall()
