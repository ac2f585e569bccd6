"""A game as a board shows it to the whole table: plain values worked out by the engine, for any view."""

from __future__ import annotations

from typing import Any

from dataclasses import dataclass

from companion.chips import Chips
from companion.games import Game
from companion.games.base import Laid, RoundTable


@dataclass(frozen=True)
class PlayerView:
    name: str
    score: int
    chips: Chips | None  # games played with chips only
    hand: int | None  # cards held, where the game keeps count
    words: tuple[Laid, ...]
    waited_for: bool  # the player the table waits for
    winner: bool


@dataclass(frozen=True)
class LastPlay:
    summary: str
    points: tuple[tuple[str, int], ...]  # each player whose score moved, and by how much
    notes: tuple[str, ...]


@dataclass(frozen=True)
class Board:
    id: int
    title: str
    facts: tuple[str, ...]
    players: tuple[PlayerView, ...]
    waiting: tuple[str, str] | None  # ("Cy", "to play"); None once the game is over
    last: LastPlay | None
    rounds: RoundTable | None
    result: str | None  # "Ann wins" or "a tie" once the game is over
    events: int


def board_of(game: Game[Any], gid: int) -> Board:
    waiting = game.waiting_for()
    winner = game.winner() if game.ended else None
    hands = game.hand_sizes()
    players = tuple(
        PlayerView(
            name=p,
            score=game.scores[p],
            chips=game.chips(p) if game.has_chips else None,
            hand=hands[p] if hands else None,
            words=game.laid_words(p),
            waited_for=waiting is not None and waiting[0] == p,
            winner=p == winner,
        )
        for p in game.players
    )
    last = None
    if game.outcomes:
        o = game.outcomes[-1]
        last = LastPlay(
            o.summary or o.event.type,
            tuple((p, d) for p, d in o.deltas.items() if d),
            tuple(line.note for line in o.lines if line.note),
        )
    result = (f"{winner} wins" if winner else "a tie") if game.ended else None
    return Board(gid, game.title, game.facts(), players, waiting, last, game.round_table(), result, len(game.events))
