"""History: every event with its points and chip moves, and the score chart."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static, TabbedContent, TabPane
from textual_plotext import PlotextPlot

from companion.games import Game
from companion.tui.view import move_text, signed


def score_series(game: Game) -> dict[str, list[int]]:
    """Each player's score after every event, starting from 0."""
    series = {p: [0] for p in game.players}
    for outcome in game.outcomes:
        for p in game.players:
            series[p].append(outcome.after[p])
    return series


class HistoryScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back to the table"),
                Binding("ctrl+t", "show_tab('chart')", "Chart"),
                Binding("ctrl+l", "show_tab('ledger')", "Ledger")]

    def __init__(self, game: Game, tab: str = "ledger") -> None:
        super().__init__()
        self.game, self.tab = game, tab

    def compose(self) -> ComposeResult:
        with TabbedContent(initial=self.tab):
            with TabPane("Ledger", id="ledger"):
                yield DataTable(id="ledger-table", zebra_stripes=True, cursor_type="row")
            with TabPane("Score chart", id="chart"):
                if self.game.outcomes:
                    yield PlotextPlot(id="plot")
                else:
                    yield Static("No events yet: the chart starts with the first play.")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self.fill_ledger()
        if self.game.outcomes:
            self.draw_chart()

    def fill_ledger(self) -> None:
        table = self.query_one("#ledger-table", DataTable)
        table.add_columns("#", "Player", "Points", "Chips", "What")
        for n, outcome in enumerate(self.game.outcomes, start=1):
            table.add_row(Text(str(n), style="bold"), "", "", "", Text(outcome.summary or outcome.event.type, style="bold"))
            shown: set[str] = set()  # a player's chip move goes on his first line of the event only
            for line in outcome.lines:
                move = outcome.chips.get(line.player) if line.player not in shown else None
                shown.add(line.player)
                table.add_row("", line.player, Text(signed(line.total), justify="right",
                                                    style="green" if line.total > 0 else "red" if line.total else ""),
                              move_text(move) if move else "", line.note)
        if not self.game.outcomes:
            table.add_row("", "", "", "", "No events yet.")
        table.move_cursor(row=table.row_count - 1)

    def draw_chart(self) -> None:
        plt = self.query_one(PlotextPlot).plt
        for player, scores in score_series(self.game).items():
            plt.plot(list(range(len(scores))), scores, label=player, marker="braille")
        if len(self.game.outcomes) <= 20:  # whole-numbered event ticks while they fit; plotext's own beyond
            plt.xticks(list(range(len(self.game.outcomes) + 1)))
        plt.title("Score after each event")
        plt.xlabel("event")

    def action_show_tab(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab
