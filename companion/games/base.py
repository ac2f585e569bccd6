"""What every game shares: players, turns, options, the house list, the event fold, undo and redo,
and what a game says of itself (its capabilities, options and notation) so that nothing outside
``companion.games`` needs to know which game it is."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from difflib import get_close_matches
from pathlib import Path
from typing import Any, ClassVar, Generic, Self, TypeVar, cast

from companion.anagrams import Anagrams, anagram_index
from companion.cards import Card, spell
from companion.chips import ChipMove, Chips
from companion.coach import BestHand, Moment, StealIdea
from companion.decks import SUIT_NAMES, WILD, Deck, deck_from_text, read_deck_file, standard_deck
from companion.plural import plural
from companion.errors import CompanionError, DeckError, IllegalPlay, MalformedCard, SetupError, UnknownPlayer
from companion.events import Challenge, End, Event, HouseWord, Word
from companion.games.options import COMMON, Option
from companion.lexicon import House, Lexicon, read_word_list
from companion.outcome import LedgerLine, Outcome
from companion.text import player_name, printable


@dataclass
class State:
    """The part of every game's state that the base class folds. Containers are copied on write."""

    scores: dict[str, int]
    turn: int = 0
    ended: bool = False
    house: House = House()  # the table's rulings so far: the options' house list, then house events

    def copy(self) -> Self:
        return replace(self, scores=dict(self.scores))


S = TypeVar("S", bound=State)  # a game's own state


@dataclass(frozen=True)
class Laid:
    """A word lying in front of a player, as a scoreboard shows it."""

    cards: Word
    locked: bool = False


@dataclass(frozen=True)
class RoundTable:
    """The points of each round played, per player, for a game scored a round at a time."""

    rounds: int  # how many rounds the game has
    scores: tuple[dict[str, int], ...]  # one entry per round played


@dataclass(frozen=True)
class Step(Generic[S]):
    """What a game's rule function returns for one event."""

    state: S
    lines: tuple[LedgerLine, ...] = ()
    verdict: bool | None = None
    summary: str = ""


class Game(Generic[S]):
    """A game in progress: its events and the states they fold to.

    ``check(event)`` raises the specific error of an illegal event, ``preview(event)``
    returns what it would do, ``apply(event)`` records it. Illegal events leave the
    game exactly as it was. ``undo``/``redo`` pop and push events exactly.

    A subclass is one game. Its class attributes say what the game has, for the screens
    and the docs to follow (as python-chess's variants do); its notation methods read and
    write cards and plays: ``parse_card``/``format_card`` the game log's card tokens,
    ``parse_play``/``format_play`` the typed words of docs/notation.md.
    """

    kind: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    has_chips: ClassVar[bool] = False
    event_types: ClassVar[frozenset[str]] = frozenset({"challenge", "end", "house"})
    default_challenger_penalty: ClassVar[int] = 0
    shipped_deck: ClassVar[Path | None] = None  # the game's deck file; None: assets/decks/<kind>.json
    # --- what the game has (the screens show only what it has) -----------------------------------
    can_steal: ClassVar[bool] = False  # a turn may take an opponent's word (a steal event)
    can_pass: ClassVar[bool] = False  # a turn may be passed (a pass event)
    has_pile: ClassVar[bool] = False  # a draw pile the status line counts down
    has_rounds: ClassVar[bool] = False  # scored a whole round at a time (a round event), not play by play
    deducts_hands: ClassVar[bool] = False  # the cards left in hand at the end are deducted
    has_suits: ClassVar[bool] = False  # cards carry a suit, and a suit may be trump
    # The game's own options (strict: any other name is refused); ``options_known()`` adds every game's.
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    # --- words for people: the help screen, hints under inputs ----------------------------------
    rules: ClassVar[str] = ""  # the help screen's Markdown
    play_example: ClassVar[str] = "cat"  # a typed play
    play_hint: ClassVar[tuple[str, str]] = ("the word", "cat")  # what to type, and examples
    hand_hint: ClassVar[str] = "e.g. qa"  # how to type the cards left in a hand
    order_example: ClassVar[str] = "A B C"  # cards listed for teaching the reader a deck
    snap_note: ClassVar[str] = ""  # what a photo of a play cannot show, and what to type for it

    def __init__(
        self,
        players: list[str],
        options: dict[str, Any] | None = None,
        *,
        deck: Deck | None = None,
        lexicon: Lexicon | None = None,
        files: dict[str, str] | None = None,
        base: Path | None = None,
    ):
        self.players = self._check_players(players)
        self.options = dict(options or {})
        self._check_options(self.options)
        # A table's own deck file and word list are named in the options and read once, here (relative to
        # ``base``, a log's folder); a saved game keeps their text in ``files`` and never reads them again.
        self.files = dict(files) if files is not None else self.read_files(self.options, base)
        self.deck = deck or (
            deck_from_text(self.files["deck_file"], printable(self.options["deck_file"]))
            if "deck_file" in self.files
            else self.standard_deck()
        )
        if self.deck.game != self.kind:
            raise SetupError(f"that deck file is for {self.deck.game}, not {self.kind}")
        self.lexicon = lexicon or Lexicon.load(self.options.get("dictionary"), text=self.files.get("dictionary"))
        start = self.initial_state()
        start.house = House.of(self.options.get("house"))
        self.events: list[Event] = []
        self.outcomes: list[Outcome] = []
        self._states: list[S] = [start]
        self._redo: list[Event] = []

    # --- set-up -------------------------------------------------------------------------------
    @staticmethod
    def read_files(options: dict[str, Any], base: Path | None = None) -> dict[str, str]:
        """The text of the deck file and word list the options name, checked (regular, small, readable)."""
        readers = {"deck_file": read_deck_file, "dictionary": read_word_list}
        return {
            name: read(Path(base or ".") / Path(options[name]).expanduser())
            for name, read in readers.items()
            if options.get(name)
        }

    def _check_players(self, players: list[str]) -> list[str]:
        names = [player_name(p) for p in players]
        if any(not n for n in names):
            raise SetupError("a player name is empty; give every player a name")
        seen: set[str] = set()
        for n in names:
            if n.casefold() in seen:
                raise SetupError(f"duplicate player {n!r}; give each player a different name")
            seen.add(n.casefold())
        if not self.min_players <= len(names) <= self.max_players:
            raise SetupError(f"{self.title} takes {self.min_players} to {self.max_players} players, not {len(names)}")
        return names

    @classmethod
    def standard_deck(cls) -> Deck:
        """The deck the game ships with."""
        return standard_deck(cls.kind, cls.shipped_deck)

    @classmethod
    def options_known(cls) -> dict[str, Option]:
        """Every option the game takes: its own, then those of every game."""
        known = {o.key: o for o in cls.OPTIONS}
        return known | {o.key: o for o in COMMON if o.key not in known}

    def chosen_options(self) -> list[str]:
        """The options this game was started with, as the new-game screen names them."""
        out = []
        for option in self.options_known().values():
            value = self.options.get(option.key)
            if option.labels and value is not None:
                out += [label for label, v in option.picks if v == value]
            elif option.label and not option.choices and value == option.ticked:
                out.append(option.label)
        if self.options.get("dictionary"):
            out.append(f"dictionary {self.options['dictionary']}")
        return out

    def _check_options(self, options: dict[str, Any]) -> None:
        """Options are strict: an unknown name or a value of the wrong type is refused."""
        known = self.options_known()
        for name, value in options.items():
            if name not in known:
                near = get_close_matches(str(name), known, n=1)
                hint = f"did you mean {near[0]}? " if near else ""
                raise SetupError(
                    f"unknown option {name!r} for {self.title}; {hint}its options are {', '.join(sorted(known))}"
                )
            known[name].check(value)

    def initial_state(self) -> S:
        return cast(S, State(scores={p: 0 for p in self.players}))

    # --- notation: cards and plays as text ------------------------------------------------------
    @classmethod
    def parse_card(cls, text: str) -> Card:
        """One card token of the JSON game log, strictly (``Qd``, ``QU``, ``=A``, ``*e``)."""
        raise NotImplementedError

    @staticmethod
    def match_token(text: object, token: re.Pattern[str], what: str) -> re.Match[str]:
        """``text`` matched by the game's card token pattern, or MalformedCard saying ``what`` to write."""
        if not isinstance(text, str):
            raise MalformedCard(f"card {text!r} is not text")
        m = token.match(text)
        if not m:
            raise MalformedCard(f"malformed card {text!r}: {what}")
        return m

    @staticmethod
    def format_card(card: Card) -> str:
        """The card's token in the JSON game log."""
        return card.token

    def parse_play(self, text: str) -> tuple[Word, ...]:
        """Typed words (separated by spaces or commas) as cards; raises MalformedCard or AmbiguousSpelling."""
        parts = text.replace(",", " ").split()
        if not parts:
            raise MalformedCard(f"type a word, like {self.play_example}")
        return tuple(self.parse_word(p) for p in parts)

    def parse_word(self, text: str) -> Word:
        """One typed word."""
        raise NotImplementedError

    @classmethod
    def format_play(cls, words: tuple[Word, ...] | list[Word]) -> str:
        """The words as a player would type them: ``parse_play`` gives the same cards back."""
        return " ".join(cls.format_word(w) for w in words)

    @classmethod
    def format_word(cls, word: Word) -> str:
        """A word as typed: letters in lower case, ``*`` before a wild card's letter, ``=`` before a table letter."""
        return "".join(("=" if c.table else "") + (WILD if c.wild else "") + c.letter.lower() for c in word)

    def parse_cards(self, text: str) -> Word:
        """Cards that form no word (a hand at the end), typed as in a play and joined."""
        return tuple(c for w in (self.parse_play(text) if text.strip() else ()) for c in w)

    @classmethod
    def parse_printed(cls, text: str, deck: Deck) -> Card:
        """A card as printed, in any case: its face (``QU``), ``*`` for a wild card, and a suit where the deck
        has suits (``Ah``). What a player lists when teaching the reader a deck."""
        face = text.strip().upper()
        if face == WILD and deck.has_wild:
            return Card(WILD)
        if face not in deck.values or face == WILD:
            raise MalformedCard(f"card {text!r}: {cls.title} has no face {face}; faces are {' '.join(deck.values)}")
        return Card(face)

    @classmethod
    def correct_card(cls, deck: Deck, card: Card, typed: str) -> Card:
        """A card the camera read, as the player corrected it: the face typed (``qu``)."""
        face = typed.strip().upper()
        if face not in deck.values or face == WILD:
            raise MalformedCard(f"{face} is not a {cls.title} card; the cards are {' '.join(deck.faces)}")
        return Card(face)

    # --- what the screens show of the state ------------------------------------------------------
    @property
    def trump(self) -> str | None:
        return self.options.get("trump")

    @property
    def pile(self) -> int | None:
        """Cards left in the draw pile (None: the game has none)."""
        return None

    @property
    def round_number(self) -> int | None:
        """The round to be played next, in games played in rounds."""
        return None

    def progress(self) -> str:
        """Where the game stands beyond the scores, for the status line (the draw pile, the round)."""
        return "" if self.pile is None else f"draw pile {self.pile}"

    @property
    def challenge_names_word(self) -> bool:
        """Whether a challenge names its word (and its owner) rather than taking the latest play whole."""
        return False

    def challengeable(self, state: S | None = None) -> list[tuple[str, str]]:
        """(owner, word) pairs a challenge may target now. When a challenge takes the latest play whole,
        one pair whose word is the play's words joined by spaces."""
        return []

    # --- reading the state --------------------------------------------------------------------
    @property
    def state(self) -> S:
        return self._states[-1]

    @property
    def scores(self) -> dict[str, int]:
        return dict(self.state.scores)

    @property
    def ended(self) -> bool:
        return self.state.ended

    @property
    def to_play(self) -> str | None:
        return None if self.state.ended else self.players[self.state.turn % len(self.players)]

    def end_due(self, state: S | None = None) -> str | None:
        """Why no turn may follow though the end is not entered yet, or None (Word Thief knows when it is over)."""
        return None

    def hand_sizes(self, state: S | None = None) -> dict[str, int] | None:
        """How many cards each player holds, where the ledger knows it."""
        return None

    def chips(self, player: str) -> Chips:
        return Chips.for_score(self.state.scores[player])

    def winner(self) -> str | None:
        """The highest total, or None on a tie."""
        best = max(self.state.scores.values())
        leaders = [p for p, s in self.state.scores.items() if s == best]
        return leaders[0] if len(leaders) == 1 else None

    def waiting_for(self) -> tuple[str, str] | None:
        """Who the table waits for and what for, e.g. ("Cy", "to play"); None once the game is over."""
        return None if self.state.ended else (self.players[self.state.turn % len(self.players)], "to play")

    def laid_words(self, player: str) -> tuple[Laid, ...]:
        """The words in front of a player now."""
        return ()

    def round_table(self) -> RoundTable | None:
        """The rounds played so far; None for a game that is not played in rounds."""
        return None

    def facts(self) -> tuple[str, ...]:
        """Short plain facts for a board's header: the trump, and while the game runs its progress."""
        out: list[str] = []
        if self.has_suits:
            out.append(f"trump: {SUIT_NAMES[self.trump]}" if self.trump else "no trump")
        if not self.ended and (progress := self.progress()):
            out.append(progress)
        return tuple(out)

    def is_word(self, word: str, state: S | None = None) -> bool:
        st = state or self.state
        w = word.upper()
        return st.house.allows(w, self.lexicon)

    def anagrams(self, state: S | None = None) -> Anagrams:
        """The word finder the coach searches with: the word list with the house list's rulings."""
        st = state or self.state
        house = st.house | self.lexicon.house
        return anagram_index(self.lexicon.words).with_house(house.accepted, house.banned)

    @property
    def coach_in_play(self) -> bool:
        """Hints during play are off unless the table asked for them (the coach option)."""
        return bool(self.options.get("coach"))

    def best_hand(self, hand: Word, out: bool = False, table: Word = ()) -> BestHand | None:
        """The coach's best use of a hand (None when none is possible); games that have one override it."""
        raise CompanionError(f"the coach has no best hand for {self.title}")

    def steals_for(self, words: list[str], add: int = 2) -> list[list[StealIdea]]:
        """For each word on a table, the steals that rebuild it with 1..add more letters, best first."""
        raise CompanionError(f"there are no steals in {self.title}")

    def table_steals(self, state: S | None = None, thief: str | None = None, add: int = 2) -> list[StealIdea]:
        """The steals the table offers the player to move, best first (none in a game without steals)."""
        return []

    def review(self) -> list[Moment]:
        """Each turn or round of the game set against the best the coach finds."""
        return []

    def hindsight(self) -> list[Moment]:
        """What the coach says of the latest event once it is over (nothing, unless a game says more)."""
        return []

    def judge(self, words: list[str], state: S | None = None) -> bool:
        """VALID only if every word is: a multi-word play is judged as a whole."""
        return bool(words) and all(self.is_word(w, state) for w in words)

    @property
    def challenger_penalty(self) -> int:
        return int(self.options.get("challenger_penalty", self.default_challenger_penalty))

    # --- applying events ----------------------------------------------------------------------
    def check(self, event: Event) -> None:
        self._fold(self.state, event)

    def can(self, event: Event) -> bool:
        try:
            self.check(event)
        except (IllegalPlay, DeckError):
            return False
        return True

    def preview(self, event: Event) -> Outcome:
        return self._fold(self.state, event)[1]

    def apply(self, event: Event) -> Outcome:
        state, outcome = self._fold(self.state, event)
        self.events.append(event)
        self._states.append(state)
        self.outcomes.append(outcome)
        self._redo.clear()
        return outcome

    def undo(self) -> Event | None:
        if not self.events:
            return None
        self._states.pop()
        self.outcomes.pop()
        event = self.events.pop()
        self._redo.append(event)
        return event

    def redo(self) -> Event | None:
        if not self._redo:
            return None
        event = self._redo.pop()
        redo = list(self._redo)
        self.apply(event)
        self._redo = redo
        return event

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def next_redo(self) -> Event | None:
        return self._redo[-1] if self._redo else None

    @property
    def state_before_last(self) -> S:
        """The state the latest event started from (the start when there is none)."""
        return self._states[-2] if len(self._states) > 1 else self._states[0]

    def _fold(self, state: S, event: Event) -> tuple[S, Outcome]:
        if isinstance(event, HouseWord):
            step = self._house(state, event)
        else:
            if state.ended and not isinstance(event, Challenge):
                raise IllegalPlay("the game has ended; undo the end to play on")
            step = self.step(state, event)
        before, after = state.scores, step.state.scores
        chips = {p: ChipMove.between(before[p], after[p]) for p in self.players} if self.has_chips else {}
        return step.state, Outcome(event, step.lines, dict(before), dict(after), chips, step.verdict, step.summary)

    def step(self, state: S, event: Event) -> Step[S]:
        """The rules: the new state for one event, or a specific error."""
        self.check_event_type(event.type)
        raise NotImplementedError(f"{self.title} lists {event.type} among its events but has no rule for it")

    @classmethod
    def check_event_type(cls, kind: str) -> None:
        """Refuse an event type of another game (a log checks this before reading the event's cards)."""
        if kind not in cls.event_types:
            raise IllegalPlay(f"{kind} is not an event of {cls.title}")

    def _house(self, state: S, event: HouseWord) -> Step[S]:
        new = state.copy()
        new.house = state.house.ruling(event.word, event.accept)
        return Step(new, summary=f"house list: {event.word.upper()} {'accepted' if event.accept else 'banned'}")

    # --- helpers for the rules ----------------------------------------------------------------
    def player(self, name: str) -> str:
        if name not in self.players:
            raise UnknownPlayer(f"unknown player {name!r}; the players are {', '.join(self.players)}")
        return name

    def check_turn(self, state: State, name: str) -> None:
        self.player(name)
        due = self.players[state.turn % len(self.players)]
        if name != due:
            raise IllegalPlay(f"it is {due}'s turn, not {name}'s")

    def check_cards(self, cards: list[Card] | Word) -> None:
        """Every card must be one the deck has."""
        for card in cards:
            if self.deck.count(*card.key) == 0:
                if card.wild:
                    raise DeckError(f"this deck has no wild card; {self.format_card(card)} cannot be played")
                where = f" of {SUIT_NAMES[card.suit]}" if card.suit else ""
                raise DeckError(f"the deck has no {card.face}{where}; check the card or the deck file")

    def check_conserved(self, cards: Counter[Any]) -> None:
        """No more copies of a card than the deck holds."""
        for key, n in cards.items():
            have = self.deck.count(*key)
            if n > have:
                face, suit = key
                name = "wild card" if face == "*" else face + (f" of {SUIT_NAMES[suit]}" if suit else "")
                raise DeckError(
                    f"{n} copies of the {name} are in play but the deck holds {have}; check for a typo or a misread card"
                )

    def check_word_length(self, word: Word) -> None:
        if len(spell(word)) < 2:
            raise IllegalPlay(f"{spell(word) or 'an empty word'} is too short: a word has 2 or more letters")

    def challenge_penalty_step(self, state: S, challenger: str, penalty: int, what: str) -> Step[S]:
        new = state.copy()
        lines: tuple[LedgerLine, ...] = ()
        if penalty:
            new.scores[challenger] -= penalty
            lines = (LedgerLine(challenger, penalty=penalty, note=f"lost the challenge of {what}"),)
        return Step(new, lines, True, f"{what} is VALID" + (f"; {challenger} loses {penalty}" if penalty else ""))

    def check_hands_shown(self, event: End) -> None:
        """Where the ledger knows each hand's size, the end must show exactly that many cards per player.

        The app asks this of the hands typed or snapped at the end; a game log may show fewer (the table
        may have kept some hands to itself), so replaying one does not.
        """
        sizes = self.hand_sizes()
        if sizes is None or not self.deducts_hands:
            return
        given = {p: len(cards) for p, cards in event.hands}
        for p in self.players:
            if given.get(p, 0) != sizes[p]:
                raise IllegalPlay(f"{p} holds {plural(sizes[p], 'card')}; {given.get(p, 0)} given")

    def end_hands(self, event: End) -> dict[str, Word]:
        hands: dict[str, Word] = {}
        for name, cards in event.hands:
            self.player(name)
            self.check_cards(cards)
            hands[name] = cards
        return hands

    def cards_value(self, cards: Word) -> int:
        """The points printed on the cards (a wild card's 0 included): a word's value or a hand's deduction."""
        return sum(self.deck.value(c.face) for c in cards)
