"""A photo file decoded safely: one clear error for a folder, a locked file, a file cut short or a
picture too big to hold in memory, and no OpenCV or libjpeg warnings printed before it."""

from __future__ import annotations

import io
from pathlib import Path

import cv2
import numpy as np
from PIL import Image

from vision.errors import NotAnImage

MAX_PIXELS = 120_000_000  # a 108-megapixel phone photo still opens; a decompression bomb does not
REDUCE_FROM = 30_000_000  # a JPEG this large is decoded at half size or less (all the reader needs)
_REDUCED = {2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4, 8: cv2.IMREAD_REDUCED_COLOR_8}


def _size(data: bytes) -> tuple[int, int] | None:
    """Width and height from the file's header alone, or None for a format PIL does not know."""
    try:
        with Image.open(io.BytesIO(data)) as im:  # reads the header only
            return im.size
    except Image.DecompressionBombError:  # PIL's own refusal, over 179 million pixels
        if data[12:16] == b"IHDR":  # a PNG says its size first
            return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        return MAX_PIXELS, 2  # more than we open, whatever it is
    except Exception:  # noqa: BLE001 - not a picture PIL knows: OpenCV may still decode it
        return None


def jpeg_cut_short(data: bytes) -> bool:
    """A JPEG whose data stops before its end-of-image marker (a copy or upload that did not finish).
    Walks the marker segments; inside compressed data a 0xFF byte is only ever followed by 0x00,
    a restart marker or more 0xFF, so the first other marker after a scan is the next segment."""
    i = 2
    while i + 2 <= len(data):
        if data[i] != 0xFF:
            return False  # not laid out as we expect: leave it to the decoder
        marker = data[i + 1]
        if marker == 0xFF:
            i += 1
            continue
        if marker == 0xD9:
            return False
        if i + 4 > len(data):
            return True
        i += 2 + int.from_bytes(data[i + 2 : i + 4], "big")
        if marker != 0xDA:
            continue
        while True:  # the scan's compressed data
            j = data.find(b"\xff", i)
            if j < 0 or j + 1 >= len(data):
                return True
            nxt = data[j + 1]
            if nxt == 0x00 or 0xD0 <= nxt <= 0xD7 or nxt == 0xFF:
                i = j + 1 if nxt == 0xFF else j + 2
                continue
            i = j
            break
    return True


def decode(path: Path) -> tuple[np.ndarray, float]:
    """The BGR picture in ``path`` and its scale to the file's pixels: large JPEGs are decoded at a
    half, a quarter or an eighth of their size. Raises NotAnImage saying what is wrong and what to do."""
    if path.is_dir():
        raise NotAnImage(f"{path} is a folder; give the path of a JPEG or PNG photo in it")
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise NotAnImage(f"{path}: no such file; give the path of a JPEG or PNG photo") from None
    except PermissionError:
        raise NotAnImage(
            f"{path}: permission denied; make the photo readable (chmod +r) or copy it somewhere you can read"
        ) from None
    except OSError as exc:
        raise NotAnImage(f"{path}: cannot be read ({exc.strerror}); copy the photo to a local folder") from None
    size = _size(data)
    if size and size[0] * size[1] > MAX_PIXELS:
        said = f"{size[0]}x{size[1]} pixels" if size[1] > 2 else "over 179 million pixels"
        raise NotAnImage(
            f"{path} is {said}, more than the reader opens ({MAX_PIXELS // 1_000_000} million); "
            "shrink it or take a smaller photo"
        )
    is_jpeg, is_png = data[:2] == b"\xff\xd8", data[:8] == b"\x89PNG\r\n\x1a\n"
    if (is_jpeg and jpeg_cut_short(data)) or (is_png and b"IEND" not in data[-12:]):
        raise NotAnImage(f"{path}: the file is cut short (an unfinished copy or download); copy the photo again")
    flags, factor = cv2.IMREAD_COLOR, 1
    if is_jpeg and size and size[0] * size[1] > REDUCE_FROM:
        factor = next(f for f in (8, 4, 2) if size[0] * size[1] / f**2 >= REDUCE_FROM / 4 or f == 2)
        flags = _REDUCED[factor]
    logging = cv2.utils.logging
    level = logging.getLogLevel()
    logging.setLogLevel(logging.LOG_LEVEL_SILENT)  # our one line, not the decoder's warnings
    try:
        img = cv2.imdecode(np.frombuffer(data, np.uint8), flags)
    except cv2.error:
        img = None
    finally:
        logging.setLogLevel(level)
    if img is None:
        raise NotAnImage(f"{path}: not an image OpenCV can read; give a JPEG or PNG photo")
    return img, (img.shape[1] / size[0] if factor > 1 and size else 1.0)
