"""Words And Points (Multi Playing Cards rule 16): crossword plays scored with the table letters they use."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, Self

from companion.cards import Card, spell
from companion.coach import BestHand, Moment, spelled
from companion.decks import WILD
from companion.errors import IllegalPlay, MalformedCard
from companion.events import Challenge, End, Make, Pass, Event, Word
from companion.games.base import Game, Laid, State, Step
from companion.games.best_word import best_word
from companion.games.options import Option
from companion.outcome import LedgerLine

HAND = 7
_TOKEN = re.compile(r"^(=?)(?:([A-Z])|\*([a-z]))$")

RULES = """\
# Words And Points
Lay words crossword style. After the first word every word must use a letter already on the table.
**Score** = the value of every letter of the word, table letters included. A pass costs nothing.

**Challenge**: a NOT VALID word is taken back with its points, no penalty.
The game ends when the pile is empty and no one can play; highest total wins.

**Typing**: `cat`; `c=at` when the A was already on the table; `*cat` the blank as C.
"""


@dataclass(frozen=True)
class Placed:
    """A play standing on the table: its words, the cards it added, and its points."""

    player: str
    words: tuple[Word, ...]
    points: int

    @property
    def new_cards(self) -> list[Card]:
        return [c for w in self.words for c in w if not c.table]


@dataclass
class WordsAndPointsState(State):
    plays: tuple[Placed, ...] = ()
    hands: dict[str, int] = None  # type: ignore[assignment]
    pile: int = 0

    def copy(self) -> Self:
        return replace(self, scores=dict(self.scores), hands=dict(self.hands))


class WordsAndPoints(Game[WordsAndPointsState]):
    kind = "words-and-points"
    title = "Words And Points"
    event_types = Game.event_types | {"make", "pass"}
    can_pass = has_pile = True
    OPTIONS = (Option("bad_luck_blank", bool, "the blank cannot be played", "it can", "The blank is a bad-luck card"),)
    rules = RULES
    play_example = "c=at"
    play_hint = ("the word", "cat · c=at the A was on the table · *cat the blank as C")
    order_example = "A B C *  (* the blank)"
    snap_note = (
        "Words And Points: a photo cannot tell which letters were already on the table; "
        "add = before them in the play line (c=at)."
    )

    # --- notation -------------------------------------------------------------------------------
    @classmethod
    def parse_card(cls, text: str) -> Card:
        m = cls.match_token(
            text, _TOKEN, "write a capital letter (A), a blank as * and a letter (*e), = before a table letter (=A)"
        )
        table = m.group(1) == "="
        if m.group(3):
            return Card(WILD, None, m.group(3).upper(), table)
        return Card(m.group(2), None, "", table)

    def parse_word(self, text: str) -> Word:
        """``cat``, ``c=at`` (the A was on the table), ``*cat`` (a blank as C)."""
        if not re.fullmatch(r"(?:=?\*?[A-Za-z])+", text):
            raise MalformedCard(
                f"{text!r}: type letters, = before a letter already on the table, * before a blank's letter (c=at, *cat)"
            )
        return tuple(
            self.parse_card(t[:-1] + t[-1].lower() if "*" in t else t.upper())
            for t in re.findall(r"=?\*?[A-Za-z]", text)
        )

    # --- what the screens show -----------------------------------------------------------------
    @property
    def pile(self) -> int:
        return self.state.pile

    def challengeable(self, state: WordsAndPointsState | None = None) -> list[tuple[str, str]]:
        plays = (state or self.state).plays
        return [(plays[-1].player, " ".join(spell(w) for w in plays[-1].words))] if plays else []

    def initial_state(self) -> WordsAndPointsState:
        return WordsAndPointsState(
            scores={p: 0 for p in self.players},
            hands={p: HAND for p in self.players},
            pile=self.deck.size - HAND * len(self.players),
        )

    def table_letters(self, state: WordsAndPointsState | None = None) -> Counter[Any]:
        """Letters lying on the table, a blank keyed as '*' plus its letter."""
        st = state or self.state
        return Counter(("*" + c.letter) if c.wild else c.letter for p in st.plays for c in p.new_cards)

    def laid_words(self, player: str) -> tuple[Laid, ...]:
        return tuple(Laid(w) for p in self.state.plays if p.player == player for w in p.words)

    def step(self, state: WordsAndPointsState, event: Event) -> Step[WordsAndPointsState]:
        if isinstance(event, Make):
            return self._make(state, event)
        if isinstance(event, Pass):
            self.check_turn(state, event.player)
            new = state.copy()
            new.turn += 1
            return Step(new, summary=f"{event.player} passes")
        if isinstance(event, Challenge):
            return self._challenge(state, event)
        if isinstance(event, End):
            hands = self.end_hands(event)
            self.check_conserved(self._on_table(state) + Counter(c.key for h in hands.values() for c in h))
            new = state.copy()
            new.ended = True
            return Step(new, summary="end of game")
        return super().step(state, event)

    def _on_table(self, state: WordsAndPointsState) -> Counter[Any]:
        return Counter(c.key for p in state.plays for c in p.new_cards)

    def _make(self, state: WordsAndPointsState, event: Make) -> Step[WordsAndPointsState]:
        self.check_turn(state, event.player)
        if not event.words:
            raise IllegalPlay("the play has no words")
        letters = self.table_letters(state)
        first = not state.plays
        for i, w in enumerate(event.words):
            self.check_word_length(w)
            self.check_cards(w)
            if first and i == 0 and any(c.table for c in w):
                raise IllegalPlay("the table is empty: the first word has no = letters")
            if (i > 0 or not first) and not any(c.table for c in w):
                raise IllegalPlay(f"{spell(w)} must use a letter already on the table: mark it with = (like =A)")
            for c in w:
                if c.table and letters[("*" + c.letter) if c.wild else c.letter] == 0:
                    raise IllegalPlay(
                        f"{self.format_card(c)}: there is no {'blank standing as ' if c.wild else ''}{c.letter} on the table to build on"
                    )
                if c.wild and not c.table and self.options.get("bad_luck_blank"):
                    raise IllegalPlay("the blank is a bad-luck card in this game and cannot be played")
        new_cards = [c for w in event.words for c in w if not c.table]
        if not new_cards:
            raise IllegalPlay("a play lays at least one card from the hand")
        hand = state.hands[event.player]
        if len(new_cards) > hand:
            raise IllegalPlay(f"{event.player} holds {hand} cards but this play takes {len(new_cards)} from the hand")
        self.check_conserved(self._on_table(state) + Counter(c.key for c in new_cards))
        points = [self.cards_value(w) for w in event.words]
        new = state.copy()
        new.scores[event.player] += sum(points)
        left = hand - len(new_cards)
        draw = min(max(0, HAND - left), new.pile)
        new.hands[event.player] = left + draw
        new.pile -= draw
        new.turn += 1
        new.plays = state.plays + (Placed(event.player, event.words, sum(points)),)
        lines = tuple(LedgerLine(event.player, word=p, note=f"{spell(w)}: {p}") for w, p in zip(event.words, points))
        return Step(new, lines, summary=f"{event.player} makes " + ", ".join(spell(w) for w in event.words))

    def _challenge(self, state: WordsAndPointsState, event: Challenge) -> Step[WordsAndPointsState]:
        challenger = self.player(event.player)
        if not state.plays:
            raise IllegalPlay("there is no play on the table to challenge")
        play = state.plays[-1]
        if play.player == challenger:
            raise IllegalPlay(f"{challenger} cannot challenge his own play")
        texts = [spell(w) for w in play.words]
        what = " ".join(texts)
        named = event.of is not None or event.word is not None
        if named and (event.of != play.player or (event.word or "").upper() not in texts):
            raise IllegalPlay(f"a challenge targets the latest play, {play.player}'s {what}")
        if self.judge(texts, state):
            return self.challenge_penalty_step(state, challenger, self.challenger_penalty, what)
        new = state.copy()
        new.scores[play.player] -= play.points
        new.hands[play.player] += len(play.new_cards)
        new.plays = state.plays[:-1]
        return Step(
            new,
            (LedgerLine(play.player, word=-play.points, note=f"{what} taken back (NOT VALID)"),),
            False,
            f"{what} is NOT VALID: taken back, no penalty",
        )

    # --- the coach ----------------------------------------------------------------------------
    def best_hand(self, hand: Word, out: bool = False, table: Word = ()) -> BestHand | None:
        """The best word from the hand through one table letter (the hand alone on an empty table)."""
        if out:
            raise IllegalPlay("Words And Points has no going out; leave out --out")
        self.check_cards(hand)
        self.check_conserved(Counter(c.key for c in hand))
        if self.options.get("bad_luck_blank"):
            hand = tuple(c for c in hand if not c.wild)  # it cannot be played
        return best_word(hand, table, self.deck.value, self.anagrams())

    def table_cards(self, state: WordsAndPointsState | None = None) -> Word:
        """One card for each distinct letter lying on the table (a blank keeps the letter it stands for)."""
        return tuple(
            Card(WILD, None, key[1], True) if key.startswith(WILD) else Card(key, None, "", True)
            for key in sorted(self.table_letters(state))
        )

    def review(self) -> list[Moment]:
        """For each word laid, the best word the cards laid from the hand could have made on that table."""
        moments = []
        for n, (i, event) in enumerate(((i, e) for i, e in enumerate(self.events) if isinstance(e, Make)), start=1):
            known = tuple(c for w in event.words for c in w if not c.table)
            best = self.best_hand(known, table=self.table_cards(self._states[i]))
            outcome = self.outcomes[i]
            moments.append(
                Moment(
                    f"play {n}",
                    event.player,
                    spelled(event.words),
                    outcome.after[event.player] - outcome.before[event.player],
                    best.text() if best else "",
                    best.score if best else None,
                    "from the cards laid",
                )
            )
        return moments
