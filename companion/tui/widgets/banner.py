"""Large block letters, for a verdict the whole table can read from across it."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widgets import Static

# Five rows per letter; only the letters the judge needs.
FONT = {
    "V": ["█   █", "█   █", "█   █", " █ █ ", "  █  "],
    "A": [" ███ ", "█   █", "█████", "█   █", "█   █"],
    "L": ["█    ", "█    ", "█    ", "█    ", "█████"],
    "I": ["███", " █ ", " █ ", " █ ", "███"],
    "D": ["████ ", "█   █", "█   █", "█   █", "████ "],
    "N": ["█   █", "██  █", "█ █ █", "█  ██", "█   █"],
    "O": [" ███ ", "█   █", "█   █", "█   █", " ███ "],
    "T": ["█████", "  █  ", "  █  ", "  █  ", "  █  "],
    " ": ["  ", "  ", "  ", "  ", "  "],
}


def block_letters(word: str) -> str:
    return "\n".join(" ".join(FONT[ch][row] for ch in word.upper()) for row in range(5))


class Banner(Static):
    """``word`` in block letters (VALID, NOT VALID); the screen's CSS gives it its colour."""

    DEFAULT_CSS = """
    Banner { width: auto; height: 5; text-style: bold; }
    """

    word: reactive[str] = reactive("")

    def __init__(self, word: str = "", **kwargs) -> None:
        super().__init__(block_letters(word) if word else "", **kwargs)
        self.set_reactive(Banner.word, word)

    def watch_word(self, word: str) -> None:
        self.update(block_letters(word) if word else "")
