"""Files the program reads for a game (a deck file, a word list) and files it writes (an export).

A file read is checked before it is opened: a regular file (a FIFO would hang, /dev/zero would never
end) of at most a size cap. A file written is written whole or not at all, and never over one unasked."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from companion.errors import CompanionError, SaveError
from companion.text import printable


def read_text_file(path: str | Path, limit: int, what: str, fault: type[CompanionError] = CompanionError) -> str:
    """The UTF-8 text of the regular file ``path``, of at most ``limit`` bytes; else ``fault`` saying why."""
    shown = printable(str(path))
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise fault(f"{what} {shown} is not a regular file; give the path of a {what} on disk")
        if info.st_size > limit:
            raise fault(
                f"{what} {shown} holds {info.st_size:,} bytes, more than the {limit:,} a {what} may; "
                f"check that it is the right file"
            )
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except OSError as exc:
        raise fault(f"cannot read {what} {shown}: {exc.strerror}; check the path") from exc
    if len(data) > limit:  # it grew while being read
        raise fault(f"{what} {shown} holds more than the {limit:,} bytes a {what} may")
    return data.decode("utf-8", errors="replace")


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return a.resolve() == b.resolve()


def write_new_file(path: Path, text: str, force: bool, keep: Iterable[Path]) -> None:
    """Write ``text`` to ``path`` whole (a temporary file renamed into place, so a full disk leaves nothing
    half written), never over an existing file unless ``force``, and never over a file of ``keep``."""
    target = path.expanduser()
    shown = printable(str(path))
    if any(_same_file(target, k) for k in keep if k.exists()):
        raise SaveError(f"{shown} is the ledger that holds every saved game; export to another file")
    if target.is_dir():
        raise SaveError(f"{shown} is a folder; name a file in it, like {shown}/game.json")
    if target.exists() and not force:
        raise SaveError(f"{shown} exists; add --force to replace it, or choose another name")
    tmp = None
    try:
        with tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", dir=target.parent, prefix=f".{target.name}.", delete=False
        ) as f:
            tmp = Path(f.name)
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        if tmp is not None:
            tmp.unlink(missing_ok=True)
        advice = (
            "the disk is full: free some space, then try again"
            if exc.errno == errno.ENOSPC
            else "choose a file in a folder you can write"
        )
        raise SaveError(f"cannot write {shown} ({exc.strerror}); {advice}") from exc
