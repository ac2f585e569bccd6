"""The engine stays importable without the TUI or OpenCV (DESIGN.md's layers)."""

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_engine_and_replay_load_neither_textual_nor_cv2(tmp_path):
    log = tmp_path / "g.json"
    log.write_text(
        json.dumps(
            {
                "game": "word-thief",
                "players": ["Ann", "Bob"],
                "options": {"trump": "h"},
                "events": [{"type": "make", "player": "Ann", "words": [["Ch", "Ah", "Th"]]}],
            }
        )
    )
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


def _imports_vision(path: Path) -> list[int]:
    """Lines of ``path`` that import the vision package (anywhere, a function's own imports included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        node.lineno
        for node in ast.walk(tree)
        if (isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "vision")
        or (isinstance(node, ast.Import) and any(a.name.split(".")[0] == "vision" for a in node.names))
    ]


def test_the_app_reaches_vision_through_one_door():
    door = ROOT / "companion" / "tui" / "card_reader.py"
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / "companion").rglob("*.py"))
        if path != door
        for line in _imports_vision(path)
    ]
    assert found == [], "call vision through companion/tui/card_reader.py"
    assert _imports_vision(door)  # the door itself does
