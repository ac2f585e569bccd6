"""The coach's screens: the steals the table offers now, and the review of a game once it is over."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from companion.games import Game

SHOWN_STEALS = 12


class CoachScreen(Screen):
    """A title, a line on how to read it, and one table; every cell is plain text, never markup."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back to the table")]

    def __init__(self, title: str, note: str, columns: list[str], rows: list[list[object]]) -> None:
        super().__init__()
        self.title_text, self.note, self.columns, self.rows = title, note, columns, rows

    @classmethod
    def steals(cls, game: Game) -> CoachScreen:
        ideas = game.table_steals()
        rows: list[list[object]] = [
            [i.owner or "", i.stolen, " ".join(i.add), i.word, i.points] for i in ideas[:SHOWN_STEALS]
        ]
        more = f" ({len(ideas) - SHOWN_STEALS} more not shown)" if len(ideas) > SHOWN_STEALS else ""
        note = (
            f"Words {game.to_play} could steal with one or two letters from the hand, best first{more}. "
            "Points before suits: letter sum and length bonus."
            if ideas
            else f"Nothing on the table can be stolen by {game.to_play} now (own and locked words cannot)."
        )
        return cls("Coach: the steals on the table", note, ["from", "word", "add", "new word", "points"], rows)

    @classmethod
    def review(cls, game: Game) -> CoachScreen:
        moments = game.review()
        rows: list[list[object]] = [
            [
                m.at,
                m.player,
                m.played,
                "-" if m.points is None else m.points,
                m.best or "-",
                "-" if m.best_points is None else m.best_points,
                m.note,
            ]
            for m in moments
        ]
        note = (
            "Each turn beside the best the coach finds (docs/coach.md says how it looks)."
            if moments
            else "Nothing to review: no turn was played."
        )
        return cls(
            f"Coach: the review of this {game.title} game",
            note,
            ["when", "player", "played", "pts", "coach's best", "pts", ""],
            rows,
        )

    def compose(self) -> ComposeResult:
        yield Static(Text(self.title_text, style="bold"), id="coach-title")
        yield Static(Text(self.note), id="coach-note")
        yield DataTable(id="coach-table", zebra_stripes=True, cursor_type="row")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(*self.columns)
        for row in self.rows:
            table.add_row(*(Text(str(cell), justify="right" if isinstance(cell, int) else "left") for cell in row))
        table.focus()
