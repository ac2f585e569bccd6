"""End of game: each player's remaining cards, the deductions, and the standings they lead to."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Label, Static

from companion.plural import plural
from companion.errors import CompanionError
from companion.events import End
from companion.games import Game
from companion.tui.screens.notice import standings_text
from companion.tui.rich_text import name_text, outcome_text
from companion.tui.widgets.preview import Preview


class EndScreen(ModalScreen[End | None]):
    """Enter moves to the next hand; Enter on the last hand ends the game once the entry is legal."""

    BINDINGS = [
        Binding("escape", "dismiss", "Cancel"),
        Binding("enter", "submit", "Next hand / end the game"),
        Binding("ctrl+o", "snap", "Snap hand", tooltip="Read the cards of the hand from the webcam"),
    ]

    def __init__(self, game: Game, over: str = "") -> None:
        """``over``: why the game is over by itself (the draw pile and a hand used up), or "" when the table stops."""
        super().__init__()
        self.game, self.over = game, over
        self.sizes = game.hand_sizes() or {}  # the cards each player holds, where the ledger knows them
        self.asks_hands = game.deducts_hands  # only a game that deducts hands asks for them

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            why = f"{self.over[0].upper()}{self.over[1:]}: the game is over. " if self.over else "End of game. "
            what = (
                "The cards left in each hand are deducted. Enter goes to the next hand, and on the last one "
                "ends the game."
                if self.asks_hands
                else "Stop the game here? Enter ends it."
            )
            doubt = " Escape, then ^g, challenges the last play first." if self.over else ""
            yield Static(Text(why + what + doubt), classes="dialog-title")
            if self.asks_hands:
                with Grid(id="hands"):
                    for i, player in enumerate(self.game.players):
                        held = self.sizes.get(player, 0)
                        yield Label(Text.assemble(name_text(player), f" ({held})"))
                        yield Input(
                            placeholder=f"{plural(held, 'card')}: {self.game.hand_hint}" if held else "no cards left",
                            id=f"hand-{i}",
                            disabled=not held,
                        )
            yield Preview(id="end-preview")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self.update_preview()

    def end_event(self) -> End:
        if not self.asks_hands:
            return End()
        hands = tuple(
            (p, self.game.parse_cards(self.query_one(f"#hand-{i}", Input).value))
            for i, p in enumerate(self.game.players)
        )
        return End(hands)

    def update_preview(self) -> None:
        preview = self.query_one(Preview)
        try:
            end = self.end_event()
            self.game.check_hands_shown(end)
            outcome = self.game.preview(end)
        except CompanionError as exc:
            preview.show(str(exc), "error", title="check the cards")
            return
        body = Text.assemble(
            outcome_text(outcome), "\n" if outcome.lines else "", standings_text(self.game, outcome.after)
        )
        preview.show(body, "ok", title="if the game ends now")

    def on_input_changed(self, event: Input.Changed) -> None:
        self.update_preview()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        inputs = [i for i in self.query(Input) if not i.disabled]
        if event.input is not inputs[-1]:
            inputs[inputs.index(event.input) + 1].focus()
            return
        self.action_submit()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.asks_hands or action != "snap"

    def action_snap(self) -> None:
        """Fills the hand being typed (the first one until another is chosen)."""
        from companion.tui.screens.snap import snap_into  # loads on first use

        hand = self.focused if isinstance(self.focused, Input) else next(i for i in self.query(Input) if not i.disabled)
        player = self.game.players[int(str(hand.id).removeprefix("hand-"))]
        snap_into(hand, self.game, f"{player}'s hand", target="hand")

    def action_submit(self) -> None:
        try:
            end = self.end_event()
            self.game.check_hands_shown(end)
            self.game.check(end)
        except CompanionError as exc:
            self.query_one(Preview).show(str(exc), "error", title="check the cards")
            return
        self.dismiss(end)
