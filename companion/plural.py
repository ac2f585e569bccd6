"""Counting in English for messages: "1 card", "2 cards"."""

from __future__ import annotations


def plural(n: int, noun: str) -> str:
    """``n`` and ``noun``, with an s unless there is exactly one."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
