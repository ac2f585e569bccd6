"""Which cards spelled a Quiddler word: QUIT is Q-U-I-T or QU-I-T, and the points differ."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from companion.decks import Deck


class SpellingScreen(ModalScreen[str | None]):
    """Returns the chosen spelling with dashes between cards (qu-i-t), or None."""

    BINDINGS = [Binding("escape", "dismiss", "Cancel")]

    def __init__(self, word: str, options: list[list[str]], deck: Deck) -> None:
        super().__init__()
        self.word, self.options, self.deck = word, options, deck

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(f"Which cards spell {self.word.upper()}?"), classes="dialog-title")
            yield OptionList(
                *[
                    Option(
                        f"{'-'.join(o):<16} {len(o)} cards, {sum(self.deck.value(f) for f in o)} points",
                        id="-".join(o).lower(),
                    )
                    for o in self.options
                ]
            )
        yield Footer(show_command_palette=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)
