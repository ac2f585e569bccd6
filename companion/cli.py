"""The ``companion`` command: the TUI by default, plus replay, judge, games, export and import."""

from __future__ import annotations

import argparse
import errno
import json
import os
import sys
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from companion.cards import Card
from companion.decks import WILD
from companion.plural import plural
from companion.errors import CompanionError
from companion.files import write_new_file
from companion.gamelog import LogError, export_log, read_log, summary
from companion.games import GAME_CLASSES, Game
from companion.lexicon import Lexicon, read_words
from companion.text import printable

# soft_wrap: a message is one line whatever the width, so a script reading stderr gets it whole
out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="companion",
        description="The table companion: score keeper, word judge and "
        "card reader for Word Thief, Quiddler and Words And Points. Without a command it "
        "opens the app.",
    )
    p.add_argument("--data-dir", metavar="DIR", help="keep saved games and the house list in DIR")
    p.add_argument("--demo", action="store_true", help="open the app on a ready demo game")
    p.add_argument("--resume", type=int, metavar="ID", help="open the app on saved game ID (see `companion games`)")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    r = sub.add_parser("replay", help="replay a JSON game log and print the scores")
    r.add_argument("file", type=Path, help="the game log (JSON, as in docs/gamelog.md)")
    r.add_argument("--json", action="store_true", help="print one JSON object for programs")

    j = sub.add_parser(
        "judge", help="say whether words are VALID (exit 0) or NOT VALID (exit 1); without words, open the judge screen"
    )
    j.add_argument("words", nargs="*", help="the word or words of one play (judged as a whole)")
    j.add_argument("--game", choices=list(GAME_CLASSES), help="also use this game's house list")
    j.add_argument("--words-file", type=Path, metavar="FILE", help="judge against this word list instead of ENABLE")
    j.add_argument("--json", action="store_true")

    g = sub.add_parser("games", help="list saved games: game, players, leader and score, finished or not, last played")
    g.add_argument("--json", action="store_true")

    d = sub.add_parser("delete", help="delete a saved game (asks first)")
    d.add_argument("id", type=int)
    d.add_argument("--yes", action="store_true", help="do not ask")

    e = sub.add_parser("export", help="write a saved game as a JSON game log")
    e.add_argument("id", type=int)
    e.add_argument("file", type=Path, nargs="?", help="where to write it (default: standard output)")
    e.add_argument("--force", action="store_true", help="replace FILE if it exists (never the ledger itself)")

    i = sub.add_parser("import", help="save a JSON game log as a game you can resume")
    i.add_argument("file", type=Path)

    s = sub.add_parser("serve", help="show live boards and the app in web browsers (see docs/serve.md)")
    s.add_argument(
        "--host",
        default="127.0.0.1",
        help="127.0.0.1 (default): this computer only; 0.0.0.0: phones, tablets and TVs on this network",
    )
    s.add_argument("--port", type=int, default=8000, help="the port to serve on (default 8000)")

    c = sub.add_parser("coach", help="the best hand, or the steals a table offers")
    coach = c.add_subparsers(dest="coach", metavar="WHAT", required=True)
    h = coach.add_parser("hand", help="the best words a hand can make (Quiddler: cards in words less cards left)")
    h.add_argument("cards", nargs="+", metavar="CARD", help="the cards: QU I T E ER S (a blank or joker: *)")
    h.add_argument(
        "--game", choices=[k for k, cls in GAME_CLASSES.items() if cls.best_hand is not Game.best_hand], required=True
    )
    h.add_argument("--out", action="store_true", help="Quiddler: every card must go into a word (going out)")
    h.add_argument(
        "--table",
        default="",
        metavar="LETTERS",
        help="Words And Points: the letters on the table, one of which the word may build through",
    )
    h.add_argument("--json", action="store_true")
    st = coach.add_parser("steals", help="for each word on the table, the words that steal it, best first")
    st.add_argument("words", nargs="+", metavar="WORD", help="words on the table: cart, c*art (a joker standing as A)")
    st.add_argument("--add", type=int, default=2, metavar="K", help="letters added from a hand: 1 to K (default 2)")
    st.add_argument(
        "--game",
        choices=[k for k, cls in GAME_CLASSES.items() if cls.can_steal],
        default=next(k for k, cls in GAME_CLASSES.items() if cls.can_steal),
    )
    st.add_argument("--json", action="store_true")

    v = sub.add_parser("review", help="a saved game turn by turn beside the best the coach finds")
    v.add_argument("id", type=int)
    v.add_argument("--json", action="store_true")
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.data_dir:
        os.environ["COMPANION_DATA_DIR"] = str(Path(args.data_dir).expanduser().resolve())
    try:
        if args.command == "replay":
            return _replay(args)
        if args.command == "judge" and args.words:
            return _judge(args)
        if args.command == "games":
            return _games(args)
        if args.command == "delete":
            return _delete(args)
        if args.command == "export":
            return _export(args)
        if args.command == "import":
            return _import(args)
        if args.command == "serve":
            return _serve(args)
        if args.command == "coach":
            return _coach_hand(args) if args.coach == "hand" else _coach_steals(args)
        if args.command == "review":
            return _review(args)
        return _app(args)
    except LogError as exc:
        err.print(printable(str(exc)), markup=False)
        return 2
    except CompanionError as exc:
        err.print(f"companion: {printable(str(exc))}", markup=False)
        return 2


def _store():
    from companion.store import Store

    return Store()


def _replay(args) -> int:
    game = read_log(args.file)
    result = summary(game)
    if args.json:
        print(json.dumps(result))
        return 0
    n = len(game.events)
    table = Table(title=f"{game.title}: {n} event{'s' * (n != 1)}")
    table.add_column("player")
    table.add_column("score", justify="right")
    if game.has_chips:
        table.add_column("chips (red / blue / white)")
    for p in game.players:
        row = [Text(printable(p)), Text(str(result["scores"][p]))]
        if game.has_chips:
            c = result["chips"][p]
            row.append(
                Text.assemble(
                    (str(c["red"]), "red"),
                    " / ",
                    (str(c["blue"]), "blue"),
                    f" / {c['white']}",
                    "  (debt)" if result["scores"][p] < 0 else "",
                )
            )
        table.add_row(*row)
    out.print(table)
    winner = printable(result["winner"]) if result["winner"] else "a tie"
    out.print(Text(f"winner: {winner}" + ("" if game.ended else " (leading; the game has not ended)")))
    return 0


def _lexicon(args) -> Lexicon:
    """What `companion judge` judges with: --words-file or ENABLE, plus --game's house list."""
    return Lexicon.load(args.words_file, _store().house(args.game) if args.game else None)


def _judge(args) -> int:
    typed = read_words(" ".join(args.words))  # "cat dog" in one argument is the same play as cat dog
    valid = _lexicon(args).judge(typed.words)
    if args.json:
        print(json.dumps({"words": typed.words, "valid": valid} | ({"note": typed.note} if typed.note else {})))
    else:
        out.print(
            Text.assemble(
                ("VALID" if valid else "NOT VALID", f"bold {'green' if valid else 'red'}"), "  ", " ".join(typed.words)
            )
        )
        if typed.note:
            out.print(Text(typed.note, style="dim"))
    return 0 if valid else 1


def _games(args) -> int:
    from companion.overview import ago, overview

    games = overview(_store())
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "id": g.info.id,
                        "game": g.info.kind,
                        "players": g.info.players,
                        "events": g.info.events,
                        "leader": g.leader,
                        "score": g.score,
                        "finished": g.finished,
                        "updated": g.info.updated,
                    }
                    for g in games
                ]
            )
        )
        return 0
    if not games:
        out.print("no saved games yet: `companion` starts one")
        return 0
    table = Table(title="saved games (resume with: companion --resume ID)")
    for col in ("id", "game", "players", "standing", "state", "last played"):
        table.add_column(col)
    for g in games:
        table.add_row(
            str(g.info.id),
            Text(printable(g.title)),
            Text(printable(g.players)),
            Text(printable(g.standing)),
            g.state,
            ago(g.info.updated),
        )
    out.print(table)
    return 0


def _delete(args) -> int:
    from companion.overview import overview

    store = _store()
    found = [g for g in overview(store) if g.info.id == args.id]
    if not found:
        err.print(f"companion: there is no saved game {args.id}; `companion games` lists them", markup=False)
        return 2
    what = found[0].line()
    if not args.yes:
        out.print(Text(printable(what)))
        try:
            answer = input("Delete this game for good? [y/N] ")
        except EOFError:
            answer = ""
        if answer.strip().lower() not in ("y", "yes"):
            out.print("kept")
            return 1
    store.delete(args.id)
    out.print(Text(f"deleted {printable(what)}"))
    return 0


def _export(args) -> int:
    store = _store()
    text = json.dumps(export_log(store.load(args.id).game), indent=1) + "\n"
    if args.file is None:
        print(text, end="")
        return 0
    write_new_file(args.file, text, force=args.force, keep=store.files())
    out.print(Text(f"wrote {printable(str(args.file))}"))
    return 0


def _import(args) -> int:
    game = read_log(args.file)
    saved = _store().create(game)
    out.print(f"saved as game {saved.id}: resume with `companion --resume {saved.id}`", markup=False)
    return 0


def _serve(args) -> int:
    from companion.web.server import serve

    try:
        serve(args.host, args.port, lambda line: out.print(line, markup=False, soft_wrap=True), out.width)
    except OSError as exc:
        why = "that port is in use" if exc.errno == errno.EADDRINUSE else (exc.strerror or str(exc))
        err.print(
            f"companion: cannot serve on {args.host}:{args.port}: {why}; choose another port with --port, "
            "or another address with --host",
            markup=False,
        )
        return 2
    return 0


def _coach_game(kind: str) -> Game:
    """A game of ``kind`` with the table's house list, for its deck, word list and rules: no one plays it."""
    from companion.store import new_game

    cls = GAME_CLASSES[kind]
    return new_game(_store(), kind, [f"seat {i + 1}" for i in range(cls.min_players)])


def _coach_hand(args) -> int:
    game = _coach_game(args.game)
    hand = tuple(c for t in args.cards for c in ((Card(WILD),) if t == WILD else game.parse_cards(t)))
    table = tuple(Card(letter, table=True) for letter in args.table.upper() if letter.isalpha())
    best = game.best_hand(hand, out=args.out, table=table)
    if args.json:
        print(json.dumps(best.to_json() if best else None))
    elif best is None:
        out.print("no arrangement puts every card into a word: going out is impossible with this hand")
    else:
        out.print(
            Text.assemble(
                ("best: ", "bold"), best.text(), f"  ({best.score} points, longest word {best.longest} letters)"
            )
        )
    return 0 if best else 1


def _coach_steals(args) -> int:
    if not 1 <= args.add <= 3:
        err.print("companion: --add takes 1, 2 or 3 letters")
        return 2
    game = _coach_game(args.game)
    found = game.steals_for(args.words, args.add)
    if args.json:
        print(
            json.dumps(
                {
                    "words": [
                        {"word": w.upper(), "steals": [i.to_json() for i in ideas]}
                        for w, ideas in zip(args.words, found)
                    ]
                }
            )
        )
        return 0
    for word, ideas in zip(args.words, found):
        table = Table(title=Text(f"{word.upper()}: {plural(len(ideas), 'steal')}"), title_justify="left")
        for col in ("new word", "add", "letters", "bonus", "points"):
            table.add_column(col, justify="right" if col in ("letters", "bonus", "points") else "left")
        for i in ideas:
            table.add_row(i.word, " ".join(i.add), str(i.letter_sum), str(i.length_bonus), str(i.points))
        out.print(table)
    return 0


def _review(args) -> int:
    game = _store().load(args.id).game
    moments = game.review()
    if args.json:
        print(json.dumps({"id": args.id, "game": game.kind, "moments": [m.to_json() for m in moments]}))
        return 0
    table = Table(title=f"{game.title}, game {args.id}: the coach's review")
    for col in ("when", "player", "played", "points", "coach's best", "best points", ""):
        table.add_column(col, justify="right" if "points" in col else "left")
    for m in moments:
        table.add_row(
            m.at, Text(m.player), Text(m.played), _maybe(m.points), Text(m.best or "-"), _maybe(m.best_points), m.note
        )
    out.print(table if moments else "nothing to review yet: no turn has been played")
    return 0


def _maybe(n: int | None) -> str:
    return "-" if n is None else str(n)


def _app(args) -> int:
    from companion.tui.app import make_app

    if args.command == "judge":  # the word list is read here, so a bad path is said before the app opens
        app = make_app(judge_only=True, lexicon=_lexicon(args), house_of=args.game)
    else:
        app = make_app(demo=args.demo, game_id=args.resume)
    app.run()
    return app.return_code or 0


if __name__ == "__main__":
    sys.exit(main())
