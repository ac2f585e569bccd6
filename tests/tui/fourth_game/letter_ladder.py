"""A made-up game, Letter Ladder: one module and its deck file, and the app plays it.

A turn makes one word (its letters' points, doubled when it is longer than the word before) or
passes; a challenge takes a word that is NOT VALID back; the table ends the game when it likes.
Nothing outside this folder knows the game: ``register`` adds it to the app.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

from companion.cards import Card, spell
from companion.errors import IllegalPlay, MalformedCard
from companion.events import Challenge, End, Event, Make, Pass, Word
from companion.games import Game, Option
from companion.games.base import Laid, State, Step
from companion.outcome import LedgerLine

_TOKEN = re.compile(r"^[A-Z]$")


@dataclass
class LadderState(State):
    words: tuple[tuple[str, Word, int], ...] = ()  # (player, cards, points) in the order made

    def copy(self) -> LadderState:
        return replace(self, scores=dict(self.scores))


class LetterLadder(Game):
    kind = "letter-ladder"
    title = "Letter Ladder"
    max_players = 3
    event_types = Game.event_types | {"make", "pass"}
    can_pass = True
    shipped_deck = Path(__file__).with_name("letter-ladder.json")
    OPTIONS = (Option("no_doubling", bool, "a longer word scores its letters only", "doubled", "No doubling"),)
    rules = "# Letter Ladder\nMake one word a turn: a word longer than the one before scores double.\n"
    play_hint = ("the word", "cat · ride")

    @classmethod
    def parse_card(cls, text: str) -> Card:
        return Card(cls.match_token(text, _TOKEN, "write a capital letter").group())

    def parse_word(self, text: str) -> Word:
        if not text.isalpha() or not text.isascii():
            raise MalformedCard(f"{text!r}: type the word's letters")
        return tuple(Card(c) for c in text.upper())

    def initial_state(self) -> LadderState:
        return LadderState(scores={p: 0 for p in self.players})

    def laid_words(self, player: str) -> tuple[Laid, ...]:
        return tuple(Laid(cards) for owner, cards, _ in self.state.words if owner == player)

    def challengeable(self, state: State | None = None) -> list[tuple[str, str]]:
        words = (state or self.state).words
        return [(words[-1][0], spell(words[-1][1]))] if words else []

    def step(self, state: LadderState, event: Event) -> Step:  # type: ignore[override]
        if isinstance(event, Make):
            return self._make(state, event)
        if isinstance(event, Pass):
            self.check_turn(state, event.player)
            return Step(replace(state.copy(), turn=state.turn + 1), summary=f"{event.player} passes")
        if isinstance(event, Challenge):
            return self._challenge(state, event)
        if isinstance(event, End):
            self.end_hands(event)
            return Step(replace(state.copy(), ended=True), summary="the table stops the game")
        return super().step(state, event)

    def _make(self, state: LadderState, event: Make) -> Step:
        self.check_turn(state, event.player)
        if len(event.words) != 1:
            raise IllegalPlay("one word a turn")
        [word] = event.words
        self.check_word_length(word)
        self.check_cards(word)
        self.check_conserved(Counter(c.key for _, w, _ in state.words for c in w) + Counter(c.key for c in word))
        longer = bool(state.words) and len(word) > len(state.words[-1][1]) and not self.options.get("no_doubling")
        points = self.cards_value(word) * (2 if longer else 1)
        new = state.copy()
        new.scores[event.player] += points
        new.words = state.words + ((event.player, word, points),)
        new.turn += 1
        note = f"{spell(word)}: {self.cards_value(word)}" + (" x2, longer" if longer else "")
        return Step(
            new, (LedgerLine(event.player, word=points, note=note),), summary=f"{event.player} makes {spell(word)}"
        )

    def _challenge(self, state: LadderState, event: Challenge) -> Step:
        challenger = self.player(event.player)
        if not state.words:
            raise IllegalPlay("there is no word to challenge")
        owner, word, points = state.words[-1]
        if owner == challenger:
            raise IllegalPlay(f"{challenger} cannot challenge his own word")
        if self.judge([spell(word)], state):
            return self.challenge_penalty_step(state, challenger, self.challenger_penalty, spell(word))
        new = state.copy()
        new.scores[owner] -= points
        new.words = state.words[:-1]
        return Step(
            new,
            (LedgerLine(owner, word=-points, note=f"{spell(word)} taken back (NOT VALID)"),),
            False,
            f"{spell(word)} is NOT VALID: taken back",
        )
