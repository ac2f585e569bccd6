"""The scoreboard: each player's score, chips, hand and words on the table, and whose turn it is."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import DataTable

from companion.cards import spell
from companion.games import Game
from companion.tui.rich_text import chips_text, name_text, word_text


def table_words(game: Game, player: str) -> list[Text]:
    """What a player has in front of him (the latest round's words and score, in a game of rounds);
    suited cards in their suits' colours."""
    words = [word_text(w.cards, w.locked) if game.has_suits else Text(spell(w.cards)) for w in game.laid_words(player)]
    rounds = game.round_table()
    if rounds and rounds.scores:
        words.append(Text(f"({rounds.scores[-1][player]:+d})", style="dim"))
    return words


def fill_lines(words: list[Text], width: int) -> Text:
    """The words joined by spaces, wrapped between words to lines of at most ``width`` cells."""
    if not words:
        return Text("-", style="dim")
    lines: list[Text] = [Text()]
    for word in words:
        if lines[-1].cell_len and lines[-1].cell_len + 1 + word.cell_len > width:
            lines.append(Text())
        lines[-1].append_text(Text(" ") + word if lines[-1].cell_len else word)
    return Text("\n").join(lines)


class Scoreboard(DataTable):
    """One row per player; ``game`` is pushed down after every change and the rows are rebuilt.

    A player's words wrap onto more lines rather than run off the right edge of the table.
    """

    DEFAULT_CSS = """
    Scoreboard { height: auto; max-height: 12; }
    """

    game: reactive[Game | None] = reactive(None, always_update=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(cursor_type="none", zebra_stripes=True, **kwargs)
        self.can_focus = False

    def on_resize(self) -> None:
        self.game = self.game

    def watch_game(self, game: Game | None) -> None:
        self.clear(columns=True)
        if game is None:
            return
        hands = getattr(game.state, "hands", None)
        best = max(game.scores.values())
        waiting = game.waiting_for()  # a game of rounds waits for its next dealer
        marked = waiting[0] if waiting and not game.end_due() else None  # over by itself: no one is to play
        rows = []
        for player in game.players:
            score = game.scores[player]
            # never an empty cell: a column of width 0 breaks DataTable's auto row height
            turn = Text("▶" if player == marked else " ", style="bold yellow")
            name = name_text(player, style="bold" if player == marked else "")
            if game.ended and score == best:
                name.append(" ★", style="bold yellow")
            row: list[Text] = [turn, name, Text(str(score), style="bold red" if score < 0 else "bold", justify="right")]
            if game.has_chips:
                row.append(chips_text(game.chips(player), score))
            if hands:
                row.append(Text(str(hands[player]), justify="right"))
            rows.append(row)
        columns = ["", "Player", "Score"] + (["Chips"] if game.has_chips else []) + (["Hand"] if hands else [])
        widths = [max(len(columns[i]), *(r[i].cell_len for r in rows)) + 2 for i in range(len(columns))]
        words_width = max(12, (self.size.width or self.app.size.width) - sum(widths) - 3)
        # widths given, not measured: a header measured before the rows came back narrower after undo and redo
        for label, width in zip(columns, widths):
            self.add_column(label, width=width - 2)
        self.add_column("Last round" if game.has_rounds else "Words on the table", width=words_width)
        for player, row in zip(game.players, rows):
            self.add_row(*row, fill_lines(table_words(game, player), words_width), key=player, height=None)
