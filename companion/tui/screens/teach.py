"""Teach the card reader a deck the table owns: one photo of its cards laid out in a known order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, LoadingIndicator, Select, Static
from textual.worker import Worker, WorkerState

from companion.games import GAME_CLASSES
from companion.tui.card_reader import Camera, Photo, Teaching, failure_text, find_deck, learn_deck
from companion.tui.rich_text import literal
from companion.tui.widgets.photo_view import PhotoView

if TYPE_CHECKING:
    from companion.tui.app import CompanionApp

STEPS = """\
1. Lay some or all of the deck's cards [b]upright[/b] (tops towards the far edge of the table), in rows \
that do not touch, on a plain table. Include every card you can; Word Thief needs every suit too.
2. List them below left to right, row by row: {example}.
3. [b]^r[/b] photographs them with the webcam; or type the path of a photo of them and press Enter."""


class TeachScreen(ModalScreen[None]):
    """Every later read of the game uses what is learnt here, added to what was taught before. The
    photo's cards are shown boxed and numbered first; a button learns them once the player has looked."""

    BINDINGS = [Binding("escape", "dismiss", "Close"), Binding("ctrl+r", "camera", "Webcam photo")]

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self.game = game or next(iter(GAME_CLASSES))

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="teach"):
            yield Static("Teach the card reader a deck you own", classes="dialog-title")
            yield Select(
                [(cls.title, kind) for kind, cls in GAME_CLASSES.items()],
                value=self.game,
                allow_blank=False,
                id="teach-game",
            )
            yield Static(id="teach-steps")
            yield Input(placeholder="the cards in the photo, left to right, row by row", id="teach-order")
            yield Input(placeholder="the photo's path, then Enter (or ^r for the webcam)", id="teach-path")
            yield LoadingIndicator(id="teach-loading")
            with Horizontal(id="teach-found"):
                yield PhotoView(id="teach-photo")  # the photo's cards boxed and numbered, beside what to do
                with Vertical(id="teach-verdict"):
                    yield Static(id="teach-result")
                    yield Button("Learn them", id="teach-save", variant="primary")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one(LoadingIndicator).display = False
        self.query_one("#teach-save").display = False
        self.teaching: Teaching | None = None
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
        self.query_one("#teach-save").display = False
        self.show_result("Finding the cards…")
        app: CompanionApp = self.app  # type: ignore[assignment]
        self.find(self.game, order, photo, app.camera)

    @work(thread=True, exclusive=True, group="teach", exit_on_error=False)
    def find(self, game: str, order: str, photo: Photo | None, camera: Camera) -> Teaching:
        return find_deck(game, order, camera() if photo is None else photo)

    @work(thread=True, exclusive=True, group="teach-save", exit_on_error=False)
    def learn(self, teaching: Teaching) -> str:
        return learn_deck(teaching)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "teach-save" and self.teaching is not None:
            event.button.display = False
            self.query_one(LoadingIndicator).display = True
            self.learn(self.teaching)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group not in ("teach", "teach-save") or event.state not in (
            WorkerState.SUCCESS,
            WorkerState.ERROR,
        ):
            return
        self.query_one(LoadingIndicator).display = False
        if event.state == WorkerState.ERROR:
            self.show_result(failure_text(event.worker.error), error=True)
        elif event.worker.group == "teach-save":
            self.teaching = None
            self.show_result(str(event.worker.result))
        else:
            self.show_found(event.worker.result)

    def show_found(self, teaching: Teaching) -> None:
        """The photo with its cards boxed and numbered; the button to learn them when they match the list."""
        self.query_one("#teach-steps").display = False  # room for the picture
        self.query_one("#teach-photo", PhotoView).show(teaching.picture, teaching.labels)
        if teaching.problem:
            self.teaching = None
            self.show_result(teaching.problem, error=True)
            return
        self.teaching = teaching
        self.show_result(
            f"Found {teaching.count} cards, numbered in the order you listed them. If each number "
            "sits on the card you meant, learn them:"
        )
        button = self.query_one("#teach-save", Button)
        button.display = True
        button.focus()
        self.call_after_refresh(button.scroll_visible)  # once laid out: on a small screen it lies below the fold

    def show_result(self, text: str, error: bool = False) -> None:
        result = self.query_one("#teach-result", Static)
        result.set_class(error, "error")
        result.update(literal(text))
