"""Train the card reader's small CNNs (vision/net.py) on cards this script draws, and export them
as ONNX to vision/models/.

Nothing is downloaded: every card is drawn by vision.designs in random designs of the TRAINING font
families (`random_design(..., held_out=False)`) and the house designs, then "photographed" as the
reader sees it: pasted on a patch of table, seen in perspective at photo size, lit dim or unevenly,
with glare, a colour cast, blur or motion blur, noise and JPEG 40-92, warped back upright from
corners a few % off (detection is never exact), sometimes upside down, sometimes covered as in a
spread hand (only its left strip shows). Then the reader's own crops (vision.net). Negatives for
the "letter card or not" heads: ordinary playing cards, dominoes, a board's squares, bits of table,
pieces of letter cards, and cards or stones lying sideways (a quad the finder turned a quarter),
drawn in training fonts with this script's own seeds (from SEED0). Suit pips are printed in every
training face that has them (the held-out pip families left out).

    nice -n 10 /work/trainenv/bin/python scripts/train_reader.py      # from the repository root
    ... --threads 1                                                      # on cores other work shares

Needs the optional extra `train` (torch, onnx). Fixed seed. The nets train in channels-last memory
order (oneDNN's CPU convolutions: the card net's epoch in half the time). NETS gives each net's shape: two
index nets learn from the same cards, the second wider and longer, and the reader averages them
(vision.net.Ensemble); `--nets index_wide` trains one. The card net learns from the first CARD_NET_INDEX
(9000) cards' crops, the same at any --cards. The default of 56000 cards reads unseen fonts better than
32000 did: on the held-out bench, Word Thief 720p right cards flagged 123 -> 95 per 100 photos, its wrong
cards 36 -> 30 (docs/benchmarks-vision.md, "Training the reader's nets"). On 2 cores (2026-12-04):
drawing 8 minutes, the first index net 11, the wide one 16 (67 s an epoch; 24 beside other work), the
card net 8. 96000 cards flagged fewer right cards still on training designs but read wrong suits at
0.995 (4 wrong cards unflagged on 200 Word Thief 720p photos, where 56000 left 1). On cores other work
keeps busy, torch's two threads wait on each other (89 minutes at load average 7-19): use --threads 1 there.
The centre net learns from the middle of every index card drawn, upright and turned round; the shipped one
from 40000 cards (`--cards 40000 --stones 0 --nets centre`: drawing 5 minutes, training 11, 33 s an epoch).
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
import sys
import time
from functools import cache
from multiprocessing import Pool
from pathlib import Path

import cv2
import numpy as np
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.decks import WILD, standard_deck  # noqa: E402
from vision import decoys, fonts  # noqa: E402
from vision.designs import (  # noqa: E402
    CARD_H,
    CARD_W,
    GAME_STYLE,
    Design,
    SUIT_GLYPH,
    TRAIN_FONTS,
    draw_card,
    font,
    house_design,
    random_design,
)
from vision.fonts import families  # noqa: E402
from vision.net import (  # noqa: E402
    CARD_HEADS,
    CARD_SIZE,
    CENTRE_HEADS,
    CENTRE_SIZE,
    INDEX_HEADS,
    INDEX_SIZE,
    INDEX_FACES,
    MODELS,
    NO_VALUE,
    STONE_FACES,
    VALUES,
    card_crop,
    centre_crop,
    corner_crop,
    normalise,
)
from vision.read import _strip_only  # noqa: E402
from vision.render import ALL_TABLES, _table  # noqa: E402

SEED0 = 7_000_000  # far from the tests' (< 2000) and the benches' (10 000 - 200 000) seeds
SYMMETRIC = set("HINOSXZ*")  # the same turned round: no "upside down" to learn
IGNORE = -100
# The decoy board labels its squares in a font drawn from both sides of the split: here only training fonts.
decoys._fonts = lambda rng, held_out=False: rng.choice(TRAIN_FONTS["sans"] + TRAIN_FONTS["serif"])


# ---------------------------------------------------------------- drawing and photographing


@cache
def pip_fonts() -> list[str]:
    """Faces of the training families that print the four suits (their shapes differ from printer to
    printer), leaving out every family the held-out pips are printed in."""
    barred = set(families(True, pips=True))
    return [
        path
        for family, paths in families(False).items()
        for path in (paths if family not in barred else ())
        if fonts.prints_all(path, SUIT_GLYPH.values())
    ]


def _design(game: str, rng: random.Random) -> Design:
    if rng.random() < 0.2:
        design = house_design(rng.choice(TRAIN_FONTS[GAME_STYLE[game]]))
    else:
        design = random_design(game, rng, held_out=False)
    return dataclasses.replace(design, pip_font=rng.choice(pip_fonts()))


def _table_rgba(rng: random.Random, w: int, h: int) -> Image.Image:
    """A piece of table as an opaque 'card' (a negative: what a false quad holds)."""
    patch = _table(rng.choice(ALL_TABLES), np.random.default_rng(rng.randrange(1 << 30)), (max(w, 8), max(h, 8)))
    rgb = np.clip(patch[..., ::-1], 0, 255).astype(np.uint8)
    return Image.fromarray(rgb).convert("RGBA")


def photograph(
    card: Image.Image,
    rng: random.Random,
    cover: Image.Image | None = None,
    shown: float = 1.0,
    neighbour: Image.Image | None = None,
) -> np.ndarray:
    """``card`` (RGBA, upright) as the reader gets it back from a photo: 250x350 BGR, warped from
    corners found as the finder finds them (see _found). ``cover`` lies on it from ``shown`` of its
    width on (a spread hand); ``neighbour`` lies beside it, touching or nearly (a word's next card)."""
    nrng = np.random.default_rng(rng.randrange(1 << 30))
    ratio = card.height / card.width
    cw = rng.uniform(45, 200)  # the card's width in photo pixels (a 720p table to a close 1080p shot)
    ch = cw * ratio
    pad = int(0.35 * cw) + 8
    size = (int(cw + 2 * pad + (cw if cover is not None else 0)), int(ch + 2 * pad))
    scene = _table(rng.choice(ALL_TABLES), nrng, size).astype(np.float32)
    angle = rng.uniform(-0.3, 0.3)
    u = np.array([math.cos(angle), math.sin(angle)])
    v = np.array([-math.sin(angle), math.cos(angle)])
    centre = np.array([pad + cw / 2, size[1] / 2])
    quad = np.float32([centre + sx * u * cw / 2 + sy * v * ch / 2 for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))])
    keystone = rng.uniform(0, 0.08) * cw  # a camera's slant
    quad += np.float32([[rng.uniform(-1, 1) * keystone / 2, rng.uniform(-1, 1) * keystone / 2] for _ in range(4)])
    from vision.render import _composite

    if neighbour is not None:  # beside it on any side, as in a word's row or the row below
        side = rng.choice(((1, 0), (-1, 0), (1, 0), (-1, 0), (0, 1), (0, -1)))
        gap = rng.uniform(-0.01, 0.08)
        step = (quad[1] - quad[0]) * side[0] + (quad[3] - quad[0]) * side[1]
        _composite(scene, neighbour, quad + step * (1 + gap))
    _composite(scene, card, quad)
    if cover is not None:
        shift = (quad[1] - quad[0]) * shown
        _composite(scene, cover, quad + shift + rng.uniform(-0.02, 0.02) * (quad[3] - quad[0]))
    scene = _light(scene, rng, nrng)
    quality = rng.randint(40, 92)
    ok, buf = cv2.imencode(".jpg", np.clip(scene, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, quality])
    photo = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    dst = np.float32([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]])
    return cv2.warpPerspective(photo, cv2.getPerspectiveTransform(_found(quad, rng), dst), (CARD_W, CARD_H))


def _found(quad: np.ndarray, rng: random.Random) -> np.ndarray:
    """Corners as the finder gives them, never exact: each side often moved out (a shadow, the
    table or the next card's edge taken in) by up to a tenth of the card or in by a little, or all
    four in at once (a printed frame taken for the card's edge); the whole turned by a few degrees;
    each corner a few percent off."""
    cw = float(np.linalg.norm(quad[1] - quad[0]))
    u = (quad[1] - quad[0]) / cw
    v = (quad[3] - quad[0]) / float(np.linalg.norm(quad[3] - quad[0]))
    out = quad.copy()
    kind = rng.random()
    if kind < 0.5:
        left, right, top, bottom = (rng.uniform(-0.06, 0.10) * cw for _ in range(4))
    elif kind < 0.65:
        left = right = top = bottom = -rng.uniform(0.015, 0.08) * cw
    else:
        left = right = top = bottom = 0.0
    out += np.float32([-left * u - top * v, right * u - top * v, right * u + bottom * v, -left * u + bottom * v])
    if rng.random() < 0.4:
        a = math.radians(rng.gauss(0, 2.0))
        c = out.mean(0)
        rot = np.float32([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
        out = (out - c) @ rot.T + c
    off = rng.uniform(0.0, 0.035) * cw
    return np.float32(out + np.float32([[rng.uniform(-off, off) for _ in range(2)] for _ in range(4)]))


def _light(scene: np.ndarray, rng: random.Random, nrng: np.random.Generator) -> np.ndarray:
    h, w = scene.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, 2 * math.pi)
    slope = rng.uniform(0, 0.5)
    gain = rng.uniform(0.45, 1.15) * (1 + slope * ((xx / w - 0.5) * math.cos(a) + (yy / h - 0.5) * math.sin(a)))
    if rng.random() < 0.25:  # a hard shadow's edge
        side = (xx - rng.uniform(0, w)) * math.cos(a) + (yy - rng.uniform(0, h)) * math.sin(a)
        gain *= 1 - rng.uniform(0.2, 0.5) * cv2.GaussianBlur((side > 0).astype(np.float32), (0, 0), 1.5)
    out = scene * gain[..., None] * np.float32([rng.uniform(0.85, 1.15) for _ in range(3)])  # colour cast
    if rng.random() < 0.3:  # glare
        glare = np.zeros((h, w), np.float32)
        cv2.circle(glare, (rng.randrange(w), rng.randrange(h)), int(rng.uniform(0.1, 0.4) * min(w, h)), 1.0, -1)
        out += cv2.GaussianBlur(glare, (0, 0), rng.uniform(3, 10))[..., None] * rng.uniform(30, 120)
    sigma = rng.uniform(0, 1.5)
    if sigma > 0.3:
        out = cv2.GaussianBlur(out, (0, 0), sigma)
    if rng.random() < 0.2:  # a shaken camera
        k = rng.randint(3, 7)
        kernel = np.zeros((k, k), np.float32)
        kernel[k // 2] = 1 / k
        m = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), rng.uniform(0, 180), 1.0)
        out = cv2.filter2D(out, -1, cv2.warpAffine(kernel, m, (k, k)))
    return out + nrng.normal(0, rng.uniform(1, 7), out.shape).astype(np.float32)


def _value_of(game: str, face: str, rng: random.Random) -> int:
    """The deck's value mostly; any value sometimes (a deck file may print others)."""
    return standard_deck(game).values[face] if rng.random() < 0.7 else rng.randint(0, 20)


# ---------------------------------------------------------------- samples


NONE = (None,) * 4  # a corner crop's sample with no card or centre crop beside it


def index_samples(seed: int) -> list[tuple]:
    """One drawn card of an index deck (or a negative): [(corner crop, labels, card crop, card labels,
    centre crop, centre labels)]."""
    rng = random.Random(seed)
    if seed % 500 == 0:
        font.cache_clear()  # a face at every size a design asks for adds up to gigabytes
    out = []
    kind = rng.random()
    if kind < 0.78:
        game = rng.choice(("word-thief", "quiddler"))
        design = _design(game, rng)
        faces = [f for f in standard_deck(game).values]
        face = rng.choice(faces)
        suit = rng.choice("shdc") if game == "word-thief" and face != WILD else None
        value = _value_of(game, face, rng) if face != WILD else 0
        card = draw_card(game, face, suit, value=value, design=design, rng_seed=rng.randrange(5))
        labels = (
            INDEX_FACES.index(face),
            VALUES.index(NO_VALUE if face == WILD else str(value)),
            INDEX_HEADS["suit"].index(suit or "-"),
            1,
        )
        covered = rng.random() < 0.2
        if covered:
            cover_face = rng.choice(faces)
            cover_suit = rng.choice("shdc") if game == "word-thief" and cover_face != WILD else None
            cover = draw_card(game, cover_face, cover_suit, design=design, rng_seed=rng.randrange(5))
            shown = rng.uniform(0.3, 0.5)
            warped = photograph(card, rng, cover, shown)
            out.append((corner_crop(_strip_only(warped, shown + rng.uniform(-0.03, 0.03))), labels, *NONE))
            return out
        warped = photograph(card, rng, neighbour=_neighbour(game, design, rng))
        turned = rng.random() < 0.5
        view = cv2.flip(warped, -1) if turned else warped
        up = IGNORE if face in SYMMETRIC else int(turned)
        # The centre both ways up: its face is learnt upright (turned, only where it reads the same).
        same = face in SYMMETRIC
        centre = (centre_crop(warped), (labels[0], IGNORE if same else 0))
        back = (centre_crop(cv2.flip(warped, -1)), (labels[0] if same else IGNORE, IGNORE if same else 1))
        out.append((corner_crop(warped), labels, card_crop(view), (up, IGNORE, IGNORE, IGNORE), *centre))
        out.append((corner_crop(cv2.flip(warped, -1)), labels, None, None, *back))
        return out
    neg = (IGNORE, IGNORE, IGNORE, 0)
    card, both = _negative(rng)
    warped = photograph(card, rng)
    out.append((corner_crop(warped), neg, *NONE))
    if both:
        out.append((corner_crop(cv2.flip(warped, -1)), neg, *NONE))
    return out


def _neighbour(game: str, design: Design, rng: random.Random) -> Image.Image | None:
    """Another card of the deck lying beside the one drawn, a third of the time."""
    if rng.random() > 0.35:
        return None
    face = rng.choice(list(standard_deck(game).values))
    suit = rng.choice("shdc") if game == "word-thief" and face != WILD else None
    return draw_card(game, face, suit, design=design, rng_seed=rng.randrange(5))


def _negative(rng: random.Random) -> tuple[Image.Image, bool]:
    """Something that is no letter card's index, and whether its turned-round corner is none either."""
    what = rng.random()
    fonts = TRAIN_FONTS["sans"] + TRAIN_FONTS["serif"] + [p for f in families(False).values() for p in f]
    if what < 0.3:
        card = decoys.playing_card(rng.choice(decoys.RANKS), rng.choice("shdc"), rng.choice(fonts), rng.randrange(99))
        return (_skewed(card, rng) if rng.random() < 0.3 else card), True
    if what < 0.42:
        return decoys.domino(rng.randint(0, 6), rng.randint(0, 6), rng.random() < 0.5), True
    if what < 0.62:
        board = decoys.board(rng)
        s = rng.randint(60, 240)
        x, y = rng.randrange(board.width - s), rng.randrange(board.height - int(1.4 * s))
        crop = board.crop((x, y, x + s, y + int(1.4 * s)))
        return (_skewed(crop, rng) if rng.random() < 0.5 else crop), True
    if what < 0.7:
        return _table_rgba(rng, 250, 350), True
    # A piece of a letter card whose top-left is no index corner: its middle, a half, two halves.
    game = rng.choice(("word-thief", "quiddler"))
    design = _design(game, rng)
    face = rng.choice(list(standard_deck(game).values))
    suit = rng.choice("shdc") if game == "word-thief" and face != WILD else None
    card = draw_card(game, face, suit, design=design, rng_seed=rng.randrange(5))
    w, h = card.size
    x0 = rng.uniform(0.3, 0.6) * w if rng.random() < 0.7 else 0
    y0 = rng.uniform(0.3, 0.5) * h if x0 == 0 else rng.uniform(0, 0.2) * h
    piece = card.crop((int(x0), int(y0), int(x0 + rng.uniform(0.35, 0.6) * w), int(y0 + rng.uniform(0.5, 0.8) * h)))
    return piece.resize((250, int(250 * h / w))), False


def _skewed(item: Image.Image, rng: random.Random) -> Image.Image:
    """What a quad of no card's shape holds (the finder's quad across a board's squares or a playing
    card's corner): a quadrilateral of ``item``, each corner moved in by up to 45% of its side either
    way, warped to a card's rectangle. Upright letter cards never look so sheared."""
    w, h = item.size
    src = np.float32(
        [
            [(sx + (1 - 2 * sx) * rng.uniform(0, 0.45)) * w, (sy + (1 - 2 * sy) * rng.uniform(0, 0.45)) * h]
            for sx, sy in ((0, 0), (1, 0), (1, 1), (0, 1))
        ]
    )
    dst = np.float32([[0, 0], [250, 0], [250, 350], [0, 350]])
    warped = cv2.warpPerspective(np.asarray(item), cv2.getPerspectiveTransform(src, dst), (250, 350))
    return Image.fromarray(warped).convert("RGBA")


def stone_samples(seed: int) -> list[tuple]:
    """One Words And Points stone (or a negative) for the card net: [(card crop, labels)]."""
    rng = random.Random(seed)
    if seed % 500 == 0:
        font.cache_clear()
    if rng.random() < 0.72:
        game = "words-and-points"
        design = _design(game, rng)
        face = rng.choice(list(standard_deck(game).values))
        value = _value_of(game, face, rng) if face != WILD else 0
        card = draw_card(game, face, None, value=value, design=design, rng_seed=rng.randrange(5))
        warped = photograph(card, rng, neighbour=_neighbour(game, design, rng))
        turned = rng.random() < 0.5
        view = cv2.flip(warped, -1) if turned else warped
        labels = (
            IGNORE if face == WILD else int(turned),
            STONE_FACES.index(face),
            VALUES.index(NO_VALUE if face == WILD else str(value)),
            1,
        )
        return [(card_crop(view), labels)]
    what = rng.random()
    if what < 0.4:  # a card, or a stone alone, lying sideways: a finder's quad turned a quarter
        game = rng.choice(("words-and-points", "words-and-points", "word-thief", "quiddler"))
        design = _design(game, rng)
        face = rng.choice([f for f in standard_deck(game).values if f != WILD])
        suit = rng.choice("shdc") if game == "word-thief" else None
        item = draw_card(game, face, suit, design=design, rng_seed=rng.randrange(5))
        if game == "words-and-points" and not design.tile and rng.random() < 0.6:
            w, h = item.size
            item = item.crop((int(0.12 * w), int(0.28 * h), int(0.88 * w), int(0.72 * h)))  # the stone
        item = item.rotate(rng.choice((90, 270)), expand=True)
    elif what < 0.6:
        item = decoys.domino(rng.randint(0, 6), rng.randint(0, 6), rng.random() < 0.5)
    elif what < 0.75:
        fonts = TRAIN_FONTS["sans"] + TRAIN_FONTS["serif"]
        item = decoys.playing_card(rng.choice(decoys.RANKS), rng.choice("shdc"), rng.choice(fonts), rng.randrange(99))
    elif what < 0.9:
        board = decoys.board(rng)
        s = rng.randint(60, 250)
        x, y = rng.randrange(board.width - s), rng.randrange(board.height - int(1.3 * s))
        item = board.crop((x, y, x + s, y + int(1.3 * s)))
    else:
        item = _table_rgba(rng, 250, 320)
    warped = photograph(item, rng)
    return [(card_crop(warped), (IGNORE, IGNORE, IGNORE, 0))]


# ---------------------------------------------------------------- training


def gather(fn, seeds: list[int], workers: int) -> list[tuple]:
    """Every sample ``fn`` draws for each of the ``seeds``, in order, drawn in ``workers`` processes."""
    with Pool(workers) as pool:
        return [s for batch in pool.imap(fn, seeds, chunksize=64) for s in batch]


@dataclasses.dataclass(frozen=True)
class Shape:
    """A net's shape and how long it learns."""

    widths: tuple[int, int, int, int] = (24, 32, 64, 96)  # channels of the four convolutions
    hidden: int = 128  # units between the convolutions and the heads
    epochs: int = 10


# Each net: its heads, its crop's size, the drawn samples it learns from, its shape. The two index nets
# learn from the same cards in two shapes; the reader averages them (vision.net.Ensemble).
NETS = {
    "index": (INDEX_HEADS, INDEX_SIZE, "index", Shape()),
    "index_wide": (INDEX_HEADS, INDEX_SIZE, "index", Shape((24, 32, 96, 128), 192, 14)),
    "card": (CARD_HEADS, CARD_SIZE, "card", Shape(epochs=8)),
    "centre": (CENTRE_HEADS, CENTRE_SIZE, "centre", Shape((32, 48, 96, 128), 192, 20)),
}


def make_net(heads: dict[str, list[str]], size: tuple[int, int], shape: Shape):
    import torch
    from torch import nn

    def conv(cin: int, cout: int, stride: int = 1) -> list:
        return [nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU()]

    # A strided first layer: full-size feature maps cost three quarters of the time and add nothing measurable.
    w, h = size
    c1, c2, c3, c4 = shape.widths
    layers = conv(3, c1, 2) + conv(c1, c2) + [nn.MaxPool2d(2)] + conv(c2, c3) + [nn.MaxPool2d(2)]
    layers += conv(c3, c4) + [nn.MaxPool2d(2)]
    w, h = w // 16, h // 16
    if h * w > 12:  # the whole card: one more step down
        layers += conv(c4, c4) + [nn.MaxPool2d(2)]
        w, h = w // 2, h // 2
    total = sum(len(c) for c in heads.values())
    layers += [
        nn.Flatten(),
        nn.Dropout(0.3),
        nn.Linear(c4 * w * h, shape.hidden),
        nn.ReLU(),
        nn.Linear(shape.hidden, total),
    ]
    torch.manual_seed(0)
    return nn.Sequential(*layers)


def train(
    name: str, crops: np.ndarray, labels: np.ndarray, heads: dict[str, list[str]], size, shape: Shape, dest: Path
) -> None:
    import torch
    from torch import nn

    torch.manual_seed(0)
    # Channels last: oneDNN's convolutions on the CPU run about twice as fast so (the card net's).
    net = make_net(heads, size, shape).to(memory_format=torch.channels_last)
    x_all = normalise(crops)
    y_all = torch.from_numpy(labels.astype(np.int64))
    x_all = torch.from_numpy(x_all)
    n = len(x_all)
    val = n // 20
    order = torch.randperm(n, generator=torch.Generator().manual_seed(0))
    vi, ti = order[:val], order[val:]
    opt = torch.optim.AdamW(net.parameters(), lr=3e-3, weight_decay=1e-4)
    steps = shape.epochs * ((len(ti) + 127) // 128)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=steps)
    loss_fn = nn.CrossEntropyLoss(ignore_index=IGNORE)
    spans, k = [], 0
    for classes in heads.values():
        spans.append((k, k + len(classes)))
        k += len(classes)

    def losses(out, y):
        total = 0
        for j, (a, b) in enumerate(spans):
            if (y[:, j] != IGNORE).any():
                total = total + loss_fn(out[:, a:b], y[:, j])
        return total

    for epoch in range(shape.epochs):
        net.train()
        start = time.time()
        perm = ti[torch.randperm(len(ti))]
        for i in range(0, len(perm), 128):
            idx = perm[i : i + 128]
            xb = x_all[idx].contiguous(memory_format=torch.channels_last)
            # a little brightness and contrast jitter, every epoch anew
            xb = xb * (1 + 0.1 * torch.randn(len(idx), 1, 1, 1)) + 0.05 * torch.randn(len(idx), 1, 1, 1)
            opt.zero_grad()
            loss = losses(net(xb), y_all[idx])
            loss.backward()
            opt.step()
            sched.step()
        net.eval()
        with torch.no_grad():
            out = torch.cat([net(x_all[vi[i : i + 512]]) for i in range(0, len(vi), 512)])
        yv = y_all[vi]
        errs = []
        for j, (hname, (a, b)) in enumerate(zip(heads, spans)):
            m = yv[:, j] != IGNORE
            if m.any():
                acc = (out[m, a:b].argmax(1) == yv[m, j]).float().mean().item()
                errs.append(f"{hname} {100 * (1 - acc):.2f}%")
        print(
            f"{name} epoch {epoch + 1}/{shape.epochs} {time.time() - start:.0f}s loss {loss.item():.3f} err {' '.join(errs)}",
            flush=True,
        )
    net.eval().to(memory_format=torch.contiguous_format)
    export(net, torch.zeros(1, 3, size[1], size[0]), dest / f"{name}.onnx", "crop")


def export(net, example, path: Path, input_name: str) -> None:  # net: torch.nn.Module, example: torch.Tensor
    """Write a trained net as ONNX for onnxruntime: any batch size, one output of logits."""
    import torch

    path.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(
        net,
        example,
        str(path),
        input_names=[input_name],
        output_names=["logits"],
        dynamic_axes={input_name: {0: "n"}, "logits": {0: "n"}},
        opset_version=13,
        dynamo=False,
    )


# Index cards' crops the card net learns from (which way up) beside the stones: 20000 outweighed the
# dominoes among the stones' negatives, and the net took dominoes for letter cards.
CARD_NET_INDEX = 9000


def _drawn(args: argparse.Namespace) -> dict[str, np.ndarray]:
    """The drawn samples as arrays, from ``--data`` when it holds a drawing of the same sizes."""
    if args.data and args.data.is_file():
        data = dict(np.load(args.data))
        if (int(data["cards"]), int(data["stones"])) == (args.cards, args.stones):
            return data
    start = time.time()
    index = gather(index_samples, list(range(SEED0, SEED0 + args.cards)), args.workers)
    stones = gather(stone_samples, list(range(SEED0 + 1_000_000, SEED0 + 1_000_000 + args.stones)), args.workers)
    print(f"drawn {len(index)} corners and {len(stones)} stones in {time.time() - start:.0f}s", flush=True)
    cards = [(c, y) for _, _, c, y, _, _ in index if c is not None][:CARD_NET_INDEX] + stones
    centres = [(c, y) for *_, c, y in index if c is not None]
    data = {
        "cards": np.array(args.cards),
        "stones": np.array(args.stones),
        "index_x": np.stack([s[0] for s in index]),
        "index_y": np.array([s[1] for s in index]),
        "card_x": np.stack([c for c, _ in cards]),
        "card_y": np.array([y for _, y in cards]),
        "centre_x": np.stack([c for c, _ in centres]),
        "centre_y": np.array([y for _, y in centres]),
    }
    if args.data:
        np.savez(args.data, **data)
    return data


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=56000, help="index-deck cards (and negatives) drawn")
    ap.add_argument("--stones", type=int, default=20000, help="Words And Points stones (and negatives) drawn")
    ap.add_argument("--workers", type=int, default=2, help="processes drawing the samples")
    ap.add_argument("--threads", type=int, default=2, help="torch's threads (1 on cores other work shares)")
    ap.add_argument("--nets", default=",".join(NETS), help=f"which nets to train, of {','.join(NETS)}")
    ap.add_argument("--data", type=Path, help="an .npz keeping the drawn samples for another run")
    ap.add_argument("--out", type=Path, default=MODELS, help="where the .onnx files go")
    args = ap.parse_args()
    import torch

    torch.set_num_threads(args.threads)
    start = time.time()
    cv2.setNumThreads(1)
    data = _drawn(args)
    for name in args.nets.split(","):
        heads, size, samples, shape = NETS[name]
        train(name, data[f"{samples}_x"], data[f"{samples}_y"], heads, size, shape, args.out)
    print(f"done in {time.time() - start:.0f}s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
