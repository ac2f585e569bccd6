"""Help: the rules of the game on the table, how to type a play, and the keys."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

from companion.games import Game
from companion.tui.options import chosen

RULES = {
    "word-thief": """\
# Word Thief
**A turn** is one of: **make** a word from your hand, **steal** an opponent's word, or **pass** (-5, draw 1).
Refill to 7 cards after a make or steal.

**Scoring**: letter sum x multiplier, then bonuses. A word whose cards are all one suit is **locked**:
x2, or x3 in the trump suit; nobody can steal it. Length bonus +5 per letter beyond 4.
Using a whole hand of 7 or more cards: +20. A joker is worth 0 and counts as a letter.

**Steal**: rebuild an opponent's unlocked word with all its cards plus at least one of yours
(you may split it into several words, each holding a stolen card). The thief scores the new words;
the victim loses the word points and keeps the bonus points.

**Challenge**: a NOT VALID word is taken back (a stolen word goes home) and its player loses 5 and draws 1.

**End**: each player deducts the cards left in hand. Highest total wins.
**Chips**: white 1, blue 5, red 20; your chips always equal your score.

**Typing a play**: `cat/h` all hearts, `cat/hds` a suit per card (s h d c), `c*at/h` a joker as A,
or exact cards `ChAhTs`. Several words: separate them with spaces.
""",
    "quiddler": """\
# Quiddler
Eight rounds; round *r* deals *r*+2 cards and the dealer moves left.
A player goes out by laying his whole hand as words; everyone else gets one last turn.

**Round score**: the cards in your words minus the cards left in hand, +10 for the most words and
+10 for the longest word (a tie gives nobody the bonus). A round score never goes below 0
(unless the table chose otherwise).

**Challenge** a word of the latest round: NOT VALID strikes it and the bonuses are worked out again;
VALID costs the challenger the word's value.

**Typing**: words as `quit` (the app asks when it splits two ways) or card by card `qu-i-t`;
cards left one by one: `qu z e`.
""",
    "words-and-points": """\
# Words And Points
Lay words crossword style. After the first word every word must use a letter already on the table.
**Score** = the value of every letter of the word, table letters included. A pass costs nothing.

**Challenge**: a NOT VALID word is taken back with its points, no penalty.
The game ends when the pile is empty and no one can play; highest total wins.

**Typing**: `cat`; `c=at` when the A was already on the table; `*cat` the blank as C.
""",
}

KEYS = """
## Keys
Enter commits the play typed · ^o reads it from the webcam, ^b from a photo file · ^s steal · ^n pass ·
^r Quiddler round · ^g challenge · ^z undo · ^y redo ·
^l ledger (history) · ^t score chart · ^f end of game · F1 this help · ^p every command, "Another game" among them · ^q quit.
Everything is saved the moment it is committed.
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,f1", "dismiss", "Back to the table")]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        options = chosen(self.game.options)
        played = "\n**This table plays with**: " + "; ".join(options) + ".\n" if options else ""
        with VerticalScroll(id="help"):  # focused, so arrows and page keys scroll it
            yield Markdown(RULES[self.game.kind] + played + KEYS)
        yield Footer(show_command_palette=False)
