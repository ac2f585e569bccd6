"""The scoreboard: each player's score, chips, hand and words on the table, and whose turn it is."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import DataTable

from companion.cards import spell
from companion.games import Game, Quiddler, WordsAndPoints, WordThief
from companion.tui.view import chips_text, word_text


def table_words(game: Game, player: str) -> Text:
    """What a player has in front of him: Word Thief words, Words And Points plays, Quiddler's last round."""
    if isinstance(game, WordThief):
        words = [word_text(w.cards, w.locked) for w in game.state.table[player]]
    elif isinstance(game, WordsAndPoints):
        words = [Text(spell(w)) for p in game.state.plays if p.player == player for w in p.words]
    elif isinstance(game, Quiddler) and game.state.rounds:
        hand = next(h for h in game.state.rounds[-1].hands if h.player == player)
        words = [Text(spell(w)) for w in hand.words]
    else:
        words = []
    return Text(" ").join(words) if words else Text("-", style="dim")


class Scoreboard(DataTable):
    """One row per player; ``game`` is pushed down after every change and the rows are rebuilt."""

    DEFAULT_CSS = """
    Scoreboard { height: auto; max-height: 10; }
    """

    game: reactive[Game | None] = reactive(None, always_update=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(cursor_type="none", zebra_stripes=True, **kwargs)
        self.can_focus = False

    def watch_game(self, game: Game | None) -> None:
        self.clear(columns=True)
        if game is None:
            return
        hands = getattr(game.state, "hands", None)
        columns = ["", "Player", "Score"] + (["Chips"] if game.has_chips else []) + (["Hand"] if hands else [])
        self.add_columns(*columns, "Last round" if isinstance(game, Quiddler) else "Words on the table")
        best = max(game.scores.values())
        for player in game.players:
            score = game.scores[player]
            # Quiddler has no turns to keep: its marker shows who deals the next round
            marked = game.dealer() if isinstance(game, Quiddler) and not game.ended else game.to_play
            turn = Text("▶", style="bold yellow") if player == marked else Text("")
            name = Text(player, style="bold" if player == marked else "")
            if game.ended and score == best:
                name.append(" ★", style="bold yellow")
            row: list = [turn, name, Text(str(score), style="bold red" if score < 0 else "bold", justify="right")]
            if game.has_chips:
                row.append(chips_text(game.chips(player), score))
            if hands:
                row.append(Text(str(hands[player]), justify="right"))
            row.append(table_words(game, player))
            self.add_row(*row, key=player)
