"""Snap: read the cards from the webcam or a photo file, let the player check every doubtful card,
and hand back the text the player would have typed. Nothing is committed here: the text goes into
an input (the play line, a hand, the judge) where the live preview shows what it would do."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, LoadingIndicator, Select, Static
from textual.widgets.input import Selection
from textual.worker import Worker, WorkerState

from companion.plural import plural
from companion.decks import Deck
from companion.games import GAME_CLASSES, Game
from companion.tui.card_reader import (
    Camera,
    Photo,
    Snap,
    SnapCard,
    Target,
    failure_text,
    fix_card,
    read_cards,
    still_missing,
)
from companion.tui.snap_text import snap_text, spelled
from companion.tui.rich_text import card_text, literal
from companion.tui.widgets.card_row import CardRow
from companion.tui.widgets.photo_view import PhotoView

SHORT = 24  # terminal rows: fewer, and the snapped photo gives its room to the cards and the card to fix

if TYPE_CHECKING:
    from companion.tui.app import CompanionApp


class SnapScreen(ModalScreen[str | None]):
    """Dismisses with the text for the input, or None. The cursor starts on the first card to check;
    Enter accepts or fixes the card under it, and once no card is left to check, Enter confirms."""

    AUTO_FOCUS = ""  # not the hidden inputs: nothing takes typing until the cards are read or a path is asked
    BINDINGS = [
        Binding("escape", "dismiss", "Cancel"),
        Binding("down,tab", "move(1)", "Next card"),
        Binding("up,shift+tab", "move(-1)", "Previous"),
        Binding("ctrl+r", "camera", "Webcam"),
        Binding("ctrl+o", "open_file", "Photo file"),
        Binding("ctrl+g", "pick_game", "Which game"),
    ]

    def __init__(
        self,
        field: Input,
        game: str | None,
        what: str,
        camera: Camera,
        target: Target = "play",
        from_file: bool = False,
        deck: Deck | None = None,
    ) -> None:
        super().__init__()
        self.field = field  # the line the snap was opened from, where typing during a read goes
        self.game = game or next(iter(GAME_CLASSES))
        self.deck = deck  # the table's deck (its own deck file); None: the game's shipped deck
        self.pick_game = game is None  # the judge has no game: the player says which deck is in the photo
        self.what, self.camera, self.target, self.from_file = what, camera, target, from_file
        self.photo: Photo | None = None
        self.words: list[list[SnapCard]] = []
        self.pos = 0  # the cursor, counted over every card in reading order

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="snap"):
            yield Static(Text(f"Snap {self.what}"), classes="dialog-title", id="snap-title")
            if self.pick_game:
                yield Select(
                    [(cls.title, kind) for kind, cls in GAME_CLASSES.items()],
                    value=self.game,
                    allow_blank=False,
                    id="snap-game",
                )
            yield LoadingIndicator(id="snap-loading")
            yield Static(id="snap-status")
            with Horizontal(id="snap-view"):
                yield PhotoView(id="snap-photo")  # the photo, each card boxed and numbered
                yield Vertical(id="snap-words")
            with Horizontal(id="snap-fixing"):
                yield PhotoView(id="snap-crop")  # the card under the cursor, when it is one to check
                with Vertical(id="snap-fix-box"):
                    yield Input(id="snap-fix", placeholder="type what the card says")
                    yield Static(id="snap-hint")
            yield Input(id="snap-path", placeholder="the photo's path, then Enter (JPEG or PNG)")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#snap-fix").display = False
        if self.from_file:
            self.action_open_file()
        else:
            self.action_camera()

    # --- reading, in a worker thread -----------------------------------------------------------
    def action_camera(self) -> None:
        self.start_read(None, "Taking a photo with the webcam and reading the cards…")

    def action_open_file(self) -> None:
        self.workers.cancel_group(self, "snap")
        self.set_busy(False)
        self.set_status("Type the path of a photo of the cards and press Enter.")
        path = self.query_one("#snap-path", Input)
        path.display = True
        path.focus()

    def start_read(self, photo: Photo | None, status: str) -> None:
        self.set_busy(True)
        self.set_status(
            status + f" The first read of a session also sets up the reader. Or just type {self.what} instead."
        )
        self.read(photo, self.game)

    def on_resize(self, event: events.Resize) -> None:
        self._fit_photo()

    def _fit_photo(self) -> None:
        """The photo shows where the terminal is tall enough (SHORT): on a shorter one the cards' list, the card
        to fix and what was read (a note to take the photo closer) fit the screen without it."""
        photo = self.query_one("#snap-photo", PhotoView)
        photo.display = bool(photo.picture.plain) and self.app.size.height >= SHORT

    def on_key(self, event: events.Key) -> None:
        """A key typed during a read (which can take many seconds) means the player went back to typing: it
        goes into the line the snap came from and the read is dropped, so no key is lost."""
        if not (event.is_printable and event.character):
            return
        if self.is_current:
            if not self.query_one(LoadingIndicator).display:
                return
            self.workers.cancel_group(self, "snap")
            self.dismiss(None)
        # else: a key of a quick burst, sent here before the dialog closed
        event.stop()
        self.field.insert_text_at_cursor(event.character)

    @work(thread=True, exclusive=True, group="snap", exit_on_error=False)
    def read(self, photo: Photo | None, game: str) -> tuple[Photo, Snap]:
        """Runs off the event loop: OpenCV loads and reads here, the screen keeps painting."""
        if photo is None:
            photo = self.camera()
        return photo, read_cards(photo, game, self.deck)

    async def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "snap":
            return
        if event.state == WorkerState.SUCCESS:
            self.photo, snap = event.worker.result
            await self.show_snap(snap)
        elif event.state == WorkerState.ERROR:
            self.set_busy(False)
            self.words = []  # an earlier reading must not be confirmed under a new error
            await self.query_one("#snap-words").remove_children()
            self.set_status(failure_text(event.worker.error) + " Or press Escape and type the cards.", error=True)
            self.query_one("#snap-path", Input).display = True
            self.query_one("#snap-path", Input).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        """The judge read the photo as another game's cards: read it again."""
        self.game = str(event.value)
        if self.photo is not None:
            self.start_read(self.photo, f"Reading the cards as {GAME_CLASSES[self.game].title}…")

    # --- showing the cards ---------------------------------------------------------------------
    def set_busy(self, busy: bool) -> None:
        self.query_one(LoadingIndicator).display = busy
        if busy:
            for view in self.query(PhotoView):
                view.show(None)
            self.query_one("#snap-fix").display = False
            self.query_one("#snap-path").display = False
            self.query_one("#snap-hint", Static).update("")

    def set_status(self, text: str | Text, error: bool = False) -> None:
        status = self.query_one("#snap-status", Static)
        status.set_class(error, "error")
        status.update(literal(text))

    async def show_snap(self, snap: Snap) -> None:
        self.set_busy(False)
        # a card the player must complete (a wild card's letter, a suit) is marked like a doubtful read
        self.words = [[replace(c, flagged=self.needs_check(c)) for c in word] for word in snap.words]
        notes = list(snap.notes)
        if (note := GAME_CLASSES[self.game].snap_note) and self.target == "play":
            notes.append(note)
        count = sum(map(len, self.words))
        read = plural(count, "card") + ("" if self.target == "hand" else f" in {plural(len(self.words), 'word')}")
        self.set_status(Text.assemble((f"{read} read. ", "bold"), " ".join(notes)))
        self.query_one("#snap-photo", PhotoView).show(snap.picture, snap.labels)
        self._fit_photo()
        box = self.query_one("#snap-words")
        await box.remove_children()
        await box.mount_all(CardRow(tuple(word)) for word in self.words)
        fix = self.query_one("#snap-fix", Input)
        fix.display = True
        fix.focus()
        todo = self.to_check()
        self.move_to(todo[0] if todo else 0)

    def cards(self) -> list[SnapCard]:
        return [card for word in self.words for card in word]

    def typed(self, card: SnapCard) -> str:
        """What the player would type for this card alone, in the game's notation (``Rd``, ``qu``, ``*e``)."""
        return GAME_CLASSES[self.game].format_play(((card.card,),))

    def missing(self, card: SnapCard) -> str | None:
        return still_missing(self.game, card, self.target)

    def needs_check(self, card: SnapCard) -> bool:
        return card.flagged or self.missing(card) is not None

    def to_check(self) -> list[int]:
        return [i for i, card in enumerate(self.cards()) if self.needs_check(card)]

    def locate(self, pos: int) -> tuple[int, int]:
        for w, word in enumerate(self.words):
            if pos < len(word):
                return w, pos
            pos -= len(word)
        raise IndexError(pos)

    def move_to(self, pos: int) -> None:
        self.pos = pos
        w, i = self.locate(pos)
        for row_index, row in enumerate(self.query(CardRow)):
            row.cards = tuple(self.words[row_index])
            row.cursor = i if row_index == w else None
        card = self.words[w][i]
        self.query_one("#snap-crop", PhotoView).show(card.crop if card.flagged else None)
        fix = self.query_one("#snap-fix", Input)
        fix.value = "" if card.needs_letter and self.missing(card) else self.typed(card)
        fix.selection = Selection(0, len(fix.value))  # typing replaces the read
        self.show_hint()

    def show_hint(self, error: str = "") -> None:
        hint = self.query_one("#snap-hint", Static)
        hint.set_class(bool(error), "error")
        if error:
            hint.update(literal(error))
            return
        card = self.cards()[self.pos]
        todo = self.to_check()
        where = Text.assemble(
            f"Card {self.pos + 1} of {len(self.cards())} ", card_text(card.card, with_suit=True), ": "
        )
        if missing := self.missing(card):
            hint.update(where + missing + ", then Enter.")
        elif self.needs_check(card):
            hint.update(
                where + f"{plural(len(todo), 'card')} to check. Type what the card says, or Enter if it is right."
            )
        elif todo:
            hint.update(where + f"{plural(len(todo), 'card')} still to check (↓ moves on).")
        else:
            hint.update(
                Text.assemble(
                    where,
                    "every card checked. Enter puts ",
                    (self.result(), "bold"),
                    f" into {self.what} (nothing is committed yet).",
                )
            )

    def on_card_row_picked(self, event: CardRow.Picked) -> None:
        rows = list(self.query(CardRow))
        self.move_to(sum(len(word) for word in self.words[: rows.index(event.row)]) + event.index)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "move":
            return bool(self.words)  # before a reading, tab moves the focus as usual
        if action == "pick_game":
            return self.pick_game
        return True

    def action_pick_game(self) -> None:
        select = self.query_one("#snap-game", Select)
        select.focus()
        select.expanded = True

    def action_move(self, step: int) -> None:
        self.move_to((self.pos + step) % len(self.cards()))

    # --- fixing and confirming -----------------------------------------------------------------
    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "snap-path":
            if event.value.strip():
                self.start_read(event.value.strip(), "Reading the cards…")
            return
        w, i = self.locate(self.pos)
        card = self.words[w][i]
        typed = event.value.strip()
        kept = typed.lower() == self.typed(card).lower()
        if kept and not self.to_check():
            self.dismiss(self.result())
            return
        try:
            if typed and not kept:
                card = fix_card(self.game, card, typed, self.deck)
        except ValueError as exc:
            self.show_hint(str(exc))
            return
        if missing := self.missing(card):
            self.show_hint(missing)
            return
        self.words[w][i] = replace(card, flagged=False)
        todo = self.to_check()
        after = [p for p in todo if p > self.pos] or todo
        self.move_to(after[0] if after else self.pos)

    def result(self) -> str:
        words = [[(card.face, card.suit) for card in word] for word in self.words]
        if self.target == "word":
            return spelled(words)
        return snap_text(self.game, words, hand=self.target == "hand")


def snap_into(field: Input, game: Game | None, what: str, target: Target = "play", from_file: bool = False) -> None:
    """Snap the cards of ``game`` (read with its deck) for ``field``: the confirmed text replaces what it
    holds, and the player commits it there as if typed. Without a game the player picks one."""
    app: CompanionApp = field.app  # type: ignore[assignment]

    def done(text: str | None) -> None:
        if text:
            field.value = text
            field.cursor_position = len(text)
            field.focus()

    app.push_screen(
        SnapScreen(
            field, game.kind if game else None, what, app.camera, target, from_file, game.deck if game else None
        ),
        done,
    )
