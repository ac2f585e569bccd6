"""Train the pip net (vision/models/pip.onnx): a Word Thief pip's shape, read from the picture the reader
cuts of it (vision.pips.pip_picture), and export it as ONNX.

The index nets learn pips only from the training fonts' own suit glyphs, and read a club printed unlike all
of those (narrow and tall, small lobes) as a spade, sure. This net learns from those glyphs and as many pips
again that this script draws itself, each suit's shape varied as printers vary it: a heart's and a spade's
lobes rounder or flatter, a club's three lobes small and apart or large and merged, its stem short or long,
thin or flared, a diamond narrow or wide, its sides straight or bowed; every pip at any width for its
height. Each card is photographed as for the index nets (train_reader.photograph: table, light, blur, noise,
JPEG, corners a few % off), both corners' pips cut as the reader cuts them. No font of the held-out, far or
validation pip families is used.

    nice -n 10 python scripts/train_pips.py      # from the repository root
    ... --data DRAWN.npz                          # keeps the drawn pictures for another run

Needs the optional extra `train` (torch, onnx). Fixed seed. On 2 cores: drawing about 5 minutes, 40 s an epoch
(docs/benchmarks-vision.md, "The pip net").
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import train_reader  # noqa: E402  (the drawing and photographing of cards, beside this script)

from vision.designs import draw_card, pip_box, suit_ink  # noqa: E402
from vision.net import MODELS, PIP_SCALE, PIP_SHAPES  # noqa: E402
from vision.pips import WIN, pip_picture  # noqa: E402
from vision.read import _strip_only  # noqa: E402

SEED0 = 9_000_000  # apart from the tests', the benches' and train_reader's seeds
DRAWN = 0.5  # of the cards, those whose pips this script draws (the rest: a training font's glyphs)
SUPER = 4  # a drawn pip is drawn this many times larger, then shrunk (smooth edges)


# ---------------------------------------------------------------- pips drawn by hand


def _heart(d: ImageDraw.ImageDraw, w: float, h: float, rng: random.Random, top: float = 0.0, up: bool = False) -> None:
    """A heart in the box (0, top, w, top + h), its point down (up: a spade's blade, point up)."""
    r = rng.uniform(0.24, 0.3) * w  # each lobe's radius
    cy = r * rng.uniform(0.9, 1.1)
    belly = rng.uniform(0.45, 0.7)  # where the sides start to run to the point, of the height

    def y(v: float) -> float:
        return top + (h - v if up else v)

    for cx in (r, w - r):
        d.ellipse((cx - r, min(y(cy - r), y(cy + r)), cx + r, max(y(cy - r), y(cy + r))), fill=255)
    d.polygon([(0, y(cy)), (w, y(cy)), (w - 0.05 * w, y(belly * h)), (w / 2, y(h)), (0.05 * w, y(belly * h))], fill=255)
    d.polygon([(w / 2 - r, y(cy)), (w / 2 + r, y(cy)), (w / 2, y(cy - 0.3 * r))], fill=255)  # the cleft filled low


def _stem(d: ImageDraw.ImageDraw, w: float, h: float, top: float, rng: random.Random) -> None:
    """A pip's stem from ``top`` down to the box's foot, its foot as narrow as its neck or flared."""
    base = rng.uniform(0.2, 0.55) * w
    neck = rng.uniform(0.04, 0.12) * w
    c = w / 2
    d.polygon([(c - neck, top), (c + neck, top), (c + base / 2, h), (c - base / 2, h)], fill=255)


def _spade(d: ImageDraw.ImageDraw, w: float, h: float, rng: random.Random) -> None:
    blade = rng.uniform(0.68, 0.85) * h
    _heart(d, w, blade, rng, up=True)
    _stem(d, w, h, blade * rng.uniform(0.7, 0.9), rng)


def _club(d: ImageDraw.ImageDraw, w: float, h: float, rng: random.Random) -> None:
    r = rng.uniform(0.19, 0.29) * w  # each of the three lobes' radius
    side_y = rng.uniform(0.45, 0.75) * h - r  # the side lobes' centres, below the top one's
    top_y = r
    side_y = max(side_y, top_y + 1.05 * r)  # three lobes, not a mushroom
    for cx, cy in ((w / 2, top_y), (r, side_y), (w - r, side_y)):
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=255)
    core = rng.uniform(0.2, 0.55) * r  # where the lobes meet: a filled middle, small or large
    mid = (top_y + side_y) / 2 + 0.2 * r
    d.ellipse((w / 2 - core - 0.3 * r, mid - core, w / 2 + core + 0.3 * r, mid + core + 0.3 * r), fill=255)
    _stem(d, w, h, side_y, rng)


def _diamond(d: ImageDraw.ImageDraw, w: float, h: float, rng: random.Random) -> None:
    bow = rng.uniform(-0.08, 0.1)  # sides bowed in (>0) or out (<0), of the width
    pts = []
    corners = [(w / 2, 0), (w, h / 2), (w / 2, h), (0, h / 2)]
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1]):
        for t in np.linspace(0, 1, 8, endpoint=False):
            x, y = x0 + t * (x1 - x0), y0 + t * (y1 - y0)
            pull = bow * w * math.sin(math.pi * t)
            pts.append((x + pull * (w / 2 - x) / (w / 2 + 1e-6), y + pull * (h / 2 - y) / (h / 2 + 1e-6)))
    d.polygon(pts, fill=255)


ASPECTS = {"s": (0.65, 1.05), "h": (0.8, 1.2), "d": (0.55, 0.9), "c": (0.7, 1.15)}  # width over height


def drawn_pip(suit: str, height: int, rng: random.Random) -> Image.Image:
    """A pip drawn by hand: an L mask ``height`` pixels tall, as wide as its shape's aspect."""
    h = height * SUPER
    w = int(h * rng.uniform(*ASPECTS[suit]))
    image = Image.new("L", (w + 2, h + 2))
    d = ImageDraw.Draw(image)
    if suit == "h":
        _heart(d, w, h, rng)
    else:
        {"s": _spade, "c": _club, "d": _diamond}[suit](d, w, h, rng)
    return image.resize((max(2, round((w + 2) / SUPER)), height), Image.LANCZOS)


def _with_drawn_pip(card: Image.Image, suit: str, design: train_reader.Design, rng: random.Random) -> None:
    """Print a hand-drawn pip where the design prints its pip (vision.designs.pip_box), in both corners."""
    left, top, reach, cap = pip_box(design, card.width)
    pip = drawn_pip(suit, max(4, cap), rng)
    pip = pip.resize((min(pip.width, reach - left), pip.height))
    layer = Image.new("RGBA", card.size, (0, 0, 0, 0))
    layer.paste(Image.new("RGBA", pip.size, suit_ink(design, suit) + (255,)), (left, top), pip)
    card.alpha_composite(layer)
    card.alpha_composite(layer.rotate(180))


# ---------------------------------------------------------------- samples


def samples(seed: int) -> list[tuple[np.ndarray, int]]:
    """One Word Thief card drawn and photographed: its pips' pictures (one corner or both), each with its suit."""
    rng = random.Random(seed)
    design = train_reader._design("word-thief", rng)
    faces = [f for f in train_reader.standard_deck("word-thief").values if f != train_reader.WILD]
    face, suit = rng.choice(faces), rng.choice("shdc")
    drawn = rng.random() < DRAWN
    card = draw_card("word-thief", face, None if drawn else suit, design=design, rng_seed=rng.randrange(5))
    if drawn:
        _with_drawn_pip(card, suit, design, rng)
    label = PIP_SHAPES.index(suit)
    if rng.random() < 0.2:  # covered in a hand: only its left strip's index shows
        cover = draw_card("word-thief", rng.choice(faces), rng.choice("shdc"), design=design)
        shown = rng.uniform(0.3, 0.5)
        views = [_strip_only(train_reader.photograph(card, rng, cover, shown), shown + rng.uniform(-0.03, 0.03))]
    else:
        warped = train_reader.photograph(card, rng, neighbour=train_reader._neighbour("word-thief", design, rng))
        views = [warped, warped[::-1, ::-1]]
    return [(pic, label) for pic in (pip_picture(np.ascontiguousarray(v)) for v in views) if pic is not None]


def draw(cards: int, workers: int) -> tuple[np.ndarray, np.ndarray]:
    out = train_reader.gather(samples, list(range(SEED0, SEED0 + cards)), workers)
    return np.stack([p for p, _ in out])[:, None].astype(np.float32), np.array([y for _, y in out])


# ---------------------------------------------------------------- the net


def train(x: np.ndarray, y: np.ndarray, epochs: int, threads: int):  # -> torch.nn.Module
    import torch
    from torch import nn

    torch.manual_seed(0)
    torch.set_num_threads(threads)
    net = nn.Sequential(
        nn.Conv2d(1, 32, 3, padding=1), nn.ReLU(), nn.Conv2d(32, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(32, 64, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(64, 128, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Flatten(), nn.Dropout(0.3), nn.Linear(128 * 3 * 3, len(PIP_SHAPES)),
    )  # fmt: skip
    order = np.random.default_rng(0).permutation(len(x))
    test = order[: len(x) // 20]
    fit = order[len(x) // 20 :]
    xt, yt = torch.from_numpy(x * PIP_SCALE), torch.from_numpy(y)
    opt = torch.optim.AdamW(net.parameters(), 2e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, 4e-3, total_steps=epochs * math.ceil(len(fit) / 256))
    for epoch in range(epochs):
        start = time.time()
        net.train()
        for k in range(0, len(fit), 256):
            rng = np.random.default_rng(epoch * 100003 + k)
            idx = torch.from_numpy(rng.choice(fit, 256))
            # the pictures moved a pixel: where the cut falls on a 5-8 pixel pip
            batch = torch.roll(xt[idx], shifts=tuple(int(v) for v in rng.integers(-1, 2, 2)), dims=(2, 3))
            loss = nn.functional.cross_entropy(net(batch), yt[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
        net.eval()
        with torch.no_grad():
            right = (net(xt[test]).argmax(1) == yt[test]).float().mean().item()
        print(f"epoch {epoch + 1}: {time.time() - start:.0f} s, loss {loss.item():.3f}, held back right {right:.4f}")
    return net


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cards", type=int, default=30000, help="Word Thief cards drawn (each gives one or two pips)")
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--workers", type=int, default=2, help="processes drawing the cards")
    ap.add_argument("--threads", type=int, default=2, help="torch's threads")
    ap.add_argument("--out", type=Path, default=MODELS, help="where pip.onnx goes")
    ap.add_argument("--data", type=Path, help="an .npz keeping the drawn pips for another run")
    args = ap.parse_args()
    import torch

    start = time.time()
    if args.data and args.data.is_file():
        with np.load(args.data) as data:
            x, y = data["x"], data["y"]
    else:
        x, y = draw(args.cards, args.workers)
        print(f"drew {len(x)} pips of {args.cards} cards in {time.time() - start:.0f} s")
        if args.data:
            np.savez(args.data, x=x, y=y)
    net = train(x, y, args.epochs, args.threads)
    train_reader.export(net, torch.zeros(1, 1, WIN, WIN), args.out / "pip.onnx", "pip")
    print(f"wrote {args.out / 'pip.onnx'} in {time.time() - start:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
