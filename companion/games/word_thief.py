"""Word Thief: makes, steals, locks, trump, jokers, passes, challenges and end-of-game deductions."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, Self

from companion.cards import Card, CardKey, spell, suit_of
from companion.coach import Moment, StealIdea, spelled
from companion.decks import SUIT_NAMES, SUITS, WILD, Deck
from companion.errors import IllegalPlay, MalformedCard, SetupError
from companion.events import Challenge, End, Make, Pass, Steal, Event, Word
from companion.games.base import Game, Laid, State, Step
from companion.games.options import CHALLENGER_PENALTY, COACH, TRUMP, Option
from companion.games.steals import best_first, find_steals
from companion.outcome import LedgerLine

HAND = 7
PASS_PENALTY = 5
WHOLE_HAND_BONUS = 20
_TOKEN = re.compile(r"^(?:([A-Z])([shdc])|\*([a-z]))$")
_EXACT = re.compile(r"^(?:[A-Z][shdc]|\*[a-z])+$")
_QUICK = re.compile(r"^((?:\*?[a-z])+)(?:/([shdc]+))?$")

RULES = """\
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
"""


def length_bonus(letters: int) -> int:
    """5 points per letter beyond 4 (a joker counts as a letter)."""
    return 5 * max(0, letters - 4)


@dataclass(frozen=True)
class TableWord:
    """A word lying in front of its owner, with the points it earned when it was made."""

    uid: int
    owner: str
    cards: Word
    locked: bool
    word_points: int
    bonus_points: int

    @property
    def text(self) -> str:
        return spell(self.cards)

    @property
    def suit(self) -> str:
        """The suit all the cards of a locked word share ("" for an unlocked word)."""
        return suit_of(self.cards) or ""


@dataclass(frozen=True)
class Play:
    """A make or steal still standing, kept so a challenge can take it back exactly."""

    player: str
    made: tuple[TableWord, ...]
    stolen: tuple[TableWord, ...]
    used: tuple[CardKey, ...]  # the cards that came from the hand (a challenge hands them back)
    bonus: int  # all bonus points of the play (length and whole hand)


@dataclass
class WordThiefState(State):
    table: dict[str, tuple[TableWord, ...]] = None  # type: ignore[assignment]
    hands: dict[str, int] = None  # type: ignore[assignment]
    pile: int = 0
    plays: tuple[Play, ...] = ()
    next_uid: int = 0
    # cards a challenge handed back, known to be in a hand until they are played again (the deck check counts them)
    returned: dict[str, Counter[CardKey]] = None  # type: ignore[assignment]

    def copy(self) -> Self:
        return replace(
            self, scores=dict(self.scores), table=dict(self.table), hands=dict(self.hands), returned=dict(self.returned)
        )


@dataclass(frozen=True)
class Scored:
    cards: Word
    locked: bool
    suit: str | None
    letter_sum: int
    multiplier: int
    word_points: int
    length_bonus: int


class WordThief(Game[WordThiefState]):
    kind = "word-thief"
    title = "Word Thief"
    has_chips = True
    event_types = Game.event_types | {"make", "steal", "pass"}
    can_steal = can_pass = has_pile = deducts_hands = has_suits = True
    OPTIONS = (
        TRUMP,
        Option("several_words", bool, "a make may lay several words", "one", "Several words in one make"),
        Option(
            "one_steal_per_opponent",
            bool,
            "one word from each opponent in one steal",
            "one word",
            "Steal one word from each opponent in a turn",
        ),
        replace(CHALLENGER_PENALTY, label="A challenger who loses takes -5", ticked=5),
        Option("half_deck", bool, "two players, a 54-card draw pile", "the whole deck", "Half deck (two players)"),
        Option(
            "challenge_any",
            bool,
            "a challenge may name any word on the table",
            "latest play only",
            "A challenge may target any word on the table",
        ),
        replace(COACH, label="Coach during play: F2 shows the steals on the table"),
    )
    rules = RULES
    play_example = "cat/h"
    play_hint = (
        "the word, / and its suits (s h d c)",
        "cat/h all hearts · cat/hds a suit per card · c*at/h a joker as A",
    )
    hand_hint = "e.g. qa/dh or Qd Ah"
    order_example = "Ah Bs Cd Dc *  (* a joker)"

    def _check_options(self, options: dict[str, Any]) -> None:
        super()._check_options(options)
        if options.get("half_deck") and len(self.players) != 2:
            raise SetupError("half_deck is for two players only")

    def initial_state(self) -> WordThiefState:
        n = len(self.players)
        pile = 54 if self.options.get("half_deck") else self.deck.size - HAND * n
        return WordThiefState(
            scores={p: 0 for p in self.players},
            table={p: () for p in self.players},
            hands={p: HAND for p in self.players},
            pile=pile,
            returned={p: Counter() for p in self.players},
        )

    # --- notation -------------------------------------------------------------------------------
    @classmethod
    def parse_card(cls, text: str) -> Card:
        m = cls.match_token(text, _TOKEN, "write a capital letter and a suit s h d c (Qd), or * and a letter (*e)")
        return Card(WILD, None, m.group(3).upper()) if m.group(3) else Card(m.group(1), m.group(2))

    def parse_word(self, text: str) -> Word:
        """``cat/h`` (every card hearts), ``cat/hhs`` (a suit per card), ``c*at/h`` (a joker as A), ``ChAhTs``."""
        if _EXACT.match(text):
            return tuple(self.parse_card(t) for t in re.findall(r"[A-Z][shdc]|\*[a-z]", text))
        low = text.lower()
        m = _QUICK.match(low)
        if not m:
            raise MalformedCard(
                f"{text!r}: type letters, * before a joker's letter, then / and the suit: cat/h or c*at/hhs"
            )
        letters = re.findall(r"\*?[a-z]", m.group(1))
        naturals = sum(1 for t in letters if not t.startswith("*"))
        suits = m.group(2) or ""
        if naturals and not suits:
            raise MalformedCard(
                f"{text!r} needs its suits: {low}/h for all hearts, or one suit per card like {low}/{'hs'[:1] * naturals}"
            )
        if len(suits) == 1:
            suits *= naturals
        if naturals and len(suits) != naturals:
            if naturals < len(letters):  # the joker is what the count missed: say how it is written
                word, suited = m.group(1), " ".join(t.upper() for t in letters if not t.startswith("*"))
                jokers = " ".join(t.upper() for t in letters if t.startswith("*"))
                # a suit typed for every card, the joker's too: the joker's is the one to drop
                fixed = (
                    "".join(x for t, x in zip(letters, suits) if not t.startswith("*"))
                    if len(suits) == len(letters)
                    else (suits * naturals)[:naturals]
                )
                raise MalformedCard(
                    f"{text!r}: a joker takes no suit, so {word.upper()} has {naturals} suited cards "
                    f"({suited}; {jokers} is the joker) but {len(suits)} suits: type {word}/{fixed}, "
                    f"or {word}/{suits[0]} for all"
                )
            raise MalformedCard(
                f"{text!r} has {naturals} suited cards but {len(suits)} suits; give one suit for all or one per card"
            )
        it = iter(suits)
        return tuple(
            Card(WILD, None, t[1].upper()) if t.startswith("*") else Card(t.upper(), next(it)) for t in letters
        )

    @classmethod
    def format_word(cls, word: Word) -> str:
        """Exact cards: ``ChAhTs``, ``*a`` a joker standing as A."""
        return "".join(cls.format_card(c) for c in word)

    @classmethod
    def parse_printed(cls, text: str, deck: Deck) -> Card:
        token = text.strip().upper()
        face, suit = token[:-1], token[-1:].lower()
        if token == WILD:
            return super().parse_printed(token, deck)
        if len(token) < 2 or suit not in SUITS:
            super().parse_printed(token, deck)  # a face the deck lacks is said first
            raise MalformedCard(f"card {text!r}: give the suit too, like {token}h")
        return Card(super().parse_printed(face, deck).face, suit)

    @classmethod
    def correct_card(cls, deck: Deck, card: Card, typed: str) -> Card:
        """``rd`` letter and suit, ``r`` the letter only, ``/d`` the suit only."""
        m = re.fullmatch(r"([a-z])([shdc]?)|/([shdc])", typed.strip().lower())
        if not m:
            raise MalformedCard(
                "type the letter and the suit (rd), the letter alone (r), the suit alone (/d), "
                "or * and a letter for a joker (*e)"
            )
        face = m.group(1).upper() if m.group(1) else card.face
        suit = m.group(2) or m.group(3) or card.suit
        if face == WILD or suit is None:
            raise MalformedCard(f"give this card a letter and a suit, like {face.strip(WILD) or 'E'}h")
        return Card(face, suit)

    # --- what the screens show -----------------------------------------------------------------
    @property
    def pile(self) -> int:
        return self.state.pile

    @property
    def challenge_names_word(self) -> bool:
        return bool(self.options.get("challenge_any"))

    def challengeable(self, state: WordThiefState | None = None) -> list[tuple[str, str]]:
        st = state or self.state
        if self.challenge_names_word:
            return [(w.owner, w.text) for words in st.table.values() for w in words]
        play = self.latest_play(st)
        return [(play.player, " ".join(w.text for w in play.made))] if play else []

    def laid_words(self, player: str) -> tuple[Laid, ...]:
        return tuple(Laid(w.cards, w.locked) for w in self.state.table[player])

    # --- scoring ------------------------------------------------------------------------------
    def score_word(self, cards: Word) -> Scored:
        """Letter sum x multiplier (x2 locked, x3 locked in trump) and the length bonus, kept apart."""
        letter_sum = self.cards_value(cards)
        suit = suit_of(cards)
        locked = suit is not None
        multiplier = (3 if suit == self.trump else 2) if locked else 1
        return Scored(cards, locked, suit, letter_sum, multiplier, letter_sum * multiplier, length_bonus(len(cards)))

    def _lay(
        self,
        state: WordThiefState,
        player: str,
        words: tuple[Word, ...],
        used: Counter[Any],
        stolen: tuple[TableWord, ...],
    ) -> Step[WordThiefState]:
        """Lay the words: ``used`` holds the cards from the hand, the rest are the stolen words' cards."""
        hand, from_hand = state.hands[player], sum(used.values())
        if from_hand > hand:
            raise IllegalPlay(f"{player} holds {hand} cards but this play takes {from_hand} from the hand")
        new = state.copy()
        scored = [self.score_word(w) for w in words]
        whole = WHOLE_HAND_BONUS if from_hand == hand >= HAND else 0
        made = []
        lines = []
        for i, s in enumerate(scored):
            bonus = s.length_bonus + (whole if i == 0 else 0)
            made.append(TableWord(new.next_uid + i, player, s.cards, s.locked, s.word_points, bonus))
            lock = f", locked in {SUIT_NAMES[s.suit]}{' (trump)' if s.multiplier == 3 else ''}" if s.suit else ""
            note = f"{spell(s.cards)}: {s.letter_sum} x{s.multiplier}{lock}"
            if s.length_bonus:
                note += f", length +{s.length_bonus}"
            if i == 0 and whole:
                note += f", whole hand +{whole}"
            lines.append(LedgerLine(player, word=s.word_points, bonus=bonus, note=note))
        new.next_uid += len(words)
        for word in stolen:
            new.table[word.owner] = tuple(w for w in new.table[word.owner] if w.uid != word.uid)
            new.scores[word.owner] -= word.word_points
            lines.append(LedgerLine(word.owner, lost=word.word_points, note=f"{word.text} stolen by {player}"))
        new.table[player] = new.table[player] + tuple(made)
        new.scores[player] += sum(w.word_points + w.bonus_points for w in made)
        left = hand - from_hand
        draw = min(max(0, HAND - left), new.pile)
        new.hands[player] = left + draw
        new.pile -= draw
        new.returned[player] = state.returned[player] - used
        new.turn += 1
        new.plays = new.plays + (
            Play(
                player, tuple(made), stolen, tuple(sorted(used.elements(), key=str)), sum(w.bonus_points for w in made)
            ),
        )
        return Step(
            new, tuple(lines), summary=f"{player} {'steals' if stolen else 'makes'} " + ", ".join(w.text for w in made)
        )

    def _check_deck(self, state: WordThiefState, table: Counter[Any], player: str, used: Counter[Any]) -> None:
        """The deck check of a play: the table after it, plus the cards other challenges left known in hands."""
        held = sum((state.returned[p] - used if p == player else state.returned[p] for p in self.players), Counter())
        self.check_conserved(table + held)

    def _on_table(self, state: WordThiefState) -> Counter[Any]:
        return Counter(c.key for words in state.table.values() for w in words for c in w.cards)

    def end_due(self, state: WordThiefState | None = None) -> str | None:
        """The game is over once the draw pile is empty and a player holds no cards."""
        st = state or self.state
        if st.ended or st.pile:
            return None
        out = next((p for p in self.players if st.hands[p] == 0), None)
        return f"the draw pile is empty and {out} holds no cards" if out else None

    def hand_sizes(self, state: WordThiefState | None = None) -> dict[str, int]:
        return dict((state or self.state).hands)

    # --- the events ---------------------------------------------------------------------------
    def step(self, state: WordThiefState, event: Event) -> Step[WordThiefState]:
        if isinstance(event, (Make, Steal, Pass)) and (why := self.end_due(state)):
            raise IllegalPlay(f"{why}: the game is over; only a challenge of the latest play or the end may follow")
        if isinstance(event, Make):
            return self._make(state, event)
        if isinstance(event, Steal):
            return self._steal(state, event)
        if isinstance(event, Pass):
            return self._pass(state, event)
        if isinstance(event, Challenge):
            return self._challenge(state, event)
        if isinstance(event, End):
            return self._end(state, event)
        return super().step(state, event)

    def _check_words(self, words: tuple[Word, ...]) -> None:
        if not words:
            raise IllegalPlay("the play has no words")
        for w in words:
            self.check_word_length(w)
            self.check_cards(w)

    def _make(self, state: WordThiefState, event: Make) -> Step[WordThiefState]:
        self.check_turn(state, event.player)
        self._check_words(event.words)
        if len(event.words) > 1 and not self.options.get("several_words"):
            raise IllegalPlay(
                "one word per make: lay the others on later turns (or start a game with the several-words option)"
            )
        used = Counter(c.key for w in event.words for c in w)
        self._check_deck(state, self._on_table(state) + used, event.player, used)
        return self._lay(state, event.player, event.words, used, ())

    def find_victim_word(self, state: WordThiefState, victim: str, spelling: str, new_cards: Counter[Any]) -> TableWord:
        """The victim's word of that spelling: the unlocked one whose cards all appear in the new words."""
        matches = [w for w in state.table[victim] if w.text == spelling.upper()]
        if not matches:
            have = ", ".join(w.text for w in state.table[victim]) or "no words"
            raise IllegalPlay(f"{victim} has no word {spelling.upper()} on the table ({victim} has {have})")
        unlocked = [w for w in matches if not w.locked]
        if not unlocked:
            w = matches[0]
            raise IllegalPlay(
                f"{w.text} is locked: all its cards are {SUIT_NAMES[w.suit]}; a locked word cannot be stolen"
            )
        for w in unlocked:
            if not Counter(c.key for c in w.cards) - new_cards:
                return w
        return unlocked[0]

    def stealable(
        self, state: WordThiefState | None = None, thief: str | None = None
    ) -> list[tuple[TableWord, str | None]]:
        """Every opponent word with None if it may be stolen, or the reason it may not."""
        st = state or self.state
        thief = thief or self.to_play
        out = []
        for owner, words in st.table.items():
            for w in words:
                reason = None
                if owner == thief:
                    reason = "your own word"
                elif w.locked:
                    reason = f"locked in {SUIT_NAMES[w.suit]}"
                out.append((w, reason))
        return out

    def _steal(self, state: WordThiefState, event: Steal) -> Step[WordThiefState]:
        thief = event.player
        self.check_turn(state, thief)
        if not event.targets:
            raise IllegalPlay("a steal names the word it takes")
        victims = [self.player(v) for v, _ in event.targets]
        if thief in victims:
            raise IllegalPlay(f"{thief} cannot steal his own word; only an opponent's word may be stolen")
        if len(event.targets) > 1:
            if not self.options.get("one_steal_per_opponent"):
                raise IllegalPlay(
                    "one word per steal (the one-steal-per-opponent option allows one from each opponent)"
                )
            if len(set(victims)) != len(victims):
                raise IllegalPlay("at most one word from each opponent in one turn")
        self._check_words(event.words)
        new_cards = Counter(c.key for w in event.words for c in w)
        stolen = tuple(self.find_victim_word(state, v, s, new_cards) for v, s in event.targets)
        stolen_cards = Counter(c.key for w in stolen for c in w.cards)
        missing = stolen_cards - new_cards
        if missing:
            names = ", ".join(("joker" if f == "*" else f + (s or "")) for (f, s) in missing.elements())
            raise IllegalPlay(f"the new words leave out {names} of the stolen word; a steal uses every stolen card")
        used = new_cards - stolen_cards
        if not used:
            raise IllegalPlay("a steal adds at least one card from the hand")
        if not _each_word_holds_one(event.words, stolen_cards):
            raise IllegalPlay("each new word must hold at least one card of the stolen word")
        self._check_deck(state, self._on_table(state) - stolen_cards + new_cards, thief, used)
        return self._lay(state, thief, event.words, used, stolen)

    def _pass(self, state: WordThiefState, event: Pass) -> Step[WordThiefState]:
        self.check_turn(state, event.player)
        new = state.copy()
        self._pass_penalty(new, event.player)
        new.turn += 1
        return Step(
            new,
            (LedgerLine(event.player, penalty=PASS_PENALTY, note="pass"),),
            summary=f"{event.player} passes: -{PASS_PENALTY}" + (", draws 1" if state.pile else ""),
        )

    def _pass_penalty(self, new: WordThiefState, player: str) -> None:
        new.scores[player] -= PASS_PENALTY
        if new.pile:
            new.hands[player] += 1
            new.pile -= 1

    def latest_play(self, state: WordThiefState | None = None) -> Play | None:
        plays = (state or self.state).plays
        return plays[-1] if plays else None

    def challenged_play(self, state: WordThiefState, event: Challenge) -> int:
        """Where in ``state.plays`` the play a challenge targets lies.

        Without ``of``/``word`` it is the latest play; a named word must belong to it unless the
        ``challenge_any`` option lets a challenge target any word on the table, whose whole play
        (a steal included) is then judged and taken back.
        """
        if not state.plays:
            raise IllegalPlay("there is no play on the table to challenge")
        latest = len(state.plays) - 1
        if event.of is None and event.word is None:
            return latest
        if not event.of or not event.word:
            raise IllegalPlay("a challenge that names a word gives its owner (of) and the word")
        owner, word = self.player(event.of), event.word.upper()
        if not self.options.get("challenge_any") or self.end_due(state):
            play = state.plays[latest]
            if play.player != owner or word not in [w.text for w in play.made]:
                made = " ".join(w.text for w in play.made)
                why = (
                    f"{self.end_due(state)}: only the latest play may still be challenged"
                    if self.end_due(state)
                    else "the challenge_any option lets it target any word on the table"
                )
                raise IllegalPlay(f"a challenge targets the latest play, {play.player}'s {made}; {why}")
            return latest
        uids = {w.uid for w in state.table[owner] if w.text == word}
        if not uids:
            have = ", ".join(w.text for w in state.table[owner]) or "no words"
            raise IllegalPlay(f"{owner} has no word {word} on the table ({owner} has {have})")
        at = max(i for i, p in enumerate(state.plays) if uids & {w.uid for w in p.made})
        standing = {w.uid for words in state.table.values() for w in words}
        if any(w.uid not in standing for w in state.plays[at].made):
            raise IllegalPlay(f"{word} was laid with words that have been stolen since; it can no longer be taken back")
        return at

    def _challenge(self, state: WordThiefState, event: Challenge) -> Step[WordThiefState]:
        challenger = self.player(event.player)
        at = self.challenged_play(state, event)
        play = state.plays[at]
        if play.player == challenger:
            raise IllegalPlay(f"{challenger} cannot challenge his own play")
        texts = [w.text for w in play.made]
        what = " ".join(texts)
        if self.judge(texts, state):
            return self.challenge_penalty_step(state, challenger, self.challenger_penalty, what)
        new = state.copy()
        owner = play.player
        lines = [
            LedgerLine(
                owner,
                word=-sum(w.word_points for w in play.made),
                bonus=-play.bonus,
                note=f"{what} taken back (NOT VALID)",
            )
        ]
        made = {w.uid for w in play.made}
        new.table[owner] = tuple(w for w in new.table[owner] if w.uid not in made)
        new.scores[owner] -= sum(w.word_points for w in play.made) + play.bonus
        for w in play.stolen:
            new.table[w.owner] = new.table[w.owner] + (w,)
            new.scores[w.owner] += w.word_points
            lines.append(LedgerLine(w.owner, word=w.word_points, note=f"{w.text} returned"))
        new.hands[owner] += len(play.used)
        new.returned[owner] = state.returned[owner] + Counter(play.used)
        self._pass_penalty(new, owner)
        draws = " and draws 1" if state.pile else ""
        lines.append(
            LedgerLine(owner, penalty=PASS_PENALTY, note=f"failed play: loses {PASS_PENALTY}{draws} as for a pass")
        )
        new.plays = state.plays[:at] + state.plays[at + 1 :]
        return Step(new, tuple(lines), False, f"{what} is NOT VALID: taken back, {owner} loses {PASS_PENALTY}")

    def _end(self, state: WordThiefState, event: End) -> Step[WordThiefState]:
        hands = self.end_hands(event)
        # a hand shown holds the cards a challenge handed back: count each card once
        held: Counter[CardKey] = Counter()
        for p in self.players:
            held += state.returned[p] | Counter(c.key for c in hands.get(p, ()))
        self.check_conserved(self._on_table(state) + held)
        new = state.copy()
        new.ended = True
        lines = []
        for name, cards in hands.items():
            value = self.cards_value(cards)
            new.scores[name] -= value
            lines.append(
                LedgerLine(
                    name, deduction=value, note=f"cards left: {' '.join(self.format_card(c) for c in cards) or 'none'}"
                )
            )
        return Step(new, tuple(lines), summary="end of game: hands deducted")

    # --- the coach ----------------------------------------------------------------------------
    def _copies(self) -> Counter[Any]:
        """The deck's copies of each letter over all suits, and of the joker ("*")."""
        copies: Counter[Any] = Counter()
        for (face, _), n in self.deck.counts.items():
            copies[face] += n
        return copies

    def steals_of(
        self, word: Word, table: list[Word], add: int = 2, owner: str | None = None, state: WordThiefState | None = None
    ) -> list[StealIdea]:
        """The steals of ``word`` with letters the deck still has outside ``table`` (every word lying there)."""
        spare = self._copies() - Counter(c.letter for w in table for c in w if not c.wild)
        return find_steals(word, self.deck.value, length_bonus, self.anagrams(state), spare, add, owner)

    def steals_for(self, words: list[str], add: int = 2) -> list[list[StealIdea]]:
        """Words typed without suits (``cart``, ``c*art`` with a joker standing as A): suits do not change a steal."""
        table = [_unsuited(w) for w in words]
        for word in table:
            self.check_word_length(word)
        spare = self._copies()
        short = Counter(c.face for w in table for c in w) - spare
        if short:
            letter = next(iter(short))
            raise IllegalPlay(
                f"the words hold {spare[letter] + short[letter]} {letter}, but the deck has {spare[letter]}"
            )
        return [self.steals_of(w, table, add) for w in table]

    def table_steals(
        self, state: WordThiefState | None = None, thief: str | None = None, add: int = 2
    ) -> list[StealIdea]:
        st = state or self.state
        thief = thief or self.players[st.turn % len(self.players)]
        table = [w.cards for words in st.table.values() for w in words]
        return best_first(
            [
                idea
                for w, reason in self.stealable(st, thief)
                if reason is None
                for idea in self.steals_of(w.cards, table, add, w.owner, st)
            ]
        )

    def review(self) -> list[Moment]:
        """At each turn, the strongest steal the table offered (up to two letters added) and what was done."""
        moments = []
        turns = [(i, e) for i, e in enumerate(self.events) if isinstance(e, (Make, Steal, Pass))]
        for n, (i, event) in enumerate(turns, start=1):
            offered = self.table_steals(self._states[i], event.player)
            outcome = self.outcomes[i]
            if isinstance(event, Steal):
                played = f"stole {' '.join(w for _, w in event.targets)} for {spelled(event.words)}"
            else:
                played = f"made {spelled(event.words)}" if isinstance(event, Make) else "passed"
            note = ("stole" if isinstance(event, Steal) else "no steal") if offered else "nothing to steal"
            moments.append(
                Moment(
                    f"turn {n}",
                    event.player,
                    played,
                    outcome.after[event.player] - outcome.before[event.player],
                    offered[0].text() if offered else "",
                    offered[0].points if offered else None,
                    note,
                )
            )
        return moments


def _unsuited(text: str) -> Word:
    """A word typed as letters, * before the letter a joker stands for; the cards have no suit."""
    if not re.fullmatch(r"(?:\*?[A-Za-z])+", text):
        raise MalformedCard(f"{text!r}: type the word's letters, * before the letter a joker stands for (cart, c*art)")
    return tuple(
        Card(WILD, None, t[1].upper()) if t.startswith("*") else Card(t.upper())
        for t in re.findall(r"\*?[A-Za-z]", text)
    )


def _each_word_holds_one(words: tuple[Word, ...], stolen: Counter[Any]) -> bool:
    """Can the stolen cards be placed so that every new word holds at least one? (a small matching)"""
    keys = [set(c.key for c in w) & set(stolen) for w in words]

    def place(i: int, left: Counter[Any]) -> bool:
        if i == len(keys):
            return True
        for k in keys[i]:
            if left[k] > 0:
                left[k] -= 1
                if place(i + 1, left):
                    return True
                left[k] += 1
        return False

    return place(0, Counter(stolen))
