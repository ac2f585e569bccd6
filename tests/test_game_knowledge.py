"""What a game is stays in companion/games/: nothing else asks which game it is.

The screens, the CLI and the store ask a game for what it has (``can_steal``, ``has_rounds`` ...) and
for its notation; a branch on a game's class or name elsewhere would have to be found again for every
new game. This walks the source and fails on ``isinstance(game, WordThief)``, ``kind == "quiddler"``,
``kind in ("word-thief", ...)`` and tables keyed by game names.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from companion.games import GAME_CLASSES

ROOT = Path(__file__).resolve().parent.parent
GAME_NAMES = set(GAME_CLASSES)
CLASS_NAMES = {cls.__name__ for cls in GAME_CLASSES.values()}


def _names(node: ast.AST) -> set[str]:
    return {
        n.id if isinstance(n, ast.Name) else n.attr for n in ast.walk(node) if isinstance(n, (ast.Name, ast.Attribute))
    }


def _strings(nodes: list[ast.expr]) -> set[str]:
    return {
        n.value for node in nodes for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    }


def branches_on_game(source: str) -> Iterator[tuple[int, str]]:
    """(line, what) for every place the source asks which game it is."""
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("isinstance", "issubclass")
            and len(node.args) == 2
            and _names(node.args[1]) & CLASS_NAMES
        ):
            yield node.lineno, "isinstance check on a game class"
        elif isinstance(node, ast.Compare) and _strings([node.left, *node.comparators]) & GAME_NAMES:
            yield node.lineno, "comparison with a game name"
        elif isinstance(node, ast.Dict) and _strings([k for k in node.keys if k is not None]) & GAME_NAMES:
            yield node.lineno, "table keyed by game names"
        elif isinstance(node, ast.MatchValue) and _strings([node.value]) & GAME_NAMES:
            yield node.lineno, "match on a game name"


def test_the_checker_finds_each_kind_of_branch():
    code = """
if isinstance(game, Quiddler): pass
if game.kind == "word-thief": pass
if kind in ("quiddler", "words-and-points"): pass
HINTS = {"word-thief": "cat/h"}
"""
    assert [line for line, _ in branches_on_game(code)] == [2, 3, 4, 5]
    assert not list(branches_on_game('if game.has_rounds and kind == other: new_game("quiddler", players)'))


def test_no_branch_on_game_type_outside_companion_games():
    found = [
        f"{path.relative_to(ROOT)}:{line}: {what}"
        for path in sorted((ROOT / "companion").rglob("*.py"))
        if "games" not in path.relative_to(ROOT).parts
        for line, what in branches_on_game(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "ask the game (companion/games) instead:\n" + "\n".join(found)
