"""Judge-only mode: type words and the table sees VALID or NOT VALID in large letters."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from companion.games import GAME_CLASSES
from companion.errors import CompanionError
from companion.lexicon import Lexicon, read_words
from companion.tui.widgets.banner import Banner


class JudgeScreen(Screen):
    """No game and no ledger: the dictionary alone. Several words are judged as a whole."""

    BINDINGS = [
        Binding("escape", "leave", "Leave"),
        Binding("ctrl+o", "snap", "Snap", tooltip="Read the word held up to the webcam"),
    ]

    def __init__(self, lexicon: Lexicon | None = None, house_of: str | None = None) -> None:
        """``house_of``: the game whose house list ``lexicon`` holds, named so the table knows what judges."""
        super().__init__()
        self.lexicon = lexicon or Lexicon.load()
        self.house_of = house_of

    def in_use(self) -> str:
        text = f"Word judge · dictionary: {self.lexicon.source}"
        if self.house_of:
            text += (
                f" · {GAME_CLASSES[self.house_of].title} house list: {len(self.lexicon.house.accepted)} "
                f"accepted, {len(self.lexicon.house.banned)} banned"
            )
        return text

    def compose(self) -> ComposeResult:
        with Vertical(id="judge-screen"):
            yield Static(Text(self.in_use(), style="bold"), id="judge-title")
            yield Input(placeholder="type a word (or several) and press Enter", id="judge-input")
            with Center():
                yield Banner("", id="verdict")
            yield Static(id="judged")
        yield Footer(show_command_palette=False)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.value:  # an old verdict must never sit under new text (clearing the line keeps it)
            self.query_one(Banner).word = ""
            self.query_one("#judged", Static).update("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if not event.value.split():
            return
        judged = self.query_one("#judged", Static)
        try:
            typed = read_words(event.value)
        except CompanionError as exc:
            judged.update(Text(str(exc), style="bold red"))
            return
        valid = self.lexicon.judge(typed.words)
        banner = self.query_one(Banner)
        banner.word = "VALID" if valid else "NOT VALID"
        self.set_class(valid, "-valid")
        self.set_class(not valid, "-invalid")
        judged.update(Text.assemble((" ".join(typed.words), "bold"), ("\n" + typed.note if typed.note else "", "dim")))
        event.input.clear()  # the next word is typed afresh; the verdict stays with the word shown under it

    def action_snap(self) -> None:
        from companion.tui.screens.snap import snap_into  # loads on first use

        snap_into(self.query_one("#judge-input", Input), None, "a word to judge", target="word")

    def action_leave(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()
