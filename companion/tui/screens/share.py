"""Share the board: the QR code of the live board that `companion serve` offers the table's phones and TV."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from companion.share import Sharing, qr_text

START = "companion serve --host 0.0.0.0"


class ShareScreen(ModalScreen[None]):
    """Shows the board of ``game_id`` (the list of games without one) as `companion serve` shares it."""

    BINDINGS = [Binding("escape,enter", "dismiss", "Back")]

    def __init__(self, sharing: Sharing | None, game_id: int | None) -> None:
        super().__init__()
        self.sharing, self.game_id = sharing, game_id

    def compose(self) -> ComposeResult:
        sharing = self.sharing
        with VerticalScroll(id="share"):
            yield Static(Text("Share the board", style="bold"), id="share-title")
            if sharing is None:
                yield Static(
                    Text.assemble(
                        "No board is served yet. In a terminal on this computer, run\n\n    ",
                        (START, "bold"),
                        "\n\nthen choose Share the board again: it shows a QR "
                        "code that opens the live board on phones and the TV.",
                    )
                )
            elif not sharing.shared:
                yield Static(
                    Text.assemble(
                        "The board is served to this computer only: ",
                        (sharing.board_url(self.game_id), "bold"),
                        "\nTo reach the phones and the TV at the table, stop that server and start it with\n\n    ",
                        (START, "bold"),
                    )
                )
            else:
                url = sharing.board_url(self.game_id)
                yield Static(
                    Text(
                        "Scan it with a phone's camera, or open the address on the TV's browser.\n"
                        "The board is read-only and follows every play."
                    )
                )
                with Center():
                    yield Static(Text(qr_text(url), no_wrap=True), id="share-qr")
                yield Static(Text(url, style="bold"), id="share-url")
        yield Footer(show_command_palette=False)
