"""Faults a newcomer meets, made for real where the machine allows: a read-only folder, a damaged page."""

from __future__ import annotations

import gc
import os
import subprocess
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def read_only(folder: Path):
    """``folder`` read-only for this process: by its mode, or for root (whom modes do not stop) by a
    read-only bind mount of it onto itself; skipped where neither is possible."""
    if os.geteuid() != 0:
        modes = {p: p.stat().st_mode for p in [folder, *folder.iterdir()]}
        for p in modes:
            p.chmod(0o555 if p.is_dir() else 0o444)
        try:
            yield
        finally:
            for p, mode in modes.items():
                p.chmod(mode)
        return
    mounted = subprocess.run(["mount", "--bind", "-o", "ro", str(folder), str(folder)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot make a read-only folder here: {mounted.stderr.decode().strip()}")
    try:
        subprocess.run(["mount", "-o", "remount,bind,ro", str(folder)], check=True, capture_output=True)
        yield
    finally:
        gc.collect()  # close the ledger connections the commands left, so the folder is not busy
        subprocess.run(["umount", "--lazy", str(folder)], check=True)


def damage_page_holding(path: Path, marker: bytes, nth: int = 0) -> None:
    """Overwrite with garbage, in the SQLite file at ``path``, the page that holds the ``nth`` ``marker``."""
    data = path.read_bytes()
    page_size = int.from_bytes(data[16:18], "big")
    at = -1
    for _ in range(nth + 1):
        at = data.index(marker, at + 1)
    start = at - at % page_size
    with open(path, "r+b") as f:
        f.seek(start + 8)  # past the page header's first bytes: the page still claims to be a leaf
        f.write(b"\xff" * (page_size - 8))
