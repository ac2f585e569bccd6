"""The reader's neural networks: what they see of a card, and running them with onnxruntime.

Small CNNs, trained by scripts/train_reader.py on cards it draws in many designs and fonts (the pip net by its own):

- the *index* nets (two shapes, averaged) read an index deck's corner (Word Thief, Quiddler): the top-left
  corner region of the warped card, in colour (a red pip is a heart or a diamond);
- the *card* net sees the whole warped card: whether it lies upside down (the centre art), and for Words
  And Points, whose stone has no corner index, its letter and value;
- the *centre* net reads the face an index deck prints large in the card's middle, and which way up it is;
- the *pip* net (scripts/train_pips.py) reads a Word Thief pip's shape from its picture (vision.pips.pip_picture).

Each gives log-probabilities per head (one output, split here). The crops are cut by the functions below,
the same ones the training script uses, so the net sees exactly what it learnt from.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import onnxruntime as ort
from onnxruntime.capi import onnxruntime_pybind11_state as ort_errors

from vision.designs import CARD_H, CARD_W
from vision.errors import VisionError

MODELS = Path(__file__).resolve().parent / "models"
MAX_BYTES = 5 << 20  # a model file larger than this is not ours
# onnxruntime runs each net in 0.6-0.85 of the time OpenCV's dnn took (its classic engine), their outputs the same to
# 1e-4 (docs/benchmarks-vision.md, "Time per photo"). Its worker threads sleep between runs rather than spin: the
# reader's own work between two nets then keeps the second core (spinning, a Word Thief photo took a third longer).
ort.set_default_logger_severity(3)  # errors only: a machine with no GPU is no news to print before the reading
# What onnxruntime raises on a file that is no model (its errors share no base class but Exception).
LOAD_ERRORS = (
    OSError,
    ort_errors.Fail,
    ort_errors.InvalidArgument,
    ort_errors.InvalidProtobuf,
    ort_errors.InvalidGraph,
)

LETTERS = [chr(c) for c in range(ord("A"), ord("Z") + 1)]
INDEX_FACES = LETTERS + ["CL", "ER", "IN", "QU", "TH", "*"]  # every face an index deck prints
STONE_FACES = LETTERS + ["*"]  # Words And Points: the blank is an empty stone
NO_VALUE = "-"  # no value printed (a joker, a blank)
VALUES = [str(v) for v in range(21)] + [NO_VALUE]  # a deck file may print other values than ours
SUITS = ["s", "h", "d", "c", "-"]
# Heads of each net, in the order of its one output's columns.
INDEX_HEADS = {"face": INDEX_FACES, "value": VALUES, "suit": SUITS, "letter": ["no", "yes"]}
CARD_HEADS = {"up": ["upright", "turned"], "face": STONE_FACES, "value": VALUES, "letter": ["no", "yes"]}
CENTRE_HEADS = {"face": INDEX_FACES, "up": ["upright", "turned"]}
PIP_SHAPES = SUITS[:4]  # the pip net reads a pip's shape alone: its colour is the index nets' to read
PIP_HEADS = {"suit": PIP_SHAPES}
PIP_SCALE = 28.0  # a pip's picture has unit norm: times its side, its pixels spread about one

CORNER = (0.0, 0.0, 0.42, 0.5)  # x0, y0, x1, y1 of the warped card: where random designs put the index
INDEX_SIZE = (48, 64)  # width, height the corner is shrunk to
CARD_SIZE = (64, 96)  # the whole card's
# An index deck prints its face large in the card's middle too (DESIGN.md): in a 720p photo that letter is
# three to four times the index's size.
CENTRE = (0.1, 0.22, 0.9, 0.78)
CENTRE_SIZE = (48, 48)


def _shrink(img: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    return cv2.resize(img, size, interpolation=cv2.INTER_AREA)


def corner_crop(card: np.ndarray) -> np.ndarray:
    """The index net's input before normalising: the warped card's top-left corner, uint8 BGR."""
    return _region(card, CORNER, INDEX_SIZE)


def _region(card: np.ndarray, box: tuple[float, float, float, float], size: tuple[int, int]) -> np.ndarray:
    x0, y0, x1, y1 = box
    return _shrink(card[int(y0 * CARD_H) : int(y1 * CARD_H), int(x0 * CARD_W) : int(x1 * CARD_W)], size)


def centre_crop(card: np.ndarray) -> np.ndarray:
    """The centre net's input before normalising: the middle of the upright warped card, uint8 BGR."""
    return _region(card, CENTRE, CENTRE_SIZE)


def card_crop(card: np.ndarray) -> np.ndarray:
    """The card net's input before normalising: the whole warped card, uint8 BGR."""
    return _shrink(card, CARD_SIZE)


def normalise(crops: np.ndarray) -> np.ndarray:
    """(N, H, W, 3) uint8 crops -> (N, 3, H, W) float32, each channel divided by the crop's own paper
    (its 90th percentile), so tinted paper, a colour cast and dim light look alike."""
    # Each channel is bytes: its percentile from its histogram (the value a partial sort gives) and
    # its output from a 256-entry table (OpenCV's LUT: a third faster than numpy's take_along_axis),
    # several times faster than sorting and dividing every pixel.
    n, h, w, _ = crops.shape
    planes = np.ascontiguousarray(crops.transpose(0, 3, 1, 2)).reshape(3 * n, h * w)
    counts = np.stack([cv2.calcHist([p], [0], None, [256], [0, 256]).ravel() for p in planes]).cumsum(1)
    paper = (counts > int(0.9 * h * w)).argmax(1).astype(np.float32)[:, None]  # (3N, 1)
    tables = np.clip(np.arange(256, dtype=np.float32) / np.maximum(paper, 16.0), 0, 1.5) - 0.5
    out = np.empty(planes.shape, np.float32)
    for plane, table, row in zip(planes, tables, out):
        row[:] = cv2.LUT(plane, table).ravel()
    return out.reshape(n, 3, h, w)


@dataclass
class Heads:
    """Log-probabilities per head: name -> (N, classes)."""

    logp: dict[str, np.ndarray]

    def __getitem__(self, head: str) -> np.ndarray:
        return self.logp[head]


def _log_softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(1, keepdims=True)
    return z - np.log(np.exp(z).sum(1, keepdims=True))


def _batch(crops: list[np.ndarray]) -> np.ndarray:
    """(H, W, 3) uint8 crops as a net's input: normalised, (N, 3, H, W)."""
    return normalise(np.stack(crops)) if crops else np.zeros((0, 3, 0, 0), np.float32)


class Net:
    """One ONNX model run in-process by onnxruntime on the CPU (no torch at run time)."""

    def __init__(self, path: Path, heads: dict[str, list[str]], trainer: str = "scripts/train_reader.py"):
        self.heads = heads
        options = ort.SessionOptions()
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        try:
            if not path.is_file():
                raise OSError("missing")
            if path.stat().st_size > MAX_BYTES:
                raise OSError("too large")
            self.session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        except LOAD_ERRORS as exc:
            raise VisionError(
                f"the card reader's model {path} is missing or damaged; reinstall table-companion (or run {trainer})"
            ) from exc
        self.input = self.session.get_inputs()[0].name

    def forward(self, batch: np.ndarray) -> np.ndarray:
        """The model's one output for a float32 input batch."""
        return self.session.run(None, {self.input: batch})[0]

    def __call__(self, crops: list[np.ndarray]) -> Heads:
        """Log-probabilities of every head for (H, W, 3) uint8 crops, in one batch."""
        return self.run(_batch(crops))

    def run(self, batch: np.ndarray) -> Heads:
        """Log-probabilities of every head for a batch already normalised (`_batch`)."""
        total = sum(len(c) for c in self.heads.values())
        if not len(batch):
            out = np.zeros((0, total), np.float32)
        else:
            out = self.forward(batch).reshape(len(batch), total)
        logp, k = {}, 0
        for name, classes in self.heads.items():
            logp[name] = _log_softmax(out[:, k : k + len(classes)])
            k += len(classes)
        return Heads(logp)


class Ensemble:
    """Nets that learnt from the same cards in different shapes, their log-probabilities averaged: where
    one errs on a card the other most often does not, or is less sure."""

    def __init__(self, nets: list[Net]):
        self.nets = nets

    def __call__(self, crops: list[np.ndarray]) -> Heads:
        batch = _batch(crops)  # normalised once for every net
        runs = [net.run(batch) for net in self.nets]
        return Heads({name: _log_softmax(np.mean([run[name] for run in runs], 0)) for name in runs[0].logp})


# The index nets (scripts/train_reader.py's NETS). On renders of training designs (200 photos a row, Word Thief
# and Quiddler at 1080p and 720p, seeds from 300000 and 400000), against the first net alone: right cards
# flagged 750 -> 546, wrong cards 140 -> 101, photos needing no correction 1235 -> 1329 of 1600, wrong cards left
# unflagged 3 -> 4 (an O read as a D by the nets and by Tesseract). The wider net alone flagged fewer right cards
# still (525) but read suits wrong surely: 8 wrong cards unflagged.
INDEX_MODELS = ("index.onnx", "index_wide.onnx")


@cache
def index_net() -> Ensemble:
    return Ensemble([Net(MODELS / name, INDEX_HEADS) for name in INDEX_MODELS])


@cache
def card_net() -> Net:
    return Net(MODELS / "card.onnx", CARD_HEADS)


@cache
def centre_net() -> Net:
    return Net(MODELS / "centre.onnx", CENTRE_HEADS)


@cache
def pip_net() -> Net:
    return Net(MODELS / "pip.onnx", PIP_HEADS, trainer="scripts/train_pips.py")


def pip_shapes(pictures: list[np.ndarray]) -> np.ndarray:
    """The pip net's log-probabilities of each PIP_SHAPES for pips' pictures (vision.pips.pip_picture)."""
    return pip_net().run(PIP_SCALE * np.stack(pictures)[:, None].astype(np.float32))["suit"]
