"""The ledger on disk: SQLite in WAL mode, one transaction per event.

A game is its header (game, players, options) plus its events in order. Undone events
stay in the file, marked, so redo works after a restart too; a new event drops them.
A file that is not ours, or is damaged, is reported and never written to.

Several windows may hold the same game. Each write checks, in its own transaction, that the
game's revision is still the one this window last read; if not, nothing is written and
GameMovedOn is raised, so a window that fell behind reloads instead of overwriting.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import wraps
from pathlib import Path
from typing import Any, ParamSpec, TypeVar, cast
from urllib.parse import quote

from companion.errors import CompanionError, GameMovedOn, SaveError
from companion.events import Event, HouseWord
from companion.gamelog import event_from_json, event_to_json, import_log
from companion.games import Game, game_class
from companion.lexicon import House, Lexicon
from companion.outcome import Outcome
from companion.paths import ledger_path

P = ParamSpec("P")
R = TypeVar("R")
APPLICATION_ID = 0x5443_4D50  # "TCMP": marks the file as a table companion ledger
SCHEMA = """
CREATE TABLE games (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, players TEXT NOT NULL, options TEXT NOT NULL,
                    created REAL NOT NULL, updated REAL NOT NULL, revision INTEGER NOT NULL DEFAULT 0,
                    files TEXT NOT NULL DEFAULT '{}');
CREATE TABLE events (game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE, seq INTEGER NOT NULL,
                     body TEXT NOT NULL, undone INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (game_id, seq));
CREATE TABLE house (kind TEXT NOT NULL, word TEXT NOT NULL, accept INTEGER NOT NULL, PRIMARY KEY (kind, word));
CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
"""
# 2: games.revision counts every write to a game, so a window can tell it has fallen behind;
# 3: games.files keeps the text of the deck file and word list a game was started with;
# 4: the table's house settings (the coach during play), kept for every game
VERSION = 4
UPGRADES = {
    1: "ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0",
    2: "ALTER TABLE games ADD COLUMN files TEXT NOT NULL DEFAULT '{}'",
    3: "CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
}


@dataclass(frozen=True)
class GameInfo:
    id: int
    kind: str
    players: list[str]
    events: int | None  # None: the ledger is damaged where this game's events are kept
    updated: float


ADVICE = {
    "SQLITE_FULL": "the disk is full; nothing was written: free some space, then try again",
    "SQLITE_READONLY": "it is read-only; nothing was written: saved games can still be listed and exported; "
    "make it writable, or start with --data-dir DIR",
    "SQLITE_CORRUPT": "it is damaged and was left untouched: export the games that still open "
    "(companion export ID FILE), then move it aside",
    "SQLITE_NOTADB": "it is not a table companion save and was left untouched: move it aside, "
    "or start with --data-dir DIR",
    "SQLITE_CANTOPEN": "it cannot be opened: check that its folder exists and can be written, "
    "or start with --data-dir DIR",
    "SQLITE_BUSY": "another program holds it locked; nothing was written: close that program, then try again",
    "SQLITE_LOCKED": "another program holds it locked; nothing was written: close that program, then try again",
    "SQLITE_IOERR": "the disk failed reading or writing it; nothing was written: check the disk, then try again",
}


CANNOT_WRITE = ("SQLITE_READONLY", "SQLITE_CANTOPEN")


def _code(exc: sqlite3.Error) -> str:
    """SQLite's primary error code of a fault: SQLITE_IOERR for SQLITE_IOERR_WRITE."""
    name = getattr(exc, "sqlite_errorname", "")
    return next((code for code in ADVICE if name.startswith(code)), name)


def _advice(exc: sqlite3.Error) -> str:
    """What a user can do about a fault of the ledger file."""
    return ADVICE.get(_code(exc), "nothing was written: try again, or start with --data-dir DIR")


def ledger_fault(path: Path, exc: sqlite3.Error) -> SaveError:
    return SaveError(f"the ledger {path}: {_advice(exc)} ({exc})")


def guarded(method: Callable[P, R]) -> Callable[P, R]:
    """A ledger operation whose SQLite faults become one SaveError line with advice."""

    @wraps(method)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        store = cast(Store, getattr(args[0], "store", args[0]))  # the Store itself, or a SavedGame's
        try:
            return method(*args, **kwargs)
        except sqlite3.Error as exc:
            raise ledger_fault(store.path, exc) from exc
        except OverflowError as exc:  # a game number beyond SQLite's integers
            raise SaveError("there is no saved game with that number; `companion games` lists them") from exc

    return run


class Store:
    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path else ledger_path()
        try:
            self._open()
        except sqlite3.Error as exc:
            if not (_code(exc) in CANNOT_WRITE and self.path.is_file()):
                raise ledger_fault(self.path, exc) from exc
            self._open_read_only(exc)

    def _open(self) -> None:
        fresh = not self.path.exists() or self.path.stat().st_size == 0
        self.db = sqlite3.connect(self.path, isolation_level=None, timeout=5)
        app_id, tables = self._identify()
        if fresh or (app_id == 0 and tables == 0):
            self.db.execute("PRAGMA journal_mode=WAL")
            with self._tx():
                for statement in [
                    f"PRAGMA application_id={APPLICATION_ID}",
                    f"PRAGMA user_version={VERSION}",
                    *SCHEMA.split(";"),
                ]:
                    if statement.strip():
                        self.db.execute(statement)
            self.version = VERSION
        else:
            self.db.execute("PRAGMA journal_mode=WAL")
            self._upgrade()
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.execute("PRAGMA synchronous=FULL")  # a power cut must not drop the last committed play

    def _open_read_only(self, why: sqlite3.Error) -> None:
        """A ledger that cannot be written (a read-only folder or disk) still lists and exports its games."""
        uri = f"file:{quote(str(self.path.resolve()))}"
        for mode in ("mode=ro", "immutable=1"):  # immutable: a WAL ledger whose folder cannot take its index file
            try:
                self.db = sqlite3.connect(f"{uri}?{mode}", uri=True, isolation_level=None, timeout=5)
                self._identify()
                break
            except sqlite3.DatabaseError as exc:
                why = exc
        else:
            raise ledger_fault(self.path, why) from why

    def _identify(self) -> tuple[int, int]:
        """The file's application id and table count; refuses a database of another program."""
        try:
            app_id = self.db.execute("PRAGMA application_id").fetchone()[0]
            tables = self.db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            if _code(exc) in CANNOT_WRITE:
                raise
            raise SaveError(
                f"{self.path} is not a table companion save ({exc}); it was left untouched: "
                "move it aside, or start with --data-dir DIR"
            ) from exc
        if app_id not in (0, APPLICATION_ID) or (app_id == 0 and tables):
            self.db.close()
            raise SaveError(
                f"{self.path} belongs to another program; it was left untouched: "
                "move it aside, or start with --data-dir DIR"
            )
        self.version = self.db.execute("PRAGMA user_version").fetchone()[0]
        return app_id, tables

    def _upgrade(self) -> None:
        with self._tx():
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            for old in range(version, VERSION):
                self.db.execute(UPGRADES[old])
            if version < VERSION:
                self.db.execute(f"PRAGMA user_version={VERSION}")
        self.version = VERSION

    # An older ledger opened read-only cannot be upgraded: its missing columns read as their defaults.
    @property
    def _revision(self) -> str:
        return "revision" if self.version >= 2 else "0"

    @property
    def _files(self) -> str:
        return "files" if self.version >= 3 else "'{}'"

    def _tx(self, begin: str = "BEGIN IMMEDIATE") -> _Transaction:
        return _Transaction(self.db, begin)

    def close(self) -> None:
        self.db.close()

    def files(self) -> list[Path]:
        """The ledger and SQLite's companion files beside it: nothing may be written over them."""
        return [self.path, *(self.path.with_name(self.path.name + end) for end in ("-wal", "-shm", "-journal"))]

    # --- games ----------------------------------------------------------------------------------
    @guarded
    def create(self, game: Game[Any]) -> SavedGame:
        now = time.time()
        with self._tx():
            cur = self.db.execute(
                "INSERT INTO games (kind, players, options, created, updated, files) VALUES (?,?,?,?,?,?)",
                (game.kind, json.dumps(game.players), json.dumps(game.options), now, now, json.dumps(game.files)),
            )
            gid = int(cur.lastrowid or 0)  # an INSERT's row id, never 0
            for seq, event in enumerate(game.events, start=1):
                self._insert(gid, seq, game.kind, event)
        return SavedGame(self, gid, game, 0)

    def _insert(self, gid: int, seq: int, kind: str, event: Event) -> None:
        self.db.execute(
            "INSERT INTO events (game_id, seq, body) VALUES (?,?,?)", (gid, seq, json.dumps(event_to_json(kind, event)))
        )

    @guarded
    def games(self) -> list[GameInfo]:
        """Every saved game, the latest first; ``events`` is None for a game the ledger cannot read."""
        heads = self.db.execute("SELECT id, kind, players, updated FROM games ORDER BY updated DESC").fetchall()
        return [
            GameInfo(gid, kind, json.loads(players), self._count(gid), updated) for gid, kind, players, updated in heads
        ]

    def _count(self, gid: int) -> int | None:
        try:
            return self.latest_event(gid)
        except SaveError:  # a damaged page holds some of its events: the other games stay usable
            return None

    @guarded
    def load(self, gid: int, lexicon: Lexicon | None = None) -> SavedGame:
        try:
            with self._tx("BEGIN"):  # one snapshot: the header, the events and the revision agree
                row = self.db.execute(
                    f"SELECT kind, players, options, {self._revision}, {self._files} FROM games WHERE id = ?", (gid,)
                ).fetchone()
                rows = self.db.execute(
                    "SELECT body, undone FROM events WHERE game_id = ? ORDER BY seq", (gid,)
                ).fetchall()
        except sqlite3.DatabaseError as exc:
            if _code(exc) != "SQLITE_CORRUPT":
                raise
            raise SaveError(
                f"saved game {gid} cannot be read: the ledger {self.path} is damaged where it is kept "
                f"({exc}); the other saved games still open: export them (companion export ID FILE), "
                "then move the ledger aside"
            ) from exc
        if row is None:
            raise SaveError(f"there is no saved game {gid}; `companion games` lists them")
        try:
            kind = row[0]
            game = import_log(
                {
                    "game": kind,
                    "players": json.loads(row[1]),
                    "options": json.loads(row[2]),
                    "events": [json.loads(b) for b, undone in rows if not undone],
                },
                lexicon,
                files=json.loads(row[4]) or None,
            )  # None: a game saved before files were kept
            undone = [event_from_json(kind, json.loads(b)) for b, u in rows if u]
        except (CompanionError, ValueError) as exc:
            raise SaveError(f"saved game {gid} is damaged ({exc}); the file was left untouched") from exc
        for event in reversed(undone):
            game._redo.append(event)
        return SavedGame(self, gid, game, row[3])

    # --- following changes made by other windows -------------------------------------------------
    @guarded
    def data_version(self) -> int:
        """A number that changes whenever another connection commits to the ledger (SQLite's
        ``PRAGMA data_version``): cheap enough to poll several times a second."""
        return int(self.db.execute("PRAGMA data_version").fetchone()[0])

    @guarded
    def latest_event(self, gid: int) -> int:
        """The number of game ``gid``'s latest event (counted from 1 as in a game log; 0 before the first)."""
        return int(
            self.db.execute("SELECT count(*) FROM events WHERE game_id = ? AND NOT undone", (gid,)).fetchone()[0]
        )

    @guarded
    def revision(self, gid: int) -> int:
        """How many writes game ``gid`` has had (plays, undos, redos): equal revisions, equal games."""
        row = self.db.execute(f"SELECT {self._revision} FROM games WHERE id = ?", (gid,)).fetchone()
        if row is None:
            raise SaveError(f"there is no saved game {gid}; `companion games` lists them")
        return int(row[0])

    @guarded
    def delete(self, gid: int) -> None:
        with self._tx():
            self.db.execute("DELETE FROM games WHERE id = ?", (gid,))

    # --- the house list, shared by every game of a kind ------------------------------------------
    @guarded
    def house(self, kind: str) -> House:
        rows = self.db.execute("SELECT word, accept FROM house WHERE kind = ?", (kind,)).fetchall()
        return House(frozenset(w for w, a in rows if a), frozenset(w for w, a in rows if not a))

    # --- the table's house settings, JSON values by name ----------------------------------------
    @guarded
    def setting(self, name: str, default: object = None) -> object:
        row = self.db.execute("SELECT value FROM settings WHERE name = ?", (name,)).fetchone()
        return json.loads(row[0]) if row else default

    @guarded
    def set_setting(self, name: str, value: object) -> None:
        self.db.execute("INSERT OR REPLACE INTO settings (name, value) VALUES (?,?)", (name, json.dumps(value)))

    @guarded
    def set_house(self, kind: str, word: str, accept: bool | None) -> None:
        """Accept or ban ``word`` for every game of ``kind``; None takes it off the house list."""
        if accept is None:
            self.db.execute("DELETE FROM house WHERE kind = ? AND word = ?", (kind, word.upper()))
        else:
            self.db.execute(
                "INSERT OR REPLACE INTO house (kind, word, accept) VALUES (?,?,?)", (kind, word.upper(), int(accept))
            )


class SavedGame:
    """A game bound to its rows in the store: every change is committed before it returns.

    ``revision`` is the game's revision this object last read or wrote; a write finding another
    one raises GameMovedOn and changes nothing (``reload`` then catches up)."""

    def __init__(self, store: Store, gid: int, game: Game[Any], revision: int):
        self.store, self.id, self.game, self.revision = store, gid, game, revision

    def _live(self) -> int:
        return len(self.game.events)

    @guarded
    def apply(self, event: Event) -> Outcome:
        self.game.check(event)  # raises before anything is written when illegal
        with self._write():
            self.store.db.execute("DELETE FROM events WHERE game_id = ? AND seq > ?", (self.id, self._live()))
            self.store._insert(self.id, self._live() + 1, self.game.kind, event)
            if isinstance(event, HouseWord):
                self.store.set_house(self.game.kind, event.word, event.accept)
        return self.game.apply(event)

    @guarded
    def undo(self) -> Event | None:
        if not self.game.events:
            return None
        with self._write():  # the file first: a failed write changes nothing
            self._mark(self._live(), undone=True)
            if isinstance(event := self.game.events[-1], HouseWord):
                self.store.set_house(self.game.kind, event.word, self.game.state_before_last.house.say(event.word))
        return self.game.undo()

    @guarded
    def redo(self) -> Event | None:
        if not self.game.can_redo:
            return None
        with self._write():
            self._mark(self._live() + 1, undone=False)
            if isinstance(event := self.game.next_redo, HouseWord):
                self.store.set_house(self.game.kind, event.word, event.accept)
        return self.game.redo()

    def _mark(self, seq: int, undone: bool) -> None:
        self.store.db.execute("UPDATE events SET undone = ? WHERE game_id = ? AND seq = ?", (int(undone), self.id, seq))

    @contextmanager
    def _write(self) -> Iterator[None]:
        """One transaction that first checks nobody else moved the game on, and counts itself."""
        with self.store._tx():
            row = self.store.db.execute("SELECT revision FROM games WHERE id = ?", (self.id,)).fetchone()
            if row is None:
                raise GameMovedOn(f"saved game {self.id} was deleted in another window; nothing was written")
            if row[0] != self.revision:
                raise GameMovedOn(
                    f"saved game {self.id} was changed in another window; nothing was written: reload it and play again"
                )
            yield
            self.store.db.execute(
                "UPDATE games SET updated = ?, revision = revision + 1 WHERE id = ?", (time.time(), self.id)
            )
        self.revision += 1

    def reload(self) -> SavedGame:
        """The game as the store holds it now (another window may have moved it on)."""
        return self.store.load(self.id, self.game.lexicon)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any error: one event, one transaction."""

    def __init__(self, db: sqlite3.Connection, begin: str = "BEGIN IMMEDIATE"):
        self.db, self.begin = db, begin

    def __enter__(self) -> None:
        self.db.execute(self.begin)

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: object) -> None:
        try:
            if exc_type is None:
                self.db.execute("COMMIT")
        finally:  # an error, or a COMMIT that failed (a full disk): nothing of the transaction stays
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")


def changes_between(before: Game[Any], after: Game[Any]) -> list[str]:
    """What happened to a game between two readings, in each event's own words: undone events, then new ones."""
    same = 0
    for mine, theirs in zip(before.events, after.events):
        if mine != theirs:
            break
        same += 1
    undone = [f"undid {o.summary or o.event.type}" for o in reversed(before.outcomes[same:])]
    return undone + [o.summary or o.event.type for o in after.outcomes[same:]]


def new_game(store: Store, kind: str, players: list[str], options: dict[str, Any] | None = None) -> Game[Any]:
    """A game with the table's house list folded into its options, not saved yet."""
    opts = dict(options or {})
    if house := store.house(kind):
        opts["house"] = (house | House.of(opts.get("house"))).as_lists()
    return game_class(kind)(players, opts)


def new_saved_game(store: Store, kind: str, players: list[str], options: dict[str, Any] | None = None) -> SavedGame:
    """Start a game with the table's house list folded into its options, and save it."""
    return store.create(new_game(store, kind, players, options))
