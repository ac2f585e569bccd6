"""Sharing the board with the table: the served addresses, their access token and a QR code of them.

`companion serve` records where it serves in the data directory while it runs, so the app's
"Share the board" command shows the same link and QR code as the terminal that started it.
"""

from __future__ import annotations

import io
import json
import os
import socket
from dataclasses import asdict, dataclass
from urllib.parse import quote

import segno

from companion.paths import data_dir

RECORD = "serve.json"


@dataclass(frozen=True)
class Sharing:
    base: str  # "http://192.168.1.20:8000"
    token: str
    shared: bool  # reachable from other devices on the network, not only this computer

    def board_url(self, gid: int | None = None) -> str:
        """A board (the list of games without ``gid``), with the token a device on the network needs."""
        path = f"/board/{gid}" if gid is not None else "/"
        return f"{self.base}{path}?token={quote(self.token)}" if self.shared else f"{self.base}{path}"

    def app_url(self) -> str:
        return f"{self.base}/app?token={quote(self.token)}"


def is_loopback(host: str) -> bool:
    return host in ("localhost", "::1") or host.startswith("127.")


def network_address() -> str:
    """This computer's address on the local network (no packet is sent: a UDP connect only picks a route)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.254.254.254", 1))
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def sharing_for(host: str, port: int, token: str) -> Sharing:
    """What to print for a server bound to ``host``: 0.0.0.0 (or ::) is reached through the network address."""
    shared = not is_loopback(host)
    shown = network_address() if host in ("0.0.0.0", "::", "") else host
    return Sharing(f"http://{f'[{shown}]' if ':' in shown else shown}:{port}", token, shared)


def qr_text(url: str) -> str:
    """The QR code of ``url`` drawn with half blocks, two rows of modules per line of text."""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue().rstrip("\n")


def announce(sharing: Sharing) -> None:
    (data_dir() / RECORD).write_text(json.dumps({"pid": os.getpid(), **asdict(sharing)}), encoding="utf-8")


def withdraw() -> None:
    """Remove this server's record (only its own: another server may have written one since)."""
    path = data_dir() / RECORD
    try:
        if json.loads(path.read_text(encoding="utf-8")).get("pid") == os.getpid():
            path.unlink()
    except (OSError, ValueError, AttributeError):
        pass


def current() -> Sharing | None:
    """Where a running `companion serve` shares the board, or None when none runs."""
    try:
        record = json.loads((data_dir() / RECORD).read_text(encoding="utf-8"))
        os.kill(int(record["pid"]), 0)  # raises when that server has stopped without cleaning up
        return Sharing(str(record["base"]), str(record["token"]), bool(record["shared"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def qr_panel(codes: list[tuple[str, str]], width: int) -> str:
    """QR codes of (caption, url) pairs, side by side when ``width`` columns hold them, else one under another."""
    blocks = [[caption, *qr_text(url).splitlines()] for caption, url in codes]
    wide = max(len(line) for block in blocks for line in block)
    if len(blocks) * (wide + 2) > width:
        return "\n\n".join("\n".join(block) for block in blocks)
    rows = max(len(block) for block in blocks)
    return "\n".join(
        "  ".join((block[i] if i < len(block) else "").ljust(wide) for block in blocks).rstrip() for i in range(rows)
    )


def share_lines(sharing: Sharing, width: int) -> list[str]:
    """What `companion serve` prints: the addresses, and on the network their QR codes."""
    lines = [
        f"Boards (read-only, for everyone): {sharing.board_url()}",
        f"The app (for the scorekeeper):   {sharing.app_url()}",
    ]
    if sharing.shared:
        lines += [
            "",
            qr_panel(
                [("Scan for the boards:", sharing.board_url()), ("Scan for the app (keeps score):", sharing.app_url())],
                width,
            ),
            "",
            "Anyone with these links on this network sees the boards; the app link lets its holder "
            "keep score. A new token is made each time the server starts.",
        ]
    else:
        lines += [
            "Only this computer can open them: `companion serve --host 0.0.0.0` shares them with the "
            "phones, tablets and TV on this network."
        ]
    return lines + ["Ctrl+C stops the server."]
