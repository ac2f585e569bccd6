"""What the three games share: players, turns, options, the house list, the event fold, undo and redo."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from difflib import get_close_matches
from pathlib import Path
from typing import ClassVar

from companion.anagrams import Anagrams, anagram_index
from companion.cards import Card, spell
from companion.chips import ChipMove, Chips
from companion.coach import BestHand, Moment, StealIdea
from companion.decks import SUIT_NAMES, Deck, deck_from_text, read_deck_file, standard_deck
from companion.english import plural
from companion.errors import CompanionError, DeckError, IllegalPlay, SetupError, UnknownPlayer
from companion.events import Challenge, End, Event, HouseWord, Word
from companion.lexicon import Lexicon, read_word_list
from companion.outcome import LedgerLine, Outcome
from companion.text import player_name, printable


@dataclass
class State:
    """The part of every game's state that the base class folds. Containers are copied on write."""

    scores: dict[str, int]
    turn: int = 0
    ended: bool = False
    accepted: frozenset[str] = frozenset()
    banned: frozenset[str] = frozenset()

    def copy(self) -> State:
        return replace(self, scores=dict(self.scores))


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
class Step:
    """What a game's rule function returns for one event."""

    state: State
    lines: tuple[LedgerLine, ...] = ()
    verdict: bool | None = None
    summary: str = ""


class Game:
    """A game in progress: its events and the states they fold to.

    ``check(event)`` raises the specific error of an illegal event, ``preview(event)``
    returns what it would do, ``apply(event)`` records it. Illegal events leave the
    game exactly as it was. ``undo``/``redo`` pop and push events exactly.
    """

    kind: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    has_chips: ClassVar[bool] = False
    can_steal: ClassVar[bool] = False
    event_types: ClassVar[frozenset[str]] = frozenset({"challenge", "end", "house"})
    default_challenger_penalty: ClassVar[int] = 0
    # Option names this game knows (strict: any other name is refused); switches are on/off, JSON booleans.
    switches: ClassVar[frozenset[str]] = frozenset({"coach"})
    settings: ClassVar[frozenset[str]] = frozenset({"challenger_penalty", "house", "deck_file", "dictionary"})

    def __init__(self, players: list[str], options: dict | None = None, *, deck: Deck | None = None,
                 lexicon: Lexicon | None = None, files: dict[str, str] | None = None, base: Path | None = None):
        self.players = self._check_players(players)
        self.options = dict(options or {})
        self._check_options(self.options)
        # A table's own deck file and word list are named in the options and read once, here (relative to
        # ``base``, a log's folder); a saved game keeps their text in ``files`` and never reads them again.
        self.files = dict(files) if files is not None else self.read_files(self.options, base)
        self.deck = deck or (deck_from_text(self.files["deck_file"], printable(self.options["deck_file"]))
                             if "deck_file" in self.files else standard_deck(self.kind))
        if self.deck.game != self.kind:
            raise SetupError(f"that deck file is for {self.deck.game}, not {self.kind}")
        self.lexicon = lexicon or Lexicon.load(self.options.get("dictionary"), text=self.files.get("dictionary"))
        house = self.options.get("house") or {}
        start = self.initial_state()
        start.accepted = frozenset(w.upper() for w in house.get("accept", ()))
        start.banned = frozenset(w.upper() for w in house.get("ban", ()))
        self.events: list[Event] = []
        self.outcomes: list[Outcome] = []
        self._states: list[State] = [start]
        self._redo: list[Event] = []

    # --- set-up -------------------------------------------------------------------------------
    @staticmethod
    def read_files(options: dict, base: Path | None = None) -> dict[str, str]:
        """The text of the deck file and word list the options name, checked (regular, small, readable)."""
        readers = {"deck_file": read_deck_file, "dictionary": read_word_list}
        return {name: read(Path(base or ".") / Path(options[name]).expanduser())
                for name, read in readers.items() if options.get(name)}

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

    def _check_options(self, options: dict) -> None:
        known = self.switches | self.settings
        for name in options:
            if name not in known:
                near = get_close_matches(str(name), known, n=1)
                hint = f"did you mean {near[0]}? " if near else ""
                raise SetupError(f"unknown option {name!r} for {self.title}; {hint}"
                                 f"its options are {', '.join(sorted(known))}")
        for name in self.switches & options.keys():
            if not isinstance(options[name], bool):
                raise SetupError(f"{name} is on or off: write true or false, not {options[name]!r}")
        for name in ("deck_file", "dictionary"):
            if name in options and not (isinstance(options[name], str) and options[name].strip()):
                raise SetupError(f"{name} must be the path of a file, not {options[name]!r}")
        penalty = options.get("challenger_penalty", 0)
        if not isinstance(penalty, int) or isinstance(penalty, bool) or penalty < 0:
            raise SetupError(f"challenger_penalty must be a whole number of points, 0 or more, not {penalty!r}")
        house = options.get("house", {})
        if not isinstance(house, dict) or not set(house) <= {"accept", "ban"} or not all(
                isinstance(words := house.get(k, []), list) and all(isinstance(w, str) for w in words)
                for k in ("accept", "ban")):
            raise SetupError('house must look like {"accept": ["QI"], "ban": ["ZA"]}')

    def initial_state(self) -> State:
        return State(scores={p: 0 for p in self.players})

    # --- reading the state --------------------------------------------------------------------
    @property
    def state(self) -> State:
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

    def end_due(self, state: State | None = None) -> str | None:
        """Why no turn may follow though the end is not entered yet, or None (Word Thief knows when it is over)."""
        return None

    def hand_sizes(self, state: State | None = None) -> dict[str, int] | None:
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
        """Short plain facts about the game in progress (trump, draw pile, round), for a board's header."""
        return ()

    def is_word(self, word: str, state: State | None = None) -> bool:
        st = state or self.state
        w = word.upper()
        if w in st.banned:
            return False
        return w in st.accepted or self.lexicon.is_word(w)

    def anagrams(self, state: State | None = None) -> Anagrams:
        """The word finder the coach searches with: the word list with the house list's rulings."""
        st = state or self.state
        return anagram_index(self.lexicon.words).with_house(st.accepted | self.lexicon.accepted,
                                                            st.banned | self.lexicon.banned)

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

    def table_steals(self, state: State | None = None, thief: str | None = None, add: int = 2) -> list[StealIdea]:
        """The steals the table offers the player to move, best first (none in a game without steals)."""
        return []

    def review(self) -> list[Moment]:
        """Each turn or round of the game set against the best the coach finds."""
        return []

    def hindsight(self) -> list[Moment]:
        """What the coach says of the latest event once it is over (nothing, unless a game says more)."""
        return []

    def judge(self, words: list[str], state: State | None = None) -> bool:
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
    def state_before_last(self) -> State:
        """The state the latest event started from (the start when there is none)."""
        return self._states[-2] if len(self._states) > 1 else self._states[0]

    def _fold(self, state: State, event: Event) -> tuple[State, Outcome]:
        if isinstance(event, HouseWord):
            step = self._house(state, event)
        else:
            if state.ended and not isinstance(event, Challenge):
                raise IllegalPlay("the game has ended; undo the end to play on")
            step = self.step(state, event)
        before, after = state.scores, step.state.scores
        chips = {p: ChipMove.between(before[p], after[p]) for p in self.players} if self.has_chips else {}
        return step.state, Outcome(event, step.lines, dict(before), dict(after), chips, step.verdict, step.summary)

    def step(self, state: State, event: Event) -> Step:
        """The rules: the new state for one event, or a specific error."""
        self.check_event_type(event.type)
        raise NotImplementedError(f"{self.title} lists {event.type} among its events but has no rule for it")

    @classmethod
    def check_event_type(cls, kind: str) -> None:
        """Refuse an event type of another game (a log checks this before reading the event's cards)."""
        if kind not in cls.event_types:
            raise IllegalPlay(f"{kind} is not an event of {cls.title}")

    def _house(self, state: State, event: HouseWord) -> Step:
        word = event.word.upper()
        if not (word.isalpha() and word.isascii() and len(word) >= 2):
            raise IllegalPlay(f"{event.word!r} cannot go on the house list: a word is 2 or more plain letters")
        new = state.copy()
        new.accepted = (state.accepted | {word}) if event.accept else (state.accepted - {word})
        new.banned = (state.banned - {word}) if event.accept else (state.banned | {word})
        return Step(new, summary=f"house list: {word} {'accepted' if event.accept else 'banned'}")

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
                    raise DeckError(f"this deck has no wild card; {card.token(self.kind)} cannot be played")
                where = f" of {SUIT_NAMES[card.suit]}" if card.suit else ""
                raise DeckError(f"the deck has no {card.face}{where}; check the card or the deck file")

    def check_conserved(self, cards: Counter) -> None:
        """No more copies of a card than the deck holds."""
        for key, n in cards.items():
            have = self.deck.count(*key)
            if n > have:
                face, suit = key
                name = "wild card" if face == "*" else face + (f" of {SUIT_NAMES[suit]}" if suit else "")
                raise DeckError(f"{n} copies of the {name} are in play but the deck holds {have}; check for a typo or a misread card")

    def check_word_length(self, word: Word) -> None:
        if len(spell(word)) < 2:
            raise IllegalPlay(f"{spell(word) or 'an empty word'} is too short: a word has 2 or more letters")

    def challenge_penalty_step(self, state: State, challenger: str, penalty: int, what: str) -> Step:
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
        if sizes is None:
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
