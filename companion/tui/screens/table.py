"""The table: scoreboard, one input line with a live preview, and every action of a turn."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from companion.plural import plural
from companion.errors import CompanionError, GameMovedOn, SaveError
from companion.events import Challenge, Event, HouseWord, Make, Pass
from companion.cards import read_as
from companion.games import Game
from companion.outcome import Outcome
from companion.store import SavedGame, changes_between
from companion.tui.card_reader import warm_up_soon
from companion.tui.screens.challenge import ChallengeScreen
from companion.tui.screens.confirm import ConfirmScreen
from companion.tui.screens.end import EndScreen
from companion.tui.screens.notice import NoticeScreen
from companion.tui.screens.round import RoundScreen
from companion.tui.screens.steal import StealScreen
from companion.tui.rich_text import name_text, outcome_text, play_lines, suit_label
from companion.tui.widgets.preview import Preview
from companion.tui.widgets.scoreboard import Scoreboard

SAVE_FAILED = "The save file could not be written"
FOLLOW_EVERY = 0.5  # seconds between looks at the ledger for changes made in another window


class TableScreen(Screen):
    """Drives one saved game: each committed event is in SQLite before the screen shows it."""

    BINDINGS = [
        Binding("f1", "help", "Help", tooltip="The rules of this game and the keys"),
        Binding("ctrl+s", "steal", "Steal", tooltip="Take an opponent's word and rebuild it"),
        Binding("ctrl+n", "pass_turn", "Pass", tooltip="Pass the turn"),
        Binding("ctrl+o", "snap", "Snap", tooltip="Read the cards of the play from the webcam"),
        Binding("ctrl+b", "snap_file", "Photo file", show=False, tooltip="Read the cards of the play from a photo"),
        Binding("ctrl+r", "round", "Round", tooltip="Enter the round just played"),
        Binding("ctrl+g", "challenge", "Challenge", tooltip="Judge the latest play against the dictionary"),
        Binding("ctrl+z", "undo", "Undo", tooltip="Take back the last event"),
        Binding("ctrl+y", "redo", "Redo", tooltip="Put back what was undone"),
        Binding("ctrl+l", "history", "Ledger", tooltip="History: every event with its points and chip moves"),
        # 80 columns hold no more keys: the chart is a tab of the ledger, and in the palette
        Binding("ctrl+t", "chart", "Chart", show=False, tooltip="Score per turn for every player"),
        Binding("ctrl+f", "end", "End", tooltip="End the game: enter the cards left in each hand"),
        Binding(
            "f2",
            "coach",
            "Coach",
            show=False,
            tooltip="The steals the table offers now (when the table asked "
            "for the coach: the game's option, or the house setting in the palette)",
        ),
        Binding("f3", "review", "Review", tooltip="The coach's review: each turn beside the best it finds"),
    ]

    def __init__(self, saved: SavedGame) -> None:
        super().__init__()
        self.saved = saved
        self.seen_version = saved.store.data_version()
        self.coach_on = False  # hints during play: the game's coach option or the table's house setting
        self.verdicts = False  # the dictionary's verdict while typing: the game's option or the house setting

    @property
    def game(self) -> Game:
        return self.saved.game

    def house_changed(self) -> None:
        """The table's house settings or the game's options, pushed down: the coach and the verdicts."""
        setting = self.saved.store.setting
        self.coach_on = self.game.coach_in_play or bool(setting("coach", False))
        self.verdicts = bool(self.game.options.get("show_verdicts") or setting("show_verdicts", False))
        self.refresh_game()

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Scoreboard(id="scoreboard")
        yield Input(placeholder="type a play, Enter to commit", id="play")
        yield Preview(id="preview")
        yield Static(id="last")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self.house_changed()
        self.set_last(
            Text(f"Saved as game {self.saved.id}: everything is saved the moment it is committed.", style="dim")
        )
        warm_up_soon(self, self.game.kind)
        self.set_interval(FOLLOW_EVERY, self.follow)

    # --- following other windows ---------------------------------------------------------------
    def follow(self) -> None:
        """Catch up when another window (or program) has changed this game: the ledger is the truth."""
        store = self.saved.store
        try:
            version = store.data_version()
            if version == self.seen_version:
                return
            self.seen_version = version
            if store.revision(self.saved.id) != self.saved.revision:
                self.catch_up()
        except SaveError as exc:  # deleted in another window, or the ledger went away
            self.lost(exc)

    def lost(self, exc: SaveError) -> None:
        """The game can no longer be read: say so and take no more plays (nothing shown here was lost)."""
        self.set_last(Text(f"This game can no longer be followed: {exc}", style="bold red"))
        self.query_one("#play", Input).disabled = True

    def catch_up(self, not_done: str = "") -> None:
        """Reload the game and say what changed meanwhile; the play line keeps what was typed."""
        before = self.game
        try:
            self.saved = self.saved.reload()
        except SaveError as exc:
            self.lost(exc)
            return
        changed = "; ".join(changes_between(before, self.game)) or "the game was saved again"
        self.set_last(
            Text.assemble(
                ("Meanwhile, in another window: ", "bold yellow"),
                changed,
                (f"\n{not_done}" if not_done else "", "bold"),
            )
        )
        self.refresh_game()

    # --- pushing state down --------------------------------------------------------------------
    def refresh_game(self) -> None:
        game = self.game
        self.query_one(Scoreboard).game = game
        self.query_one("#status", Static).update(self.status_text())
        play = self.query_one("#play", Input)
        play.display = not game.has_rounds  # a game of rounds is scored a round at a time (^r)
        play.disabled = game.ended or bool(game.end_due())
        self.show_preview(play.value)
        self.refresh_bindings()

    def status_text(self) -> Text:
        game = self.game
        parts: list[Text | str] = [Text(game.title, style="bold")]
        if game.has_suits:
            parts.append(Text.assemble("trump ", suit_label(game.trump)))
        if progress := game.progress():
            parts.append(progress)
        if game.ended:  # first, so a narrow screen cuts the details rather than the winner
            winner = game.winner()
            parts.insert(0, Text(f"Game over: {winner} wins" if winner else "Game over: a tie", style="bold yellow"))
        elif game.end_due():
            parts.insert(0, Text("Game over: ^f deducts the hands", style="bold yellow"))
        elif game.to_play and not game.has_rounds:
            parts.append(Text.assemble(name_text(game.to_play), " to play", style="bold yellow"))
        return Text(" · ").join(Text(p) if isinstance(p, str) else p for p in parts)

    def set_last(self, text: Text) -> None:
        self.query_one("#last", Static).update(text)

    # --- the input line ------------------------------------------------------------------------
    def typed_event(self, text: str) -> Make:
        return Make(self.game.to_play or "", self.game.parse_play(text))

    def show_preview(self, text: str) -> None:
        preview = self.query_one(Preview)
        game = self.game
        if game.ended:
            preview.show(
                "The game is over. F3 shows the coach's review; ^z undoes the end; ^l shows the history.",
                title="game over",
            )
            return
        if why := game.end_due():
            preview.show(
                f"{why[0].upper()}{why[1:]}: the game is over. ^f enters the cards left in each hand "
                "for the deductions; ^g challenges the last play first, if anyone doubts it.",
                title="game over",
            )
            return
        if game.has_rounds:
            preview.show(
                f"Play round {game.round_number} at the table, then press ^r to enter every "
                "player's words and left-over cards.",
                title=game.title,
            )
            return
        if not text.strip():
            what, examples = game.play_hint
            last_cards = "\nThe draw pile is empty: when no one can play, ^f ends the game." if game.pile == 0 else ""
            preview.show(
                Text.assemble(
                    name_text(game.to_play, "bold"),
                    f" to play: type {what}, then Enter\n",
                    examples,
                    ("\nF1 rules and keys · ^p every command", "dim"),
                    (" · F2 the coach" if self.check_action("coach", ()) else "", "dim"),
                    last_cards,
                ),
                title="preview",
            )
            return
        try:
            event = self.typed_event(text)
            outcome = game.preview(event)
        except CompanionError as exc:
            read = read_as(text)  # what the app understood, even when it cannot play it
            preview.show(
                Text.assemble(("cards read: ", "dim"), read, "\n") + Text(str(exc)) if read else str(exc),
                "error",
                title="cannot play that",
            )
            return
        body = Text("\n").join([*play_lines(game, event.words, self.verdicts), outcome_text(outcome)])
        preview.show(body, "ok", title="Enter commits")

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "play":
            self.show_preview(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "play" or not event.value.strip():
            return
        try:
            made = self.typed_event(event.value)
        except CompanionError as exc:
            self.query_one(Preview).show(str(exc), "error", title="cannot play that")
            return
        if self.commit(made) is not None:
            event.input.clear()

    # --- committing ----------------------------------------------------------------------------
    def commit(self, event: Event) -> Outcome | None:
        """Apply and save one event; an illegal one changes nothing and says why. The last one shows the standings;
        a play that leaves the game over (the pile and a hand used up) opens the end of game for the deductions."""
        was_over, was_due = self.game.ended, self.game.end_due()
        try:
            outcome = self.saved.apply(event)
        except GameMovedOn:
            self.catch_up(f"Your {event.type} was not played: check it against the table, then play it again.")
            return None
        except SaveError as exc:  # the store rolled back: nothing was played
            self.query_one(Preview).show(f"{SAVE_FAILED}: {exc}", "error", title="not saved")
            return None
        except CompanionError as exc:
            self.query_one(Preview).show(str(exc), "error", title="cannot play that")
            return None
        last = Text.assemble(("✓ ", "bold green"), outcome.summary or event.type, "  ", outcome_text(outcome))
        if hindsight := self.game.hindsight():  # a Quiddler round: each hand beside its best
            last.append_text(Text.assemble("\n", ("Coach: ", "bold"), " · ".join(m.line() for m in hindsight)))
        self.set_last(last)
        self.refresh_game()
        if self.game.ended and not was_over:
            self.app.push_screen(NoticeScreen.standings(self.game, outcome))
        elif (why := self.game.end_due()) and not was_due:
            self.app.push_screen(EndScreen(self.game, why), self.commit_from_screen)
        return outcome

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide what this game has no use for, and undo or redo while there is nothing to undo or redo."""
        game = self.game
        if action in ("steal", "pass_turn", "snap", "snap_file") and (game.end_due() or game.ended):
            return False  # no turn may follow: only a challenge or the end
        if action == "end" and game.ended:
            return False
        if action == "steal":
            return game.can_steal
        if action == "pass_turn":
            return game.can_pass
        if action == "round":
            return game.has_rounds
        if action in ("snap", "snap_file"):
            return not game.has_rounds and not game.ended  # it fills the play line
        if action == "coach":
            return game.can_steal and self.coach_on and not game.ended
        if action == "review":
            return game.ended
        if action == "undo":
            return bool(game.events)
        if action == "redo":
            return game.can_redo
        return True

    def action_pass_turn(self) -> None:
        """A pass costs points in Word Thief, so a stray key must not commit it: say what it does, then ask."""
        player = self.game.to_play
        if player is None:
            return
        try:
            outcome = self.game.preview(Pass(player))
        except CompanionError as exc:
            self.query_one(Preview).show(str(exc), "error", title="cannot pass")
            return

        def answered(yes: bool | None) -> None:
            if yes and self.commit(Pass(player)):
                self.query_one("#play", Input).clear()

        details = outcome_text(outcome) or Text(outcome.summary)
        self.app.push_screen(ConfirmScreen(f"{player} passes?", details), answered)

    def action_snap(self, from_file: bool = False) -> None:
        from companion.tui.screens.snap import (
            snap_into,  # loads on first use, not at launch
        )

        snap_into(self.query_one("#play", Input), self.game, f"{self.game.to_play}'s play", from_file=from_file)

    def action_snap_file(self) -> None:
        self.action_snap(from_file=True)

    def action_undo(self) -> None:
        if not self.game.events:
            return
        summary = self.game.outcomes[-1].summary
        try:
            self.saved.undo()
        except GameMovedOn:
            self.catch_up("Nothing was undone: undo again if it is still wanted.")
            return
        except SaveError as exc:
            self.set_last(Text(f"{SAVE_FAILED}: {exc}", style="bold red"))
        else:
            self.set_last(Text.assemble(("↶ undone: ", "bold yellow"), summary, "  (^y redoes it)"))
        self.refresh_game()

    def action_redo(self) -> None:
        try:
            done = self.saved.redo()
        except GameMovedOn:
            self.catch_up("Nothing was redone.")
            return
        except SaveError as exc:
            self.set_last(Text(f"{SAVE_FAILED}: {exc}", style="bold red"))
            done = None
        if done is not None:
            self.set_last(Text.assemble(("↷ redone: ", "bold yellow"), self.game.outcomes[-1].summary))
        self.refresh_game()

    def action_steal(self) -> None:
        if self.game.ended:
            return
        self.app.push_screen(StealScreen(self.game, self.verdicts), self.commit_from_screen)

    def action_round(self) -> None:
        if not self.game.ended:
            self.app.push_screen(RoundScreen(self.game), self.commit_from_screen)

    def action_end(self) -> None:
        """The end of game; with cards still in the draw pile the table is asked first how it wants to stop."""
        game = self.game
        if game.ended:
            return
        pile = game.pile or 0
        if not pile or game.end_due():
            self.app.push_screen(EndScreen(game, game.end_due() or ""), self.commit_from_screen)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.push_screen(EndScreen(game), self.commit_from_screen)

        self.app.push_screen(
            ConfirmScreen(
                f"End the game with {plural(pile, 'card')} in the draw pile?",
                "The rules end the game once the pile is empty. Enter ends it now, Escape plays on.",
            ),
            answered,
        )

    def action_challenge(self) -> None:
        self.app.push_screen(ChallengeScreen(self.game), self.commit_challenge)

    def action_history(self, tab: str = "ledger") -> None:
        from companion.tui.screens.history import (
            HistoryScreen,  # plotext loads on first use, not at launch
        )

        self.app.push_screen(HistoryScreen(self.game, tab=tab))

    def action_chart(self) -> None:
        self.action_history("chart")

    def action_coach(self) -> None:
        from companion.tui.screens.coach import CoachScreen

        self.app.push_screen(CoachScreen.steals(self.game))

    def action_review(self) -> None:
        from companion.tui.screens.coach import CoachScreen

        self.app.push_screen(CoachScreen.review(self.game))

    def action_help(self) -> None:
        from companion.tui.screens.help import (
            HelpScreen,  # Markdown loads on first use, not at launch
        )

        self.app.push_screen(HelpScreen(self.game))

    def commit_from_screen(self, event: Event | None) -> None:
        if event is not None:
            self.commit(event)

    def commit_challenge(self, event: Challenge | None) -> None:
        if event is None:
            return
        # the judged words, read before the commit: a NOT VALID play leaves the table
        words = [event.word] if event.word else self.game.challengeable()[0][1].split()
        if (outcome := self.commit(event)) is None:
            return

        def house(accept: bool | None) -> None:
            """The table's ruling on the words from now on: on the house list of this game and the next."""
            for word in words if accept is not None else ():
                self.commit(HouseWord(word, accept))

        self.app.push_screen(NoticeScreen.verdict(outcome), house)
