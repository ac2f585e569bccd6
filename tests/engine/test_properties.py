"""Hypothesis properties over random event sequences of all three games.

Events are drawn from the current state so that many are legal (makes, steals of real table words,
challenges of real words, whole Quiddler rounds) and many are not (wrong turns, too many copies,
bad steals, words of one card ...). Every event must be applied or refused with a CompanionError;
a refused event leaves the game exactly as it was.
"""

from __future__ import annotations

import copy
import json
import os
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cards import Card
from companion.chips import VALUES, Chips
from companion.errors import CompanionError
from companion.events import Challenge, End, HouseWord, Make, Pass, QuiddlerHand, Round, Steal
from companion.gamelog import export_log, import_log, summary
from companion.games import Game, new_game

# ENGINE_EXAMPLES=2000 for a long hunt; the default keeps the whole engine run quick
SETTINGS = settings(
    max_examples=int(os.environ.get("ENGINE_EXAMPLES", 100)),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
HOUSE_WORDS = ["CAT", "XQZ", "QX", "OX", "TEA"]
PLAYERS = ["Ann", "Bob", "Cid", "Dee"]


# --- drawing games and events ----------------------------------------------------------------------


def draw_game(data, kind: str) -> Game:
    n = data.draw(st.integers(2, 4), label="players")
    options: dict = {}
    if data.draw(st.booleans(), label="house"):
        options["house"] = {"accept": ["QX", "XQZ"], "ban": ["CAT"]}
    options["challenger_penalty"] = data.draw(st.sampled_from([0, 5]))
    if kind == "word-thief":
        options["trump"] = data.draw(st.sampled_from(["s", "h", "d", "c"]))
        for flag in ("several_words", "one_steal_per_opponent", "challenge_any"):
            options[flag] = data.draw(st.booleans(), label=flag)
        options["half_deck"] = n == 2 and data.draw(st.booleans(), label="half_deck")
    elif kind == "quiddler":
        options["negative_rounds"] = data.draw(st.booleans())
        if data.draw(st.booleans()):
            options["one_bonus"] = data.draw(st.sampled_from(["longest", "most"]))
    else:
        options["bad_luck_blank"] = data.draw(st.booleans())
    return new_game(kind, PLAYERS[:n], options)


def draw_card(data, game: Game) -> Card:
    face, suit = data.draw(st.sampled_from(sorted(game.deck.counts, key=str)), label="card")
    if face == "*":
        return Card("*", None, data.draw(st.sampled_from(LETTERS), label="wild letter"))
    return Card(face, suit)


def draw_cards(data, game: Game, lo: int, hi: int) -> list[Card]:
    return [draw_card(data, game) for _ in range(data.draw(st.integers(lo, hi), label="how many"))]


def draw_player(data, game: Game) -> str:
    """Mostly the player whose turn it is; sometimes anyone, or a stranger."""
    due = game.to_play or game.players[0]
    return data.draw(st.sampled_from([due] * 6 + game.players + ["Zed"]), label="player")


def split(data, cards: list[Card], parts: int) -> tuple[tuple[Card, ...], ...]:
    """Shuffle the cards and cut them into words."""
    order = data.draw(st.permutations(cards), label="order")
    if parts < 2 or len(order) < 4:
        return (tuple(order),)
    cut = data.draw(st.integers(1, len(order) - 1), label="cut")
    return tuple(order[:cut]), tuple(order[cut:])


def table_words(game: Game) -> list:
    return [w for words in game.state.table.values() for w in words]


def draw_word_thief_event(data, game):
    kind = data.draw(
        st.sampled_from(["make"] * 10 + ["steal"] * 10 + ["pass"] * 4 + ["challenge"] * 6 + ["house", "end"]),
        label="kind",
    )
    player = draw_player(data, game)
    if kind == "make":
        words = tuple(
            tuple(draw_cards(data, game, data.draw(st.sampled_from([1, 2, 2, 2])), 5))
            for _ in range(data.draw(st.sampled_from([1, 1, 1, 2])))
        )
        return Make(player, words)
    if kind == "steal":
        words = table_words(game)
        if not words:
            return Pass(player)
        n = 2 if game.options.get("one_steal_per_opponent") and data.draw(st.booleans()) else 1
        targets = [data.draw(st.sampled_from(words), label="target") for _ in range(n)]
        cards = [
            Card("*", None, data.draw(st.sampled_from(LETTERS))) if c.wild else c for t in targets for c in t.cards
        ]
        cards += draw_cards(data, game, 0, 2)
        return Steal(
            player, tuple((t.owner, t.text) for t in targets), split(data, cards, data.draw(st.sampled_from([1, 1, 2])))
        )
    if kind == "pass":
        return Pass(player)
    if kind == "challenge":
        words = table_words(game)
        if words and data.draw(st.booleans()):
            w = data.draw(st.sampled_from(words))
            return Challenge(data.draw(st.sampled_from(game.players)), w.owner, w.text)
        return Challenge(data.draw(st.sampled_from(game.players)))
    return draw_common(data, game, kind)


def draw_common(data, game, kind):
    if kind == "house":
        return HouseWord(data.draw(st.sampled_from(HOUSE_WORDS)), data.draw(st.booleans()))
    shown = data.draw(st.lists(st.sampled_from(game.players), unique=True, max_size=len(game.players)))
    return End(tuple((p, tuple(draw_cards(data, game, 0, 3))) for p in shown))


def draw_words_and_points_event(data, game):
    kind = data.draw(st.sampled_from(["make"] * 16 + ["pass"] * 4 + ["challenge"] * 6 + ["house", "end"]))
    player = draw_player(data, game)
    if kind == "make":
        cards = [Card(c.face, None, c.letter) for c in draw_cards(data, game, 1, 4)]
        on_table = [c for p in game.state.plays for c in p.new_cards]
        if on_table and data.draw(st.integers(0, 4)):
            t = data.draw(st.sampled_from(on_table))
            cards.insert(data.draw(st.integers(0, len(cards))), Card(t.face, None, t.letter, table=True))
        return Make(player, (tuple(cards),))
    if kind == "pass":
        return Pass(player)
    if kind == "challenge":
        return Challenge(data.draw(st.sampled_from(game.players)))
    return draw_common(data, game, kind)


def draw_quiddler_event(data, game):
    kind = data.draw(st.sampled_from(["round"] * 12 + ["challenge"] * 6 + ["house", "end"]))
    if kind == "round":
        size = min(game.round_number, 8) + 2
        out = data.draw(st.sampled_from(game.players))
        hands = []
        for p in game.players:
            n = size + data.draw(st.sampled_from([0] * 12 + [-1, 1]), label="count error")
            cards = [Card(data.draw(st.sampled_from(game.deck.faces), label="face")) for _ in range(max(n, 0))]
            if p == out:
                words, left = list(cards), []
            else:
                k = data.draw(st.integers(0, len(cards)))
                words, left = cards[:k], cards[k:]
            parts = []
            while len(words) >= 2:
                cut = data.draw(st.integers(2, len(words)), label="word size")
                if len(words) - cut == 1:
                    cut = len(words)
                parts.append(tuple(words[:cut]))
                words = words[cut:]
            hands.append(QuiddlerHand(p, tuple(parts), tuple(left + words)))
        return Round(out, tuple(hands))
    if kind == "challenge":
        player = data.draw(st.sampled_from(game.players))
        if game.state.rounds and data.draw(st.integers(0, 5)):
            rec = game.state.rounds[-1]
            named = [(h.player, "".join(c.letter for c in w)) for h in rec.hands for w in h.words]
            if named:
                of, word = data.draw(st.sampled_from(named))
                return Challenge(player, of, word)
        return Challenge(player, data.draw(st.sampled_from(game.players)), "ZZZ")
    return draw_common(data, game, kind)


DRAW = {
    "word-thief": draw_word_thief_event,
    "quiddler": draw_quiddler_event,
    "words-and-points": draw_words_and_points_event,
}
GAMES = list(DRAW)


# --- invariants ------------------------------------------------------------------------------------


def table_cards(game: Game) -> Counter:
    if game.kind == "word-thief":
        return Counter(c.key for w in table_words(game) for c in w.cards)
    if game.kind == "words-and-points":
        return Counter(c.key for p in game.state.plays for c in p.new_cards)
    return Counter()


def cards_in_play(game: Game) -> int:
    """Pile + hands + table: constant through makes, steals, passes and challenges."""
    return game.state.pile + sum(game.state.hands.values()) + sum(table_cards(game).values())


def check_invariants(game: Game, outcome, start_total: int | None) -> None:
    for key, n in table_cards(game).items():
        assert n <= game.deck.count(*key), f"{n} copies of {key} on the table"
    if start_total is not None:
        assert cards_in_play(game) == start_total
    for p in game.players:
        # the ledger columns add up to the score change
        assert sum(ln.total for ln in outcome.lines if ln.player == p) == outcome.after[p] - outcome.before[p]
    if game.has_chips:
        for p, score in game.scores.items():
            chips = game.chips(p)
            assert chips.total == max(score, 0)
            assert chips.white < 5 and chips.blue < 4  # the fewest chips: reds first, then blues
            move = outcome.chips[p]
            moved = sum(getattr(move, c) * v for c, v in VALUES.items())
            assert moved == max(outcome.after[p], 0) - max(outcome.before[p], 0)
            assert Chips.for_score(outcome.before[p]).red + move.red == chips.red


def play(data, kind: str, steps: int) -> Game:
    """Draw and apply ``steps`` events, checking refusals and invariants as it goes."""
    game = draw_game(data, kind)
    start = cards_in_play(game) if kind != "quiddler" else None
    for _ in range(steps):
        event = DRAW[kind](data, game)
        state, snapshot, n = game.state, copy.deepcopy(game.state), len(game.events)
        try:
            outcome = game.apply(event)
        except CompanionError:
            assert game.state is state and game.state == snapshot and len(game.events) == n
            continue
        check_invariants(game, outcome, start)
    return game


# --- the properties --------------------------------------------------------------------------------


@SETTINGS
@given(data=st.data(), kind=st.sampled_from(GAMES))
def test_random_events_never_crash_and_keep_the_invariants(data, kind):
    play(data, kind, data.draw(st.integers(1, 25), label="steps"))


@SETTINGS
@given(data=st.data(), kind=st.sampled_from(GAMES))
def test_export_then_import_gives_the_same_game(data, kind):
    game = play(data, kind, data.draw(st.integers(1, 20), label="steps"))
    log = json.loads(json.dumps(export_log(game)))
    again = import_log(log)
    assert again.state == game.state
    assert again.events == game.events and again.outcomes == game.outcomes
    assert summary(again) == summary(game)


@SETTINGS
@given(data=st.data(), kind=st.sampled_from(GAMES))
def test_undo_then_redo_is_the_identity(data, kind):
    game = play(data, kind, data.draw(st.integers(1, 20), label="steps"))
    states, events, outcomes = list(game._states), list(game.events), list(game.outcomes)
    # one step back and forth
    if events:
        assert game.undo() == events[-1] and game.state == states[-2]
        assert game.redo() == events[-1]
        assert game.state == states[-1] and game.outcomes == outcomes
    # all the way back, checking every state on the way, then all the way forward
    for i in range(len(events), 0, -1):
        assert game.undo() == events[i - 1]
        assert game.state == states[i - 1]
    assert game.undo() is None and game.scores == {p: 0 for p in game.players}
    for e in events:
        assert game.redo() == e
    assert game.redo() is None
    assert game.events == events and game.outcomes == outcomes and game.state == states[-1]


@SETTINGS
@given(data=st.data(), kind=st.sampled_from(["word-thief", "words-and-points"]))
def test_a_failed_challenge_restores_the_table_before_the_play(data, kind):
    game = play(data, kind, data.draw(st.integers(0, 12), label="steps"))
    if game.ended:
        return
    before = game.state
    for _ in range(8):
        event = DRAW[kind](data, game)
        if isinstance(event, (Make, Steal)) and event.player == game.to_play and game.can(event):
            break
    else:
        return
    game.apply(event)
    texts = ["".join(c.letter for c in w) for w in event.words]
    challenger = next(p for p in game.players if p != event.player)
    if game.judge(texts):
        game.apply(HouseWord(texts[0], False))  # the table bans it: the play is now NOT VALID
    outcome = game.apply(Challenge(challenger))
    assert outcome.verdict is False
    # the play is undone exactly: every word back with its owner, every score back, less the player's 5 (Word Thief)
    penalty = 5 if kind == "word-thief" else 0
    assert game.scores == {p: s - (penalty if p == event.player else 0) for p, s in before.scores.items()}
    if kind == "word-thief":
        assert {p: sorted(ws, key=lambda w: w.uid) for p, ws in game.state.table.items()} == {
            p: sorted(ws, key=lambda w: w.uid) for p, ws in before.table.items()
        }
        assert game.state.plays == before.plays
    else:
        assert game.state.plays == before.plays
