"""The house options a table can choose at the start, in words a player reads (RULES.md defaults: off)."""

from __future__ import annotations

from typing import Any, NamedTuple


class TickOption(NamedTuple):
    key: str
    label: str
    value: Any  # what the option is set to when ticked
    kind: str


TICK_OPTIONS = [
    TickOption("several_words", "Several words in one make", True, "word-thief"),
    TickOption("one_steal_per_opponent", "Steal one word from each opponent in a turn", True, "word-thief"),
    TickOption("challenger_penalty", "A challenger who loses takes -5", 5, "word-thief"),
    TickOption("half_deck", "Half deck (two players)", True, "word-thief"),
    TickOption("challenge_any", "A challenge may target any word on the table", True, "word-thief"),
    TickOption("coach", "Coach during play: F2 shows the steals on the table", True, "word-thief"),
    TickOption("negative_rounds", "Round scores may go below 0", True, "quiddler"),
    TickOption("bad_luck_blank", "The blank is a bad-luck card", True, "words-and-points"),
]
ONE_BONUS = [("both bonuses", "both"), ("longest word only", "longest"), ("most words only", "most")]


def chosen(options: dict) -> list[str]:
    """The options a game was started with, as the start screen named them."""
    out = [o.label for o in TICK_OPTIONS if options.get(o.key) == o.value]
    out += [label for label, value in ONE_BONUS if options.get("one_bonus") == value]
    if options.get("dictionary"):
        out.append(f"dictionary {options['dictionary']}")
    return out
