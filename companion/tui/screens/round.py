"""Quiddler round entry: each player's words and left-over cards, with bonuses worked out as you type."""

from __future__ import annotations

from contextlib import suppress

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Label, Select, Static

from companion.errors import AmbiguousSpelling, CompanionError
from companion.events import QuiddlerHand, Round
from companion.games import Quiddler
from companion.tui.screens.spelling import SpellingScreen
from companion.tui.rich_text import name_text, outcome_text
from companion.tui.widgets.preview import Preview


class RoundScreen(ModalScreen[Round | None]):
    """One row per player: words (qu-i-t cat) and cards left (z e). Enter on the last row commits."""

    BINDINGS = [
        Binding("escape", "dismiss", "Cancel"),
        Binding("ctrl+o", "snap", "Snap", tooltip="Read the words or cards left from the webcam"),
    ]

    def __init__(self, game: Quiddler) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        game = self.game
        with Vertical(classes="dialog"):
            yield Static(
                f"Round {game.round_number}: {game.round_cards()} cards each. Words as quit or "
                "qu-i-t, cards left as z e.",
                classes="dialog-title",
            )
            with Grid(id="round-grid"):
                yield Label("Went out")
                yield Select([(p, p) for p in game.players], prompt="who went out?", id="out", compact=True)
                yield Label("")  # the rest of the row, then the corner above the names
                yield Label("")
                yield Label("Words", classes="column-title")
                yield Label("Cards left", classes="column-title")
                for i, player in enumerate(game.players):
                    yield Label(name_text(player))
                    yield Input(placeholder="words, e.g. qu-i-t cat", id=f"words-{i}", compact=True)
                    yield Input(placeholder="cards left: qu z", id=f"left-{i}", compact=True)
            yield Preview(id="round-preview")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self.update_preview()

    def action_snap(self) -> None:
        """Fills the words or the cards left being typed (the first player's words until one is chosen)."""
        from companion.tui.screens.snap import snap_into  # loads on first use

        field = self.focused if isinstance(self.focused, Input) else self.query_one("#words-0", Input)
        column, row = str(field.id).split("-")
        player = self.game.players[int(row)]
        if column == "words":
            snap_into(field, self.game, f"{player}'s words")
        else:
            snap_into(field, self.game, f"{player}'s cards left", target="hand")

    def round_event(self) -> Round:
        out = self.query_one("#out", Select).value
        if not isinstance(out, str):
            raise CompanionError("choose who went out (the first box)")
        size = self.game.round_cards()
        hands = []
        for i, player in enumerate(self.game.players):
            typed = self.query_one(f"#words-{i}", Input).value
            words = self.game.parse_play(typed, size) if typed.strip() else ()
            hands.append(QuiddlerHand(player, words, self.game.parse_cards(self.query_one(f"#left-{i}", Input).value)))
        return Round(out, tuple(hands))

    def update_preview(self) -> None:
        preview = self.query_one(Preview)
        try:
            outcome = self.game.preview(self.round_event())
        except AmbiguousSpelling as exc:
            preview.show(f"{exc}, or press Enter to pick the cards", "error", title="which cards?")
            return
        except CompanionError as exc:
            preview.show(str(exc), "error", title="not yet")
            return
        preview.show(outcome_text(outcome), "ok", title="Enter on the last box commits")

    def on_input_changed(self, event: Input.Changed) -> None:
        self.update_preview()

    def on_select_changed(self, event: Select.Changed) -> None:
        self.update_preview()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id and event.input.id.startswith("words-") and self.ask_spelling(event.input):
            return
        inputs = list(self.query(Input))
        if event.input is not inputs[-1]:
            inputs[inputs.index(event.input) + 1].focus()
            return
        try:
            round_ = self.round_event()
            self.game.check(round_)
        except CompanionError as exc:
            self.query_one(Preview).show(str(exc), "error", title="not yet")
            return
        self.dismiss(round_)

    def ask_spelling(self, words: Input) -> bool:
        """Offer the ways the first ambiguous word splits into cards that the hand can hold (beside the row's
        other words and cards left, where they read); the pick is written back with dashes."""
        parts = words.value.replace(",", " ").split()
        size = self.game.round_cards()
        for i, part in enumerate(parts):
            try:
                self.game.parse_play(part, size)
            except AmbiguousSpelling as exc:

                def write_back(spelled: str | None, i: int = i) -> None:
                    if spelled:
                        words.value = " ".join(spelled if j == i else p for j, p in enumerate(parts))
                    words.focus()

                room = size - self.cards_beside(words, parts[:i] + parts[i + 1 :])
                options = [o for o in exc.options if len(o) <= room] or exc.options
                if len(options) == 1:  # the only spelling that fits: nothing to ask
                    write_back("-".join(options[0]).lower())
                    return False
                self.app.push_screen(SpellingScreen(part, options, self.game.deck), write_back)
                return True
            except CompanionError:
                return False
        return False

    def cards_beside(self, words: Input, others: list[str]) -> int:
        """The cards of a row's other words and its cards left, counting only what reads."""
        size = self.game.round_cards()
        row = str(words.id).split("-")[1]
        taken = 0
        for text in others:
            with suppress(CompanionError):
                taken += sum(len(w) for w in self.game.parse_play(text, size))
        with suppress(CompanionError):
            taken += len(self.game.parse_cards(self.query_one(f"#left-{row}", Input).value))
        return taken
