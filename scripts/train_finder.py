"""Train the finder's net (vision/find_net.py) on table photos this script renders, and export it as
ONNX to vision/models/finder.onnx.

Nothing is downloaded: every photo is drawn by vision.render with this script's own seeds (SEED0 and
up): decks in random designs of the TRAINING font families (`random_design(..., held_out=False)`),
laid in words (often touching, some upside down), in spread or fanned hands, or a whole deck in rows
as for teaching, on the tables the reader is tuned on and the finder's own training surfaces
(vision.render.TRAIN_TABLES: blotches, speckles, dots, herringbone, random checks, painted wood,
gradients, random stripes one way on a ground most often as pale as card, veined pale stone),
harsh photos (steep camera, dim or uneven light, hard shadows, glare, motion blur, JPEG 40-92) among
them. Never a held-out table, font or design. The truth is each card's corners: painted in the
order the cards were laid (a later card lies over an earlier one), they give the *card* map, and each
whole card's interior shrunk by find_net.CORE of its short side its *core*.
Training sees random crops of the work-size photos, turned and mirrored, their colours jittered.

    nice -n 10 /work/trainenv/bin/python scripts/train_finder.py      # from the repository root

Needs the optional extra `train` (torch, onnx). Fixed seed. Measured with the defaults on 2 cores
(load average about 2): 9 minutes (175 s rendering 1600 photos, 364 s for 3000 steps); under heavy
load (6-10) 2000 steps took 25-45 minutes. `--cache FILE` keeps the rendered photos for the next
run. Validation IoU at the end: card 0.96, core 0.91.
"""

from __future__ import annotations

import argparse
import pickle
import random
import sys
import time
from collections.abc import Callable
from multiprocessing import Pool
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vision.deck_layouts import render_deck  # noqa: E402
from vision.designs import random_design  # noqa: E402
from vision.find_net import CORE, OUT, STEP, net_input, net_image  # noqa: E402
from vision.net import MODELS  # noqa: E402
from vision.render import ALL_TABLES, TRAIN_TABLES, render_photo  # noqa: E402

SEED0 = 20_000_000  # the finder's own photos: no bench or test seed comes near
GAMES = ("word-thief", "quiddler", "words-and-points")
SIZES = ((1920, 1080), (1280, 720), (1600, 1200), (1024, 768))
CROP = 256  # training crops, work pixels (a multiple of STEP)


def training_photo(seed: int, games: tuple[str, ...], decks: float, hands: float):
    """One training photo of one of ``games`` in a training design on a training surface: a deck laid in rows
    (a ``decks`` share of photos), a hand (a ``hands`` share: half spread, half fanned), or cards in words."""
    rng = random.Random(seed)
    game = rng.choice(games)
    design = random_design(game, rng, held_out=False)
    table = rng.choice(ALL_TABLES + TRAIN_TABLES * 2)  # the new surfaces weigh as much as the old
    kind = rng.random()
    if kind < decks:
        return render_deck(game, seed, table=table, design=design, size=rng.choice(SIZES[2:] + SIZES[:1]))
    hand = kind < decks + hands
    return render_photo(
        game,
        seed,
        design=design,
        table=table,
        size=rng.choice(SIZES),
        hand=hand,
        fan=hand and rng.random() < 0.5,
        harsh=rng.random() < 0.7,
    )


def targets(shape: tuple[int, int], cards: list[np.ndarray], scale: float) -> tuple[np.ndarray, np.ndarray]:
    """The *card* map (soft: the share of each output pixel that is card) and the *core* map (0/1) at the
    net's output size for a work image of ``shape``, from the cards' photo corners, painted in order."""
    h, w = shape
    fine = 4  # painted at four times the work size, then shrunk: edges fall between pixels
    label = np.zeros((h * fine, w * fine), np.int32)
    polys = [np.round(np.float32(c) * scale * fine * 16).astype(np.int32) for c in cards]
    for i, p in enumerate(polys):
        cv2.fillPoly(label, [p], i + 1, lineType=cv2.LINE_8, shift=4)
    size = (w // OUT, h // OUT)
    card = cv2.resize((label > 0).astype(np.float32), size, interpolation=cv2.INTER_AREA)
    core = np.zeros((h * fine, w * fine), np.uint8)
    for i, p in enumerate(polys):
        x, y, bw, bh = cv2.boundingRect(p >> 4)
        x0, y0 = max(x - 2, 0), max(y - 2, 0)
        box = (slice(y0, y + bh + 2), slice(x0, x + bw + 2))
        own = cv2.fillPoly(np.zeros((bh + 4, bw + 4), np.uint8), [p - [x0 << 4, y0 << 4]], 1, shift=4)
        area = max(int(own.sum()), 1)
        own = own[: label[box].shape[0], : label[box].shape[1]]
        shown = (label[box] == i + 1) & (own > 0)
        if shown.sum() < 0.8 * area:  # mostly covered (a hand, a heap) or cut by the photo's edge: no core
            continue
        q = np.float32(cards[i])
        short = min(np.linalg.norm(q[(k + 1) % 4] - q[k]) for k in range(4)) * scale * fine
        inside = cv2.distanceTransform(own, cv2.DIST_L2, 3)
        core[box][shown & (inside > CORE * short)] = 1
    core = (cv2.resize(core.astype(np.float32), size, interpolation=cv2.INTER_AREA) > 0.5).astype(np.uint8)
    return (card * 255).astype(np.uint8), core


def sample(seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A work-size photo (uint8 BGR, sides multiples of STEP) and its card and core maps."""
    photo = training_photo(seed, GAMES, 0.12, 0.12)  # most photos are of words
    small, scale = net_image(photo.image)
    h, w = (small.shape[0] // STEP) * STEP, small.shape[1]
    small = small[:h]
    card, core = targets((h, w), [np.float32(c["corners"]) for c in photo.truth["cards"]], scale)
    return small, card, core


def make_net(maps: int = 2):
    """A small U-Net giving ``maps`` maps: a strided first layer (full-size maps cost most and the answer is wanted at half
    size), three steps down to 1/16, dilated convolutions at the bottom to see a whole card and its
    neighbours, back up with the encoder's maps added."""
    import torch
    from torch import nn

    def conv(cin: int, cout: int, stride: int = 1, dilation: int = 1) -> nn.Sequential:
        return nn.Sequential(
            nn.Conv2d(cin, cout, 3, stride=stride, padding=dilation, dilation=dilation, bias=False),
            nn.BatchNorm2d(cout),
            nn.ReLU(),
        )

    class Finder(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            c1, c2, c3, c4 = 8, 16, 32, 64
            self.e1 = nn.Sequential(conv(3, c1, 2), conv(c1, c1))  # 1/2
            self.e2 = nn.Sequential(conv(c1, c2, 2), conv(c2, c2))  # 1/4
            self.e3 = nn.Sequential(conv(c2, c3, 2), conv(c3, c3))  # 1/8
            self.e4 = nn.Sequential(conv(c3, c4, 2), conv(c4, c4, dilation=2), conv(c4, c4, dilation=4))  # 1/16
            self.l3, self.l2, self.l1 = nn.Conv2d(c4, c3, 1), nn.Conv2d(c3, c2, 1), nn.Conv2d(c2, c1, 1)
            self.d3, self.d2, self.d1 = conv(c3, c3), conv(c2, c2), conv(c1, c1)
            self.up = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False)
            self.head = nn.Conv2d(c1, maps, 1)

        def forward(self, x):
            x1 = self.e1(x)
            x2 = self.e2(x1)
            x3 = self.e3(x2)
            x4 = self.e4(x3)
            y = self.d3(self.up(self.l3(x4)) + x3)
            y = self.d2(self.up(self.l2(y)) + x2)
            y = self.d1(self.up(self.l1(y)) + x1)
            return self.head(y)

    torch.manual_seed(0)
    return Finder()


def _batch(data: list, idx: list[int], rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Random CROP-square crops of the photos ``idx``, turned by quarter turns and mirrored, colours
    jittered; with their maps."""
    xs, cards, cores = [], [], []
    for i in idx:
        img, card, core = data[i]
        h, w = img.shape[:2]
        y0 = int(rng.integers(0, (h - CROP) // OUT + 1)) * OUT if h > CROP else 0
        x0 = int(rng.integers(0, (w - CROP) // OUT + 1)) * OUT
        x = img[y0 : y0 + CROP, x0 : x0 + CROP]
        a = card[y0 // OUT : (y0 + CROP) // OUT, x0 // OUT : (x0 + CROP) // OUT]
        b = core[y0 // OUT : (y0 + CROP) // OUT, x0 // OUT : (x0 + CROP) // OUT]
        if x.shape[0] < CROP:  # a photo lower than a crop: the table goes on below
            pad = CROP - x.shape[0]
            x = cv2.copyMakeBorder(x, 0, pad, 0, 0, cv2.BORDER_REPLICATE)
            a = cv2.copyMakeBorder(a, 0, pad // OUT, 0, 0, cv2.BORDER_REPLICATE)
            b = cv2.copyMakeBorder(b, 0, pad // OUT, 0, 0, cv2.BORDER_REPLICATE)
        k = int(rng.integers(4))
        x, a, b = np.rot90(x, k), np.rot90(a, k), np.rot90(b, k)
        if rng.random() < 0.5:
            x, a, b = x[:, ::-1], a[:, ::-1], b[:, ::-1]
        x = x.astype(np.float32) * rng.uniform(0.75, 1.2, 3) + rng.uniform(-20, 20)
        xs.append(net_input(np.clip(x, 0, 255).astype(np.uint8))[0])
        cards.append(a.astype(np.float32) / 255)
        cores.append(b.astype(np.float32))
    return np.stack(xs), np.stack(cards), np.stack(cores)


def train(data: list, steps: int, batch: int, dest: Path) -> None:
    import torch
    from torch import nn

    net = make_net()
    print(f"{sum(p.numel() for p in net.parameters())} parameters", flush=True)
    val = max(1, len(data) // 20)
    rng = np.random.default_rng(0)
    opt = torch.optim.AdamW(net.parameters(), lr=3e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=steps, pct_start=0.15)
    bce = nn.BCEWithLogitsLoss()
    vx, vcard, vcore = (torch.from_numpy(a) for a in _batch(data, list(range(val)), np.random.default_rng(1)))
    start = time.time()
    for step in range(steps):
        net.train()
        x, card, core = (torch.from_numpy(a) for a in _batch(data, list(rng.integers(val, len(data), batch)), rng))
        out = net(x)
        loss = bce(out[:, 0], card) + 2 * bce(out[:, 1], core)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if (step + 1) % 200 == 0 or step + 1 == steps:
            net.eval()
            with torch.no_grad():
                vo = net(vx)
            iou = []
            for j, t in enumerate((vcard > 0.5, vcore > 0.5)):
                p = vo[:, j] > 0
                iou.append(float((p & t).sum()) / max(float((p | t).sum()), 1))
            print(
                f"step {step + 1}/{steps} {time.time() - start:.0f}s loss {loss.item():.3f} "
                f"val IoU card {iou[0]:.3f} core {iou[1]:.3f}",
                flush=True,
            )
            if (step + 1) % 500 == 0 or step + 1 == steps:  # a model to try while training goes on
                export(net, dest)


def export(net, dest: Path) -> None:
    """The net as ONNX at ``dest`` (a file), its photo's height and width free."""
    import torch

    dest.parent.mkdir(exist_ok=True)
    torch.onnx.export(
        net,
        torch.zeros(1, 3, 272, 480),
        str(dest),
        input_names=["photo"],
        output_names=["maps"],
        dynamic_axes={"photo": {2: "h", 3: "w"}, "maps": {2: "h2", 3: "w2"}},
        opset_version=13,
        dynamo=False,
    )


def run(
    doc: str, steps: int, model: str, sample_of: Callable[[int], tuple], seed0: int, train_on: Callable[..., None]
) -> int:
    """A photo net's trainer from the command line (this one's and scripts/train_corners.py's): ``--photos``
    samples from seeds ``seed0`` on, drawn in ``--workers`` processes (or read from ``--cache``, which keeps
    them), then ``train_on(data, steps, batch, file)`` writing ``model`` to ``--out``."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--photos", type=int, default=1600, help="photos rendered")
    ap.add_argument("--steps", type=int, default=steps, help="training steps")
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--cache", type=Path, help="keep the rendered photos in this file and reuse them")
    ap.add_argument("--out", type=Path, default=MODELS, help=f"where {model} goes")
    args = ap.parse_args()
    import torch

    torch.set_num_threads(args.workers)
    cv2.setNumThreads(1)
    start = time.time()
    data = pickle.loads(args.cache.read_bytes()) if args.cache and args.cache.exists() else []
    if len(data) < args.photos:
        with Pool(args.workers) as pool:
            data += pool.map(sample_of, range(seed0 + len(data), seed0 + args.photos), chunksize=8)
        if args.cache:
            args.cache.write_bytes(pickle.dumps(data))
    print(f"{args.photos} photos in {time.time() - start:.0f}s", flush=True)
    train_on(data[: args.photos], args.steps, args.batch, args.out / model)
    print(f"done in {time.time() - start:.0f}s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(run(__doc__, 3000, "finder.onnx", sample, SEED0, train))
