"""What one event did to the ledger: points per player in separate columns, and chip moves."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.chips import ChipMove
from companion.events import Event


@dataclass(frozen=True)
class LedgerLine:
    """Points one event moved for one player, kept in their own columns.

    ``lost`` is the negative column of a Word Thief victim; ``penalty`` covers passes and
    failed challenges; ``deduction`` the cards left in hand. Undone points appear as
    negative ``word``/``bonus`` amounts so the columns always add up to the score.
    """

    player: str
    word: int = 0
    bonus: int = 0
    lost: int = 0
    penalty: int = 0
    deduction: int = 0
    note: str = ""

    @property
    def total(self) -> int:
        return self.word + self.bonus - self.lost - self.penalty - self.deduction


@dataclass(frozen=True)
class Outcome:
    event: Event
    lines: tuple[LedgerLine, ...]
    before: dict[str, int]
    after: dict[str, int]
    chips: dict[str, ChipMove] = field(default_factory=dict)
    verdict: bool | None = None  # a challenge's VALID (True) / NOT VALID (False)
    summary: str = ""

    @property
    def deltas(self) -> dict[str, int]:
        return {p: self.after[p] - self.before[p] for p in self.after}
