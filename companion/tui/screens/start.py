"""Start: a new game, a saved game to resume, the demo, or the word judge alone."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, OptionList, Select, Static, TabbedContent, TabPane
from textual.widgets.option_list import Option

from companion.errors import CompanionError, SaveError
from companion.games import GAME_CLASSES
from companion.games.options import Option as GameOption
from companion.lexicon import Lexicon
from companion.overview import overview
from companion.store import Store, new_game, new_saved_game
from companion.tui.demo import build_demo
from companion.tui.screens.confirm import ConfirmScreen
from companion.tui.screens.judge import JudgeScreen
from companion.tui.rich_text import suit_label

DICTIONARY_HINT = "ENABLE (or the path of a word list, one word a line)"
FIRST_GAME = next(iter(GAME_CLASSES))


def form_options(pick_lists: bool) -> list[tuple[str, GameOption]]:
    """(game, option) for every option the new-game screen offers: pick lists, or else tick boxes."""
    return [
        (kind, o)
        for kind, cls in GAME_CLASSES.items()
        for o in cls.options_known().values()
        if o.label and bool(o.choices) == pick_lists
    ]


def pick_list(option: GameOption) -> list[tuple[Text | str, str]]:
    """A pick list's choices; the Select holds "" for leaving the option out."""
    return [
        (suit_label(value) if option.suits else label, value or "")
        for label, value in (option.picks if option.labels else [(str(c), c) for c in option.choices])
    ]


class StartScreen(Screen):
    BINDINGS = [
        Binding("ctrl+n", "new_game", "New game", tooltip="Set up a new game"),
        Binding("ctrl+s", "start", "Start game", tooltip="Start the new game set up here"),
        Binding("ctrl+r", "resume", "Resume", tooltip="Pick a saved game"),
        Binding("ctrl+o", "demo", "Demo game", tooltip="Open a ready Word Thief game for three"),
        Binding("ctrl+g", "judge", "Judge words", tooltip="Judge words against the dictionary, no game"),
        Binding(
            "delete", "delete_game", "Delete game", tooltip="Delete the saved game picked in the list (asks first)"
        ),
    ]

    def __init__(self, store: Store | None, error: str = "") -> None:
        super().__init__()
        self.store, self.error = store, error

    def compose(self) -> ComposeResult:
        yield Static(
            Text.assemble(("Table companion", "bold"), "  keeps the score of your word card game"), id="start-title"
        )
        yield Static(Text(self.error), id="start-error", classes="error" if self.error else "")
        with TabbedContent(id="start-tabs"):
            with TabPane("New game", id="new"):
                yield from self.new_game_form()
            with TabPane("Resume", id="resume"):
                yield OptionList(id="saved-games")
            with TabPane("Demo", id="demo"):
                yield Static("A Word Thief game for Ann, Bob and Cy with a few plays made: a locked word, a steal.")
                yield Button("Open the demo game", id="demo-button", variant="primary")
            with TabPane("Judge", id="judge"):
                yield Static("Is it a word? Judge words against the dictionary, with no game and no ledger.")
                with Grid(classes="form-grid"):
                    yield Label("Dictionary")
                    yield Input(placeholder=DICTIONARY_HINT, id="judge-dictionary", compact=True)
                    yield Label("House list")
                    yield Select(
                        [
                            ("none: the word list alone", ""),
                            *((f"{cls.title} (accepted and banned words)", kind) for kind, cls in GAME_CLASSES.items()),
                        ],
                        value="",
                        allow_blank=False,
                        id="judge-house",
                        compact=True,
                    )
                with Horizontal(classes="start-row"):
                    yield Button("Judge words", id="judge-button", variant="primary", compact=True)
        yield Footer(show_command_palette=False)

    def new_game_form(self) -> ComposeResult:
        with VerticalScroll(id="new-form"):
            with Grid(classes="form-grid"):
                yield Label("Game")
                yield Select(
                    [(cls.title, kind) for kind, cls in GAME_CLASSES.items()],
                    value=FIRST_GAME,
                    allow_blank=False,
                    id="kind",
                    compact=True,
                )
                yield Label("Players", id="players-label")
                yield Input(
                    placeholder="the players' names in seating order, commas between", id="players", compact=True
                )
                for kind, option in form_options(pick_lists=True):
                    yield Label(option.label, classes=kind)
                    yield Select(
                        pick_list(option),
                        value=option.start or "",
                        allow_blank=False,
                        id=f"{kind}-{option.key}",
                        compact=True,
                        classes=kind,
                    )
                yield Label("Dictionary")
                yield Input(placeholder=DICTIONARY_HINT, id="dictionary", compact=True)
            for kind, option in form_options(pick_lists=False):
                yield Checkbox(option.label, id=f"{kind}-{option.key}", classes=kind, compact=True)
            with Horizontal(classes="start-row"):
                yield Button("Start the game", id="start-button", variant="success", compact=True)

    def on_mount(self) -> None:
        if self.store is None:
            for pane in ("new", "resume", "demo"):
                self.query_one("#start-tabs", TabbedContent).disable_tab(pane)
            self.query_one("#start-tabs", TabbedContent).active = "judge"
            self.query_one("#judge-house", Select).disabled = True  # the house list is kept in the save file
            return
        self.show_game_options(FIRST_GAME)
        self.query_one("#players", Input).focus()
        self.seen_version = self.store.data_version()
        self.set_interval(1, self.follow)

    def follow(self) -> None:
        """List the games other windows save or play, as they do."""
        if self.store is not None and (version := self.store.data_version()) != self.seen_version:
            self.seen_version = version
            self.fill_saved_games()

    def on_screen_resume(self) -> None:
        self.fill_saved_games()

    def fill_saved_games(self) -> None:
        if self.store is None:
            return
        saved = self.query_one("#saved-games", OptionList)
        was = saved.highlighted_option.id if saved.highlighted_option else None
        saved.clear_options()
        try:
            games = overview(self.store)
        except SaveError as exc:  # the list itself is unreadable: the judge still works
            self.say(str(exc))
            return
        saved.add_options([Option(Text(g.line()), id=str(g.info.id)) for g in games])
        if games:
            ids = [str(g.info.id) for g in games]
            saved.highlighted = ids.index(was) if was in ids else 0
        else:
            saved.add_option(Option("No saved games yet.", disabled=True))

    @on(Select.Changed, "#kind")
    def kind_changed(self, event: Select.Changed) -> None:
        self.show_game_options(str(event.value))

    def show_game_options(self, kind: str) -> None:
        for key in GAME_CLASSES:
            for widget in self.query(f".{key}"):
                widget.display = key == kind
        cls = GAME_CLASSES[kind]
        self.query_one("#players-label", Label).update(f"Players ({cls.min_players}-{cls.max_players})")

    def options(self, kind: str) -> dict:
        options: dict = {}
        for game, option in form_options(pick_lists=True):
            if game == kind and (value := self.query_one(f"#{game}-{option.key}", Select).value) != "":
                options[option.key] = value
        for game, option in form_options(pick_lists=False):
            if game == kind and self.query_one(f"#{game}-{option.key}", Checkbox).value:
                options[option.key] = option.ticked
        if path := self.query_one("#dictionary", Input).value.strip():
            options["dictionary"] = path  # the engine reads the word list from the game's options
        return options

    def say(self, message: str) -> None:
        error = self.query_one("#start-error", Static)
        error.update(Text(message))
        error.set_class(bool(message), "error")

    def action_start(self) -> None:
        if self.store is None:
            return
        kind = str(self.query_one("#kind", Select).value)
        try:
            saved = new_saved_game(self.store, kind, self.players(), self.options(kind))
        except CompanionError as exc:
            self.say(f"Cannot start: {exc}")
            return
        self.say("")
        self.app.open_game(saved)

    def action_new_game(self) -> None:
        if self.store is not None:
            self.query_one("#start-tabs", TabbedContent).active = "new"
            self.query_one("#players", Input).focus()

    def action_resume(self) -> None:
        if self.store is not None:
            self.query_one("#start-tabs", TabbedContent).active = "resume"
            self.query_one("#saved-games", OptionList).focus()

    def action_demo(self) -> None:
        if self.store is not None:
            self.app.open_game(build_demo(self.store))

    def action_judge(self) -> None:
        """The judge with the dictionary and house list chosen on the Judge tab, as a new game would judge."""
        path = self.query_one("#judge-dictionary", Input).value.strip()
        kind = str(self.query_one("#judge-house", Select).value) if self.store else ""
        try:
            lexicon = Lexicon.load(path or None, self.store.house(kind) if self.store and kind else None)
        except CompanionError as exc:
            self.say(f"Cannot judge: {exc}")
            return
        self.say("")
        self.app.push_screen(JudgeScreen(lexicon, kind or None))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "delete_game":  # only where a saved game is picked
            return self.store is not None and self.query_one("#start-tabs", TabbedContent).active == "resume"
        return True

    @on(TabbedContent.TabActivated)
    def tab_changed(self) -> None:
        self.refresh_bindings()

    def action_delete_game(self) -> None:
        saved = self.query_one("#saved-games", OptionList)
        if saved.highlighted is None or (option := saved.get_option_at_index(saved.highlighted)).disabled:
            return
        gid = int(option.id or 0)

        def answered(yes: bool | None) -> None:
            if yes and self.store is not None:
                self.store.delete(gid)
                self.say("")
                self.fill_saved_games()

        self.app.push_screen(ConfirmScreen(f"Delete game #{gid} for good?", Text(str(option.prompt))), answered)

    @on(OptionList.OptionSelected, "#saved-games")
    def resume_game(self, event: OptionList.OptionSelected) -> None:
        try:
            saved = self.store.load(int(event.option.id or 0))
        except CompanionError as exc:
            self.say(str(exc))
            return
        self.say("")
        self.app.open_game(saved)

    @on(Input.Submitted, "#players")
    def players_entered(self) -> None:
        """Enter after the names goes on to the next choice: a game starts only when asked (^s or the button)."""
        self.focus_next()

    @on(Input.Changed, "#players, #dictionary")
    @on(Select.Changed, "#kind")
    def form_changed(self) -> None:
        """An error about the form clears as soon as the form is right (nothing is saved to find out)."""
        if self.store is None or not self.query_one("#start-error", Static).has_class("error"):
            return
        kind = str(self.query_one("#kind", Select).value)
        try:
            new_game(self.store, kind, self.players(), self.options(kind))
        except CompanionError:
            return
        self.say("")

    def players(self) -> list[str]:
        return [p.strip() for p in self.query_one("#players", Input).value.split(",") if p.strip()]

    @on(Input.Submitted, "#dictionary")
    @on(Button.Pressed, "#start-button")
    def start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#demo-button")
    def demo_pressed(self) -> None:
        self.action_demo()

    @on(Input.Submitted, "#judge-dictionary")
    @on(Button.Pressed, "#judge-button")
    def judge_pressed(self) -> None:
        self.action_judge()
