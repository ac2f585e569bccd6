"""Steal: pick an opponent's word, type the new words, and see the transfer before committing."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, SelectionList, Static
from textual.widgets.selection_list import Selection

from companion.errors import CompanionError
from companion.events import Steal
from companion.games import WordThief
from companion.games.word_thief import TableWord
from companion.tui.rich_text import outcome_text, play_lines, word_text
from companion.tui.widgets.preview import Preview


class StealScreen(ModalScreen[Steal | None]):
    """Only stealable words can be ticked; the others say why not. Enter in the input commits."""

    BINDINGS = [
        Binding("escape", "dismiss", "Cancel"),
        Binding("ctrl+o", "snap", "Snap", tooltip="Read the new word(s) from the webcam"),
    ]

    def __init__(self, game: WordThief, verdicts: bool = False) -> None:
        """``verdicts``: the preview says whether each new word is in the dictionary (the table chose to see it)."""
        super().__init__()
        self.game, self.verdicts = game, verdicts
        self.thief = game.to_play or ""
        # the words that can be stolen first; the others follow with the reason they cannot
        self.words = sorted(game.stealable(thief=self.thief), key=lambda pair: pair[1] is not None)
        self.several = bool(game.options.get("one_steal_per_opponent"))

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            # the instructions stay in sight: only what is under them scrolls on a short screen
            yield Static(
                Text(f"{self.thief} steals: tick a word (Space or Enter), then type the new word(s)"),
                classes="dialog-title",
            )
            with VerticalScroll(id="steal-body", can_focus=False):
                yield SelectionList[int](*self.choices(), id="targets")
                yield Input(placeholder=self.hint(), id="new-words")
                yield Preview(id="steal-preview")
        yield Footer(show_command_palette=False)

    def hint(self, word: TableWord | None = None) -> str:
        """An example built from a word on this table: its letters and suits plus one card from the hand."""
        word = word or next((w for w, reason in self.words if reason is None), None)
        if word is None:
            return "the new word(s)"
        letters = "".join(f"*{c.letter.lower()}" if c.wild else c.letter.lower() for c in word.cards)
        suits = "".join(c.suit for c in word.cards if c.suit)
        return f"e.g. {letters}s/{suits}h: {word.text} + an S from the hand"

    def choices(self) -> list[Selection[int]]:
        out = []
        for i, (w, reason) in enumerate(self.words):
            label = Text.assemble(
                word_text(w.cards, w.locked),
                f"  {w.owner}: {w.word_points} word points" + (f" + {w.bonus_points} bonus" if w.bonus_points else ""),
            )
            if reason:
                label.append(f"  (cannot: {reason})", style="dim")
            out.append(Selection(label, i, disabled=reason is not None))
        return out

    def on_mount(self) -> None:
        if not any(reason is None for _, reason in self.words):
            theirs = any(w.owner != self.thief for w, _ in self.words)
            self.query_one(Preview).show(
                "No word can be stolen now: "
                + ("every opponent's word is locked." if theirs else "no opponent has a word on the table."),
                "error",
                title="nothing to steal",
            )
        else:
            self.query_one(Preview).show("Tick the word to steal.", title="preview")

    def on_selection_list_selection_toggled(self, event: SelectionList.SelectionToggled) -> None:
        targets = self.query_one(SelectionList)
        if not self.several and event.selection.value in targets.selected:
            for other in list(targets.selected):
                if other != event.selection.value:
                    targets.deselect(other)
        new_words = self.query_one("#new-words", Input)
        if targets.selected:
            new_words.placeholder = self.hint(self.words[event.selection.value][0])
            # after the click's own focus: typing goes on in the new-word line
            self.call_after_refresh(new_words.focus)
        self.update_preview()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.update_preview()

    def steal_event(self) -> Steal:
        selected = self.query_one(SelectionList).selected
        if not selected:
            raise CompanionError("tick the word to steal first (arrow keys, then Space)")
        targets = tuple((self.words[i][0].owner, self.words[i][0].text) for i in selected)
        text = self.query_one("#new-words", Input).value
        return Steal(self.thief, targets, self.game.parse_play(text))

    def update_preview(self) -> None:
        preview = self.query_one(Preview)
        if not self.query_one("#new-words", Input).value.strip():
            preview.show("Type the new word(s): every stolen card plus at least one from the hand.", title="preview")
            return
        try:
            steal = self.steal_event()
            outcome = self.game.preview(steal)
        except CompanionError as exc:
            preview.show(str(exc), "error", title="not a legal steal")
            return
        kept = [
            Text(f"{w.owner} keeps the {w.bonus_points} bonus points of {w.text}")
            for i in self.query_one(SelectionList).selected
            if (w := self.words[i][0]).bonus_points
        ]
        body = Text("\n").join([*play_lines(self.game, steal.words, self.verdicts), outcome_text(outcome), *kept])
        preview.show(body, "ok", title="legal: Enter commits")

    def action_snap(self) -> None:
        from companion.tui.screens.snap import snap_into  # loads on first use

        snap_into(self.query_one("#new-words", Input), self.game, f"{self.thief}'s new word(s)")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            steal = self.steal_event()
            self.game.check(steal)
        except CompanionError as exc:
            self.query_one(Preview).show(str(exc), "error", title="not a legal steal")
            return
        self.dismiss(steal)
