"""One word read from a photo: its cards in their suit colours, each with the reader's confidence."""

from __future__ import annotations

from math import ceil

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.geometry import Size
from textual.widget import Widget

from companion.tui.card_reader import SnapCard
from companion.tui.rich_text import card_text

CELL = 6  # columns per card: "QU♥" or "*E" plus room, and "100%" under it


class CardRow(Widget):
    """Two lines per word: the cards, and under each its confidence (``?`` marks a card to check); a word wider
    than the row goes on in two more lines, and so on. A flagged card sits on a warning background and the card
    under the cursor is reversed."""

    DEFAULT_CSS = """
    CardRow { height: auto; width: 1fr; }
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

    def _per_line(self, width: int) -> int:
        return max(1, width // CELL)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 2 * max(1, ceil(len(self.cards) / self._per_line(width)))

    def render(self) -> Text:
        per_line = self._per_line(self.size.width)
        lines = []
        for start in range(0, max(1, len(self.cards)), per_line):
            lines += self._lines(start, self.cards[start : start + per_line])
        return Text("\n").join(lines)

    def _lines(self, start: int, cards: tuple[SnapCard, ...]) -> list[Text]:
        """The two lines of ``cards``, the first of them the word's card ``start``."""
        top, bottom = Text(), Text()
        for i, card in enumerate(cards, start):
            label = Text.assemble(" ", card_text(card.card, with_suit=True), " ")  # the padding carries the highlight
            if card.flagged:
                label.stylize("on dark_red")
            if i == self.cursor:
                label.stylize("reverse")
            top.append_text(label)
            top.append(" " * (CELL - len(label.plain)))
            mark = "typed" if card.fixed else f"{round(100 * card.confidence)}%" + ("?" if card.flagged else "")
            bottom.append(f"{mark:<{CELL}}", style="bold yellow" if card.flagged else "dim")
        return [top, bottom]

    def on_click(self, event: events.Click) -> None:
        per_line = self._per_line(self.size.width)
        index = event.y // 2 * per_line + event.x // CELL
        if event.x // CELL < per_line and 0 <= index < len(self.cards):
            self.post_message(self.Picked(self, index))
