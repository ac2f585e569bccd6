"""Snapshots of the main screens at 80x24 with the cursor blink off (update with --snapshot-update)."""

from __future__ import annotations

import pytest

from companion.store import new_saved_game

from .tuikit import SIZE

CASES = {
    "start": ({}, []),
    "table": ({"demo": True}, []),
    "table_preview": ({"demo": True}, list("load/c")),
    "table_error": ({"demo": True}, [*"tone/s", "enter"]),
    "steal": ({"demo": True}, ["ctrl+s", "space", *"hoses/hsdcs"]),
    "verdict_not_valid": ({"demo": True}, [*"tdt/d", "enter", "ctrl+g", "enter"]),
    "history": ({"demo": True}, ["ctrl+l"]),
    "chart": ({"demo": True}, ["ctrl+t"]),
    "end_asks_first": ({"demo": True}, ["ctrl+f"]),
    "end": ({"demo": True}, ["ctrl+f", "enter", *"qa/dh"]),
    "help": ({"demo": True}, ["f1"]),
    "judge": ({"judge_only": True}, [*"qat", "enter"]),
}


@pytest.mark.parametrize("name", CASES)
def test_screen(name, snap_compare, app_for):
    kwargs, keys = CASES[name]
    assert snap_compare(app_for(**kwargs), press=keys, terminal_size=SIZE)


def test_quiddler_round(snap_compare, app_for, store):
    saved = new_saved_game(store, "quiddler", ["Ann", "Bob", "Cy"])
    keys = ["ctrl+r", "enter", "down", "enter", "tab", *"qu-i-t", "tab", "tab", "tab", *"z e a"]
    assert snap_compare(app_for(game_id=saved.id), press=keys, terminal_size=SIZE)


def test_the_end_opens_by_itself(snap_compare, app_for, store):
    """The ninth word of a two-player half-deck game empties the pile and Ann's hand: the end dialog opens."""
    from companion.events import Make

    from .test_end_and_friction import WHOLE_GAME

    saved = new_saved_game(store, "word-thief", ["Ann", "Bob"], {"trump": "h", "half_deck": True})
    for i, word in enumerate(WHOLE_GAME[:-1]):
        saved.apply(Make(("Ann", "Bob")[i % 2], saved.game.parse_play(word)))
    keys = [*WHOLE_GAME[-1], "enter", *"QdZc"]
    assert snap_compare(app_for(game_id=saved.id), press=keys, terminal_size=SIZE)
