"""A full-screen notice the table reads at a glance: a challenge's verdict, the final standings."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from companion.games import Game
from companion.outcome import Outcome
from companion.tui.rich_text import literal, outcome_text
from companion.tui.widgets.banner import Banner


def standings_text(game: Game, scores: dict[str, int]) -> Text:
    ranked = sorted(game.players, key=lambda p: -scores[p])
    best = scores[ranked[0]]
    lines = [
        Text.assemble(f"{i}. ", (f"{p:<12}", "bold"), f"{scores[p]:>5}", ("  ★" if scores[p] == best else "", "yellow"))
        for i, p in enumerate(ranked, start=1)
    ]
    winners = [p for p in ranked if scores[p] == best]
    lines.append(
        Text(f"\n{winners[0]} wins!" if len(winners) == 1 else f"\nA tie: {' and '.join(winners)}", style="bold yellow")
    )
    return Text("\n").join(lines)


class NoticeScreen(ModalScreen[bool | None]):
    """Dismissed with None; after a verdict, with True or False when the table accepts or bans the words."""

    BINDINGS = [
        Binding("enter,escape,space", "dismiss", "Back to the table"),
        Binding("a", "house(True)", "Accept the word at this table"),
        Binding("b", "house(False)", "Ban it"),
    ]

    def __init__(self, title: str, body: Text, banner: str = "", tone: str = "", judged: bool = False) -> None:
        super().__init__(classes=tone)
        self.title_text, self.body, self.banner, self.judged = title, body, banner, judged

    @classmethod
    def verdict(cls, outcome: Outcome) -> NoticeScreen:
        valid = bool(outcome.verdict)
        return cls(
            outcome.summary,
            outcome_text(outcome) or Text("No points move: the play stands."),
            "VALID" if valid else "NOT VALID",
            "-valid" if valid else "-invalid",
            judged=True,
        )

    @classmethod
    def standings(cls, game: Game, outcome: Outcome) -> NoticeScreen:
        body = Text.assemble(
            outcome_text(outcome),
            "\n\n",
            standings_text(game, outcome.after),
            ("\n\nBack at the table, F3 shows the coach's review of the game.", "dim"),
        )
        return cls("Final standings", body)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.judged or action != "house"

    def action_house(self, accept: bool) -> None:
        self.dismiss(accept)

    def compose(self) -> ComposeResult:
        with Vertical(id="notice"):
            if self.banner:
                with Center():
                    yield Banner(self.banner)
            yield Static(Text(self.title_text, style="bold"), id="notice-title")
            yield Static(literal(self.body), id="notice-body")
        yield Footer(show_command_palette=False)
