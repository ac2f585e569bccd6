"""The JSON game log of DESIGN.md: events to and from JSON, and whole games exported and replayed."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any, get_args

from companion.errors import CompanionError, MalformedCard, SaveError
from companion.events import Challenge, End, Event, HouseWord, Make, Pass, QuiddlerHand, Round, Steal, Word
from companion.files import read_text_file
from companion.games import Game, game_class
from companion.lexicon import Lexicon
from companion.text import printable


class LogError(CompanionError):
    """An event of a log that cannot be applied; ``index`` counts from 1 (0: the log's header)."""

    def __init__(self, index: int, message: str):
        super().__init__(f"event {index}: {message}")
        self.index = index


def _cards(game: str, tokens: object) -> Word:
    if not isinstance(tokens, list):
        raise MalformedCard(f"expected a list of cards, got {tokens!r}")
    return tuple(game_class(game).parse_card(t) for t in tokens)


def _words(game: str, words: object) -> tuple[Word, ...]:
    if not isinstance(words, list):
        raise MalformedCard(f"expected a list of words, got {words!r}")
    return tuple(_cards(game, w) for w in words)


def _name(data: dict[str, Any], key: str, what: str = "name a player") -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise MalformedCard(f"{key!r} must {what}")
    return unicodedata.normalize("NFC", value)  # names compare in NFC, as the game's players do


def _text(data: dict[str, Any], key: str, what: str) -> str | None:
    """An optional text field."""
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise MalformedCard(f"{key!r} must be {what}, not {value!r}")
    return value


def _targets(data: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    steals = data["steals"] if "steals" in data else [data]
    if not isinstance(steals, list) or not all(isinstance(t, dict) for t in steals):
        raise MalformedCard('"steals" lists {"from": player, "word": spelling} objects')
    return tuple((_name(t, "from"), _name(t, "word", "spell the stolen word")) for t in steals)


_TYPES = frozenset(cls.type for cls in get_args(Event))


def event_from_json(game: str, data: dict[str, Any]) -> Event:
    if not isinstance(data, dict):
        raise MalformedCard('an event is a JSON object with a "type"')
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _TYPES:
        raise MalformedCard(f"unknown event type {kind!r}")
    game_class(game).check_event_type(kind)
    if kind == "make":
        return Make(_name(data, "player"), _words(game, data.get("words")))
    if kind == "steal":
        return Steal(_name(data, "player"), _targets(data), _words(game, data.get("words")))
    if kind == "pass":
        return Pass(_name(data, "player"))
    if kind == "challenge":
        return Challenge(
            _name(data, "player"), _text(data, "of", "a player's name"), _text(data, "word", "the challenged word")
        )
    if kind == "end":
        hands = data.get("hands") or {}
        if not isinstance(hands, dict):
            raise MalformedCard("end.hands maps each player to the cards in his hand")
        return End(tuple((unicodedata.normalize("NFC", p), _cards(game, cards)) for p, cards in hands.items()))
    if kind == "round":
        hands = data.get("hands")
        if not isinstance(hands, dict):
            raise MalformedCard('a round maps each player to {"words": [...], "left": [...]}')
        out = []
        for p, h in hands.items():
            if not isinstance(h, dict):
                raise MalformedCard(f'{p}\'s hand must be {{"words": [...], "left": [...]}}')
            out.append(
                QuiddlerHand(
                    unicodedata.normalize("NFC", p), _words(game, h.get("words", [])), _cards(game, h.get("left", []))
                )
            )
        return Round(_name(data, "out"), tuple(out))
    accept = data.get("accept", True)  # the one type left: "house"
    if not isinstance(accept, bool):
        raise MalformedCard(f'a house word\'s "accept" is true or false, not {accept!r}')
    return HouseWord(_text(data, "word", "the house word") or "", accept)


def event_to_json(game: str, event: Event) -> dict[str, Any]:
    card = game_class(game).format_card

    def words(ws: tuple[Word, ...]) -> list[list[str]]:
        return [[card(c) for c in w] for w in ws]

    if isinstance(event, Make):
        return {"type": "make", "player": event.player, "words": words(event.words)}
    if isinstance(event, Steal):
        out: dict[str, Any] = {"type": "steal", "player": event.player}
        if len(event.targets) == 1:
            out["from"], out["word"] = event.targets[0]
        else:
            out["steals"] = [{"from": v, "word": w} for v, w in event.targets]
        out["words"] = words(event.words)
        return out
    if isinstance(event, Pass):
        return {"type": "pass", "player": event.player}
    if isinstance(event, Challenge):
        out = {"type": "challenge", "player": event.player}
        if event.of:
            out.update({"of": event.of, "word": event.word})
        return out
    if isinstance(event, End):
        return {"type": "end", "hands": {p: [card(c) for c in cards] for p, cards in event.hands}}
    if isinstance(event, Round):
        return {
            "type": "round",
            "out": event.out,
            "hands": {h.player: {"words": words(h.words), "left": [card(c) for c in h.left]} for h in event.hands},
        }
    if isinstance(event, HouseWord):
        return {"type": "house", "word": event.word, "accept": event.accept}
    raise TypeError(event)


def export_log(game: Game[Any]) -> dict[str, Any]:
    return {
        "game": game.kind,
        "players": list(game.players),
        "options": dict(game.options),
        "events": [event_to_json(game.kind, e) for e in game.events],
    }


def import_log(
    data: dict[str, Any], lexicon: Lexicon | None = None, base: Path | None = None, files: dict[str, str] | None = None
) -> Game[Any]:
    """Build a game from a log, applying every event; LogError names the first bad one.

    The files its options name (deck_file, dictionary) are read relative to ``base`` (the log's folder),
    unless ``files`` gives their content as kept with a saved game."""
    if not isinstance(data, dict):
        raise LogError(0, "a game log is a JSON object with game, players and events")
    try:
        cls = game_class(data.get("game"))
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise CompanionError("players must be a list of names")
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise CompanionError("options must be a JSON object")
        game = cls(players, options, lexicon=lexicon, files=files, base=base)
        events = data.get("events", [])
        if not isinstance(events, list):
            raise CompanionError("events must be a list")
    except CompanionError as exc:
        raise LogError(0, str(exc)) from exc
    for i, raw in enumerate(events, start=1):
        try:
            game.apply(event_from_json(game.kind, raw))
        except CompanionError as exc:
            raise LogError(i, str(exc)) from exc
    return game


LOG_LIMIT = 16 * 1024 * 1024  # bytes: a long game's log is well under 1 MB
DEPTH_LIMIT = 16  # a game log nests 7 deep at most (a Quiddler round's cards)


def _depth(data: object) -> int:
    """How deep lists and objects nest in ``data``, counted without recursion."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (list, dict)):
            deepest = max(deepest, depth)
            stack.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))
    return deepest


def read_log(path: str | Path, lexicon: Lexicon | None = None) -> Game[Any]:
    path = Path(path)
    shown = printable(str(path))
    text = read_text_file(path, LOG_LIMIT, "game log", fault=SaveError)
    too_deep = LogError(
        0, f"{shown} nests lists and objects more than {DEPTH_LIMIT} deep; a game log is shaped as in docs/gamelog.md"
    )
    try:
        data = json.loads(text)
    except RecursionError:  # nested deeper than Python parses
        raise too_deep from None
    except ValueError as exc:
        raise LogError(0, f"{shown} is not JSON ({exc}); a game log is a JSON object") from exc
    if _depth(data) > DEPTH_LIMIT:
        raise too_deep
    return import_log(data, lexicon, base=path.parent)


def summary(game: Game[Any]) -> dict[str, Any]:
    """The replay result: scores, winner (null on a tie) and, for Word Thief, chips.

    >>> game = import_log({"game": "quiddler", "players": ["Ann", "Bob"], "events": [
    ...     {"type": "round", "out": "Ann", "hands": {"Ann": {"words": [["QU", "I", "T"]], "left": []},
    ...                                               "Bob": {"words": [["A", "T"]], "left": ["Z"]}}}]})
    >>> summary(game)  # Ann: QU 9 + I 2 + T 3 + 10 longest word; Bob: A 2 + T 3 - Z 14, floored at 0
    {'scores': {'Ann': 24, 'Bob': 0}, 'winner': 'Ann'}
    """
    out: dict[str, Any] = {"scores": game.scores, "winner": game.winner()}
    if game.has_chips:
        out["chips"] = {p: game.chips(p).as_dict() for p in game.players}
    return out
