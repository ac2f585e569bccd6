"""A photo drawn in half blocks: each character cell shows two pixels, one above the other, so it
shows in any terminal with colour; numbers sit on the cards they name."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

if TYPE_CHECKING:
    import numpy as np

GOOD_LABEL = Style(color="white", bgcolor="rgb(60,190,70)", bold=True)
BAD_LABEL = Style(color="white", bgcolor="rgb(230,40,40)", bold=True)


def half_blocks(pixels: np.ndarray, labels: tuple[tuple[int, int, str, bool], ...] = ()) -> Text:
    """``pixels`` (2 x rows, cols, RGB) as rows of upper half blocks: the top pixel the foreground,
    the bottom one the background. Each label (column, row, text, flagged) is written over the
    cells from its column on, on green, or red when flagged."""
    rows, cols = pixels.shape[0] // 2, pixels.shape[1]
    over: dict[tuple[int, int], tuple[str, Style]] = {}
    for col, row, label, flagged in labels:
        start = min(max(0, col - len(label) // 2), max(0, cols - len(label)))
        for k, ch in enumerate(label):
            over[(min(row, rows - 1), start + k)] = (ch, BAD_LABEL if flagged else GOOD_LABEL)
    text = Text(no_wrap=True, overflow="crop")
    for y in range(rows):
        for x in range(cols):
            if (y, x) in over:
                text.append(*over[(y, x)])
                continue
            (r1, g1, b1), (r2, g2, b2) = pixels[2 * y, x], pixels[2 * y + 1, x]
            text.append("▀", Style(color=f"rgb({r1},{g1},{b1})", bgcolor=f"rgb({r2},{g2},{b2})"))
        if y < rows - 1:
            text.append("\n")
    return text


class PhotoView(Widget):
    """Shows a picture set with ``show``; takes no room while it has none."""

    DEFAULT_CSS = "PhotoView { width: auto; height: auto; }"

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.picture = Text()
        self.labels: tuple[tuple[int, int, str, bool], ...] = ()
        self.display = False

    def show(self, pixels: np.ndarray | None, labels: tuple[tuple[int, int, str, bool], ...] = ()) -> None:
        self.picture = half_blocks(pixels, labels) if pixels is not None else Text()
        self.labels = labels
        self.display = pixels is not None
        self.refresh(layout=True)

    def render(self) -> Text:
        return self.picture

    def get_content_width(self, container, viewport) -> int:  # noqa: ANN001 - Textual's signature
        return max(len(line) for line in self.picture.plain.split("\n"))

    def get_content_height(self, container, viewport, width: int) -> int:  # noqa: ANN001
        return self.picture.plain.count("\n") + 1 if self.picture.plain else 0
