"""Tesseract as the second voter on a card's letters.

tesserocr reads a crop in-process in a few milliseconds; where it does not install,
pytesseract runs the tesseract binary once per photo on all crops stacked in one
image (a process per card would cost ~100 ms each). With neither, `backend()` is
None and `ocr_status()` says what to install. ``COMPANION_OCR=off|tesserocr|pytesseract``
forces a choice (for tests and the benchmark).
"""

from __future__ import annotations

import os
import shutil
from functools import cache
from pathlib import Path
from typing import Protocol

import cv2
import numpy as np
from PIL import Image

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# A lone I is one stroke, which Tesseract held to capitals often reads as nothing; allowed a bar and a
# small l as well, it reads it as one of them: each is taken for an I. Not a one: a playing card's 10
# prints one, and it would confirm a net that took the playing card for an I.
STROKES = "|l"
_AS_LETTERS = str.maketrans(STROKES, "I" * len(STROKES))
_TESSDATA = (
    "/usr/share/tesseract-ocr/5/tessdata",
    "/usr/share/tesseract-ocr/4.00/tessdata",
    "/usr/share/tessdata",
    "/usr/local/share/tessdata",
    "/opt/homebrew/share/tessdata",
)
INSTALL_HINT = (
    "install tesseract-ocr: apt-get install tesseract-ocr (until then card letters are read by the classifier alone)"
)


class Ocr(Protocol):
    def read(self, masks: list[np.ndarray]) -> list[str]:
        """Upper-case letters read in each ink mask ('' when nothing is read)."""


def tessdata_dir() -> str | None:
    """The first directory holding English language data."""
    env = os.environ.get("TESSDATA_PREFIX")
    for d in ((env,) if env else ()) + _TESSDATA:
        if (Path(d) / "eng.traineddata").is_file():
            return d
    return None


def prepare(mask: np.ndarray) -> np.ndarray:
    """Black letters on white with a margin, from the ink the classifier kept (specks and card
    edges already gone: Tesseract invents letters from them)."""
    big = cv2.resize(mask, None, fx=2, fy=2, interpolation=cv2.INTER_LINEAR)  # Tesseract likes tall letters
    return cv2.copyMakeBorder(255 - big, 24, 24, 24, 24, cv2.BORDER_CONSTANT, value=255)


def _letters(text: str) -> str:
    """The capitals Tesseract read, a stroke taken for an I."""
    return "".join(c for c in text.translate(_AS_LETTERS) if c in LETTERS)


class TesserocrOcr:
    def __init__(self, tessdata: str):
        import tesserocr

        self.psm = tesserocr.PSM
        self.api = tesserocr.PyTessBaseAPI(path=tessdata, lang="eng", psm=self.psm.SINGLE_WORD)
        self.api.SetVariable("tessedit_char_whitelist", LETTERS + STROKES)

    def _text(self) -> str:
        return _letters(self.api.GetUTF8Text())

    def read(self, masks: list[np.ndarray]) -> list[str]:
        out = []
        for mask in masks:
            self.api.SetImage(Image.fromarray(prepare(mask)))
            text = self._text()
            # A lone narrow letter (an I) is often no "word" to Tesseract, but a character; a thin bar
            # is not even that to its layout analysis, which drops it: read as a raw line, it is a stroke.
            for psm in (self.psm.SINGLE_CHAR, self.psm.RAW_LINE) if not text else ():
                self.api.SetPageSegMode(psm)
                text = self._text()
                if text:
                    break
            self.api.SetPageSegMode(self.psm.SINGLE_WORD)
            out.append(text)
        return out


class PytesseractOcr:
    """One tesseract process per photo: crops stacked in a column, words mapped back by height."""

    def __init__(self, tessdata: str):
        self.config = f'--tessdata-dir "{tessdata}" --psm 6 -c tessedit_char_whitelist={LETTERS}{STROKES}'

    def read(self, masks: list[np.ndarray]) -> list[str]:
        import pytesseract

        if not masks:
            return []
        tiles = [prepare(m) for m in masks]
        width = max(t.shape[1] for t in tiles)
        tops, column, y = [], [], 0
        for t in tiles:
            t = cv2.copyMakeBorder(t, 0, 0, 0, width - t.shape[1], cv2.BORDER_CONSTANT, value=255)
            tops.append(y)
            column.append(t)
            y += t.shape[0]
        data = pytesseract.image_to_data(np.vstack(column), config=self.config, output_type=pytesseract.Output.DICT)
        out = [""] * len(masks)
        for text, top, height in zip(data["text"], data["top"], data["height"]):
            text = _letters(text)
            if text:
                slot = int(np.searchsorted(tops, top + height / 2, side="right")) - 1
                out[slot] += text
        return out


@cache
def backend() -> Ocr | None:
    choice = os.environ.get("COMPANION_OCR", "auto")
    tessdata = tessdata_dir()
    if choice == "off" or tessdata is None:
        return None
    if choice in ("auto", "tesserocr"):
        try:
            return TesserocrOcr(tessdata)
        except (ImportError, RuntimeError):
            if choice == "tesserocr":
                return None
    if shutil.which("tesseract"):
        try:
            import pytesseract  # noqa: F401
        except ImportError:
            return None
        return PytesseractOcr(tessdata)
    return None


def ocr_status() -> str | None:
    """None when Tesseract can vote; otherwise one line saying what to install."""
    if backend() is not None:
        return None
    if os.environ.get("COMPANION_OCR") == "off":
        return "OCR turned off (COMPANION_OCR=off); card letters are read by the classifier alone"
    if tessdata_dir() is None and shutil.which("tesseract"):
        return "install Tesseract's English data: apt-get install tesseract-ocr-eng"
    return INSTALL_HINT
