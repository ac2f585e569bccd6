"""Quiddler: eight rounds, two-letter cards, most-words and longest-word bonuses, the floor."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, Self

from companion.cards import Card, spell
from companion.coach import BestHand, Moment
from companion.decks import Deck
from companion.errors import AmbiguousSpelling, IllegalPlay, MalformedCard
from companion.events import Challenge, End, QuiddlerHand, Round, Event, Word
from companion.games.base import Game, Laid, RoundTable, State, Step
from companion.games.best_hand import best_hand
from companion.games.options import Option
from companion.outcome import LedgerLine

ROUNDS = 8
BONUS = 10
_TOKEN = re.compile(r"^[A-Z]{1,2}$")
_CARD_SEP = re.compile(r"[-.]")

RULES = """\
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
"""


def splits(word: str, deck: Deck) -> list[list[str]]:
    """Every way to spell ``word`` with the deck's faces (single letters first).

    >>> from companion.decks import standard_deck
    >>> splits("quit", standard_deck("quiddler"))
    [['Q', 'U', 'I', 'T'], ['QU', 'I', 'T']]
    """
    w = word.upper()
    faces = set(deck.faces)
    out: list[list[str]] = []

    def go(i: int, acc: list[str]) -> None:
        if i == len(w):
            out.append(list(acc))
            return
        for n in (1, 2):
            face = w[i : i + n]
            if len(face) == n and face in faces:
                acc.append(face)
                go(i + n, acc)
                acc.pop()

    go(0, [])
    return out


@dataclass(frozen=True)
class PlayerRound:
    """One player's round worked out: card points, bonuses, the floor and any challenge penalty."""

    player: str
    words: tuple[Word, ...]
    left: Word
    in_words: int
    in_hand: int
    most_words: int
    longest_word: int
    total: int  # after bonuses and the floor
    penalty: int = 0  # lost challenges, after the floor

    @property
    def score(self) -> int:
        return self.total - self.penalty


@dataclass(frozen=True)
class RoundRecord:
    number: int
    out: str
    hands: tuple[QuiddlerHand, ...]
    results: tuple[PlayerRound, ...]


@dataclass
class QuiddlerState(State):
    rounds: tuple[RoundRecord, ...] = ()

    def copy(self) -> Self:
        return replace(self, scores=dict(self.scores))


class Quiddler(Game[QuiddlerState]):
    kind = "quiddler"
    title = "Quiddler"
    max_players = 8
    event_types = Game.event_types | {"round"}
    has_rounds = True
    OPTIONS = (
        Option(
            "one_bonus",
            str,
            'with two players only `"longest"` or `"most"` is paid',
            "both",
            "Bonuses (2 players)",
            choices=("longest", "most"),
            expect='"longest" or "most"',
            labels=("both bonuses", "longest word only", "most words only"),
        ),
        Option("negative_rounds", bool, "a round score may go below 0", "floored at 0", "Round scores may go below 0"),
    )
    rules = RULES
    play_example = "quit"
    play_hint = ("the words", "quit · qu-i-t card by card")
    order_example = "A QU ER TH B"

    # --- notation -------------------------------------------------------------------------------
    @classmethod
    def parse_card(cls, text: str) -> Card:
        return Card(cls.match_token(text, _TOKEN, "write the face in capitals (A, QU, TH)").group())

    def parse_play(self, text: str, max_cards: int | None = None) -> tuple[Word, ...]:
        """``max_cards`` is what a hand holds this round: a spelling of more cards is never offered."""
        if not text.strip():
            return super().parse_play(text)  # says what to type
        return tuple(self.parse_word(p, max_cards) for p in text.replace(",", " ").split())

    def parse_word(self, text: str, max_cards: int | None = None) -> Word:
        """``quit`` (refused with each way it splits when there are several) or card by card ``qu-i-t``."""
        deck = self.deck
        if not re.fullmatch(r"[A-Za-z]+(?:[-.][A-Za-z]+)*", text):
            raise MalformedCard(f"{text!r}: type the word's letters, with - between cards if you like (qu-i-t)")
        if _CARD_SEP.search(text):
            faces = [f.upper() for f in _CARD_SEP.split(text)]
            for f in faces:
                if f not in deck.faces:
                    raise MalformedCard(
                        f"{f} is not a Quiddler card; the two-letter cards are "
                        + ", ".join(x for x in deck.faces if len(x) == 2)
                    )
            return tuple(Card(f) for f in faces)
        options = splits(text, deck)
        if not options:
            raise MalformedCard(f"{text.upper()} cannot be spelled with Quiddler cards")
        if max_cards is not None:
            fewest = min(len(o) for o in options)
            options = [o for o in options if len(o) <= max_cards]
            if not options:
                raise MalformedCard(
                    f"{text.upper()} takes at least {fewest} cards but a hand holds {max_cards} this round"
                )
        if len(options) > 1:
            shown = " or ".join("-".join(o) for o in options)
            raise AmbiguousSpelling(f"{text.upper()} splits {len(options)} ways: {shown}; type it with dashes", options)
        return tuple(Card(f) for f in options[0])

    @classmethod
    def format_word(cls, word: Word) -> str:
        """Card by card, so a word never has two spellings to choose from: ``qu-i-t``."""
        card = super().format_word
        return "-".join(card((c,)) for c in word)

    def parse_cards(self, text: str) -> Word:
        """A token that is a face is that one card, so "qu z" is the QU card and a Z."""
        out: list[Card] = []
        for part in text.replace(",", " ").split():
            if part.upper() in self.deck.faces:
                out.append(Card(part.upper()))
            else:
                out.extend(c for w in self.parse_play(part) for c in w)
        return tuple(out)

    # --- what the screens show -----------------------------------------------------------------
    def progress(self) -> str:
        n = self.round_number
        return f"round {n} of {ROUNDS} · dealer {self.dealer()} · {n + 2} cards each" if n <= ROUNDS else ""

    @property
    def challenge_names_word(self) -> bool:
        return True

    def challengeable(self, state: QuiddlerState | None = None) -> list[tuple[str, str]]:
        """Every word of the latest round."""
        rounds = (state or self.state).rounds
        return [(h.player, spell(w)) for h in rounds[-1].hands for w in h.words] if rounds else []

    def initial_state(self) -> QuiddlerState:
        return QuiddlerState(scores={p: 0 for p in self.players})

    @property
    def round_number(self) -> int:
        """The round to be played next (9 once all eight are done)."""
        return len(self.state.rounds) + 1

    def round_cards(self, number: int | None = None) -> int:
        """The cards each player is dealt in a round (3 in round 1 ... 10 in round 8)."""
        return (number or self.round_number) + 2

    def dealer(self, number: int | None = None) -> str:
        r = number or self.round_number
        return self.players[(r - 1) % len(self.players)]

    @property
    def to_play(self) -> str | None:
        return None if self.state.ended else self.players[self.round_number % len(self.players)]

    def waiting_for(self) -> tuple[str, str] | None:
        # no turns to keep: the table waits for the next round's dealer
        if self.state.ended or self.round_number > ROUNDS:
            return None
        return self.dealer(), f"deals round {self.round_number}"

    def laid_words(self, player: str) -> tuple[Laid, ...]:
        """The player's words of the latest round."""
        if not self.state.rounds:
            return ()
        return tuple(Laid(w) for h in self.state.rounds[-1].hands if h.player == player for w in h.words)

    def round_table(self) -> RoundTable:
        return RoundTable(ROUNDS, tuple({r.player: r.score for r in rec.results} for rec in self.state.rounds))

    def work_out(
        self, number: int, out: str, hands: tuple[QuiddlerHand, ...], penalties: dict[str, int] | None = None
    ) -> tuple[PlayerRound, ...]:
        """Each player's round score: words minus hand, the bonuses (ties give none), then the floor."""
        bonuses = {"most", "longest"}
        if len(self.players) == 2 and self.options.get("one_bonus"):
            bonuses = {self.options["one_bonus"]}
        counts = {h.player: len(h.words) for h in hands if h.words}
        longest = {h.player: max(len(spell(w)) for w in h.words) for h in hands if h.words}

        def sole_best(values: dict[str, int]) -> str | None:
            if not values:
                return None
            best = max(values.values())
            top = [p for p, v in values.items() if v == best]
            return top[0] if len(top) == 1 else None

        most_p = sole_best(counts) if "most" in bonuses else None
        long_p = sole_best(longest) if "longest" in bonuses else None
        out_results = []
        for h in hands:
            in_words = sum(self.cards_value(w) for w in h.words)
            in_hand = self.cards_value(h.left)
            most = BONUS if h.player == most_p else 0
            long_ = BONUS if h.player == long_p else 0
            total = in_words - in_hand + most + long_
            if not self.options.get("negative_rounds"):
                total = max(0, total)
            out_results.append(
                PlayerRound(
                    h.player, h.words, h.left, in_words, in_hand, most, long_, total, (penalties or {}).get(h.player, 0)
                )
            )
        return tuple(out_results)

    def step(self, state: QuiddlerState, event: Event) -> Step[QuiddlerState]:
        if isinstance(event, Round):
            return self._round(state, event)
        if isinstance(event, Challenge):
            return self._challenge(state, event)
        if isinstance(event, End):
            self.end_hands(event)
            new = state.copy()
            new.ended = True
            return Step(new, summary="the table stops the game")
        return super().step(state, event)

    def _round(self, state: QuiddlerState, event: Round) -> Step[QuiddlerState]:
        number = len(state.rounds) + 1
        if number > ROUNDS:
            raise IllegalPlay(f"all {ROUNDS} rounds are played; the game is over")
        self.player(event.out)
        size = self.round_cards(number)
        seen = [self.player(h.player) for h in event.hands]
        if len(set(seen)) != len(seen):
            raise IllegalPlay("a player is listed twice in the round")
        missing = [p for p in self.players if p not in seen]
        if missing:
            raise IllegalPlay(
                f"the round lists no hand for {', '.join(missing)}; every player shows words and cards left"
            )
        cards: Counter[Any] = Counter()
        for h in event.hands:
            for w in h.words:
                if len(w) < 2:
                    raise IllegalPlay(f"{spell(w)} is one card: a Quiddler word takes at least 2 cards")
                self.check_cards(w)
            self.check_cards(h.left)
            n = sum(len(w) for w in h.words) + len(h.left)
            if n != size:
                raise IllegalPlay(f"round {number} deals {size} cards but {h.player} shows {n}")
            if h.player == event.out and h.left:
                raise IllegalPlay(f"{event.out} went out, so has no cards left; put every card in a word")
            cards.update(c.key for w in h.words for c in w)
            cards.update(c.key for c in h.left)
        self.check_conserved(cards)
        ordered = tuple(sorted(event.hands, key=lambda h: self.players.index(h.player)))
        results = self.work_out(number, event.out, ordered)
        new = state.copy()
        new.rounds = state.rounds + (RoundRecord(number, event.out, ordered, results),)
        lines = []
        for r in results:
            new.scores[r.player] += r.score
            lines.append(
                LedgerLine(
                    r.player,
                    word=r.total - r.most_words - r.longest_word,
                    bonus=r.most_words + r.longest_word,
                    note=_round_note(r),
                )
            )
        if number == ROUNDS:
            new.ended = True
        return Step(new, tuple(lines), summary=f"round {number}: {event.out} went out")

    def _challenge(self, state: QuiddlerState, event: Challenge) -> Step[QuiddlerState]:
        challenger = self.player(event.player)
        if not state.rounds:
            raise IllegalPlay("no round has been played yet; nothing to challenge")
        if not event.of or not event.word:
            raise IllegalPlay("a Quiddler challenge names the player and the word (of, word)")
        owner = self.player(event.of)
        if owner == challenger:
            raise IllegalPlay(f"{challenger} cannot challenge his own word")
        rec = state.rounds[-1]
        hand = next(h for h in rec.hands if h.player == owner)
        spelled = [spell(w) for w in hand.words]
        word = event.word.upper()
        if word not in spelled:
            raise IllegalPlay(f"{owner} laid no word {word} in round {rec.number} ({', '.join(spelled) or 'no words'})")
        target = hand.words[spelled.index(word)]
        penalties = {r.player: r.penalty for r in rec.results}
        new = state.copy()
        if self.judge([word], state):
            cost = self.options.get("challenger_penalty", self.cards_value(target))
            penalties[challenger] = penalties.get(challenger, 0) + cost
            hands = rec.hands
            verdict, summary = True, f"{word} is VALID; {challenger} loses {cost}"
        else:
            words = list(hand.words)
            words.remove(target)
            hands = tuple(QuiddlerHand(h.player, tuple(words), h.left) if h.player == owner else h for h in rec.hands)
            verdict, summary = False, f"{word} is NOT VALID: struck from {owner}'s words, bonuses worked out again"
        results = self.work_out(rec.number, rec.out, hands, penalties)
        lines = []
        for old, now in zip(rec.results, results):
            diff = now.score - old.score
            new.scores[now.player] += diff
            if diff:
                lines.append(
                    LedgerLine(
                        now.player,
                        word=(now.total - now.most_words - now.longest_word)
                        - (old.total - old.most_words - old.longest_word),
                        bonus=(now.most_words + now.longest_word) - (old.most_words + old.longest_word),
                        penalty=now.penalty - old.penalty,
                        note=summary,
                    )
                )
        new.rounds = state.rounds[:-1] + (RoundRecord(rec.number, rec.out, hands, results),)
        return Step(new, tuple(lines), verdict, summary)

    # --- the coach ----------------------------------------------------------------------------
    def best_hand(self, hand: Word, out: bool = False, table: Word = ()) -> BestHand | None:
        if table:
            raise IllegalPlay("Quiddler has no letters on the table; give the hand only")
        self.check_cards(hand)
        self.check_conserved(Counter(c.key for c in hand))
        return best_hand(hand, self.deck.value, self.anagrams(), out)

    def round_review(self, number: int) -> list[Moment]:
        """Each player's round as laid (cards in words less cards left) beside his best possible one."""
        event = [e for e in self.events if isinstance(e, Round)][number - 1]
        record = self.state.rounds[number - 1]
        moments = []
        for dealt, result in zip(sorted(event.hands, key=lambda h: self.players.index(h.player)), record.results):
            laid = next(h for h in record.hands if h.player == result.player)  # a struck word is no longer laid
            best = self.best_hand(tuple(c for w in dealt.words for c in w) + dealt.left)
            played = " ".join("-".join(c.face for c in w) for w in laid.words) or "no word"
            moments.append(
                Moment(
                    f"round {number}",
                    result.player,
                    played,
                    result.in_words - result.in_hand,
                    best.text() if best else "",
                    best.score if best else None,
                    "went out" if event.out == result.player else "",
                )
            )
        return moments

    def review(self) -> list[Moment]:
        return [m for r in self.state.rounds for m in self.round_review(r.number)]

    def hindsight(self) -> list[Moment]:
        """After a round is entered: each player's round beside his best possible one."""
        if self.events and isinstance(self.events[-1], Round):
            return self.round_review(len(self.state.rounds))
        return []


def _round_note(r: PlayerRound) -> str:
    words = " ".join(spell(w) for w in r.words) or "no words"
    parts = [f"{words}: {r.in_words} - {r.in_hand} left"]
    if r.most_words:
        parts.append("most words +10")
    if r.longest_word:
        parts.append("longest word +10")
    raw = r.in_words - r.in_hand + r.most_words + r.longest_word
    if raw < r.total:
        parts.append(f"{raw} floored at 0")
    return ", ".join(parts)
