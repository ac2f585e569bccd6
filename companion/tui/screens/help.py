"""Help: the rules of the game on the table, how to type a play, and the keys."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

from companion.games import Game

KEYS = """
## Keys
Enter commits the play typed · ^o reads it from the webcam, ^b from a photo file · ^s steal · ^n pass ·
^r Quiddler round · ^g challenge · ^z undo · ^y redo ·
^l ledger (history) · ^t score chart · ^f end of game · F1 this help · ^p every command, "Another game" among them · ^q quit.
Everything is saved the moment it is committed.
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,f1", "dismiss", "Back to the table")]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        options = self.game.chosen_options()
        played = "\n**This table plays with**: " + "; ".join(options) + ".\n" if options else ""
        with VerticalScroll(id="help"):  # focused, so arrows and page keys scroll it
            yield Markdown(self.game.rules + played + KEYS)
        yield Footer(show_command_palette=False)
