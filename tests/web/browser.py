"""Debian's Chromium under playwright (playwright's own browser download is not used), and a served ledger."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@contextmanager
def launch() -> Iterator:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serving(data: Path, *extra: str) -> Iterator[tuple[str, subprocess.Popen]]:
    """`companion serve` on the ledger in ``data``, in its own process; yields its address and process once it
    answers."""
    port = free_port()
    env = {**os.environ, "COMPANION_DATA_DIR": str(data)}
    server = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--port", str(port), *extra],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"companion serve did not start: {server.stdout.read()}") from None
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}", server
    finally:
        server.terminate()
        server.wait(10)
