"""Two app instances on one ledger, as two screens at one table: nothing committed is lost, a window that fell
behind is told what changed and keeps what was typed, and every window follows the other within a second."""

from __future__ import annotations

from textual.widgets import Input, Static

from companion.store import Store, new_saved_game
from companion.tui.app import make_app
from companion.tui.screens import table

from .tuikit import SIZE


def _windows(store: Store):
    saved = new_saved_game(store, "word-thief", ["Ann", "Bob"], {"trump": "h"})
    apps = [make_app(store=Store(store.path), game_id=saved.id) for _ in range(2)]
    for app in apps:
        app.cursor_blink = False
    return saved.id, apps


def _last(app) -> str:
    return str(app.screen.query_one("#last", Static).render())


async def test_a_window_that_fell_behind_overwrites_nothing_and_keeps_the_typed_play(store, monkeypatch):
    monkeypatch.setattr(table, "FOLLOW_EVERY", 3600)  # window A does not look before it commits
    gid, (a, b) = _windows(store)
    async with a.run_test(size=SIZE) as pa, b.run_test(size=SIZE) as pb:
        await pa.press(*"tin/h")
        await pb.press(*"red/s", "enter")
        await pb.press(*"lid/h", "enter")
        await pa.press("enter")
        assert "Meanwhile, in another window: Ann makes RED" in _last(a) and "Bob makes LID" in _last(a)
        assert "Your make was not played" in _last(a)
        assert a.screen.query_one("#play", Input).value == "tin/h"
        assert a.screen.game.events == b.screen.game.events and a.screen.game.to_play == "Ann"
        await pa.press("enter")  # TIN is now Ann's next play, made on the game as it stands
    events = Store(store.path).load(gid).game.events
    assert [e.player for e in events] == ["Ann", "Bob", "Ann"] and len(events) == 3


async def test_an_undo_in_a_window_that_fell_behind_is_refused_and_explained(store, monkeypatch):
    monkeypatch.setattr(table, "FOLLOW_EVERY", 3600)
    gid, (a, b) = _windows(store)
    async with a.run_test(size=SIZE) as pa, b.run_test(size=SIZE) as pb:
        await pa.press(*"red/s", "enter")
        await pb.press(*"lid/h", "enter")  # b committed before it had seen RED: told, nothing written
        assert "Your make was not played" in _last(b)
        await pb.press("enter")  # LID is Bob's play now
        await pa.press("ctrl+z")  # a would undo RED, but LID came after it
        assert "Nothing was undone" in _last(a) and "Bob makes LID" in _last(a)
    assert len(Store(store.path).load(gid).game.events) == 2


async def test_every_window_follows_the_other_within_a_second(store):
    gid, (a, b) = _windows(store)
    async with a.run_test(size=SIZE) as pa, b.run_test(size=SIZE) as pb:
        await pa.press(*"ca")  # half typed in a while b plays
        await pb.press(*"red/s", "enter")
        await pa.pause(1.0)
        assert a.screen.game.events == b.screen.game.events and a.screen.game.to_play == "Bob"
        assert "Ann makes RED" in _last(a)
        assert a.screen.query_one("#play", Input).value == "ca"
        await pb.press("ctrl+z")
        await pa.pause(1.0)
        assert a.screen.game.events == [] and "undid Ann makes RED" in _last(a)


async def test_a_game_deleted_in_another_window_is_said_not_crashed_on(store):
    gid, (a, _) = _windows(store)
    async with a.run_test(size=SIZE) as pa:
        await pa.press(*"cat/h")
        Store(store.path).delete(gid)
        await pa.pause(1.0)
        assert "This game can no longer be followed: there is no saved game" in _last(a)
        await pa.press("enter")  # the play cannot go anywhere: refused, the app stays up
        assert a.is_running and a.screen.query_one("#play", Input).value == "cat/h"
