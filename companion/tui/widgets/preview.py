"""The line under an input that says what the typed text would do, or what is wrong with it."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from companion.tui.rich_text import literal


class Preview(Static):
    """Shows a preview; ``tone`` is "ok", "error" or "" and colours the frame."""

    DEFAULT_CSS = """
    Preview { height: auto; min-height: 3; padding: 0 1; border: round $panel-lighten-2; }
    Preview.-ok { border: round $success; }
    Preview.-error { border: round $error; color: $text-error; }
    """

    def show(self, text: Text | str, tone: str = "", title: str = "") -> None:
        self.set_class(tone == "ok", "-ok")
        self.set_class(tone == "error", "-error")
        self.border_title = title
        self.update(literal(text))
