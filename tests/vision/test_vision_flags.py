"""Which cards the reader flags for the player: held-out designs, cards read right left unflagged."""

from __future__ import annotations

import dataclasses
import random

import cv2
import numpy as np
import pytest
from vision_helpers import match

from companion.decks import WILD
from vision.decoys import playing_card
from vision.detect import find_cards
from vision.designs import CARD_H, CARD_W, draw_card, random_design
from vision.fonts import FAR_PIP_FAMILIES, families, installed
from vision.glyphs import face_ink
from vision.ocr import backend
from vision.read import (
    COVERED_VOTE_FLOOR,
    PIP_DOUBT,
    QUIET_RIVAL,
    QUIET_SURE,
    OUTVOTE_STONE,
    STONE_SURE,
    SUIT_SURE,
    SUIT_SURE_WHOLE,
    SMALL_CARD,
    SURE,
    TWIN_TURN_SURE,
    Read,
    Reader,
    PIP_NET_DOUBT,
    PIP_NET_LEAN,
    PIP_NET_SURE,
    PIP_NET_SWITCH,
    _alike,
    _shaped,
    checked,
    outvoted,
    read_photo,
    second_opinions,
    voted,
)
from vision.render import matched, render_photo, render_varied


def _glare_on_index(image: np.ndarray, corners: list[list[int]], strength: float) -> None:
    """Wash the card's top-left corner (its index) out towards white, as glare on a glossy card does."""
    quad = np.float32(corners)

    def at(x: float, y: float) -> np.ndarray:  # a point of the card, in shares of its width and height
        top = quad[0] + x * (quad[1] - quad[0])
        bottom = quad[3] + x * (quad[2] - quad[3])
        return top + y * (bottom - top)

    mask = np.zeros(image.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, np.int32([at(0.0, 0.0), at(0.45, 0.0), at(0.45, 0.5), at(0.0, 0.5)]), 1)
    image[mask > 0] = (image[mask > 0] * (1 - strength) + 250 * strength).astype(np.uint8)


@pytest.mark.skipif(backend() is None, reason="Tesseract is not installed")
def test_tesseract_reads_the_index_in_the_corner_glare_spares() -> None:
    # The index is printed twice: the net, seeing one corner washed out, doubts the card; Tesseract
    # is shown both corners, and reading the clear one confirms the net's face.
    design = dataclasses.replace(random_design("word-thief", random.Random(3), held_out=True), art="house")
    cards = [("E", "h"), ("W", "d"), ("R", "h"), ("A", "s"), ("N", "d"), ("K", "c")]
    photo = render_photo("word-thief", 71, cards=cards, design=design, table="green-felt", upright=True)
    for t in photo.truth["cards"]:
        _glare_on_index(photo.image, t["corners"], 0.85)
    reads = Reader("word-thief").read(photo.image, [np.float32(t["corners"]) for t in photo.truth["cards"]])
    assert [(r.face, r.suit) for r in reads] == cards
    votes = second_opinions(reads, backend())
    # The suit has no second reader: only the face is asked about here.
    confirmed = [
        r.face
        for i, r in enumerate(reads)
        if r.confidence < SURE and not checked(r._replace(suit_confidence=1.0), votes.get(i))[1]
    ]
    assert len(confirmed) >= 2, [(r.face, round(r.confidence, 3), votes.get(i)) for i, r in enumerate(reads)]


@pytest.mark.skipif(backend() is None, reason="Tesseract is not installed")
def test_tesseract_outvotes_an_unsure_net_on_a_face_it_finds_likely() -> None:
    # A held-out design at 720p, harshly lit: the nets take the I for a T (0.40), with the I likely
    # enough; Tesseract reads I. Its reading wins, and the card stays flagged.
    design = random_design("word-thief", random.Random(2217), held_out=True)
    photo = render_photo("word-thief", 2217, design=design, table="green-felt", size=(1280, 720), harsh=True)
    reads = Reader("word-thief").read(photo.image, [np.float32(t["corners"]) for t in photo.truth["cards"]])
    assert photo.truth["cards"][4]["face"] == "I" and reads[4].face == "T"
    read, _, flagged = voted(reads, backend())[4]
    assert read.face == "I" and flagged


@pytest.mark.skipif(backend() is None, reason="Tesseract is not installed")
def test_tesseract_outvotes_the_card_net_on_a_stone_from_a_smaller_share() -> None:
    # A stone's letter is printed large: a held-out narrow bold oblique R at 720p is an H to the card
    # net, which gives the R less than OUTVOTE; Tesseract reads R, and its reading wins, flagged.
    design = random_design("words-and-points", random.Random(2018), held_out=True)
    photo = render_photo("words-and-points", 2018, design=design, table="green-felt", size=(1280, 720), harsh=True)
    reader = Reader("words-and-points")
    reads = reader.read(photo.image, [np.float32(t["corners"]) for t in photo.truth["cards"]])
    assert photo.truth["cards"][2]["face"] == "R"
    read, _, flagged = voted(reads, backend(), reader.sure, reader.outvote)[2]
    assert read.face == "R"
    assert flagged or reads[2].face == "R"


@pytest.mark.parametrize("share, face", [(0.0009, "N"), (0.00005, "A")])
def test_tesseract_outvotes_the_card_net_on_a_stone_the_net_gives_its_face_a_little_of(share: float, face: str) -> None:
    # The card net reads an N stone as an A, sure of it but for 0.0009 of N, and Tesseract reads N: N, flagged.
    # Where the net gives Tesseract's face no more than right stones that Tesseract misread did (0.00005), the net's stays.
    read = Read(
        "A", None, 0.9, 1.0, np.zeros((4, 2), np.float32), None, False, 1.0, 0.0, 9.0, {"A": 1 - share, "N": share}
    )
    out = outvoted(read, "N", OUTVOTE_STONE)
    assert out.face == face
    assert out.confidence < STONE_SURE


@pytest.mark.skipif(backend() is None, reason="Tesseract is not installed")
@pytest.mark.parametrize("family", ["Quicksand", "URW Gothic", "Liberation Sans Narrow"])
def test_tesseract_reads_a_bare_stroke_as_an_i(family: str) -> None:
    # A sans I is one bar: Tesseract held to capitals reads it as nothing, its layout analysis dropping
    # so thin a shape; the net's I then had no second opinion and was flagged.
    upright = [p for p in families(True)[family] if "Italic" not in p and "Oblique" not in p]
    for path in upright[:2]:
        design = dataclasses.replace(
            random_design("word-thief", random.Random(5), held_out=True), font=path, art="house"
        )
        card = cv2.cvtColor(np.array(draw_card("word-thief", "I", "c", design=design)), cv2.COLOR_RGBA2BGR)
        for width in (70, 90):  # the card's width in a photo's pixels, warped back to the reader's size
            small = cv2.resize(card, (width, round(width * CARD_H / CARD_W)), interpolation=cv2.INTER_AREA)
            ink = face_ink(cv2.resize(small, (CARD_W, CARD_H)))
            assert ink is not None and backend().read([ink]) == ["I"], (path, width)


@pytest.mark.skipif(backend() is None, reason="Tesseract is not installed")
@pytest.mark.parametrize("family", ["Cousine", "Liberation Mono"])
def test_tesseract_takes_no_one_for_an_i(family: str) -> None:
    # A playing card's 10 prints a bar too, but it is a one: read as an I it would confirm a net that
    # took the playing card for an I, and a photo of playing cards would return an unflagged card.
    for path in families(True)[family][:2]:
        card = cv2.cvtColor(np.array(playing_card("10", "h", path)), cv2.COLOR_RGBA2BGR)
        small = cv2.resize(card, (90, round(90 * CARD_H / CARD_W)), interpolation=cv2.INTER_AREA)
        ink = face_ink(cv2.resize(small, (CARD_W, CARD_H)))
        assert ink is None or backend().read([ink]) != ["I"], path


def _stones(seed: int, size: tuple[int, int]) -> list[tuple[str, str, bool]]:
    """Each true stone of a training design's photo: its face, the face read, and the check flag."""
    photo = render_varied("words-and-points", seed, held_out=False, size=size)
    reading = read_photo(photo.image, "words-and-points").to_json()
    return [
        (photo.truth["cards"][i]["face"], reading["cards"][j]["face"], reading["cards"][j]["check"])
        for i, j in sorted(match(photo.truth, reading).items())
    ]


@pytest.mark.skipif(backend() is None, reason="Tesseract is not installed")
def test_tesseract_is_shown_a_stones_whole_letter() -> None:
    # A tile prints its T larger than the layout's letter box: cut at the box, the T lost its bar
    # and Tesseract read I, so the net's right T went flagged. Cut whole, Tesseract confirms both.
    stones = _stones(1033, (1920, 1080))
    assert [s for s in stones if s[0] == "T"] == [("T", "T", False)] * 2


@pytest.mark.skipif(backend() is None, reason="Tesseract is not installed")
def test_a_blank_stone_whose_letter_box_is_empty_needs_no_check() -> None:
    # The letter head doubts blank stones (under STONE_SURE) and Tesseract cannot confirm one:
    # its empty letter box does.
    stones = _stones(1024, (1280, 720))
    assert [s for s in stones if s[0] == WILD] == [(WILD, WILD, False)]


def test_tesseract_does_not_confirm_an_m_or_a_w_whose_turn_is_in_doubt() -> None:
    # Shown the whole letter, Tesseract reads a W the card net turned round as the M it read.
    read = Read("M", None, 0.6, 1.0, np.zeros((4, 2), np.float32), None, False, 1.0, 0.3, 5.1)
    assert checked(read, "M", STONE_SURE)[1]
    assert not checked(read._replace(turn=TWIN_TURN_SURE), "M", STONE_SURE)[1]
    assert not checked(read._replace(face="R"), "R", STONE_SURE)[1]  # no other letter turns into one


def test_a_card_sure_of_its_suit_whose_pips_look_like_its_partners_is_flagged() -> None:
    # The index net read a spade's pip as a club, sure (renders of training designs, 9000072): both of
    # its pip pictures look like the photo's sure spades, not its sure clubs. One picture alone does not.
    rng = np.random.default_rng(1)
    spade, club = (p / np.linalg.norm(p) for p in rng.normal(size=(2, 28, 28)))
    pictures = [[spade, spade], [spade, spade], [club, club], [club, club], [spade, spade], [spade]]
    suits: list[tuple[str | None, float]] = [("s", 1.0), ("s", 1.0), ("c", 1.0), ("c", 1.0), ("c", 1.0), ("c", 1.0)]
    logp = np.log(np.float32([[0.97, 0.01, 0.01, 0.01]] * 6))
    out = _alike(suits, logp, pictures.__getitem__)
    assert [p for _, p in out] == [1.0, 1.0, 1.0, 1.0, PIP_DOUBT, 1.0]
    assert checked(Read("E", "c", 1.0, out[4][1], np.zeros((4, 2), np.float32), None, False), "E")[1]


def test_a_card_whose_both_corners_show_needs_a_surer_suit_than_a_covered_one() -> None:
    # Pips printed unlike every pip learnt (validation faces: OpenSymbol's club) read as the other black
    # suit at 0.99-0.999 from both corners; a covered card shows one pip and keeps SUIT_SURE.
    read = Read("E", "s", 1.0, 0.995, np.zeros((4, 2), np.float32), None, False, both=True)
    assert checked(read, "E")[1]
    assert not checked(read._replace(suit_confidence=SUIT_SURE_WHOLE), "E")[1]
    assert not checked(read._replace(both=False, covered=True), "E")[1]
    assert checked(read._replace(both=False, covered=True, suit_confidence=SUIT_SURE - 0.001), "E")[1]


def test_the_pip_net_flags_a_suit_whose_pips_look_like_its_partners_and_makes_sure_one_they_look_surely_like(
    monkeypatch,
) -> None:
    import vision.read as read_module

    def picture(spade: float, heart: float, diamond: float, club: float) -> np.ndarray:
        out = np.zeros((28, 28), np.float32)
        out[0, :4] = (spade, heart, diamond, club)  # the stand-in net's log-probabilities for it
        return out

    monkeypatch.setattr(read_module, "pip_shapes", lambda pictures: np.stack([p[0, :4] for p in pictures]))
    lean = PIP_NET_DOUBT * 0.6  # per corner: two corners are summed
    far = PIP_NET_SWITCH  # per corner: the two corners read a club by 2 * far + 0 = 2 * PIP_NET_SWITCH
    pics = {
        0: [picture(-1 - lean, -9, -9, -1)] * 2,  # both corners lean club, together past PIP_NET_DOUBT
        1: [picture(-1 - lean, -9, -9, -1), picture(-1, -9, -9, -1 - lean)],  # the corners disagree
        2: [picture(-30, -30, -30, -0.1 - PIP_NET_SURE / 2)] * 2,  # surely a club: read c unsure, made sure
        3: [picture(-30, -0.1, -30, -0.2 - PIP_NET_SURE / 2)] * 2,  # a club over a spade, but a heart's shape
        4: [picture(-1 - far, -9, -9, -1)] * 2,  # a club by far more than the index nets' spade: read a club
        5: [picture(-1 - far, -9, -9, -1)] * 2,  # as far, but the index nets' spade is as sure: flagged only
    }
    # The index nets' log-probabilities (s, h, d, c) per card: a spade by 1 over the club (5: by the pips' 2 * far)
    spade, club = [-0.3, -9, -9, -1.3], [-1.3, -9, -9, -0.3]
    index = np.array([spade, spade, club, club, spade, [-0.1, -9, -9, -0.1 - 2 * far]])
    suits = [("s", 1.0), ("s", 1.0), ("c", 0.9), ("c", 0.9), ("s", 0.95), ("s", 1.0)]
    assert _shaped(suits, index, lambda i: pics[i]) == [
        ("s", PIP_DOUBT),
        ("s", PIP_DOUBT),  # its corners disagree, but spades are in doubt in this photo (the next test)
        ("c", SUIT_SURE_WHOLE),
        ("c", 0.9),
        ("c", PIP_DOUBT),
        ("s", PIP_DOUBT),
    ]
    assert _shaped(suits[1:2], index[1:2], lambda i: pics[1]) == [("s", 1.0)]  # alone, nothing says it is no spade
    assert _shaped(suits, index, lambda i: []) == suits  # no pip cut: nothing to say


def test_a_suit_in_doubt_on_one_card_puts_in_doubt_each_card_of_it_whose_pips_do_not_speak_for_it(
    monkeypatch,
) -> None:
    # One deck lies on the table: where the index nets leave a card's spade in doubt, they may have read this deck's
    # clubs as spades on other cards too (validation pips: some surely). The pip net's log-odds for the club over
    # the spade, per card: 0.5 (no doubt of its own, under PIP_NET_DOUBT), -(PIP_NET_LEAN + 1) (its pips speak for
    # the spade), no pip cut; a heart's suit is not in doubt.
    import vision.read as read_module

    lean = {0: 0.0, 1: 0.5, 2: -(PIP_NET_LEAN + 1), 4: 0.0}  # card 3 shows no pip
    pics = {i: [np.full((28, 28), i, np.float32)] for i in lean}
    monkeypatch.setattr(
        read_module,
        "pip_shapes",
        lambda pictures: np.array([[-1.0, -9, -9, -1 + lean[int(p[0, 0])]] for p in pictures]),
    )
    index = np.array([[-0.1, -9, -9, -3.0]] * 4 + [[-9, -0.1, -3.0, -9]])
    doubted = [("s", SUIT_SURE - 0.05), ("s", 1.0), ("s", 1.0), ("s", 1.0), ("h", 1.0)]
    assert _shaped(doubted, index, lambda i: pics.get(i, [])) == [
        ("s", SUIT_SURE - 0.05),
        ("s", PIP_DOUBT),
        ("s", 1.0),
        ("s", PIP_DOUBT),
        ("h", 1.0),
    ]
    sure = [("s", 1.0)] + doubted[1:]
    assert _shaped(sure, index, lambda i: pics.get(i, [])) == sure  # no suit in doubt: none put in doubt


def _far_pip_cards(seed: int, size: tuple[int, int]) -> list[tuple[dict, dict]]:
    """Each true card of a Word Thief training design's photo with its pips printed in IPAGothic, and its reading."""
    far = installed().get(FAR_PIP_FAMILIES[0])
    if not far:
        pytest.skip(f"{FAR_PIP_FAMILIES[0]} is not installed (scripts/system-deps.sh)")
    photo = render_varied("word-thief", seed, held_out=False, size=size, pip_font=far[0])
    reading = read_photo(photo.image, "word-thief").to_json()
    return [(photo.truth["cards"][i], reading["cards"][j]) for i, j in match(photo.truth, reading).items()]


@pytest.mark.parametrize("seed, size, face, read_as", [(1004, (1920, 1080), "A", "c"), (1081, (1280, 720), "M", "s")])
def test_clubs_printed_unlike_every_learnt_pip_and_read_as_spades_are_flagged(
    seed: int, size: tuple[int, int], face: str, read_as: str
) -> None:
    # IPAGothic's club is narrow and tall with small lobes: the index nets read clubs of these photos as spades,
    # ``face``'s surely from both corners (unflagged before the pip net); its pips read as a club's flag it, and at
    # 1080p so surely (PIP_NET_SWITCH) that it is read as the club it is.
    cards = _far_pip_cards(seed, size)
    assert [(c["suit"], c["check"]) for t, c in cards if (t["face"], t["suit"]) == (face, "c")] == [(read_as, True)]
    assert all(c["check"] for t, c in cards if (t["face"], t["suit"]) != (c["face"], c["suit"]))


@pytest.mark.parametrize("seed, size, face", [(1016, (1920, 1080), "E"), (1092, (1280, 720), "M")])
def test_clubs_read_surely_as_spades_are_flagged_where_the_photo_leaves_a_spade_in_doubt(
    seed: int, size: tuple[int, int], face: str
) -> None:
    # The same narrow club (IPAGothic): the index nets read ``face``'s club as a spade surely and its pips speak for
    # neither suit, where other clubs of the photo are read as spades in doubt: it was the one wrong card unflagged.
    cards = _far_pip_cards(seed, size)
    assert [(c["suit"], c["check"]) for t, c in cards if (t["face"], t["suit"]) == (face, "c")][:1] == [("s", True)]
    assert all(c["check"] for t, c in cards if (t["face"], t["suit"]) != (c["face"], c["suit"]))


@pytest.mark.parametrize("seed, card", [(1054, ("A", "s")), (1228, ("L", "c")), (1248, ("P", "h"))])
def test_pips_the_pip_net_reads_by_far_as_the_partner_suit_are_read_as_that_suit_and_flagged(
    seed: int, card: tuple[str, str]
) -> None:
    # Training designs at 720p, where a pip is 5-8 pixels: the index nets read each of these cards' suit as its
    # partner's (A of clubs, L of spades, P of diamonds), flagged; the pip net reads its pips as its own suit by
    # PIP_NET_SWITCH log-odds more, so the player's correction field holds the right suit. It stays flagged.
    cards = _index_cards(seed, (1280, 720))
    assert [c for c in cards if c[0] == card] == [(card, card, True)]
    assert all(check for truth, read, check in cards if truth != read)


@pytest.mark.parametrize(
    "game, seed, size, noted",
    [
        ("word-thief", 1012, (1280, 720), True),  # cards about 73 pixels wide, a suit in doubt
        ("word-thief", 1228, (1280, 720), False),  # a suit in doubt, but cards about 113 pixels wide
        ("word-thief", 1012, (1920, 1080), False),  # the same deck and table at 1080p: cards about 110 wide
        ("quiddler", 1012, (1280, 720), False),  # small cards, but no suits to read
    ],
)
def test_small_cards_with_a_suit_in_doubt_get_a_note_saying_to_take_the_photo_closer(
    game: str, seed: int, size: tuple[int, int], noted: bool
) -> None:
    reading = read_photo(render_varied(game, seed, held_out=False, size=size).image, game)
    small = [n for n in reading.notes if "small" in n]
    assert len(small) == noted
    if noted:
        width = int(small[0].split("(about ")[1].split(" ")[0])
        assert 68 <= width <= 78 < SMALL_CARD  # the truth's median card is 73 pixels wide
        assert small[0].endswith("suits may be misread; take the photo closer")
        assert any(c.flagged for c in reading.cards)


def _index_cards(seed: int, size: tuple[int, int]) -> list[tuple[tuple[str, str], tuple[str, str], bool]]:
    """Each true card of a Word Thief training design's photo: its face and suit, as read, and the check flag."""
    photo = render_varied("word-thief", seed, held_out=False, size=size)
    reading = read_photo(photo.image, "word-thief").to_json()
    return [
        (
            (photo.truth["cards"][i]["face"], photo.truth["cards"][i]["suit"]),
            (reading["cards"][j]["face"], reading["cards"][j]["suit"]),
            reading["cards"][j]["check"],
        )
        for i, j in sorted(match(photo.truth, reading).items())
    ]


@pytest.mark.skipif(backend() is None, reason="Tesseract is not installed")
def test_tesseract_is_shown_the_index_letter_not_the_frame_it_touches() -> None:
    # The I of spades is printed against the card's frame: joined to it, the letter was no letter-sized
    # blob, and Tesseract was shown what lay under it (it read F), so the net's right I went flagged.
    cards = _index_cards(1146, (1920, 1080))
    assert [c for c in cards if c[0] == ("I", "s")] == [(("I", "s"), ("I", "s"), False)]


@pytest.mark.skipif(backend() is None, reason="Tesseract is not installed")
def test_tesseract_reading_nothing_leaves_a_read_both_corners_agree_on_unflagged() -> None:
    # A 720p T of hearts, read 0.97 from both corners and the grown quad alike: Tesseract reads nothing
    # in either corner, which does not contradict it.
    cards = _index_cards(1035, (1280, 720))
    assert [c for c in cards if c[0] == ("T", "h")] == [(("T", "h"), ("T", "h"), False)]


@pytest.mark.skipif(backend() is None, reason="Tesseract is not installed")
def test_a_wrong_face_tesseract_reads_nothing_in_stays_flagged_for_its_face() -> None:
    # A training design at 1080p whose U of diamonds the net reads as a J (0.41, from both corners, no read
    # as sure of another face): Tesseract reads nothing. The card must stay flagged for its face, its suit aside.
    photo = render_varied("word-thief", 1008, held_out=False, size=(1920, 1080))
    reads = Reader("word-thief").read(photo.image, find_cards(photo.image, indexed=True)[0])  # as read_photo
    taken = matched(photo.truth, [r.quad for r in reads])
    i = next(taken[k] for k, t in enumerate(photo.truth["cards"]) if (t["face"], t["suit"]) == ("U", "d"))
    assert reads[i].face == "J" and reads[i].both and reads[i].rival < QUIET_RIVAL
    votes = second_opinions(reads, backend())
    assert votes.get(i) == ""
    assert checked(reads[i]._replace(suit_confidence=1.0), votes.get(i))[1]
    reading = read_photo(photo.image, "word-thief").to_json()
    for t, j in sorted(match(photo.truth, reading).items()):
        card, truth = reading["cards"][j], photo.truth["cards"][t]
        assert card["check"] or (card["face"], card["suit"]) == (truth["face"], truth["suit"])


def test_tesseract_agreeing_lifts_a_covered_cards_read_only_from_the_covered_floor() -> None:
    # A Q of a spread hand whose tail the next card hides reads O to the net (0.28) and to Tesseract alike.
    read = Read("O", None, 0.28, 1.0, np.zeros((4, 2), np.float32), None, False, 1.0, 0.3, covered=True)
    assert checked(read, "O")[1]
    assert checked(read._replace(confidence=COVERED_VOTE_FLOOR - 0.01), "O")[1]
    assert not checked(read._replace(confidence=COVERED_VOTE_FLOOR), "O")[1]
    assert not checked(read._replace(covered=False), "O")[1]  # a card whose whole index shows: from VOTE_FLOOR


def test_tesseract_reading_nothing_confirms_only_a_sure_read_of_both_corners_that_is_no_i() -> None:
    read = Read("E", "c", 0.95, 1.0, np.zeros((4, 2), np.float32), None, False, 1.0, 0.1, both=True)
    assert not checked(read, "")[1]
    assert checked(read, None)[1]  # Tesseract not asked (no ink, or no Tesseract)
    assert checked(read._replace(confidence=QUIET_SURE - 0.01), "")[1]
    assert checked(read._replace(rival=QUIET_RIVAL), "")[1]  # a read of it that is sure of another face
    assert checked(read._replace(both=False), "")[1]  # a covered card: one corner, or a stone
    assert checked(read._replace(face="I"), "")[1]  # a letter cut short reads as an I
    assert checked(read._replace(face=WILD), "")[1]
