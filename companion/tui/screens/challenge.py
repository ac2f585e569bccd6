"""Who challenges which word: the engine then judges it and the table sees the verdict."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from companion.events import Challenge
from companion.games import Game


class ChallengeScreen(ModalScreen[Challenge | None]):
    """Pick the word (where a challenge names one) and the challenger; Enter on a challenger commits."""

    BINDINGS = [Binding("escape", "dismiss", "Cancel")]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.targets = game.challengeable()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            if not self.targets:
                yield Static("There is no play to challenge yet.", classes="dialog-title")
            else:
                owner, word = self.targets[0]
                if self.game.challenge_names_word:
                    yield Static("Which word is challenged?", classes="dialog-title")
                    yield OptionList(
                        *[Option(Text(f"{w}  ({o})"), id=str(i)) for i, (o, w) in enumerate(self.targets)], id="words"
                    )
                else:
                    yield Static(Text(f"Challenge {word}, played by {owner}?"), classes="dialog-title")
                yield Static("Who challenges? (Enter judges the word at once)")
                yield OptionList(id="challengers")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        if self.targets:
            self.show_challengers(0)
            self.query_one("#words" if self.game.challenge_names_word else "#challengers").focus()

    def show_challengers(self, index: int) -> None:
        owner = self.targets[index][0]
        challengers = self.query_one("#challengers", OptionList)
        challengers.clear_options()
        challengers.add_options([Option(Text(p), id=p) for p in self.game.players if p != owner])
        challengers.highlighted = 0

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "words":
            self.show_challengers(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "words":
            self.query_one("#challengers").focus()
            return
        if self.game.challenge_names_word:
            owner, word = self.targets[self.query_one("#words", OptionList).highlighted or 0]
            self.dismiss(Challenge(event.option.id, of=owner, word=word))
        else:
            self.dismiss(Challenge(event.option.id))
