"""`python -m vision read|snap|teach|render|cards`: the card reader from the command line.

Exit codes: 0 all well; 2 bad arguments; 10-17 the `vision.errors` class of the last
failure (11 not an image, 12 tiny image, 13 no cards, 14 overlapping cards,
15 no Tesseract, 16 no camera, 17 teaching photos whose count differs from --order).
Without Tesseract `read` still prints its reading (cards it could not confirm are
flagged) and ends with 15.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import cv2

from companion.decks import Deck, load_deck_file
from companion.errors import DeckError
from companion.games import GAME_CLASSES
from companion.plural import plural
from companion.paths import ASSETS
from vision.errors import OcrUnavailable, VisionError
from vision.ocr import ocr_status
from vision.read import PhotoReading, read_photo
from vision.render import PALE_TABLES, TABLES, render_photo


def _read(args: argparse.Namespace) -> int:
    code = 0
    status = ocr_status()
    for photo in args.photos:
        try:
            reading = read_photo(photo, args.game, deck=args.deck)
        except VisionError as exc:
            code = exc.exit_code
            if args.json:
                print(json.dumps({"error": str(exc)}), flush=True)
            print(str(exc) if photo in str(exc) else f"{photo}: {exc}", file=sys.stderr)
            continue
        if args.json:
            print(json.dumps(reading.to_json()), flush=True)
        else:
            _table(photo, reading, [n for n in reading.notes if n != status])  # the OCR note is said once, last
    if status:
        print(status, file=sys.stderr)
        code = code or OcrUnavailable.exit_code
    return code


def _deck(game: str, path: str) -> Deck:
    """The table's own deck file, as a game started with it would load it."""
    try:
        deck = load_deck_file(path)
    except DeckError as exc:
        raise VisionError(str(exc)) from None
    if deck.game != game:
        raise VisionError(f"that deck file is for {deck.game}, not {game}")
    return deck


def _table(photo: str, reading: PhotoReading, notes: list[str]) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table()
    for col in ("#", "face", "value", "suit", "confidence", "check"):
        table.add_column(col)
    for i, c in enumerate(reading.cards):
        table.add_row(
            str(i), Text(c.face), str(c.value), c.suit or "", f"{c.confidence:.2f}", "CHECK" if c.flagged else ""
        )
    console = Console()
    # A title over the table would wrap to the table's width; the photo's name is often longer.
    # The photo's name, the notes and the faces (a deck file's) are data: Text, never markup.
    heading = Text(photo, style="bold")
    heading.append(f": {plural(len(reading.cards), 'card')}, {plural(len(reading.words), 'word')}")
    console.print(heading, highlight=False)
    console.print(table)
    for note in notes:
        console.print(Text(note), highlight=False)
    words = ["".join(reading.cards[i].face for i in w) for w in reading.words]
    console.print(Text("words: " + (" ".join(words) if words else "(none)")))


def _snap(args: argparse.Namespace) -> int:
    from vision.camera import snap

    frame = snap(args.camera)
    out = args.out or f"snap-{time.strftime('%Y%m%d-%H%M%S')}.jpg"
    if not cv2.imwrite(out, frame):
        raise VisionError(f"cannot write {out}; give --out a path in a writable folder ending .jpg or .png")
    print(out)
    return 0


def _teach(args: argparse.Namespace) -> int:
    from vision.teach import prepare, save

    lesson = prepare(args.game, args.order, args.photos)
    n = save(lesson, replace=args.replace)
    print(
        f"learnt {n} {args.game} cards ({' and '.join(map(str, lesson.pictures))} shows them numbered); "
        f"later reads of {args.game} use them"
    )
    return 0


def _render(args: argparse.Namespace) -> int:
    photo = render_photo(
        args.game, args.seed, unseen_fonts=True, hand=args.hand is not None, fan=args.hand == "fan", table=args.table
    )
    out = Path(args.out)
    cv2.imwrite(str(out), photo.image, [cv2.IMWRITE_JPEG_QUALITY, 85])
    out.with_suffix(".json").write_text(json.dumps(photo.truth) + "\n", encoding="utf-8")
    print(out)
    return 0


def _cards(args: argparse.Namespace) -> int:
    from vision.designs import contact_sheet

    for game in GAME_CLASSES:
        out = Path(args.out) / f"{game}.png"
        contact_sheet(game).save(out)
        print(out)
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m vision", description="Read letter cards from photos of the table.")
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("read", help="read photos; one JSON object per photo with --json")
    r.add_argument("--game", required=True, choices=list(GAME_CLASSES))
    r.add_argument("--json", action="store_true", help="one JSON line per photo (see docs/vision.md)")
    r.add_argument(
        "--deck", metavar="FILE", help="the table's own deck file, for the values (default: the shipped deck)"
    )
    r.add_argument("photos", nargs="+", metavar="PHOTO")
    r.set_defaults(run=_read)
    s = sub.add_parser("snap", help="take one frame from a webcam")
    s.add_argument("--camera", type=int, default=0)
    s.add_argument("--out", help="file to write (default snap-DATE-TIME.jpg)")
    s.set_defaults(run=_snap)
    t = sub.add_parser("teach", help="learn a real deck from photos of its cards laid upright in rows")
    t.add_argument("--game", required=True, choices=list(GAME_CLASSES))
    t.add_argument(
        "--order", required=True, help='the cards left to right, row by row, photo after photo: "Ah Qs *" or "QU A ER"'
    )
    t.add_argument("--replace", action="store_true", help="forget what an earlier teaching of the game learnt")
    t.add_argument("photos", nargs="+", metavar="PHOTO")
    t.set_defaults(run=_teach)
    g = sub.add_parser("render", help="draw a synthetic table photo and its truth (FILE.json)")
    g.add_argument("--game", required=True, choices=list(GAME_CLASSES))
    g.add_argument("--seed", type=int, default=0)
    g.add_argument("--out", required=True)
    g.add_argument("--hand", choices=("spread", "fan"), help="the cards as one overlapping hand instead of words")
    g.add_argument("--table", choices=TABLES + PALE_TABLES, help="the table (default: one picked by the seed)")
    g.set_defaults(run=_render)
    c = sub.add_parser("cards", help="draw every deck's card faces as contact sheets")
    c.add_argument("--out", default=str(ASSETS / "cards"))
    c.set_defaults(run=_cards)
    args = p.parse_args(argv)
    try:
        if getattr(args, "deck", None):
            args.deck = _deck(args.game, args.deck)
        return args.run(args)
    except VisionError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code


if __name__ == "__main__":
    sys.exit(main())
