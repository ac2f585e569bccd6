"""`companion serve` in process: its routes, the token, 404 and 403 pages, escaping and the live feed."""

from __future__ import annotations

import asyncio
import re
import socket

from aiohttp.test_utils import TestClient, TestServer

from companion.events import Make
from companion.store import Store, new_saved_game
from companion.web.server import COOKIE, BoardServer

TOKEN = "s3cret-token"


def client_for(store: Store, shared: bool = False) -> TestClient:
    return TestClient(TestServer(BoardServer(store, TOKEN, shared, interval=0.02).make_app()))


def a_game(store: Store, players=("Ann", "Bob")):
    return new_saved_game(store, "word-thief", list(players), {"trump": "h"})


def play(saved, player: str, typed: str) -> None:
    saved.apply(Make(player, saved.game.parse_play(typed)))


async def test_board_shows_the_scores_and_escapes_what_players_typed(tmp_path):
    store = Store(tmp_path / "l.sqlite3")
    saved = a_game(store, ["<b>Ann</b>", 'Bob "&" <script>alert(1)</script>'])
    play(saved, "<b>Ann</b>", "cat/h")  # CAT all hearts, the trump: 5 x3 = 15
    async with client_for(store) as client:
        page = await client.get(f"/board/{saved.id}")
        html = await page.text()
        listing = await (await client.get("/")).text()
    assert page.status == 200 and page.content_type == "text/html"
    assert 'data-score="15"' in html and "Ann makes CAT" not in html  # the name is escaped there too
    assert "&lt;b&gt;Ann&lt;/b&gt; makes CAT" in html
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<script>alert" not in listing and "&lt;b&gt;Ann&lt;/b&gt;" in listing
    assert "default-src 'none'" in page.headers["Content-Security-Policy"]  # no outside requests
    assert not re.search(r"(src|href)=\"(https?:)?//", html)


async def test_the_app_needs_the_token_and_keeps_it_in_a_cookie(tmp_path):
    store = Store(tmp_path / "l.sqlite3")
    async with client_for(store) as client:
        bare = await client.get("/app")
        wrong = await client.get("/app?token=guess")
        socket_bare = await client.get("/app/ws")
        said = await bare.text(), await wrong.text()
        right = await client.get(f"/app?token={TOKEN}")
        page = await right.text()
        again = await client.get("/app")  # the cookie now carries the token
        port = client.server.port
    assert (bare.status, wrong.status, socket_bare.status) == (403, 403, 403)
    assert "This page needs the table" in said[0] and "Wrong access link" in said[1]
    assert right.status == 200 and right.cookies[COOKIE].value == TOKEN
    assert right.cookies[COOKIE]["httponly"] and right.cookies[COOKIE]["samesite"] == "Strict"
    assert f"ws://127.0.0.1:{port}/app/ws" in page and 'src="/app/static/js/textual.js"' in page
    assert again.status == 200


async def test_shared_boards_need_the_token(tmp_path):
    store = Store(tmp_path / "l.sqlite3")
    saved = a_game(store)
    async with client_for(store, shared=True) as client:
        assert (await client.get(f"/board/{saved.id}")).status == 403
        assert (await client.get("/")).status == 403
        assert (await client.get(f"/board/{saved.id}/live")).status == 403
        assert (await client.get(f"/board/{saved.id}?token=nope")).status == 403
        assert (await client.get(f"/?token={TOKEN}")).status == 200
        assert (await client.get(f"/board/{saved.id}")).status == 200  # by the cookie


async def test_unknown_games_and_paths_get_the_404_page(tmp_path):
    store = Store(tmp_path / "l.sqlite3")
    async with client_for(store) as client:
        for path in (
            "/board/99",
            "/board/99/live",
            "/board/abc",
            "/etc/passwd",
            "/static/xterm.css",
            "/board/1/../../ledger.sqlite3",
        ):
            response = await client.get(path)
            assert response.status == 404, path
            assert "<h1>" in await response.text() and response.content_type == "text/html"
        assert "No game 99" in await (await client.get("/board/99")).text()


async def test_path_traversal_is_refused(tmp_path):
    """Raw requests, as no browser would send them: nothing outside the app's assets is read."""
    store = Store(tmp_path / "l.sqlite3")
    (tmp_path / "secret.txt").write_text("the family recipe")
    async with client_for(store) as client:
        port = client.server.port

        def raw(path: str) -> str:
            with socket.create_connection(("127.0.0.1", port)) as s:
                s.sendall(
                    f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: {COOKIE}={TOKEN}\r\n"
                    "Connection: close\r\n\r\n".encode()
                )
                return b"".join(iter(lambda: s.recv(65536), b"")).decode("latin-1")

        answers = [
            await asyncio.to_thread(raw, path)
            for path in (
                "/app/static/../../server.py",
                "/app/static/..%2f..%2fserver.py",
                "/app/static/%2e%2e/%2e%2e/server.py",
                "/app/static/../../../../../../etc/passwd",
                "/board/../etc/passwd",
                f"/app/static/{tmp_path}/secret.txt",
            )
        ]
        ok = await asyncio.to_thread(raw, "/app/static/css/xterm.css")
    for answer in answers:
        status = int(answer.split()[1])
        assert status in (403, 404), answer[:200]
        assert "class Server" not in answer and "root:" not in answer and "recipe" not in answer
    assert ok.startswith("HTTP/1.1 200") and ".xterm" in ok  # the app's own assets are served


async def read_event(lines) -> str:
    """The data of the next server-sent event."""
    data = []
    async for raw in lines:
        line = raw.decode().rstrip("\r\n")
        if line.startswith("data:"):
            data.append(line[5:].removeprefix(" "))
        elif not line and data:
            return "\n".join(data)
    raise AssertionError("the feed ended")


async def test_the_live_feed_follows_commits_from_another_window(tmp_path):
    path = tmp_path / "l.sqlite3"
    store = Store(path)
    saved = a_game(store)
    other = Store(path).load(saved.id)  # another window on the same game
    async with client_for(store) as client:
        feed = await client.get(f"/board/{saved.id}/live")
        assert feed.headers["Content-Type"].startswith("text/event-stream")
        first = await asyncio.wait_for(read_event(feed.content), 2)
        play(other, "Ann", "cat/h")  # 15
        second = await asyncio.wait_for(read_event(feed.content), 2)
        other.undo()
        third = await asyncio.wait_for(read_event(feed.content), 2)
        feed.close()
    assert 'data-score="0"' in first and 'data-score="15"' not in first
    assert 'data-score="15"' in second and "Ann makes CAT" in second
    assert 'data-score="15"' not in third


async def test_a_deleted_game_says_so_on_its_open_boards(tmp_path):
    path = tmp_path / "l.sqlite3"
    store = Store(path)
    saved = a_game(store)
    async with client_for(store) as client:
        feed = await client.get(f"/board/{saved.id}/live")
        await asyncio.wait_for(read_event(feed.content), 2)
        Store(path).delete(saved.id)
        gone = await asyncio.wait_for(read_event(feed.content), 2)
        feed.close()
    assert "This game is gone" in gone


async def test_another_sites_pages_are_not_answered(tmp_path):
    """A name of another site pointed at this computer, or another site's page opening the app's websocket."""
    store = Store(tmp_path / "l.sqlite3")
    saved = a_game(store)
    async with client_for(store) as client:
        rebound = await client.get(f"/board/{saved.id}", headers={"Host": "evil.example:8000"})
        foreign = await client.get(f"/app/ws?token={TOKEN}", headers={"Origin": "http://evil.example"})
        own = await client.get(f"/board/{saved.id}", headers={"Origin": f"http://127.0.0.1:{client.server.port}"})
        texts = await rebound.text(), await foreign.text()
    assert (rebound.status, foreign.status, own.status) == (403, 403, 200)
    assert all("Not allowed" in t for t in texts)


async def test_each_games_board_shows_what_that_game_has(tmp_path):
    from companion.events import End, QuiddlerHand, Round

    store = Store(tmp_path / "l.sqlite3")
    quiddler = new_saved_game(store, "quiddler", ["Ann", "Bob"])
    # round 1: Ann QU-I-T 14 + most words 10 + longest 10 = 34; Bob's Z E A (-18) floored to 0
    quiddler.apply(
        Round(
            "Ann",
            (
                QuiddlerHand("Ann", quiddler.game.parse_play("qu-i-t"), ()),
                QuiddlerHand("Bob", (), quiddler.game.parse_play("z-e-a")[0]),
            ),
        )
    )
    points = new_saved_game(store, "words-and-points", ["Ann", "Bob"])
    points.apply(Make("Ann", points.game.parse_play("cat")))
    over = a_game(store)
    play(over, "Ann", "cat/h")
    over.apply(End())
    async with client_for(store) as client:
        q, p, o = [await (await client.get(f"/board/{g.id}")).text() for g in (quiddler, points, over)]
    assert 'id="rounds"' in q and "<td>34</td>" in q and "Bob deals round 2" in q and 'class="chip' not in q
    assert 'id="rounds"' not in p and 'class="chip' not in p and "Ann makes CAT" in p and "Bob to play" in p
    assert "Game over: Ann wins" in o and "★ winner" in o and 'id="status">Bob' not in o
    assert o.count('class="chip red"') == 2 and "LOCKED" in o
