"""Yes or no before an action that costs points with a single key (a pass)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from companion.tui.rich_text import literal


class ConfirmScreen(ModalScreen[bool]):
    BINDINGS = [Binding("enter,y", "answer(True)", "Yes"), Binding("escape,n", "answer(False)", "No")]

    def __init__(self, question: str, details: Text | str = "") -> None:
        super().__init__()
        self.question, self.details = question, details

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(literal(self.question), classes="dialog-title")
            yield Static(literal(self.details))
        yield Footer(show_command_palette=False)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
