"""Bad input: a clear one-line message, a specific error, a distinct exit code."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import NoCardsFound, NotAnImage, ocr_status, read_photo
from vision.errors import CardsOverlap, NoCamera, OcrUnavailable, OrderMismatch, TinyImage, VisionError
from vision.designs import draw_card
from vision.render import _composite, _place, render_photo

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "assets" / "samples" / "quiddler-1.jpg"


def run_cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "vision", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        timeout=120,
    )


def test_not_an_image(tmp_path: Path) -> None:
    bogus = tmp_path / "notes.jpg"
    bogus.write_text("not a photo")
    with pytest.raises(NotAnImage, match="not an image"):
        read_photo(bogus, "quiddler")
    with pytest.raises(NotAnImage, match="no such file"):
        read_photo(tmp_path / "missing.jpg", "quiddler")


@pytest.mark.parametrize("shape", [(0, 0, 3), (40, 60, 3)])
def test_empty_or_tiny_image(shape: tuple[int, int, int]) -> None:
    with pytest.raises(TinyImage, match="too small"):
        read_photo(np.zeros(shape, np.uint8), "quiddler")


def test_table_without_cards() -> None:
    table = np.full((720, 1280, 3), (40, 90, 30), np.uint8)
    table += np.random.default_rng(0).integers(0, 12, table.shape, dtype=np.uint8)
    with pytest.raises(NoCardsFound, match="no letter cards found in the photo"):
        read_photo(table, "quiddler")


def test_heap_of_overlapping_cards_is_refused() -> None:
    # Three cards thrown on each other at odd angles: no card-shaped blob to read.
    scene = np.full((1080, 1920, 3), (35, 60, 110), np.float32)
    for angle, face in ((0, "A"), (35, "QU"), (70, "E")):
        _composite(scene, draw_card("quiddler", face), _place(np.array([960, 540]), 260, 364, np.deg2rad(angle)))
    with pytest.raises(CardsOverlap, match="overlapping"):
        read_photo(scene.astype(np.uint8), "quiddler")


def test_a_blank_white_blob_is_no_heap_of_cards() -> None:
    # The same outline with nothing printed inside: a cloth's pattern or glare, not cards.
    photo = np.full((1080, 1920, 3), (35, 60, 110), np.uint8)
    for angle in (0, 35, 70):
        box = cv2.boxPoints(((960, 540), (260, 364), angle)).astype(np.int32)
        cv2.fillPoly(photo, [box], (245, 245, 245))
    with pytest.raises(NoCardsFound, match="no letter cards"):
        read_photo(photo, "quiddler")


def test_huge_photo_is_shrunk_and_corners_stay_in_its_pixels() -> None:
    photo = render_photo("quiddler", 21)
    huge = cv2.resize(photo.image, None, fx=2.5, fy=2.5, interpolation=cv2.INTER_LINEAR)  # 4800 x 2700
    reading = read_photo(huge, "quiddler").to_json()
    assert len(reading["cards"]) == len(photo.truth["cards"])
    xs = [p[0] for c in reading["cards"] for p in c["corners"]]
    assert max(xs) > 1920  # coordinates of the big photo, not of the shrunk copy


def test_require_ocr_without_tesseract(monkeypatch) -> None:
    from vision import ocr

    monkeypatch.setenv("COMPANION_OCR", "off")
    ocr.backend.cache_clear()
    try:
        assert ocr_status() is not None
        with pytest.raises(OcrUnavailable):
            read_photo(SAMPLE, "quiddler", require_ocr=True)
        reading = read_photo(SAMPLE, "quiddler")  # the classifier alone still reads
        assert len(reading.cards) == 5
        assert reading.notes and "OCR" in reading.notes[0]
    finally:
        monkeypatch.delenv("COMPANION_OCR")
        ocr.backend.cache_clear()


def test_ocr_status_names_the_package_to_install(monkeypatch) -> None:
    from vision import ocr

    monkeypatch.setattr(ocr, "tessdata_dir", lambda: None)
    monkeypatch.setattr(ocr.shutil, "which", lambda name: None)
    ocr.backend.cache_clear()
    try:
        assert "apt-get install tesseract-ocr" in ocr_status()
    finally:
        ocr.backend.cache_clear()


def test_no_camera() -> None:
    from vision.camera import snap

    with pytest.raises(NoCamera, match="no webcam"):
        snap(97)


def test_cli_json_lines_in_order_and_error_lines(tmp_path: Path) -> None:
    bogus = tmp_path / "bogus.png"
    bogus.write_bytes(b"\x89PNG garbage")
    result = run_cli("read", "--game", "quiddler", "--json", str(SAMPLE), str(bogus), str(SAMPLE))
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == 3
    assert lines[0] == lines[2] and len(lines[0]["cards"]) == 5
    assert set(lines[1]) == {"error"}
    assert result.returncode == NotAnImage.exit_code
    assert len(result.stderr.strip().splitlines()) == 1


def test_cli_without_ocr_still_reads_and_says_so() -> None:
    result = run_cli("read", "--game", "quiddler", "--json", str(SAMPLE), env={"COMPANION_OCR": "off"})
    assert len(json.loads(result.stdout)["cards"]) == 5
    assert result.returncode == OcrUnavailable.exit_code
    assert "OCR" in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_cli_table_and_usage() -> None:
    result = run_cli("read", "--game", "quiddler", str(SAMPLE))
    assert result.returncode == 0 and "face" in result.stdout and "words:" in result.stdout
    assert run_cli("read", "--game", "chess", str(SAMPLE)).returncode == 2


def test_exit_codes_are_distinct() -> None:
    from vision import errors

    codes = [
        cls.exit_code
        for cls in (
            errors.VisionError,
            NotAnImage,
            TinyImage,
            NoCardsFound,
            CardsOverlap,
            OcrUnavailable,
            NoCamera,
            OrderMismatch,
        )
    ]
    assert len(set(codes)) == len(codes) and 2 not in codes and 0 not in codes


def test_cli_snap_without_camera_is_one_line(tmp_path: Path) -> None:
    result = run_cli("snap", "--camera", "97", "--out", str(tmp_path / "frame.jpg"))
    assert result.returncode == NoCamera.exit_code
    assert result.stderr.strip().count("\n") == 0 and "webcam" in result.stderr
    assert not (tmp_path / "frame.jpg").exists()


def test_vision_imports_no_textual_and_only_pure_companion_modules() -> None:
    code = (
        "import sys, vision, vision.camera, vision.teach, vision.render\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'companion')))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert run.stdout.strip() == (
        "['companion', 'companion.decks', 'companion.errors', 'companion.files', "
        "'companion.paths', 'companion.plural', 'companion.text']"
    )


def _png_1bit(path: Path, width: int, height: int) -> None:
    """A valid black 1-bit PNG, written row by row: tiny on disk, width x height x 3 bytes decoded."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    row = b"\x00" * (1 + (width + 7) // 8)
    z = zlib.compressobj(9)
    body = b"".join(z.compress(row) for _ in range(height)) + z.flush()
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0))
        + chunk(b"IDAT", body)
        + chunk(b"IEND", b"")
    )


def test_a_picture_too_big_is_refused_from_its_header(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.png"
    _png_1bit(bomb, 30000, 30000)  # decoded it would take 2.7 GB
    with pytest.raises(NotAnImage, match=r"bomb.png is 30000x30000 pixels, more than the reader opens"):
        read_photo(bomb, "quiddler")


def test_a_jpeg_cut_short_says_so(tmp_path: Path) -> None:
    whole = SAMPLE.read_bytes()
    cut = tmp_path / "cut.jpg"
    cut.write_bytes(whole[: len(whole) * 2 // 3])
    with pytest.raises(NotAnImage, match="the file is cut short"):
        read_photo(cut, "quiddler")
    result = run_cli("read", "--game", "quiddler", str(cut))
    assert result.returncode == NotAnImage.exit_code
    assert result.stderr.strip().splitlines() == [
        f"{cut}: the file is cut short (an unfinished copy or download); copy the photo again"
    ]  # no libjpeg warning before it


def test_a_folder_and_an_unreadable_file(tmp_path: Path, monkeypatch) -> None:
    with pytest.raises(NotAnImage, match="is a folder"):
        read_photo(tmp_path, "quiddler")
    locked = tmp_path / "locked.jpg"
    locked.write_bytes(SAMPLE.read_bytes())
    read_bytes = Path.read_bytes

    def denied(path: Path) -> bytes:  # what reading a file without read permission does (root may read any)
        if path == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return read_bytes(path)

    monkeypatch.setattr(Path, "read_bytes", denied)
    with pytest.raises(NotAnImage, match="locked.jpg: permission denied; make the photo readable"):
        read_photo(locked, "quiddler")


def test_an_unwritable_data_folder_still_reads(tmp_path: Path, monkeypatch) -> None:
    from vision import model

    monkeypatch.setattr(model, "save_arrays", _refuse)  # what a read-only folder does to a write
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    assert len(read_photo(SAMPLE, "quiddler").cards) == 5


def _refuse(path: Path, arrays: dict) -> None:
    raise PermissionError(13, "Permission denied", str(path))


def test_a_damaged_taught_deck_is_one_line(tmp_path: Path, monkeypatch) -> None:
    from vision.model import taught_path

    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    taught_path("quiddler").parent.mkdir(parents=True)
    taught_path("quiddler").write_bytes(b"not a zip")
    result = run_cli("read", "--game", "quiddler", str(SAMPLE), env={"COMPANION_DATA_DIR": str(tmp_path)})
    assert result.returncode == VisionError.exit_code
    assert result.stderr.strip().splitlines() == [
        f"{SAMPLE}: {taught_path('quiddler')} is damaged; teach the deck again with --replace, "
        "or delete the file to read with the drawn designs only"
    ]


def test_cli_table_shows_a_photo_name_literally(tmp_path: Path) -> None:
    # A file name is data: brackets in it are neither styles nor a markup error.
    for name in ("[red]table.jpg", "round [b]2[i].jpg"):
        photo = tmp_path / name
        photo.write_bytes(SAMPLE.read_bytes())
        result = run_cli("read", "--game", "quiddler", str(photo), env={"COLUMNS": "400"})
        assert result.returncode == 0, result.stderr
        assert f"{photo}: 5 cards" in result.stdout
