"""Train the corner net (vision/corner_net.py) on photos of index decks this script renders, and export
it as ONNX to vision/models/corners.onnx.

Nothing is downloaded: every photo is drawn by vision.render with this script's own seeds (SEED0 and
up): Word Thief and Quiddler decks (the index decks) in random designs of the TRAINING font families,
most of them held as hands (spread or fanned), the rest laid in words, on the tables the reader is tuned
on and the finder's own training surfaces (vision.render.TRAIN_TABLES), harsh photos among them. Never a
held-out table, font or design. The truth is each card's corners, laid in order (a later card lies over
an earlier one): an index corner shows where the middle of its index is not covered.
Training sees random crops of the work-size photos, turned by quarter turns (never mirrored: a mirrored
card's index stands in its top-right corner), their colours jittered.

    nice -n 10 /work/trainenv/bin/python scripts/train_corners.py      # from the repository root

Needs the optional extra `train` (torch, onnx). Fixed seed. `--cache FILE` keeps the rendered photos.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scripts.train_finder import CROP, export, make_net, run, training_photo  # noqa: E402
from vision.corner_net import SIDE_UNIT, to_out  # noqa: E402
from vision.find_net import OUT, STEP, net_image, net_input  # noqa: E402

SEED0 = 22_000_000  # the corner net's own photos: no bench, test or other trainer's seed comes near
GAMES = ("word-thief", "quiddler")
HANDS = 0.65  # the share of photos that are hands
SIGMA = 1.0  # the heat's spread round a corner, output pixels
INDEX_MIDDLE = (0.12, 0.14)  # where an index's middle lies, in card widths across and card heights down


def targets(shape: tuple[int, int], cards: list[np.ndarray], scale: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The heat map (H, W), the regression maps (6, H, W: offset, the top edge's direction, log width and
    height; see vision/corner_net.py) and where they count (H, W)
    at the net's output size for a work image of ``shape``, from the cards' photo corners in the order laid."""
    h, w = shape[0] // OUT, shape[1] // OUT
    fine = 4
    label = np.zeros((h * fine, w * fine), np.int32)
    outs = [to_out(c, scale) for c in cards]
    for i, q in enumerate(outs):
        cv2.fillPoly(label, [np.round((q + 0.5) * fine * 16).astype(np.int32)], i + 1, shift=4)
    heat = np.zeros((h, w), np.float32)
    reg = np.zeros((6, h, w), np.float32)
    where = np.zeros((h, w), np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    for i, q in enumerate(outs):
        for k in (0, 2):  # the card's own top-left corner, and its bottom-right one (the index turned round)
            p, across, down = q[k], q[(k + 1) % 4] - q[k], q[(k + 3) % 4] - q[k]
            width, height = float(np.linalg.norm(across)), float(np.linalg.norm(down))
            mid = (p + INDEX_MIDDLE[0] * across + INDEX_MIDDLE[1] * down + 0.5) * fine
            mx, my = int(mid[0]), int(mid[1])
            if not (0 <= mx < w * fine and 0 <= my < h * fine) or label[my, mx] != i + 1:
                continue  # covered by a later card, or off the photo
            cx, cy = int(round(p[0])), int(round(p[1]))
            if not (0 <= cx < w and 0 <= cy < h):
                continue
            heat = np.maximum(heat, np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * SIGMA**2)))
            heat[cy, cx] = 1.0
            for y in range(max(0, cy - 1), min(h, cy + 2)):
                for x in range(max(0, cx - 1), min(w, cx + 2)):
                    reg[:, y, x] = [
                        p[0] - x,
                        p[1] - y,
                        *(across / width),
                        np.log(width / SIDE_UNIT),
                        np.log(height / SIDE_UNIT),
                    ]
                    where[y, x] = 1.0
    return heat, reg, where


def sample(seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A work-size photo (uint8 BGR, sides multiples of STEP) and its maps."""
    photo = training_photo(seed, GAMES, 0.0, HANDS)
    small, scale = net_image(photo.image)
    h = (small.shape[0] // STEP) * STEP
    small = small[:h]
    heat, reg, where = targets(small.shape[:2], [np.float32(c["corners"]) for c in photo.truth["cards"]], scale)
    return small, heat, reg, where


def _turned(reg: np.ndarray, k: int) -> np.ndarray:
    """The regression maps of a crop turned by ``k`` quarter turns (np.rot90): each vector (vx, vy) turns to
    (vy, -vx); the sizes stay."""
    reg = np.rot90(reg, k, axes=(1, 2))
    for _ in range(k % 4):
        reg = np.stack([reg[1], -reg[0], reg[3], -reg[2], reg[4], reg[5]])
    return reg


def _batch(data: list, idx: list[int], rng: np.random.Generator) -> tuple[np.ndarray, ...]:
    xs, heats, regs, wheres = [], [], [], []
    for i in idx:
        img, heat, reg, where = data[i]
        h, w = img.shape[:2]
        y0 = int(rng.integers(0, (h - CROP) // OUT + 1)) * OUT if h > CROP else 0
        x0 = int(rng.integers(0, (w - CROP) // OUT + 1)) * OUT
        cut = (slice(y0 // OUT, (y0 + CROP) // OUT), slice(x0 // OUT, (x0 + CROP) // OUT))
        x, a, r, m = img[y0 : y0 + CROP, x0 : x0 + CROP], heat[cut], reg[(slice(None), *cut)], where[cut]
        if x.shape[0] < CROP:  # a photo lower than a crop: the table goes on below, no corners there
            pad = CROP - x.shape[0]
            x = cv2.copyMakeBorder(x, 0, pad, 0, 0, cv2.BORDER_REPLICATE)
            a = np.pad(a, ((0, pad // OUT), (0, 0)))
            r = np.pad(r, ((0, 0), (0, pad // OUT), (0, 0)))
            m = np.pad(m, ((0, pad // OUT), (0, 0)))
        k = int(rng.integers(4))
        x, a, m, r = np.rot90(x, k), np.rot90(a, k), np.rot90(m, k), _turned(r, k)
        x = x.astype(np.float32) * rng.uniform(0.75, 1.2, 3) + rng.uniform(-20, 20)
        xs.append(net_input(np.clip(x, 0, 255).astype(np.uint8))[0])
        heats.append(a.copy())
        regs.append(r.copy())
        wheres.append(m.copy())
    return np.stack(xs), np.stack(heats), np.stack(regs), np.stack(wheres)


def _loss(out, heat, reg, where):
    """CenterNet's focal loss on the heat (each corner's own pixel 1, its neighbours let off by the Gaussian),
    L1 on the regression where it counts (summed over its maps: it learns slower than the heat)."""
    import torch

    p = torch.sigmoid(out[:, 0]).clamp(1e-4, 1 - 1e-4)
    pos = heat >= 0.999
    n = pos.sum().clamp(min=1)
    focal = -(pos * (1 - p) ** 2 * torch.log(p) + (~pos) * (1 - heat) ** 4 * p**2 * torch.log(1 - p)).sum() / n
    l1 = (torch.abs(out[:, 1:] - reg) * where[:, None]).sum() / where.sum().clamp(min=1)
    return focal, l1


def train(data: list, steps: int, batch: int, dest: Path) -> None:
    import torch

    net = make_net(7)
    with torch.no_grad():  # the heat starts low everywhere, as it is almost everywhere (CenterNet's start)
        net.head.bias[0] = -2.19
    print(f"{sum(p.numel() for p in net.parameters())} parameters", flush=True)
    val = max(1, len(data) // 20)
    rng = np.random.default_rng(0)
    opt = torch.optim.AdamW(net.parameters(), lr=3e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=steps, pct_start=0.15)
    v = [torch.from_numpy(a) for a in _batch(data, list(range(val)), np.random.default_rng(1))]
    start = time.time()
    for step in range(steps):
        net.train()
        x, heat, reg, where = (
            torch.from_numpy(a) for a in _batch(data, list(rng.integers(val, len(data), batch)), rng)
        )
        focal, l1 = _loss(net(x), heat, reg, where)
        loss = focal + l1
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if (step + 1) % 250 == 0 or step + 1 == steps:
            net.eval()
            with torch.no_grad():
                vf, vl = _loss(net(v[0]), *v[1:])
            print(
                f"step {step + 1}/{steps} {time.time() - start:.0f}s loss {loss.item():.3f} "
                f"val focal {vf.item():.3f} L1 {vl.item():.3f}",
                flush=True,
            )
            if (step + 1) % 1000 == 0 or step + 1 == steps:
                export(net, dest)


if __name__ == "__main__":
    sys.exit(run(__doc__, 8000, "corners.onnx", sample, SEED0, train))
