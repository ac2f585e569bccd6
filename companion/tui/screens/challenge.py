"""Who challenges which word: the engine then judges it and the table sees the verdict."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from companion.cards import spell
from companion.events import Challenge
from companion.games import Game, Quiddler, WordThief


def names_word(game: Game) -> bool:
    """Whether a challenge names its word: Quiddler's always do, Word Thief's with the challenge_any option."""
    return isinstance(game, Quiddler) or (isinstance(game, WordThief) and bool(game.options.get("challenge_any")))


def challengeable(game: Game) -> list[tuple[str, str]]:
    """(owner, word) pairs a challenge may target: the latest play, any word of Quiddler's latest round,
    or any word on a Word Thief table with the challenge_any option."""
    if isinstance(game, WordThief) and names_word(game):
        return [(w.owner, w.text) for words in game.state.table.values() for w in words]
    if isinstance(game, Quiddler):
        if not game.state.rounds:
            return []
        return [(h.player, spell(w)) for h in game.state.rounds[-1].hands for w in h.words]
    if isinstance(game, WordThief):
        play = game.latest_play()
        words = [w.text for w in play.made] if play else []
    else:  # Words And Points
        play = game.state.plays[-1] if game.state.plays else None
        words = [spell(w) for w in play.words] if play else []
    return [(play.player, " ".join(words))] if play else []


class ChallengeScreen(ModalScreen[Challenge | None]):
    """Pick the word (Quiddler) and the challenger; Enter on a challenger commits."""

    BINDINGS = [Binding("escape", "dismiss", "Cancel")]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.targets = challengeable(game)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            if not self.targets:
                yield Static("There is no play to challenge yet.", classes="dialog-title")
            else:
                owner, word = self.targets[0]
                if names_word(self.game):
                    yield Static("Which word is challenged?", classes="dialog-title")
                    yield OptionList(*[Option(Text(f"{w}  ({o})"), id=str(i)) for i, (o, w) in enumerate(self.targets)],
                                     id="words")
                else:
                    yield Static(Text(f"Challenge {word}, played by {owner}?"), classes="dialog-title")
                yield Static("Who challenges? (Enter judges the word at once)")
                yield OptionList(id="challengers")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        if self.targets:
            self.show_challengers(0)
            self.query_one("#words" if names_word(self.game) else "#challengers").focus()

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
        if names_word(self.game):
            owner, word = self.targets[self.query_one("#words", OptionList).highlighted or 0]
            self.dismiss(Challenge(event.option.id, of=owner, word=word))
        else:
            self.dismiss(Challenge(event.option.id))
