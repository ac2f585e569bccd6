"""The addresses `companion serve` prints and the QR codes drawn of them in text."""

from __future__ import annotations

import socket

import cv2
import numpy as np

from companion.share import Sharing, current, qr_panel, qr_text, share_lines, sharing_for


def decode(text: str) -> str:
    """Read a QR code drawn with half blocks back through OpenCV: each character is two modules, top and bottom."""
    top = {" ": 0, "▀": 1, "▄": 0, "█": 1}
    bottom = {" ": 0, "▀": 0, "▄": 1, "█": 1}
    lines = text.splitlines()
    width = max(len(line) for line in lines)
    light = [[m[c] for c in line.ljust(width)] for line in lines for m in (top, bottom)]
    image = np.where(np.array(light, dtype=np.uint8) == 1, 255, 0).astype(np.uint8)
    image = cv2.resize(np.pad(image, 4, constant_values=255), None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST)
    found, *_ = cv2.QRCodeDetector().detectAndDecode(image)
    return found


def test_the_qr_code_in_text_reads_back_as_the_address():
    url = "http://192.168.1.20:8000/board/12?token=Zk3-abc_DEF"
    assert decode(qr_text(url)) == url


def test_the_network_link_carries_the_token_and_the_local_one_needs_none():
    shared = Sharing("http://192.168.1.20:8000", "a b", shared=True)
    assert shared.board_url(3) == "http://192.168.1.20:8000/board/3?token=a%20b"
    assert shared.board_url() == "http://192.168.1.20:8000/?token=a%20b"
    local = sharing_for("127.0.0.1", 8000, "tok")
    assert (local.shared, local.board_url(3), local.app_url()) == (
        False,
        "http://127.0.0.1:8000/board/3",
        "http://127.0.0.1:8000/app?token=tok",
    )
    assert sharing_for("0.0.0.0", 9000, "t").shared and not sharing_for("0.0.0.0", 9000, "t").base.startswith(
        "http://0.0.0.0"
    )


def test_shared_addresses_print_with_their_qr_codes_side_by_side_when_they_fit():
    shared = Sharing("http://192.168.1.20:8000", "tok", shared=True)
    printed = "\n".join(share_lines(shared, width=120))
    assert "http://192.168.1.20:8000/?token=tok" in printed and "http://192.168.1.20:8000/app?token=tok" in printed
    wide = qr_panel([("a", "http://x/1"), ("b", "http://x/2")], width=120)
    narrow = qr_panel([("a", "http://x/1"), ("b", "http://x/2")], width=40)
    assert len(wide.splitlines()) < len(narrow.splitlines()) and max(map(len, wide.splitlines())) <= 120
    local = "\n".join(share_lines(sharing_for("127.0.0.1", 8000, "tok"), width=120))
    assert "█" not in local and "--host 0.0.0.0" in local


def test_no_record_means_no_server():
    assert current() is None


def test_a_port_in_use_is_one_line_and_records_nothing(capsys):
    from companion.cli import main
    from companion.paths import data_dir

    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    printed = capsys.readouterr()
    assert printed.out == ""
    assert printed.err.strip() == (
        f"companion: cannot serve on 127.0.0.1:{port}: that port is in use; choose another "
        "port with --port, or another address with --host"
    )
    assert not (data_dir() / "serve.json").exists()
