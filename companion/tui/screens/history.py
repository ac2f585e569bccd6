"""History: every event with its points and chip moves, and the score chart."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static, TabbedContent, TabPane
from textual_plotext import PlotextPlot

from companion.games import Game
from companion.tui.rich_text import move_text, name_text, signed


def wrapped(console: Console, text: Text, width: int) -> Text:
    """``text`` broken between words into lines of at most ``width`` cells (a table cell would cut it)."""
    return Text("\n").join(text.wrap(console, width)) if text.cell_len > width else text


def score_series(game: Game) -> dict[str, list[int]]:
    """Each player's score after every event, starting from 0."""
    series = {p: [0] for p in game.players}
    for outcome in game.outcomes:
        for p in game.players:
            series[p].append(outcome.after[p])
    return series


class HistoryScreen(Screen):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back to the table"),
        Binding("ctrl+t", "show_tab('chart')", "Chart"),
        Binding("ctrl+l", "show_tab('ledger')", "Ledger"),
    ]

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

    def on_resize(self) -> None:
        self.fill_ledger()

    def fill_ledger(self) -> None:
        """One row per ledger line, the chips and the description wrapped to the screen's width, never cut."""
        table = self.query_one("#ledger-table", DataTable)
        table.clear(columns=True)
        rows: list[tuple[Text, Text, Text, Text, Text]] = []
        for n, outcome in enumerate(self.game.outcomes, start=1):
            rows.append(
                (
                    Text(str(n), style="bold"),
                    Text(),
                    Text(),
                    Text(),
                    Text(outcome.summary or outcome.event.type, style="bold"),
                )
            )
            shown: set[str] = set()  # a player's chip move goes on his first line of the event only
            for line in outcome.lines:
                move = outcome.chips.get(line.player) if line.player not in shown else None
                shown.add(line.player)
                rows.append(
                    (
                        Text(),
                        name_text(line.player),
                        Text(
                            signed(line.total),
                            justify="right",
                            style="green" if line.total > 0 else "red" if line.total else "",
                        ),
                        move_text(move) if move else Text(),
                        Text(line.note),
                    )
                )
        if not rows:
            rows.append((Text(), Text(), Text(), Text(), Text("No events yet.")))
        names = max([6, *(name_text(p).cell_len for p in self.game.players)])
        number = len(str(len(self.game.outcomes)))
        room = (self.size.width or self.app.size.width) - (number + names + 6) - 2 * 5 - 2  # padding, scrollbar
        chips = min(22, max([5, *(r[3].cell_len for r in rows)]))
        chips = max(10, min(chips, room - 24))  # on a narrow screen the chips wrap before the description
        what = max(16, room - chips)
        table.add_column("#", width=number)
        table.add_column("Player", width=names)
        table.add_column("Points", width=6)
        table.add_column("Chips", width=chips)
        table.add_column("What", width=what)
        console = self.app.console
        for number, player, points, move, note in rows:
            table.add_row(
                number, player, points, wrapped(console, move, chips), wrapped(console, note, what), height=None
            )
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
