"""Play a whole two-player Word Thief game in the real app inside tmux and print what the screen shows.

    python scripts/tui_walkthrough.py 80 24 > walk-80x24.txt

A fresh data directory, one game imported with the half-deck option (a pile of 54), then nine seven-letter
words typed one by one: the ninth uses Ann's whole hand with the pile empty, so the game is over and the end
dialog opens by itself. The captures (tmux capture-pane) are the ones docs/tui.md shows.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.tui.test_end_and_friction import WHOLE_GAME as WORDS  # noqa: E402  (the game the pilot test plays)

SESSION = "companion-walkthrough"


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], check=True, capture_output=True, text=True).stdout


def settle(seconds: float = 1.0) -> None:
    time.sleep(seconds)


def keys(*typed: str) -> None:
    for k in typed:
        tmux("send-keys", "-t", SESSION, *(["-l", k[5:]] if k.startswith("text:") else [k]))
        settle(0.4)


def capture(title: str) -> None:
    settle(1.5)
    screen = tmux("capture-pane", "-p", "-t", SESSION).rstrip("\n")
    print(f"### {title}\n\n```text\n{screen}\n```\n")


def main(width: int, height: int) -> None:
    data = Path(tempfile.mkdtemp(prefix="companion-walk-"))
    log = data / "game.json"
    log.write_text(
        json.dumps(
            {
                "game": "word-thief",
                "players": ["Ann", "Bob"],
                "options": {"trump": "h", "half_deck": True},
                "events": [],
            }
        )
    )
    python = shlex.quote(sys.executable)
    env = f"COMPANION_DATA_DIR={shlex.quote(str(data))}"
    subprocess.run(
        f"{env} {python} -m companion import {shlex.quote(str(log))}", shell=True, check=True, capture_output=True
    )
    tmux(
        "new-session",
        "-d",
        "-s",
        SESSION,
        "-x",
        str(width),
        "-y",
        str(height),
        f"{env} {python} -m companion --resume 1",
    )
    try:
        settle(4)
        capture(f"{width}x{height}: the table before the first word")
        for word in WORDS[:-1]:
            keys(f"text:{word}", "Enter")
        keys(f"text:{WORDS[-1]}")
        capture(f"{width}x{height}: Ann's last word, typed (the draw pile is empty)")
        keys("Enter")
        capture(f"{width}x{height}: the game is over: the end dialog opens by itself")
        keys("text:QdZc")
        capture(f"{width}x{height}: a short hand is named")
        keys("C-u", "text:QdZcJsXsKh")
        capture(f"{width}x{height}: Bob's five cards")
        keys("Enter")
        capture(f"{width}x{height}: the final standings")
        keys("Enter")
        capture(f"{width}x{height}: the table after the end")
    finally:
        tmux("kill-session", "-t", SESSION)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
