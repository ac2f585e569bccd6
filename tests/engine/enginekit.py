"""Small builders shared by the engine tests: cards from log tokens, events, games."""

from __future__ import annotations

from companion.decks import standard_deck
from companion.events import Challenge, End, Make, Pass, QuiddlerHand, Round, Steal, Word
from companion.games import Quiddler, WordsAndPoints, WordThief, game_class, new_game


def cards(text: str, game: str = "word-thief") -> Word:
    """Cards from space-separated log tokens: cards("Ch Ah Ts")."""
    return tuple(game_class(game).parse_card(t) for t in text.split())


def make(player: str, *words: str, game: str = "word-thief") -> Make:
    return Make(player, tuple(cards(w, game) for w in words))


def steal(player: str, victim: str, word: str, *words: str) -> Steal:
    return Steal(player, ((victim, word),), tuple(cards(w) for w in words))


def steal_many(player: str, targets: list[tuple[str, str]], *words: str) -> Steal:
    return Steal(player, tuple(targets), tuple(cards(w) for w in words))


def end(game: str = "word-thief", **hands: str) -> End:
    return End(tuple((p, cards(h, game)) for p, h in hands.items()))


def hand(player: str, words: list[str], left: str = "") -> QuiddlerHand:
    return QuiddlerHand(player, tuple(cards(w, "quiddler") for w in words), cards(left, "quiddler"))


def round_(out: str, *hands: QuiddlerHand) -> Round:
    return Round(out, tuple(hands))


def wt(players: str = "Ann Bob", **options) -> WordThief:
    return new_game("word-thief", players.split(), options)  # type: ignore[return-value]


def qd(players: str = "Ann Bob", **options) -> Quiddler:
    return new_game("quiddler", players.split(), options)  # type: ignore[return-value]


def wp(players: str = "Ann Bob", **options) -> WordsAndPoints:
    return new_game("words-and-points", players.split(), options)  # type: ignore[return-value]


def letter_cards() -> list[str]:
    """Every Word Thief letter card of the deck, one token per copy, in the deck file's order."""
    return [face + suit for (face, suit), n in standard_deck("word-thief").counts.items() if suit for _ in range(n)]


def pile_runners() -> list[list[str]]:
    """Seven-card plays, in turn, that empty the draw pile and then the last player's hand.

    Two players with half a deck: the pile of 54 pays seven refills of 7 and a last refill of 5,
    so the ninth play (Ann's) uses her whole hand with nothing left to draw. The cards are the
    first 63 of ``letter_cards()``, so no card is laid twice.
    """
    tokens = letter_cards()
    return [tokens[7 * i : 7 * i + 7] for i in range(9)]


def words_of(game: WordThief, player: str) -> list[str]:
    return [w.text for w in game.state.table[player]]


__all__ = [
    "cards",
    "make",
    "steal",
    "steal_many",
    "end",
    "hand",
    "round_",
    "wt",
    "qd",
    "wp",
    "words_of",
    "Challenge",
    "Pass",
    "letter_cards",
    "pile_runners",
]


# The example log of DESIGN.md, as written there.
DESIGN_LOG = {
    "game": "word-thief",
    "players": ["Ann", "Bob"],
    "options": {"trump": "h"},
    "events": [
        {"type": "make", "player": "Ann", "words": [["Ch", "Ah", "Ts"]]},
        {"type": "steal", "player": "Bob", "from": "Ann", "word": "CAT", "words": [["Ch", "Ah", "Ts", "Sd"]]},
        {"type": "pass", "player": "Ann"},
        {"type": "challenge", "player": "Ann"},
        {"type": "end", "hands": {"Ann": ["Qd"], "Bob": []}},
    ],
}
