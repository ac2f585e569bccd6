"""Teach the card reader a deck the table owns: one photo of its cards laid out in a known order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, LoadingIndicator, Select, Static
from textual.worker import Worker, WorkerState

from companion.games import GAME_CLASSES
from companion.tui.card_reader import Camera, Photo, failure_text, teach_deck
from companion.tui.rich_text import literal

if TYPE_CHECKING:
    from companion.tui.app import CompanionApp

STEPS = """\
1. Lay some or all of the deck's cards [b]upright[/b] (tops towards the far edge of the table), in rows \
that do not touch, on a plain table. Include every card you can; Word Thief needs every suit too.
2. List them below left to right, row by row: {example}.
3. [b]^r[/b] photographs them with the webcam; or type the path of a photo of them and press Enter."""


class TeachScreen(ModalScreen[None]):
    """Every later read of the game uses what is learnt here; teaching again replaces it."""

    BINDINGS = [Binding("escape", "dismiss", "Close"), Binding("ctrl+r", "camera", "Webcam photo")]

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self.game = game or next(iter(GAME_CLASSES))

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="teach"):
            yield Static("Teach the card reader a deck you own", classes="dialog-title")
            yield Select([(cls.title, kind) for kind, cls in GAME_CLASSES.items()], value=self.game,
                         allow_blank=False, id="teach-game")
            yield Static(id="teach-steps")
            yield Input(placeholder="the cards in the photo, left to right, row by row", id="teach-order")
            yield Input(placeholder="the photo's path, then Enter (or ^r for the webcam)", id="teach-path")
            yield LoadingIndicator(id="teach-loading")
            yield Static(id="teach-result")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one(LoadingIndicator).display = False
        self.show_steps()
        self.query_one("#teach-order").focus()

    def show_steps(self) -> None:
        self.query_one("#teach-steps", Static).update(STEPS.format(example=GAME_CLASSES[self.game].order_example))

    def on_select_changed(self, event: Select.Changed) -> None:
        self.game = str(event.value)
        self.show_steps()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "teach-order":
            self.query_one("#teach-path").focus()
        elif event.value.strip():
            self.start(event.value.strip())

    def action_camera(self) -> None:
        self.start(None)

    def start(self, photo: Photo | None) -> None:
        order = self.query_one("#teach-order", Input).value
        if not order.strip():
            self.show_result("List the cards first (step 2).", error=True)
            self.query_one("#teach-order").focus()
            return
        self.query_one(LoadingIndicator).display = True
        self.show_result("Learning the deck…")
        app: CompanionApp = self.app  # type: ignore[assignment]
        self.learn(self.game, order, photo, app.camera)

    @work(thread=True, exclusive=True, group="teach", exit_on_error=False)
    def learn(self, game: str, order: str, photo: Photo | None, camera: Camera) -> str:
        return teach_deck(game, order, camera() if photo is None else photo)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "teach" or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        self.query_one(LoadingIndicator).display = False
        if event.state == WorkerState.SUCCESS:
            self.show_result(str(event.worker.result))
        else:
            self.show_result(failure_text(event.worker.error), error=True)

    def show_result(self, text: str, error: bool = False) -> None:
        result = self.query_one("#teach-result", Static)
        result.set_class(error, "error")
        result.update(literal(text))
