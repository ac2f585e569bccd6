"""Share the board: the command palette shows the QR code of the board `companion serve` offers the table."""

from __future__ import annotations

from companion.share import Sharing, announce, qr_text, withdraw
from companion.tui.screens.share import ShareScreen

from .tuikit import SIZE, run_command

ON_THE_NETWORK = Sharing("http://192.168.1.20:8000", "tok-123", shared=True)


def shown(app) -> str:
    return "\n".join(str(s.render()) for s in app.screen.query("Static"))


async def test_share_shows_the_qr_code_of_this_games_board(app_for):
    announce(ON_THE_NETWORK)  # as a running `companion serve --host 0.0.0.0` records it
    app = app_for(demo=True)
    async with app.run_test(size=(80, 40)) as pilot:
        gid = app.screen.saved.id
        await run_command(pilot, "share the board")
        assert isinstance(app.screen, ShareScreen)
        url = f"http://192.168.1.20:8000/board/{gid}?token=tok-123"
        assert str(app.screen.query_one("#share-url").render()) == url
        assert str(app.screen.query_one("#share-qr").render()) == qr_text(url)
        await pilot.press("escape")
        assert not isinstance(app.screen, ShareScreen)


async def test_share_says_how_to_start_the_server_when_none_runs(app_for):
    withdraw()
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        await run_command(pilot, "share the board")
        assert isinstance(app.screen, ShareScreen)
        assert "No board is served yet" in shown(app) and "companion serve --host 0.0.0.0" in shown(app)
        assert not app.screen.query("#share-qr")


async def test_share_of_a_server_for_this_computer_only_says_how_to_share_it(app_for):
    announce(Sharing("http://127.0.0.1:8000", "tok", shared=False))
    app = app_for(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        await run_command(pilot, "share the board")
        text = shown(app)
        assert f"http://127.0.0.1:8000/board/{app.screen_stack[-2].saved.id}" in text
        assert "this computer only" in text and "--host 0.0.0.0" in text and not app.screen.query("#share-qr")


async def test_a_record_left_by_a_stopped_server_is_not_shared(app_for, data_dir):
    (data_dir / "serve.json").write_text(
        '{"pid": 999999999, "base": "http://10.0.0.2:8000", "token": "t", "shared": true}'
    )
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        await run_command(pilot, "share the board")
        assert "No board is served yet" in shown(app)


def test_share_snapshot(snap_compare, app_for):
    announce(ON_THE_NETWORK)

    async def share(pilot) -> None:
        await run_command(pilot, "share the board")

    assert snap_compare(app_for(demo=True), run_before=share, terminal_size=(80, 40))
