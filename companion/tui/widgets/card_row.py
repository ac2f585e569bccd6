"""One word read from a photo: its cards in their suit colours, each with the reader's confidence."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from companion.tui.card_reader import SnapCard
from companion.tui.rich_text import card_text

CELL = 6  # columns per card: "QU♥" or "*E" plus room, and "100%" under it


class CardRow(Widget):
    """Two lines per word: the cards, and under each its confidence (``?`` marks a card to check).
    A flagged card sits on a warning background and the card under the cursor is reversed."""

    DEFAULT_CSS = """
    CardRow { height: 2; width: 1fr; }
    """

    cards: reactive[tuple[SnapCard, ...]] = reactive((), layout=True)
    cursor: reactive[int | None] = reactive(None)  # index of the card under the cursor, if in this word

    class Picked(Message):
        """A card was clicked: the screen moves its cursor there."""

        def __init__(self, row: CardRow, index: int) -> None:
            super().__init__()
            self.row, self.index = row, index

    def __init__(self, cards: tuple[SnapCard, ...], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(CardRow.cards, cards)

    def render(self) -> Text:
        top, bottom = Text(), Text()
        for i, card in enumerate(self.cards):
            label = Text.assemble(" ", card_text(card.card, with_suit=True), " ")  # the padding carries the highlight
            if card.flagged:
                label.stylize("on dark_red")
            if i == self.cursor:
                label.stylize("reverse")
            top.append_text(label)
            top.append(" " * (CELL - len(label.plain)))
            mark = "typed" if card.fixed else f"{round(100 * card.confidence)}%" + ("?" if card.flagged else "")
            bottom.append(f"{mark:<{CELL}}", style="bold yellow" if card.flagged else "dim")
        return Text("\n").join([top, bottom])

    def on_click(self, event: events.Click) -> None:
        index = event.x // CELL
        if 0 <= index < len(self.cards):
            self.post_message(self.Picked(self, index))
