"""What the vision benchmarks share: percentages, and each writing its own part of one results file."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path


def pct(a: int, b: int) -> str:
    return f"{100 * a / b:.2f}%" if b else "n/a"


def replace_section(path: Path, title: str, text: str) -> None:
    """Put ``text`` (a markdown part starting with the level-1 heading ``title``) into ``path`` in
    place of that part, up to the next level-1 heading; appended when the file lacks it. So each
    benchmark rewrites its own results and keeps the others'."""
    lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
    if title in lines:
        start = lines.index(title)
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("# ")), len(lines))
    else:
        start = end = len(lines)
    new = (
        lines[:start]
        + ([""] if start and lines[start - 1] else [])
        + text.rstrip("\n").splitlines()
        + ([""] if end < len(lines) else [])
        + lines[end:]
    )
    path.write_text("\n".join(new).replace("\n\n\n", "\n\n") + "\n", encoding="utf-8")


def cpu_name() -> str:
    """The processor's model name, as /proc/cpuinfo gives it."""
    import platform

    cpuinfo = Path("/proc/cpuinfo")
    lines = cpuinfo.read_text().splitlines() if cpuinfo.is_file() else []
    names = (line.split(":", 1)[1].strip() for line in lines if line.startswith("model name"))
    return next(names, platform.processor() or "unknown")


def stamp() -> str:
    """When and on what the figures were measured."""
    import datetime
    import os

    cpu = cpu_name()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (
        f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, {os.cpu_count()} CPUs, {cpu}, "
        f"load average {load:.1f}"
    )


def run(doc: str | None, title: str, option: str, default: int, help: str, section: Callable[[int], str]) -> int:
    """A benchmark's command line: ``--OPTION N`` photos, ``--out FILE``; its part of FILE rewritten."""
    p = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    p.add_argument(f"--{option}", type=int, default=default, help=help)
    p.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "docs" / "benchmarks-vision.md"))
    args = p.parse_args()
    text = section(getattr(args, option.replace("-", "_")))
    replace_section(Path(args.out), title, text)
    print(text)
    return 0
