"""The engine stays importable without the TUI or OpenCV (DESIGN.md's layers)."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_engine_and_replay_load_neither_textual_nor_cv2(tmp_path):
    log = tmp_path / "g.json"
    log.write_text(json.dumps({"game": "word-thief", "players": ["Ann", "Bob"], "options": {"trump": "h"},
                               "events": [{"type": "make", "player": "Ann", "words": [["Ch", "Ah", "Th"]]}]}))
    code = (
        "import sys\n"
        "import companion, companion.games, companion.store, companion.gamelog\n"
        "from companion.cli import main\n"
        f"assert main(['replay', {str(log)!r}, '--json']) == 0\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'cv2', 'vision'))\n"
        "print(bad)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert run.stdout.strip().splitlines()[-1] == "[]"
    assert '"Ann": 15' in run.stdout
