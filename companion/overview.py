"""Saved games at a glance: game, players, who leads and by how much, finished or not, last played.

The standings come from replaying each game's events, so they are the ledger's own numbers.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from companion.errors import CompanionError
from companion.games import GAME_CLASSES
from companion.store import GameInfo, Store
from companion.text import printable, short_name


@dataclass(frozen=True)
class Overview:
    info: GameInfo
    leader: str | None  # None on a tie, or when the game cannot be read
    score: int | None  # the best score
    finished: bool
    problem: str = ""  # why the saved game cannot be read

    @property
    def title(self) -> str:
        cls = GAME_CLASSES.get(self.info.kind)
        return cls.title if cls else self.info.kind

    @property
    def standing(self) -> str:
        """'Ann leads with 42', 'Ann won with 42', 'a tie at 10'; what is wrong with a damaged game."""
        if self.problem:
            return "cannot be read"
        if self.leader is None:
            return f"a tie at {self.score}"
        return f"{short_name(self.leader)} {'won' if self.finished else 'leads'} with {self.score}"

    @property
    def players(self) -> str:
        """The seating order, each long name cut so one game stays one line."""
        return ", ".join(short_name(p) for p in self.info.players)

    @property
    def state(self) -> str:
        return "damaged" if self.problem else "finished" if self.finished else "in play"

    def line(self) -> str:
        """One line for a list of saved games."""
        g = self.info
        return printable(f"#{g.id}  {self.title} · {self.players} · {self.standing} · {self.state} · {ago(g.updated)}")


def overview(store: Store) -> list[Overview]:
    """Every saved game, most recently played first."""
    out = []
    for info in store.games():
        try:
            game = store.load(info.id).game
        except CompanionError as exc:
            out.append(Overview(info, None, None, False, str(exc)))
            continue
        out.append(Overview(info, game.winner(), max(game.scores.values()), game.ended))
    return out


def ago(then: float) -> str:
    """When a game was last played, as a person says it."""
    minutes = int((time.time() - then) // 60)
    if minutes < 60:
        return f"{minutes} min ago"
    return f"{minutes // 60} h ago" if minutes < 1440 else time.strftime("%d %b", time.localtime(then))
