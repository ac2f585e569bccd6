"""Read letter cards from a photo of the table: cards found, read, and grouped into words.

>>> from vision import read_photo
>>> reading = read_photo("table.jpg", "quiddler")      # doctest: +SKIP
>>> reading.to_json()                                   # doctest: +SKIP
{"cards": [{"face": "QU", "value": 9, ...}], "words": [[0, 1, 2]]}
"""

from vision.errors import CardsOverlap, NoCamera, NoCardsFound, NotAnImage, OcrUnavailable, TinyImage, VisionError
from vision.ocr import ocr_status
from vision.read import CardRead, PhotoReading, read_photo

__all__ = [
    "read_photo",
    "PhotoReading",
    "CardRead",
    "VisionError",
    "NotAnImage",
    "TinyImage",
    "NoCardsFound",
    "CardsOverlap",
    "NoCamera",
    "OcrUnavailable",
    "ocr_status",
]
