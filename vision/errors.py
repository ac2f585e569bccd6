"""Errors of the card reader; each carries the exit code `python -m vision` ends with."""

from __future__ import annotations

from companion.errors import CompanionError


class VisionError(CompanionError):
    """Base of every error the card reader raises."""

    exit_code = 10


class NotAnImage(VisionError):
    """A file that is missing or that no image decoder can read."""

    exit_code = 11


class TinyImage(VisionError):
    """An empty image, or one too small to hold a readable card."""

    exit_code = 12


class NoCardsFound(VisionError):
    """A photo in which no card could be found."""

    exit_code = 13


class CardsOverlap(VisionError):
    """Cards found only as overlapping heaps whose indexes cannot be read."""

    exit_code = 14


class OcrUnavailable(VisionError):
    """Tesseract (binary, library or English language data) is not installed."""

    exit_code = 15


class NoCamera(VisionError):
    """No webcam could be opened or it gave no frame."""

    exit_code = 16


class OrderMismatch(VisionError):
    """Teaching photos that show more or fewer cards than ``--order`` lists."""

    exit_code = 17
