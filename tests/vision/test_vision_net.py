"""The reader's nets on decks printed in held-out fonts and designs, and their model files."""

from __future__ import annotations

import dataclasses
import importlib
import random
import shutil
from functools import partial
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import read_photo
from vision.read import (
    CENTRE_JOINT,
    CENTRE_SURE,
    RIVAL_SURE,
    SUIT_SURE,
    TURN_SURE,
    Read,
    Reader,
    checked,
    second_opinions,
)
from vision.designs import CARD_H, CARD_W, Design, draw_card, house_design, random_design
from vision.errors import VisionError
from vision.fonts import FAR_PIP_FAMILIES, families, installed
from vision import net as net_module
from vision.net import INDEX_HEADS, INDEX_MODELS, MAX_BYTES, MODELS, PIP_SHAPES, Heads, Net, pip_shapes
from vision.pips import pip_picture
from vision.read import PARTNER
from vision.render import render_photo, render_varied

from vision_helpers import match

ITALIC = "/usr/share/fonts/truetype/liberation/LiberationSerif-Italic.ttf"  # a held-out family


def held_out(game: str, seed: int, **print_as) -> Design:
    """A random design of the held-out side of the split, with some of its choices fixed."""
    return dataclasses.replace(random_design(game, random.Random(seed), held_out=True), **print_as)


def read_right(game: str, seed: int, design: Design, **kw) -> tuple[int, int, int, list]:
    """Cards, found, faces and values read right; and the (truth, read) pairs."""
    photo = render_photo(game, seed, design=design, table="green-felt", **kw)
    reading = read_photo(photo.image, game).to_json()
    pairs = match(photo.truth, reading)
    cards = [(photo.truth["cards"][i], reading["cards"][j]) for i, j in pairs.items()]
    right = sum((t["face"], t["value"]) == (c["face"], c["value"]) for t, c in cards)
    assert len(reading["cards"]) == len(pairs), "a card was cut in two, or a false card read"
    for t, c in cards:  # a card may be misread (a pip in a held-out symbol font), but never unflagged
        ok = (t["face"], t["value"], t["suit"]) == (c["face"], c["value"], c["suit"])
        assert ok or c["check"], f"{t['face']}{t['suit']} read as {c['face']}{c['suit']} unflagged"
    return len(photo.truth["cards"]), len(pairs), right, cards


@pytest.mark.parametrize("game, art, seed", [("quiddler", "ornate", 25), ("word-thief", "picture", 27)])
def test_strong_centre_art_near_the_index_is_read_and_not_split(game: str, art: str, seed: int) -> None:
    # Art this large reaches within a few pixels of the index (random designs stop at 2.25).
    design = held_out(game, 4, art=art, art_size=1.8, frame="rope")
    total, found, right, _ = read_right(game, seed, design)
    assert found == total and right >= total - 1


@pytest.mark.parametrize("game, seed", [("word-thief", 31), ("quiddler", 35)])
def test_a_held_out_italic_font_is_read(game: str, seed: int) -> None:
    design = held_out(game, 5, font=ITALIC, art="house")
    total, found, right, _ = read_right(game, seed, design)
    assert found == total and right == total


def test_a_covered_card_is_read_from_its_strip() -> None:
    design = held_out("quiddler", 7, art="house")
    cards = [("QU", None), ("E", None), ("TH", None), ("M", None), ("W", None)]
    total, found, right, _ = read_right("quiddler", 41, design, cards=cards, hand=True)
    assert found == total and right == total


def test_every_wrong_card_is_flagged() -> None:
    wrong = 0
    for seed in range(600, 606):
        game = ("word-thief", "quiddler", "words-and-points")[seed % 3]
        design = random_design(game, random.Random(seed), held_out=True)
        photo = render_photo(game, seed, design=design, harsh=True)
        try:
            reading = read_photo(photo.image, game).to_json()
        except VisionError:
            continue
        for i, j in match(photo.truth, reading).items():
            t, c = photo.truth["cards"][i], reading["cards"][j]
            if (t["face"], t["value"], t["suit"]) != (c["face"], c["value"], c["suit"]):
                wrong += 1
                assert c["check"], f"seed {seed}: {t['face']}{t['suit']} read as {c['face']}{c['suit']} unflagged"
    assert wrong < 10  # a reader this wrong would make the test meaningless


def test_the_models_ship_small_and_load() -> None:
    for name in (*INDEX_MODELS, "card.onnx", "centre.onnx", "finder.onnx", "corners.onnx", "pip.onnx"):
        assert (MODELS / name).stat().st_size < MAX_BYTES
    heads = Net(MODELS / "index.onnx", INDEX_HEADS)([np.full((64, 48, 3), 200, np.uint8)])
    assert heads["face"].shape == (1, len(INDEX_HEADS["face"]))
    assert np.allclose(np.exp(heads["letter"]).sum(1), 1.0, atol=1e-4)


@pytest.mark.parametrize("content", [b"", b"\x08\x01garbage that is no onnx model"])
def test_a_damaged_model_file_is_one_clear_line(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "index.onnx"
    path.write_bytes(content)
    with pytest.raises(VisionError) as err:
        Net(path, INDEX_HEADS)
    assert str(err.value).splitlines() == [str(err.value)]
    assert "model" in str(err.value) and "damaged" in str(err.value)


def test_every_index_net_is_read_and_a_missing_one_is_named(tmp_path: Path, monkeypatch) -> None:
    crop = [np.full((64, 48, 3), 200, np.uint8)]
    both = net_module.index_net()
    assert [len(net(crop)["face"]) for net in both.nets] == [1] * len(INDEX_MODELS) == [1, 1]
    shutil.copy(MODELS / INDEX_MODELS[0], tmp_path)
    monkeypatch.setattr(net_module, "MODELS", tmp_path)
    net_module.index_net.cache_clear()
    try:
        with pytest.raises(VisionError, match=f"{INDEX_MODELS[1]} is missing or damaged"):
            net_module.index_net()
    finally:
        net_module.index_net.cache_clear()


@pytest.mark.parametrize("game, face", [("word-thief", "M"), ("quiddler", "QU"), ("word-thief", "L")])
def test_the_centre_net_reads_the_big_middle_letter_either_way_up(game: str, face: str) -> None:
    # An M turned round is a W and an L a 7: the net must read the middle the way up it judges upright.
    design = held_out(game, 11, font=ITALIC, art="house" if game == "word-thief" else "ornate")
    card = cv2.cvtColor(
        np.array(draw_card(game, face, "s" if game == "word-thief" else None, design=design)), cv2.COLOR_RGBA2BGR
    )
    card = cv2.resize(card, (CARD_W, CARD_H), interpolation=cv2.INTER_AREA)
    reader = Reader(game)
    logs, seen = reader._centres([card, cv2.flip(card, -1)], [False, False])
    assert seen == [0, 1]
    shares = np.exp(logs)[:, reader.faces.index(face)]
    assert shares.min() > 0.9, shares


def test_an_index_the_photo_blurs_is_read_from_the_big_middle_letter() -> None:
    # A held-out Quiddler design at 720p: from the corners alone two of its E's read as B and K, and the next E
    # and L stay flagged; the middle, printed four times the index's size, reads them all.
    photo = render_varied("quiddler", 1012, True, size=(1280, 720))
    reading = read_photo(photo.image, "quiddler").to_json()
    read = {i: reading["cards"][j] for i, j in match(photo.truth, reading).items()}
    truth = [photo.truth["cards"][i]["face"] for i in range(4)]
    assert [read[i]["face"] for i in range(4)] == truth == ["E", "E", "L", "E"]
    assert [read[i]["check"] for i in (1, 2)] == [False, False]


@pytest.mark.parametrize(
    "centre, joint, flagged", [(CENTRE_SURE, CENTRE_JOINT, False), (0.9, 0.999, True), (0.999, 0.9, True)]
)
def test_the_centre_net_agreeing_confirms_an_unsure_read(centre: float, joint: float, flagged: bool) -> None:
    # One corner reading another face (the rival) keeps Tesseract's vote on a corner from counting; the
    # middle is another print of the face.
    read = Read(
        "E",
        "h",
        0.2,
        1.0,
        np.zeros((4, 2), np.float32),
        None,
        False,
        1.0,
        rival=0.95,
        shares={"E": joint, "F": 1.0 - joint},
        centre={"E": centre, "F": 1.0 - centre},
    )
    assert checked(read, None)[1] == flagged
    # nor does it confirm what may be no letter card at all
    assert checked(read._replace(letter=0.5), None)[1]


def test_tesseract_agreeing_settles_nothing_where_the_middle_is_sure_of_another_face() -> None:
    # The corners read an I's serifs as a J's hook (0.87) and so does Tesseract; the middle reads I.
    read = Read("J", "s", 0.87, 1.0, np.zeros((4, 2), np.float32), None, False, 1.0, rival=0.1)
    assert not checked(read, "J")[1]
    assert checked(read._replace(centre={"J": 0.001, "I": 0.999}), "J")[1]
    assert not checked(read._replace(centre={"J": 0.5, "I": 0.5}), "J")[1]


def test_a_read_the_corners_are_sure_of_that_the_middle_surely_contradicts_is_checked() -> None:
    # A validation design's condensed O reads U from both corners (0.9998 at 720p); its middle reads O (1.0)
    # and so does Tesseract: the readers disagree, and the card must be checked.
    read = Read("U", "c", 0.9998, 1.0, np.zeros((4, 2), np.float32), None, False, 1.0, centre_rival=1.0)
    assert checked(read, "O")[1]
    assert checked(read, None)[1]  # no Tesseract to settle it
    assert checked(read, "")[1]
    # Tesseract reads the corner the net misread, cut as for the net: it reads what the corners read and settles
    # nothing (validation Word Thief spread 300054: an O whose index touches the card's top read U by both).
    assert checked(read, "U")[1]
    assert not checked(read._replace(centre_rival=0.999), None)[1]  # the middle not sure enough to dispute
    assert not checked(read._replace(centre_rival=0.0), None)[1]  # a covered card: no middle to read


def test_the_middle_of_a_card_the_corners_read_sure_is_read_but_not_weighed() -> None:
    # Its share joins no joint posterior (the corners outweigh it) and confirms nothing, but it is there to
    # dispute the read; a covered card's middle is hidden.
    photo = render_varied("word-thief", 1003, False, size=(1920, 1080))
    quads = [np.float32(card["corners"]) for card in photo.truth["cards"]]
    reads = Reader("word-thief").read(photo.image, quads, [0.3] + [1.0] * (len(quads) - 1))
    assert reads[0].centre is None and reads[0].centre_rival == 0.0
    assert reads[0].covered and not any(r.covered for r in reads[1:])
    sure = [r for r in reads[1:] if r.centre is None]
    assert sure and all(0.0 < r.centre_rival < 0.5 for r in sure)


def test_tesseract_is_asked_about_a_sure_read_the_middle_disputes() -> None:
    asked: list[int] = []

    class Counting:
        def read(self, masks: list[np.ndarray]) -> list[str]:
            asked.append(len(masks))
            return ["O"] * len(masks)

    ink = np.zeros((20, 20), np.uint8)
    read = Read("U", "c", 0.9998, 1.0, np.zeros((4, 2), np.float32), lambda: [ink, ink], False, 1.0)
    assert second_opinions([read], Counting()) == {} and asked == []  # sure, and nothing disputes it
    disputed = read._replace(centre_rival=1.0)
    assert second_opinions([read, disputed], Counting()) == {1: "O"} and asked == [2]


def _off(quad: np.ndarray, k: int) -> np.ndarray:
    """A card's quad as a finder may give it: grown over the table and the next card, cut inside at a
    printed frame, or one side out and another in; turned a degree or two."""
    c = quad.mean(0)
    u, v = (quad[1] - quad[0]) / 2, (quad[3] - quad[0]) / 2
    left, right, top, bottom = [(0.16, 0.16, 0.12, 0.12), (-0.1, -0.1, -0.07, -0.07), (0.18, -0.08, -0.06, 0.14)][k % 3]
    out = np.float32(
        [
            c - (1 + left) * u - (1 + top) * v,
            c + (1 + right) * u - (1 + top) * v,
            c + (1 + right) * u + (1 + bottom) * v,
            c - (1 + left) * u + (1 + bottom) * v,
        ]
    )
    a = np.radians((-2.0, 1.5, 2.5)[k % 3])
    rot = np.float32([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    return np.float32((out - c) @ rot.T + c)


@pytest.mark.parametrize("game, seed", [("word-thief", 61), ("quiddler", 61), ("words-and-points", 55)])
def test_cards_are_read_from_quads_found_a_little_off(game: str, seed: int) -> None:
    # A held-out design at 720p; every card's quad off as a finder's may be (the nets learnt such quads).
    design = held_out(game, seed)
    photo = render_photo(game, seed, design=design, table="green-felt", size=(1280, 720))
    quads = [_off(np.float32(t["corners"]), k) for k, t in enumerate(photo.truth["cards"])]
    reads = Reader(game).read(photo.image, quads)
    got = [(r.face, r.suit) for r in reads]
    want = [(t["face"], t["suit"]) for t in photo.truth["cards"]]
    assert got == want


@pytest.mark.parametrize(
    "confidence, suit_confidence, vote, flagged",
    [
        (0.99, 0.99, None, False),  # sure of both: no check
        (0.7, 0.99, "E", False),  # doubtful, but Tesseract reads the same letters
        (0.7, 0.99, "F", True),  # doubtful and Tesseract disagrees
        (0.7, 0.99, None, True),  # doubtful and no second reader
        (0.1, 0.99, "E", True),  # a read the net all but rejects is not rescued by a vote
        (0.99, 0.8, None, True),  # a doubtful pip: Tesseract has no say on suits
    ],
)
def test_a_doubtful_card_is_flagged_unless_a_second_reader_agrees(
    confidence: float, suit_confidence: float, vote: str | None, flagged: bool
) -> None:
    read = Read("E", "h", confidence, suit_confidence, np.zeros((4, 2), np.float32), None, False, 1.0)
    assert checked(read, vote)[1] == flagged


@pytest.mark.parametrize(
    "rival, turn, flagged",
    [
        (0.3, np.inf, False),  # every read of the card leans to its face: Tesseract's vote counts
        (0.85, np.inf, True),  # the grown quad's read sure of another face (a T cut to an I by the quad)
        (0.3, 1.5, True),  # a stone that may lie the other way round: Tesseract read it as turned
        (0.3, 9.0, False),  # a stone sure of its way up
    ],
)
def test_tesseract_agreeing_is_no_second_opinion_where_its_crop_may_be_wrong(
    rival: float, turn: float, flagged: bool
) -> None:
    read = Read("M", None, 0.7, 1.0, np.zeros((4, 2), np.float32), None, False, 1.0, rival, turn)
    assert checked(read, "M")[1] == flagged


def test_a_missing_pip_model_names_its_own_trainer(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(net_module, "MODELS", tmp_path)
    net_module.pip_net.cache_clear()
    try:
        with pytest.raises(VisionError, match="pip.onnx is missing or damaged.*scripts/train_pips.py"):
            pip_shapes([np.zeros((28, 28), np.float32)])
    finally:
        net_module.pip_net.cache_clear()


@pytest.mark.parametrize(
    "face",
    [p for name, paths in families(True, pips=True).items() for p in paths]
    + [p for name in FAR_PIP_FAMILIES for p in installed().get(name, ())],
    ids=lambda p: Path(p).stem,
)
def test_the_pip_net_tells_each_pip_from_its_partner_in_faces_it_never_learnt(face: str) -> None:
    # The held-out pip faces and the far one (IPAGothic: a club narrow and tall, small lobes, that the index nets
    # read as a spade, sure): each suit's pip on a card 160 down to 80 pixels wide in the photo (a 720p table),
    # read by the pip net as its own shape rather than its partner's (a spade's rather than a club's).
    design = dataclasses.replace(house_design(ITALIC), pip_font=face)
    pictures, read = 0, []
    for suit in "shdc":
        card = cv2.cvtColor(
            np.array(draw_card("word-thief", "E", suit, design=design).convert("RGB")), cv2.COLOR_RGB2BGR
        )
        for width in (160, 120, 80):
            small = cv2.resize(
                card, (width, round(width * card.shape[0] / card.shape[1])), interpolation=cv2.INTER_AREA
            )
            picture = pip_picture(cv2.resize(small, (CARD_W, CARD_H), interpolation=cv2.INTER_LINEAR))  # as warped
            if picture is None:
                continue
            pictures += 1
            shape = pip_shapes([picture])[0]
            mine = PIP_SHAPES.index(suit)
            read.append((suit, width, PIP_SHAPES[mine] if shape[mine] > shape[PARTNER[mine]] else "its partner"))
    assert pictures >= 10, "the pips were not cut: the test would show nothing"
    assert [r for r in read if r[2] != r[0]] == []


@pytest.mark.parametrize("net, file, trainer", [("find_net", "finder", "finder"), ("corner_net", "corners", "corners")])
def test_a_missing_photo_model_names_its_own_trainer(
    tmp_path: Path, monkeypatch, net: str, file: str, trainer: str
) -> None:
    module = importlib.import_module(f"vision.{net}")
    monkeypatch.setattr(module, "MODELS", tmp_path)
    module._net.cache_clear()
    small = np.zeros((270, 480, 3), np.uint8)
    run = module.card_maps if net == "find_net" else partial(module.index_corners, scale=0.25)
    try:
        with pytest.raises(VisionError, match=f"{file}.onnx is missing or damaged.*scripts/train_{trainer}.py"):
            run(small)
    finally:
        module._net.cache_clear()


@pytest.mark.parametrize("pip", ["FreeSerifBold.ttf", "FreeSerifBoldItalic.ttf"])
def test_spades_and_clubs_print_and_read_as_themselves_in_every_pip_face(pip: str) -> None:
    # GNU FreeFont's bold serif faces draw a club at the spade's code point (and the other way round):
    # a deck so printed would show the other suit, and the reader would be "wrong" reading what is printed.
    path = next((p for p in families(True, pips=True).get("FreeSerif", ()) if p.endswith("/" + pip)), None)
    if path is None:
        pytest.skip(f"{pip} is not installed")
    design = held_out("word-thief", 9, pip_font=path, art="house", suit_cap=0.12)
    cards = [("A", "s"), ("R", "c"), ("E", "s"), ("N", "c"), ("T", "c"), ("O", "s")]
    photo = render_photo("word-thief", 43, cards=cards, design=design, table="green-felt")
    reading = read_photo(photo.image, "word-thief").to_json()
    pairs = match(photo.truth, reading)
    assert len(pairs) == len(cards)
    assert [reading["cards"][pairs[i]]["suit"] for i in range(len(cards))] == [s for _, s in cards]


def test_corners_that_disagree_on_the_suit_flag_the_card() -> None:
    # One corner sure of a spade, the other thinking it more likely a club (a smudged pip, a
    # neighbour's edge across it): summed, the spade wins by far, but the card is only as sure as
    # its less sure corner, and is flagged.
    spade = np.log(np.float32([0.997, 0.001, 0.001, 0.001, 1e-6]))
    club = np.log(np.float32([0.35, 0.02, 0.02, 0.61, 1e-6]))
    heads = Heads({"suit": np.stack([spade, spade, spade, club])})
    agree, differ = Reader("word-thief")._suits(heads, [0, 0, 1, 1], ["A", "B"])
    assert agree[0] == differ[0] == "s" and agree[1] >= SUIT_SURE > differ[1]
    read = Read("B", differ[0], 0.99, differ[1], np.zeros((4, 2), np.float32), None, False, 1.0)
    assert checked(read, None)[1]


def test_corners_that_agree_on_the_suit_are_as_sure_as_their_sum() -> None:
    # A 720p pip is 5-8 pixels: one corner sure of a spade, the other leaning to it as well, is a
    # spade beyond the doubt of either corner alone; the card is not flagged for its suit.
    sure = np.log(np.float32([0.99, 0.003, 0.003, 0.004, 1e-6]))
    leaning = np.log(np.float32([0.85, 0.01, 0.01, 0.13, 1e-6]))
    ((suit, p),) = Reader("word-thief")._suits(Heads({"suit": np.stack([sure, leaning])}), [0, 0], ["A"])
    assert suit == "s" and p >= SUIT_SURE
    assert not checked(Read("A", suit, 0.99, p, np.zeros((4, 2), np.float32), None, False, 1.0), None)[1]


@pytest.mark.parametrize("game", ["words-and-points", "word-thief"])
def test_a_read_knows_how_sure_the_net_is_of_a_stones_way_up(game: str) -> None:
    # Read from their true corners, a held-out design's stones are each sure of their way up, and no
    # read of one is sure of another face: Tesseract's vote counts on them. An index deck reads both
    # corners, so its way up does not matter.
    photo = render_photo(game, 14, design=held_out(game, 14), table="green-felt", size=(1280, 720))
    reads = Reader(game).read(photo.image, [np.float32(t["corners"]) for t in photo.truth["cards"]])
    if game == "words-and-points":
        assert all(TURN_SURE <= r.turn < np.inf for r in reads)
    else:
        assert all(r.turn == np.inf for r in reads)
    assert all(r.rival < RIVAL_SURE for r in reads)


@pytest.mark.parametrize("club, flagged", [(0.99999, False), (0.9, True)])
def test_a_pip_leaning_away_from_a_suit_the_photo_shows_clearly_is_not_of_it(club: float, flagged: bool) -> None:
    # A card whose corners both lean to a spade (0.85 to 0.15: a small pip), beside a club whose pip
    # this deck prints so that it reads beyond doubt: the leaning card's pip is no such club, so it is
    # a spade. Beside a club read only fairly sure, that says nothing: the card is flagged.
    leaning = np.log(np.float32([0.85, 1e-4, 1e-4, 0.15, 1e-6]))
    clear = np.log(np.float32([(1 - club) / 2, 1e-6, 1e-6, club, (1 - club) / 2]))
    heads = Heads({"suit": np.stack([leaning, leaning, clear, clear])})
    (suit, p), (other, _) = Reader("word-thief")._suits(heads, [0, 0, 1, 1], ["A", "B"])
    assert (suit, other) == ("s", "c")
    assert checked(Read("A", suit, 0.99, p, np.zeros((4, 2), np.float32), None, False, 1.0), None)[1] == flagged


def test_a_small_pip_like_the_photos_sure_spades_and_unlike_its_sure_clubs_is_a_spade() -> None:
    # A 720p photo of a training design: the index net leans only a little to a spade on the D of
    # spades' 5-8 pixel pips (its two corners summed give the spade 0.36), but its pips look like
    # those of the photo's cards read surely as spades and unlike those read surely as clubs: it is a
    # spade, not flagged. No card's suit is wrong and unflagged.
    photo = render_varied("word-thief", 1073, held_out=False, size=(1280, 720))
    reads = Reader("word-thief").read(photo.image, [np.float32(t["corners"]) for t in photo.truth["cards"]])
    cards = list(zip(photo.truth["cards"], reads))
    assert all(r.suit == t["suit"] or r.suit_confidence < SUIT_SURE for t, r in cards)
    ((_, spade),) = [(t, r) for t, r in cards if (t["face"], t["suit"]) == ("D", "s")]
    assert spade.suit == "s" and spade.suit_confidence >= SUIT_SURE


def test_the_pip_is_found_below_the_value_whatever_the_frame_prints_beside_it() -> None:
    # A 720p photo of a training design whose frame prints beads beside the index: the pip is the
    # last pip-shaped glyph under the letters (not the index's third line of ink), so the S of spades
    # and an E of clubs, which the index net is unsure of, are compared with the photo's sure pips
    # and need no check. No card's suit is wrong and unflagged.
    photo = render_varied("word-thief", 1016, held_out=False, size=(1280, 720))
    reads = Reader("word-thief").read(photo.image, [np.float32(t["corners"]) for t in photo.truth["cards"]])
    cards = list(zip(photo.truth["cards"], reads))
    assert all(r.suit == t["suit"] or r.suit_confidence < SUIT_SURE for t, r in cards)
    unsure = [r for t, r in cards if (t["face"], t["suit"]) in {("S", "s"), ("E", "c")}]
    assert len(unsure) == 4 and all(r.suit_confidence >= SUIT_SURE for r in unsure)
