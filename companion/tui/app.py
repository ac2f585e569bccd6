"""The app and its factory: ``make_app()`` is what the CLI runs and what every test drives."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from textual import events
from textual.app import App, SystemCommand
from textual.screen import Screen
from textual.widgets import Input

from companion.errors import SaveError
from companion.lexicon import Lexicon
from companion.store import SavedGame, Store
from companion.tui.demo import build_demo
from companion.tui.card_reader import Camera, default_camera


@dataclass(frozen=True)
class Opening:
    """What the app opens on, as the command line asked: the start screen, the demo, a saved game or the judge."""

    demo: bool = False
    game_id: int | None = None
    judge_only: bool = False
    lexicon: Lexicon | None = None  # judge-only: what judges (ENABLE when None) ...
    house_of: str | None = None  # ... holding the house list of this game's tables


# house settings: a table's choice for all its games, kept in the store (the palette turns them on and off)
HOUSE_SETTINGS = {
    "coach": ("Coach during play", "F2 shows the steals on the table"),
    "show_verdicts": ("Dictionary verdicts while typing", "the play line says whether each word is in the dictionary"),
}


class CompanionApp(App[None]):
    CSS_PATH = Path(__file__).with_name("companion.tcss")
    TITLE = "Table companion"
    cursor_blink = True  # tests turn it off so snapshots are stable

    def __init__(self, opening: Opening, store: Store | None, camera: Camera, store_error: str = "") -> None:
        """``store`` is None in judge-only mode, or when the save file could not be opened (``store_error``)."""
        super().__init__()
        self.opening, self._store, self._store_error = opening, store, store_error
        self.camera = camera  # what a snap photographs with; tests give a stand-in returning sample photos

    def on_mount(self) -> None:
        # Screens are imported where first used: a table opened straight away paints without them.
        opening, store = self.opening, self._store
        if opening.judge_only:
            from companion.tui.screens.judge import JudgeScreen

            self.push_screen(JudgeScreen(opening.lexicon, opening.house_of))
            return
        if store is None:
            self.show_start(None, self._store_error)
            return
        try:
            if opening.demo:
                self.open_game(build_demo(store))
            elif opening.game_id is not None:
                self.open_game(store.load(opening.game_id))
            else:
                self.show_start(store)
        except SaveError as exc:
            self.show_start(store, str(exc))

    def show_start(self, store: Store | None, error: str = "") -> None:
        from companion.tui.screens.start import StartScreen

        self.push_screen(StartScreen(store, error=error))

    def open_game(self, saved: SavedGame) -> None:
        from companion.tui.screens.table import TableScreen

        self.push_screen(TableScreen(saved))

    def leave_game(self) -> None:
        """Back to the start screen: the one under the table, or a new one when the app opened on a game."""
        from companion.tui.screens.start import StartScreen

        if isinstance(self.screen_stack[-2], StartScreen):
            self.pop_screen()
        else:
            self.switch_screen(StartScreen(self._store))

    def teach_deck(self, game: str | None) -> None:
        from companion.tui.screens.teach import TeachScreen

        self.push_screen(TeachScreen(game))

    def share_board(self, game_id: int | None) -> None:
        from companion.share import current
        from companion.tui.screens.share import ShareScreen

        self.push_screen(ShareScreen(current(), game_id))

    def toggle_house_setting(self, name: str, on: bool) -> None:
        """A house setting: on or off for every game at this table (a game's own option turns it on too)."""
        from companion.tui.screens.table import TableScreen

        self._store.set_setting(name, on)
        title, what = HOUSE_SETTINGS[name]
        self.notify(f"{title} {f'on: {what}' if on else 'off'} at this table")
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                screen.house_changed()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if not self.cursor_blink and isinstance(event.widget, Input):
            event.widget.cursor_blink = False

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's own commands, then every key binding the current screen offers right now."""
        from companion.tui.screens.table import TableScreen

        yield from super().get_system_commands(screen)
        if isinstance(screen, TableScreen):
            yield SystemCommand(
                "Another game", "Start a new game or resume a saved one (this one stays saved)", self.leave_game
            )
        yield SystemCommand(
            "Share the board",
            "A QR code that opens this game's live board on phones and the TV",
            partial(self.share_board, screen.saved.id if isinstance(screen, TableScreen) else None),
        )
        for name, (title, what) in HOUSE_SETTINGS.items() if self._store is not None else ():
            on = bool(self._store.setting(name, False))
            yield SystemCommand(
                f"{title}: turn {'off' if on else 'on'}",
                f"House setting for every game at this table: {what} (now {'on' if on else 'off'})",
                partial(self.toggle_house_setting, name, not on),
            )
        yield SystemCommand(
            "Teach a deck",
            "Photograph a deck you own once, so the camera reads its print",
            partial(self.teach_deck, screen.game.kind if isinstance(screen, TableScreen) else None),
        )
        for binding in screen.BINDINGS:
            if binding.description and screen.check_action(binding.action, ()):
                yield SystemCommand(
                    binding.description,
                    binding.tooltip or f"key {binding.key}",
                    partial(screen.run_action, binding.action),
                )


def make_app(
    store: Store | None = None,
    demo: bool = False,
    game_id: int | None = None,
    judge_only: bool = False,
    camera: Camera = default_camera,
    lexicon: Lexicon | None = None,
    house_of: str | None = None,
) -> CompanionApp:
    """The app for ``companion``, ``--demo``, ``--resume ID`` and ``companion judge``; in judge-only mode
    ``lexicon`` (ENABLE when None) judges, holding the house list of ``house_of``'s games.

    The store (the user's save file unless one is given) is opened here, before the app, as Posting's
    ``make_posting`` loads its settings: the app gets what it runs on, and a save file that cannot be
    opened is said on the start screen, where the judge still works."""
    error = ""
    if store is None and not judge_only:
        try:
            store = Store()
        except SaveError as exc:
            error = str(exc)
    return CompanionApp(Opening(demo, game_id, judge_only, lexicon, house_of), store, camera, error)
