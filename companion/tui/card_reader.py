"""The app's one door to the card reader: a photo in, words of cards out, errors as one line.

``vision`` (and OpenCV with it) is imported inside these functions, which run in worker threads:
the app starts without loading it and still runs, typing only, where OpenCV is missing.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Union

from companion.cards import Card
from companion.decks import WILD, Deck
from companion.errors import MalformedCard
from companion.games import game_class
from companion.paths import ASSETS

if TYPE_CHECKING:
    import numpy as np
    from textual.dom import DOMNode

Photo = Union[str, Path, "np.ndarray"]
Target = Literal["play", "hand", "word"]  # a play (wild cards need letters), cards left in hand, a word to judge
Camera = Callable[[], Photo]  # a webcam frame (BGR); stand-ins in tests return sample photo paths
SAMPLES = ASSETS / "samples"
PICTURE_COLS, PICTURE_ROWS = 34, 9  # the snapped photo's size on screen, in character cells
TEACH_COLS, TEACH_ROWS = 60, 11  # a teaching photo's size on screen
CROP_COLS = 10  # a flagged card's picture beside its correction field (7 rows tall)
WARM_UP_DELAY = 0.5  # seconds after a table opens: the first paint comes first
# One read at a time: a snap during the warm-up waits for it rather than drawing the templates a second time.
_ONE_READ = threading.Lock()


@dataclass(frozen=True)
class SnapCard:
    """One card as read, then as the player checked it. A wild card's face is ``*`` plus the
    letter it stands for once the player gives it (``*E``)."""

    face: str
    suit: str | None
    confidence: float
    flagged: bool  # the player still has to look at it (a wild card without its letter is asked too)
    fixed: bool = False  # typed by the player
    crop: np.ndarray | None = field(default=None, compare=False, repr=False)  # the card as photographed (RGB)

    @property
    def needs_letter(self) -> bool:
        return self.face == WILD

    @property
    def card(self) -> Card:
        """The card as the engine knows it (a wild card without its letter spells nothing)."""
        return Card(WILD, None, self.face[1:]) if self.face.startswith(WILD) else Card(self.face, self.suit)


@dataclass(frozen=True)
class Snap:
    words: tuple[tuple[SnapCard, ...], ...]
    notes: tuple[str, ...]  # what the reader wants the player to know (no Tesseract, heaps skipped)
    # The photo small (two RGB pixels a character cell, one above the other) with the cards boxed, and
    # each card's number (in reading order, from 1) at its middle: (column, row, number, flagged).
    picture: np.ndarray | None = field(default=None, compare=False, repr=False)
    labels: tuple[tuple[int, int, str, bool], ...] = ()


def default_camera() -> Photo:
    from vision.camera import snap

    return snap()


def read_cards(photo: Photo, game: str, deck: Deck | None = None) -> Snap:
    """The photo's cards in words, reading order, as ``deck`` has them (the table's own deck file; the
    game's shipped deck when None). Raises ImportError or a VisionError."""
    # Submodules, not the package: they import even where an editable install made before vision/ had an
    # __init__.py sees vision as a namespace package.
    import numpy as np
    from vision.picture import cells, crop
    from vision.read import open_photo, read_photo

    with _ONE_READ:
        reading = read_photo(photo, game, deck=deck)
        img, scale = open_photo(photo)  # corners are in the photo's own pixels
    placed = {i for word in reading.words for i in word}
    stray = [i for i in range(len(reading.cards)) if i not in placed]  # a reader may leave a hand ungrouped
    groups = [word for word in [*reading.words, stray] if word]
    order = [i for word in groups for i in word]
    quads = [np.float32(reading.cards[i].corners) * scale for i in order]
    flagged = {k for k, i in enumerate(order) if reading.cards[i].flagged}
    pixels, spots = cells(img, quads, flagged, PICTURE_COLS, PICTURE_ROWS)
    crops = {i: crop(img, q, CROP_COLS) for k, (i, q) in enumerate(zip(order, quads)) if k in flagged}
    words = tuple(
        tuple(
            SnapCard(c.face, c.suit, c.confidence, c.flagged, crop=crops.get(i))
            for i, c in ((i, reading.cards[i]) for i in word)
        )
        for word in groups
    )
    labels = tuple((x, y, str(k + 1), k in flagged) for k, (x, y) in enumerate(spots))
    return Snap(words, tuple(n for n in reading.notes if n), pixels, labels)


@dataclass(frozen=True)
class Teaching:
    """A deck's cards found in a teaching photo, for the player to look at before they are learnt."""

    game: str
    lesson: object = field(compare=False, repr=False)  # vision.teach.Lesson, saved by learn_deck
    count: int = 0  # cards found
    problem: str | None = None  # why they cannot be learnt as listed (the count differs from the list)
    picture: np.ndarray | None = field(default=None, compare=False, repr=False)  # as Snap.picture
    labels: tuple[tuple[int, int, str, bool], ...] = ()


def find_deck(game: str, order: str, photo: Photo) -> Teaching:
    """The cards of a teaching photo, numbered in the order ``order`` lists them, nothing learnt yet.
    Raises ImportError or a VisionError."""
    from vision.picture import cells
    from vision.teach import prepare

    lesson = prepare(game, order, [photo])
    img = lesson.images[0]
    marked = set(lesson.marked)
    pixels, spots = cells(img, [f.quad for f in lesson.found], marked, TEACH_COLS, TEACH_ROWS)
    labels = tuple((x, y, str(k + 1), k in marked) for k, (x, y) in enumerate(spots))
    return Teaching(game, lesson, len(lesson.found), lesson.problem, pixels, labels)


def learn_deck(teaching: Teaching, replace: bool = False) -> str:
    """Learn the cards found; says what was learnt and how to forget it. Raises a VisionError."""
    from vision.model import taught_path
    from vision.teach import save

    count = save(teaching.lesson, replace)  # type: ignore[arg-type]
    return (
        f"Learnt {count} {game_class(teaching.game).title} cards: every later read uses them, with what "
        f"was taught before. To forget the deck, delete {taught_path(teaching.game)}"
    )


def warm_up(game: str) -> None:
    """One read of a sample photo, so the player's first snap does not pay for setting up the reader."""
    sample = SAMPLES / f"{game}-1.jpg"
    try:
        read_cards(sample, game)
    except Exception:  # noqa: BLE001 - a failed warm-up only means the first snap is slower
        pass


def warm_up_soon(node: DOMNode, game: str) -> None:
    """Warm the reader in a thread once the screen has painted; headless test runs skip it."""
    if not node.app.is_headless:
        node.set_timer(WARM_UP_DELAY, lambda: node.run_worker(partial(warm_up, game), thread=True, group="warm-up"))


def failure_text(exc: BaseException) -> str:
    """One line: what went wrong and what to do about it."""
    if isinstance(exc, ImportError):
        return "The card reader needs OpenCV: pip install opencv-python-headless numpy."
    from vision.errors import NoCamera, VisionError

    if isinstance(exc, NoCamera):  # its own text names the command line's options
        return "No webcam found: plug one in and press ^r, or type the path of a photo below."
    if isinstance(exc, VisionError):
        return f"{str(exc).rstrip('.')}."
    return f"The card reader failed ({type(exc).__name__}: {exc})."


def still_missing(game: str, card: SnapCard, target: Target) -> str | None:
    """What the player must still type for this card to be written down, or None."""
    if card.needs_letter and target != "hand":  # in a hand a wild card spells nothing
        return "type the letter this wild card stands for, like e"
    if (
        game_class(game).has_suits
        and target != "word"
        and card.suit is None  # the judge needs no suits
        and not card.face.startswith(WILD)
    ):
        return "its suit could not be read: type it after a slash, like /h"
    return None


def fix_card(game: str, card: SnapCard, typed: str, deck: Deck | None = None) -> SnapCard:
    """The card as the player typed it. Raises ValueError saying what to type. Every game: ``*e`` a wild
    card standing as E, and on a wild card a bare letter is what it stands for; otherwise what the
    game's ``correct_card`` takes (a face, or in a game of suits a letter and a suit)."""
    text = typed.strip().lower()
    cls = game_class(game)
    deck = deck or cls.standard_deck()
    wild = re.fullmatch(r"\*([a-z]?)", text)
    if wild or (card.face.startswith(WILD) and re.fullmatch(r"[a-z]", text)):
        if not deck.has_wild:
            raise ValueError(f"{cls.title} has no wild card")
        letter = (wild.group(1) if wild else text).upper()
        return SnapCard(WILD + letter, None, card.confidence, flagged=False, fixed=True)
    try:
        fixed = cls.correct_card(deck, card.card, text)
    except MalformedCard as exc:
        raise ValueError(str(exc)) from None
    return SnapCard(fixed.face, fixed.suit, card.confidence, flagged=False, fixed=True)
