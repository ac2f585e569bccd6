"""A word read from a photo, wider than its row: its cards go on in more pairs of lines, each with its confidence."""

from __future__ import annotations

from textual.app import App, ComposeResult

from companion.tui.card_reader import SnapCard
from companion.tui.widgets.card_row import CELL, CardRow

WORD = tuple(SnapCard(face, None, 1.0 if face != "J" else 0.42, flagged=face == "J") for face in "ELSAAYOCJR")


class RowApp(App[None]):
    CSS = f"CardRow {{ width: {4 * CELL}; }}"  # four cards a line

    def __init__(self) -> None:
        super().__init__()
        self.picked: list[int] = []

    def compose(self) -> ComposeResult:
        yield CardRow(WORD)

    def on_card_row_picked(self, event: CardRow.Picked) -> None:
        self.picked.append(event.index)


async def test_a_word_wider_than_its_row_shows_every_card_over_its_confidence() -> None:
    app = RowApp()
    async with app.run_test(size=(40, 10)) as pilot:
        row = app.query_one(CardRow)
        assert row.size.height == 6  # ten cards, four a line: three pairs of lines
        lines = [line.rstrip() for line in row.render().plain.split("\n")]
        assert lines == [
            " E     L     S     A",
            "100%  100%  100%  100%",
            " A     Y     O     C",
            "100%  100%  100%  100%",
            " J     R",
            "42%?  100%",
        ]
        await pilot.click(CardRow, offset=(CELL + 1, 2))  # the second card of the second line: the word's sixth
        await pilot.click(CardRow, offset=(1, 5))  # the confidence under the ninth card
        await pilot.click(CardRow, offset=(2 * CELL + 1, 4))  # past the word's last card: nothing
        await pilot.pause()
        assert app.picked == [5, 8]
