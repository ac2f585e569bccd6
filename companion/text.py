"""Text from people and files is data: names are checked at entry, anything is shown with its control
characters made visible, and long names are cut to fit a column."""

from __future__ import annotations

import unicodedata

from companion.errors import SetupError

# Unicode's bidirectional overrides and isolates: they reorder what follows them on screen.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def is_control(char: str) -> bool:
    """A character that moves the cursor, colours or retitles a terminal, or reorders text."""
    return unicodedata.category(char) in ("Cc", "Zl", "Zp") or char in BIDI_CONTROLS


def printable(text: str) -> str:
    """``text`` with each control character written as its escape (``\\x1b``), so it shows instead of acting."""
    if not any(is_control(c) for c in text):
        return text
    return "".join(c.encode("unicode_escape").decode("ascii") if is_control(c) else c for c in text)


def player_name(name: object) -> str:
    """A player's name as the ledger keeps it: trimmed, in Unicode NFC (so é typed two ways is one name),
    free of control characters."""
    text = unicodedata.normalize("NFC", str(name).strip())
    if bad := [c for c in text if is_control(c)]:
        raise SetupError(
            f"the player name '{printable(text)}' holds a control character "
            f"({printable(bad[0])}); type the name in letters, digits and spaces"
        )
    return text


NAME_WIDTH = 16  # a longer name is cut with an ellipsis, so it never pushes a table's columns away


def cut(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters with an ellipsis, so a long name never pushes columns away."""
    return text if len(text) <= width else text[: max(width - 1, 0)] + "…"


def short_name(name: str) -> str:
    """A player's name as lists and tables show it: cut to NAME_WIDTH with an ellipsis.

    >>> short_name("Bartholomew-Alexander")
    'Bartholomew-Ale…'
    """
    return cut(name, NAME_WIDTH)
