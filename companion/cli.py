"""The ``companion`` command: the TUI by default, plus replay, judge, games, export and import."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from companion.errors import CompanionError
from companion.gamelog import LogError, export_log, read_log, summary
from companion.games import GAME_CLASSES
from companion.lexicon import Lexicon, read_words

out = Console(highlight=False)
err = Console(stderr=True, highlight=False)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="companion", description="The table companion: score keeper, word judge and "
                                "card reader for Word Thief, Quiddler and Words And Points. Without a command it "
                                "opens the app.")
    p.add_argument("--data-dir", metavar="DIR", help="keep saved games and the house list in DIR")
    p.add_argument("--demo", action="store_true", help="open the app on a ready demo game")
    p.add_argument("--resume", type=int, metavar="ID", help="open the app on saved game ID (see `companion games`)")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    r = sub.add_parser("replay", help="replay a JSON game log and print the scores")
    r.add_argument("file", type=Path, help="the game log (JSON, as in docs/gamelog.md)")
    r.add_argument("--json", action="store_true", help="print one JSON object for programs")

    j = sub.add_parser("judge", help="say whether words are VALID (exit 0) or NOT VALID (exit 1); "
                                     "without words, open the judge screen")
    j.add_argument("words", nargs="*", help="the word or words of one play (judged as a whole)")
    j.add_argument("--game", choices=list(GAME_CLASSES), help="also use this game's house list")
    j.add_argument("--words-file", type=Path, metavar="FILE", help="judge against this word list instead of ENABLE")
    j.add_argument("--json", action="store_true")

    g = sub.add_parser("games", help="list saved games")
    g.add_argument("--json", action="store_true")

    e = sub.add_parser("export", help="write a saved game as a JSON game log")
    e.add_argument("id", type=int)
    e.add_argument("file", type=Path, nargs="?", help="where to write it (default: standard output)")

    i = sub.add_parser("import", help="save a JSON game log as a game you can resume")
    i.add_argument("file", type=Path)

    s = sub.add_parser("serve", help="show live boards and the app in web browsers (see docs/serve.md)")
    s.add_argument("--host", default="127.0.0.1",
                   help="127.0.0.1 (default): this computer only; 0.0.0.0: phones, tablets and TVs on this network")
    s.add_argument("--port", type=int, default=8000, help="the port to serve on (default 8000)")
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
        if args.command == "export":
            return _export(args)
        if args.command == "import":
            return _import(args)
        if args.command == "serve":
            return _serve(args)
        return _app(args)
    except LogError as exc:
        err.print(str(exc), markup=False)
        return 2
    except CompanionError as exc:
        err.print(f"companion: {exc}", markup=False)
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
        row = [p, str(result["scores"][p])]
        if game.has_chips:
            c = result["chips"][p]
            row.append(f"[red]{c['red']}[/] / [blue]{c['blue']}[/] / {c['white']}"
                       + ("  (debt)" if result["scores"][p] < 0 else ""))
        table.add_row(*row)
    out.print(table)
    out.print(f"winner: {result['winner'] or 'a tie'}" + ("" if game.ended else " (leading; the game has not ended)"))
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
        out.print(Text.assemble(("VALID" if valid else "NOT VALID", f"bold {'green' if valid else 'red'}"),
                                "  ", " ".join(typed.words)))
        if typed.note:
            out.print(Text(typed.note, style="dim"))
    return 0 if valid else 1


def _games(args) -> int:
    games = _store().games()
    if args.json:
        print(json.dumps([{"id": g.id, "game": g.kind, "players": g.players, "events": g.events} for g in games]))
        return 0
    if not games:
        out.print("no saved games yet: `companion` starts one")
        return 0
    table = Table(title="saved games (resume with: companion --resume ID)")
    for col in ("id", "game", "players", "events"):
        table.add_column(col)
    for g in games:
        table.add_row(str(g.id), g.kind, ", ".join(g.players), str(g.events))
    out.print(table)
    return 0


def _export(args) -> int:
    text = json.dumps(export_log(_store().load(args.id).game), indent=1)
    if args.file:
        args.file.write_text(text + "\n", encoding="utf-8")
        out.print(f"wrote {args.file}")
    else:
        print(text)
    return 0


def _import(args) -> int:
    game = read_log(args.file)
    saved = _store().create(game)
    out.print(f"saved as game {saved.id}: resume with `companion --resume {saved.id}`")
    return 0


def _serve(args) -> int:
    from companion.web.server import serve

    try:
        serve(args.host, args.port, lambda line: out.print(line, markup=False, soft_wrap=True), out.width)
    except OSError as exc:
        err.print(f"companion: cannot serve on {args.host}:{args.port} ({exc.strerror or exc}); "
                  "choose another port with --port, or another address with --host", markup=False)
        return 2
    return 0


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
