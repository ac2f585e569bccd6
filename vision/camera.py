"""One frame from a webcam."""

from __future__ import annotations

import cv2
import numpy as np

from vision.errors import NoCamera

WARM_UP_FRAMES = 5  # the first frames of many webcams are dark while exposure settles


def snap(camera: int = 0) -> np.ndarray:
    """A BGR frame from webcam number ``camera``; raises NoCamera saying what to do instead."""
    logging = cv2.utils.logging
    level = logging.getLogLevel()
    logging.setLogLevel(logging.LOG_LEVEL_ERROR)  # a missing camera is our one-line error, not OpenCV's warnings
    cap = cv2.VideoCapture(camera)
    logging.setLogLevel(level)
    try:
        if not cap.isOpened():
            raise NoCamera(
                f"no webcam at index {camera}: plug one in or try --camera 1, "
                "or photograph the cards and run `python -m vision read PHOTO`"
            )
        frame = None
        for _ in range(WARM_UP_FRAMES):
            ok, grabbed = cap.read()
            if ok and grabbed is not None and grabbed.size:
                frame = grabbed
        if frame is None:
            raise NoCamera(f"webcam {camera} opened but gave no picture: close other apps using it and retry")
        return frame
    finally:
        cap.release()
