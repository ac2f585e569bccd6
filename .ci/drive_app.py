"""Drives an installed ``companion --demo`` in a pseudo-terminal as a player would: open the demo, read the cards
of a photo file (^b, its path, Enter), close the dialog and quit. Fails unless each screen shows what it should.

Usage: python drive_app.py COMPANION PHOTO EXPECTED (EXPECTED: text the snap dialog shows once the photo is read)
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time
from typing import NoReturn

ESCAPES = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


class Terminal:
    def __init__(self, argv: list[str]) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: a 100 x 30 terminal, then the app
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
            os.environ["TERM"] = "xterm-256color"
            os.execvp(argv[0], argv)
        self.seen = b""

    def wait_for(self, text: str, timeout: float) -> None:
        """Read the app's output until ``text`` shows (escape sequences taken out)."""
        end = time.monotonic() + timeout
        while text.encode() not in ESCAPES.sub(b"", self.seen):
            if time.monotonic() > end:
                self.fail(f"{text!r} never showed in {timeout:.0f} s")
            if select.select([self.fd], [], [], 0.2)[0]:
                try:
                    self.seen += os.read(self.fd, 65536)
                except OSError:  # the app has gone
                    self.fail(f"the app ended before showing {text!r}")

    def fail(self, why: str) -> NoReturn:
        """Stop the app (if it still runs) and exit with ``why`` and the screen's last text."""
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        last = ESCAPES.sub(b" ", self.seen).decode(errors="replace")
        sys.exit(f"drive_app: {why}; the screen last showed: {' '.join(last.split())[-300:]}")

    def send(self, keys: str) -> None:
        self.seen = b""
        os.write(self.fd, keys.encode())

    def close(self, timeout: float) -> int:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if select.select([self.fd], [], [], 0.2)[0]:
                try:
                    os.read(self.fd, 65536)
                except OSError:
                    pass
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return os.waitstatus_to_exitcode(status)
        self.fail(f"the app did not quit within {timeout:.0f} s")


def main(companion: str, photo: str, expected: str) -> int:
    app = Terminal([companion, "--demo"])
    app.wait_for("Saved as game", 60)
    app.send("\x02")  # ^b: read the play from a photo file
    app.wait_for("Type the path of a photo", 20)
    app.send(photo + "\r")
    app.wait_for(expected, 180)  # the first read sets the reader up
    app.send("\x1b")  # esc: leave the dialog, nothing committed
    time.sleep(1)
    app.send("\x11")  # ^q
    code = app.close(20)
    print(f"drive_app: demo opened, {photo} read ({expected}), quit with status {code}")
    return code


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
