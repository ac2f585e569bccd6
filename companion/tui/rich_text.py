"""Rich text for cards, words, chips and outcomes: one place decides how the ledger reads on screen."""

from __future__ import annotations

from rich.text import Text

from companion.cards import Card, spell
from companion.chips import COLOURS, ChipMove, Chips
from companion.decks import SUIT_NAMES, SUIT_SYMBOLS
from companion.games import Game
from companion.outcome import LedgerLine, Outcome
from companion.text import short_name

# A four-colour deck: on a dark terminal black spades would vanish, and red diamonds would look like hearts.
SUIT_STYLES = {"s": "bold bright_white", "h": "bold red", "d": "bold dodger_blue1", "c": "bold green3", None: "bold"}
WILD_STYLE = "bold italic magenta"
CHIP_STYLES = {"red": "bold red", "blue": "bold dodger_blue1", "white": "bold bright_white"}


def literal(text: Text | str) -> Text:
    """Text for a widget, shown as written: a str from a person or a file is never read as markup."""
    return text if isinstance(text, Text) else Text(text)


def name_text(name: str, style: str = "") -> Text:
    """A player's name, cut with an ellipsis (companion.text.NAME_WIDTH)."""
    return Text(short_name(name), style=style)


def suit_label(suit: str | None) -> Text:
    if suit is None:
        return Text("no trump")
    return Text(f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}", style=SUIT_STYLES[suit])


def card_text(card: Card, with_suit: bool = False) -> Text:
    """One card: its letter(s) in its suit's colour; a wild card in italics, marked with * (and ? while
    the letter it stands for is not known)."""
    if card.wild:
        return Text(f"*{card.letter or '?'}", style=WILD_STYLE)
    label = card.letter + (SUIT_SYMBOLS[card.suit] if with_suit and card.suit else "")
    return Text(label, style=SUIT_STYLES[card.suit])


def cards_text(cards: tuple[Card, ...], with_suit: bool = False, sep: str = "") -> Text:
    return Text(sep).join(card_text(c, with_suit) for c in cards)


def word_text(cards: tuple[Card, ...], locked: bool = False) -> Text:
    """A word on the table; a locked word sits in [brackets] so it reads without colour too."""
    body = cards_text(cards)
    return Text.assemble("[", body, "]") if locked else body


def chips_text(chips: Chips, score: int) -> Text:
    if score < 0:
        return Text(f"debt {-score}", style="bold red")
    return Text(" ").join(Text.assemble(("●", CHIP_STYLES[c]), str(getattr(chips, c))) for c in COLOURS)


def move_text(move: ChipMove) -> Text:
    """'pays 1 blue, gets 2 white back' with each colour named in its colour."""
    text = Text(move.describe())
    for colour in COLOURS:
        text.highlight_words([colour], CHIP_STYLES[colour])
    return text


def signed(n: int) -> str:
    return f"{n:+d}"


def line_text(line: LedgerLine) -> Text:
    style = "green" if line.total > 0 else "red" if line.total < 0 else ""
    return Text.assemble(
        (f"{short_name(line.player)}: ", "bold"), (f"{signed(line.total):>4}", style), f"  {line.note}"
    )


def outcome_text(outcome: Outcome) -> Text:
    """Each ledger line of an event, then who takes or returns which chips."""
    rows: list[Text] = [line_text(line) for line in outcome.lines]
    deltas = outcome.deltas
    for player, move in outcome.chips.items():
        if move:
            rows.append(
                Text.assemble((f"{short_name(player)} ", "bold"), f"{signed(deltas[player])}: ", move_text(move))
            )
    return Text("\n").join(rows)


def play_lines(game: Game, words: tuple[tuple[Card, ...], ...], verdicts: bool) -> list[Text]:
    """A typed play as the app understood it, card by card; the dictionary's verdict only where the table chose
    to see it (``verdicts``): shown to everyone before a challenge, it would give a bluff away."""
    read = Text("   ").join(cards_text(w, with_suit=True, sep=" ") for w in words)
    shown = [verdict_text(game, words)] if verdicts else []
    return [Text.assemble("cards: ", read), *shown]


def verdict_text(game: Game, words: tuple[tuple[Card, ...], ...]) -> Text:
    """The dictionary's word on each word of a play, before anyone challenges it."""
    parts = []
    for w in words:
        ok = game.is_word(spell(w))
        parts.append(
            Text.assemble(
                (spell(w), "bold"), (" ✓ a word" if ok else " ✗ not in the dictionary", "green" if ok else "yellow")
            )
        )
    return Text("   ").join(parts)
